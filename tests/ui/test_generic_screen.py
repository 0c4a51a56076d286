"""A game added as one folder appears on the home screen, starts from a form made from its
options schema, and is played on the generic screen through its moves."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, OptionList

from d6tui.engine.registry import GAMES_PATH_ENV, games
from d6tui.engine.session import Session
from d6tui.ui.screens.dice_prompt import TableDiceInput
from d6tui.ui.screens.generic import GenericGameScreen
from d6tui.ui.screens.home import HomeScreen
from d6tui.ui.screens.new_game import NewGameForm
from tests.ui.helpers import make_app, settle, sync

TOY_GAMES = Path(__file__).parents[1] / "fixtures" / "games"


@sync
async def test_toy_game_from_the_home_screen_to_a_banked_pot(
        monkeypatch: pytest.MonkeyPatch, isolated: dict[str, Path]) -> None:
    monkeypatch.setenv(GAMES_PATH_ENV, str(TOY_GAMES))
    saves = isolated["saves"]
    app = make_app(saves)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        listed = app.screen.query_one("#games", OptionList)
        slugs = [g.slug for g in games()]
        assert "toy_dice" in slugs
        listed.highlighted = slugs.index("toy_dice")
        await pilot.press("n")
        for _ in range(5):  # the form's worker waits on the form: no settle here
            await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameForm)
        assert [f.name for f in form.fields] == ["players", "target"]
        form.query_one("#players", Input).value = "Ann, Bob"
        form.query_one("#target", Input).value = "9"
        form.query_one("#seed", Input).value = "4"
        await pilot.press("ctrl+s")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GenericGameScreen)
        assert [m.id for m in screen._moves] == ["roll"]
        await pilot.press("t")  # table dice for Ann (kept in the save): the roll is typed
        await pilot.press("1")
        for _ in range(5):  # the move's worker waits on the dice prompt: no settle here
            await pilot.pause()
        assert isinstance(app.screen, TableDiceInput)
        await pilot.press("5", "enter")
        await settle(pilot)
        assert screen.session.state.pot == 5
        assert [m.id for m in screen._moves] == ["roll", "hold"]
        await pilot.press("2")
        await settle(pilot)
        assert screen.session.state.banked == (5, 0)
        path = screen.session.log.path
    again = Session.load(path)
    assert [e["type"] for e in again.events] == ["started", "table_dice", "rolled", "held"]
    assert again.events[2]["roll"]["source"] == "table"
    assert again.table_dice_for(0) and not again.table_dice_for(1)
