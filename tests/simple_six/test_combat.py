"""Combat ("Order of Actions in a Round", "Fast Static Combat", "Traditional OpenD6 Combat",
"Scaling", "Multiple Actions") and magic ("The Simple Magic System", "The Grimoire")."""

from __future__ import annotations

import pytest

from d6tui.engine.dice import Dice
from d6tui.engine.errors import RuleError
from d6tui.games.simple_six.codes import DieCode, parse_code
from d6tui.games.simple_six.combat import (
    Initiative,
    action_penalty,
    damage_margin,
    hit_margin,
    initiative_order,
    parry_hurts_attacker,
    range_band,
    reflex_penalty,
    roll_initiative,
    scale_effects,
    static_tn,
    traditional_tn,
)
from d6tui.games.simple_six.magic import (
    Caster,
    cast,
    casting_code,
    death_spell_damage,
    drop,
    next_turn,
    rest,
    spell_tn,
)
from d6tui.games.simple_six.wounds import WoundLevel, WoundState, take_hit


def test_initiative_highest_first() -> None:
    order = roll_initiative(
        {"a": parse_code("2D"), "b": parse_code("4D"), "c": parse_code("3D")}, Dice(1),
        typed={"a": ([6], [5]), "b": ([1, 1, 1], [2]), "c": ([3, 2], [5])},
    )
    assert [i.who for i in order] == ["a", "c", "b"]
    assert order[0].roll["total"] == 11 and order[0].roll["source"] == "table"


def test_initiative_ties() -> None:
    r = {"total": 10}
    order = initiative_order([Initiative("x", r, parse_code("2D")),
                              Initiative("y", r, parse_code("3D")),
                              Initiative("z", r, parse_code("2D"))])
    assert [i.who for i in order] == ["y", "x", "z"]


def test_initiative_with_app_dice_and_penalties() -> None:
    order = roll_initiative({"a": parse_code("3D"), "b": parse_code("3D")}, Dice(4),
                            penalties={"a": 2})
    rolls = {i.who: i.roll for i in order}
    assert rolls["a"]["rolled"] == "1D" and rolls["b"]["rolled"] == "3D"
    totals = [i.roll["total"] for i in order]
    assert totals == sorted(totals, reverse=True)


def test_multiple_actions_and_concentration() -> None:
    assert action_penalty(1) == 0
    assert action_penalty(3) == 2
    assert action_penalty(1, concentration=1) == 1
    with pytest.raises(RuleError):
        action_penalty(0)


def test_static_target_numbers() -> None:
    assert static_tn(16) == 16
    assert static_tn(12, range_="medium") == 17
    assert static_tn(12, range_="long", cover=50) == 27
    assert static_tn(12, range_="point_blank", cover=75) == 17
    assert static_tn(12, full_dodge=True, range_="short") == 22
    with pytest.raises(RuleError, match="full cover"):
        static_tn(12, cover=100)
    with pytest.raises(RuleError):
        static_tn(12, cover=30)
    with pytest.raises(RuleError):
        static_tn(12, range_="far")


def test_traditional_target_numbers() -> None:
    assert traditional_tn() == 10
    assert traditional_tn(range_="long", cover=50) == 25
    assert traditional_tn(7, kind="parry") == 7  # even below 10
    assert traditional_tn(12, kind="dodge", range_="medium") == 17
    assert traditional_tn(12, kind="full_dodge", cover=50) == 27
    with pytest.raises(RuleError):
        traditional_tn(kind="block")
    with pytest.raises(RuleError):
        traditional_tn(5, kind="duck")
    assert reflex_penalty(False) == 1 and reflex_penalty(True) == 0
    assert parry_hurts_attacker(True, True) and not parry_hurts_attacker(False, True)


def test_range_bands() -> None:
    assert range_band("Bow", 30) == "short"
    assert range_band("Heavy Pistol", 100) == "medium"
    assert range_band("Rifle", 500) == "long"
    with pytest.raises(RuleError, match="beyond"):
        range_band("Bow", 301)
    with pytest.raises(RuleError, match="not a missile"):
        range_band("Sword", 5)


def test_scale() -> None:
    big = scale_effects("Big Dragon", "Character")
    assert big.damage == DieCode.of(4) and big.dodge == DieCode.of(4)
    assert big.dodge.static == 12  # +12 to a static Dodge
    small = scale_effects(0, "Tank")
    assert small.attack == DieCode.of(4) and small.soak.static == 12
    assert scale_effects("Car", "Wagon") == scale_effects(0, 0)
    with pytest.raises(RuleError):
        scale_effects("Kaiju", 0)


def test_a_blow_from_hit_to_wound() -> None:
    # A warrior needs Parry 14 and rolls 26; with increasing damage, +2 to the damage.
    margin = hit_margin(26, 14)
    assert margin == 12
    wound = damage_margin(18, 16, attack_margin=margin, increasing_damage=5)
    assert wound == 4
    assert take_hit(WoundState(), wound).level == WoundLevel.WOUNDED
    assert damage_margin(18, 16) == 2


# -- magic ------------------------------------------------------------------------------------


def test_melkots_death_spell() -> None:
    # "The Grimoire": Wit 4D and Magic 10D roll 6D for damage.
    assert death_spell_damage(parse_code("10D"), parse_code("4D")) == parse_code("6D")
    assert spell_tn("Death Spell") == 35


def test_failures_grow_the_penalty_until_rest() -> None:
    c = Caster()
    magic = parse_code("5D")
    c, ok = cast(c, 10, 15)
    assert not ok and casting_code(magic, c) == parse_code("4D")
    with pytest.raises(RuleError, match="one spell"):
        cast(c, 20, 15)
    c, ok = cast(next_turn(c), 12, 15)
    assert casting_code(magic, c) == parse_code("3D")
    assert rest(c, 59) == c
    assert rest(c, 60).failures == 0


def test_concentration_spells() -> None:
    c, ok = cast(Caster(), 16, 15, concentration="Charm")
    assert ok and c.maintained == ("Charm",)
    assert drop(c, "Charm").maintained == ()
    with pytest.raises(RuleError):
        drop(c, "Fly")


def test_spell_target_numbers() -> None:
    assert spell_tn("Light") == 15
    assert spell_tn("Slumber", resist_total=9) == 19
    with pytest.raises(RuleError, match="resisted"):
        spell_tn("Paralysis")
    assert spell_tn("Teleport", extra_targets=2) == 40
    assert spell_tn("Illusions", extra_targets=1, resist_total=10) == 27
    assert spell_tn("Growth", scale_steps=2) == 43  # the SRD's dragon-sized sorcerer
    assert spell_tn("Fly") == 23 and spell_tn("Fly", levitate_only=True) == 15
    assert spell_tn("Dispel Magic", dispelled_tn=23) == 28
    with pytest.raises(RuleError):
        spell_tn("Dispel Magic")
    with pytest.raises(RuleError, match="GM sets"):
        spell_tn("Divination")
