"""Self-contained saves (DESIGN "The log"): a tale keeps the content it started with, so a
user's ``tales.toml`` or a new release never changes how a save replays."""

from __future__ import annotations

import hashlib
import json
import shutil
import tomllib
from pathlib import Path

import pytest
import tomli_w

from d6tui import cli, paths
from d6tui.engine.dice import Dice
from d6tui.engine.errors import RuleError
from d6tui.engine.session import Session
from d6tui.games.tales import commands, scoring
from d6tui.games.tales import content as content_module
from d6tui.games.tales.bot import Bot, play_tale
from d6tui.games.tales.content import FROZEN, SHIPPED, current, frozen, parse
from d6tui.games.tales.rules import RULES
from d6tui.games.tales.state import Tale

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "saves"
#: The example tale as first recorded (saves/tales-example.toml until it was recorded again
#: with notes): byte for byte the v1 fixture, checked here forever.
EXAMPLE = FIXTURES / "tales-v1.toml"
#: The frozen content of version 1 must never change: old saves replay with it.
FROZEN_V1_SHA256 = "d644cc26819ef2933d2c037109f46d60d2d409a842462f5e6aa6564f8c24e7be"

#: ``d6tui replay`` of the first example tale, as it was before saves carried content.
EXAMPLE_RESULT = {
    "over": True, "won": False, "fame": 53, "status": "Unknown Hero", "week": 4, "day": 1,
    "hero": {"name": "Brin", "race": "dwarf", "atk": 3, "dmg": 2, "spd": 2, "hp": 1,
             "max_hp": 5, "poison": 1, "gold": 3, "fame": 20, "items": [], "scrolls": []},
    "square": "II-6", "revealed": 26, "map_open": False,
    "quests": [{"id": 1, "kind": "explore", "place": "Any", "done": False},
               {"id": 2, "kind": "mango", "place": "II-6", "done": True},
               {"id": 3, "kind": "mango", "place": "V-1", "done": True},
               {"id": 4, "kind": "scrolls", "place": "II-5", "done": False}],
}


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty config folder of the user's own (paths.config_dir)."""
    folder = tmp_path / "config"
    folder.mkdir()
    monkeypatch.setenv("D6TUI_CONFIG", str(folder))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(folder))
    return folder


OVERRIDES = ("calendar", "monster", "both")


def write_override(folder: Path, what: str = "both") -> Path:
    """A user's tales.toml: a 5-day week (J05), a stronger Green Slime (R08, house), or both.

    Args:
        folder: the config folder.
        what: "calendar", "monster" or "both".
    """
    shipped = tomllib.loads(SHIPPED.read_text(encoding="utf-8"))
    monsters = shipped["monsters"]
    for m in monsters:
        if m["name"] == "Green Slime":
            m.update(atk=12, hp=9)
    doc: dict = {}
    if what in ("calendar", "both"):
        doc["calendar"] = {"days_per_week": 5, "source": "house", "section": "J05"}
    if what in ("monster", "both"):
        doc["monsters"] = monsters  # a table of the user's file replaces the shipped one
    path = folder / "tales.toml"
    path.write_text(tomli_w.dumps(doc), encoding="utf-8")
    return path


def replay(save: Path, tmp_path: Path) -> Session:
    """Load a copy of ``save`` (the fixture itself is never opened for writing)."""
    copy = tmp_path / f"copy-{len(list(tmp_path.iterdir()))}-{save.name}"
    shutil.copyfile(save, copy)
    session = Session.load(copy, rules=RULES)
    session.close()
    return session


