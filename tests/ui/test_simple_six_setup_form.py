"""The Simple Six new-campaign form at 80x24: its Start/Cancel buttons and its error line are on
screen, it opens at its top, the Footer shows its keys, and the whole form scrolls to every
setting."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Button, Footer, Input, Label

from tests.ui.helpers import make_app, on_screen, open_simple_six_form, sync


@sync
async def test_the_form_fits_80x24(saves: Path) -> None:
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_simple_six_form(pilot)
        await pilot.pause()
        # it opens at its top: the first setting is shown
        first = form.query_one("#set-skill_list")
        assert 0 <= first.region.y and first.region.bottom <= 23 and first.region.height
        for b in ("#start", "#cancel"):
            assert on_screen(form.query_one(b, Button), 24)
        footer = form.query_one(Footer)
        assert footer.region.bottom == 24
        assert "ctrl+s" in form.active_bindings
        # a bad die code: the message shows, without scrolling
        form.query_one("#set-attribute_dice", Input).value = "abc"
        await pilot.press("ctrl+s")
        await pilot.pause()
        error = form.query_one("#error", Label)
        assert "not a die code" in str(error.render())
        assert on_screen(error, 24) and error.region.bottom <= form.query_one(
            "#start", Button).region.y
        # the first setting is reached by scrolling the form as a whole
        first.focus()
        await pilot.pause()
        assert on_screen(first, 24)
