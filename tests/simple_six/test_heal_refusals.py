"""Healing refusals ("Healing", "Body Points"): nothing to heal at full Body Points; the heal
roll's label uses the campaign's name for Might ("Renaming Attributes")."""

from __future__ import annotations

from dataclasses import replace

import pytest

from d6tui.engine.dice import Dice
from d6tui.engine.errors import RuleError
from d6tui.engine.session import Session
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six.creation import Draft
from d6tui.games.simple_six.rules import RULES
from d6tui.games.simple_six.wounds import WoundLevel

ARIA = Draft("Aria", {"Might": "3D", "Agility": "3D", "Wit": "3D", "Charm": "3D"},
             skills={"Medicine": "2D"}, perks=["Lucky", "Destiny", "Attractive"])
BREN = Draft("Bren", {"Might": "3D", "Agility": "3D", "Wit": "3D", "Charm": "3D"},
             skills={"Medicine": "2D"}, perks=["Lucky", "Destiny", "Attractive"])


def test_full_body_points_are_refused() -> None:
    s = Session.new(RULES, {"seed": 2, "wounds": "body_points"})
    for d in (ARIA, BREN):
        s.do(c.add_character, d, dice=Dice(1))
    with pytest.raises(RuleError, match="full Body Points"):
        c.heal(s.state, "aria", "natural", minutes=1440, dice=Dice(1))


def test_the_heal_roll_is_labelled_with_the_renamed_attribute() -> None:
    s = Session.new(RULES, {"seed": 2, "attribute_names": {"Might": "Power"}})
    s.do(c.add_character, Draft("Aria", {"Power": "3D", "Agility": "3D", "Wit": "3D",
                                         "Charm": "3D"}, skills={"Medicine": "2D"},
                                perks=["Lucky", "Destiny", "Attractive"]), dice=Dice(1))
    m = s.state.member("aria")
    hurt = replace(m, wounds=replace(m.wounds, level=WoundLevel.WOUNDED))
    state = replace(s.state, members=tuple(hurt if x.id == "aria" else x
                                           for x in s.state.members))
    payload = c.heal(state, "aria", "natural", minutes=3 * 1440, dice=Dice(1))
    assert payload["roll"]["label"] == "Power"


def test_replay_text_uses_the_renamed_attributes() -> None:
    s = Session.new(RULES, {"seed": 2, "attribute_names": {"Might": "Power"}})
    s.do(c.add_character, Draft("Aria", {"Power": "3D", "Agility": "3D", "Wit": "3D",
                                         "Charm": "3D"}, skills={"Medicine": "2D"},
                                perks=["Lucky", "Destiny", "Attractive"]), dice=Dice(1))
    assert RULES.report is not None
    text = RULES.report(s.state)
    assert "Power: 3D" in text and "Might: 3D" not in text
    assert "Might: Power" in text  # the setting itself names both
