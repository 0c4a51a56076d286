"""Flat bonuses to a roll's total, kept apart from the die code: Bless's "+2 bonus to all rolls"
("The Grimoire"), the Elf's +1 on ranged attacks, the Dwarf's +2 to crafts and the Reptoid's
claws ("Racial Perks"). "Splitting Dice" only concerns die codes, so three such pips never
become a die. Also: hero points on a cast and on a Lightning Bolt throw ("Hero Points"), and
the breakdown of an initiative roll clamped to the wild die alone."""

from __future__ import annotations

from dataclasses import replace

import pytest

from d6tui.engine.dice import Dice
from d6tui.engine.errors import DiceError, EventError, RuleError
from d6tui.games.simple_six import afterroll, spell_folds
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six import spellcast as sc
from d6tui.games.simple_six.codes import DieCode
from d6tui.games.simple_six.wild import (
    RollRequest,
    add_character_points,
    check_wild_roll,
    describe_roll,
    plan_roll,
    roll_wild,
    table_wild,
)
from d6tui.games.simple_six.wild_options import WildOptions
from d6tui.games.simple_six.wounds import WoundLevel, WoundState
from tests.simple_six.test_heal_spell import ready_heal
from tests.simple_six.test_racial_perks import ELF, REPTOID
from tests.simple_six.test_session_perks import DWARF
from tests.simple_six.test_spell_effects import hi, lo, magi

BLESS = ("Bless", 2, "The Grimoire")
ELF_RANGED = ("Elf ranged", 1, "Racial Perks")


# -- the roll itself -------------------------------------------------------------------------


def test_three_flat_pips_stay_pips_and_are_not_thrown_as_a_die() -> None:
    req = RollRequest(DieCode.of(4), flat=(BLESS, ELF_RANGED))
    plan = plan_roll(req)
    assert (plan.dice, plan.pips) == (4, 0)  # 4D+3 would have been rolled as 5D before
    roll = table_wild(req, [1, 2, 3], [4])
    assert roll["rolled"] == "4D" and roll["total"] == 10 + 3
    assert roll["bonuses"] == [{"from": "Bless", "add": 2}, {"from": "Elf ranged", "add": 1}]
    assert "+2 Bless (The Grimoire), added to the total" in roll["modifiers"]
    assert "other modifiers" not in " ".join(roll["modifiers"])
    assert describe_roll(roll) == "4D: 1 2 3 wild 4 +2 Bless +1 Elf ranged = 13"
    # a table throws only the dice: three ordinary dice and the wild die
    with pytest.raises(DiceError, match="type 3 ordinary dice"):
        table_wild(req, [1, 2, 3, 4], [4])


def test_flat_bonuses_come_after_the_rolling_limit() -> None:
    opts = WildOptions(rolling_limit=3)
    roll = table_wild(RollRequest(DieCode.of(5), flat=(BLESS,)), [1, 1], [1], options=opts)
    assert roll["rolled"] == "3D+6" and roll["total"] == 3 + 6 + 2


def test_lucky_doubles_the_whole_result_and_a_traditional_hero_point_only_the_dice() -> None:
    lucky = table_wild(RollRequest(DieCode.of(2), flat=(BLESS,), doubled_by=("Lucky",)),
                       [3], [4])
    assert lucky["total"] == (3 + 4 + 2) * 2
    trad = WildOptions(hero_points="traditional")
    roll = table_wild(RollRequest(DieCode.of(1, 1), flat=(BLESS,), hero_points=1), [1], [1],
                      options=trad)
    assert roll["rolled"] == "2D+2" and roll["total"] == 2 + 2 + 2  # Bless not doubled


def test_halfway_there_counts_dice_only() -> None:
    opts = WildOptions(halfway_there=True)
    assert not plan_roll(RollRequest(DieCode.of(5), flat=(BLESS,), target=11), opts).halfway
    assert plan_roll(RollRequest(DieCode.of(6), target=11), opts).halfway


