"""The recorded example game (saves/shooter-example.toml, played through the app by
bench/record_shooter_example.py) replays to the same winner."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from d6tui.engine.session import Session
from d6tui.games.shooter.state import all_cards

EXAMPLE = Path(__file__).resolve().parents[2] / "saves" / "shooter-example.toml"


def test_example_replays_to_its_marshal() -> None:
    s = Session.load(EXAMPLE)
    assert [p.name for p in s.state.players] == ["Ann", "Bob", "Cy"]
    assert s.state.over
    assert s.rules.to_json(s.state)["winner"] == "Bob"
    assert s.state.players[s.state.winner].rank == 3
    assert len(all_cards(s.state)) == 100
    assert s.events[-1]["type"] == "rep_cashed"


def test_cli_replay_json_reports_the_winner() -> None:
    out = subprocess.run([sys.executable, "-m", "d6tui", "replay", str(EXAMPLE), "--json"],
                         capture_output=True, text=True, check=True)
    data = json.loads(out.stdout)
    assert data["game"] == "shooter" and data["over"] is True
    assert data["winner"] == "Bob"
    assert data["events"] == len(Session.load(EXAMPLE).events)
