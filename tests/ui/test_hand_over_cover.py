"""The hand-over cover is opaque whatever was shown before it and whatever the theme: the
screen under it (the last player's side) never shows through."""

from __future__ import annotations

from pathlib import Path

import pytest

from d6tui.ui.app import D6App
from d6tui.ui.screens.hand_over import HandOver
from d6tui.ui.screens.modals import ConfirmModal
from tests.ui.helpers import sync


@pytest.mark.parametrize("theme", ["d6-dark", "d6-16color"])
@sync
async def test_the_cover_hides_the_screen_under_it(tmp_path: Path, theme: str) -> None:
    """A hand-over, then a dialog (its CSS read after the cover's), then the hand-over
    again: its background is opaque each time, in a true-colour theme (dialogs dim the
    screen under them to 60%) and in an ANSI one (dialogs leave it showing)."""
    app = D6App(saves=tmp_path, persist_theme=False, theme=theme)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        alphas = []
        for dialog_between in (False, True):
            if dialog_between:
                app.push_screen(ConfirmModal("Really?"))
                await pilot.pause()
                app.pop_screen()
                await pilot.pause()
            app.push_screen(HandOver("Bob"))
            await pilot.pause()
            assert isinstance(app.screen, HandOver)
            alphas.append(app.screen.styles.background.a)
            app.pop_screen()
            await pilot.pause()
        assert alphas == [1.0, 1.0]
