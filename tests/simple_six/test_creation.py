"""Character creation: every rule of "How to Make a Character" and its rejection."""

from __future__ import annotations

from dataclasses import replace

import pytest

from d6tui.engine.errors import RuleError
from d6tui.games.simple_six.codes import DieCode, parse_code
from d6tui.games.simple_six.creation import (
    Draft,
    attribute_ceiling,
    attribute_cost,
    attribute_limit,
    create_character,
    problems,
)
from d6tui.games.simple_six.settings import CampaignSettings

BASE_ATTRS = {"Might": "3D+1", "Agility": "3D", "Wit": "2D+2", "Charm": "3D"}


def draft(**kw: object) -> Draft:
    """A legal draft: 12D of attributes, 7D of skills and perks."""
    base: dict = dict(
        name="Baelen",
        attributes=BASE_ATTRS,
        skills={"Sword": "2D", "Dodge": "1D", "Command": "1D"},
        specializations={"Athletics: Running": "1D"},
        perks=["Destiny"],
        complications=["Personal Code"],
        weapons=["Sword"],
        armor=["Chainmail", "Shield"],
    )
    base.update(kw)
    return Draft(**base)


def sections(d: Draft, settings: CampaignSettings | None = None) -> list[str | None]:
    return [e.section for e in problems(d, settings)]


def test_legal_draft() -> None:
    assert problems(draft()) == []
    c = create_character(draft())
    assert c.attribute("Might") == parse_code("3D+1")
    assert c.hero_points == 1 and c.character_points == 0
    assert c.skill("Sword") == parse_code("5D+1")


def test_skills_default_to_their_attribute() -> None:
    # "Skills": Might 3D gives 3D in every Might skill; +2D in Brawling records 5D.
    c = create_character(draft(attributes={**BASE_ATTRS, "Might": "3D", "Wit": "3D"},
                               skills={"Brawling": "2D", "Dodge": "1D", "Command": "1D"}))
    assert c.skill("Lift") == parse_code("3D")
    assert c.skill("Brawling") == parse_code("5D")
    assert c.skill("Search") == parse_code("3D")


def test_specialization_srd_example() -> None:
    # "Skill Specializations": Agility 3D, one die in Running: Running 6D, Athletics 3D.
    c = create_character(draft())
    assert c.specialization_code("Athletics", "Running") == parse_code("6D")
    assert c.skill("Athletics") == parse_code("3D")


def test_splitting_dice_into_pips() -> None:
    d = draft(attributes={"Might": "3D+2", "Agility": "2D+1", "Wit": "3D", "Charm": "3D"},
              skills={"Sword": "1D+2", "Dodge": "1D+1", "Command": "1D"})
    assert problems(d) == []
    c = create_character(d)
    assert str(c.skill("Sword")) == "5D+1"
    assert str(c.skill("Dodge")) == "3D+2"


# -- attributes -------------------------------------------------------------------------------


def test_attribute_total_must_be_12d() -> None:
    errs = problems(draft(attributes={**BASE_ATTRS, "Charm": "2D"}))
    assert len(errs) == 1 and "1D left to spend" in str(errs[0])
    errs = problems(draft(attributes={**BASE_ATTRS, "Charm": "3D+1"}))
    assert "0D+1 too many" in str(errs[0])
    assert errs[0].section == "How to Make a Character"


def test_attribute_range() -> None:
    d = draft(attributes={"Might": "0D+2", "Agility": "4D", "Wit": "4D", "Charm": "3D+1"})
    assert "Splitting Dice" in sections(d)
    d = draft(attributes={"Might": "4D+1", "Agility": "3D", "Wit": "2D", "Charm": "2D+2"})
    errs = problems(d)
    assert any("above the most" in str(e) and e.section == "Attributes" for e in errs)


def test_every_attribute_named() -> None:
    errs = problems(draft(attributes={"Might": "4D", "Agility": "4D", "Wit": "4D"}))
    assert any("Charm" in str(e) for e in errs)
    errs = problems(draft(attributes={**BASE_ATTRS, "Luck": "1D"}))
    assert any("not an attribute" in str(e) for e in errs)
    errs = problems(draft(attributes={**BASE_ATTRS, "Might": "3d6"}))
    assert any("six-sided" in str(e) for e in errs)


def test_campaign_total_and_limits() -> None:
    s = CampaignSettings(attribute_dice=DieCode.of(14), attribute_max=DieCode.of(5))
    d = draft(attributes={"Might": "5D", "Agility": "3D", "Wit": "3D", "Charm": "3D"})
    assert problems(d, s) == []
    assert sections(d) == ["Attributes", "How to Make a Character"]


