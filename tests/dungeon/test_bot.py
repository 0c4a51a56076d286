"""The computer opponent plays whole games legally and plays to win."""

from __future__ import annotations

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
