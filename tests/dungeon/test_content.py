"""The house dice designs and the player's overrides ("Contents"; DESIGN "Content data")."""

from __future__ import annotations

from pathlib import Path

import pytest

from d6tui.engine.session import Session
from d6tui.games.dungeon.content import ContentError, load_designs, shipped_path


def test_six_house_designs_of_two_map_faces_and_four_items() -> None:
    designs = load_designs()
    assert len(designs) == 6 and len({d.id for d in designs}) == 6
    for d in designs:
        assert d.source == "house" and len(d.faces) == 6
    text = shipped_path().read_text(encoding="utf-8")
    assert 'source = "rulebook"' in text and 'section = "Contents"' in text


def test_an_override_in_the_config_dir_replaces_a_design(isolated: dict[str, Path]) -> None:
    isolated["config"].mkdir(parents=True, exist_ok=True)
    (isolated["config"] / "dungeon_dice.toml").write_text(
        '[[designs]]\nid = "red"\nfaces = ["orc", "sword", "sword", "key", "key", "orc"]\n'
        'source = "rulebook"\n', encoding="utf-8")
    red = {d.id: d for d in load_designs()}["red"]
    assert red.faces[0] == "orc" and red.source == "rulebook" and red.name == "Red"
    # The table is copied into the save: the game replays the same without the file.
    s = Session.new("dungeon", {"players": ["Ana", "Ben"], "seed": 1})
    assert s.state.designs["red"].faces[0] == "orc"
    assert s.events[0]["designs"][0]["faces"][0] == "orc"


@pytest.mark.parametrize(("body", "words"), [
    ('[[designs]]\nid = "pink"\n', "no design pink"),
    ('[[designs]]\nid = "red"\nfaces = ["sword", "orc", "key", "key", "key", "orc"]\n',
     "faces 1 and 6"),
    ('[[designs]]\nid = "red"\nfaces = ["orc", "unicorn", "key", "key", "key", "orc"]\n',
     "'unicorn' is not a face"),
    ('[[designs]\n', "not valid TOML"),
])
def test_a_bad_override_is_one_clear_message(tmp_path: Path, body: str, words: str) -> None:
    bad = tmp_path / "dungeon_dice.toml"
    bad.write_text(body, encoding="utf-8")
    with pytest.raises(ContentError, match=words):
        load_designs(override=bad)
