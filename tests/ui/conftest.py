"""UI test fixtures: on top of the suite's own config and save folders (tests/conftest.py),
a fixed clock, UTC, no cursor blink and no animations, so Pilot and snapshot tests are
stable."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from textual.widgets import Input

from tests.conftest import saves  # noqa: F401 - importable from here, as before

#: The time every event is stamped with in UI tests (no clocks on screen in snapshots).
FIXED_NOW = datetime(2026, 11, 29, 13, 0, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def isolated(
    isolated: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> Iterator[dict[str, Path]]:
    """The suite's own folders (tests/conftest.py's ``isolated``), plus a fixed clock and
    zone, colour on and no blinking cursor. Other test folders with screens import it (and
    ``saves``) from here."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    monkeypatch.setattr("d6tui.engine.session.now", lambda: FIXED_NOW)
    monkeypatch.setattr("d6tui.engine.log.now", lambda: FIXED_NOW)
    # Cursor blink makes screenshots depend on timing (Textual's own suites turn it off).
    monkeypatch.setattr(Input.cursor_blink, "_default", False)
    yield isolated
    time.tzset()
