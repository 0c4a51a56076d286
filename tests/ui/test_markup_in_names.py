"""Titles and player names are shown as typed, even with square brackets (not read as
markup, which crashed the saves lists)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from d6tui.ui.screens.home import HomeScreen
from d6tui.ui.screens.saves import SavesScreen
from tests.ui.helpers import make_app, new_shooter, settle, sync


@sync
async def test_brackets_in_a_title_are_shown_as_typed(saves: Path) -> None:
    new_shooter(saves, "Oops [/] [bold]x[/bold]").close()
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        table = app.screen.query_one(DataTable)
        assert str(table.get_row_at(0)[1]) == "Oops [/] [bold]x[/bold]"
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, SavesScreen)
        table = app.screen.query_one(DataTable)
        assert any("Oops [/] [bold]x[/bold]" == str(c) for c in table.get_row_at(0))
