"""The table-dice setting on a game screen: one ``table_dice`` event of the engine
(``Session.set_table_dice``), kept in the save, read per seat with
``Session.table_dice_for(seat)`` (DESIGN "The log": table dice).

At one keyboard with several seats, ``t`` opens a list of the seats with a check each (a
computer seat is rolled by d6tui unless it is checked); with one seat, or at a shared
table where each seat chooses for itself, ``t`` switches this seat's own dice on or off.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from d6tui.ui.screens.modals import ChoiceModal


def table_dice_words(session: Any, names: Sequence[str]) -> str:
    """Whose dice are typed from real dice, for a status line: ``""`` (d6tui rolls every
    die), ``"table dice"`` (every roll, or every seat of ``names``), or
    ``"table dice: Ann, Ben"``.

    Args:
        session: a ``Session`` (or a seat's session at a shared table).
        names: the seats' names, by seat number.
    """
    typed = [name for i, name in enumerate(names) if session.table_dice_for(i)]
    if not typed:
        return ""
    if session.table_dice_for(None) or len(typed) == len(names):
        return "table dice"
    return "table dice: " + ", ".join(typed)


async def choose_table_seats(screen: Any, names: Sequence[str],
                             computers: frozenset[int] = frozenset()) -> dict | None:
    """Let the player choose whose dice are typed from now on, and record it (a
    ``table_dice`` event through the screen's guard: a refusal is shown in one line).

    Args:
        screen: a :class:`~d6tui.ui.screens.game.GameScreen`, in a worker.
        names: the seats' names, by seat number.
        computers: the seats the computer plays (marked in the list; d6tui rolls their dice
            unless they are checked).

    Returns:
        The recorded event, or None when nothing changed (Escape, the same seats).
    """
    session = screen.session
    now = [i for i in range(len(names)) if session.table_dice_for(i)]
    if screen.at_table or len(names) <= 1:
        seat = screen.table_seat if screen.at_table else 0
        if seat is None:
            screen.notify("You are watching: only a seat types its dice.",
                          severity="warning", markup=False)
            return None
        on = not session.table_dice_for(seat)
        event = screen._guard(lambda: session.set_table_dice([seat] if on else []))
        if event is not None:
            screen.notify("Your rolls now ask for the dice you throw (ctrl+r in the prompt "
                          "lets d6tui roll one)." if on else "d6tui rolls your dice again.",
                          markup=False)
        return event
    options = [(f"{name} (computer)" if i in computers and name.lower() != "computer"
                else name, i)
               for i, name in enumerate(names)]
    picked = await screen.app.push_screen_wait(ChoiceModal(
        "Table dice: whose rolls are typed from real dice?", options, multiple=True,
        minimum=0, picked=now,
        note="d6tui rolls for every seat left unchecked (a computer too, unless checked)."))
    if picked is None or sorted(picked) == now and not session.table_dice_for(None):
        return None
    event = screen._guard(lambda: session.set_table_dice(sorted(picked)))
    if event is not None:
        words = table_dice_words(session, names)
        screen.notify("d6tui rolls every die again." if not words else
                      "Every roll now asks for the dice thrown at the table." if words ==
                      "table dice" else f"T{words[1:]}; d6tui rolls the rest.",
                      markup=False)
    return event


def typed_by_seat(session: Any, move: Any, die_kinds: tuple[type, ...] = ()) -> Any:
    """A move runner's ``typed_for``: a dice request is typed when the setting says so for
    its seat (the request's own, else the move's).

    Args:
        session: the screen's session.
        move: the move whose dice are asked.
        die_kinds: when given, only dice of these kinds are typed (the others are d6tui's).
    """
    def typed_for(req: Any) -> bool:
        if die_kinds and not isinstance(req.die, die_kinds):
            return False
        return bool(session.table_dice_for(req.seat if req.seat is not None else move.seat))

    return typed_for
