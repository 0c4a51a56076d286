"""Growing a character with character points ("Experience", "Spending Character Points",
"Buying New Perks", "Buying Off Complications", "Beginning Spells & Learning More").

Each function checks the rule, and returns the new sheet and the CP it cost; the sheet is never
changed in place.
"""

from __future__ import annotations

from dataclasses import replace

from d6tui.engine.errors import RuleError
from d6tui.games.simple_six.codes import DieCode
from d6tui.games.simple_six.content import content
from d6tui.games.simple_six.creation import attribute_ceiling
from d6tui.games.simple_six.paranormal import PARANORMAL, check_skill_open
from d6tui.games.simple_six.settings import CampaignSettings
from d6tui.games.simple_six.sheet import Character, Specialization, can_use_magic

_SPEND = "Spending Character Points"

#: CP per attribute die to raise an attribute one pip.
ATTRIBUTE_COST_FACTOR = 10

#: CP to learn a spell, and from another sorcerer's spell book ("Spell Books").
SPELL_COST = 2
SPELL_BOOK_COST = 1

#: Later perks cost this many CP per die of their creation cost ("Buying New Perks").
PERK_COST_FACTOR = 10

#: The least price of buying off a complication ("Buying Off Complications").
MIN_BUY_OFF = 20


#: "Independent Skills" double the price of raising a skill.
INDEPENDENT_SKILL_FACTOR = 2


def skill_cost(character: Character, skill: str, settings: CampaignSettings) -> int:
    """CP to raise a skill one pip: its current number of dice.

    Under "Independent Skills" the skill's dice are its own (no attribute), and the price is
    doubled: twice those dice, counting a skill under 1D as 1D (so it is never free).

    Args:
        character: the sheet.
        skill: the skill (it need not have dice put into it yet).
        settings: the campaign.

    Returns:
        The cost.

    Raises:
        RuleError: not a skill of the campaign.
    """
    if settings.independent_skills:
        character.skill(skill, settings)  # a skill of the campaign
        return INDEPENDENT_SKILL_FACTOR * max(1, character.own_dice(skill).dice)
    return character.skill(skill, settings).dice


