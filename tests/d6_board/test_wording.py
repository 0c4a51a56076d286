"""Wording a fresh tester found: the Cash Cube's place, the tie-break that decided the
season, no hand-over after the end, the percentile d100 (00 is 100) and the CLI's message
for a move that rolls several named sets of dice."""

from __future__ import annotations

from dataclasses import replace

import pytest

from d6tui.engine.dice import parse_typed_pips
from d6tui.engine.errors import DiceError, RuleError
from d6tui.engine.game import find_move
from d6tui.games.d6_board.moves import moves, seat_to_move
from tests.d6_board.helpers import begun, play, put, set_up


def test_percentile_00_is_100() -> None:
    """"How to Roll for GM Events": 00 on the percentile die and 0 on the D10 are 100."""
    assert parse_typed_pips("00", 1, 100)["faces"] == [100]
    assert parse_typed_pips("100", 1, 100)["faces"] == [100]
    assert parse_typed_pips("00 0", 1, 100)["faces"] == [100]
    assert parse_typed_pips("20 4", 1, 100)["faces"] == [24]
    assert parse_typed_pips("00 1", 1, 100)["faces"] == [1]
    with pytest.raises(DiceError, match="percentile die"):
        parse_typed_pips("25 3", 1, 100)
    with pytest.raises(DiceError, match="not a face"):
        parse_typed_pips("101", 1, 100)
    with pytest.raises(DiceError, match="not a face"):
        parse_typed_pips("0", 1, 6)  # only the d100 reads 0 as 100


def test_the_gm_event_takes_00_typed_at_the_table() -> None:
    state = replace(set_up(), current=2, begun=True, actions=3)
    state = play(state, "rest")
    while state.prompts and state.prompts[0].kind == "room":
        state = play(state, "room:keep")
    m = find_move(moves(state, seat_to_move(state)), "gm_event")
    roll = m.dice[0].die.parse("00", m.dice[0].count)
    assert roll["faces"] == [100]


def test_cli_dice_for_a_move_with_named_dice_names_them() -> None:
    from d6tui.cli_play import _typed

    state = begun(set_up(), "5", stats=(4, 4, 4, 4), hand=())
    state, tok = put(state, "orc", "5")
    state = play(state, f"fight:{tok}")
    m = find_move(moves(state, 0), "attack:natural")
    with pytest.raises(DiceError) as e:
        _typed(["2 9"], m)
    text = str(e.value)
    assert "hero1=" in text and "enemy=" in text and "--dice hero1=" in text
    assert _typed(["hero1=2", "enemy=5"], m) == {"hero1": "2", "enemy": "5"}
    assert _typed(["2", "5"], m) == {"hero1": "2", "enemy": "5"}
    with pytest.raises(RuleError, match="enemy="):
        _typed(["2", "5", "1"], m)
