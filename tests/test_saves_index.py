"""Save summaries are cached by file size and mtime, and refreshed when a save changes."""

from __future__ import annotations

from pathlib import Path

import pytest

from d6tui.engine.session import Session
from d6tui.games.shooter.bot import choose
from d6tui.ui import saves_index
from d6tui.ui.saves_index import INDEX_NAME, scan_saves


def test_summaries_are_cached_and_refreshed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    s = Session.new("shooter", {"players": ["Ann", "Bob"], "seed": 2}, path=tmp_path / "a.toml",
                    title="Duel")
    first = scan_saves(tmp_path)
    assert [(r.title, r.events) for r in first] == [("Duel", 1)]
    assert (tmp_path / INDEX_NAME).exists()

    calls: list[Path] = []
    real = saves_index.summarise
    monkeypatch.setattr(saves_index, "summarise", lambda p: calls.append(p) or real(p))
    again = scan_saves(tmp_path)
    assert calls == []  # served from the index
    assert again == first

    a, answers = choose(s.state)
    s.do(a.command, dice=s.dice, **answers)
    changed = scan_saves(tmp_path)
    assert calls == [tmp_path / "a.toml"]  # the save changed: folded again
    assert changed[0].events == 2


def test_damaged_index_is_ignored(tmp_path: Path) -> None:
    Session.new("shooter", {"players": ["Ann", "Bob"]}, path=tmp_path / "a.toml").close()
    (tmp_path / INDEX_NAME).write_text("saves = [broken")
    assert [r.path.name for r in scan_saves(tmp_path)] == ["a.toml"]
