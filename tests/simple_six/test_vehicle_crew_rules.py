"""One vehicle at a time for each character ("Vehicles": Crew), and a destroyed vehicle takes
nobody aboard, gives no chase, fires nothing and has nothing to repair ("Structural
Damage": dead vehicles are destroyed)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from d6tui.engine.dice import Dice
from d6tui.engine.errors import RuleError
from d6tui.engine.session import Session
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six import vehicle_commands as vc
from d6tui.games.simple_six import vehicle_stats
from d6tui.games.simple_six import vehicles as vr
from d6tui.games.simple_six.creation import Draft
from d6tui.games.simple_six.rules import RULES
from d6tui.games.simple_six.vehicle_log import put, vehicle
from d6tui.games.simple_six.wounds import WoundLevel

PIA = Draft("Pia", {"Might": "2D", "Agility": "4D", "Wit": "3D", "Charm": "3D"},
            skills={"Pilot": "2D", "Drive": "2D", "Repair": "1D"}, npc=True)
BO = Draft("Bo", {"Might": "2D", "Agility": "3D", "Wit": "2D", "Charm": "2D"},
           skills={"Pilot": "1D"}, npc=True)
BY_NAME = {t.name: t for t in vehicle_stats.templates()}


def garage() -> Session:
    s = Session.new(RULES, {"seed": 5, "combat": "traditional", "skill_list": "imperium"})
    for d in (PIA, BO):
        s.do(c.add_character, d, dice=Dice(1))
    s.do(vc.add_vehicle, BY_NAME["Star Fighter"], "Red Five")
    s.do(vc.add_vehicle, BY_NAME["Star Yacht"], "Lucky Lady")
    return s


def wrecked(s: Session, name: str) -> c.Campaign:
    """The campaign with vehicle ``name`` destroyed (Dead)."""
    return put(s.state, replace(vehicle(s.state, name), level=WoundLevel.DEAD))


def test_a_pilot_is_aboard_one_vehicle_at_a_time() -> None:
    s = garage()
    s.do(vc.crew_vehicle, "Red Five", "pia")
    assert vc.aboard(s.state, "pia") is not None
    with pytest.raises(RuleError, match="Pia is aboard Red Five"):
        vc.crew_vehicle(s.state, "Lucky Lady", "pia")
    with pytest.raises(RuleError, match="Pia is aboard Red Five"):
        vc.crew_vehicle(s.state, "Lucky Lady", "bo", ["pia"])
    # re-crewing the same vehicle is fine; taking her off frees her
    s.do(vc.crew_vehicle, "Red Five", "pia")
    s.do(vc.crew_vehicle, "Red Five", None)
    assert vc.aboard(s.state, "pia") is None
    s.do(vc.crew_vehicle, "Lucky Lady", "pia", ["bo"])
    assert vehicle(s.state, "Lucky Lady").pilot == "pia"


def test_a_destroyed_vehicle_takes_nobody_but_can_be_emptied() -> None:
    s = garage()
    s.do(vc.crew_vehicle, "Red Five", "pia")
    state = wrecked(s, "Red Five")
    with pytest.raises(RuleError, match="destroyed"):
        vc.crew_vehicle(state, "Red Five", "bo")
    payload = vc.crew_vehicle(state, "Red Five", None)
    assert payload == {"type": "vehicle_crewed", "vehicle": "red-five", "crew": []}


def test_a_destroyed_vehicle_gives_no_chase_and_is_not_chased() -> None:
    s = garage()
    state = wrecked(s, "Red Five")
    with pytest.raises(RuleError, match="Red Five is destroyed"):
        vc.start_chase(state, "Red Five", "Lucky Lady", "long")
    with pytest.raises(RuleError, match="Red Five is destroyed"):
        vc.start_chase(state, "Lucky Lady", "Red Five", "long")
    stopped = put(s.state, replace(vehicle(s.state, "Red Five"),
                                   level=WoundLevel.MORTALLY_WOUNDED))
    with pytest.raises(RuleError, match="stopped"):
        vc.start_chase(stopped, "Red Five", "Lucky Lady", "long")


def test_a_destroyed_vehicle_has_nothing_to_repair_and_fires_nothing() -> None:
    s = garage()
    s.do(vc.crew_vehicle, "Red Five", "pia")
    state = wrecked(s, "Red Five")
    v = vehicle(state, "Red Five")
    assert vr.damaged_parts(v) == []
    with pytest.raises(RuleError, match="nothing left to repair"):
        vc.repair_vehicle(state, "Red Five", "bo", "structure", dice=Dice(1))
    gun = v.stats.weapons[0].name
    with pytest.raises(RuleError, match="its guns are gone"):
        vc.attack_vehicle(state, "pia", "Lucky Lady", weapon=gun, from_vehicle="red-five",
                          dice=Dice(1))
