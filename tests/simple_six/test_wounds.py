"""Wounds: every row of the "Wound Level Chart" and its two notes, "Wound Level Effects",
"Healing", "Potions", "Increasing Damage", and "Body Points (alternative to Wound Levels)"."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from d6tui.engine.dice import Dice
from d6tui.engine.errors import DiceError, RuleError
from d6tui.games.simple_six.body_points import BodyPoints, bp_heal, bp_hit, bp_recovery
from d6tui.games.simple_six.codes import DieCode
from d6tui.games.simple_six.healing import (
    HEALING,
    assisted_healing,
    assisted_healing_tn,
    heal_spell_tn,
    natural_healing,
    natural_healing_tn,
    potion_of_healing,
)
from d6tui.games.simple_six.wounds import (
    CHART,
    WoundLevel,
    WoundState,
    chart_row,
    extra_damage,
    just_a_flesh_wound,
    mortal_round,
    new_combat,
    next_level,
    penalty,
    stay_up,
    take_hit,
)

L = WoundLevel
DAY = 24 * 60


# -- the chart, row by row ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("margins", "level"),
    [
        ((-5, 0), L.UNHARMED),
        ((1, 2, 3), L.STUNNED),
        ((4, 6, 8), L.WOUNDED),
        ((9, 10, 12), L.INCAPACITATED),
        ((13, 14, 15), L.MORTALLY_WOUNDED),
        ((16, 20, 40), L.DEAD),
    ],
)
def test_each_row_on_an_unharmed_character(margins: tuple[int, ...], level: WoundLevel) -> None:
    for m in margins:
        assert chart_row(m) == level
        assert next_level(L.UNHARMED, m) == level


def test_chart_lists_every_level_in_order() -> None:
    assert [row[0] for row in CHART] == list(WoundLevel)
    assert L.SEVERELY_WOUNDED.label == "Severely Wounded"


def test_severely_wounded_note() -> None:
    # ** A 4-8 result on a Wounded character makes him Severely Wounded.
    for m in (4, 8):
        assert next_level(L.WOUNDED, m) == L.SEVERELY_WOUNDED


@pytest.mark.parametrize(
    ("current", "margin", "expected"),
    [
        (L.STUNNED, 2, L.WOUNDED),  # a second stun is a wound
        (L.WOUNDED, 1, L.SEVERELY_WOUNDED),  # stun on Wounded
        (L.SEVERELY_WOUNDED, 5, L.INCAPACITATED),  # 4-8 on Severely Wounded
        (L.SEVERELY_WOUNDED, 2, L.INCAPACITATED),
        (L.INCAPACITATED, 10, L.MORTALLY_WOUNDED),
        (L.INCAPACITATED, 1, L.MORTALLY_WOUNDED),
        (L.MORTALLY_WOUNDED, 14, L.DEAD),
        (L.MORTALLY_WOUNDED, 3, L.DEAD),
    ],
)
def test_at_or_below_current_moves_one_up(
    current: WoundLevel, margin: int, expected: WoundLevel
) -> None:
    # * Damage whose row is at or below the current level moves one level up.
    assert next_level(current, margin) == expected


def test_higher_rows_replace_the_level() -> None:
    assert next_level(L.STUNNED, 10) == L.INCAPACITATED
    assert next_level(L.WOUNDED, 13) == L.MORTALLY_WOUNDED
    assert next_level(L.SEVERELY_WOUNDED, 16) == L.DEAD


def test_no_damage_and_the_dead() -> None:
    assert next_level(L.WOUNDED, 0) == L.WOUNDED
    assert next_level(L.DEAD, 5) == L.DEAD
    s = WoundState()
    assert take_hit(s, -3) is s


def test_increasing_damage_srd_example() -> None:
    # "Increasing Damage": beating Parry 14 with a 26 adds +2.
    assert extra_damage(26 - 14) == 2
    assert extra_damage(4) == 0 and extra_damage(-3) == 0
    assert extra_damage(12, step=3) == 4
    with pytest.raises(RuleError):
        extra_damage(5, 0)


# -- effects ----------------------------------------------------------------------------------


def test_stunned_lasts_this_round_and_next() -> None:
    s = take_hit(WoundState(), 2, round_no=3)
    assert s.level == L.STUNNED
    assert penalty(s, 3) == 1 and penalty(s, 4) == 1
    assert penalty(s, 5) == 0
    assert penalty(s) == 1


def test_wounded_and_severely_wounded_penalties() -> None:
    s = take_hit(WoundState(), 5)
    assert penalty(s) == 1
    s = take_hit(s, 5)
    assert s.level == L.SEVERELY_WOUNDED and penalty(s) == 2
    assert penalty(s, relief=1) == 1  # Cyborg


def test_incapacitated_stays_up_on_15() -> None:
    s = take_hit(WoundState(), 10)
    assert s.level == L.INCAPACITATED and s.stay_up_pending and penalty(s) is None
    up, roll = stay_up(s, 15)
    assert roll is None and up.awake and penalty(up) == 3
    with pytest.raises(RuleError):
        stay_up(up, 20)


def test_incapacitated_knocked_out_for_10d_minutes() -> None:
    s = take_hit(WoundState(), 9)
    out, roll = stay_up(s, 14, knockout_faces=[1] * 9 + [6])
    assert roll is not None and roll["source"] == "table"
    assert not out.awake and out.knocked_out_minutes == 15
    assert penalty(out) is None
    out2, roll2 = stay_up(s, 3, dice=Dice(1))
    assert roll2 is not None
    assert len(roll2["faces"]) == 10 and out2.knocked_out_minutes == sum(roll2["faces"])
    with pytest.raises(DiceError):
        stay_up(s, 3, knockout_faces=[1, 2])
    with pytest.raises(DiceError):
        stay_up(s, 3)


def test_mortally_wounded_rolls_each_round() -> None:
    s = take_hit(WoundState(), 13)
    assert s.level == L.MORTALLY_WOUNDED and not s.awake and penalty(s) is None
    # In the first minute no roll is below 0 minutes.
    for _ in range(6):
        s = mortal_round(s, 1)
    assert s.level == L.MORTALLY_WOUNDED and s.mortal_rounds == 6
    # After a minute, a roll of 0 would kill; 1 does not; after two minutes 1 kills.
    for _ in range(6):
        s = mortal_round(s, 1)
    assert s.mortal_rounds == 12
    dead = mortal_round(s, 1)
    assert dead.dead and dead.level == L.DEAD
    assert mortal_round(s, 2).level == L.MORTALLY_WOUNDED
    with pytest.raises(RuleError):
        mortal_round(WoundState(), 5)


def test_dead() -> None:
    s = take_hit(WoundState(), 16)
    assert s.dead and penalty(s) is None


def test_just_a_flesh_wound() -> None:
    s = take_hit(WoundState(), 6)
    healed, hp = just_a_flesh_wound(s, 1)
    assert healed.level == L.STUNNED and hp == 0 and penalty(healed) == 1
    hurt = take_hit(healed, 7)
    with pytest.raises(RuleError, match="once per combat"):
        just_a_flesh_wound(hurt, 2)
    again, _ = just_a_flesh_wound(new_combat(hurt), 2)
    assert again.level == L.STUNNED
    with pytest.raises(RuleError, match="none left"):
        just_a_flesh_wound(s, 0)
    with pytest.raises(RuleError, match="traditional"):
        just_a_flesh_wound(s, 1, "traditional")
    with pytest.raises(RuleError):
        just_a_flesh_wound(WoundState(), 1)
    mortal = take_hit(WoundState(), 14)
    incap, _ = just_a_flesh_wound(mortal, 1)
    assert incap.level == L.INCAPACITATED and incap.stay_up_pending


# -- healing ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "minutes", "might", "assisted_tn"),
    [
        (L.STUNNED, 1, None, 10),
        (L.WOUNDED, 3 * DAY, 6, 15),
        (L.SEVERELY_WOUNDED, 3 * DAY, 6, 15),
        (L.INCAPACITATED, 14 * DAY, 8, 20),
        (L.MORTALLY_WOUNDED, 35 * DAY, 9, 30),
    ],
)
def test_healing_table_rows(
    level: WoundLevel, minutes: int, might: int | None, assisted_tn: int
) -> None:
    s = WoundState(level=level, awake=level < L.INCAPACITATED)
    assert HEALING[level].minutes == minutes
    assert natural_healing_tn(s) == might
    assert assisted_healing_tn(s) == assisted_tn
    with pytest.raises(RuleError, match="between checks"):
        natural_healing(s, 20, minutes - 1)
    healed, ok = natural_healing(s, might, minutes)
    assert ok and healed.level == level - 1
    if might is not None:
        same, ok = natural_healing(s, might - 1, minutes)
        assert not ok and same == s
    healed, ok = assisted_healing(s, assisted_tn, None)
    assert ok and healed.level == level - 1
    assert assisted_healing(s, assisted_tn - 1, DAY) == (s, False)


def test_healing_limits() -> None:
    s = WoundState(level=L.WOUNDED)
    with pytest.raises(RuleError, match="once a day"):
        assisted_healing(s, 30, 60)
    with pytest.raises(RuleError, match="roll Might"):
        natural_healing(s, None, 3 * DAY)
    with pytest.raises(RuleError, match="no wounds"):
        natural_healing(WoundState(), 10, DAY)
    with pytest.raises(RuleError, match="perished"):
        assisted_healing(WoundState(level=L.DEAD, awake=False), 30, None)
    with pytest.raises(RuleError, match="repaired"):
        natural_healing(s, 10, 3 * DAY, heals=False)
    # Cyborg: +5 to healing target numbers.
    assert natural_healing(s, 10, 3 * DAY, extra_tn=5) == (s, False)
    assert natural_healing_tn(s, 5) == 11


def test_healing_restores_consciousness() -> None:
    s = take_hit(WoundState(), 10)
    out, _ = stay_up(s, 2, knockout_faces=[1] * 10)
    healed, ok = natural_healing(out, 8, 14 * DAY)
    assert ok and healed.level == L.SEVERELY_WOUNDED and healed.awake
    assert healed.knocked_out_minutes is None
    mortal = take_hit(WoundState(), 14)
    incap = potion_of_healing(mortal)
    assert incap.level == L.INCAPACITATED and not incap.awake and not incap.stay_up_pending


def test_potion_of_healing() -> None:
    assert potion_of_healing(WoundState(level=L.WOUNDED)).level == L.STUNNED
    with pytest.raises(RuleError):
        potion_of_healing(WoundState())


def test_heal_spell_target_numbers() -> None:
    assert heal_spell_tn(WoundState(level=L.WOUNDED)) == 15
    assert heal_spell_tn(WoundState(level=L.SEVERELY_WOUNDED)) == 15
    assert heal_spell_tn(WoundState(level=L.INCAPACITATED)) == 19
    assert heal_spell_tn(WoundState(level=L.MORTALLY_WOUNDED), castings_today=1) == 33
    with pytest.raises(RuleError):
        heal_spell_tn(WoundState(level=L.STUNNED))


# -- Body Points ------------------------------------------------------------------------------


def test_body_points_hits() -> None:
    bp = BodyPoints(30, 30)
    assert bp_hit(bp, 10, 6) == BodyPoints(30, 26)
    assert bp_hit(bp, 6, 6) == bp  # less than 1 left: nothing
    assert bp_hit(bp, 20, 2, hero_points=1) == BodyPoints(30, 18)
    dead = bp_hit(bp, 40, 0)
    assert dead.dead and dead.current == -10


@pytest.mark.parametrize(
    ("total", "recovered"),
    [(1, 0), (2, 2), (5, 2), (6, DieCode.of(1)), (11, DieCode.of(2)), (16, DieCode.of(3)),
     (21, DieCode.of(4)), (31, DieCode.of(5))],
)
def test_body_points_recovery_table(total: int, recovered: int | DieCode) -> None:
    assert bp_recovery(total) == recovered


def test_body_points_healing() -> None:
    bp = BodyPoints(30, 10)
    assert bp_heal(bp, 3) == (BodyPoints(30, 12), None)
    healed, roll = bp_heal(bp, 12, faces=[4, 5])
    assert roll is not None and healed.current == 19 and roll["faces"] == [4, 5]
    healed, roll = bp_heal(BodyPoints(30, 29), 35, dice=Dice(2))
    assert roll is not None and healed.current == 30 and len(roll["faces"]) == 5
    with pytest.raises(DiceError):
        bp_heal(bp, 12)
    with pytest.raises(RuleError, match="dead"):
        bp_heal(BodyPoints(30, 0), 12, faces=[1, 1])


# -- properties -------------------------------------------------------------------------------


@given(st.lists(st.integers(-10, 30), max_size=30), st.integers(0, 6))
def test_hits_never_lower_the_wound_level(margins: list[int], start: int) -> None:
    s = replace(WoundState(), level=WoundLevel(start))
    for i, m in enumerate(margins):
        after = take_hit(s, m, round_no=i)
        assert after.level >= s.level
        if m > 0 and s.level != L.DEAD:
            assert after.level > s.level
        s = after


@given(st.lists(st.integers(1, 30), min_size=1, max_size=10))
def test_enough_hits_kill(margins: list[int]) -> None:
    s = WoundState()
    for m in margins:
        s = take_hit(s, m)
    assert s.level >= min(len(margins), 6)


def test_wound_penalties_do_not_reach_static_defenses() -> None:
    """"Static Defenses": Dodge, Block, Parry and Soak are worked out before the game and
    become the attacker's TN "modified as noted above" (range and cover only); the wound
    penalty is on actions ("Wound Level Effects"), so a Wounded defender's static Dodge and
    Soak stand, while his rolled Traditional defense loses the die."""
    from d6tui.games.simple_six import campaign as c
    from d6tui.games.simple_six.sheet import dodge
    from tests.simple_six.test_campaign import party

    s = party()
    s.do(c.start_combat, ["orc", "mira"])
    s.do(c.attack, "orc", "mira", skill="Axe", weapon="Axe", defense="dodge",
         typed={"attack": ([6, 6, 6], [6, 6, 2]), "damage": ([2] * 5, [4])})
    mira = s.state.member("mira")
    assert mira.wounds.level == WoundLevel.WOUNDED
    ev = s.do(c.attack, "orc", "mira", skill="Axe", weapon="Axe", defense="dodge",
              typed={"attack": ([1, 1, 1], [1])})
    assert ev["tn"] == dodge(mira.sheet, s.state.settings) - 5  # hand-to-hand only
    s2 = party({"combat": "traditional", "seed": 3})
    s2.do(c.start_combat, ["orc", "mira"])
    s2.do(c.attack, "orc", "mira", skill="Axe", weapon="Axe",
          typed={"attack": ([6, 6, 6], [6, 6, 2]), "damage": ([1] * 5, [2]),
                 "resist": ([1], [1])})
    assert s2.state.member("mira").wounds.level == WoundLevel.STUNNED  # -1D on actions
    ev = s2.do(c.attack, "orc", "mira", skill="Axe", weapon="Axe", defense="dodge",
               dice=s2.dice)
    assert "-1D for wounds (Wound Level Effects)" in ev["defense"]["roll"]["modifiers"]
