"""The theme picker (``t`` on the home screen) and the command palette: their own keys on
their last line, not the home screen's; d6tui's themes listed first, each theme saying whose
it is."""

from __future__ import annotations

from pathlib import Path

from textual.command import CommandList
from textual.widgets import Static

from d6tui.ui.screens.home import HomeScreen
from d6tui.ui.screens.palette import Palette
from tests.ui.helpers import make_app, settle, sync, until


@sync
async def test_the_theme_picker_lists_ours_first_with_its_own_keys(saves: Path) -> None:
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        home = app.screen
        assert isinstance(home, HomeScreen)
        await pilot.press("t")
        assert await until(pilot, lambda: isinstance(app.screen, Palette))
        picker = app.screen
        found = picker.query_one(CommandList)
        assert await until(pilot, lambda: found.option_count > 3)
        rows = [str(found.get_option_at_index(i).prompt) for i in range(found.option_count)]
        ours = sorted(app.d6_themes)  # type: ignore[attr-defined]
        assert rows[:len(ours)] == [f"{n} (d6tui)" for n in ours]
        assert "d6-dark (d6tui)" in rows and "dracula (Textual)" in rows
        assert all(r.endswith(("(d6tui)", "(Textual)")) for r in rows)
        keys = picker.query_one("#palette-keys", Static)
        # on the last line, over the home screen's footer (n New game, o Open save...)
        assert keys.region.y == 23 and "Enter picks" in str(keys.render())
        await pilot.press(*"light", "enter")
        assert await until(pilot, lambda: app.screen is home)
        assert app.theme == "d6-light"
        await pilot.press("ctrl+p")
        assert await until(pilot, lambda: isinstance(app.screen, Palette))
        assert app.screen.query_one("#palette-keys", Static).region.y == 23
