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
    async with app.run_test(size=(120, 40)) as pilot:  # wide: the title is not cut
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        table = app.screen.query_one(DataTable)
        assert str(table.get_row_at(0)[1]) == "Oops [/] [bold]x[/bold]"
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, SavesScreen)
        table = app.screen.query_one(DataTable)
        assert any("Oops [/] [bold]x[/bold]" == str(c) for c in table.get_row_at(0))


@sync
async def test_long_titles_give_way_so_every_column_shows_at_80x24(saves: Path) -> None:
    long = "A very long title for the night of the great shoot-out in town"
    new_shooter(saves, long).close()
    new_shooter(saves, "Short").close()
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for screen_key in ("", "s"):
            if screen_key:
                await pilot.press(screen_key)
                await settle(pilot)
            table = app.screen.query_one(DataTable)
            labels = [str(c.label) for c in table.columns.values()]
            assert labels[:4] == ["Game", "Title", "Last played", "Status"]
            assert (labels[4:] == ["File"]) == (screen_key == "s")
            rows = [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]
            titles = {r[1] for r in rows}
            assert "Short" in titles and any(t.endswith("\u2026") for t in titles)
            # the four columns fit in the window, the status included
            widths = sum(c.get_render_width(table) for c in list(table.columns.values())[:4])
            assert widths <= 80
