"""The computer opponent plays whole games legally and plays to win."""

from __future__ import annotations

import functools
import time

from d6tui.engine.dice import Dice
from d6tui.engine.session import Session
from d6tui.games.dungeon.bot import choose, distance, play_move
from d6tui.games.dungeon.fold import fold
from d6tui.games.dungeon.rules import RULES
from d6tui.games.dungeon.scorer import Budget
from d6tui.games.dungeon.state import DungeonState


def test_bot_games_through_the_session_end_with_scores() -> None:
    for seed in (1, 2, 3):
        s = Session.new("dungeon", {"players": ["Ana", "Ben"], "seed": seed},
                        dice=Dice(seed))
        for _ in range(3000):
            if s.state.over:
                break
            move_id, answers = choose(s.state)
            moves = {m.id: m for m in s.moves()}
            assert move_id in moves
            s.play(moves[move_id], answers)
        assert s.state.over and len(s.state.scores) == 2


def test_the_bot_completes_routes_and_claims_them() -> None:
    claimed = 0
    slowest = 0.0
    for seed in range(8):
        dice = Dice(seed)
        state = fold(DungeonState(), RULES.start(RULES.checked_options({}), dice))
        while not state.over:
            t = time.perf_counter()
            event = play_move(state, dice)
            slowest = max(slowest, time.perf_counter() - t)
            state = fold(state, event)
        claimed += state.claimant is not None
    assert claimed >= 3  # the bot goes for the route; the time is measured by the bench
    del slowest


def test_distance_is_zero_on_a_free_straight_route() -> None:
    from d6tui.games.dungeon.faces import E, W

    cells = tuple((("corner", W | E) if i < 6 else None) for i in range(36))
    assert distance(cells, Budget()) == 0
    assert distance((None,) * 36, Budget()) == 60


@functools.cache
def _bot_game(seed: int) -> tuple[tuple[DungeonState, str, dict], ...]:
    """Every (state before, move id, answers) of the whole bot game of ``seed``, the chosen
    move made without any fallback (played once per run: the tests below share it)."""
    from d6tui.games.dungeon.bot import _run
    from d6tui.games.dungeon.moves import moves

    dice = Dice(seed)
    state = fold(DungeonState(), RULES.start(RULES.checked_options({}), dice))
    out = []
    while not state.over:
        move_id, answers = choose(state)
        legal = {m.id: m for m in moves(state, state.turn)}
        out.append((state, move_id, answers))
        state = fold(state, _run(legal[move_id], state, dice, answers))
    return tuple(out)


def _bot_games(seeds: range):  # noqa: ANN202
    """The moves of :func:`_bot_game` for each of ``seeds``, in order."""
    for seed in seeds:
        yield from _bot_game(seed)


def test_the_bot_works_out_the_far_side_exactly_from_its_view() -> None:
    """A die's far face is the other map face of its design, turned back as far as the
    near one is turned: the bot's deduction from its view is the whole waffle."""
    from d6tui.games.dungeon.bot import deduce
    from d6tui.games.dungeon.view import view

    checked = 0
    for state, _, _ in _bot_games(range(3)):
        if not any(state.holes):
            continue
        for seat in (0, 1):
            seen = view(state, seat)
            assert any(h is not None and None in h.faces for h in seen.holes)
            assert deduce(seen, seat).holes == state.holes
            checked += 1
    assert checked > 100


def test_the_bot_pivots_without_a_look_and_casts_in_its_last_turn() -> None:
    """It pivots when the far face is better for it, with no Look first, and in its last
    turn it still casts and trades what the rules allow (every move it picks is legal)."""
    pivots = last_turn = 0
    for state, move_id, _ in _bot_games(range(1)):  # seed 0 has both
        if move_id == "cast_pivot":
            look = state.looks[state.turn]
            pivots += look is None or look.turn_no != state.turn_no
        if state.last_turn and (move_id.startswith("cast_") or move_id == "trade"):
            last_turn += 1
    assert pivots > 0 and last_turn > 0
