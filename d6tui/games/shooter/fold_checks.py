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
    i = state.pending if who is None else who
    if ev.get("by") != state.players[i].name:
        raise EventError(f"it is {state.players[i].name} who acts now, not {ev.get('by')!r}")


def check_phase(state: ShooterState, ev: dict, *phases: Phase) -> None:
    if state.phase not in phases:
        raise EventError(f"a {ev['type']} event does not fit the {state.phase.value} phase")


def held_card(state: ShooterState, i: int, ev: dict, effect: str) -> str:
    card = ev.get("card")
    p = state.players[i]
    if card not in p.hand or state.cards[card].effect != effect:
        raise EventError(f"{p.name} holds no {KIND_NAMES[effect]} card {card!r}")
    return card


def roll_faces(ev: dict, key: str, count: int) -> list[str]:
    faces = check_roll(ev.get(key), die=SHOOTER_DIE, count=count)
    return list(faces)


def player_index(state: ShooterState, name: Any) -> int:
    for i, p in enumerate(state.players):
        if p.name == name:
            return i
    raise EventError(f"there is no player {name!r}")
