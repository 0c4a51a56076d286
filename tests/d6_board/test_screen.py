"""The D6 board screen: snapshots of the map, a class board and a gather board at 80x24 and
all boards at 160x50; Pilot tests of a Village visit, a turn with combat and a death (on
one screen) and the GM's tools (computer seats: test_hand_over.py, with the hand-over they
never need).

Update the pictures with ``pytest tests/d6_board --snapshot-update`` and look at each SVG.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from textual.pilot import Pilot

from d6tui.games.d6_board.state import Enemy
from d6tui.ui.d6_board.screen import BoardScreen
from d6tui.ui.screens.dice_prompt import TableDiceInput
from d6tui.ui.screens.modals import ChoiceModal
from tests.d6_board.ui_helpers import (
    advanced_game,
    press_move,
    settle,
    show_position,
    until_phase,
)
from tests.ui.helpers import make_app, sync, table_dice_seats


def _panel(n: int):  # noqa: ANN202
    async def run_before(pilot: Pilot) -> None:
        await settle(pilot)
        for _ in range(n):
            await pilot.press("right_square_bracket")
        await settle(pilot)
    return run_before


@pytest.mark.parametrize("panel", [0, 1, 2], ids=["map", "class_board", "gather_board"])
def test_boards_80x24(snap_compare, saves: Path, panel: int) -> None:  # noqa: ANN001
    app = make_app(saves, session=advanced_game(saves, 75))
    assert snap_compare(app, terminal_size=(80, 24), run_before=_panel(panel))


def test_all_boards_160x50(snap_compare, saves: Path) -> None:  # noqa: ANN001
    app = make_app(saves, session=advanced_game(saves, 75))
    assert snap_compare(app, terminal_size=(160, 50), run_before=_panel(0))


def test_map_and_one_hunters_boards_120x40(snap_compare, saves: Path) -> None:  # noqa: ANN001
    """From 100x32 the map, the boards of the hunter to move and the log share the screen
    (no empty band)."""
    app = make_app(saves, session=advanced_game(saves, 75))
    assert snap_compare(app, terminal_size=(120, 40), run_before=_panel(0))


def test_help_80x24(snap_compare, saves: Path) -> None:  # noqa: ANN001
    app = make_app(saves, session=advanced_game(saves, 75))
    assert snap_compare(app, press=["question_mark"], terminal_size=(80, 24),
                        run_before=_panel(0))


def _at_turn(saves: Path):  # noqa: ANN202
    s = until_phase(advanced_game(saves, 0), "turn")
    return s


def _village_visit(st):  # noqa: ANN001, ANN202
    bag = st.bag | {e.token for e in st.enemies}
    state = replace(st, enemies=(), bag=bag, begun=True)
    return state.with_hero(0, space="1", hp=1, backpack=("B01",), gold=4, stats=(4, 4, 4, 4))


def _before_combat(st):  # noqa: ANN001, ANN202
    bag = st.bag | {e.token for e in st.enemies}
    token = sorted(t for t in bag if st.tokens[t] == "goblin")[0]
    state = replace(st, enemies=(Enemy(token, "goblin", "1"),), bag=bag - {token},
                    bounties=())
    return state.with_hero(0, stats=(4, 6, 4, 4), gold=0), token


def _before_death(st):  # noqa: ANN001, ANN202
    bag = st.bag | {e.token for e in st.enemies}
    token = sorted(t for t in bag if st.tokens[t] == "orc")[0]
    state = replace(st, enemies=(Enemy(token, "orc", "4"),), bag=bag - {token},
                    begun=True, engaged=(token,))
    state = state.with_hero(0, space="4", hp=1, stats=(4, 4, 4, 4))
    return replace(state, heroes=tuple(replace(h, hand=()) for h in state.heroes)), token


@sync
async def test_a_village_visit_a_turn_with_combat_and_a_death(saves: Path) -> None:
    """Three positions of one turn of Ann's on one board screen, played by keys:

    - A Village visit: walk into the Village with a bounty: it is delivered, HP come back;
      then train, and place the Cash Cube ("3" then Enter: ten spaces).
    - A turn with combat: begin the turn, meet an enemy, fight it with table dice, win:
      2 gold.
    - A death: one HP left, a lost roll: the hero goes to the Styx River and the turn passes.
    """
    s = _at_turn(saves)
    base = s.state
    s.state = _village_visit(base)
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press_move(pilot, "move:V")
        await settle(pilot)
        h = s.state.heroes[0]
        assert h.space == "V" and h.hp == 3 and h.delivered == ("B01",)
        await press_move(pilot, "train:strength")
        await settle(pilot)
        assert s.state.heroes[0].stat("strength") == 5 and s.state.heroes[0].gold == 2
        await press_move(pilot, "cube")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, ChoiceModal)  # ten spaces: "3" then Enter
        await pilot.press("3", "enter")
        await settle(pilot)
        assert s.state.heroes[0].cube == "3"

        # a turn with combat
        state, token = _before_combat(base)
        await show_position(pilot, s, state)
        assert isinstance(app.screen, BoardScreen)
        await table_dice_seats(pilot, *range(1, len(s.state.heroes) + 1))  # every seat
        await press_move(pilot, "begin")
        for faces in ("9", "2"):  # spawn roll 9, open gather 2
            assert isinstance(app.screen, TableDiceInput)
            await pilot.press(*faces, "enter")
            await pilot.pause()
        await settle(pilot)
        while s.state.prompts:  # other hunters' Wild or Alchemy answers
            await pilot.press("1")
            await settle(pilot)
        await press_move(pilot, "move:1")
        await settle(pilot)
        assert s.state.heroes[0].space == "1"
        await press_move(pilot, f"fight:{token}")
        await settle(pilot)
        while s.state.prompts:
            await pilot.press("p")
            await settle(pilot)
        await press_move(pilot, "attack:natural")
        for faces in ("6", "1"):
            assert isinstance(app.screen, TableDiceInput)
            await pilot.press(*faces, "enter")
            await pilot.pause()
        await settle(pilot)
        assert s.state.combat is not None and s.state.combat.faces == (6,)
        gold = s.state.heroes[0].gold
        await press_move(pilot, "resolve")
        await settle(pilot)
        assert s.state.enemy(token) is None and s.state.heroes[0].gold == gold + 2
        assert s.events[-1]["type"] == "combat_resolved"

        # a death (table dice for every seat still on)
        state, token = _before_death(base)
        await show_position(pilot, s, state)
        assert s.table_dice_for(0)
        await press_move(pilot, f"fight:{token}")
        await settle(pilot)
        await press_move(pilot, "attack:natural")
        for faces in ("1", "6"):
            await pilot.press(*faces, "enter")
            await pilot.pause()
        await settle(pilot)
        await press_move(pilot, "resolve")
        await settle(pilot)
        assert s.state.heroes[0].space == "S" and s.state.current == 1
        assert "Styx" in str(app.screen.query_one("#map").render())


@sync
async def test_gm_tools_in_the_table_edition(saves: Path) -> None:
    """Table edition: `G` opens the current GM's tools; giving gold is an event."""
    s = until_phase(advanced_game(saves, 0, edition="table"), "turn")
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        while s.state.prompts:  # name the cards dealt
            await pilot.press("1")
            await settle(pilot)
        gm = s.state.gm
        gold = s.state.heroes[0].gold
        await pilot.press("G")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, ChoiceModal)
        await pilot.press("1", "enter")  # give or take gold (a long list: Enter takes 1)
        await pilot.pause()
        await pilot.pause()
        await pilot.press("1")  # hero: Ann
        await pilot.pause()
        await pilot.pause()
        await pilot.press("4")  # +1
        await settle(pilot)
        assert s.events[-1]["type"] == "gm_tool_used" and s.state.gm == gm, s.events[-1]
        assert s.state.heroes[0].gold == min(10, gold + 1), s.events[-1]