def test_stored_rolls_are_checked_with_their_bonuses_and_old_rolls_fold_as_before() -> None:
    roll = roll_wild(RollRequest(DieCode.of(3, 1), flat=(BLESS,)), Dice(4))
    assert check_wild_roll(roll) == roll["total"]
    bare = {k: v for k, v in roll.items() if k not in ("bonuses", "total")}
    assert check_wild_roll(bare) == roll["total"] - 2
    with pytest.raises(DiceError, match="stored total"):
        check_wild_roll({**roll, "bonuses": [{"from": "Bless", "add": 3}]})
    with pytest.raises(DiceError, match="flat bonuses"):
        check_wild_roll({**roll, "bonuses": [{"from": "Bless", "add": "2"}]})
    old = {"dice": "3D+2", "rolled": "3D+2", "faces": [1, 2], "wild": [3], "pips": 2,
           "total": 8}  # an old roll: a +2 folded into the pips, no bonus key
    assert check_wild_roll(old) == 8


def test_character_points_after_the_roll_keep_the_bonus() -> None:
    opts = WildOptions(character_point_dice=True)
    roll = table_wild(RollRequest(DieCode.of(2), flat=(BLESS,)), [1], [1], options=opts)
    more = add_character_points(roll, 1, opts, chains=[[4]])
    assert more["total"] == 1 + 1 + 4 + 2 and check_wild_roll(more) == more["total"]


# -- the campaign: racial perks and Bless on every roll ----------------------------------------


def test_a_blessed_wounded_elf_rolls_four_dice_plus_three_not_five_dice() -> None:
    """The report's case: Bow 6D, -2D for wounds, the Elf's +1 and Bless's +2."""
    s = magi()
    s.do(c.add_character, ELF, dice=s.dice)
    s.do(sc.cast, "archmage", "Bless", targets=["lirael"], typed={"roll": hi(10)})
    lirael = s.state.member("lirael")
    s.state = s.state._put(replace(lirael, wounds=WoundState(WoundLevel.SEVERELY_WOUNDED)))
    s.do(c.start_combat, ["lirael", "orc"])
    s.do(c.start_round, {}, typed={"lirael": hi(2), "orc": lo(2)})
    ev = s.do(c.attack, "lirael", "orc", skill="Bow", weapon="Bow", range_="short",
              typed={"attack": ([1] * 3, [2])}, dice=s.dice)
    roll = ev["attack"]
    assert roll["rolled"] == "4D" and roll["total"] == 3 + 2 + 1 + 2
    assert "wild 2 +1 Elf ranged +2 Bless = 8" in describe_roll(roll)
    assert [b["from"] for b in roll["bonuses"]] == ["Elf ranged", "Bless"]


def test_the_dwarf_smithing_bonus_with_bless_is_two_named_bonuses() -> None:
    s = magi()
    s.do(c.add_character, DWARF, dice=s.dice)
    s.do(sc.cast, "archmage", "Bless", targets=["brok"], typed={"roll": hi(10)})
    roll = s.do(c.roll_check, "brok", "Smithing", typed=([1] * 5, [1], []))["roll"]
    assert roll["rolled"] == "6D" and roll["total"] == 6 + 2 + 2
    assert {b["from"] for b in roll["bonuses"]} == {"Dwarf Smithing", "Bless"}


def test_bless_adds_to_damage_and_resist_rolls_too() -> None:
    s = magi({"seed": 3, "combat": "traditional"})
    s.do(c.add_character, REPTOID, dice=s.dice)
    s.do(sc.cast, "archmage", "Bless", targets=["ssark", "orc"], typed={"roll": hi(10)})
    s.do(c.start_combat, ["ssark", "orc"])
    s.do(c.start_round, {}, typed={"ssark": hi(3), "orc": lo(2)})
    ev = s.do(c.attack, "ssark", "orc", skill="Brawling",
              typed={"attack": ([6] * 5, [5]), "damage": ([1, 1, 1], [2]),
                     "resist": ([1, 1], [1])})
    assert ev["hit"]
    assert ev["damage"]["rolled"] == "4D" and ev["damage"]["total"] == 3 + 2 + 1 + 2
    assert [b["from"] for b in ev["damage"]["bonuses"]] == ["Reptoid claws", "Bless"]
    assert ev["resist"]["total"] == 3 + 2 and ev["resist"]["bonuses"][0]["from"] == "Bless"