def forbid_content_files(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every way of reading the content files fail."""

    def boom(*args: object) -> dict:
        raise AssertionError("the content files were read")

    monkeypatch.setattr(paths, "read_content", boom)
    monkeypatch.setattr(content_module, "read_content", boom)
    monkeypatch.setattr(content_module, "current_doc", boom)
    monkeypatch.setattr(commands, "current_doc", boom)


def test_the_override_is_live(config: Path) -> None:
    write_override(config, "calendar")
    assert current().days_per_week == 5
    assert current().monsters[(2, "plains")].atk == 9
    write_override(config, "monster")
    assert current().days_per_week == 6
    assert current().monsters[(2, "plains")].atk == 12


@pytest.mark.parametrize("version", [1, 2])
def test_d6tui_replay_json_gives_the_recorded_output(
    config: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], version: int,
) -> None:
    """``d6tui replay FIXTURE --json`` as recorded when the fixture was made (v1: before saves
    carried content), under the user's override."""
    write_override(config)
    save = tmp_path / f"tales-v{version}.toml"
    shutil.copyfile(FIXTURES / save.name, save)
    assert cli.main(["replay", str(save), "--json"]) == 0
    recorded = (FIXTURES / f"tales-v{version}.replay.json").read_text(encoding="utf-8")
    assert json.loads(capsys.readouterr().out) == json.loads(recorded)


@pytest.mark.parametrize("what", OVERRIDES)
def test_example_replays_the_same_whatever_the_user_overrides(
    config: Path, tmp_path: Path, what: str,
) -> None:
    plain = replay(EXAMPLE, tmp_path)
    write_override(config, what)
    overridden = replay(EXAMPLE, tmp_path)
    assert overridden.state == plain.state
    assert RULES.to_json(overridden.state) == RULES.to_json(plain.state) == EXAMPLE_RESULT
    # An old save carries no content: the frozen version 1 stands in, never the override.
    assert "content" not in overridden.events[0]
    assert overridden.state.content == frozen(1)
    assert overridden.state.content.days_per_week == 6


def test_v1_fixture_replays_to_its_final_fame_status_and_score(
    config: Path, tmp_path: Path,
) -> None:
    write_override(config)
    session = replay(FIXTURES / "tales-v1.toml", tmp_path)
    state = session.state
    assert state.over and state.final_fame == 53 and state.status == "Unknown Hero"
    assert scoring.score(state) == (20, 30, 3, 53)  # J09: fame, quests, gold, total
    assert RULES.to_json(state) == EXAMPLE_RESULT
    assert len(session.events) == 194


def test_v2_fixture_replays_to_its_recorded_result(config: Path, tmp_path: Path) -> None:
    results = []
    for override in (False, True):
        if override:
            write_override(config)
        session = replay(FIXTURES / "tales-v2.toml", tmp_path)
        state = session.state
        assert "content" in session.events[0]
        assert state.content == parse(session.events[0]["content"])
        assert state.content.days_per_week == 6
        assert state.over and state.final_fame == 20 and state.status == "Unknown Hero"
        assert scoring.score(state) == (0, 15, 5, 20)
        assert (state.week, state.day, len(session.events)) == (3, 1, 113)
        assert [f.monster for f in state.fights] == [
            "Pink Slime", "veteran Pink Slime", "Pink Slime", "Pink Slime", "Pink Slime",
            "Green Slime", "Green Slime", "Green Slime", "Green Slime", "Green Slime"]
        results.append(state)
    assert results[0] == results[1]


def test_a_new_tale_keeps_its_override_after_the_file_is_gone(
    config: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    override = write_override(config)
    path = tmp_path / "tale.toml"
    session = Session.new(RULES, {"name": "Tova", "race": "dwarf"}, path=path, dice=Dice(34))
    play_tale(session, Bot(34), limit=150)
    played = session.state
    session.close()
    assert played.content.days_per_week == 5
    assert played.content.monsters[(2, "plains")].atk == 12
    assert played.week >= 2 and all(d.day <= 5 for d in played.days)
    with path.open("rb") as f:
        first = tomllib.load(f)["events"][0]
    assert first["content"]["calendar"]["days_per_week"] == 5

    override.unlink()
    assert current().days_per_week == 6
    forbid_content_files(monkeypatch)
    loaded = Session.load(path, rules=RULES, dice=Dice(35))
    assert loaded.state == played
    # Playing on reads the tale's own tables too: still 5 days a week.
    play_tale(loaded, Bot(35))
    loaded.close()
    assert loaded.state.over
    assert all(d.day <= 5 for d in loaded.state.days)
    assert Session.load(path, rules=RULES).state == loaded.state


def test_replay_never_reads_the_content_files(
    config: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    forbid_content_files(monkeypatch)
    assert RULES.to_json(replay(EXAMPLE, tmp_path).state) == EXAMPLE_RESULT
    assert replay(FIXTURES / "tales-v2.toml", tmp_path).state.final_fame == 20


def test_a_broken_override_stops_a_new_tale_with_a_clear_message(config: Path) -> None:
    (config / "tales.toml").write_text("[calendar]\nsource = \"house\"\n", encoding="utf-8")
    with pytest.raises(RuleError, match="tales.toml.*days_per_week"):
        Session.new(RULES, {"name": "Ann", "race": "elf"})


def test_a_tale_before_its_start_holds_the_frozen_content() -> None:
    assert Tale().content == frozen(1)


def test_the_frozen_content_is_never_edited() -> None:
    data = FROZEN[1].read_bytes()
    assert hashlib.sha256(data).hexdigest() == FROZEN_V1_SHA256
    # It is the content shipped when saves began to carry their own copy.
    assert frozen(1).days_per_week == 6
    assert frozen(1).monsters[(2, "plains")].name == "Green Slime"


def test_a_new_release_of_the_shipped_content_changes_no_save(
    config: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A later d6tui ships other values (a 4-day week, another Green Slime): the fixtures
    replay as recorded, and only a new tale gets the new values."""
    doc = tomllib.loads(SHIPPED.read_text(encoding="utf-8"))
    doc["calendar"]["days_per_week"] = 4
    for m in doc["monsters"]:
        if m["name"] == "Green Slime":
            m.update(atk=5, dmg=3)
    release = tmp_path / "release" / "tales.toml"
    release.parent.mkdir()
    release.write_text(tomli_w.dumps(doc), encoding="utf-8")
    monkeypatch.setattr(content_module, "SHIPPED", release)
    assert current().days_per_week == 4
    for version in (1, 2):
        recorded = json.loads(
            (FIXTURES / f"tales-v{version}.replay.json").read_text(encoding="utf-8"))
        state = replay(FIXTURES / f"tales-v{version}.toml", tmp_path).state
        assert RULES.to_json(state) == recorded["state"]
    fresh = Session.new(RULES, {"name": "Ann", "race": "elf"})
    assert fresh.state.content.days_per_week == 4
