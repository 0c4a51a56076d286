"""The board screen's fixes after a tester's season: the log after a resize, the log at
80x24 (room, focus, Home), the season-over panel at 80x24, safer move numbers."""

from __future__ import annotations

from pathlib import Path

from d6tui.ui.d6_board.screen import BoardScreen
from d6tui.ui.widgets.event_log import EventLogView
from tests.d6_board.ui_helpers import advanced_game, settle
from tests.ui.helpers import make_app, sync


@sync
async def test_log_filled_after_a_resize_to_200x50(saves: Path) -> None:
    """80x24 hides the log; a resize to 200x50 shows it with every event, not "Nothing has
    happened yet" (the hidden log keeps its history and draws it when shown)."""
    s = advanced_game(saves, 20)
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, BoardScreen)
        log = app.screen.query_one("#log", EventLogView)
        assert not log.display
        await pilot.resize_terminal(200, 50)
        for _ in range(10):
            await pilot.pause()
        assert log.display
        text = log.drawn_text()
        assert "Nothing has happened yet" not in text
        assert f"#{len(s.events)}" in text
