"""Derived values of the sheet ("Static Defenses", "Movement", weapon tables) and advancement
("Spending Character Points", "Buying New Perks", "Beginning Spells & Learning More")."""

from __future__ import annotations

from dataclasses import replace

import pytest

from d6tui.engine.errors import RuleError
from d6tui.games.simple_six.advancement import (
    attribute_cost,
    award,
    begin_session,
    buy_off_complication,
    buy_perk,
    learn_spell,
    raise_attribute,
    raise_skill,
    raise_specialization,
    skill_cost,
    specialization_cost,
)
from d6tui.games.simple_six.codes import parse_code
from d6tui.games.simple_six.content import content
from d6tui.games.simple_six.settings import CampaignSettings
from d6tui.games.simple_six.sheet import (
    Character,
    SkillEntry,
    Specialization,
    block,
    body_points_fixed,
    damage_resistance,
    derived,
    dodge,
    move,
    parry,
    soak,
    unarmed_damage,
    weapon_damage,
)

S = CampaignSettings()


def hero(**kw: object) -> Character:
    base: dict = dict(
        name="Sir Baelen",
        attributes=(("Might", parse_code("3D+1")), ("Agility", parse_code("3D")),
                    ("Wit", parse_code("3D+1")), ("Charm", parse_code("2D+1"))),
        skills=(SkillEntry("Sword", "Might", parse_code("2D")),
                SkillEntry("Dodge", "Agility", parse_code("1D+1")),
                SkillEntry("Lift", "Might", parse_code("0D+1"))),
        specializations=(Specialization("Athletics", "Running", parse_code("3D")),),
        weapons=("Sword",),
        armor=("Chainmail",),
        character_points=100,
    )
    base.update(kw)
    return Character(**base)


def test_sir_baelens_parry() -> None:
    # "Static Defenses": Sword 5D+1 gives a static Parry of 16.
    c = hero()
    assert c.skill("Sword") == parse_code("5D+1")
    assert parry(c, S) == 16
    assert parry(c, S, "Sword") == 16
    assert parry(c, S, "Knife") == 10


def test_static_defenses() -> None:
    c = hero()
    assert block(c, S) == 10  # Brawling defaults to Might 3D+1
    assert dodge(c, S) == 13  # Agility 3D + 1D+1
    assert soak(c) == 10 + 6  # Might 3D+1 plus Chainmail
    d = derived(c, S)
    assert (d.block, d.dodge, d.parry, d.soak, d.soak_base, d.move) == (10, 13, 16, 16, 10, 30)
    assert d.body_points is None


def test_soak_with_shield_and_racial_armor() -> None:
    c = hero(armor=("Leather", "Shield"), perks=("Reptoid",))
    assert soak(c) == 10 + 2 + 4 + 1
    assert damage_resistance(c) == 7


def test_size_penalty_on_block_and_parry() -> None:
    c = hero(complications=("Small",))
    assert block(c, S) == 5 and parry(c, S) == 11
    assert dodge(c, S) == 13


def test_move() -> None:
    assert move(hero()) == {"free": 15, "action": 30}
    assert move(hero(perks=("Flying",)))["fly"] == 60


def test_damage_codes() -> None:
    c = hero()
    assert weapon_damage(c, "Sword", S) == parse_code("6D")  # 3D+1 + 2D+2
    assert weapon_damage(c, "Crossbow", S) == parse_code("4D+1")
    assert unarmed_damage(c, S) == parse_code("3D+1")
    # "Traditional OpenD6 Might Damage": Lift 3D+2 deals 1D.
    trad = CampaignSettings(traditional_might_damage=True)
    assert unarmed_damage(c, trad) == parse_code("1D")
    assert weapon_damage(c, "Sword", trad) == parse_code("3D+2")
    with pytest.raises(RuleError):
        weapon_damage(c, "Phaser", S)


def test_body_points_fixed_and_derived() -> None:
    c = hero(body_points=33)
    assert body_points_fixed(c) == 32  # 20 + 4 per die of Might 3D ("Body Points")
    assert derived(c, CampaignSettings(wounds="body_points")).body_points == 33


def test_sheet_lookups() -> None:
    c = hero()
    with pytest.raises(RuleError, match="no attribute"):
        c.attribute("Luck")
    with pytest.raises(RuleError, match="not a skill"):
        c.skill("Hacking", S)
    with pytest.raises(RuleError, match="no Athletics specialization"):
        c.specialization_code("Athletics", "Swimming")
    assert c.specialization_code("Athletics", "Running", S) == parse_code("6D")


def test_every_table_is_marked() -> None:
    t = content()
    assert len(t.weapons) == 23 and len(t.armor) == 4 and len(t.ranges) == 7
    assert t.ranges["Crossbow"] == (50, 150, 400)
    assert t.perk("dwarf").cost == 1
    assert t.spell("Death Spell").tn == 35
    assert {lst for lst in t.skill_lists} == {"modern", "fantasy", "perdition", "castia",
                                              "imperium"}
    with pytest.raises(RuleError, match="no skill list"):
        t.skill_list("western")


