"""Names have a length limit (40 characters) so the tracker, the tray and the dialogs keep one
line each: characters, NPCs from templates and vehicles."""

from __future__ import annotations

import pytest

from d6tui.engine.dice import Dice
from d6tui.engine.errors import RuleError
from d6tui.engine.session import Session
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six import vehicle_commands as vc
from d6tui.games.simple_six import vehicle_stats
from d6tui.games.simple_six.campaign import add_from_template
from d6tui.games.simple_six.creation import NAME_MAX, Draft, problems
from d6tui.games.simple_six.rules import RULES
from d6tui.games.simple_six.templates import templates


def draft(name: str) -> Draft:
    return Draft(name, {"Might": "3D", "Agility": "3D", "Wit": "3D", "Charm": "3D"},
                 skills={"Search": "2D"}, perks=["Lucky", "Destiny", "Attractive"])


def test_a_character_name_takes_at_most_40_characters() -> None:
    assert NAME_MAX == 40
    assert not problems(draft("A" * 40))
    assert "at most 40 characters" in str(problems(draft("A" * 41))[0])
    s = Session.new(RULES, {"seed": 1})
    with pytest.raises(RuleError, match="at most 40"):
        c.add_character(s.state, draft("B" * 240), dice=Dice(1))
    with pytest.raises(RuleError, match="at most 40"):
        add_from_template(s.state, templates()[0], "G" * 41, dice=Dice(1))


def test_a_vehicle_name_takes_at_most_40_characters() -> None:
    s = Session.new(RULES, {"seed": 1})
    with pytest.raises(RuleError, match="at most 40"):
        vc.add_vehicle(s.state, vehicle_stats.templates()[0], "V" * 41)
    assert vc.add_vehicle(s.state, vehicle_stats.templates()[0], "V" * 40)["name"] == "V" * 40
