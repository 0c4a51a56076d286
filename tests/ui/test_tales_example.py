"""The example tale in saves/ (played through the app by scripts/record_tales_example.py):
it replays to the end of the tale (E17), ``d6tui replay --json`` shows its final fame and
status, the app opens it at J09, and ``d6tui export`` writes its journal, the player's
notes with the mechanics of each day under them. (The first recording, before it had
notes, is the v1 fixture: ``tests/tales/test_saves.py`` keeps checking it.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from d6tui.cli import main
from d6tui.engine.session import Session
from d6tui.ui.tales.screen import TalesScreen
from tests.ui.helpers import make_app, settle, sync

#: The example tale in saves/, recorded again with the player's notes.
EXAMPLE = Path(__file__).resolve().parents[2] / "saves" / "tales-example.toml"
#: The example's final fame and J09 status, as recorded.
FAME, STATUS = 38, "Unknown Hero"
#: The notes written on the way (scripts/record_tales_example.py), by the day they sit
#: under in the journal, with a line of that day's mechanics.
NOTED_DAYS = {
    "### Day 13 (week 3, day 1)": (
        "> A new week. Brin counts the coins twice and still finds only a few.",
        "- rolled 3+4 for the terrain event (R10): a fight with the Ogre"),
    "### Day 15 (week 3, day 3): E35 Hey, what's this?": (
        "> The hills smell of rain. Whatever comes today, Brin means to meet it\n"
        "> with the axe out.",
        "- rolled 2 for the day event (E35): a thief!; -1 gold"),
    "### Day 17 (week 3, day 5): E39 Terrible Weather": (
        "> Terrible weather again: the map is planned around the ban.",
        "- rolled 1 for the weather (E39): terrible weather: no swamp today"),
}


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


def test_export_puts_the_notes_over_each_days_mechanics(
        capsys: pytest.CaptureFixture[str]) -> None:
    session = Session.load(EXAMPLE)
    assert len(session.notes()) == len(NOTED_DAYS)
    assert main(["export", str(EXAMPLE), "--format", "markdown"]) == 0
    text, _ = capsys.readouterr()
    assert text.startswith("# The tale of Brin the dwarf\n")
    days = text.split("## The days (J05)")[1].split("## The island (J02)")[0]
    for head, (note, mechanics) in NOTED_DAYS.items():
        assert head in days, head
        day = days.split(head + "\n")[1].split("### ")[0]
        # the player's words first (each line break kept as a hard break), then the
        # day's rolls and what they gave
        note = note.replace("\n> ", "\\\n> ")
        assert day.lstrip().startswith(note), day[:200]
        assert mechanics in day and day.index(note) < day.index(mechanics)
    # a day without a note still lists its mechanics
    day1 = days.split("### Day 1 (week 1, day 1)\n")[1].split("### ")[0]
    assert "> " not in day1 and day1.count("\n- ") >= 3


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