# -- advancement ------------------------------------------------------------------------------


def test_raising_wit_costs_30() -> None:
    # "Spending Character Points": Wit 3D+1 to 3D+2 costs 30 CP and raises its skills.
    c = hero()
    assert attribute_cost(c, "Wit") == 30
    search = c.skill("Search", S)
    new, cost = raise_attribute(c, "Wit", S)
    assert cost == 30 and new.character_points == 70
    assert new.attribute("Wit") == parse_code("3D+2")
    assert new.skill("Search", S) == search + parse_code("0D+1")


def test_attribute_ceiling_holds() -> None:
    c = hero(attributes=(("Might", parse_code("4D")), ("Agility", parse_code("3D")),
                         ("Wit", parse_code("3D")), ("Charm", parse_code("2D"))))
    with pytest.raises(RuleError, match="may not go past 4D"):
        raise_attribute(c, "Might", S)
    dwarf = replace(c, perks=("Dwarf",), character_points=40)
    new, cost = raise_attribute(dwarf, "Might", S)
    assert cost == 40 and new.attribute("Might") == parse_code("4D+1")


def test_raising_a_skill_costs_its_dice_once_a_session() -> None:
    c = hero()
    assert skill_cost(c, "Sword", S) == 5
    new, cost = raise_skill(c, "Sword", S)
    assert cost == 5 and new.skill("Sword") == parse_code("5D+2")
    assert new.character_points == 95
    with pytest.raises(RuleError, match="already gone up a pip this session"):
        raise_skill(new, "Sword", S)
    again, _ = raise_skill(begin_session(new), "Sword", S)
    assert again.skill("Sword") == parse_code("6D")


def test_raising_an_untrained_skill() -> None:
    new, cost = raise_skill(hero(), "stealth", S)
    assert cost == 3 and new.skill("Stealth") == parse_code("3D+1")
    with pytest.raises(RuleError, match="not a skill"):
        raise_skill(hero(), "Hacking", S)
    with pytest.raises(RuleError, match="magic"):
        raise_skill(hero(), "Magic", S)


def test_raising_a_specialization_costs_half() -> None:
    c = hero()
    assert specialization_cost(c, "Athletics", "Running", S) == 3  # 6D -> 3
    new, cost = raise_specialization(c, "Athletics", "Running", S)
    assert cost == 3
    assert new.specialization_code("Athletics", "Running") == parse_code("6D+1")
    with pytest.raises(RuleError, match="this session"):
        raise_specialization(new, "Athletics", "Running", S)
    odd = hero(specializations=(Specialization("Athletics", "Running", parse_code("4D")),))
    assert specialization_cost(odd, "Athletics", "Running", S) == 4  # 7D -> 3.5 -> 4
    with pytest.raises(RuleError):
        raise_specialization(c, "Athletics", "Climbing", S)


def test_not_enough_cp() -> None:
    with pytest.raises(RuleError, match="costs 30 CP and Sir Baelen has 3"):
        raise_attribute(hero(character_points=3), "Wit", S)


def test_buying_perks_later() -> None:
    new, cost = buy_perk(hero(), "Lucky", S)
    assert cost == 20 and "Lucky" in new.perks
    with pytest.raises(RuleError, match="already"):
        buy_perk(new, "Lucky", S)
    with pytest.raises(RuleError, match="racial"):
        buy_perk(hero(), "Elf", S)
    with pytest.raises(RuleError, match="Magic Perks"):
        buy_perk(hero(), "Familiar", S)


def test_learning_spells() -> None:
    with pytest.raises(RuleError, match="magic"):
        learn_spell(hero(), "Light", S)
    mage = hero(perks=("Sorcerer",))
    new, cost = learn_spell(mage, "Light", S)
    assert cost == 2 and new.spells == ("Light",)
    new, cost = learn_spell(new, "Bless", S, from_book=True)
    assert cost == 1
    with pytest.raises(RuleError, match="already knows"):
        learn_spell(new, "Light", S)
    with pytest.raises(RuleError, match="no spell"):
        learn_spell(new, "Fireball", S)


def test_buying_off_a_complication() -> None:
    c = hero(complications=("Enemies",))
    with pytest.raises(RuleError, match="at least 20"):
        buy_off_complication(c, "Enemies", 10)
    new, cost = buy_off_complication(c, "Enemies", 25)
    assert cost == 25 and new.complications == ()
    with pytest.raises(RuleError, match="does not have"):
        buy_off_complication(new, "Enemies", 25)


def test_awards() -> None:
    c = award(hero(character_points=0, hero_points=1), cp=5, hero_points=1)
    assert (c.character_points, c.hero_points) == (5, 2)
    with pytest.raises(RuleError):
        award(c, cp=-1)
