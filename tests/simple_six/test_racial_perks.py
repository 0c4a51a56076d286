"""Racial perk bonuses in combat ("Racial Perks"): the Elf's +1 on ranged attacks and the
Reptoid's +1 damage on unarmed attacks."""

from __future__ import annotations

from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six.creation import Draft
from tests.simple_six.test_campaign import party

ELF = Draft("Lirael", {"Might": "2D", "Agility": "4D", "Wit": "3D", "Charm": "3D"},
            skills={"Bow": "2D", "Dodge": "2D", "Stealth": "1D"}, perks=["Elf"],
            weapons=["Bow", "Knife"], armor=["Leather"])
REPTOID = Draft("Ssark", {"Might": "4D", "Agility": "3D", "Wit": "2D", "Charm": "3D"},
                skills={"Brawling": "2D", "Dodge": "2D", "Stealth": "1D"}, perks=["Reptoid"])


def test_the_elf_adds_one_to_ranged_attacks_only() -> None:
    s = party()
    s.do(c.add_character, ELF, dice=s.dice)
    s.do(c.start_combat, ["lirael", "orc"])
    ev = s.do(c.attack, "lirael", "orc", skill="Bow", weapon="Bow", range_="short",
              typed={"attack": ([1] * 5, [2])}, dice=s.dice)
    assert ev["attack"]["total"] == 5 + 2 + 1
    ev = s.do(c.attack, "lirael", "orc", skill="Agility", weapon="Knife", dice=s.dice)
    assert "other modifiers" not in " ".join(ev["attack"].get("modifiers", []))


def test_the_reptoid_claws_add_one_to_unarmed_damage() -> None:
    s = party()
    s.do(c.add_character, REPTOID, dice=s.dice)
    s.do(c.start_combat, ["ssark", "orc"])
    ev = s.do(c.attack, "ssark", "orc", skill="Brawling",
              typed={"attack": ([6] * 5, [5]), "damage": ([1, 1, 1], [2])})
    assert ev["hit"] and ev["damage"]["total"] == 3 + 2 + 1
