"""Properties of random legal play (from ``moves``): it always ends, the dice are
conserved, and ``view(state, seat)`` never holds a face facing the other seat."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from d6tui.engine.dice import Dice
from d6tui.engine.errors import RuleError
from d6tui.games.dungeon.fold import fold
from d6tui.games.dungeon.moves import moves
from d6tui.games.dungeon.rules import RULES
from d6tui.games.dungeon.state import DungeonState
from d6tui.games.dungeon.view import view

#: More moves than a random game needs (an unending game fails the property).
MAX_MOVES = 6000


def _dice_count(s: DungeonState) -> int:
    placed = sum(1 for h in s.holes if h is not None)
    kept = sum(len(c) for c in s.collections)
    return (len(s.bag) + placed + kept + len(s.decayed) + len(s.out)
            + (1 if s.hand is not None else 0))


def _check_view(s: DungeonState) -> None:
    for seat in (0, 1):
        v = view(s, seat)
        other = 1 - seat
        for real, seen in zip(s.holes, v.holes, strict=True):
            assert (real is None) == (seen is None)
            if seen is None:
                continue
            if s.over:
                assert seen == real
            else:
                assert seen.faces[other] is None and seen.turns[other] is None
                assert seen.faces[seat] == real.faces[seat]
        if not s.over:
            assert v.looks[other] is None
    spectator = view(s, None)
    if not s.over:
        assert all(h is None or h.faces == (None, None) for h in spectator.holes)


def random_game(seed: int, check: bool = True) -> tuple[DungeonState, int]:
    """A whole game of random legal moves; returns the end state and the moves made."""
    rng = random.Random(seed)
    dice = Dice(seed)
    state = fold(DungeonState(), RULES.start(RULES.checked_options({}), dice))
    n = 0
    while not state.over:
        assert n < MAX_MOVES, "the game did not end"
        legal = moves(state, state.turn)
        assert legal, f"no move in phase {state.phase}"
        for _ in range(20):
            m = rng.choice(legal)
            answers = {c.name: c.check(rng.choice(c.options)[0]) for c in m.choices}
            rolls = {r.name: r.die.roll(dice, r.count) for r in m.dice}
            try:
                payload = m.run(state, dice, **answers, **rolls)
            except RuleError:
                continue
            break
        else:
            raise AssertionError(f"every try refused in phase {state.phase}")
        state = fold(state, payload)
        n += 1
        if check:
            assert _dice_count(state) == 36
            _check_view(state)
    return state, n


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32))
def test_random_legal_play_always_ends_and_never_shows_the_far_side(seed: int) -> None:
    state, n = random_game(seed)
    assert state.over and len(state.scores) == 2
    _check_view(state)


def test_a_saved_game_loads_to_the_same_state(tmp_path) -> None:  # noqa: ANN001
    from d6tui.engine.session import Session
    from d6tui.games.dungeon.bot import choose

    s = Session.new("dungeon", {"players": ["Ana", "Ben"], "seed": 8},
                    path=tmp_path / "g.toml")
    for _ in range(5000):
        if s.state.over:
            break
        move_id, answers = choose(s.state)
        s.play({m.id: m for m in s.moves()}[move_id], answers)
    s.close()
    again = Session.load(tmp_path / "g.toml")
    assert again.state == s.state and again.state.over


def test_undo_keeps_the_dice_on_the_table() -> None:
    from tests.dungeon.helpers import new_game, play

    s = new_game(seed=4)
    play(s, "draw")
    drawn = s.state.hand
    s.undo()
    assert s.state.hand is None and drawn in s.state.bag
    play(s, "draw")
    assert s.state.hand == drawn  # the same die again: undo buys no re-draw
