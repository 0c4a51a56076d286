"""Driving a D6 Dungeon game through ``Session.play`` with chosen (typed) dice."""

from __future__ import annotations

from typing import Any

from d6tui.engine.dice import Dice
from d6tui.engine.session import Session
from d6tui.games.dungeon.faces import MAP_FACES
from d6tui.games.dungeon.state import DungeonState
from d6tui.games.dungeon.waffle import hole_index

PLAYERS = ["Ana", "Ben"]


def new_game(seed: int = 1, **options: Any) -> Session:
    """A game in memory."""
    return Session.new("dungeon", {"players": PLAYERS, "seed": seed, **options},
                       dice=Dice(seed))


def play(s: Session, move_id: str, typed: dict[str, str] | None = None, **answers: Any) -> dict:
    """Make move ``move_id`` of the seat to move."""
    moves = {m.id: m for m in s.moves()}
    assert move_id in moves, f"{move_id} not in {sorted(moves)}"
    return s.play(moves[move_id], answers, typed)


def draw_roll(s: Session, colour: str, face: str) -> None:
    """Draw a die of ``colour`` and roll ``face`` (table dice)."""
    play(s, "draw", {"bag": colour})
    play(s, "roll", {"roll": face})


def give(s: Session, colour: str, face: str) -> None:
    """Draw ``colour``, roll ``face`` and set it aside, then end the turn... no: keep the
    turn going (the caller ends it)."""
    draw_roll(s, colour, face)
    play(s, "keep" if face == "special_item" else "collect")


def place(s: Session, colour: str, face: str, hole: str, turns: int = 0,
          side: str | None = None) -> None:
    """Draw, roll a map face and place it."""
    draw_roll(s, colour, face)
    play(s, "place", side=side or face, hole=hole, turns=str(turns))


def end(s: Session) -> None:
    """End the turn."""
    play(s, "end_turn")


def hole(state: DungeonState, name: str):  # noqa: ANN201
    """The die in hole ``name``."""
    return state.holes[hole_index(name)]


__all__ = ["MAP_FACES", "PLAYERS", "draw_roll", "end", "give", "hole", "new_game", "place",
           "play"]


async def pass_hand_over(pilot) -> None:  # noqa: ANN001 - a Textual Pilot
    """Take the keyboard past up to three hand-over covers (one keyboard, hidden sides)."""
    from d6tui.ui.screens.hand_over import HandOver
    from tests.ui.helpers import settle

    for _ in range(3):
        if isinstance(pilot.app.screen, HandOver):
            await pilot.press("enter")
            await settle(pilot)
