"""Simple Six's checks, wound rolls, attacks, rounds and character creation played through
`d6tui play`, as the screen plays them at a shared table (d6tui.games.simple_six.roll_moves,
character_moves, moves): each rule cited by its section."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from d6tui.cli import main
from d6tui.engine.game import find_move
from d6tui.engine.session import Session
from d6tui.games.simple_six import attack_preview
from d6tui.games.simple_six.character_moves import draft_json
from d6tui.games.simple_six.creation import Draft
from d6tui.games.simple_six.export import sheet_toml
from tests.simple_six.test_cli_moves import listed, play
from tests.ui.test_simple_six_flows import MIRA, new_campaign


def in_a_fight(tmp_path: Path, who: list[str] | None = None) -> Session:
    s = new_campaign(tmp_path)
    s.play(find_move(s.moves(), "start_session"))
    s.play(find_move(s.moves(), "start_fight"),
           {"who": who or [m.id for m in s.state.members]})
    return s


def test_play_rolls_a_check(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """"Dice Basics": a skill's code is rolled against the GM's target number; a skill the
    sheet lacks rolls its attribute, a name that is neither is refused in one line."""
    s = new_campaign(tmp_path)
    path = s.log.path
    moves = listed(capsys, path)
    assert "tam" in moves["check"]["choices"]["who"]["values"]
    n = len(s.events)
    assert play(path, "check", who="tam", what="Bow", target="10") == 0
    ev = Session.load(path).events[n]
    assert ev["type"] == "rolled" and ev["who"] == "tam" and ev["what"] == "Bow"
    assert ev["roll"]["target"] == 10 and ev["roll"]["source"] == "app"
    assert ev["roll"]["dice"] == "6D" and len(ev["roll"]["faces"]) == 5  # and the wild die
    assert play(path, "check", who="tam", what="Juggling Swords") == 2
    assert play(path, "check", who="tam", what="Bow", target="ten") == 2
    assert "whole number" in capsys.readouterr().err
    assert len(Session.load(path).events) == n + 1  # the refusals recorded nothing


def test_play_makes_a_wound_roll(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """"Wound Level Effects": the newly Incapacitated roll Stamina to stay up; the move is
    offered for them only, and once rolled it is gone."""
    s = in_a_fight(tmp_path)
    for _ in range(40):
        if any(m.wounds.stay_up_pending for m in s.state.members):
            break
        if s.state.combat.actor is None:
            s.play(find_move(s.moves(), "roll_initiative"))
            continue
        attacks = [m for m in s.moves() if m.id.startswith("attack:")]
        if attacks:
            target = next(v for v, _ in attacks[0].choices[0].options)
            s.play(attacks[0], {"target": target})
        if not any(m.wounds.stay_up_pending for m in s.state.members):
            s.play(find_move(s.moves(), "pass_turn"))
    down = [m.id for m in s.state.members if m.wounds.stay_up_pending]
    assert down, "no one was Incapacitated"
    path = s.log.path
    moves = listed(capsys, path)
    assert moves["stay_up"]["choices"]["who"]["values"] == down
    standing = next(m.id for m in s.state.members if m.id not in down)
    assert play(path, "stay_up", who=standing) == 2
    n = len(Session.load(path).events)
    assert play(path, "stay_up", who=down[0]) == 0
    after = Session.load(path)
    ev = after.events[n]
    assert ev["type"] == "stay_up_rolled" and ev["who"] == down[0]
    assert ev["roll"]["target"] == 15 and ev["roll"]["source"] == "app"
    assert not after.state.member(down[0]).wounds.stay_up_pending
    assert down[0] not in listed(capsys, path).get("stay_up", {}).get(
        "choices", {}).get("who", {}).get("values", [])


def test_play_attacks_with_a_defense(capsys: pytest.CaptureFixture[str],
                                     tmp_path: Path) -> None:
    """"Static Defenses": the target's Dodge against a missile is his TN; Block and Parry
    stop no missile, so they are not offered with a bow ("Defensive Options")."""
    s = in_a_fight(tmp_path, ["tam", "goblin-1"])
    while s.state.combat.actor != "tam":
        if s.state.combat.actor is None:
            s.play(find_move(s.moves(), "roll_initiative"))
        else:
            s.play(find_move(s.moves(), "pass_turn"))
    path = s.log.path
    bow = listed(capsys, path)["attack:bow"]["choices"]
    assert "block" not in bow["defense"]["values"] and "dodge" in bow["defense"]["values"]
    assert {"0", "1", "3"} <= set(bow["hero_points"]["values"])
    assert play(path, "attack:bow", target="goblin-1", defense="block") == 2
    assert play(path, "attack:bow", target="goblin-1", hero_points="3") == 2  # he has 1
    before = Session.load(path)
    rows = attack_preview.defenses(before.state, "tam", "goblin-1", ranged=True,
                                   range_="medium", cover=50)
    full = next(r.tn for r in rows if r.value == "full")
    assert full == next(r.tn for r in rows if r.value == "dodge") + 10
    n = len(before.events)
    assert play(path, "attack:bow", target="goblin-1", defense="full", range="medium",
                cover="50") == 0
    ev = Session.load(path).events[n]
    assert ev["type"] == "attacked" and ev["target"] == "goblin-1" and ev["weapon"] == "Bow"
    assert ev["tn"] == full  # the full dodge's +10 on top of range and cover


def test_play_rolls_a_round_with_declared_actions(capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path) -> None:
    """"Order of Actions in a Round" and "Multiple Actions": initiative is rolled for all;
    a combatant declaring two actions is at -1D; more than leave his best code 1D, or one
    not in the fight, is refused."""
    s = in_a_fight(tmp_path, ["tam", "goblin-1"])
    path = s.log.path
    assert play(path, "roll_initiative", actions="tam=99") == 2
    assert play(path, "roll_initiative", actions="mira=2") == 2  # not in this fight
    assert play(path, "roll_initiative", actions="tam 2") == 2
    n = len(Session.load(path).events)
    assert play(path, "roll_initiative", actions="tam=2") == 0
    after = Session.load(path)
    ev = after.events[n]
    assert ev["type"] == "round_started" and ev["actions"] == {"tam": 2}
    assert after.state.combat.round == 1 and after.state.combat.actor is not None


def test_play_creates_a_character(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """"How to Make a Character": the form's fields as one JSON text; the creation rules
    (attribute dice, skill dice) are checked by the game, and a new player character gets
    the next player's seat."""
    path = tmp_path / "c.toml"
    Session.new("simple_six", {"seed": 3}, path=path)
    assert "create_character" in listed(capsys, path)
    assert play(path, "create_character", sheet=draft_json(MIRA)) == 0
    s = Session.load(path)
    mira = s.state.member("mira")
    assert not mira.sheet.npc and mira.sheet.spells
    assert s.rules.seats(s.state) == ("GM", "Mira")
    greedy = Draft("Greedy", {"Might": "5D", "Agility": "5D", "Wit": "5D", "Charm": "5D"})
    assert play(path, "create_character", sheet=draft_json(greedy)) == 2
    err = capsys.readouterr().err
    assert err.strip() and "Greedy" not in str(Session.load(path).state.members)
    assert play(path, "create_character", sheet="{not json") == 2
    assert play(path, "create_character", sheet=json.dumps({"name": "X", "age": 3})) == 2
    assert play(path, "create_character", sheet=draft_json(MIRA)) == 2  # the name is taken
    assert [m.id for m in Session.load(path).state.members] == ["mira"]
    assert play(path, "edit_character", who="mira", hero_points="3") == 0
    assert Session.load(path).state.member("mira").sheet.hero_points == 3
    exported = sheet_toml(Session.load(path).state.member("mira").sheet)
    assert play(path, "remove_character", who="mira") == 0
    assert Session.load(path).state.members == ()
    assert play(path, "import_character", sheet="not = [toml") == 2
    assert play(path, "import_character", sheet=exported) == 0  # "Mira" comes back
    assert Session.load(path).state.member("mira").sheet.hero_points == 3
    assert main(["moves", str(path)]) == 0


