"""The example tale in saves/ (played through the app by scripts/record_tales_example.py):
it replays to the end of the tale (E17), ``d6tui replay --json`` shows its final fame and
status, the app opens it at J09, and ``d6tui export`` writes its journal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from d6tui.cli import main
from d6tui.engine.session import Session
from d6tui.ui.tales.screen import TalesScreen
from tests.ui.helpers import make_app, settle, sync
from tests.ui.tales_helpers import EXAMPLE

#: The example's final fame and J09 status, as recorded.
FAME, STATUS = 53, "Unknown Hero"


def test_example_replays_to_e17() -> None:
    session = Session.load(EXAMPLE)
    state = session.state
    assert session.rules.slug == "tales"
    assert state.over and state.final_fame == FAME and state.status == STATUS
    assert any("E17" in str(e.get("note", "")) for e in session.events)
    # every roll was made by the app through the screen
    assert all(e["roll"]["source"] == "app" for e in session.events if "roll" in e)


def test_replay_json_shows_fame_and_status(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["replay", str(EXAMPLE), "--json"])
    out, _ = capsys.readouterr()
    assert code == 0
    data = json.loads(out)
    assert data["over"] is True
    assert data["state"]["fame"] == FAME
    assert data["state"]["status"] == STATUS
    assert f"fame {FAME} ({STATUS})" in data["status"]


def test_export_markdown(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "tale.md"
    assert main(["export", str(EXAMPLE), "--format", "markdown", "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert "## The island (J02)" in text
    assert f"**{FAME}**" in text and STATUS in text


@sync
async def test_the_app_opens_the_finished_tale(saves: Path) -> None:
    app = make_app(saves, open_path=EXAMPLE)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(20):
            await settle(pilot)
            if isinstance(app.screen, TalesScreen):
                break
        screen = app.screen
        assert isinstance(screen, TalesScreen)
        assert screen.tale.over
        assert f"Final fame {FAME}: {STATUS}" in str(screen.query_one("#step").render())
        assert not [o for o in screen.offers if o.action is not None]
