"""Hand-to-hand attacks are -5 to the TN in both combat systems ("Attacking a Target"): on
the Dodge score and the Traditional base TN, never on a Block or Parry ("Range: add the range
modifier to the Dodge score"; the worked example of "Increasing Damage" beats a Parry of 14
as it stands). Block and Parry stop only brawling and melee attacks ("Defensive Options"),
and Parry is the skill of the melee weapon carried ("Static Defenses")."""

from __future__ import annotations

import pytest

from d6tui.engine.errors import RuleError
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six.combat import static_tn, traditional_tn
from d6tui.games.simple_six.sheet import block, dodge, parry, parry_skill
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
    assert ev["tn"] == parry(baelen.sheet, s.state.settings) == 16  # no -5 on a Parry
    ev = s.do(c.attack, "orc", "sir-baelen", skill="Axe", weapon="Axe", defense="block",
              typed={"attack": ([1, 1, 1], [1])})
    assert ev["tn"] == block(baelen.sheet, s.state.settings)  # nor on a Block


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


def test_increasing_damage_example_beats_a_parry_of_14_by_12() -> None:
    """"Increasing Damage": a warrior needing to beat a Parry of 14 rolls 26: +2 damage, the
    Parry taken as it stands (no hand-to-hand -5) in both combat systems."""
    from d6tui.games.simple_six.wounds import extra_damage

    assert static_tn(14, cover=0) == 14
    assert traditional_tn(14, kind="parry", range_="hand_to_hand") == 14
    assert extra_damage(26 - 14) == 2


def test_parry_is_the_skill_of_the_weapon_carried() -> None:
    """"Static Defenses": Parry = the weapon skill's dice x 3 + pips; Sir Baelen's Sword 5D+1
    parries at 16. One who carries no melee weapon has no Parry (bare hands block), and is
    refused a parry in both systems ("Defensive Options")."""
    from d6tui.games.simple_six.creation import Draft

    for system in ("static", "traditional"):
        s = party({"combat": system, "seed": 3})
        baelen = s.state.member("sir-baelen").sheet
        assert parry_skill(baelen, s.state.settings) == "Sword"
        s.do(c.add_character, Draft(
            "Bruno", {"Might": "3D", "Agility": "3D", "Wit": "3D", "Charm": "3D"},
            skills={"Sword": "3D", "Axe": "1D", "Brawling": "1D"}, weapons=["Axe"],
            npc=True))
        bruno = s.state.member("bruno").sheet
        # he carries an Axe: Parry is Axe 4D (12), not his better Sword 6D (18)
        assert parry_skill(bruno, s.state.settings) == "Axe"
        assert parry(bruno, s.state.settings) == 12
        s.do(c.add_character, Draft(
            "Nell", {"Might": "3D", "Agility": "3D", "Wit": "3D", "Charm": "3D"},
            skills={"Sword": "3D", "Brawling": "1D"}, weapons=["Bow"], npc=True))
        nell = s.state.member("nell").sheet
        assert parry_skill(nell, s.state.settings) is None and parry(nell) == 0
        s.do(c.start_combat, ["orc", "nell"])
        with pytest.raises(RuleError, match="carries no melee weapon to parry with"):
            s.do(c.attack, "orc", "nell", skill="Axe", weapon="Axe", defense="parry",
                 dice=s.dice)
