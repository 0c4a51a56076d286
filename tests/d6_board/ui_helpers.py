"""Helpers for the D6 board screen tests: a seeded game advanced by the bot, then opened."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from d6tui.engine.session import Session
from d6tui.games.d6_board.bot import choose
from d6tui.games.d6_board.moves import seat_to_move

PLAYERS = ["Ann", "Bob", "Cy"]


def advanced_game(saves: Path, moves: int, seed: int = 5, **options: Any) -> Session:
    """A saved game with ``moves`` bot moves made (seeded dice and seeded bot)."""
    from d6tui.paths import new_save_path

    s = Session.new("d6_board", {"players": PLAYERS, "seed": seed, **options},
                    path=new_save_path(saves, "Hunting season"), title="Hunting season")
    rng = random.Random(seed)
    for _ in range(moves):
        seat = seat_to_move(s.state)
        m, a = choose(s.state, seat, [x for x in s.moves(seat) if x.id not in ("undo", "redo")],
                      rng)
        s.play(m, a)
    return s


def until_phase(s: Session, phase: str, seed: int = 5) -> Session:
    """Let the bot play until the board reaches ``phase``."""
    rng = random.Random(seed)
    while s.state.phase != phase:
        seat = seat_to_move(s.state)
        m, a = choose(s.state, seat, [x for x in s.moves(seat) if x.id not in ("undo", "redo")],
                      rng)
        s.play(m, a)
    return s


async def settle(pilot: Pilot) -> None:
    """Wait for the screen to catch up, then take the keyboard at any hand-over screen (the
    next hunter presses Enter)."""
    from d6tui.ui.screens.hand_over import HandOver
    from tests.ui.helpers import settle as settle_workers

    await settle_workers(pilot)
    for _ in range(8):
        if not isinstance(pilot.app.screen, HandOver):
            return
        await pilot.press("enter")
        await settle_workers(pilot)


async def press_move(pilot: Pilot, move_id: str) -> None:
    """Run the move ``move_id`` of the moves list by typing its number (two digits past 9;
    Enter when a longer number could still follow)."""
    await settle(pilot)
    screen = pilot.app.screen
    ids = [m.id for m in screen._moves]  # type: ignore[attr-defined]
    assert move_id in ids, f"{move_id} not in {ids}"
    early = screen.board.actions < 3  # type: ignore[attr-defined]
    await pilot.press(*str(ids.index(move_id) + 1))
    if screen._typed:  # type: ignore[attr-defined]
        await pilot.press("enter")
    await pilot.pause()
    if move_id == "rest" and early:  # a rest with actions unspent asks first: rest now
        from d6tui.ui.screens.modals import ConfirmModal

        for _ in range(20):
            if isinstance(pilot.app.screen, ConfirmModal):
                await pilot.press("y")
                await pilot.pause()
                break
            await pilot.pause()


def played_until(saves: Path, stop: Any, seed: int = 5, **options: Any) -> tuple[Session, Any]:
    """A saved game the seeded bot plays until it is about to make a move ``stop(state,
    move)`` likes; returns the session (that move not made) and the move, or fails."""
    from d6tui.paths import new_save_path

    s = Session.new("d6_board", {"players": PLAYERS, "seed": seed, **options},
                    path=new_save_path(saves, "Hunting season"), title="Hunting season")
    rng = random.Random(seed)
    while not s.state.over:
        seat = seat_to_move(s.state)
        m, a = choose(s.state, seat, [x for x in s.moves(seat) if x.id not in ("undo", "redo")],
                      rng)
        if stop(s.state, m):
            return s, m
        s.play(m, a)
    raise AssertionError(f"seed {seed}: the season ended before the move looked for")


async def show_position(pilot: Pilot, s: Session, state: Any) -> None:
    """Put ``state`` in the session ``s`` and let the open board screen draw it; the moves
    list on the screen must then be that position's."""
    s.state = state
    screen = pilot.app.screen
    screen.refresh_game()
    await settle(pilot)
    assert [m.id for m in screen._legal] == [  # the list is this position's
        m.id for m in s.moves(screen.seat()) if m.id not in ("undo", "redo")]
