""""Paranormal Attributes with Skills": an added attribute marked paranormal may be 0D, its
skills stay closed while it is, and its first die later costs the campaign's first-die price."""

from __future__ import annotations

import pytest

from d6tui.engine.errors import RuleError
from d6tui.engine.session import Session
from d6tui.games.simple_six import advancement
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six.creation import Draft, problems
from d6tui.games.simple_six.rules import RULES
from d6tui.games.simple_six.settings import CampaignSettings

WEREWOLVES = {"extra_attributes": ["Spiritual", "Perception"],
              "paranormal_attributes": ["spiritual"],
              "skill_attributes": {"Medicine": "Spiritual", "Search": "Perception"},
              "quasi_first_die": 20}
MUNDANE = Draft("Hal", {"Might": "4D", "Agility": "4D", "Wit": "3D", "Charm": "2D",
                        "Perception": "2D", "Spiritual": "0D"},
                skills={"Sword": "2D", "Dodge": "2D", "Search": "2D", "Command": "1D"})
GIFTED = Draft("Ysa", {"Might": "3D", "Agility": "3D", "Wit": "3D", "Charm": "2D",
                       "Perception": "2D", "Spiritual": "2D"},
               skills={"Sword": "2D", "Dodge": "2D", "Medicine": "2D", "Command": "1D"})


def _texts(errors: list[RuleError]) -> list[tuple[str, str | None]]:
    return [(str(e), e.section) for e in errors]


def test_settings_validate_and_round_trip() -> None:
    s = CampaignSettings.from_mapping(WEREWOLVES)
    assert s.paranormal_attributes == ("spiritual",)
    assert s.is_paranormal("Spiritual") and not s.is_paranormal("Perception")
    assert not s.is_paranormal("Might")
    # no extra attribute dice for the paranormal one: 12D + 3D for Perception only
    assert str(s.attribute_dice) == "15D"
    out = s.to_mapping()
    assert out["paranormal_attributes"] == ["spiritual"] and out["quasi_first_die"] == 20
    assert CampaignSettings.from_mapping(out) == s
    # an old save without the key has none
    assert CampaignSettings.from_mapping({"extra_attributes": ["Spiritual"]}
                                         ).paranormal_attributes == ()
    assert "paranormal_attributes" not in CampaignSettings().to_mapping()
    for bad in ({"paranormal_attributes": ["Spiritual"]},
                {"extra_attributes": ["Spiritual"], "paranormal_attributes": ["Might"]},
                {"extra_attributes": ["Spiritual"],
                 "paranormal_attributes": ["Spiritual", "spiritual"]}):
        with pytest.raises(RuleError) as err:
            CampaignSettings.from_mapping(bad)
        assert err.value.section == "Paranormal Attributes with Skills"


def test_creation_allows_0d_and_closes_its_skills() -> None:
    st = CampaignSettings.from_mapping(WEREWOLVES)
    assert problems(MUNDANE, st) == []
    assert problems(GIFTED, st) == []
    # a skill under the 0D gift is refused, citing the rule
    closed = Draft("Hal", MUNDANE.attributes,
                   skills={"Sword": "2D", "Dodge": "2D", "Search": "2D", "Medicine": "1D"})
    texts = _texts(problems(closed, st))
    assert any(t.startswith("Hal has Spiritual 0D: Medicine stays closed until Spiritual is"
                            " bought up from 0D with CP")
               and sec == "Paranormal Attributes with Skills" for t, sec in texts)
    spec = Draft("Hal", MUNDANE.attributes, skills={"Sword": "2D", "Dodge": "2D",
                                                    "Search": "2D"},
                 specializations={"Medicine: Herbs": "1D"})
    assert "Paranormal Attributes with Skills" in [e.section for e in problems(spec, st)]
    # 0D stays refused for an attribute not marked paranormal
    flat = Draft("Hal", {**MUNDANE.attributes, "Perception": "0D", "Spiritual": "2D"},
                 skills={"Sword": "2D", "Dodge": "2D", "Command": "2D", "Ride": "1D"})
    assert any("Perception 0D is below the least" in t for t, _s in _texts(problems(flat, st)))


def test_rolls_refused_and_the_first_die_costs_the_campaign_price() -> None:
    s = Session.new(RULES, {**WEREWOLVES, "seed": 4})
    st = s.state.settings
    s.do(c.add_character, MUNDANE)
    s.do(c.add_character, GIFTED)
    for what in ("Medicine", "Spiritual", "Medicine: Herbs"):
        with pytest.raises(RuleError) as err:
            s.do(c.roll_check, "hal", what, dice=s.dice)
        assert err.value.section == "Paranormal Attributes with Skills"
        assert "0D" in str(err.value)
    ev = s.do(c.roll_check, "ysa", "Medicine", dice=s.dice)
    assert ev["roll"]["rolled"].startswith("4D")  # Spiritual 2D + Medicine 2D
    s.do(c.start_session)
    s.do(c.end_session, {"hal": 25, "ysa": 25})
    with pytest.raises(RuleError, match="stays closed"):
        s.do(c.spend_cp, "hal", "skill", "Medicine")
    assert advancement.attribute_price(s.state.member("hal").sheet, "Spiritual", st) == 20
    ev = s.do(c.spend_cp, "hal", "attribute", "Spiritual")
    assert ev["cost"] == 20  # the campaign's first-die price, not 10 x 0 dice
    sheet = s.state.member("hal").sheet
    assert str(sheet.attribute("Spiritual")) == "1D" and sheet.character_points == 5
    ev = s.do(c.roll_check, "hal", "Medicine", dice=s.dice)
    assert ev["roll"]["rolled"].startswith("1D")
    # a raised gift costs as any attribute: ten times its dice
    ev = s.do(c.spend_cp, "ysa", "attribute", "Spiritual")
    assert ev["cost"] == 20
    # not enough CP for the first die
    mundane = Session.new(RULES, {**WEREWOLVES, "seed": 4})
    mundane.do(c.add_character, MUNDANE)
    with pytest.raises(RuleError, match="the first die of Spiritual costs 20 CP"):
        advancement.raise_attribute(mundane.state.member("hal").sheet, "Spiritual", st)
