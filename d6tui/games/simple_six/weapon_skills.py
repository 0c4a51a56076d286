"""Which skill a weapon is used with, and which weapon a character parries with ("Static
Defenses": Parry is the weapon skill; "Defensive Options": the weapon skill if armed; the
campaign's melee skills are its Might combat skills other than Brawling). No Textual imports.
"""

from __future__ import annotations

from typing import Protocol

from d6tui.engine.errors import RuleError
from d6tui.games.simple_six.codes import DieCode
from d6tui.games.simple_six.settings import CampaignSettings


class Armed(Protocol):
    """What these functions read of a character sheet (:class:`.sheet.Character`)."""

    weapons: tuple[str, ...]

    def skill(self, name: str, settings: CampaignSettings | None = None) -> DieCode:
        """The code of a skill."""
        ...


def melee_skills(settings: CampaignSettings) -> list[str]:
    """The campaign's melee weapon skills: its Might combat skills other than Brawling.

    Args:
        settings: the campaign.

    Returns:
        Skill names, in list order.
    """
    # weapon skills keep their kind when moved
    lst = settings.content.skill_list(settings.skill_list)
    return [s for s, a in lst.skills if a == "Might" and s in lst.combat and s != "Brawling"]


#: Weapons whose skill is named differently from the weapon, by skill list spelling.
WEAPON_SKILLS: dict[str, tuple[str, ...]] = {
    "Sword, 2h": ("Sword", "Melee Weapons", "Melee"),
    "Rapier": ("Sword", "Melee Weapons", "Melee"),
    "Hatchet": ("Axe", "Axe/Mace", "Melee Weapons", "Melee"),
    "Axe": ("Axe", "Axe/Mace", "Melee Weapons", "Melee"),
    "Mace": ("Mace", "Axe/Mace", "Melee Weapons", "Melee"),
    "Club": ("Mace", "Axe/Mace", "Melee Weapons", "Melee"),
    "Warhammer": ("Mace", "Axe/Mace", "Melee Weapons", "Melee"),
    "Halberd": ("Pole Arm", "Melee Weapons", "Melee"),
    "Spear": ("Pole Arm", "Melee Weapons", "Melee"),
    "Staff": ("Pole Arm", "Melee Weapons", "Melee"),
    "Light Pistol": ("Pistol",),
    "Heavy Pistol": ("Pistol",),
    "Plasma Pistol": ("Pistol",),
    "Shotgun": ("Rifle",),
    "Plasma Rifle": ("Rifle",),
    "Plasma BFG": ("BFG",),
    "Plasma Sword": ("Plasma Sword", "Melee"),
}


def melee_weapon_skill(character: Armed, weapon: str,
                       settings: CampaignSettings | None = None) -> str:
    """The skill a melee weapon is used with: its own name or its kind in the campaign's
    list ("Sword" for a Rapier), else the character's best melee skill."""
    settings = settings or CampaignSettings()
    lst = settings.skills
    for name in (weapon, *WEAPON_SKILLS.get(weapon, ())):
        canon = lst.canonical(name)
        if canon is not None:
            return canon
    names = melee_skills(settings) or ["Brawling"]
    return max(names, key=lambda n: character.skill(n, settings))


def parry_skill(character: Armed, settings: CampaignSettings | None = None) -> str | None:
    """The weapon skill a character parries with: that of the melee weapon he carries (the
    best, when he carries several), or None when he carries none ("Static Defenses": Parry
    is the weapon skill; "Defensive Options": the weapon skill if armed)."""
    settings = settings or CampaignSettings()
    skills = []
    for w in character.weapons:
        try:
            kind = settings.content.weapon(w).kind
        except RuleError:
            continue
        if kind == "melee":
            skills.append(melee_weapon_skill(character, w, settings))
    if not skills:
        return None
    return max(skills, key=lambda n: character.skill(n, settings))
