"""The Markdown record: undone events struck through, names rather than ids, and each
character's wounds, Body Points and magic penalty under "The characters now"."""

from __future__ import annotations

from d6tui.engine.session import Session
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six.describe import name_of
from d6tui.games.simple_six.rules import RULES, describe, status
from tests.simple_six.test_campaign import ORC, party

_INIT = {"sir-baelen": ([3, 3], [2]), "mira": ([6, 6, 6], [5]), "melkot": ([2], [2]),
         "orc": ([1], [1])}


def test_undone_events_are_struck_through_and_wounds_are_told() -> None:
    s = party()
    s.do(c.start_session)
    s.do(c.start_combat, ["mira", "orc", "melkot"])
    s.do(c.start_round, typed=_INIT)
    hit = s.do(c.attack, "mira", "orc", skill="Bow", weapon="Bow", range_="short",
               typed={"attack": ([6, 6, 6, 6, 6], [4]), "damage": ([6, 6, 6], [4])})
    s.undo()
    s.do(c.pass_turn)
    s.do(c.cast_spell, "melkot", "Light", 15, typed=([1, 1, 1, 1, 1], [1]))
    md = RULES.export_markdown(s)
    assert f"- #{hit['seq']} ~~Mira attacked Orc with Bow" in md and "~~ (undone)" in md
    assert "initiative Mira" in md and "mira " not in md
    now = md.split("## The characters now", 1)[1]
    assert "**Wounds:** Unharmed" in now  # the undone hit left the orc unharmed
    assert "**Magic:** -1D for failed spells" in now


def test_body_points_and_dead_under_the_sheet() -> None:
    s = party({"seed": 3, "wounds": "body_points"})
    s.do(c.start_combat, ["orc", "mira"])
    s.do(c.attack, "orc", "mira", skill="Axe", weapon="Axe",
         typed={"attack": ([6, 6, 6], [5]), "damage": ([3, 3, 3, 3, 3], [3])})
    m = s.state.member("mira")
    md = RULES.export_markdown(s)
    assert f"**Body Points now:** {m.body.current}/{m.body.maximum} Body Points" in md


def test_names_in_words_and_counts() -> None:
    assert name_of("hedge-wizard-1") == "Hedge Wizard 1"
    assert name_of("sir-baelen", {"sir-baelen": "Sir Baelen"}) == "Sir Baelen"
    ev = {"type": "combat_started", "ids": ["sir-baelen", "orc-warrior-1"]}
    assert describe(ev) == "a fight began: Sir Baelen, Orc Warrior 1"
    one = Session.new(RULES, {"seed": 1})
    one.do(c.add_character, ORC, dice=one.dice)
    assert "1 character," in status(one.state) + ","
    s = party()
    s.do(c.start_combat, ["mira", "orc"])
    s.do(c.start_round, typed={"mira": ([6, 6, 6], [5]), "orc": ([1], [1])})
    assert status(s.state).endswith("Mira to act") and "4 characters" in status(s.state)


def test_an_incapacitated_character_rests() -> None:
    import pytest

    from d6tui.engine.errors import RuleError
    from d6tui.games.simple_six.healing import natural_healing
    from d6tui.games.simple_six.wounds import WoundLevel, WoundState

    s = WoundState(level=WoundLevel.INCAPACITATED, awake=False)
    with pytest.raises(RuleError, match="^an Incapacitated character rests 2 weeks"):
        natural_healing(s, 20, 60)
    w = WoundState(level=WoundLevel.WOUNDED)
    with pytest.raises(RuleError, match="^a Wounded character rests"):
        natural_healing(w, 20, 60)


def test_replay_json_names_body_points_only_when_counted() -> None:
    from d6tui.games.simple_six.rules import to_json

    assert "body_points" not in to_json(party().state)["settings"]
    bp = to_json(party({"seed": 3, "wounds": "body_points"}).state)["settings"]
    assert bp["body_points"] == "rolled"
