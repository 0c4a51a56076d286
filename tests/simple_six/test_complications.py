"""Complications and access to magic after creation ("Complications", "Magic
Complications", "Access to Magic")."""

from __future__ import annotations

import pytest

from d6tui.engine.errors import RuleError
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six import spellcast as sc
from tests.simple_six.test_combat_audit import replays
from tests.simple_six.test_spell_effects import archmage_sheet, hi, magi


def test_a_white_wizard_harms_no_one_with_magic_and_earns_a_cp_each_session() -> None:
    s = magi()
    s.do(c.import_character, archmage_sheet(name="Alba", complications=["White Wizard"]))
    for spell in ("Death Spell", "Lightning Bolt", "Petrify"):
        with pytest.raises(RuleError, match="White Wizard and cannot harm anyone") as e:
            s.do(sc.cast, "alba", spell, targets=["orc"], typed={"roll": hi(10)})
        assert e.value.section == "Magic Complications"
    s.do(sc.cast, "alba", "Bless", targets=["mira"], typed={"roll": hi(10)})  # helps
    s.do(c.start_session)
    before = s.state.member("alba").sheet.character_points
    ev = s.do(c.end_session, {"alba": 3})  # nobody asked: his CP comes by itself
    assert ev["complications"] == {"alba": ["White Wizard"]}
    assert s.state.member("alba").sheet.character_points == before + 4
    replays(s)


def test_complications_that_came_up_earn_one_cp_each_at_most() -> None:
    s = magi()
    s.do(c.import_character, archmage_sheet(name="Bryn", complications=["Enemies", "Crazy"]))
    s.do(c.start_session)
    with pytest.raises(RuleError, match="no complication 'Gremlins'"):
        s.do(c.end_session, {"bryn": 3}, complications={"bryn": ["Gremlins"]})
    ev = s.do(c.end_session, {"bryn": 3}, complications={"bryn": ["Enemies", "Enemies"]})
    assert ev["complications"] == {"bryn": ["Enemies"]}  # one CP per complication a session
    assert s.state.member("bryn").sheet.character_points == 4
    # the log's line gives the whole award, the complication's CP too
    from d6tui.games.simple_six.describe import describe
    assert "Bryn 4 CP (1 for Enemies)" in describe(ev, s.state)
    s.do(c.start_session)
    assert "complications" not in s.do(c.end_session, {"bryn": 0})  # none came up
    replays(s)


def test_magic_is_for_those_who_start_with_the_sorcerer_perk() -> None:
    """"Access to Magic": by default magic needs a character who starts with the Sorcerer
    perk; one who did not cannot buy it later, nor raise or roll Magic."""
    s = magi()
    s.do(c.start_session)
    s.do(c.end_session, {"mira": 40})
    with pytest.raises(RuleError, match="taken at creation only") as e:
        s.do(c.spend_cp, "mira", "perk", "Sorcerer")
    assert e.value.section == "Access to Magic"
    with pytest.raises(RuleError, match="only characters who can work magic"):
        s.do(c.spend_cp, "mira", "skill", "Magic")
    with pytest.raises(RuleError, match="cannot work magic: no Magic roll"):
        s.do(c.roll_check, "mira", "Magic", dice=s.dice)
    s.do(c.roll_check, "archmage", "Magic", dice=s.dice)  # a sorcerer rolls it
    replays(s)
