"""The recorded example game (saves/dungeon-example.toml, played through the app by
bench/record_dungeon_example.py) replays to the same scores."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from d6tui.engine.session import Session

EXAMPLE = Path(__file__).resolve().parents[2] / "saves" / "dungeon-example.toml"


def test_example_replays_to_its_scores() -> None:
    s = Session.load(EXAMPLE)
    assert s.state.players == ("Ana", "Ben")
    assert s.state.over and s.state.end == "claimed" and s.state.claimant == 0
    assert [card.total for card in s.state.scores] == [7, 2]
    assert s.state.scores[0].route.complete and not s.state.scores[1].route.complete
    assert s.events[0]["designs"][0]["source"] == "house"  # the dice table is in the save


def test_cli_replay_json_reports_the_winner() -> None:
    out = subprocess.run([sys.executable, "-m", "d6tui", "replay", str(EXAMPLE), "--json"],
                         capture_output=True, text=True, check=True)
    data = json.loads(out.stdout)
    assert data["game"] == "dungeon" and data["over"] is True
    assert data["winner"] == "Ana" and data["state"]["scores"] == [7, 2]


def test_the_export_shows_both_sides_and_the_score_lines() -> None:
    s = Session.load(EXAMPLE)
    text = s.rules.export_markdown(s)
    assert "## Ana's side" in text and "## Ben's side" in text
    # the route by its holes, as the waffle names them (Ben's F is on his left)
    assert "route across the dungeon, A2-B2-C2-D2-E2-F2: +5" in text and "total: 7" in text
    assert "no complete route (in at F1 from the left edge)" in text
    assert "## Play by play" in text
    # the log's last line: both totals and where each route goes
    assert ("167. Ben ended the last turn: the game is over. Ana 7, route "
            "A2-B2-C2-D2-E2-F2; Ben 2, no complete route (in at F1 from the left edge)"
            in text)


def test_the_totals_line_names_both_totals_then_the_result() -> None:
    from dataclasses import replace

    from d6tui.games.dungeon.export import totals_line

    s = Session.load(EXAMPLE)
    assert totals_line(s.state) == "Ana 7, Ben 2: Ana wins"
    tied = replace(s.state, scores=(s.state.scores[0], s.state.scores[0]))
    assert totals_line(tied) == "Ana 7, Ben 7: a tie"
