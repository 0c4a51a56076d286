"""A text choice (``Choice(kind="text")``): checked once in the engine, listed by ``d6tui
moves --json`` and answered by ``d6tui play FILE MOVE --choice NAME=TEXT``; 6x6 Tales'
naming moves use it (R03, J02, J06)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from d6tui.cli import main
from d6tui.engine.errors import RuleError
from d6tui.engine.game import Choice
from d6tui.engine.session import Session
from d6tui.games.tales import island


def test_text_choice_is_checked_in_the_engine() -> None:
    c = Choice("name", "The place's name", min=0, kind="text", max_length=12)
    assert c.check("  Misty, Lake ") == "Misty, Lake"
    assert c.check(None) == ""
    with pytest.raises(RuleError, match="at most 12"):
        c.check("x" * 13)
    with pytest.raises(RuleError, match="control characters"):
        c.check("a\x1b[2Jb")
    with pytest.raises(RuleError, match="control characters"):
        c.check("two\nlines")  # one line only unless ``lines``
    story = Choice("story", "Story", min=0, kind="text", max_length=50, lines=True)
    assert story.check("two\nlines") == "two\nlines"
    with pytest.raises(RuleError, match="type words"):
        story.check(["a"])
    assert c.to_json()["kind"] == "text" and c.to_json()["max_length"] == 12


def test_play_names_a_place_with_a_text_choice(capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    session = Session.new("tales", {"name": "Brin", "race": "dwarf", "seed": 7}, path=path)
    while not any(m.id == "name_place" for m in session.moves()):
        session.play(session.moves()[0])
    capsys.readouterr()
    assert main(["moves", str(path), "--json"]) == 0
    listed = {m["id"]: m for m in json.loads(capsys.readouterr().out)}
    name = listed["name_place"]["choices"]["name"]
    assert name["kind"] == "text" and name["max_length"] == 30
    square = listed["name_place"]["choices"]["square"]["values"][0]
    assert main(["play", str(path), "name_place", "--choice", f"square={square}",
                 "--choice", "name=Misty, the lake"]) == 0
    loaded = Session.load(path)
    assert loaded.state.squares[island.parse_name(square)].name == "Misty, the lake"
    before = path.read_bytes()
    assert main(["play", str(path), "name_place", "--choice", f"square={square}",
                 "--choice", "name=" + "x" * 31]) == 2
    err = capsys.readouterr().err
    assert "at most 30" in err and len(err.strip().splitlines()) == 1
    assert path.read_bytes() == before  # nothing recorded
    assert main(["play", str(path), "describe_hero", "--choice", "look=Red beard",
                 "--choice", "story=Sails for gold"]) == 0
    hero = Session.load(path).state.hero
    assert hero is not None and (hero.look, hero.story) == ("Red beard", "Sails for gold")


def test_a_whole_hobbit_tale_plays_from_the_command_line_cookie_and_all(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Issue 8: ``d6tui moves --json`` and ``d6tui play`` alone play a tale to E17, the
    Hobbit's cookie included (R03), and the save replays to the same end."""
    path = tmp_path / "pip.toml"
    Session.new("tales", {"name": "Pip", "race": "hobbit", "seed": 3}, path=path).close()
    played: list[str] = []
    for _ in range(600):
        capsys.readouterr()
        assert main(["moves", str(path), "--json"]) == 0
        ids = [m["id"] for m in json.loads(capsys.readouterr().out)]
        ids = [i for i in ids if i not in ("undo", "redo") and not i.startswith(
            ("describe_hero", "name_", "use_scroll", "buy", "sell", "witch"))]
        if not ids:  # after the end only undo and the names are left
            break
        pick = next((i for i in ids if i.startswith("use_cookie")), ids[0])
        assert main(["play", str(path), pick]) == 0
        played.append(pick)
    loaded = Session.load(path)
    assert loaded.state.over, loaded.rules.status(loaded.state)
    assert any(p.startswith("use_cookie") for p in played)
    assert loaded.state.hero is not None and "Cookie" not in loaded.state.hero.items
    assert any(e["type"] == "roll_kept" and "cookie" in e for e in loaded.events)
