"""A combatant whose wound penalty leaves no die of Agility still rolls initiative: the wild
die alone (a house reading, see rules.py), instead of the whole round being refused."""

from __future__ import annotations

from dataclasses import replace

from d6tui.engine.dice import Dice
from d6tui.games.simple_six import campaign
from d6tui.games.simple_six.creation import Draft
from d6tui.games.simple_six.wounds import WoundLevel, WoundState


def test_severely_wounded_low_agility_rolls_the_wild_die_alone() -> None:
    state = campaign.fold(campaign.Campaign(), campaign.start({}, Dice(1)))
    for name, agility in (("Orc", "2D+2"), ("Hero", "3D")):
        draft = Draft(name, {"Might": "3D", "Agility": agility, "Wit": "2D", "Charm": "2D"},
                      npc=True)
        state = campaign.fold(state, {"seq": 1, **campaign.add_character(state, draft)})
    state = campaign.fold(state, campaign.start_combat(state, ["orc", "hero"]))
    orc = state.member("orc")
    state = state._put(replace(orc, wounds=WoundState(WoundLevel.SEVERELY_WOUNDED)))
    payload = campaign.start_round(state, dice=Dice(3))
    rolls = {e["who"]: e["roll"] for e in payload["initiative"]}
    assert rolls["orc"]["rolled"] == "1D" and rolls["orc"]["faces"] == []
    assert rolls["hero"]["rolled"] == "3D"
    campaign.fold(state, payload)  # and it folds
