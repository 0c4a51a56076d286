"""Simple Six's healing, magic, perks, CP and vehicle moves played through `d6tui play`,
as the screen plays them (d6tui.games.simple_six.moves): each rule cited by its section."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from d6tui.cli import main
from d6tui.engine.game import find_move
from d6tui.engine.session import Session
from d6tui.games.simple_six.wounds import WoundLevel
from tests.ui.test_simple_six_flows import new_campaign


def listed(capsys: pytest.CaptureFixture[str], path: Path) -> dict[str, dict]:
    capsys.readouterr()
    assert main(["moves", str(path), "--json"]) == 0
    return {m["id"]: m for m in json.loads(capsys.readouterr().out)}


def play(path: Path, move: str, **choices: str) -> int:
    args = ["play", str(path), move]
    for k, v in choices.items():
        args += ["--choice", f"{k}={v}"]
    return main(args)


def wounded(tmp_path: Path) -> tuple[Session, str]:
    """A campaign in a fight where a player character has taken a wound level."""
    s = new_campaign(tmp_path)
    s.play(find_move(s.moves(), "start_session"))
    s.play(find_move(s.moves(), "start_fight"), {"who": [m.id for m in s.state.members]})
    for _ in range(30):
        s.play(find_move(s.moves(), "roll_initiative"))
        while s.state.combat.actor is not None:
            actor = s.state.member(s.state.combat.actor)
            attacks = [m for m in s.moves() if m.id.startswith("attack:")]
            pcs = [t.id for t in s.state.members if not t.sheet.npc and not t.out_of_action]
            if actor.sheet.npc and attacks and pcs:
                s.play(attacks[0], {"target": pcs[0]})
            s.play(find_move(s.moves(), "pass_turn"))
            hurt = [m for m in s.state.members if not m.sheet.npc
                    and WoundLevel.STUNNED < m.wounds.level < WoundLevel.DEAD]
            if hurt:
                return s, hurt[0].id
    raise AssertionError("no player character was wounded")


def test_play_heals_with_a_potion(capsys: pytest.CaptureFixture[str],
                                  tmp_path: Path) -> None:
    """"Potions": a Potion of Healing lowers the wound level one step."""
    s, who = wounded(tmp_path)
    path = s.log.path
    before = s.state.member(who).wounds.level
    moves = listed(capsys, path)
    assert {"heal_potion", "heal_assisted", "heal_natural", "flesh_wound"} <= set(moves)
    assert who in moves["heal_potion"]["choices"]["who"]["values"]
    assert moves["heal_assisted"]["dice"][0]["name"] == "rolls"
    assert play(path, "heal_potion", who=who) == 0
    assert Session.load(path).state.member(who).wounds.level == before - 1
    assert play(path, "heal_potion", who="nobody") == 2  # one line, nothing recorded
    assert "nobody" in capsys.readouterr().err


def test_play_assisted_healing_rolls_the_healers_medicine(tmp_path: Path) -> None:
    """"Healing": assisted healing is a healer's Medicine roll; the healer is not the
    patient."""
    s, who = wounded(tmp_path)
    path = s.log.path
    healer = next(m.id for m in s.state.members if m.id != who and not m.sheet.npc)
    assert play(path, "heal_assisted", who=who, healer=who) == 2
    n = len(Session.load(path).events)
    assert play(path, "heal_assisted", who=who, healer=healer) == 0
    ev = Session.load(path).events[n]
    assert ev["type"] == "healed" and ev["roll"]["source"] == "app"
    assert play(path, "heal_assisted", who=who, healer=healer, ) == 2  # once a day a patient
    assert main(["play", str(path), "heal_natural", "--choice", f"who={who}",
                 "--dice", "3 4 5"]) == 2  # not in a fight, typed dice or not


def test_play_casts_a_spell_and_the_caster_adds_cp(capsys: pytest.CaptureFixture[str],
                                                   tmp_path: Path) -> None:
    """"Casting Spells": a sorcerer's Magic roll at the spell's TN; "Traditional OpenD6
    Character Points": CP then add wild dice to the roll just made."""
    s = new_campaign(tmp_path, options={"wild": {"character_point_dice": True}})
    s.play(find_move(s.moves(), "start_session"))
    s.play(find_move(s.moves(), "end_session"), {"cp": "5"})
    path = s.log.path
    moves = listed(capsys, path)
    assert moves["cast"]["choices"]["caster"]["values"] == ["mira"]  # the Sorcerer only
    assert play(path, "cast", caster="sir-baelen", spell="Light") == 2  # no magic
    assert play(path, "cast", caster="mira", spell="Charm", targets="goblin-1") == 0
    loaded = Session.load(path)
    ev = loaded.events[-1]
    assert ev["type"] == "spell_cast" and ev["spell"] == "Charm"
    assert loaded.state.last_roll is not None and loaded.state.last_roll.who == "mira"
    assert "add_cp" in listed(capsys, path)
    assert play(path, "add_cp", who="mira", cp="1") == 0
    after = Session.load(path)
    assert after.events[-1]["type"] == "cp_added"
    assert after.state.member("mira").sheet.character_points == 4


