"""Vehicle actions as the SRD's character actions ("Vehicle Combat", "Multiple Actions", "Order
of Actions in a Round", "Defensive Options"), roll effects on vehicle rolls (Lucky, items),
damaged systems that change numbers ("System Damaged"), the scale of a rammer's own damage
("Scaling"), removing a vehicle from the roster, and the chase's close/open choice."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from d6tui.engine.dice import Dice
from d6tui.engine.errors import RuleError
from d6tui.engine.session import Session
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six import perks, vehicle_stats
from d6tui.games.simple_six import vehicle_commands as vc
from d6tui.games.simple_six import vehicles as vr
from d6tui.games.simple_six.codes import DieCode, parse_code
from d6tui.games.simple_six.creation import Draft
from d6tui.games.simple_six.describe import names_in
from d6tui.games.simple_six.rules import RULES, describe
from d6tui.games.simple_six.vehicle_log import vehicle

ACE = Draft("Ace", {"Might": "2D", "Agility": "4D", "Wit": "3D", "Charm": "3D"},
            skills={"Pilot": "2D", "Gunnery": "1D", "Command": "1D", "Drive": "1D"},
            perks=["Lucky"], npc=True)
RIVAL = Draft("Rival", {"Might": "2D", "Agility": "3D", "Wit": "2D", "Charm": "2D"},
              skills={"Pilot": "1D", "Drive": "1D"}, npc=True)
BY_NAME = {t.name: t for t in vehicle_stats.templates()}


def w(*faces: int) -> tuple[list[int], list[int]]:
    """Typed wild roll: ordinary faces, then the wild die (no 6 at the end)."""
    return list(faces[:-1]), [faces[-1]]


def ships(combat: str = "traditional", skills: str = "imperium") -> Session:
    s = Session.new(RULES, {"seed": 5, "combat": combat, "skill_list": skills})
    for d in (ACE, RIVAL):
        s.do(c.add_character, d, dice=Dice(1))
    s.do(vc.add_vehicle, BY_NAME["Star Fighter"], "Red Five")
    s.do(vc.add_vehicle, BY_NAME["Star Yacht"], "Lucky Lady")
    s.do(vc.crew_vehicle, "Red Five", "ace")
    s.do(vc.crew_vehicle, "Lucky Lady", "rival")
    return s


def fight(s: Session, actions: dict[str, int] | None = None) -> None:
    """A fight between Ace and Rival; Rival acts first (initiative typed)."""
    s.do(c.start_combat, ["ace", "rival"])
    s.do(c.start_round, actions or {}, typed={"ace": w(1, 1, 1, 2), "rival": w(6, 6, 5)})
    assert s.state.combat is not None and s.state.combat.actor == "rival"


def replayed(s: Session) -> c.Campaign:
    """The state folded again from the log's effective events, through JSON."""
    state = RULES.new_state(s.header.options)
    for e in s.events:
        if e["seq"] in s._effective:
            state = RULES.fold(state, json.loads(json.dumps(
                {k: v for k, v in e.items() if k != "at"})))
    return state


# -- F13: a combatant's vehicle action is one of his actions --------------------------------


def test_a_combatant_fires_only_in_his_turn() -> None:
    s = ships()
    fight(s)
    with pytest.raises(RuleError, match="Rival's turn"):
        s.do(vc.attack_vehicle, "ace", "Lucky Lady", weapon="Laser Cannon",
             from_vehicle="Red Five", dice=s.dice)
    s.do(c.pass_turn)
    s.do(vc.attack_vehicle, "ace", "Lucky Lady", weapon="Laser Cannon",
         from_vehicle="Red Five", dice=s.dice)
    assert s.events[-1]["acted"] == "ace"


def test_vehicle_shots_count_against_the_declared_actions_with_their_penalty() -> None:
    s = ships()
    fight(s, {"ace": 2})
    s.do(c.pass_turn)
    for _ in range(2):
        ev = s.do(vc.attack_vehicle, "ace", "Lucky Lady", weapon="Laser Cannon",
                  from_vehicle="Red Five", evade=False, dice=s.dice)
        assert ev["attack"]["rolled"] == "3D"  # Gunnery 4D, less 1D for two actions
    with pytest.raises(RuleError, match="declared 2 actions"):
        s.do(vc.attack_vehicle, "ace", "Lucky Lady", weapon="Laser Cannon",
             from_vehicle="Red Five", dice=s.dice)
    assert replayed(s) == s.state


