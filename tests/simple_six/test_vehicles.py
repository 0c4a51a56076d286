"""Vehicles ("Vehicles" through "Sample Sci-Fi Vehicles"): the damage chart, structural wounds,
Maneuverability, ramming, salvos, chases, repairs, speed categories and the log round trip."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from d6tui.engine.dice import Dice
from d6tui.engine.errors import RuleError
from d6tui.engine.session import Session
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six import vehicle_commands as vc
from d6tui.games.simple_six import vehicle_stats
from d6tui.games.simple_six import vehicles as vr
from d6tui.games.simple_six.codes import DieCode
from d6tui.games.simple_six.creation import Draft
from d6tui.games.simple_six.describe import names_in
from d6tui.games.simple_six.rules import RULES, describe
from d6tui.games.simple_six.vehicle_log import vehicle
from d6tui.games.simple_six.wounds import WoundLevel

ACE = Draft("Ace", {"Might": "2D", "Agility": "4D", "Wit": "3D", "Charm": "3D"},
            skills={"Pilot": "2D", "Gunnery": "1D", "Repair": "2D", "Command": "1D"}, npc=True)
RIVAL = Draft("Rival", {"Might": "2D", "Agility": "3D", "Wit": "2D", "Charm": "2D"},
              skills={"Pilot": "1D", "Drive": "1D"}, npc=True)
BY_NAME = {t.name: t for t in vehicle_stats.templates()}


def table(options: dict | None = None, path: Path | None = None) -> Session:
    """A traditional Imperium campaign with two pilots, a Star Fighter and a Star Yacht."""
    s = Session.new(RULES, {"seed": 5, "combat": "traditional", "skill_list": "imperium",
                            **(options or {})}, path=path)
    for d in (ACE, RIVAL):
        s.do(c.add_character, d, dice=Dice(1))
    s.do(vc.add_vehicle, BY_NAME["Star Fighter"], "Red Five")
    s.do(vc.add_vehicle, BY_NAME["Star Yacht"], "Lucky Lady")
    s.do(vc.crew_vehicle, "Red Five", "ace")
    s.do(vc.crew_vehicle, "Lucky Lady", "rival")
    return s


def w(*faces: int) -> tuple[list[int], list[int]]:
    """Typed wild roll: ordinary faces, then the wild die (no 6 at the end)."""
    return list(faces[:-1]), [faces[-1]]


# -- the templates ----------------------------------------------------------------------------


def test_every_sample_vehicle_is_a_house_template() -> None:
    names = {"Air Ship", "Automaton", "Galleon", "Small Ship", "Car", "Fighter Jet",
             "Motorcycle", "Sports Car", "Tank", "Air Cycle", "Capital Ship", "Mecha",
             "Star Fighter", "Star Yacht"}
    assert names <= set(BY_NAME)
    assert all(BY_NAME[n].house for n in names)
    assert BY_NAME["Tank"].scale == 4 and BY_NAME["Capital Ship"].scale == 12  # "Scaling"
    assert BY_NAME["Capital Ship"].dollars == "$$$$$$"


def test_a_users_file_overrides_a_template(tmp_path: Path) -> None:
    own = tmp_path / "simple_six_vehicles.toml"
    own.write_text('[[vehicles]]\nname = "Car"\nskill = "Drive"\nscale = 2\nbody = "3D"\n'
                   'maneuverability = "0D"\nmove = "2D"\nspeed = "ground"\n', encoding="utf-8")
    found = {t.name: t for t in vehicle_stats.templates(own)}
    assert found["Car"].body == DieCode.of(3) and not found["Car"].house
    assert found["Tank"].house


# -- the damage chart -------------------------------------------------------------------------


def test_damage_chart_rows() -> None:
    fighter = BY_NAME["Star Fighter"]
    assert vr.damage_part(1, fighter) == "maneuverability"
    assert vr.damage_part(2, fighter) == vr.damage_part(3, fighter) == "system"
    assert vr.damage_part(4, fighter) == vr.damage_part(5, fighter) == "structure"
    assert vr.damage_part(6, fighter) == "structure" and 6 in vr.HOUSE_FACES
    bare = replace(fighter, systems=())
    assert vr.damage_part(2, bare) == "structure"
    with pytest.raises(RuleError):
        vr.damage_part(7, fighter)


def test_system_hit_breaks_or_costs_a_die() -> None:
    # Shields 2D, Sensors 1D, Engines 2D, Hyperdrive
    v = vr.Vehicle("x", "X", BY_NAME["Star Fighter"])
    assert [vr.system_hit(f, v.stats) for f in range(1, 7)] == [
        "Shields", "Shields", "Sensors", "Engines", "Engines", "Hyperdrive"]
    v = vr.apply_damage(v, 3, "system", "Shields")
    assert v.lost("Shields") == 1 and not v.broken("Shields")
    v = vr.apply_damage(v, 3, "system", "Shields")
    assert v.broken("Shields")
    v = vr.apply_damage(v, 3, "system", "Hyperdrive")
    assert v.broken("Hyperdrive")
    assert "Shields broken" in v.damage_words()


def test_structural_wounds_climb_to_destroyed() -> None:
    v = vr.Vehicle("x", "X", BY_NAME["Car"])
    v = vr.apply_damage(v, 5, "structure")
    assert v.level == WoundLevel.WOUNDED and v.penalty == 1 and v.running
    v = vr.apply_damage(v, 5, "structure")  # the chart's note: Wounded again is Severely
    assert v.level == WoundLevel.SEVERELY_WOUNDED and v.penalty == 2
    v = vr.apply_damage(v, 14, "structure")
    assert v.level == WoundLevel.MORTALLY_WOUNDED and not v.running and not v.destroyed
    v = vr.apply_damage(v, 2, "structure")  # at or below the level: one level up
    assert v.destroyed and v.damage_words() == "destroyed"
    assert vr.apply_damage(v, 20, "maneuverability") == v
    assert vr.apply_damage(vr.Vehicle("y", "Y", BY_NAME["Car"]), 0, "structure").level == 0


def test_maneuverability_goes_negative_and_penalises_the_pilot() -> None:
    v = vr.Vehicle("x", "X", BY_NAME["Car"])  # MNV 1D
    for _ in range(3):
        v = vr.apply_damage(v, 2, "maneuverability")
    assert v.mnv_lost == 3 and v.maneuverability == DieCode.of(-2)
    assert vr.pilot_code(DieCode.of(5), v) == DieCode.of(3)
    assert vr.pilot_code(DieCode.of(2), v) == DieCode.of(1)  # the wild die alone
    s = table()
    fighter = vehicle(s.state, "red-five")
    hurt = replace(fighter, mnv_lost=4)  # 2D - 4D = -2D
    state = replace(s.state, vehicles=(hurt, *s.state.vehicles[1:]))
    p = vc.ram(state, "red-five", "lucky-lady", dice=Dice(2))
    # Ace's Pilot 6D, MNV -2D: 4D thrown
    assert p["rammer_roll"]["rolled"] == "4D"


# -- combat -----------------------------------------------------------------------------------


def test_attack_uses_the_pilot_roll_and_the_body_roll() -> None:
    s = table()
    ev = s.do(vc.attack_vehicle, "ace", "lucky-lady", weapon="Laser Cannon",
              from_vehicle="red-five", typed={
                  "attack": w(6, 6, 6, 5), "defense": w(1, 1, 1, 1, 2),
                  "damage": w(3, 3, 2, 2, 2), "resist": w(1, 1, 1, 2),
                  "location": [5]})
    # Gunnery (Wit 3D + 1D) = 4D, same scale; the yacht's pilot: Pilot 4D + MNV 1D = 5D
    assert ev["skill"] == "Gunnery" and ev["attack"]["rolled"] == "4D"
    assert ev["defense"]["roll"]["rolled"] == "5D" and ev["tn"] == 6
    assert ev["hit"]
    hit = ev["hits"][0]
    assert hit["resist"]["rolled"] == "4D" and hit["part"] == "structure"
    assert hit["margin"] == 12 - 5 and hit["severity"] == "Wounded"
    lady = vehicle(s.state, "lucky-lady")
    assert lady.level == WoundLevel.WOUNDED
    assert "took structural damage (Wounded)" in describe(ev, names_in(s.state))
    # the wound now costs the yacht's pilot 1D: Pilot 4D + MNV 1D - 1D
    ev = s.do(vc.attack_vehicle, "ace", "lucky-lady", weapon="Laser Cannon",
              from_vehicle="red-five", typed={"attack": w(1, 1, 1, 1),
                                              "defense": w(1, 1, 1, 2)})
    assert ev["defense"]["roll"]["rolled"] == "4D" and not ev["hit"]


def test_a_six_on_the_chart_is_structural_and_marked_house() -> None:
    s = table()
    ev = s.do(vc.attack_vehicle, "ace", "lucky-lady", weapon="Laser Cannon",
              from_vehicle="red-five", evade=False, typed={
                  "attack": w(6, 6, 6, 5), "damage": w(3, 3, 2, 2, 2),
                  "resist": w(1, 1, 1, 2), "location": [6]})
    assert ev["tn"] == 10 and "defense" not in ev
    assert ev["hits"][0]["part"] == "structure"
    assert "\u2302" in describe(ev, names_in(s.state))


def test_scale_of_a_hand_weapon_against_a_vehicle() -> None:
    s = table()
    ev = s.do(vc.attack_vehicle, "rival", "red-five", weapon="Plasma Pistol", skill="Pistol",
              dice=Dice(4))
    # a person (scale 0) shooting a scale-6 fighter adds 6D to the attack ("Scaling")
    assert ev["attack"]["rolled"] == "9D"


def test_ramming_damages_both() -> None:
    s = table()
    with pytest.raises(RuleError, match="short range"):
        s.do(vc.start_chase, "red-five", "lucky-lady", "long")
        s.do(vc.ram, "red-five", "lucky-lady", dice=Dice(1))
    s = table()
    miss = s.do(vc.ram, "red-five", "lucky-lady", typed={
        "rammer_roll": w(1, 1, 1, 1, 1, 1, 1, 2), "target_roll": w(1, 1, 1, 1, 5)})
    assert not miss["hit"]  # 9 is not higher than 9
    ev = s.do(vc.ram, "red-five", "lucky-lady", typed={
        "rammer_roll": w(5, 5, 5, 5, 5, 5, 5, 5), "target_roll": w(1, 1, 1, 1, 2),
        "target_damage": w(6, 5, 5, 5, 4), "target_resist": w(1, 1, 1, 1),
        "target_location": [1],
        "rammer_damage": w(6, 5, 5, 5, 4), "rammer_resist": w(1, 1, 1),
        "rammer_location": [2], "rammer_system_roll": [1]})
    # Body 3D plus Move 5D - 3D = 5D, to both (same scale)
    assert ev["ram_damage"] == "5D" and ev["hit"]
    assert [h["vehicle"] for h in ev["hits"]] == ["lucky-lady", "red-five"]
    assert vehicle(s.state, "lucky-lady").mnv_lost == 1
    assert vehicle(s.state, "red-five").lost("Shields") == 1
    assert vr.ram_damage(BY_NAME["Tank"], BY_NAME["Car"]) == DieCode.of(7)


def test_salvo_pips_by_doubling_and_command_roll() -> None:
    assert [vr.salvo_pips(n) for n in (1, 2, 3, 4, 7, 8, 16)] == [0, 1, 1, 2, 2, 3, 4]
    assert vr.salvo_difficulty(2) == ("Easy", 10)
    assert vr.salvo_difficulty(4)[0] == "Moderate"
    assert vr.salvo_difficulty(8)[0] == "Difficult"
    assert vr.salvo_difficulty(20)[0] == "Heroic"
    s = table()
    failed = s.do(vc.attack_vehicle, "ace", "lucky-lady", weapon="Laser Cannon",
                  from_vehicle="red-five", guns=4, typed={"command": w(1, 1, 1, 1)})
    assert failed["command_tn"] == 15 and not failed["hit"] and "attack" not in failed
    ev = s.do(vc.attack_vehicle, "ace", "lucky-lady", weapon="Laser Cannon",
              from_vehicle="red-five", guns=4, evade=False, typed={
                  "command": w(5, 5, 5, 5), "attack": w(5, 5, 5, 5),
                  "damage": w(1, 1, 1, 1, 1), "resist": w(1, 1, 1, 1), "location": [1]})
    assert ev["hits"][0]["damage"]["dice"] == "5D+2"  # 4 guns: two doublings
    with pytest.raises(RuleError, match="mounts 4"):
        s.do(vc.attack_vehicle, "ace", "lucky-lady", weapon="Laser Cannon",
             from_vehicle="red-five", guns=5, dice=Dice(1))


# -- chases -----------------------------------------------------------------------------------


def test_speed_category_bonus() -> None:
    assert vr.speed_bonus("air", "ground") == 3  # a fighter chasing a tank: 5D - 2D
    assert vr.speed_bonus("ground", "air") == 0
    assert vr.speed_bonus("space", "primitive") == 10
    assert vr.speed_bonus("ground", "ground") == 0


def test_a_chase_escaping() -> None:
    s = table()
    s.do(vc.start_chase, "lucky-lady", "red-five", "medium")
    # the yacht: Pilot 4D + MNV 1D + Move 3D = 8D; the fighter: 6D + 2D + Move 5D = 13D
    low, high = w(1, 1, 1, 1, 1, 1, 1, 2), w(*[6] * 12, 5)
    ev = s.do(vc.chase_turn, "lucky-lady", "red-five",
              typed={"pursuer_roll": low, "quarry_roll": high})
    assert ev["result"] == "long" and ev["winner"] == "red-five"
    ev = s.do(vc.chase_turn, "lucky-lady", "red-five",
              typed={"pursuer_roll": low, "quarry_roll": high})
    assert ev["result"] == "escaped" and s.state.chases == ()


def test_a_chase_catching() -> None:
    s = table()
    s.do(vc.start_chase, "red-five", "lucky-lady", "short")
    ev = s.do(vc.chase_turn, "red-five", "lucky-lady",
              typed={"pursuer_roll": w(*[6] * 12, 5), "quarry_roll": w(1, 1, 1, 1, 1, 1, 1, 2)})
    assert ev["pursuer_roll"]["rolled"] == "13D" and ev["winner"] == "red-five"
    assert ev["result"] == "caught" and s.state.chases == ()


# -- repairs ----------------------------------------------------------------------------------


def test_repairs_table() -> None:
    assert vr.repair_row(1) == ("Easy", 10, "1 hour")
    assert vr.repair_row(2) == ("Moderate", 15, "4 hours")
    assert vr.repair_row(3) == vr.repair_row(5) == ("Difficult", 20, "1 day")
    with pytest.raises(RuleError):
        vr.repair_row(0)
    v = vr.Vehicle("x", "X", BY_NAME["Car"], level=WoundLevel.SEVERELY_WOUNDED, mnv_lost=1)
    assert vr.repair_job(v, "structure").difficulty == "Moderate"
    assert vr.repair_job(v, "maneuverability").tn == 10
    assert vr.damaged_parts(v) == ["maneuverability", "structure"]


def test_repair_restores_on_success() -> None:
    s = table()
    s.do(vc.attack_vehicle, "ace", "lucky-lady", weapon="Laser Cannon", from_vehicle="red-five",
         evade=False, typed={"attack": w(5, 5, 5, 5), "damage": w(3, 3, 2, 2, 2),
                             "resist": w(1, 1, 1, 2), "location": [1]})
    assert vehicle(s.state, "lucky-lady").mnv_lost == 1
    fail = s.do(vc.repair_vehicle, "lucky-lady", "ace", "maneuverability",
                typed={"roll": w(1, 1, 1, 1, 1)})
    assert not fail["success"] and vehicle(s.state, "lucky-lady").mnv_lost == 1
    ok = s.do(vc.repair_vehicle, "lucky-lady", "ace", "maneuverability",
              typed={"roll": w(2, 2, 2, 2, 3)})
    assert ok["tn"] == 10 and ok["cost"] == "10% of $$$$" and ok["success"]
    assert vehicle(s.state, "lucky-lady").mnv_lost == 0
    with pytest.raises(RuleError, match="nothing to repair"):
        s.do(vc.repair_vehicle, "lucky-lady", "ace", "maneuverability", dice=Dice(1))


# -- the log ----------------------------------------------------------------------------------


def test_fold_replay_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    s = table(path=path)
    s.do(vc.attack_vehicle, "ace", "lucky-lady", weapon="Laser Cannon", from_vehicle="red-five",
         dice=Dice(11))
    s.do(vc.ram, "red-five", "lucky-lady", dice=Dice(12))
    s.do(vc.start_chase, "red-five", "lucky-lady", "medium")
    s.do(vc.chase_turn, "red-five", "lucky-lady", dice=Dice(13))
    back = Session.load(path)
    assert back.state.vehicles == s.state.vehicles
    assert back.state.chases == s.state.chases
    assert RULES.to_json(back.state)["vehicles"][0]["name"] == "Red Five"
    for ev in back.events:
        assert describe(ev, names_in(back.state))


def test_crew_seats_and_unknown_vehicle() -> None:
    s = table()
    with pytest.raises(RuleError, match="takes 1 aboard"):
        s.do(vc.crew_vehicle, "red-five", "ace", ["rival"])
    with pytest.raises(RuleError, match="no vehicle"):
        s.do(vc.crew_vehicle, "x-wing", "ace")
    with pytest.raises(RuleError, match="already a vehicle"):
        s.do(vc.add_vehicle, BY_NAME["Car"], "Red Five")


def test_speed_bonus_in_a_chase_roll() -> None:
    s = table()
    s.do(vc.add_vehicle, BY_NAME["Car"], "Jalopy")
    s.do(vc.crew_vehicle, "lucky-lady", None)
    s.do(vc.crew_vehicle, "jalopy", "rival")
    s.do(vc.start_chase, "red-five", "jalopy", "long")
    ev = s.do(vc.chase_turn, "red-five", "jalopy", dice=Dice(3))
    # the fighter is a spacecraft (10D) against a ground car (2D): +8D; the car gets nothing
    assert ev["pursuer_roll"]["rolled"] == "21D"
    assert ev["quarry_roll"]["rolled"] == "8D"  # Drive (Agility 3D + 1D) + MNV 1D + Move 3D


def test_fast_static_uses_static_pilot_and_body() -> None:
    s = table({"combat": "static"})
    ev = s.do(vc.attack_vehicle, "ace", "lucky-lady", weapon="Laser Cannon",
              from_vehicle="red-five", range_="medium",
              typed={"attack": w(6, 6, 6, 5), "damage": w(3, 3, 2, 2, 2), "location": [1]})
    # Rival's Pilot 4D + MNV 1D = 5D: static 15, +5 at medium range
    assert ev["defense"] == {"static": 15} and ev["tn"] == 20
    hit = ev["hits"][0]
    assert "resist" not in hit and hit["resistance"] == 12  # Body 4D, static 12
    assert vehicle(s.state, "lucky-lady").mnv_lost == 0  # 12 against 12: nothing
    assert hit["margin"] == 0


def test_the_record_tells_vehicle_events(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    s = table(path=path)
    s.do(vc.start_chase, "red-five", "lucky-lady", "long")
    s.do(vc.end_chase, "red-five", "lucky-lady")
    text = RULES.export_markdown(Session.load(path))
    assert "vehicle Red Five (Star Fighter) joined the campaign" in text
    assert "Red Five gave chase to Lucky Lady at long range" in text
    assert "the chase of Lucky Lady by Red Five ended" in text


def test_a_hit_whose_words_disagree_with_its_dice_does_not_fold() -> None:
    from d6tui.engine.errors import EventError

    s = table()
    ev = vc.attack_vehicle(s.state, "ace", "lucky-lady", weapon="Laser Cannon",
                           from_vehicle="red-five", evade=False, typed={
                               "attack": w(6, 6, 6, 5), "damage": w(3, 3, 2, 2, 2),
                               "resist": w(1, 1, 1, 2), "location": [1]})
    assert ev["hits"][0]["part"] == "maneuverability"
    ev["hits"][0]["part"] = "structure"
    with pytest.raises(EventError, match="damage chart says maneuverability"):
        c.fold(s.state, ev)


def test_ramming_a_vehicle_nobody_steers() -> None:
    s = table()
    s.do(vc.crew_vehicle, "lucky-lady", None)
    ev = s.do(vc.ram, "red-five", "lucky-lady", typed={
        "rammer_roll": w(1, 1, 1, 1, 1, 1, 1, 4), "target_damage": w(1, 1, 1, 1, 1),
        "target_resist": w(6, 6, 6, 5), "rammer_damage": w(1, 1, 1, 1, 1),
        "rammer_resist": w(6, 6, 5)})
    assert ev["target_tn"] == 10 and ev["hit"]  # 11 is higher than 10
    assert "target_roll" not in ev


def test_a_fantasy_campaign_without_pilot_skill_rolls_agility() -> None:
    s = Session.new(RULES, {"seed": 2, "combat": "traditional"})  # the fantasy list: no Pilot
    s.do(c.add_character, Draft("Captain", {"Might": "2D", "Agility": "3D", "Wit": "2D",
                                            "Charm": "3D"}, npc=True), dice=Dice(1))
    s.do(vc.add_vehicle, BY_NAME["Galleon"], "Sea Wolf")
    s.do(vc.add_vehicle, BY_NAME["Small Ship"], "Gull")
    s.do(vc.crew_vehicle, "sea-wolf", "captain")
    ev = s.do(vc.ram, "sea-wolf", "gull", dice=Dice(3))
    # Agility 3D + the galleon's MNV -1D; the Gull has no pilot: 10 to beat
    assert ev["rammer_roll"]["rolled"] == "2D" and "Agility" in ev["rammer_roll"]["label"]
    assert ev["target_tn"] == 10
