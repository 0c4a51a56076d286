"""D6 Dungeon test fixtures: the UI tests' isolation (temp config and saves, fixed clock, no
cursor blink) for every test here, and helpers to drive a game through its moves."""

from __future__ import annotations

import pytest

from tests.ui.conftest import isolated, saves  # noqa: F401 - fixtures used by name


@pytest.fixture(autouse=True)
def quick_computer(monkeypatch: pytest.MonkeyPatch) -> None:
    """The computer opponent moves at once on the screen (no pause to watch it by)."""
    from d6tui.ui.dungeon.screen import DungeonScreen

    monkeypatch.setattr(DungeonScreen, "COMPUTER_PAUSE", 0.0)
