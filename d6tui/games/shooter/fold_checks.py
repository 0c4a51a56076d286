"""Checks that a D6 Shooter event fits the state: the right player, phase, hand card, dice.

Each raises :class:`~d6tui.engine.errors.EventError` when the event does not fit, which is how
a hand-edited save is refused on load ("On Your Turn").
"""

from __future__ import annotations

from typing import Any

from d6tui.engine.dice import check_roll
from d6tui.engine.errors import EventError
from d6tui.games.shooter.state import (
    KIND_NAMES,
    SHOOTER_DIE,
    Phase,
    ShooterState,
)


def check_by(state: ShooterState, ev: dict, who: int | None = None) -> None:
    """The event's ``by`` must be the player who acts now ("On Your Turn").

    Args:
        state: the game.
        ev: the event.
        who: the player's index; by default the one who must act (``pending``).

    Raises:
        EventError: someone else made the move.
    """
    i = state.pending if who is None else who
    if ev.get("by") != state.players[i].name:
        raise EventError(f"it is {state.players[i].name} who acts now, not {ev.get('by')!r}")


def check_phase(state: ShooterState, ev: dict, *phases: Phase) -> None:
    """The event must come in one of these phases of the turn ("On Your Turn").

    Args:
        state: the game.
        ev: the event.
        *phases: the phases it fits.

    Raises:
        EventError: the turn is in another phase.
    """
    if state.phase not in phases:
        raise EventError(f"a {ev['type']} event does not fit the {state.phase.value} phase")


def held_card(state: ShooterState, i: int, ev: dict, effect: str) -> str:
    """The event's ``card``, which must be a store card of that kind in player ``i``'s hand
    ("General Store Cards").

    Args:
        state: the game.
        i: the player's index.
        ev: the event.
        effect: the store kind, such as ``"reload"``.

    Returns:
        The card's id.

    Raises:
        EventError: the hand holds no such card.
    """
    card = ev.get("card")
    p = state.players[i]
    if card not in p.hand or state.cards[card].effect != effect:
        raise EventError(f"{p.name} holds no {KIND_NAMES[effect]} card {card!r}")
    return card


def roll_faces(ev: dict, key: str, count: int) -> list[str]:
    """The faces of a stored Shooter dice roll, checked ("Components": the Shooter die).

    Args:
        ev: the event.
        key: the roll's key (``"roll"``, ``"opponent_roll"``).
        count: how many dice were rolled.

    Returns:
        The face names.

    Raises:
        EventError: the roll is missing, has the wrong number of faces, or a face not on the
            die.
    """
    faces = check_roll(ev.get(key), die=SHOOTER_DIE, count=count)
    return list(faces)


def player_index(state: ShooterState, name: Any) -> int:
    """The index of the player with this name ("Setup").

    Args:
        state: the game.
        name: a name from the event.

    Returns:
        The index in turn order.

    Raises:
        EventError: no player has that name.
    """
    for i, p in enumerate(state.players):
        if p.name == name:
            return i
    raise EventError(f"there is no player {name!r}")