def specialization_cost(
    character: Character, skill: str, name: str, settings: CampaignSettings
) -> int:
    """CP to raise a specialization one pip: half its dice, rounded up.

    Args:
        character: the sheet.
        skill: the specialization's skill.
        name: the specialization.
        settings: the campaign.

    Returns:
        The cost.

    Raises:
        RuleError: the character has no such specialization.
    """
    dice = character.specialization_code(skill, name, settings).dice
    return -(-dice // 2)


def attribute_cost(character: Character, attribute: str) -> int:
    """CP to raise an attribute one pip: ten times its dice (Wit 3D+1 costs 30).

    Args:
        character: the sheet.
        attribute: the attribute.

    Returns:
        The cost.

    Raises:
        RuleError: no such attribute.
    """
    return ATTRIBUTE_COST_FACTOR * character.attribute(attribute).dice


def attribute_price(character: Character, attribute: str, settings: CampaignSettings) -> int:
    """CP for an attribute's next pip: :func:`attribute_cost`, or the campaign's first-die
    price (``quasi_first_die``) for a paranormal attribute at 0D ("Paranormal Attributes with
    Skills").

    Raises:
        RuleError: no such attribute.
    """
    if character.attribute(attribute).total_pips == 0 and settings.is_paranormal(attribute):
        return settings.quasi_first_die
    return attribute_cost(character, attribute)


def _pay(character: Character, cost: int, what: str, section: str) -> Character:
    if cost > character.character_points:
        raise RuleError(
            f"{what} costs {cost} CP and {character.name} has {character.character_points}",
            section,
        )
    return replace(character, character_points=character.character_points - cost)


def raise_skill(
    character: Character, skill: str, settings: CampaignSettings
) -> tuple[Character, int]:
    """Raise a skill one pip.

    Args:
        character: the sheet.
        skill: the skill.
        settings: the campaign.

    Returns:
        ``(new sheet, CP spent)``.

    Raises:
        RuleError: not a skill of the campaign, Magic without access to magic, raised already
            this session, under a paranormal attribute at 0D, or not enough CP.
    """
    lst = settings.skills
    canon = lst.canonical(skill)
    if canon is None:
        raise RuleError(f"'{skill}' is not a skill of this campaign", "Skills")
    if canon == "Magic" and not can_use_magic(character, settings):
        raise RuleError("only characters who can work magic may learn Magic", "Access to Magic")
    if canon in character.raised_this_session:
        raise RuleError(f"{canon} has already gone up a pip this session", _SPEND)
    if not settings.independent_skills:
        check_skill_open(character, canon, settings)
    cost = skill_cost(character, canon, settings)
    new = _pay(character, cost, f"raising {canon}", _SPEND)
    entry = character.entry(canon)
    attr = entry.attribute if entry else lst.attribute_of(canon) or "Might"
    added = (entry.added if entry else DieCode(0)) + DieCode(1)
    new = new.with_skill(canon, attr, added)
    return replace(new, raised_this_session=(*new.raised_this_session, canon)), cost


def raise_quasi(
    character: Character, name: str, settings: CampaignSettings
) -> tuple[Character, int]:
    """Raise a quasi skill ("Quasi Skills"): one pip for its dice in CP, like a skill; one
    begun at 0D gets its first die for the campaign's price instead ("Adding Paranormal
    Abilities": 10 or 20 CP, with the GM's leave).

    Args:
        character: the sheet.
        name: the quasi skill.
        settings: the campaign.

    Returns:
        ``(new sheet, CP spent)``.

    Raises:
        RuleError: not a quasi skill of the campaign, raised already this session, or not
            enough CP.
    """
    q = settings.quasi_name(name)
    if q is None:
        raise RuleError(f"'{name}' is not a quasi skill of this campaign", "Quasi Skills")
    if q in character.raised_this_session:
        raise RuleError(f"{q} has already gone up this session", _SPEND)
    code = character.quasi_code(q) or DieCode(0)
    if code.total_pips == 0:
        cost, new_code = settings.quasi_first_die, DieCode.of(1)
        section = "Adding Paranormal Abilities"
    else:
        cost, new_code, section = code.dice, code + DieCode(1), "Quasi Skills"
    new = _pay(character, cost, f"raising {q}", section)
    new = new.with_quasi(q, new_code)
    return replace(new, raised_this_session=(*new.raised_this_session, q)), cost


def raise_specialization(
    character: Character, skill: str, name: str, settings: CampaignSettings
) -> tuple[Character, int]:
    """Raise a specialization one pip (half the cost of a skill, rounded up).

    Args:
        character: the sheet.
        skill: the specialization's skill.
        name: the specialization.
        settings: the campaign.

    Returns:
        ``(new sheet, CP spent)``.

    Raises:
        RuleError: no such specialization, raised already this session, or not enough CP.
    """
    spec = character.specialization(skill, name)
    if spec is None:
        raise RuleError(f"{character.name} has no {skill} specialization '{name}'",
                        "Skill Specializations")
    if spec.key in character.raised_this_session:
        raise RuleError(f"{spec.key} has already gone up a pip this session", _SPEND)
    cost = specialization_cost(character, skill, name, settings)
    new = _pay(character, cost, f"raising {spec.key}", _SPEND)
    raised = Specialization(spec.skill, spec.name, spec.bonus + DieCode(1))
    specs = tuple(raised if s == spec else s for s in character.specializations)
    return replace(new, specializations=specs,
                   raised_this_session=(*new.raised_this_session, spec.key)), cost


def raise_attribute(
    character: Character, attribute: str, settings: CampaignSettings
) -> tuple[Character, int]:
    """Raise an attribute one pip, and with it every skill under it; a paranormal attribute
    at 0D gets its first die for the campaign's ``quasi_first_die`` CP instead ("Paranormal
    Attributes with Skills", "Adding Paranormal Abilities").

    Args:
        character: the sheet.
        attribute: the attribute.
        settings: the campaign (its limits, and racial limits, still hold).

    Returns:
        ``(new sheet, CP spent)``.

    Raises:
        RuleError: the attribute is at its most, or not enough CP.
    """
    attr = settings.attribute_id(attribute)
    if attr is None or attr not in settings.attributes:
        known = ", ".join(settings.attribute_name(a) for a in settings.attributes) or "none"
        raise RuleError(f"'{attribute}' is not an attribute of this campaign (it has {known})",
                        "No Attributes" if settings.no_attributes else "Attributes")
    code = character.attribute(attr)
    shown = settings.attribute_name(attr)
    ceiling = attribute_ceiling(attr, character.perks, settings)
    if code + DieCode(1) > ceiling:
        raise RuleError(f"{shown} is at {code}, and may not go past {ceiling}", "Attributes")
    if code.total_pips == 0 and settings.is_paranormal(attr):
        # "Adding Paranormal Abilities": the first die of a gift begun at 0D, at the
        # campaign's price ("Paranormal Attributes with Skills").
        first = DieCode.of(1)
        if first > ceiling:
            raise RuleError(f"{shown} may not go past {ceiling}", "Attributes")
        cost = settings.quasi_first_die
        new = _pay(character, cost, f"the first die of {shown}", PARANORMAL)
        return new.with_attribute(attr, first), cost
    cost = attribute_cost(character, attr)
    new = _pay(character, cost, f"raising {shown}", _SPEND)
    return new.with_attribute(attr, code + DieCode(1)), cost


def buy_perk(
    character: Character, perk: str, settings: CampaignSettings
) -> tuple[Character, int]:
    """Buy a perk after play has begun, for ten CP per die of its cost (the GM agreeing).

    Args:
        character: the sheet.
        perk: the perk.
        settings: the campaign.

    Returns:
        ``(new sheet, CP spent)``.

    Raises:
        RuleError: a racial perk (one is not born again), one the character has, one of another
            setting, a magic perk without magic, a perk that grants magic where magic comes
            with the Sorcerer perk at creation ("Access to Magic"), or not enough CP.
    """
    p = settings.content.perk(perk)
    if p.kind == "racial":
        raise RuleError(f"{p.name} is a racial perk: it cannot be bought later",
                        "Buying New Perks")
    if character.has_perk(p.name):
        raise RuleError(f"{character.name} already has {p.name}", "Buying New Perks")
    if p.setting is not None and p.setting != settings.setting:
        raise RuleError(f"{p.name} belongs to another setting", p.section)
    if p.kind == "magic" and not can_use_magic(character, settings):
        raise RuleError(f"{p.name} is only for characters who can learn magic", "Magic Perks")
    if p.magic and settings.magic == "none":
        raise RuleError("this campaign has no magic", "Access to Magic")
    if p.magic and settings.magic == "sorcerer":
        # "Access to Magic": the character starts the game with the Sorcerer perk
        raise RuleError(f"{p.name} is taken at creation only: magic here needs a character"
                        " who starts the game with it", "Access to Magic")
    cost = PERK_COST_FACTOR * p.cost
    new = _pay(character, cost, f"{p.name}", "Buying New Perks")
    return replace(new, perks=(*new.perks, p.name)), cost


def learn_spell(
    character: Character, spell: str, settings: CampaignSettings, *, from_book: bool = False
) -> tuple[Character, int]:
    """Learn a spell: 2 CP, or 1 CP from another sorcerer's spell book that holds it.

    Args:
        character: the sheet.
        spell: the spell, from the Grimoire.
        settings: the campaign.
        from_book: learnt from a spell book holding it ("Spell Books").

    Returns:
        ``(new sheet, CP spent)``.

    Raises:
        RuleError: the character cannot work magic, knows it already, or lacks the CP.
    """
    s = settings.content.spell(spell)
    if not can_use_magic(character, settings):
        raise RuleError("only characters who can work magic learn spells", "Access to Magic")
    if s.name in character.spells:
        raise RuleError(f"{character.name} already knows {s.name}",
                        "Beginning Spells & Learning More")
    cost = SPELL_BOOK_COST if from_book else SPELL_COST
    section = "Spell Books" if from_book else "Beginning Spells & Learning More"
    new = _pay(character, cost, f"learning {s.name}", section)
    return replace(new, spells=(*new.spells, s.name)), cost


def buy_off_complication(
    character: Character, complication: str, price: int
) -> tuple[Character, int]:
    """Be rid of a complication at the GM's price, 20 CP or more.

    Args:
        character: the sheet.
        complication: the complication.
        price: the CP the GM asks.

    Returns:
        ``(new sheet, CP spent)``.

    Raises:
        RuleError: the character lacks it, it is racial, the price is under 20, or the CP
            are short.
    """
    c = content().complication(complication)
    if c.name not in character.complications:
        raise RuleError(f"{character.name} does not have {c.name}", "Buying Off Complications")
    if c.racial:
        raise RuleError(f"{c.name} comes with the character's race", "Buying Off Complications")
    if price < MIN_BUY_OFF:
        raise RuleError(f"the price is at least {MIN_BUY_OFF} CP, not {price}",
                        "Buying Off Complications")
    new = _pay(character, price, f"buying off {c.name}", "Buying Off Complications")
    return replace(new, complications=tuple(x for x in new.complications if x != c.name)), price


def award(character: Character, cp: int = 0, hero_points: int = 0) -> Character:
    """Give CP at the end of a session, and hero points earned ("Experience", "Hero Points").

    Args:
        character: the sheet.
        cp: character points awarded.
        hero_points: hero points earned.

    Returns:
        The new sheet.

    Raises:
        RuleError: a negative award.
    """
    if cp < 0 or hero_points < 0:
        raise RuleError("awards are not taken back", "Experience")
    return replace(character, character_points=character.character_points + cp,
                   hero_points=character.hero_points + hero_points)


def begin_session(character: Character) -> Character:
    """A new session: every skill may go up a pip again."""
    return replace(character, raised_this_session=())


#: What character points are spent on (``cp_spent``'s ``kind``).
SPENDS = ("skill", "specialization", "attribute", "perk", "spell", "buy_off", "quasi")


def spend(sheet: Character, settings: CampaignSettings, kind: str, target: str, *,
          from_book: bool = False, price: int | None = None) -> tuple[Character, int]:
    """The sheet after spending character points on one improvement, and their cost
    ("Spending Character Points").

    Args:
        sheet: the character.
        settings: the campaign's rules.
        kind: one of :data:`SPENDS`.
        target: what is improved (a skill, ``"Skill: Focus"``, an attribute, a perk, a spell,
            a complication bought off, a quasi skill).
        from_book: a spell learnt from a spell book.
        price: the CP the GM set for buying off a complication.

    Raises:
        RuleError: the improvement breaks a rule.
    """
    if kind == "skill":
        return raise_skill(sheet, target, settings)
    if kind == "specialization":
        skill, _, focus = target.partition(":")
        return raise_specialization(sheet, skill.strip(), focus.strip(), settings)
    if kind == "attribute":
        return raise_attribute(sheet, target, settings)
    if kind == "perk":
        return buy_perk(sheet, target, settings)
    if kind == "spell":
        return learn_spell(sheet, target, settings, from_book=from_book)
    if kind == "buy_off":
        return buy_off_complication(sheet, target, price or 0)
    if kind == "quasi":
        return raise_quasi(sheet, target, settings)
    raise RuleError(f"CP go to {', '.join(SPENDS)}, not {kind!r}", "Spending Character Points")