def test_a_ram_and_a_chase_turn_are_the_pilots_actions() -> None:
    s = ships()
    s.do(vc.start_chase, "Red Five", "Lucky Lady", "short")
    fight(s)
    with pytest.raises(RuleError, match="Rival's turn"):
        s.do(vc.ram, "Red Five", "Lucky Lady", dice=s.dice)
    with pytest.raises(RuleError, match="Rival's turn"):
        s.do(vc.chase_turn, "Red Five", "Lucky Lady", dice=s.dice)
    s.do(c.pass_turn)
    ev = s.do(vc.ram, "Red Five", "Lucky Lady", dice=s.dice)
    assert ev["acted"] == "ace"
    with pytest.raises(RuleError, match="declared 1 action"):
        s.do(vc.chase_turn, "Red Five", "Lucky Lady", dice=s.dice)
    assert replayed(s) == s.state


def test_a_full_dodger_does_not_fire_and_the_reflex_penalty_counts() -> None:
    s = ships()
    fight(s)
    # Rival attacks Ace, who dodges without having declared it: -1D until his next turn
    s.do(c.attack, "rival", "ace", skill="Brawling", defense="dodge",
         dice=s.dice, typed={"attack": w(1, 2), "defense": w(3, 3, 2)})
    s.do(c.pass_turn)
    ev = s.do(vc.attack_vehicle, "ace", "Lucky Lady", weapon="Laser Cannon",
              from_vehicle="Red Five", evade=False, dice=s.dice)
    assert ev["attack"]["rolled"] == "3D"
    s2 = ships()
    fight(s2)
    s2.do(c.attack, "rival", "ace", skill="Brawling", defense="full_dodge",
          dice=s2.dice, typed={"attack": w(1, 2), "defense": w(3, 3, 3, 2)})
    s2.do(c.pass_turn)
    with pytest.raises(RuleError, match="full dodging"):
        s2.do(vc.attack_vehicle, "ace", "Lucky Lady", weapon="Laser Cannon",
              from_vehicle="Red Five", dice=s2.dice)


def test_the_evading_pilot_rolls_with_his_penalties() -> None:
    s = ships()
    fight(s, {"rival": 2})
    s.do(c.pass_turn)
    ev = s.do(vc.attack_vehicle, "ace", "Lucky Lady", weapon="Laser Cannon",
              from_vehicle="Red Five", dice=s.dice)
    # Rival: Pilot 3D+1D, MNV +1D, scale +... less 1D for the two actions he declared
    assert any("Multiple" in x or "action" in x for x in ev["defense"]["roll"]["modifiers"])


def test_out_of_a_fight_vehicle_actions_stay_free() -> None:
    s = ships()
    for _ in range(3):
        ev = s.do(vc.attack_vehicle, "ace", "Lucky Lady", weapon="Laser Cannon",
                  from_vehicle="Red Five", evade=False, dice=s.dice)
        assert ev["attack"]["rolled"] == "4D" and "acted" not in ev


# -- roll effects on vehicle rolls ------------------------------------------------------------


def test_lucky_doubles_a_vehicle_roll() -> None:
    s = ships()
    s.do(c.start_session)
    s.do(perks.use_perk, "ace", "Lucky")
    ev = s.do(vc.attack_vehicle, "ace", "Lucky Lady", weapon="Laser Cannon",
              from_vehicle="Red Five", evade=False, dice=s.dice, typed={"attack": w(2, 2, 2, 2)})
    assert ev["lucky"] == ["ace"] and ev["attack"]["total"] == 16
    assert not s.state.member("ace").lucky
    assert replayed(s) == s.state


def test_an_item_adds_to_the_salvo_command_roll() -> None:
    s = Session.new(RULES, {"seed": 5, "combat": "traditional", "skill_list": "imperium"})
    for d in (ACE, RIVAL):
        s.do(c.add_character, d, dice=Dice(1))
    s.do(vc.add_vehicle, BY_NAME["Capital Ship"], "Dread")
    s.do(vc.add_vehicle, BY_NAME["Star Yacht"], "Lucky Lady")
    s.do(vc.crew_vehicle, "Dread", "ace")
    plain = vc.attack_vehicle(s.state, "ace", "Lucky Lady",
                              weapon=BY_NAME["Capital Ship"].weapons[0].name,
                              from_vehicle="Dread", guns=2, dice=Dice(3))
    m = s.state.member("ace")
    state = s.state._put(replace(m, items=("Valiant Sword",)))
    armed = vc.attack_vehicle(state, "ace", "Lucky Lady",
                              weapon=BY_NAME["Capital Ship"].weapons[0].name,
                              from_vehicle="Dread", guns=2, dice=Dice(3))
    assert parse_code(armed["command"]["rolled"]) == \
        parse_code(plain["command"]["rolled"]) + DieCode.of(1)


# -- M4: damaged systems change numbers ------------------------------------------------------


