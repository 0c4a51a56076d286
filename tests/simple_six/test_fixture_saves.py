"""Simple Six saves of every format replay to the results recorded when they were written
(tests/fixtures/saves: v1 is the example as it was before campaigns kept their content; its
JSON was made by the code of that time; v2 was recorded before the one clock; v3 holds the
clock's time_passed, a fight's rounds on the clock, Heal's six turns, a check counted as an
action and complication CP at the session's end)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from d6tui.cli import main

FIXTURES = Path(__file__).parents[1] / "fixtures" / "saves"


@pytest.mark.parametrize("name", ["simple-six-v1", "simple-six-v2", "simple-six-v3"])
def test_the_save_replays_to_its_recorded_json(
        name: str, capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("D6TUI_CONFIG", str(tmp_path))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert main(["replay", str(FIXTURES / f"{name}.toml"), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got == json.loads((FIXTURES / f"{name}.json").read_text())
