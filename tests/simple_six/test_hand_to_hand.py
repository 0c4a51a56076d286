"""Hand-to-hand attacks are -5 to the TN in both combat systems ("Attacking a Target"), and
Block and Parry stop only brawling and melee attacks ("Defensive Options")."""

from __future__ import annotations

import pytest

from d6tui.engine.errors import RuleError
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six.combat import static_tn, traditional_tn
from d6tui.games.simple_six.sheet import dodge, parry
from tests.simple_six.test_campaign import party


def test_the_hand_to_hand_modifier() -> None:
    assert static_tn(15, range_="hand_to_hand") == 10
    assert traditional_tn(range_="hand_to_hand") == 5
    assert traditional_tn(12, kind="dodge", range_="hand_to_hand") == 7
    # a block or parry roll is the TN as it is
    assert traditional_tn(12, kind="parry", range_="hand_to_hand") == 12


def test_static_melee_attacks_are_five_lower() -> None:
    s = party()
    s.do(c.start_combat, ["orc", "mira"])
    mira = s.state.member("mira")
    ev = s.do(c.attack, "orc", "mira", skill="Axe", weapon="Axe", defense="dodge",
              typed={"attack": ([1, 1, 1], [1])})
    assert ev["tn"] == dodge(mira.sheet, s.state.settings) - 5
    # a missile has no hand-to-hand modifier
    ev = s.do(c.attack, "mira", "orc", skill="Bow", weapon="Bow", range_="short",
              typed={"attack": ([1, 1, 1, 1, 1], [1])})
    assert ev["tn"] == dodge(s.state.member("orc").sheet, s.state.settings)
    baelen = s.state.member("sir-baelen")
    s.do(c.end_combat)
    s.do(c.start_combat, ["orc", "sir-baelen"])
    ev = s.do(c.attack, "orc", "sir-baelen", skill="Axe", weapon="Axe", defense="parry",
              typed={"attack": ([1, 1, 1], [1])})
    assert ev["tn"] == parry(baelen.sheet, s.state.settings) - 5


def test_traditional_melee_with_no_defense_is_tn_5() -> None:
    s = party({"combat": "traditional"})
    s.do(c.start_combat, ["orc", "mira"])
    ev = s.do(c.attack, "orc", "mira", skill="Axe", weapon="Axe",
              typed={"attack": ([1, 1, 1], [1])})
    assert ev["tn"] == 5 and not ev["hit"]


@pytest.mark.parametrize("system", ["static", "traditional"])
@pytest.mark.parametrize("defense", ["block", "parry"])
def test_block_and_parry_are_not_against_missiles(system: str, defense: str) -> None:
    s = party({"combat": system})
    s.do(c.start_combat, ["orc", "mira"])
    with pytest.raises(RuleError, match="only against brawling or melee") as e:
        s.do(c.attack, "mira", "orc", skill="Bow", weapon="Bow", range_="short",
             defense=defense, dice=s.dice)
    assert e.value.section == "Defensive Options"
