"""The Heal spell ("The Grimoire"): its TN comes from the target's wound level (+10 for each
earlier casting on the target that day), and success lowers the wound level one step."""

from __future__ import annotations

import pytest

from d6tui.engine.errors import RuleError
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six.rules import RULES, describe
from d6tui.games.simple_six.wounds import WoundLevel
from tests.simple_six.test_campaign import party

# Melkot's Magic: Wit 4D + 2D = 6D
_HIGH = ([6, 6, 6, 6, 6], [5])
_LOW = ([1, 1, 1, 1, 1], [2])


def _wound_mira(s) -> None:  # noqa: ANN001
    s.do(c.start_combat, ["orc", "mira"])
    # damage 14 against Soak 8: Wounded
    s.do(c.attack, "orc", "mira", skill="Axe", weapon="Axe", defense="dodge",
         typed={"attack": ([6, 6, 6], [6, 6, 2]), "damage": ([2] * 5, [4])})
    s.do(c.end_combat)


def test_heal_takes_its_tn_from_the_wounds_and_lowers_them() -> None:
    s = party()
    _wound_mira(s)
    before = s.state.member("mira").wounds.level
    assert before >= WoundLevel.WOUNDED
    with pytest.raises(RuleError, match="name the target"):
        s.do(c.cast_spell, "melkot", "Heal", None, dice=s.dice)
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
    ev = s.do(c.cast_spell, "melkot", "Heal", None, target="mira", castings_today=1,
              typed=_LOW)
    assert ev["tn"] >= 25 and ev["castings_today"] == 1
    assert s.state.member("mira").wounds.level == level
    assert s.state.member("melkot").caster.failures == 1


def test_heal_refuses_the_unharmed() -> None:
    s = party()
    with pytest.raises(RuleError, match="Heal does not treat"):
        s.do(c.cast_spell, "melkot", "Heal", None, target="mira", dice=s.dice)
