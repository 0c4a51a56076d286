"""The log names characters, NPCs and vehicles as the screen does, from the state folded just
before each event (``describe(event, state_before)``), and renamed attributes by the campaign's
names ("Renaming Attributes")."""

from __future__ import annotations

from d6tui.engine.dice import Dice
from d6tui.engine.session import Session
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six import vehicle_commands as vc
from d6tui.games.simple_six import vehicle_stats
from d6tui.games.simple_six.creation import Draft
from d6tui.games.simple_six.rules import RULES, describe

ZOE = Draft("Zoë O'Brien", {"Might": "3D", "Agility": "3D", "Wit": "3D", "Charm": "3D"},
            skills={"Sword": "2D", "Dodge": "2D", "Stealth": "2D", "Search": "1D"},
            weapons=["Sword"])
BRANNOC = Draft("Brannoc the Bold", {"Might": "3D", "Agility": "3D", "Wit": "3D", "Charm": "3D"},
                skills={"Axe": "2D", "Dodge": "2D", "Stealth": "2D", "Search": "1D"},
                weapons=["Axe"], npc=True)


def _states(s: Session) -> list:
    """The state folded before each of the session's events."""
    out, state = [], RULES.new_state(s.header.options)
    for ev in s.events:
        out.append(state)
        state = RULES.fold(state, ev)
    return out


def test_names_come_from_the_state_before() -> None:
    s = Session.new(RULES, {"seed": 4, "attribute_names": {"Wit": "Savoir-faire"}})
    s.do(c.add_character, ZOE, dice=Dice(1))
    s.do(c.add_character, BRANNOC, dice=Dice(1))
    s.do(vc.add_vehicle, vehicle_stats.templates()[0], "L'Étoile du Nord")
    s.do(vc.crew_vehicle, "l-toile-du-nord", "zo-o-brien")
    s.do(c.start_combat, ["zo-o-brien", "brannoc-the-bold"])
    s.do(c.roll_check, "zo-o-brien", "Wit", target=10, dice=s.dice)
    before = _states(s)
    lines = [describe(ev, st) for ev, st in zip(s.events, before, strict=True)]
    assert lines[1] == "character Zoë O'Brien joined"
    assert lines[2] == "NPC Brannoc the Bold joined"
    assert lines[4].startswith("L'Étoile du Nord: Zoë O'Brien pilots")
    assert lines[5] == "a fight began: Zoë O'Brien, Brannoc the Bold"
    assert lines[6].startswith("Zoë O'Brien rolled Savoir-faire:")
    # without the state, today's words from the ids
    assert describe(s.events[5]) == "a fight began: Zo O Brien, Brannoc The Bold"
    assert describe(s.events[6]).startswith("Zo O Brien rolled Wit:")


def test_names_the_state_does_not_hold_fall_back_to_the_id() -> None:
    ev = {"type": "turn_passed", "who": "hedge-wizard-1"}
    assert describe(ev, RULES.new_state({})) == "Hedge Wizard 1 finished acting"