def test_a_blessed_casters_bolt_damage_gets_the_bonus() -> None:
    s = magi({"seed": 3, "combat": "traditional"})
    s.do(sc.cast, "archmage", "Bless", targets=["archmage"], typed={"roll": hi(10)})
    s.do(c.start_combat, ["archmage", "orc"])
    s.do(c.start_round, {"archmage": 2}, typed={"archmage": hi(2), "orc": lo(2)})
    s.do(sc.cast, "archmage", "Lightning Bolt", typed={"roll": hi(9)})
    ev = s.do(sc.throw_bolt, "archmage", "orc",
              typed={"attack": hi(3), "damage": ([3] * 4, [3]), "resist": ([1] * 2, [1])})
    assert ev["hit"] and ev["damage"]["total"] == 15 + 2
    assert ev["attack"]["bonuses"] == [{"from": "Bless", "add": 2}]


def test_a_destiny_reroll_keeps_the_bonus() -> None:
    s = magi()
    s.do(c.start_session)
    s.do(sc.cast, "archmage", "Bless", targets=["sir-baelen"], typed={"roll": hi(10)})
    ev = s.do(c.roll_check, "sir-baelen", "Sword", target=30, typed=([1] * 4, [1], []))
    assert ev["roll"]["total"] == 5 + 1 + 2  # Sword 5D+1
    ev = s.do(afterroll.destiny_reroll, "sir-baelen", typed=([2] * 4, [2], []))
    assert ev["roll"]["total"] == 10 + 1 + 2 and ev["roll"]["bonuses"][0]["from"] == "Bless"


# -- hero points on spells ------------------------------------------------------------------


def test_hero_points_on_a_cast_and_on_a_bolt_throw() -> None:
    s = magi()
    archmage = s.state.member("archmage")
    s.state = s.state._put(replace(archmage, sheet=replace(archmage.sheet, hero_points=2)))
    ev = s.do(sc.cast, "archmage", "Bless", targets=["mira"], hero_points=1,
              typed={"roll": lo(10)})
    assert ev["hero_points"] == 1 and ev["roll"]["hero"] == 6
    assert ev["roll"]["total"] == 9 + 2 + 6  # 17 against 19: a failure, -1D until a rest
    s.do(c.rest, "archmage", 60)
    assert s.state.member("archmage").sheet.hero_points == 1
    s.do(c.start_combat, ["archmage", "orc"])
    s.do(c.start_round, {"archmage": 2}, typed={"archmage": hi(2), "orc": lo(2)})
    with pytest.raises(RuleError, match="has 1 hero points"):
        s.do(sc.cast, "archmage", "Lightning Bolt", hero_points=2, typed={"roll": hi(9)})
    s.do(sc.cast, "archmage", "Lightning Bolt", typed={"roll": hi(9)})
    ev = s.do(sc.throw_bolt, "archmage", "orc", hero_points=1, typed={"attack": lo(3),
                                                                     "damage": lo(5)})
    assert ev["hero_points"] == 1 and ev["attack"]["hero"] == 6
    assert s.state.member("archmage").sheet.hero_points == 0
    # a log that spends points the caster did not have never fitted
    bad = dict(ev, hero_points=1)
    with pytest.raises(EventError, match="no hero points"):
        spell_folds._f_bolt(s.state, bad)


def test_heal_takes_hero_points_too() -> None:
    s = magi()
    mira = s.state.member("mira")
    s.state = s.state._put(replace(mira, wounds=WoundState(WoundLevel.WOUNDED)))
    ready_heal(s, "melkot", "mira")
    ev = s.do(sc.cast, "melkot", "Heal", targets=["mira"], hero_points=1,
              typed={"roll": lo(6)})
    assert ev["hero_points"] == 1 and ev["roll"]["hero"] == 6
    assert s.state.member("melkot").sheet.hero_points == 0


# -- the wild die alone ----------------------------------------------------------------------


def test_an_incapacitated_initiative_says_it_rolls_the_wild_die_alone() -> None:
    s = magi()
    orc = s.state.member("orc")  # Agility 2D+1, Incapacitated -3D
    s.do(c.start_combat, ["mira", "orc"])
    s.state = s.state._put(replace(orc, wounds=WoundState(WoundLevel.INCAPACITATED,
                                                          stay_up_pending=False)))
    ev = s.do(c.start_round, {}, typed={"mira": hi(4), "orc": ([], [3])})
    roll = next(i["roll"] for i in ev["initiative"] if i["who"] == "orc")
    assert roll["rolled"] == "1D" and roll["total"] == 3
    assert roll["modifiers"] == ["-3D for wounds (Wound Level Effects)",
                                 "rolls the wild die alone"]
