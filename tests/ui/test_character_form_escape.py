"""The Simple Six character form's Escape: a form typed in is not thrown away by one key."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from d6tui.engine.session import Session
from d6tui.ui.simple_six.forms import CharacterForm
from tests.ui.helpers import make_app, sync, until


@sync
async def test_escape_on_a_character_form_typed_in_asks_first(saves: Path) -> None:
    """Escape on the Simple Six character form: with nothing typed it closes at once; once
    something is typed it asks, and "Keep editing" keeps all of it (a fresh tester lost a
    filled form to one Escape)."""
    from d6tui.ui.screens.modals import ConfirmModal

    session = Session.new("simple_six", {"seed": 1}, path=saves / "c.toml")
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("c")
        assert await until(pilot, lambda: isinstance(app.screen, CharacterForm))
        await pilot.press("escape")
        assert await until(pilot, lambda: app.screen is screen)
        await pilot.press("c")
        assert await until(pilot, lambda: isinstance(app.screen, CharacterForm))
        form = app.screen
        await pilot.press(*"Kara")
        await pilot.press("escape")
        assert await until(pilot, lambda: isinstance(app.screen, ConfirmModal))
        await pilot.press("n")  # keep editing
        assert await until(pilot, lambda: app.screen is form)
        assert form.query_one("#name", Input).value == "Kara"
        await pilot.press("escape")
        assert await until(pilot, lambda: isinstance(app.screen, ConfirmModal))
        await pilot.press("y")
        assert await until(pilot, lambda: app.screen is screen)
        assert session.state.members == ()
