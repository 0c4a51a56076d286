"""Fixes from a fresh tester's round of D6 Dungeon (issue 9): the hand-over cover follows the
file, the placing cursor, the lists of moves."""

from __future__ import annotations

from pathlib import Path

import pytest

from d6tui.engine.session import Session
from d6tui.ui.dungeon.screen import DungeonScreen, HandOver
from tests.dungeon.helpers import end, give
from tests.dungeon.test_ui import _screen, new_saved
from tests.ui.helpers import make_app, settle, sync


@pytest.fixture(autouse=True)
def quick_computer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(DungeonScreen, "COMPUTER_PAUSE", 0.0)


@sync
async def test_the_hand_over_cover_follows_moves_from_another_writer(saves: Path) -> None:
    """Ben's cover is up; another writer ends Ben's turn: the cover now names Ana, and Enter
    shows Ana's side."""
    session = new_saved(saves)
    give(session, "red", "sword")
    assert session.log is not None
    path = session.log.path
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("e")  # Ana's turn ends: Ben's cover
        await settle(pilot)
        assert isinstance(app.screen, HandOver) and app.screen.who == "Ben"
        other = Session.load(path)
        give(other, "blue", "key")
        end(other)  # Ben's turn, played elsewhere: Ana's again
        other.close()
        screen = _screen(app)
        assert screen.check_file() > 0
        await settle(pilot)
        cover = app.screen
        assert isinstance(cover, HandOver) and cover.who == "Ana"
        words = " ".join(str(w.render()) for w in cover.query("Static"))
        assert "Pass the keyboard to Ana." in words and "Ben" not in words.split(".")[0]
        await pilot.press("enter")
        await settle(pilot)
        assert screen.shown == 0
