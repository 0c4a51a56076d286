"""Undo and redo against the computer, for every game with computer seats.

A computer seat moves as soon as the game waits for it. A plain undo of its move would let
it move again at once, with the same dice (they stay on the table), so the person could
never step back past it. :func:`undo_turn` therefore takes back the computer's moves since
the person's last move together with that move, and :func:`redo_turn` puts the same group
back (docs/CONTRIBUTING.md "Undo against the computer"). Events one action made together
(marked with the same :data:`BATCH_KEY`, such as a group of NPCs added at once) are taken
back and brought back together too, by every undo: the screens', ``d6tui play``'s and a
table's.

Who made an event is read from the state before it: the seat the game waited for then
(``rules.seat_to_move``), so a game needs nothing more than a way to tell its computer
seats.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: The event key that marks events made together by one action (a group of NPCs added at
#: once): an undo or a redo takes them all, as one.
BATCH_KEY = "batch"


def _mover(session: Any) -> Any:
    return session.rules.seat_to_move(session.state)


def _batch(event: Any) -> str:
    got = event.get(BATCH_KEY) if isinstance(event, dict) else None
    return got if isinstance(got, str) else ""


def _same_batch(session: Any, done: dict, nxt: str) -> bool:
    """Whether the event ``done`` (an ``undone``/``redone`` event) took back or brought back
    one of a batch that the next event to take or bring back (``session.<nxt>``) belongs to
    too. A session of another shape (a seat at a table, whose table undoes a batch itself)
    has no batches here."""
    events, after = getattr(session, "events", None), getattr(session, nxt, None)
    if events is None or after is None or not 0 < done.get("target", 0) <= len(events):
        return False
    batch = _batch(events[done["target"] - 1])
    return bool(batch) and _batch(after) == batch


def undo_turn(session: Any, is_computer: Callable[[Any], bool]) -> list[dict]:
    """Undo the latest event, and go on undoing while the event just undone was a
    computer's move, so the person's last move and every computer move after it go
    together.

    Args:
        session: a :class:`~d6tui.engine.session.Session` (or one of its shape).
        is_computer: whether a seat (as ``rules.seat_to_move`` gives it; None once the
            game is over) is played by the computer.

    Returns:
        The ``undone`` events recorded, oldest first (one when no computer moved).

    Raises:
        RuleError: nothing may be undone (the first undo only: later steps stop quietly
            where the log is sealed or at its start).
        StaleLogError, LogError: as ``Session.undo``.
    """
    done = [session.undo()]
    while session.can_undo and (is_computer(_mover(session)) or
                                _same_batch(session, done[-1], "undo_target")):
        done.append(session.undo())
    return done


def redo_turn(session: Any, is_computer: Callable[[Any], bool]) -> list[dict]:
    """Redo the latest undone event, and go on redoing while the game then waits for a
    computer seat and something is left to redo: the group :func:`undo_turn` took back
    comes back whole, with the same dice, instead of the computer choosing again.

    Args:
        session: as :func:`undo_turn`.
        is_computer: as :func:`undo_turn`.

    Returns:
        The ``redone`` events recorded, oldest first.

    Raises:
        RuleError: there is nothing to redo.
        StaleLogError, LogError: as ``Session.redo``.
    """
    done = [session.redo()]
    while session.can_redo and (is_computer(_mover(session)) or
                                _same_batch(session, done[-1], "redo_target")):
        done.append(session.redo())
    return done


__all__ = ["BATCH_KEY", "redo_turn", "undo_turn"]
