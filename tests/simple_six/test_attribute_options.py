"""The optional rules that change the attribute model: "Renaming Attributes", "Expanded Number
of Attributes", "No Attributes", "Independent Skills", and the new-campaign settings around
them (price ceiling, complications allowed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from d6tui.engine.dice import Dice
from d6tui.engine.errors import EventError, RuleError
from d6tui.engine.session import Session
from d6tui.games.simple_six import advancement
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six.codes import DieCode
from d6tui.games.simple_six.creation import Draft, create_character, problems
from d6tui.games.simple_six.export import sheet_markdown
from d6tui.games.simple_six.rules import RULES
from d6tui.games.simple_six.settings import (
    ATTRIBUTE_OPTION_KEYS,
    CampaignSettings,
    format_skill_defaults,
    parse_skill_defaults,
)
from d6tui.games.simple_six.sheet import (
    body_points_fixed,
    derived,
    sheet_from_dict,
    sheet_to_dict,
    soak,
)
from d6tui.games.simple_six.templates import templates

RENAMED = {"attribute_names": {"Might": "Power", "Agility": "Grace", "Wit": "Reason",
                               "Charm": "Poise"}}
EXPANDED = {"extra_attributes": ["Perception"],
            "skill_attributes": {"Search": "Perception", "Tracking": "Perception"}}


def _sections(errs: list[RuleError]) -> str:
    return " | ".join(str(e) for e in errs)


# -- settings -------------------------------------------------------------------------------


def test_old_settings_store_what_they_always_did() -> None:
    plain = CampaignSettings.from_mapping({"skill_list": "fantasy"})
    stored = plain.to_mapping()
    assert not set(ATTRIBUTE_OPTION_KEYS) & set(stored)
    assert (str(plain.attribute_dice), str(plain.skill_dice), str(plain.skill_max)) == (
        "12D", "7D", "2D")
    assert plain.attributes == ("Might", "Agility", "Wit", "Charm")
    assert CampaignSettings.from_mapping(stored) == plain


@pytest.mark.parametrize("options", [
    RENAMED, EXPANDED, {"no_attributes": True}, {"independent_skills": True},
    {**RENAMED, **EXPANDED, "independent_skills": True, "price_max": "5D",
     "max_complications": 4},
])
def test_each_option_survives_the_round_trip(options: dict) -> None:
    s = CampaignSettings.from_mapping(options)
    again = CampaignSettings.from_mapping(s.to_mapping())
    assert again == s
    for key, value in options.items():
        assert again.to_mapping()[key] == value


@pytest.mark.parametrize(("options", "section"), [
    ({"attribute_names": {"Luck": "Fortune"}}, "Renaming Attributes"),
    ({"attribute_names": {"Might": "Grace", "Agility": "Grace"}}, "Renaming Attributes"),
    ({"attribute_names": {"Might": "Wit"}}, "Renaming Attributes"),
    ({"attribute_names": {"Might": " "}}, "Renaming Attributes"),
    ({"extra_attributes": ["Wit"]}, "Expanded Number of Attributes"),
    ({"extra_attributes": ["Perception"], "skill_attributes": {"Juggling": "Perception"}},
     "Expanded Number of Attributes"),
    ({"skill_attributes": {"Search": "Perception"}}, "Expanded Number of Attributes"),
    ({"no_attributes": True, "extra_attributes": ["Perception"]}, "No Attributes"),
    ({"no_attributes": True, "independent_skills": True}, "Independent Skills"),
    ({"price_max": "4D"}, "Higher Attributes at a Price"),
])
def test_settings_that_do_not_fit_are_refused(options: dict, section: str) -> None:
    with pytest.raises(RuleError) as err:
        CampaignSettings.from_mapping(options)
    assert err.value.section == section


def test_skill_defaults_syntax() -> None:
    text = "Perception: Search, Tracking; Toughness: Stamina"
    mapping = parse_skill_defaults(text)
    assert mapping == {"Search": "Perception", "Tracking": "Perception",
                       "Stamina": "Toughness"}
    assert format_skill_defaults(mapping) == text
    assert parse_skill_defaults("  ") == {}
    with pytest.raises(RuleError, match="Attribute: Skill"):
        parse_skill_defaults("Search, Tracking")
    with pytest.raises(RuleError, match="two attributes"):
        parse_skill_defaults("Perception: Search; Courage: search")


# -- Renaming Attributes ----------------------------------------------------------------------


def test_renamed_attributes_keep_their_rules_and_show_their_names() -> None:
    s = CampaignSettings.from_mapping(RENAMED)
    assert s.attribute_id("power") == "Might" and s.attribute_name("Wit") == "Reason"
    draft = Draft("Ysolde", {"Power": "4D", "Grace": "3D", "Reason": "3D", "Poise": "2D"},
                  skills={"Sword": "2D", "Dodge": "2D", "Medicine": "1D", "Ride": "2D"})
    assert problems(draft, s) == []
    sheet = create_character(draft, s)
    assert sheet.attribute("Might") == DieCode.of(4)  # the rules still read Might
    assert soak(sheet) == 12
    bad = Draft("Ysolde", {"Power": "5D", "Grace": "3D", "Reason": "2D", "Poise": "2D"},
                skills={"Sword": "2D", "Dodge": "2D", "Medicine": "1D", "Ride": "2D"})
    assert "Power 5D is above" in _sections(problems(bad, s))
    assert s.rename("rolled Might against death; Wit and Mighty") == (
        "rolled Power against death; Reason and Mighty")
    md = sheet_markdown(sheet, s)
    assert "| Power | 4D | Sword 6D |" in md and "| Might |" not in md


def test_a_renamed_campaign_rolls_and_raises_by_the_new_names() -> None:
    s = Session.new(RULES, {**RENAMED, "seed": 3})
    s.do(c.add_character, Draft(
        "Ysolde", {"Power": "4D", "Grace": "3D", "Reason": "3D", "Poise": "2D"},
        skills={"Sword": "2D", "Dodge": "2D", "Medicine": "1D", "Ride": "2D"}))
    ev = s.do(c.roll_check, "ysolde", "Reason", dice=s.dice)
    assert ev["roll"]["rolled"].startswith("3D")
    s.do(c.start_session)
    s.do(c.end_session, {"ysolde": 40})
    s.do(c.spend_cp, "ysolde", "attribute", "Poise")
    assert str(s.state.member("ysolde").sheet.attribute("Charm")) == "2D+1"
    with pytest.raises(RuleError, match="'Luck' is not an attribute"):
        s.do(c.spend_cp, "ysolde", "attribute", "Luck")
    record = RULES.export_markdown(s)
    assert "| Poise | 2D+1 |" in record and "| Charm |" not in record


# -- Expanded Number of Attributes --------------------------------------------------------------


def test_an_added_attribute_brings_three_dice_and_takes_its_skills() -> None:
    s = CampaignSettings.from_mapping(EXPANDED)
    assert s.attributes == ("Might", "Agility", "Wit", "Charm", "Perception")
    assert str(s.attribute_dice) == "15D"
    assert s.skills.attribute_of("Search") == "Perception"
    assert s.skills.attribute_of("Medicine") == "Wit"
    # the GM's own total wins
    assert str(CampaignSettings.from_mapping({**EXPANDED, "attribute_dice": "14D"})
               .attribute_dice) == "14D"
    two = CampaignSettings.from_mapping({"extra_attributes": ["Perception", "Courage"]})
    assert str(two.attribute_dice) == "18D"

    four_only = Draft("Kel", {"Might": "3D", "Agility": "3D", "Wit": "3D", "Charm": "3D"},
                      skills={"Search": "2D", "Bow": "2D", "Dodge": "2D", "Stealth": "1D"})
    assert "give Perception a die code" in _sections(problems(four_only, s))
    kel = Draft("Kel", {"Might": "3D", "Agility": "3D", "Wit": "3D", "Charm": "3D",
                        "Perception": "3D+0"}, skills=four_only.skills)
    assert problems(kel, s) == []
    over = Draft("Kel", {**kel.attributes, "Perception": "4D"}, skills=kel.skills)
    assert "attributes must use 15D exactly: 16D spent" in _sections(problems(over, s))
    sheet = create_character(kel, s)
    assert [a for a, _c in sheet.attributes][-1] == "Perception"
    assert str(sheet.skill("Search", s)) == "5D"  # Perception 3D + 2D
    assert str(sheet.skill("Tracking", s)) == "3D"  # defaults to Perception now
    again = sheet_from_dict(sheet_to_dict(sheet))
    assert again == sheet


def test_added_attributes_in_a_campaign() -> None:
    s = Session.new(RULES, {**EXPANDED, "seed": 5})
    s.do(c.add_character, Draft(
        "Kel", {"Might": "3D", "Agility": "3D", "Wit": "3D", "Charm": "3D", "Perception": "3D"},
        skills={"Search": "2D", "Bow": "2D", "Dodge": "2D", "Stealth": "1D"}))
    ev = s.do(c.roll_check, "kel", "Perception", dice=s.dice)
    assert ev["roll"]["rolled"].startswith("3D")
    # an NPC template gets Perception from the Wit its moved skills came from
    guard = next(t for t in templates() if t.name == "Town Guard")
    draft = guard.draft("Guard 1", s.state.settings)
    assert draft.attributes["Perception"] == guard.attributes["Wit"]
    # a four-attribute sheet does not join a five-attribute campaign
    plain = create_character(Draft("Bob", {"Might": "3D", "Agility": "3D", "Wit": "3D",
                                           "Charm": "3D"}, skills={"Sword": "2D",
                                                                  "Dodge": "2D",
                                                                  "Bow": "2D", "Ride": "1D"}))
    with pytest.raises(RuleError, match="this campaign uses"):
        c.import_character(s.state, sheet_to_dict(plain))


# -- No Attributes ------------------------------------------------------------------------------


def test_no_attributes_sixteen_dice_four_per_skill() -> None:
    s = CampaignSettings.from_mapping({"no_attributes": True})
    assert s.attributes == ()
    assert (str(s.skill_dice), str(s.skill_max)) == ("16D", "4D")
    assert s.skills.canonical("Toughness") == "Toughness"
    gunslinger = Draft("Jed", {}, skills={"Sword": "4D", "Bow": "1D", "Toughness": "3D",
                                          "Dodge": "4D", "Brawling": "3D", "Ride": "1D"},
                       weapons=["Sword"])  # Parry is the carried weapon's skill
    assert problems(gunslinger, s) == []
    too_much = Draft("Jed", {}, skills={**gunslinger.skills, "Sword": "5D", "Ride": "0D"},
                     weapons=["Sword"])
    found = _sections(problems(too_much, s))
    assert "at most 4D go into one skill" in found
    assert "No Attributes" in {e.section for e in problems(too_much, s)}
    with_attrs = Draft("Jed", {"Might": "3D"}, skills=gunslinger.skills)
    assert "no attributes" in _sections(problems(with_attrs, s))
    jed = create_character(gunslinger, s)
    assert jed.attributes == ()
    assert str(jed.skill("Sword", s)) == "6D" and str(jed.skill("Medicine", s)) == "2D"
    # Toughness resists damage, Dodge stands in for Agility
    assert str(jed.attribute("Might")) == "5D" and str(jed.attribute("Agility")) == "6D"
    d = derived(jed, s)
    assert (d.soak_base, d.dodge, d.parry) == (15, 18, 18)
    assert body_points_fixed(jed) == 40  # 20 + 4 per die of Toughness 5D ("Body Points")
    with pytest.raises(RuleError, match="no attributes"):
        jed.attribute("Wit")
    assert sheet_from_dict(sheet_to_dict(jed)) == jed
    assert "Toughness 5D" in sheet_markdown(jed, s)


def test_no_attributes_campaign_rolls_body_points_on_toughness() -> None:
    s = Session.new(RULES, {"no_attributes": True, "wounds": "body_points", "seed": 2})
    ev = s.do(c.add_character, Draft("Jed", {}, skills={
        "Sword": "4D", "Bow": "1D", "Toughness": "3D", "Dodge": "4D", "Brawling": "3D",
        "Ride": "1D"}), dice=Dice(4))
    assert ev["body_roll"]["rolled"].startswith("5D")
    ev = s.do(c.roll_check, "jed", "Toughness", dice=s.dice)
    assert ev["roll"]["rolled"].startswith("5D")
    npc = next(t for t in templates() if t.name == "Town Guard")
    from d6tui.games.simple_six.campaign import add_from_template

    s.do(add_from_template, npc, "Guard 1", dice=s.dice)
    guard = s.state.member("guard-1").sheet
    assert guard.attributes == ()
    assert guard.skill("Sword", s.state.settings) == (
        DieCode.of(0) + npc_code(npc, "Might") + npc_code(npc, "Sword", skill=True))


def npc_code(t, key: str, *, skill: bool = False) -> DieCode:  # noqa: ANN001
    from d6tui.games.simple_six.codes import as_code

    return as_code((t.skills if skill else t.attributes)[key])


# -- Independent Skills -------------------------------------------------------------------------

KNIGHT = Draft("Sir Aldo", {"Might": "4D", "Agility": "3D", "Wit": "2D", "Charm": "3D"},
               skills={"Sword": "2D", "Ride": "2D", "Command": "2D", "Dodge": "1D"},
               weapons=["Sword"])


def test_independent_skills_pick_the_attribute_when_rolling() -> None:
    s = Session.new(RULES, {"independent_skills": True, "seed": 4})
    s.do(c.add_character, KNIGHT)
    knight = s.state.member("sir-aldo").sheet
    st = s.state.settings
    assert str(knight.own_dice("Sword")) == "2D"
    assert str(knight.skill("Sword", st)) == "6D"  # attacks: Might + Sword
    assert derived(knight, st).parry == 18
    for what, dice in (("Wit + Sword", "4D"), ("Charm + Sword", "5D"), ("Might + Sword", "6D")):
        ev = s.do(c.roll_check, "sir-aldo", what, dice=s.dice)
        assert ev["roll"]["rolled"].startswith(dice), what
    with pytest.raises(RuleError, match="not an attribute"):
        s.do(c.roll_check, "sir-aldo", "Luck + Sword", dice=s.dice)
    md = sheet_markdown(knight, st)
    assert "Sword 2D" in md and "picked for each roll" in md


def test_independent_skills_cost_double_to_raise() -> None:
    plain = CampaignSettings()
    ind = CampaignSettings(independent_skills=True)
    knight = create_character(KNIGHT, plain)
    assert advancement.skill_cost(knight, "Sword", plain) == 6  # 6D as a normal skill
    assert advancement.skill_cost(knight, "Sword", ind) == 4  # twice its own 2D
    assert advancement.skill_cost(knight, "Medicine", ind) == 2  # 0D counts as 1D
    rich = knight.__class__(**{**knight.__dict__, "character_points": 10})
    raised, cost = advancement.raise_skill(rich, "Sword", ind)
    assert cost == 4 and str(raised.own_dice("Sword")) == "2D+1"
    with pytest.raises(RuleError):
        advancement.skill_cost(knight, "Juggling", ind)


def test_a_sheet_with_a_strange_attribute_does_not_load() -> None:
    data = sheet_to_dict(create_character(KNIGHT))
    data["attributes"] = {"Might": "3D", "Luck": "2D"}
    with pytest.raises(EventError):
        sheet_from_dict(data)


def test_a_saved_campaign_with_the_options_replays(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    s = Session.new(RULES, {**RENAMED, **EXPANDED, "independent_skills": True, "seed": 9},
                    path=path)
    s.do(c.add_character, Draft(
        "Kel", {"Power": "3D", "Grace": "3D", "Reason": "3D", "Poise": "3D", "Perception": "3D"},
        skills={"Search": "2D", "Bow": "2D", "Dodge": "2D", "Stealth": "1D"}))
    s.do(c.roll_check, "kel", "Perception + Bow", dice=s.dice)
    s.close()
    again = Session.load(path)
    assert again.state.settings.attribute_name("Might") == "Power"
    assert again.state.member("kel").sheet.attribute("Perception") == DieCode.of(3)
    again.close()


# -- Quasi Skills / Adding Paranormal Abilities -------------------------------------------------

ANGELS = {"quasi_skills": ["Spiritual", "Etheric", "Corporeal"], "quasi_first_die": 20}


def test_quasi_skill_settings() -> None:
    s = CampaignSettings.from_mapping(ANGELS)
    assert CampaignSettings.from_mapping(s.to_mapping()) == s
    assert s.quasi_name("etheric") == "Etheric"
    assert "quasi_first_die" not in CampaignSettings().to_mapping()
    for bad, section in (({"quasi_skills": ["Wit"]}, "Quasi Skills"),
                         ({"quasi_skills": ["Sword"]}, "Quasi Skills"),
                         ({"quasi_skills": ["Ki"], "quasi_first_die": 0},
                          "Adding Paranormal Abilities"),
                         ({"quasi_skills": ["Ki"], "no_attributes": True}, "No Attributes")):
        with pytest.raises(RuleError) as err:
            CampaignSettings.from_mapping(bad)
        assert err.value.section == section


def test_quasi_skills_are_bought_with_attribute_dice_and_raised_like_skills() -> None:
    s = Session.new(RULES, {**ANGELS, "seed": 6})
    st = s.state.settings
    angel = Draft("Azrael", {"Might": "2D", "Agility": "3D", "Wit": "2D", "Charm": "2D",
                             "Spiritual": "2D", "Etheric": "1D"},
                  skills={"Sword": "2D", "Dodge": "2D", "Command": "2D", "Ride": "1D"})
    assert problems(angel, st) == []  # 9D of attributes and 3D of quasi skills: 12D
    over = Draft("Azrael", {**angel.attributes, "Corporeal": "1D"}, skills=angel.skills)
    assert "13D spent" in _sections(problems(over, st))
    too_high = Draft("Azrael", {**angel.attributes, "Spiritual": "5D", "Might": "1D",
                                "Agility": "1D", "Etheric": "0D", "Charm": "2D+0"},
                     skills=angel.skills)
    assert "Spiritual 5D is above" in _sections(problems(too_high, st))
    s.do(c.add_character, angel)
    sheet = s.state.member("azrael").sheet
    assert [(q, str(code)) for q, code in sheet.quasi] == [
        ("Spiritual", "2D"), ("Etheric", "1D"), ("Corporeal", "0D")]
    assert sheet_from_dict(sheet_to_dict(sheet)) == sheet
    ev = s.do(c.roll_check, "azrael", "Spiritual", dice=s.dice)
    assert ev["roll"]["rolled"].startswith("2D")
    with pytest.raises(RuleError, match="0D in Corporeal"):
        s.do(c.roll_check, "azrael", "Corporeal", dice=s.dice)
    s.do(c.start_session)
    s.do(c.end_session, {"azrael": 22})
    ev = s.do(c.spend_cp, "azrael", "quasi", "Spiritual")
    assert ev["cost"] == 2  # like a skill: its dice
    with pytest.raises(RuleError, match="already gone up"):
        s.do(c.spend_cp, "azrael", "quasi", "Spiritual")
    ev = s.do(c.spend_cp, "azrael", "quasi", "Corporeal")
    assert ev["cost"] == 20  # the first die of a gift begun at 0D
    sheet = s.state.member("azrael").sheet
    assert (str(sheet.quasi_code("Spiritual")), str(sheet.quasi_code("Corporeal"))) == (
        "2D+1", "1D")
    assert sheet.character_points == 0
    assert "**Quasi skills:** Spiritual 2D+1, Etheric 1D, Corporeal 1D" in sheet_markdown(
        sheet, st)
    with pytest.raises(RuleError, match="not a quasi skill"):
        advancement.raise_quasi(sheet, "Sword", st)
