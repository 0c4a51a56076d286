"""D6 Dungeon test fixtures: the UI tests' isolation (temp config and saves, fixed clock, no
cursor blink) for every test here, and helpers to drive a game through its moves."""

from __future__ import annotations

from tests.ui.conftest import isolated, saves  # noqa: F401 - fixtures used by name
