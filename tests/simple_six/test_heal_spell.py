"""The Heal spell ("The Grimoire"): its TN comes from the target's wound level (+10 for each
earlier casting on the target that day), and success lowers the wound level one step."""

from __future__ import annotations

import pytest

from d6tui.engine.errors import RuleError
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six.rules import RULES, describe
from d6tui.games.simple_six.wounds import WoundLevel
from tests.simple_six.test_campaign import party
from tests.simple_six.test_combat_audit import replays

# Melkot's Magic: Wit 4D + 2D = 6D
_HIGH = ([6, 6, 6, 6, 6], [5])
_LOW = ([1, 1, 1, 1, 1], [2])


def _wound_mira(s) -> None:  # noqa: ANN001
    s.do(c.start_combat, ["orc", "mira"])
    # damage 14 against Soak 8: Wounded
    s.do(c.attack, "orc", "mira", skill="Axe", weapon="Axe", defense="dodge",
         typed={"attack": ([6, 6, 6], [6, 6, 2]), "damage": ([2] * 5, [4])})
    s.do(c.end_combat)


def ready_heal(s, caster: str, patient: str) -> None:  # noqa: ANN001
    """Six turns of concentration on ``patient`` (a minute between fights) before a Heal."""
    from d6tui.games.simple_six import clock, heal_focus

    s.do(heal_focus.focus, caster, patient)
    s.do(clock.pass_time, "6 rounds")


def test_heal_takes_its_tn_from_the_wounds_and_lowers_them() -> None:
    s = party()
    _wound_mira(s)
    before = s.state.member("mira").wounds.level
    assert before >= WoundLevel.WOUNDED
    with pytest.raises(RuleError, match="name the target"):
        s.do(c.cast_spell, "melkot", "Heal", None, dice=s.dice)
    ready_heal(s, "melkot", "mira")
    ev = s.do(c.cast_spell, "melkot", "Heal", None, target="mira", typed=_HIGH)
    expected = {WoundLevel.WOUNDED: 15, WoundLevel.SEVERELY_WOUNDED: 15,
                WoundLevel.INCAPACITATED: 19, WoundLevel.MORTALLY_WOUNDED: 23}[before]
    assert ev["tn"] == expected and ev["target"] == "mira"
    assert s.state.member("mira").wounds.level == before - 1
    assert "Melkot cast Heal on Mira" in describe(ev, {"melkot": "Melkot", "mira": "Mira"})
    md = RULES.export_markdown(s)
    assert f"\u2192 Mira: {WoundLevel(before - 1).label}" in md


def test_a_second_heal_today_is_10_harder_and_a_failure_heals_nothing() -> None:
    s = party()
    _wound_mira(s)
    level = s.state.member("mira").wounds.level
    ready_heal(s, "melkot", "mira")
    ev = s.do(c.cast_spell, "melkot", "Heal", None, target="mira", castings_today=1,
              typed=_LOW)
    assert ev["tn"] >= 25 and ev["castings_today"] == 1
    assert s.state.member("mira").wounds.level == level
    assert s.state.member("melkot").caster.failures == 1


def test_heal_refuses_the_unharmed() -> None:
    s = party()
    with pytest.raises(RuleError, match="Heal does not treat"):
        s.do(c.cast_spell, "melkot", "Heal", None, target="mira", dice=s.dice)