def test_racial_perk_changes_limits() -> None:
    # "Racial Perks": a Dwarf may have Might 5D, but Agility only 3D.
    assert attribute_limit("Might", ["Dwarf"], CampaignSettings()) == DieCode.of(5)
    assert attribute_limit("Agility", ["Dwarf"], CampaignSettings()) == DieCode.of(3)
    d = draft(attributes={"Might": "5D", "Agility": "2D", "Wit": "2D+2", "Charm": "2D+1"},
              perks=["Dwarf", "Lucky"], specializations={})
    assert problems(d) == []
    bad = replace(d, attributes={"Might": "4D", "Agility": "3D+1", "Wit": "2D+2", "Charm": "2D"})
    errs = problems(bad)
    assert any(e.section == "Racial Perks" and "Agility" in str(e) for e in errs)
    elf = replace(d, perks=["Elf", "Destiny"])
    assert any("Might 5D" in str(e) for e in problems(elf))


def test_higher_attributes_at_a_price() -> None:
    s = CampaignSettings(price_max=DieCode.of(5))
    limit = DieCode.of(4)
    # The SRD's examples: 6D spent buys Might 5D; Agility 4D+2 costs 5D+1.
    assert attribute_cost(DieCode.of(5), limit) == DieCode.of(6)
    assert attribute_cost(parse_code("4D+2"), limit) == parse_code("5D+1")
    assert attribute_ceiling("Might", [], s) == DieCode.of(5)
    d = draft(attributes={"Might": "5D", "Agility": "2D", "Wit": "2D", "Charm": "2D"})
    assert problems(d, s) == []
    over = draft(attributes={"Might": "5D+1", "Agility": "2D", "Wit": "1D+1", "Charm": "2D"})
    assert "Higher Attributes at a Price" in sections(over, s)


def test_perdition_list_brings_its_price_option() -> None:
    s = CampaignSettings.from_mapping({"skill_list": "perdition"})
    assert s.price_max == DieCode.of(5) and s.setting == "perdition"


# -- skills, specializations, perks ------------------------------------------------------------


def test_skill_dice_total_is_7d() -> None:
    errs = problems(draft(skills={"Sword": "2D", "Dodge": "1D"}))
    assert len(errs) == 1 and "1D left to spend" in str(errs[0])
    errs = problems(draft(skills={"Sword": "2D", "Dodge": "2D", "Command": "1D"}))
    assert "1D too many" in str(errs[0])


def test_at_most_2d_per_skill() -> None:
    errs = problems(draft(skills={"Sword": "2D+1", "Dodge": "2D"}))
    assert any("at most 2D" in str(e) and e.section == "Skills" for e in errs)


def test_skill_must_be_on_the_list() -> None:
    errs = problems(draft(skills={"Sword": "2D", "Dodge": "1D", "Hacking": "1D"}))
    assert any("skill list" in str(e) for e in errs)
    errs = problems(draft(skills={"Sword": "2D", "Dodge": "1D", "Command": "-1D"}))
    assert any("cannot take away" in str(e) for e in errs)


def test_specialization_rules() -> None:
    errs = problems(draft(specializations={"Sword: Longsword": "1D"}))
    assert any("combat skills have no specializations" in str(e) for e in errs)
    errs = problems(draft(specializations={"Running": "1D"}))
    assert any("Skill: Focus" in str(e) for e in errs)
    errs = problems(draft(specializations={"Athletics: Running": "2D+1"}, skills={"Sword": "1D"}))
    assert any("one specialization" in str(e) for e in errs)


def test_perk_rules() -> None:
    assert any("no perk" in str(e) for e in problems(draft(perks=["Teleporter"])))
    assert any("twice" in str(e) for e in problems(draft(perks=["Destiny", "Destiny"])))
    two_races = draft(perks=["Dwarf", "Reptoid"], specializations={})
    assert "Racial Perks" in sections(two_races)
    assert "Rust Moon of Castia" in sections(draft(perks=["Hannedyn"]))
    assert "Magic Perks" in sections(draft(perks=["Familiar"], skills={"Sword": "2D",
                                                                       "Dodge": "1D",
                                                                       "Command": "2D"}))