def test_the_record_export_keeps_the_undo_note(capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path) -> None:
    """README "Undo never buys a re-roll": a check rolled again after an undo says "the same
    dice as before the undo" in ``d6tui play`` and in ``d6tui export --format record``."""
    s = new_campaign(tmp_path)
    path = s.log.path
    assert play(path, "check", who="tam", what="Bow", target="10") == 0
    assert main(["play", str(path), "undo"]) == 0
    capsys.readouterr()
    assert play(path, "check", who="tam", what="Bow", target="10") == 0
    assert "(the same dice as before the undo)" in capsys.readouterr().out
    for fmt in ("record", "markdown"):
        assert main(["export", str(path), "--format", fmt]) == 0
        out = capsys.readouterr().out
        assert out.count("(the same dice as before the undo)") == 1, fmt


def test_an_undone_roll_is_not_another_characters_to_use_up(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """README "Undo never buys a re-roll": the dice of an undone check stay on the table for
    the same character's check. Another character's check gets dice of its own, so it cannot
    use them up and leave the first a fresh roll (found by a fresh tester: the Goblin's check
    took the Orc's undone dice, and the Orc's check again was a new roll)."""
    s = new_campaign(tmp_path)
    path = s.log.path
    assert play(path, "check", who="orc-warrior-2", what="Might", target="10") == 0
    orc = Session.load(path).events[-1]["roll"]
    assert main(["play", str(path), "undo"]) == 0
    capsys.readouterr()
    assert play(path, "check", who="goblin-1", what="Might", target="10") == 0
    goblin = Session.load(path).events[-1]
    assert "dice_again" not in goblin
    assert "(the same dice as before the undo)" not in capsys.readouterr().out
    assert play(path, "check", who="orc-warrior-2", what="Might", target="10") == 0
    again = Session.load(path).events[-1]
    assert again["dice_again"] > 0 and again["roll"] == orc
    assert "(the same dice as before the undo)" in capsys.readouterr().out


def test_a_group_added_at_once_is_undone_and_redone_as_one(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """NPCs added as one group ("3 Goblins": each add carries the group's ``batch``) are
    taken back by one undo and brought back by one redo, from ``d6tui play`` as from the
    screen; an NPC added alone after them is its own undo (found by a fresh tester: ``u``
    took back only the last of three)."""
    s = new_campaign(tmp_path, npcs=())
    path = s.log.path
    for name in ("Goblin 7", "Goblin 8"):
        assert play(path, "add_npc", template="Goblin", name=name, batch="Goblin 7 to 8") == 0
    assert play(path, "add_npc", template="Goblin", name="Goblin 9") == 0

    def npcs() -> list[str]:
        return [m.sheet.name for m in Session.load(path).state.members if m.sheet.npc]

    assert npcs() == ["Goblin 7", "Goblin 8", "Goblin 9"]
    assert main(["play", str(path), "undo"]) == 0
    assert npcs() == ["Goblin 7", "Goblin 8"]
    assert main(["play", str(path), "undo"]) == 0
    assert npcs() == []
    assert main(["play", str(path), "redo"]) == 0
    assert npcs() == ["Goblin 7", "Goblin 8"]
    events = Session.load(path).events
    assert [e["type"] for e in events[-2:]] == ["redone", "redone"]
