"""UI test fixtures: every test gets its own config and save folders, a fixed clock, UTC,
no cursor blink and no animations, so Pilot and snapshot tests are stable."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from textual.widgets import Input

#: The time every event is stamped with in UI tests (no clocks on screen in snapshots).
FIXED_NOW = datetime(2026, 11, 29, 13, 0, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Path]]:
    """Config, data and saves in temp folders; fixed clock and zone; no blinking cursor."""
    dirs = {
        "config": tmp_path / "config",
        "data": tmp_path / "data",
        "saves": tmp_path / "saves",
    }
    monkeypatch.setenv("XDG_CONFIG_HOME", str(dirs["data"] / "xdg-config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(dirs["data"] / "xdg-data"))
    monkeypatch.setenv("D6TUI_CONFIG", str(dirs["config"]))
    monkeypatch.setenv("D6TUI_SAVES", str(dirs["saves"]))
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    monkeypatch.setattr("d6tui.engine.session.now", lambda: FIXED_NOW)
    monkeypatch.setattr("d6tui.engine.log.now", lambda: FIXED_NOW)
    # Cursor blink makes screenshots depend on timing (Textual's own suites turn it off).
    monkeypatch.setattr(Input.cursor_blink, "_default", False)
    yield dirs
    time.tzset()


@pytest.fixture
def saves(isolated: dict[str, Path]) -> Path:
    """The test's save folder (created)."""
    isolated["saves"].mkdir(parents=True, exist_ok=True)
    return isolated["saves"]