def test_magic_needs_the_sorcerer_perk() -> None:
    d = draft(skills={"Magic": "2D", "Dodge": "1D", "Command": "1D"}, perks=[],
              specializations={"Athletics: Running": "1D"}, weapons=[])
    errs = problems(replace(d, skills={"Magic": "2D", "Dodge": "2D", "Command": "2D"}))
    assert any("Sorcerer" in str(e) for e in errs)
    ok = replace(d, perks=["Sorcerer"], specializations={}, skills={"Magic": "2D", "Dodge": "1D",
                                                                    "Command": "1D"},
                 spells=["Light", "Bless", "Heal", "Fly"])
    assert problems(ok) == []
    too_many = replace(ok, spells=["Light", "Bless", "Heal", "Fly", "ESP"])
    assert "Beginning Spells & Learning More" in sections(too_many)
    assert problems(ok, CampaignSettings(magic="none"))
    anyone = replace(ok, perks=[], skills={"Magic": "2D", "Dodge": "2D", "Command": "2D",
                                           "Lift": "1D"})
    assert problems(anyone, CampaignSettings(magic="everyone")) == []
    assert "The Grimoire" in sections(replace(ok, spells=["Light", "Light"]))
    assert any("no spell" in str(e) for e in problems(replace(ok, spells=["Fireball"])))


# -- complications and gear -------------------------------------------------------------------


def test_at_most_two_complications() -> None:
    d = draft(complications=["Age", "Crazy", "Enemies"])
    assert "Complications" in sections(d)
    assert problems(draft(complications=["Age", "Crazy"])) == []
    assert "twice" in str(problems(draft(complications=["Age", "Age"]))[0])
    assert any("no complication" in str(e) for e in problems(draft(complications=["Grumpy"])))


def test_racial_complications_come_with_the_perk() -> None:
    castia = CampaignSettings.from_mapping({"skill_list": "castia"})
    base = draft(skills={"Sword": "2D", "Dodge": "1D", "Command": "1D"}, specializations={},
                 perks=["Hannedyn", "Favors"],
                 attributes={"Might": "3D+1", "Agility": "3D", "Wit": "2D+2", "Charm": "3D"})
    assert problems(base, castia) == []
    c = create_character(replace(base, complications=["Age", "Crazy"]), castia)
    assert "Small" in c.complications and len(c.complications) == 3
    lone = replace(base, perks=["Destiny", "Favors"], complications=["Small"])
    assert any("racial perk" in str(e) for e in problems(lone, castia))
    assert any("another setting" in str(e) for e in problems(draft(complications=["Vessel"])))
    too_mighty = replace(base, attributes={**BASE_ATTRS, "Might": "3D+2", "Charm": "2D+2"})
    assert any("3D+1" in str(e) for e in problems(too_mighty, castia))


def test_magic_complication_needs_magic() -> None:
    assert "Magic Complications" in sections(draft(complications=["White Wizard"]))


def test_gear_comes_from_the_tables() -> None:
    assert any("no weapon" in str(e) for e in problems(draft(weapons=["Lightsaber"])))
    assert any("no armor" in str(e) for e in problems(draft(armor=["Mithril"])))
    assert "Low Tech Armor" in sections(draft(armor=["Chainmail", "Platemail"]))


def test_name_needed_and_first_problem_raised() -> None:
    with pytest.raises(RuleError, match="needs a name"):
        create_character(draft(name="  "))


def test_npcs_skip_the_budget() -> None:
    npc = draft(attributes={"Might": "6D", "Agility": "2D", "Wit": "1D", "Charm": "1D"},
                skills={"Sword": "4D"}, npc=True)
    assert problems(npc) == []
    assert create_character(npc).npc


def test_body_points() -> None:
    bp = CampaignSettings(wounds="body_points")
    with pytest.raises(RuleError, match="20"):
        create_character(draft(), bp)
    assert create_character(draft(), bp, body_roll_total=11).body_points == 31
    fixed = CampaignSettings(wounds="body_points", body_points="fixed")
    assert create_character(draft(), fixed).body_points == 32


def test_bad_settings() -> None:
    for kw in ({"combat": "cinematic"}, {"wounds": "hp"}, {"magic": "some"},
               {"price_max": DieCode.of(3)}, {"increasing_damage": 0},
               {"attribute_min": DieCode.of(5)}, {"skill_list": "nope"}):
        with pytest.raises(RuleError):
            CampaignSettings(**kw)  # type: ignore[arg-type]


def test_settings_round_trip() -> None:
    s = CampaignSettings.from_mapping({"skill_list": "perdition", "wild": {"rolling_limit": 5},
                                       "attribute_dice": "13D", "combat": "traditional"})
    again = CampaignSettings.from_mapping(s.to_mapping())
    assert again == s
    assert s.wild.rolling_limit == 5
