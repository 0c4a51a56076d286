"""Every module of d6tui holds one idea, short enough to read: under 600 lines (the
contract of docs/CONTRIBUTING.md; issue "One way for a game to plug in", item 7)."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "d6tui"
#: A module this long or longer holds more than one idea.
MAX_LINES = 600
MODULES = sorted(p.relative_to(ROOT).as_posix() for p in ROOT.rglob("*.py"))


def test_the_walk_finds_the_package() -> None:
    assert "engine/session.py" in MODULES and len(MODULES) > 100


@pytest.mark.parametrize("name", MODULES)
def test_every_module_is_under_600_lines(name: str) -> None:
    lines = (ROOT / name).read_text(encoding="utf-8").count("\n")
    assert lines < MAX_LINES, f"d6tui/{name} has {lines} lines: split it by idea"
