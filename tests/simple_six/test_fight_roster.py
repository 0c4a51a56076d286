"""Who is in a running fight and when each acts: keys kept for the whole fight, joining and
leaving, initiative set by the GM, delay and hold, the fallen skipped ("Order of Actions in
a Round"; d6tui's marked decisions in :mod:`d6tui.games.simple_six.fight_roster`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from d6tui.engine.errors import RuleError
from d6tui.engine.session import Session
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six import fight_roster as fr
from d6tui.games.simple_six.describe import describe
from tests.simple_six.test_campaign import party

_INIT = {"sir-baelen": ([3, 3], [2]), "mira": ([6, 6, 6], [5]), "orc": ([1], [1])}


def _fight(path: Path | None = None) -> Session:
    s = party(path=path)
    s.do(c.start_combat, ["sir-baelen", "mira", "orc"])
    s.do(c.start_round, typed=_INIT)
    return s


def test_each_combatant_keeps_his_key_for_the_whole_fight() -> None:
    s = _fight()
    fight = s.state.combat
    assert [fight.tag(i) for i in ("sir-baelen", "mira", "orc")] == ["1", "2", "3"]
    assert fr.by_tag(fight, "3") == "orc"
    s.do(fr.leave_fight, "mira")
    s.do(fr.join_fight, "melkot", typed=([2], [3]))
    fight = s.state.combat
    # Mira's 2 is never given to another: the newcomer takes the next free key
    assert fight.tag("melkot") == "4" and fight.tag("orc") == "3"
    assert fr.by_tag(fight, "2") == "mira" and "mira" not in fight.ids


def test_a_newcomer_rolls_initiative_and_takes_his_place_among_those_to_act() -> None:
    s = _fight()
    assert s.state.combat.order == ("mira", "sir-baelen", "orc")  # totals 23+, 8, 2
    ev = s.do(fr.join_fight, "melkot", typed=([2], [3]))  # 5, between Baelen and the orc
    assert ev["roll"]["total"] == 5
    fight = s.state.combat
    assert fight.order == ("mira", "sir-baelen", "melkot", "orc")
    assert dict(fight.totals)["melkot"] == 5
    assert "Melkot joined the fight, initiative 5" in describe(ev, s.state)
    with pytest.raises(RuleError, match="already"):
        s.do(fr.join_fight, "melkot", typed=([2], [3]))


def test_the_gm_sets_a_total_and_only_those_to_act_are_reordered() -> None:
    s = _fight()
    s.do(fr.set_initiative, "orc", 30)
    assert s.state.combat.order == ("mira", "orc", "sir-baelen")  # Mira is acting: kept first
    with pytest.raises(RuleError, match="has acted or is acting"):
        s.do(fr.set_initiative, "mira", 1)


def test_delay_and_hold() -> None:
    s = _fight()
    s.do(fr.delay_turn, "sir-baelen")  # Mira waits for Sir Baelen
    fight = s.state.combat
    assert fight.order == ("sir-baelen", "mira", "orc") and fight.actor == "sir-baelen"
    s.do(fr.hold_turn)  # Sir Baelen holds
    fight = s.state.combat
    assert fight.actor == "mira" and fight.held == ("sir-baelen",)
    s.do(c.attack, "mira", "orc", skill="Bow", weapon="Bow", range_="short",
         typed={"attack": ([1, 1, 1, 1, 1], [1])})
    with pytest.raises(RuleError, match="middle of a turn"):
        s.do(fr.act_held, "sir-baelen")
    with pytest.raises(RuleError, match="has acted this turn"):
        s.do(fr.delay_turn)
    s.do(c.pass_turn)
    s.do(fr.act_held, "sir-baelen")  # before the orc
    fight = s.state.combat
    assert fight.actor == "sir-baelen" and fight.held == ()
    s.do(c.pass_turn)
    assert s.state.combat.actor == "orc"


def test_a_turn_still_held_at_the_round_end_is_lost() -> None:
    s = _fight()
    s.do(fr.hold_turn)
    while s.state.combat.actor is not None:
        s.do(c.pass_turn)
    assert s.state.combat.held == ("mira",)
    s.do(c.start_round, typed=_INIT)
    assert s.state.combat.held == () and s.state.combat.actor == "mira"


def test_the_fallen_are_skipped_when_the_turn_passes() -> None:
    s = _fight()
    s.do(fr.set_initiative, "orc", 20)  # the orc acts right after Mira
    s.do(fr.leave_fight, "sir-baelen")
    ev = s.do(c.attack, "mira", "orc", skill="Bow", weapon="Bow", range_="short",
              typed={"attack": ([6, 6, 6, 6, 6], [5]), "damage": ([6, 6, 6], [6, 6, 3])})
    assert ev["hit"] and s.state.member("orc").out_of_action
    ev = s.do(c.pass_turn)
    assert ev["skipped"] == ["orc"] and s.state.combat.actor is None
    assert "Orc cannot act: skipped" in describe(ev, s.state)


def test_the_roster_events_replay_from_the_save(tmp_path: Path) -> None:
    s = _fight(tmp_path / "c.toml")
    s.do(fr.join_fight, "melkot", typed=([2], [3]))
    s.do(fr.set_initiative, "orc", 30)
    s.do(fr.delay_turn)
    s.do(fr.hold_turn)
    again = Session.load(tmp_path / "c.toml")
    assert again.state.combat == s.state.combat


def _goblins_and_party() -> Session:
    """Sir Baelen, Mira and Goblins 1 to 3, in a round whose order is set by typed totals:
    Goblin 2 first, then Goblin 3, then Mira, then Goblin 1, then Sir Baelen."""
    from d6tui.games.simple_six.campaign import add_from_template
    from d6tui.games.simple_six.templates import templates

    s = party()
    goblin = next(t for t in templates() if t.name == "Goblin")
    for n in (1, 2, 3):
        s.do(add_from_template, goblin, f"Goblin {n}", dice=s.dice)
    ids = ["sir-baelen", "mira", "goblin-1", "goblin-2", "goblin-3"]
    s.do(c.start_combat, ids)
    face = {"goblin-2": 6, "goblin-3": 1, "mira": 1, "goblin-1": 1, "sir-baelen": 1}
    typed = {}
    for i in ids:
        n = s.state.member(i).sheet.attribute("Agility").dice
        typed[i] = ([face[i]] * (n - 1), [face[i]] if face[i] != 6 else [6, 1])
    s.do(c.start_round, typed=typed)
    for who, total in (("goblin-3", 30), ("mira", 20), ("goblin-1", 10), ("sir-baelen", 1)):
        s.do(fr.set_initiative, who, total)  # Goblin 2 acts: the rest set in a fixed order
    assert s.state.combat.order == ("goblin-2", "goblin-3", "mira", "goblin-1", "sir-baelen")
    return s


def test_a_group_acts_together_only_where_no_one_elses_turn_falls_between() -> None:
    s = _goblins_and_party()
    # Goblin 1 comes after Mira: "highest goes first", so he is not in Goblin 2's group
    assert fr.group_of(s.state, "goblin-2") == ["goblin-2", "goblin-3"]
    with pytest.raises(RuleError, match="next in a row"):
        s.do(fr.group_turns, ["goblin-2", "goblin-3", "goblin-1"])
    s.do(fr.group_turns, ["goblin-2", "goblin-3"])
    assert s.state.combat.order[:3] == ("goblin-2", "goblin-3", "mira")
