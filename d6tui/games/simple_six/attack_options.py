"""What an attack offers, asked of the rules by the screen and by the moves list: the
skill a weapon uses, the targets, the defenses a target may make, and how many actions a
combatant may declare ("Combat", "Static Defenses", "Defensive Options", "Multiple
Actions").
"""

from __future__ import annotations

from d6tui.engine.errors import RuleError
from d6tui.games.simple_six import helpless, reflexes
from d6tui.games.simple_six.attacks import weapon_is_ranged
from d6tui.games.simple_six.sheet import Character
from d6tui.games.simple_six.state import Campaign, Member
from d6tui.games.simple_six.weapon_skills import WEAPON_SKILLS, melee_skills


def attack_skill(sheet: Character, weapon: str | None, c: Campaign) -> str:
    """The skill an attack with ``weapon`` uses in this campaign ("Combat": bare hands use
    Brawling; a thrown weapon Throwing; a melee weapon whose skill the list lacks, the
    character's best melee skill).

    Args:
        sheet: the attacker.
        weapon: a weapon's name, or None for bare hands.
        c: the campaign (its skill list).

    Returns:
        The skill's name as the campaign's list spells it.
    """
    lst = c.settings.skills
    if weapon is None:
        return "Brawling"
    for name in (weapon, *WEAPON_SKILLS.get(weapon, ())):
        canon = lst.canonical(name)
        if canon is not None:
            return canon
    if weapon_is_ranged(weapon):
        return lst.canonical("Throwing") or "Brawling"
    names = melee_skills(c.settings) or ["Brawling"]
    return max(names, key=lambda n: sheet.skill(n, c.settings))


def most_actions(c: Campaign, who: str) -> int:
    """The most actions ``who`` may declare: as many as leave his best code 1D ("Multiple
    Actions": -1D on every roll for each action past the first)."""
    sheet = c.member(who).sheet
    codes = [code for _a, code in sheet.attributes]
    for e in sheet.skills:
        try:
            codes.append(sheet.skill(e.name, c.settings))
        except RuleError:
            continue
    return max([1, *(code.dice for code in codes)])


def attack_targets(c: Campaign, attacker: str) -> list[Member]:
    """Who ``attacker`` may attack in the fight: everyone in it but himself and the dead."""
    fight = c.combat
    if fight is None:
        return []
    return [m for m in (c.member(i) for i in fight.ids if i != attacker)
            if not (m.body.dead if m.body is not None else m.wounds.dead)]


def no_defense_reason(c: Campaign, target: Member) -> str | None:
    """Why ``target`` makes no defense now, or None: helpless (no Dodge, Block or Parry; Very
    Easy TN), or holding a full dodge (which meets this attack too, "Defensive Options")."""
    why = helpless.helpless_reason(c, target)
    if why is not None:
        return f"{target.sheet.name} is {why}: no defense, Very Easy TN (Combat)."
    if c.combat is not None and reflexes.held_dodge(c.combat, target.id) is not None:
        return f"{target.sheet.name} is full dodging: the same dodge meets this attack."
    return None


def defense_options(c: Campaign, ranged: bool) -> list[tuple[str, str]]:
    """The defenses a target may make against one attack: ``(label, value)`` pairs.

    Static combat ("Static Defenses"): Dodge or a full dodge (value ``full``); against a
    blow also Block, Parry or the better of the two (``melee``); Block and Parry stop no
    missile ("Defensive Options"). Traditional combat ("Defensive Options"): no defense (TN
    10, or 5 hand-to-hand), Dodge, a full dodge (``full_dodge``), and against a blow Block
    and Parry.
    """
    if c.settings.combat == "static":
        opts = [("Dodge", "dodge"), ("Dodge, full dodge +10", "full")]
        if not ranged:
            opts = [("the better of Block and Parry", "melee"), *opts,
                    ("Block", "block"), ("Parry", "parry")]
        return opts
    if ranged:
        return [("no defense: TN 10", "none"), ("Dodge", "dodge"), ("full dodge", "full_dodge")]
    return [("no defense: TN 5 (hand-to-hand -5)", "none"), ("Dodge", "dodge"),
            ("Block", "block"), ("Parry", "parry"), ("full dodge", "full_dodge")]
