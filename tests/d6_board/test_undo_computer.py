"""Undo against the computer (the shared way, d6tui.engine.turn_undo): at one keyboard
with computer hunters, undo takes back the computers' moves since the person's last one
together with that one, so the computer does not at once make its move again with the same
dice; redo brings the whole group back."""

from __future__ import annotations

import random
from pathlib import Path

from d6tui.engine.turn_undo import redo_turn, undo_turn
from d6tui.games.d6_board.bot import choose
from d6tui.games.d6_board.moves import seat_to_move
from d6tui.ui.d6_board.screen import BoardScreen
from tests.d6_board.ui_helpers import advanced_game, settle, until_phase
from tests.ui.helpers import make_app, sync


def _bot(s, rng) -> None:  # noqa: ANN001
    seat = seat_to_move(s.state)
    m, a = choose(s.state, seat, [x for x in s.moves(seat) if x.id not in ("undo", "redo")],
                  rng)
    s.play(m, a)


def _after_computers(saves: Path):  # noqa: ANN202
    """A season where Ann (the only person) just made a move and the computers then made
    theirs, until the game waits for Ann again; with the state before Ann's move."""
    s = until_phase(advanced_game(saves, 0, computers=["Bob", "Cy"]), "turn")
    rng = random.Random(3)
    for _ in range(400):
        if seat_to_move(s.state) == 0:
            before = s.state
            _bot(s, rng)
            if s.state.heroes[seat_to_move(s.state)].computer:
                while seat_to_move(s.state) != 0:
                    _bot(s, rng)
                return s, before
        else:
            _bot(s, rng)
    raise AssertionError("Ann's move never passed to a computer")


def test_undo_takes_the_computers_moves_back_with_the_persons(saves: Path) -> None:
    s, before = _after_computers(saves)
    after = s.state
    is_computer = lambda seat: seat is not None and s.state.heroes[seat].computer  # noqa: E731
    undone = undo_turn(s, is_computer)
    assert len(undone) >= 2  # Ann's move and at least one computer move
    assert s.state == before and seat_to_move(s.state) == 0
    redone = redo_turn(s, is_computer)
    assert len(redone) == len(undone)
    assert s.state == after and seat_to_move(s.state) == 0


def test_undo_with_no_computer_is_one_step(saves: Path) -> None:
    s = until_phase(advanced_game(saves, 0), "turn")
    _bot(s, random.Random(1))
    _bot(s, random.Random(2))
    n = len(s.events)
    assert len(undo_turn(s, lambda seat: False)) == 1 and len(s.events) == n + 1


@sync
async def test_u_on_the_board_screen_steps_back_past_the_computer(saves: Path) -> None:
    s, before = _after_computers(saves)
    app = make_app(saves, session=s)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, BoardScreen)
        await pilot.press("u")
        for _ in range(20):  # the computer does not move again by itself
            await pilot.pause(0.02)
        assert s.state == before and seat_to_move(s.state) == 0
        await pilot.press("ctrl+y")
        for _ in range(20):
            await pilot.pause(0.02)
        assert seat_to_move(s.state) == 0 and s.state != before