def test_play_spends_cp_between_fights(capsys: pytest.CaptureFixture[str],
                                       tmp_path: Path) -> None:
    """"Spending Character Points": a pip on a skill costs the dice of its code in CP,
    more than a character has is refused, and CP are spent between fights only."""
    s = new_campaign(tmp_path)
    s.play(find_move(s.moves(), "start_session"))
    s.play(find_move(s.moves(), "end_session"), {"cp": "5"})
    path = s.log.path
    before = Session.load(path).state.member("tam").sheet
    assert main(["play", str(path), "spend_cp", "--choice", "who=tam", "--choice",
                 "kind=skill", "--choice", "target=Tracking"]) == 0
    after = Session.load(path).state.member("tam").sheet
    assert after.character_points < before.character_points
    assert after.own_dice("Tracking") != before.own_dice("Tracking")
    assert play(path, "spend_cp", who="tam", kind="skill", target="Bow") == 2  # 6D: 6 CP
    s = Session.load(path)
    s.play(find_move(s.moves(), "start_session"))
    s.play(find_move(s.moves(), "start_fight"), {"who": ["tam", "goblin-1"]})
    assert "spend_cp" not in listed(capsys, path)  # not in a fight


def test_play_uses_a_perk(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """"General Perks": Lucky is declared once a session; the second use is refused."""
    from d6tui.games.simple_six import campaign
    from tests.simple_six.test_heal_refusals import ARIA

    path = tmp_path / "c.toml"
    s = Session.new("simple_six", {"seed": 3}, path=path)
    s.do(campaign.add_character, ARIA, dice=s.dice)
    s.play(find_move(s.moves(), "start_session"))
    perk = listed(capsys, path)["use_perk"]["choices"]
    assert {"Lucky", "Destiny", "Attractive"} <= set(perk["perk"]["values"])
    assert play(path, "use_perk", who="aria", perk="Lucky") == 0
    state = Session.load(path).state
    assert state.member("aria").lucky and "Lucky" in state.member("aria").perks_used
    assert play(path, "use_perk", who="aria", perk="Lucky") == 2
    assert play(path, "use_perk", who="aria", perk="Destiny") == 2  # used on a failed roll


def test_play_adds_an_npc_from_a_template(tmp_path: Path) -> None:
    """"Nonplayer Characters": a stock NPC from a template joins with no hero points."""
    path = tmp_path / "c.toml"
    Session.new("simple_six", {"seed": 3}, path=path)
    assert play(path, "add_npc", template="Goblin", name="Goblin 1") == 0
    assert play(path, "add_npc", template="Dragon King") == 2
    m = Session.load(path).state.member("goblin-1")
    assert m.sheet.npc and m.sheet.hero_points == 0


def test_play_adds_crews_and_fires_on_vehicles(capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path) -> None:
    """"Vehicles": vehicles from templates join the roster and are crewed; "Vehicle
    Combat": a hand weapon fires on a vehicle; "Ramming": a vehicle rams another."""
    s = new_campaign(tmp_path)
    path = s.log.path
    moves = listed(capsys, path)
    template = moves["add_vehicle"]["choices"]["template"]["values"][0]
    assert play(path, "add_vehicle", template=template, name="Wagon") == 0
    assert play(path, "add_vehicle", template=template, name="Cart") == 0
    assert play(path, "add_vehicle", template="No Such Thing") == 2
    state = Session.load(path).state
    wagon, cart = (next(v.id for v in state.vehicles if v.name == n) for n in ("Wagon", "Cart"))
    assert main(["play", str(path), "crew_vehicle", "--choice", f"vehicle={wagon}",
                 "--choice", "pilot=sir-baelen", "--choice", "aboard=mira"]) == 0
    state = Session.load(path).state
    v = next(v for v in state.vehicles if v.id == wagon)
    assert v.pilot == "sir-baelen" and v.crew == ("mira",)
    shot = listed(capsys, path)["fire_on_vehicle"]["choices"]["shot"]["values"]
    assert "tam||Bow" in shot  # a ranged hand weapon
    n = len(Session.load(path).events)
    assert play(path, "fire_on_vehicle", target=cart, shot="tam||Bow", range="short") == 0
    ev = Session.load(path).events[n]
    assert ev["type"] == "vehicle_attacked" and ev["vehicle"] == cart and ev["attacker"] == "tam"
    assert play(path, "ram", vehicle=wagon, target=wagon) == 2  # not itself
    assert play(path, "ram", vehicle=wagon, target=cart) == 0
    assert Session.load(path).events[-1]["type"] == "vehicle_rammed"
    assert play(path, "remove_vehicle", vehicle=cart) == 0
    assert [v.name for v in Session.load(path).state.vehicles] == ["Wagon"]
