"""Making a Simple Six character, with every rule of "How to Make a Character" checked.

A :class:`Draft` holds the player's choices as typed. :func:`problems` lists every rule the
draft breaks (so a form can show them all as the player goes); :func:`create_character` turns a
draft that breaks none into a :class:`~d6tui.games.simple_six.sheet.Character`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from d6tui.engine.errors import D6Error, DiceError, RuleError
from d6tui.games.simple_six.codes import ZERO, DieCode, as_code
from d6tui.games.simple_six.content import Content, Perk, SkillList, content
from d6tui.games.simple_six.paranormal import PARANORMAL, closed, closed_message
from d6tui.games.simple_six.settings import CampaignSettings
from d6tui.games.simple_six.sheet import (
    BODY_POINTS_BASE,
    Character,
    SkillEntry,
    Specialization,
    body_points_fixed,
)

#: Specialty dice bought by one skill die ("Skill Specializations").
SPECIALTY_DICE_PER_DIE = 3

#: Spells known at the start for each die put into Magic ("Beginning Spells & Learning More").
SPELLS_PER_MAGIC_DIE = 2

_MAKE = "How to Make a Character"


@dataclass(frozen=True)
class Draft:
    """A character being made: the choices as the player typed them.

    Attributes:
        name: the character's name.
        attributes: code of each attribute (``{"Might": "3D+1", ...}``), by id or by the
            campaign's name for it, and of each quasi skill bought (left out: 0D).
        skills: dice put into each skill on top of its attribute (``{"Sword": "2D"}``).
        specializations: skill dice spent on each specialization, keyed ``"Skill: Focus"``
            (``{"Athletics: Running": "1D"}`` records Running at Athletics + 3D).
        perks: perk names.
        complications: complication names (a racial perk's own are added by itself).
        weapons: weapons from the weapon tables.
        armor: armor from the armor table.
        spells: spells from the Grimoire.
        npc: a character the GM runs; NPCs skip the creation budget ("Non-Player Character").
    """

    name: str
    attributes: Mapping[str, str | DieCode | int]
    skills: Mapping[str, str | DieCode | int] = field(default_factory=dict)
    specializations: Mapping[str, str | DieCode | int] = field(default_factory=dict)
    perks: Sequence[str] = ()
    complications: Sequence[str] = ()
    weapons: Sequence[str] = ()
    armor: Sequence[str] = ()
    spells: Sequence[str] = ()
    npc: bool = False


# -- attribute limits and costs ---------------------------------------------------------------


#: The longest character name (the tracker, the tray and the dialogs stay one line each).
NAME_MAX = 40

def racial_perks(perks: Sequence[str], tables: Content | None = None) -> list[Perk]:
    """The racial perks among ``perks`` (unknown names are skipped), from ``tables`` (the
    tables in use when None)."""
    tables = tables or content()
    out = []
    for name in perks:
        try:
            p = tables.perk(name)
        except RuleError:
            continue
        if p.kind == "racial":
            out.append(p)
    return out


def attribute_limit(attribute: str, perks: Sequence[str], settings: CampaignSettings) -> DieCode:
    """The normal most an attribute may have: the campaign's, unless a racial perk sets it.

    Args:
        attribute: the attribute.
        perks: the character's perks.
        settings: the campaign.

    Returns:
        The limit ("Attributes", "Racial Perks").
    """
    for p in racial_perks(perks, settings.content):
        for attr, code in p.max:
            if attr == attribute:
                return code
    return settings.attribute_max


def attribute_ceiling(
    attribute: str, perks: Sequence[str], settings: CampaignSettings
) -> DieCode:
    """The most an attribute can ever reach: the limit, raised by the campaign's "Higher
    Attributes at a Price" ceiling when that option is on (a racial limit moves with it)."""
    limit = attribute_limit(attribute, perks, settings)
    if settings.price_max is None:
        return limit
    return limit + (settings.price_max - settings.attribute_max)


def attribute_cost(code: DieCode, limit: DieCode) -> DieCode:
    """Attribute dice spent for a code: pips past the limit cost double
    ("Higher Attributes at a Price": 5D over a 4D limit costs 6D, 4D+2 costs 5D+1).

    Args:
        code: the attribute's code.
        limit: the normal limit.

    Returns:
        The dice it costs.
    """
    if code <= limit:
        return code
    return limit + (code - limit) * 2


# -- checking ---------------------------------------------------------------------------------


def _code(value: object, what: str, errors: list[RuleError]) -> DieCode | None:
    try:
        return as_code(value)  # type: ignore[arg-type]
    except DiceError as e:
        errors.append(RuleError(f"{what}: {e}", "Splitting Dice"))
        return None


def _left(spent: DieCode, budget: DieCode) -> str:
    diff = budget - spent
    if diff.total_pips > 0:
        return f"{diff} left to spend"
    return f"{-diff} too many"


def _closed_skill(canon: str, skill_list: SkillList, attrs: Mapping[str, DieCode],
                  settings: CampaignSettings, name_shown: str) -> RuleError | None:
    """The refusal for a skill (or its specialization) under a paranormal attribute left at
    0D ("Paranormal Attributes with Skills"), or None when the skill is open."""
    under = skill_list.attribute_of(canon)
    if settings.independent_skills or under is None or under not in attrs \
            or not closed(under, attrs[under], settings):
        return None
    return RuleError(closed_message(name_shown, canon, under, settings), PARANORMAL)


def problems(draft: Draft, settings: CampaignSettings | None = None) -> list[RuleError]:
    """Every creation rule the draft breaks, each with its section.

    Args:
        draft: the player's choices.
        settings: the campaign (defaults: 12D attributes of 1D-4D, 7D of skills, 2D a skill).

    Returns:
        The broken rules, in the order of "How to Make a Character"; empty when the draft is
        a legal character.
    """
    settings = settings or CampaignSettings()
    errors: list[RuleError] = []
    tables = settings.content
    skill_list = settings.skills
    name_shown = draft.name.strip() or "the character"

    if not draft.name.strip():
        errors.append(RuleError("the character needs a name", _MAKE))
    elif len(draft.name.strip()) > NAME_MAX:
        errors.append(RuleError(f"a name takes at most {NAME_MAX} characters, not"
                                f" {len(draft.name.strip())}", _MAKE))

    # Perks come first: racial perks change the attribute limits.
    perks: list[Perk] = []
    for name in draft.perks:
        try:
            p = tables.perk(name)
        except RuleError as e:
            errors.append(e)
            continue
        if p in perks:
            errors.append(RuleError(f"{p.name} is taken twice", "Perks"))
            continue
        if p.setting is not None and p.setting != settings.setting:
            errors.append(RuleError(f"{p.name} belongs to another setting", p.section))
            continue
        perks.append(p)
    races = [p for p in perks if p.kind == "racial"]
    if len(races) > 1:
        errors.append(RuleError(
            f"a character has one race, not {len(races)} ({', '.join(p.name for p in races)})",
            "Racial Perks",
        ))
    perk_names = [p.name for p in perks]
    magic_ok = settings.magic == "everyone" or (
        settings.magic == "sorcerer" and any(p.magic for p in perks)
    )
    for p in perks:
        if p.kind == "magic" and not magic_ok:
            errors.append(RuleError(
                f"{p.name} is only for characters who can learn magic", "Magic Perks"
            ))
        if p.magic and settings.magic == "none":
            errors.append(RuleError("this campaign has no magic", "Access to Magic"))

    # 1. Attributes (none under "No Attributes"), typed by id or by the campaign's names.
    attrs: dict[str, DieCode] = {}
    ids = settings.attributes
    shown = ", ".join(settings.attribute_name(a) for a in ids)
    quasi: dict[str, DieCode] = {}
    for name, value in draft.attributes.items():
        q = settings.quasi_name(str(name))
        if q is not None:  # "Quasi Skills": bought with attribute dice, 0D allowed
            code = _code(value, q, errors)
            if code is None:
                continue
            if code.total_pips < 0:
                errors.append(RuleError(f"{q} cannot be below 0D", "Quasi Skills"))
            elif code > settings.attribute_max and not draft.npc:
                errors.append(RuleError(
                    f"{q} {code} is above the most an attribute may have,"
                    f" {settings.attribute_max}", "Quasi Skills"))
            quasi[q] = code
            continue
        canon = settings.attribute_id(str(name))
        if canon not in ids:
            errors.append(RuleError(
                f"this campaign has no attributes; put '{name}' aside" if not ids else
                f"'{name}' is not an attribute; they are {shown}",
                "No Attributes" if not ids else "Attributes",
            ))
            continue
        assert canon is not None
        code = _code(value, settings.attribute_name(canon), errors)
        if code is not None:
            attrs[canon] = code
    missing = [a for a in ids if a not in attrs]
    if missing and len(attrs) + len(missing) == len(ids):
        errors.append(RuleError(
            f"give {', '.join(settings.attribute_name(a) for a in missing)} a die code",
            "Attributes"))
    spent = ZERO
    for attr, code in attrs.items():
        limit = attribute_limit(attr, perk_names, settings)
        ceiling = attribute_ceiling(attr, perk_names, settings)
        shown_attr = settings.attribute_name(attr)
        if code.total_pips == 0 and settings.is_paranormal(attr):
            pass  # "Paranormal Attributes with Skills": 0D, the gift absent
        elif code < settings.attribute_min:
            errors.append(RuleError(
                f"{shown_attr} {code} is below the least an attribute may have,"
                f" {settings.attribute_min}",
                "Splitting Dice",
            ))
        elif code > ceiling and not draft.npc:
            why = "with the racial perk" if limit != settings.attribute_max else "in this campaign"
            section = "Higher Attributes at a Price" if settings.price_max else "Attributes"
            if limit != settings.attribute_max:
                section = "Racial Perks"
            errors.append(RuleError(
                f"{shown_attr} {code} is above the most allowed {why}, {ceiling}", section))
        # Only "Higher Attributes at a Price" makes dice past the limit cost double; without
        # it they are simply refused above, and counted at face value.
        spent = spent + (attribute_cost(code, limit) if settings.price_max is not None
                         else code)
    for code in quasi.values():
        spent = spent + code
    if ids and not missing and not draft.npc and spent != settings.attribute_dice:
        errors.append(RuleError(
            f"attributes must use {settings.attribute_dice} exactly: {spent} spent,"
            f" {_left(spent, settings.attribute_dice)}",
            _MAKE if settings.price_max is None else "Higher Attributes at a Price",
        ))

    # 2. Skills, specializations and perks share the skill dice.
    skill_spent = ZERO
    for name, value in draft.skills.items():
        canon = skill_list.canonical(name)
        if canon is None:
            errors.append(RuleError(f"'{name}' is not on this campaign's skill list", "Skills"))
            continue
        code = _code(value, canon, errors)
        if code is None:
            continue
        if code.total_pips < 0:
            errors.append(RuleError(f"{canon} cannot take away dice ({code})", "Skills"))
            continue
        shut = _closed_skill(canon, skill_list, attrs, settings, name_shown)
        if shut is not None:
            errors.append(shut)
            continue
        if code > settings.skill_max and not draft.npc:
            errors.append(RuleError(
                f"{canon} has {code} put into it; at most {settings.skill_max} go into one skill"
                " at creation",
                "No Attributes" if settings.no_attributes else "Skills",
            ))
        if canon == "Magic" and not magic_ok:
            errors.append(RuleError(
                "only characters who can work magic may learn the Magic skill"
                + (" (take the Sorcerer perk)" if settings.magic == "sorcerer" else ""),
                "Access to Magic",
            ))
        skill_spent = skill_spent + code
    for key, value in draft.specializations.items():
        skill, _, focus = str(key).partition(":")
        skill, focus = skill.strip(), focus.strip()
        canon = skill_list.canonical(skill)
        if canon is None or not focus:
            errors.append(RuleError(
                f"write a specialization as 'Skill: Focus' with a skill of this campaign, not"
                f" '{key}'",
                "Skill Specializations",
            ))
            continue
        if canon in skill_list.combat:
            errors.append(RuleError(
                f"{canon} is a combat skill, and combat skills have no specializations",
                "Skill Specializations",
            ))
            continue
        shut = _closed_skill(canon, skill_list, attrs, settings, name_shown)
        if shut is not None:
            errors.append(shut)
            continue
        code = _code(value, key, errors)
        if code is None:
            continue
        if code.total_pips <= 0:
            errors.append(RuleError(f"spend some dice on {key}", "Skill Specializations"))
        elif code > settings.skill_max and not draft.npc:
            errors.append(RuleError(
                f"{key} has {code} spent on it; at most {settings.skill_max} of skill dice go"
                " into one specialization (it records three times that)",
                "Skill Specializations",
            ))
        skill_spent = skill_spent + code
    perk_cost = DieCode.of(sum(p.cost for p in perks))
    total = skill_spent + perk_cost
    if not draft.npc and total != settings.skill_dice:
        errors.append(RuleError(
            f"skills and perks must use {settings.skill_dice} exactly: {skill_spent} on skills"
            f" and {perk_cost} on perks, {_left(total, settings.skill_dice)}",
            _MAKE,
        ))

    # 3. Complications.
    chosen = []
    granted = {c for p in perks for c in p.complications}
    for name in draft.complications:
        try:
            c = tables.complication(name)
        except RuleError as e:
            errors.append(e)
            continue
        if c.setting is not None and c.setting != settings.setting:
            errors.append(RuleError(f"{c.name} belongs to another setting", c.section))
        elif c.racial and c.name not in granted:
            errors.append(RuleError(
                f"{c.name} comes only with the racial perk that brings it", c.section
            ))
        elif c.magic and not magic_ok:
            errors.append(RuleError(
                f"{c.name} is only for characters who can work magic", "Magic Complications"
            ))
        elif c.name in chosen:
            errors.append(RuleError(f"{c.name} is taken twice", "Complications"))
        elif not c.racial:
            chosen.append(c.name)
    if len(chosen) > settings.max_complications and not draft.npc:
        errors.append(RuleError(
            f"at most {settings.max_complications} complications at creation, not {len(chosen)}",
            "Complications",
        ))

    # 4. Gear.
    for w in draft.weapons:
        try:
            tables.weapon(w)
        except RuleError as e:
            errors.append(e)
    suits: list[str] = []
    shields: list[str] = []
    for a in draft.armor:
        try:
            piece = tables.armor_piece(a)
        except RuleError as e:
            errors.append(e)
            continue
        (shields if piece.shield else suits).append(piece.name)
    if len(suits) > 1 or len(shields) > 1:
        errors.append(RuleError(
            "wear one suit of armor and carry one shield at most; values of two suits do not add",
            "Low Tech Armor",
        ))

    # Spells known at the start.
    if draft.spells:
        magic_dice = 0
        for name, value in draft.skills.items():
            if skill_list.canonical(name) == "Magic":
                try:
                    magic_dice = as_code(value).dice  # type: ignore[arg-type]
                except D6Error:
                    magic_dice = 0
        allowed = SPELLS_PER_MAGIC_DIE * magic_dice
        if not magic_ok:
            errors.append(RuleError("only characters who can work magic know spells",
                                    "Access to Magic"))
        elif len(draft.spells) > allowed and not draft.npc:
            errors.append(RuleError(
                f"{allowed} spells to start with ({SPELLS_PER_MAGIC_DIE} for each die put into"
                f" Magic), not {len(draft.spells)}",
                "Beginning Spells & Learning More",
            ))
        seen = set()
        for s in draft.spells:
            try:
                spell = tables.spell(s)
            except RuleError as e:
                errors.append(e)
                continue
            if spell.name in seen:
                errors.append(RuleError(f"{spell.name} is listed twice", "The Grimoire"))
            seen.add(spell.name)
    return errors


def create_character(
    draft: Draft,
    settings: CampaignSettings | None = None,
    *,
    body_roll_total: int | None = None,
) -> Character:
    """Make the character a draft describes.

    Args:
        draft: the player's choices.
        settings: the campaign.
        body_roll_total: the total of the Might roll for Body Points, when the campaign rolls
            them (``20 + total``); ignored otherwise.

    Returns:
        The sheet, with one hero point ("Hero Points") and no character points.

    Raises:
        RuleError: the first rule the draft breaks (see :func:`problems` for all of them), or
            a missing Body Points roll.
    """
    settings = settings or CampaignSettings()
    errs = problems(draft, settings)
    if errs:
        raise errs[0]
    tables = settings.content
    lst = settings.skills
    attrs = {settings.attribute_id(str(k)): as_code(v) for k, v in draft.attributes.items()
             if settings.quasi_name(str(k)) is None}
    quasi = {settings.quasi_name(str(k)): as_code(v) for k, v in draft.attributes.items()
             if settings.quasi_name(str(k)) is not None}
    skills = []
    for name, value in draft.skills.items():
        canon = lst.canonical(name)
        assert canon is not None
        code = as_code(value)
        if code.total_pips:
            skills.append(SkillEntry(canon, lst.attribute_of(canon) or "Might", code))
    specs = []
    for key, value in draft.specializations.items():
        skill, _, focus = str(key).partition(":")
        canon = lst.canonical(skill.strip())
        assert canon is not None
        specs.append(
            Specialization(canon, focus.strip(), as_code(value) * SPECIALTY_DICE_PER_DIE)
        )
    perks = [tables.perk(p) for p in draft.perks]
    complications = [c.name for p in perks for c in map(tables.complication, p.complications)]
    complications += [
        tables.complication(c).name for c in draft.complications
        if tables.complication(c).name not in complications
    ]
    character = Character(
        name=draft.name.strip(),
        attributes=tuple((a, attrs[a]) for a in settings.attributes),
        skills=tuple(skills),
        specializations=tuple(specs),
        perks=tuple(p.name for p in perks),
        complications=tuple(complications),
        weapons=tuple(tables.weapon(w).name for w in draft.weapons),
        armor=tuple(tables.armor_piece(a).name for a in draft.armor),
        spells=tuple(tables.spell(s).name for s in draft.spells),
        npc=draft.npc,
        quasi=tuple((q, quasi.get(q, ZERO)) for q in settings.quasi_skills),
    )
    if settings.wounds == "body_points":
        if settings.body_points == "fixed":
            bp = body_points_fixed(character)
        else:
            if body_roll_total is None:
                raise RuleError(
                    "roll Might and add it to 20 for the character's Body Points",
                    "Body Points (alternative to Wound Levels)",
                )
            bp = BODY_POINTS_BASE + body_roll_total
        character = Character(**{**character.__dict__, "body_points": bp})
    return character

