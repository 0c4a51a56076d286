"""The D6 board screen in a Hide Collection game (rulebook Part III "Solo & Co-op"): the
Hide Collection board's snapshots (80x24 and 160x50), a kill claimed for the board by key
presses, the help's sections.

Update the pictures with ``pytest tests/d6_board/test_hide_screen.py --snapshot-update``
and look at each SVG.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

from textual.pilot import Pilot

from d6tui.engine.session import Session
from d6tui.games.d6_board import hides
from d6tui.games.d6_board.bot import choose
from d6tui.games.d6_board.moves import seat_to_move
from d6tui.games.d6_board.state import Enemy
from d6tui.ui.d6_board.hide_board import HideCollectionBoard
from d6tui.ui.d6_board.screen import BoardScreen
from d6tui.ui.screens.dice_prompt import TableDiceInput
from tests.d6_board.ui_helpers import press_move
from tests.ui.helpers import make_app, settle, sync, until


def solo_game(saves: Path, turns: int, seed: int = 11) -> Session:
    """A saved solo game (the Wisp) played by the bot until turn ``turns`` begins."""
    from d6tui.paths import new_save_path

    s = Session.new("d6_board", {"players": ["Ann"], "seed": seed, "mode": "solo",
                                 "companion": "wisp"},
                    path=new_save_path(saves, "Hide Collection"), title="Hide Collection")
    rng = random.Random(seed)
    while not (s.state.phase == "turn" and not s.state.begun and not s.state.prompts
               and s.state.hc.turn >= turns):
        seat = seat_to_move(s.state)
        m, a = choose(s.state, seat, [x for x in s.moves(seat)
                                      if x.id not in ("undo", "redo")], rng)
        s.play(m, a)
    return s


def _panel(n: int):  # noqa: ANN202
    async def run_before(pilot: Pilot) -> None:
        await settle(pilot)
        for _ in range(n):
            await pilot.press("right_square_bracket")
        await settle(pilot)
    return run_before


def test_hide_collection_board_80x24(snap_compare, saves: Path) -> None:  # noqa: ANN001
    app = make_app(saves, session=solo_game(saves, 3))
    assert snap_compare(app, terminal_size=(80, 24), run_before=_panel(1))


def test_hide_collection_all_boards_160x50(snap_compare, saves: Path) -> None:  # noqa: ANN001
    app = make_app(saves, session=solo_game(saves, 3))
    assert snap_compare(app, terminal_size=(160, 50), run_before=_panel(0))


@sync
async def test_a_kill_claimed_for_the_hide_board(saves: Path) -> None:
    """Fight a goblin beside the Kitteh with table dice, then claim it for its slot: the
    widget shows the hide and the status line counts it."""
    s = solo_game(saves, 1)
    st = s.state
    bag = st.bag | {e.token for e in st.enemies}
    token = sorted(t for t in bag if st.tokens[t] == "goblin")[0]
    st = replace(st, enemies=(Enemy(token, "goblin", "5"),), bag=bag - {token}, begun=True,
                 engaged=(token,))
    st = hides.with_hc(st.with_hero(0, space="5", stats=(4, 4, 4, 4)), companion="kitteh",
                       companion_at="5")
    s.state = st
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, BoardScreen)
        await pilot.press("t")  # table dice on (one hunter: no list of seats)
        await until(pilot, lambda: s.table_dice_for(0))
        await press_move(pilot, f"fight:{token}")
        await settle(pilot)
        await press_move(pilot, "attack:natural")
        for faces in ("3", "3"):  # 3 +1 (Kitteh) against the goblin's 3
            await until(pilot, lambda: isinstance(app.screen, TableDiceInput))
            assert isinstance(app.screen, TableDiceInput)
            await pilot.press(*faces, "enter")
            await pilot.pause()
        await settle(pilot)
        assert s.state.combat is not None and s.state.combat.faces == (3,)
        await press_move(pilot, "resolve")
        await settle(pilot)
        assert s.state.prompts[0].kind == "claim"
        await press_move(pilot, "claim:board")
        await settle(pilot)
        assert s.state.hc.slots == {"goblin": token}
        assert "hides 1/15" in s.rules.status(s.state)
        await pilot.press("right_square_bracket")
        await settle(pilot)
        board = app.screen.query_one(HideCollectionBoard)
        assert board.display and "[x] Goblin" in str(board.render())


@sync
async def test_help_explains_the_mode(saves: Path) -> None:
    """`?` shows the Hide Collection sections with their rulebook sections."""
    app = make_app(saves, session=solo_game(saves, 1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = app.screen.HELP
        for words in ("Hide Collection", "Winning and Losing", "Heroic Quest Deck "
                      "Replacement", "Special Enemies", "Companions", "Specialty Hides"):
            assert words in text


@sync
async def test_help_explains_alliance_and_the_part_iv_options(saves: Path) -> None:
    """An Alliance season with curse castles: `?` has both sections; the map marks the
    castle."""
    from d6tui.paths import new_save_path
    from d6tui.ui.d6_board.widgets import GameMap

    s = Session.new("d6_board", {"players": ["Ann", "Bob", "Cy", "Dee"], "seed": 3,
                                 "mode": "alliance", "curse_castles": ["echoes@3"]},
                    path=new_save_path(saves, "Alliance"), title="Alliance")
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = app.screen.HELP
        assert "Alliance, 2v2" in text and "Curse of" in text and "Endless Echoes" in text
        assert "C:ech" in str(app.screen.query_one(GameMap).render())


@sync
async def test_an_alliance_gift_by_key_presses(saves: Path) -> None:
    """Alliance: Ann gives her teammate Cy a coin and an Advantage card from the moves list;
    with the cards hidden, Cy's hand shows as ? on Ann's screen."""
    from d6tui.paths import new_save_path
    from d6tui.ui.d6_board.widgets import ClassBoard
    from tests.d6_board.ui_helpers import until_phase

    s = Session.new("d6_board", {"players": ["Ann", "Bob", "Cy", "Dee"], "seed": 3,
                                 "mode": "alliance"},
                    path=new_save_path(saves, "Alliance"), title="Alliance")
    until_phase(s, "turn", seed=3)
    card = next(c for c in s.state.content["advantage"])
    st = replace(s.state, begun=True, enemies=(), prompts=())
    st = st.with_hero(0, space="4", gold=3, hand=(card,)).with_hero(2, space="4", gold=0,
                                                                    hand=())
    s.state = st
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press_move(pilot, "gift:gold")
        await settle(pilot)
        assert s.state.heroes[2].gold == 1 and s.state.heroes[0].gold == 2
        await press_move(pilot, "gift:card")
        await until(pilot, lambda: type(app.screen).__name__ == "ChoiceModal")
        await pilot.press("1")
        await settle(pilot)
        assert s.state.heroes[2].hand == (card,)
        cy = app.screen.query_one("#class-2", ClassBoard)
        assert "[team 1]" in str(cy.render()) and "Hand 1/" in str(cy.render())
        assert "?" in str(cy.render()).split("Hand 1/")[1]
