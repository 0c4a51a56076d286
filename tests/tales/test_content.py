"""The content file: rulebook and house values, and the player's override."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from d6tui.games.tales.content import SHIPPED, current


def test_every_entry_names_its_source() -> None:
    doc = tomllib.loads(SHIPPED.read_text(encoding="utf-8"))
    for key, value in doc.items():
        entries = value if isinstance(value, list) else [value]
        for entry in entries:
            assert entry.get("source") in ("rulebook", "house"), (key, entry)
            assert entry.get("section"), (key, entry)


def test_house_values_are_marked() -> None:
    c = current()
    assert not c.monsters[(1, "swamp")].house
    assert c.monsters[(2, "swamp")].house
    assert c.scrolls["Kaboom"].house and not c.scrolls["Dash"].house
    assert "road:bend" in c.house and "calendar" in c.house


def test_week_one_monsters_r08() -> None:
    c = current()
    rows = {t: (m.name, m.atk, m.dmg, m.hp) for (w, t), m in c.monsters.items() if w == 1}
    assert rows["swamp"] == ("Skeleton", 7, 1, 2)
    assert rows["forest"] == ("Giant Rat", 9, 1, 1)
    assert rows["mountains"] == ("Goblin", 6, 2, 2)
    assert rows["plains"][1] == 8


def test_user_file_overrides_the_shipped_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    (tmp_path / "tales.toml").write_text(
        '[calendar]\ndays_per_week = 7\nsource = "house"\n', encoding="utf-8")
    monkeypatch.setenv("D6TUI_CONFIG", str(tmp_path))
    assert current().days_per_week == 7
    assert current().monsters[(1, "swamp")].name == "Skeleton"