def test_heal_needs_six_turns_of_concentration_first() -> None:
    """"The Grimoire": the Sorcerer concentrates for six turns before casting Heal. Between
    fights each round of time let pass is a turn; in a fight each of his turns, which is his
    action; the cast ends it, and so does being knocked out."""
    from d6tui.games.simple_six import clock, heal_focus

    s = party()
    _wound_mira(s)
    with pytest.raises(RuleError, match="must concentrate on Mira for 6 turns"):
        s.do(c.cast_spell, "melkot", "Heal", None, target="mira", typed=_HIGH)
    with pytest.raises(RuleError, match="Heal does not treat"):
        s.do(heal_focus.focus, "melkot", "sir-baelen")  # unharmed
    ev = s.do(heal_focus.focus, "melkot", "mira")
    assert "Melkot began six turns of concentration to Heal Mira" in describe(
        ev, {"melkot": "Melkot", "mira": "Mira"})
    s.do(clock.pass_time, "5 rounds")
    with pytest.raises(RuleError, match="concentrated 5 of the 6 turns Heal needs; 1 to go"):
        s.do(c.cast_spell, "melkot", "Heal", None, target="mira", typed=_HIGH)
    s.do(clock.pass_time, "1 round")
    s.do(c.cast_spell, "melkot", "Heal", None, target="mira", typed=_HIGH)
    assert s.state.member("melkot").caster.heal_focus is None  # the cast ends it
    replays(s)


def test_in_a_fight_heals_six_turns_are_his_turns_and_his_action() -> None:
    from d6tui.games.simple_six import heal_focus
    from d6tui.games.simple_six.rolling import actions_counted

    s = party()
    _wound_mira(s)
    s.do(c.start_combat, ["melkot", "mira", "orc"])
    for n in range(7):
        s.do(c.start_round, dice=s.dice)
        while s.state.combat.actor is not None:
            if s.state.combat.actor == "melkot":
                if n == 0:
                    s.do(heal_focus.focus, "melkot", "mira")
                    with pytest.raises(RuleError, match="declared 1 action"):
                        s.do(c.attack, "melkot", "orc", skill="Brawling", dice=s.dice)
                    assert actions_counted(s.state, "melkot") == 2  # it is an action
                elif n < 6:
                    assert s.state.member("melkot").caster.heal_turns == n
                    with pytest.raises(RuleError, match="to go"):
                        s.do(c.cast_spell, "melkot", "Heal", None, target="mira",
                             typed=_HIGH)
                else:
                    assert actions_counted(s.state, "melkot") == 1  # the six are done
                    ev = s.do(c.cast_spell, "melkot", "Heal", None, target="mira",
                              typed=_HIGH)
                    assert ev["target"] == "mira"
            s.do(c.pass_turn)
    assert s.state.member("melkot").caster.heal_focus is None
    replays(s)


def test_heals_six_turns_count_a_turn_however_it_ends() -> None:
    """A turn held to the round's end, delayed then passed, left unreached when the next
    round starts, or ended by leaving the fight counts as a turn passed, once a round."""
    from d6tui.games.simple_six import fight_roster, heal_focus

    s = party()
    _wound_mira(s)
    s.do(c.start_combat, ["melkot", "mira", "orc"])

    def to_melkot() -> None:
        while s.state.combat.actor != "melkot":
            s.do(c.pass_turn)

    s.do(c.start_round, dice=s.dice)
    to_melkot()
    s.do(heal_focus.focus, "melkot", "mira")
    s.do(c.pass_turn)                              # 1: passed
    s.do(c.start_round, dice=s.dice)
    to_melkot()
    s.do(fight_roster.hold_turn)                   # 2: held to the round's end
    s.do(c.start_round, dice=s.dice)
    assert s.state.member("melkot").caster.heal_turns == 2
    to_melkot()
    s.do(fight_roster.delay_turn)                  # 3: delayed, then passed once only
    to_melkot()
    s.do(c.pass_turn)
    s.do(c.start_round, dice=s.dice)
    assert s.state.member("melkot").caster.heal_turns == 3
    if s.state.combat.actor == "melkot":           # 4: never reached this round
        s.do(c.pass_turn)
    s.do(c.start_round, dice=s.dice)
    assert s.state.member("melkot").caster.heal_turns == 4
    to_melkot()
    s.do(fight_roster.leave_fight, "melkot")       # 5: his turn ends as he leaves
    assert s.state.member("melkot").caster.heal_turns == 5
    replays(s)
