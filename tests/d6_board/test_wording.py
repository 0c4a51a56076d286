"""Wording a fresh tester found: the Cash Cube's place, the tie-break that decided the
season, no hand-over after the end, the percentile d100 (00 is 100) and the CLI's message
for a move that rolls several named sets of dice."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from d6tui.engine.dice import parse_typed_pips
from d6tui.engine.errors import DiceError, RuleError
from d6tui.engine.game import find_move
from d6tui.games.d6_board.moves import moves, seat_to_move
from tests.d6_board.helpers import begun, play, put, set_up
from tests.d6_board.ui_helpers import advanced_game, settle, until_phase
from tests.ui.helpers import make_app, sync


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


def test_the_end_says_which_tie_break_decided() -> None:
    """"The End of the Game": glory, then gold, then the stat total."""
    from d6tui.games.d6_board.describe import decided_by, winner_line

    state = set_up()
    hero = state.heroes
    over = replace(state, phase="over", winners=(0,))
    stats = [(4, 4, 4, 4)] * len(hero)
    for i in range(len(hero)):
        over = over.with_hero(i, delivered=(), backpack=(), trophies=(), gold=3,
                              stats=stats[i])
    bounty = sorted(state.piles["bounty"])[0]
    assert decided_by(over.with_hero(0, delivered=(bounty,))) == "most glory"
    richer = over.with_hero(0, gold=6)
    assert decided_by(richer) == f"tied on glory with {hero[1].name}; more gold (6 to 3)"
    assert "more gold" in winner_line(richer)
    stronger = over.with_hero(0, stats=(5, 4, 4, 4))
    assert decided_by(stronger).endswith("higher stat total (17 to 16)")


@sync
async def test_hp_and_the_cash_cube_on_the_class_board_and_no_hand_over_once_it_is_over(
        saves: Path) -> None:
    """Three people at one keyboard, 160x50, on one screen:

    - "D. Health Points": the class board shows the HP slots, with the count.
    - "Cash Cube": it waits in its slot on the owner's class board.
    - A hand-over up when the season ends (the last moves made behind it) goes away: no
      one is asked to take the keyboard for a game that is over.
    """
    from d6tui.ui.d6_board.widgets import ClassBoard
    from d6tui.ui.screens.hand_over import HandOver

    s = until_phase(advanced_game(saves, 0), "turn")
    base = s.state
    s.state = base.with_hero(0, hp=2)
    app = make_app(saves, session=s)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        text = app.screen.query_one("#class-0", ClassBoard).render().plain
        assert "HP 2/3: \u2665 \u2665 \u00b7" in text
        assert "Cash Cube: on the class board" in text
        board = app.screen

        # the last hunter of the last round to move: the cover is up for them
        s.state = replace(base, round=base.rounds, current=len(base.heroes) - 1)
        board.refresh_game()
        for _ in range(20):
            await pilot.pause(0.02)
        assert isinstance(app.screen, HandOver)
        s.state = replace(s.state, phase="over", winners=(0,))
        next(x for x in app.screen_stack if hasattr(x, "refresh_game")).refresh_game()
        for _ in range(20):
            await pilot.pause(0.02)
        assert not isinstance(app.screen, HandOver)
        assert not any(isinstance(x, HandOver) for x in app.screen_stack)
