"""Who comes and goes at a shared table, in words, for the other players' screens.

The table tells every terminal of each change, and each terminal takes a new
:class:`~d6tui.server.seat_frame.SeatFrame`; :func:`people_changes` compares two frames of
the same table and says what happened to its people since ("ben left; seat kept", "ben is
back"), so a player whose friend dropped knows why nobody moves, and that the seat waits.
:func:`away_note` is the short line the header keeps while a seat's player is away.

No Textual here: the game screen at a table shows these as notices and in its header.
"""

from __future__ import annotations

from d6tui.server.seat_frame import SeatFrame


def _seat(frame: SeatFrame, i: int) -> str:
    name = frame.seats[i] if i < len(frame.seats) else ""
    return f"seat {i + 1} ({name})" if name else f"seat {i + 1}"


def people_changes(before: SeatFrame, after: SeatFrame) -> list[str]:
    """What changed among the people at a table between two of one terminal's frames.

    Nothing is said of the terminal's own seat (its player knows), nor between frames of
    two different tables.

    Args:
        before: the frame the terminal held.
        after: the frame it has just taken.

    Returns:
        One line each: ``ben left; seat kept``, ``ben is back``, ``cy took seat 3 (Cy)``,
        ``cy gave up seat 3 (Cy)``, ``the computer plays seat 2 (Ben)``, ``dee is watching``,
        ``dee stopped watching``.
    """
    if before.code != after.code:
        return []
    out: list[str] = []
    for i in range(min(len(before.holders), len(after.holders))):
        if i == after.seat:
            continue
        was, now = before.holders[i], after.holders[i]
        here_was, here_now = before.present[i], after.present[i]
        if was is not None and now is None:
            out.append(f"{was} gave up {_seat(after, i)}")
        elif was is None and now is not None:
            out.append(f"{now} took {_seat(after, i)}")
        elif now is not None and here_was and not here_now:
            out.append(f"{now} left; seat kept")
        elif now is not None and not here_was and here_now:
            out.append(f"{now} is back")
        if i in after.computer and i not in before.computer:
            out.append(f"the computer plays {_seat(after, i)}")
    out.extend(f"{name} is watching" for name in after.spectators
               if name not in before.spectators)
    out.extend(f"{name} stopped watching" for name in before.spectators
               if name not in after.spectators and name not in after.holders)
    return out


def away_note(frame: SeatFrame) -> str:
    """The seats whose players are away now, for the header: ``ben away``, ``ben, cy away``,
    ``ben away (computer plays)``; empty when everyone seated is there. The terminal's own
    seat is never listed."""
    away = [h for i, h in enumerate(frame.holders)
            if h is not None and not frame.present[i] and i != frame.seat]
    if not away:
        return ""
    played = [frame.holders[i] for i in sorted(frame.computer) if i < len(frame.holders)]
    note = f"{', '.join(away)} away"
    if any(h in played for h in away):
        note += " (computer plays)" if len(away) == 1 else \
            f" (computer plays {', '.join(h for h in away if h in played)})"
    return note
