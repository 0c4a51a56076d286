"""Ctrl+C does not quit; its notice names the key that does, in plain words (every d6tui
notice is plain text, so Textual's own markup notice showed ``Press [b]ctrl+q[/b]``)."""

from __future__ import annotations

from pathlib import Path

from tests.ui.helpers import make_app, sync


@sync
async def test_ctrl_c_names_the_quit_key_without_markup(saves: Path) -> None:
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+c")
        await pilot.pause()
        said = [n.message for n in app._notifications]
        assert app.is_running
    assert any(m.startswith("Press ") and "quit the app" in m for m in said), said
    assert not any("[b]" in m for m in said), said
    assert any("ctrl+q" in m.lower() or "^q" in m.lower() for m in said), said