def test_damaged_shields_lower_body_and_engines_lower_move() -> None:
    yacht = vr.Vehicle("y", "Y", BY_NAME["Star Yacht"])
    assert yacht.body == DieCode.of(4) and yacht.move == DieCode.of(3)
    hit = vr.apply_damage(vr.apply_damage(yacht, 5, "system", "Shields"), 5, "system", "Engines")
    assert hit.body == DieCode.of(3) and hit.move == DieCode.of(2)
    sensors = vr.apply_damage(yacht, 5, "system", "Sensors")
    assert sensors.body == yacht.body and sensors.move == yacht.move
    assert vr.system_stat("Hull Plating") == "body" and vr.system_stat("Radar") is None


def test_a_hit_on_a_yacht_with_shields_down_rolls_less_body() -> None:
    s = ships()
    laser = BY_NAME["Star Fighter"].weapons[0]
    big = w(*[6] * (laser.damage.dice - 1), 5)
    s.do(vc.attack_vehicle, "ace", "Lucky Lady", weapon=laser.name, from_vehicle="Red Five",
         evade=False, typed={"attack": w(6, 6, 6, 3), "damage": big,
                             "resist": w(1, 1, 1, 1), "location": [2], "system_roll": [1]})
    assert vehicle(s.state, "lucky-lady").lost("Shields") == 1
    ev = s.do(vc.attack_vehicle, "ace", "Lucky Lady", weapon=laser.name,
              from_vehicle="Red Five", evade=False, dice=s.dice,
              typed={"attack": w(6, 6, 6, 3), "resist": w(1, 1, 2)})
    assert ev["hits"][0]["resist"]["rolled"] == "3D"  # Body 4D less the Shields' 1D


# -- M3: the rammer's own damage carries the larger target's scale ---------------------------


def test_a_car_ramming_a_tank_takes_the_scale_difference() -> None:
    s = Session.new(RULES, {"seed": 5, "skill_list": "modern", "combat": "traditional"})
    for d in (replace(ACE, skills={"Drive": "2D"}), replace(RIVAL, skills={"Drive": "1D"})):
        s.do(c.add_character, d, dice=Dice(1))
    s.do(vc.add_vehicle, BY_NAME["Car"], "Bug")
    s.do(vc.add_vehicle, BY_NAME["Tank"], "Bigboy")
    s.do(vc.crew_vehicle, "Bug", "ace")
    s.do(vc.crew_vehicle, "Bigboy", "rival")
    ev = s.do(vc.ram, "Bug", "Bigboy", dice=s.dice,
              typed={"rammer_roll": w(6, 6, 6, 6, 6, 6, 2), "target_roll": w(1, 1, 1)})
    base = parse_code(ev["ram_damage"])
    on = {h["vehicle"]: h for h in ev["hits"]}
    assert parse_code(on["bug"]["damage"]["rolled"]) == base + DieCode.of(2)
    assert parse_code(on["bigboy"]["damage"]["rolled"]) == base
    assert parse_code(on["bigboy"]["resist"]["rolled"]) == BY_NAME["Tank"].body + \
        DieCode.of(2)


# -- removing a vehicle -----------------------------------------------------------------------


def test_a_vehicle_leaves_the_roster_and_its_history_stays() -> None:
    s = ships()
    s.do(vc.start_chase, "Red Five", "Lucky Lady")
    s.do(vc.attack_vehicle, "ace", "Lucky Lady", weapon="Laser Cannon",
         from_vehicle="Red Five", dice=s.dice)
    ev = s.do(vc.remove_vehicle, "Lucky Lady", "sold on Tatoo")
    assert [v.name for v in s.state.vehicles] == ["Red Five"] and not s.state.chases
    assert describe(ev, names_in(s.state)) == \
        "vehicle Lucky Lady left the roster (sold on Tatoo)"
    assert "Lucky Lady" in describe(s.events[-2], names_in(s.state))
    with pytest.raises(RuleError):
        s.do(vc.attack_vehicle, "ace", "Lucky Lady", weapon="Laser Cannon",
             from_vehicle="Red Five", dice=s.dice)
    assert replayed(s) == s.state
    s.undo()
    assert len(s.state.vehicles) == 2
    s.redo()
    s.do(vc.add_vehicle, BY_NAME["Star Yacht"], "Lucky Lady")  # the name is free again
    assert replayed(s) == s.state


# -- chases -----------------------------------------------------------------------------------


def test_a_chase_move_must_be_close_or_open() -> None:
    s = ships()
    s.do(vc.start_chase, "Red Five", "Lucky Lady", "short")
    with pytest.raises(RuleError, match="closes or opens"):
        s.do(vc.chase_turn, "Red Five", "Lucky Lady", pursuer_move="ram", dice=s.dice)
