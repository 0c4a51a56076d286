"""A campaign's settings: the choices "Making the Game Your Own" asks the GM to write down.

Attribute dice and limits, skill dice and limits, the skill list, the combat system, wound
levels or Body Points, how magic is reached, and the optional rules that change rolls.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from functools import cached_property

from d6tui.engine.errors import RuleError
from d6tui.games.simple_six.codes import DieCode, as_code
from d6tui.games.simple_six.content import ATTRIBUTES, Content, SkillList, content
from d6tui.games.simple_six.wild_options import WildOptions

#: Combat systems ("Combat": Fast Static Combat or Traditional OpenD6 Combat).
COMBAT_SYSTEMS = ("static", "traditional")

#: Ways of tracking harm ("Wounds", or "Body Points (alternative to Wound Levels)").
WOUND_SYSTEMS = ("levels", "body_points")

#: How Body Points are set: Might rolled and added to 20, or 20 plus 4 per die of Might.
BODY_POINT_METHODS = ("rolled", "fixed")

#: Who can work magic ("Access to Magic"): no one, those with the Sorcerer perk, everyone.
MAGIC_ACCESS = ("none", "sorcerer", "everyone")

#: Attribute dice, skill dice and the most in one skill by default ("How to Make a Character").
DEFAULT_ATTRIBUTE_DICE = DieCode.of(12)
DEFAULT_SKILL_DICE = DieCode.of(7)
DEFAULT_SKILL_MAX = DieCode.of(2)

#: Attribute dice added for each attribute beyond the four ("Expanded Number of Attributes").
DICE_PER_EXTRA_ATTRIBUTE = 3

#: Skill dice and the most in one skill under "No Attributes".
NO_ATTRIBUTES_SKILL_DICE = DieCode.of(16)
NO_ATTRIBUTES_SKILL_MAX = DieCode.of(4)

#: The skill that resists damage under "No Attributes" (the SRD's gunslinger has one); it is
#: added to the campaign's list when the list lacks it.
TOUGHNESS = "Toughness"

#: The settings keys of the attribute options, left out of stored settings while unused so
#: that a campaign without them stores what it always did.
ATTRIBUTE_OPTION_KEYS = ("attribute_names", "extra_attributes", "skill_attributes",
                         "no_attributes", "independent_skills", "quasi_skills",
                         "quasi_first_die", "paranormal_attributes")

#: CP for the first die of a quasi skill begun at 0D (the SRD suggests 10 or 20).
DEFAULT_QUASI_FIRST_DIE = 10


def parse_skill_defaults(text: str) -> dict[str, str]:
    """Read the skill defaults typed in the new-campaign form ("Expanded Number of Attributes").

    The syntax: groups separated by ``;`` or new lines, each ``Attribute: Skill, Skill``.
    ``"Perception: Search, Tracking; Toughness: Stamina"`` gives
    ``{"Search": "Perception", "Tracking": "Perception", "Stamina": "Toughness"}``.

    Args:
        text: what the GM typed.

    Returns:
        skill -> attribute (names as typed, stripped).

    Raises:
        RuleError: a group without ``:``, an empty attribute, or a skill named twice.
    """
    out: dict[str, str] = {}
    for group in text.replace("\n", ";").split(";"):
        if not group.strip():
            continue
        attr, colon, skills = group.partition(":")
        if not colon or not attr.strip():
            raise RuleError(f"write skill defaults as 'Attribute: Skill, Skill', not"
                            f" '{group.strip()}'", "Expanded Number of Attributes")
        for skill in skills.split(","):
            if not skill.strip():
                continue
            if skill.strip().lower() in (k.lower() for k in out):
                raise RuleError(f"{skill.strip()} is given two attributes",
                                "Expanded Number of Attributes")
            out[skill.strip()] = attr.strip()
    return out


def format_skill_defaults(mapping: Mapping[str, str]) -> str:
    """The inverse of :func:`parse_skill_defaults` (``"Perception: Search, Tracking"``)."""
    groups: dict[str, list[str]] = {}
    for skill, attr in mapping.items():
        groups.setdefault(attr, []).append(skill)
    return "; ".join(f"{a}: {', '.join(s)}" for a, s in groups.items())


@dataclass(frozen=True)
class CampaignSettings:
    """The rules a campaign plays by.

    Attributes:
        attribute_dice: dice shared among the attributes ("How to Make a Character"; "Varying
            the Number of Attribute Dice").
        attribute_min: the least an attribute may have.
        attribute_max: the most an attribute may have unless a perk says otherwise
            ("Increasing the Attribute Range").
        price_max: with "Higher Attributes at a Price", the ceiling above ``attribute_max``
            that costs double; None when the option is off.
            Left out, it is 12D plus 3D for each added attribute ("Expanded Number of
            Attributes").
        skill_dice: dice for skills and perks ("Varying Starting Skill Dice"); left out, 7D,
            or 16D under "No Attributes".
        skill_max: the most dice put into one skill at creation; left out, 2D, or 4D under
            "No Attributes".
        max_complications: complications a new character may take ("Complications").
        skill_list: id of the skill list in the content file.
        setting: the sample setting whose own perks and complications are offered, if any.
        combat: one of :data:`COMBAT_SYSTEMS`.
        wounds: one of :data:`WOUND_SYSTEMS`.
        body_points: one of :data:`BODY_POINT_METHODS` (used with Body Points).
        magic: one of :data:`MAGIC_ACCESS`.
        increasing_damage: with "Increasing Damage", the points of success per extra point of
            damage (5 in the SRD, 3 for deadlier games); None when off.
        traditional_might_damage: melee and unarmed damage from half the Lift dice
            ("Traditional OpenD6 Might Damage").
        wild: the options that change rolls (wild 1, rolling limit, hero points, character
            points as extra wild dice and ``cp_limit``, the most of them on one roll, "Halfway
            There"...).
        attribute_names: ``(attribute, shown name)`` pairs of "Renaming Attributes": the rules
            keep the ids (Might still resists damage), every screen shows the names.
        extra_attributes: attributes added to the four ("Expanded Number of Attributes").
        skill_attributes: ``(skill, attribute)`` pairs moving skills of the list to another
            attribute (an added one, usually).
        no_attributes: "No Attributes": skills start at 2D; Toughness stands in for Might and
            Dodge for Agility wherever a rule reads them.
        independent_skills: "Independent Skills": a roll adds an attribute chosen when it is
            made to the skill's own dice, and raising a skill costs twice as much.
        quasi_skills: paranormal abilities kept as "Quasi Skills": bought with attribute dice
            at creation (0D allowed), raised with CP like skills afterwards.
        quasi_first_die: CP for the first die of a quasi skill begun at 0D ("Adding
            Paranormal Abilities": 10 or 20 suggested); also the CP for the first die of a
            paranormal attribute begun at 0D.
        paranormal_attributes: added attributes marked paranormal ("Paranormal Attributes
            with Skills"): 0D allowed at creation, no extra attribute dice given for them, and
            their skills neither bought nor rolled while they are 0D.
        tables: the campaign's own copy of the content its skill list is read from
            (:mod:`.tables`); None for the tables in use (:func:`.content.content`). Not a
            setting: never stored with them.
    """

    attribute_dice: DieCode = None  # type: ignore[assignment]  # set in __post_init__
    attribute_min: DieCode = DieCode.of(1)
    attribute_max: DieCode = DieCode.of(4)
    price_max: DieCode | None = None
    skill_dice: DieCode = None  # type: ignore[assignment]  # set in __post_init__
    skill_max: DieCode = None  # type: ignore[assignment]  # set in __post_init__
    max_complications: int = 2
    skill_list: str = "fantasy"
    setting: str | None = None
    combat: str = "static"
    wounds: str = "levels"
    body_points: str = "rolled"
    magic: str = "sorcerer"
    increasing_damage: int | None = None
    traditional_might_damage: bool = False
    wild: WildOptions = field(default_factory=WildOptions)
    attribute_names: tuple[tuple[str, str], ...] = ()
    extra_attributes: tuple[str, ...] = ()
    skill_attributes: tuple[tuple[str, str], ...] = ()
    no_attributes: bool = False
    independent_skills: bool = False
    quasi_skills: tuple[str, ...] = ()
    quasi_first_die: int = DEFAULT_QUASI_FIRST_DIE
    paranormal_attributes: tuple[str, ...] = ()
    tables: Content | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._check_attribute_options()
        if self.attribute_dice is None:
            # "Adding Paranormal Abilities": no extra attribute dice for a paranormal one.
            extra = DICE_PER_EXTRA_ATTRIBUTE * (len(self.extra_attributes)
                                                - len(self.paranormal_attributes))
            object.__setattr__(self, "attribute_dice", DEFAULT_ATTRIBUTE_DICE + DieCode.of(extra))
        if self.skill_dice is None:
            object.__setattr__(self, "skill_dice", NO_ATTRIBUTES_SKILL_DICE
                               if self.no_attributes else DEFAULT_SKILL_DICE)
        if self.skill_max is None:
            object.__setattr__(self, "skill_max", NO_ATTRIBUTES_SKILL_MAX
                               if self.no_attributes else DEFAULT_SKILL_MAX)
        for name, allowed, section in (
            ("combat", COMBAT_SYSTEMS, "Combat"),
            ("wounds", WOUND_SYSTEMS, "Body Points (alternative to Wound Levels)"),
            ("body_points", BODY_POINT_METHODS, "Body Points (alternative to Wound Levels)"),
            ("magic", MAGIC_ACCESS, "Access to Magic"),
        ):
            if getattr(self, name) not in allowed:
                raise RuleError(
                    f"{name} is one of {', '.join(allowed)}, not {getattr(self, name)!r}", section
                )
        if self.attribute_min.dice < 0 or self.attribute_max < self.attribute_min:
            raise RuleError(
                "the attribute limits are out of order", "Increasing the Attribute Range"
            )
        if self.price_max is not None and self.price_max <= self.attribute_max:
            raise RuleError(
                "the ceiling for higher attributes at a price must be above the normal limit",
                "Higher Attributes at a Price",
            )
        if self.increasing_damage is not None and self.increasing_damage < 1:
            raise RuleError("increasing damage needs a step of 1 or more", "Increasing Damage")
        self.content.skill_list(self.skill_list)

    def _check_attribute_options(self) -> None:
        ren = "Renaming Attributes"
        exp = "Expanded Number of Attributes"
        seen: set[str] = set()
        for attr, name in self.attribute_names:
            if attr not in ATTRIBUTES:
                raise RuleError(f"only the four attributes are renamed, not {attr!r}", ren)
            if not str(name).strip():
                raise RuleError(f"give {attr} a name", ren)
            other = next((a for a in ATTRIBUTES if a.lower() == name.strip().lower()), attr)
            if other != attr:
                raise RuleError(f"{attr} cannot be called {other}: that is another attribute",
                                ren)
        for extra in self.extra_attributes:
            if not extra.strip():
                raise RuleError("an added attribute needs a name", exp)
            if extra.lower() in (a.lower() for a in ATTRIBUTES):
                raise RuleError(f"{extra} is one of the four attributes already", exp)
        shown = [n.lower() for n in self.attribute_names_shown]
        for name in [*shown, *(a.lower() for a in self.extra_attributes)]:
            if name in seen:
                raise RuleError(f"two attributes are called {name.capitalize()}",
                                ren if shown.count(name) > 1 else exp)
            seen.add(name)
        if self.no_attributes and (self.extra_attributes or self.skill_attributes):
            raise RuleError("a campaign with no attributes adds none and moves no skill",
                            "No Attributes")
        if self.no_attributes and self.independent_skills:
            raise RuleError("independent skills still need attributes to roll with",
                            "Independent Skills")
        lst = self.content.skill_list(self.skill_list)
        quasi = "Quasi Skills"
        taken = {a.lower() for a in (*ATTRIBUTES, *self.extra_attributes,
                                     *self.attribute_names_shown)}
        for q in self.quasi_skills:
            if not q.strip():
                raise RuleError("a quasi skill needs a name", quasi)
            if q.lower() in taken or lst.canonical(q) is not None:
                raise RuleError(f"{q} is already an attribute or a skill", quasi)
            taken.add(q.lower())
        if self.quasi_first_die < 1:
            raise RuleError("the first die of a quasi skill costs 1 CP or more",
                            "Adding Paranormal Abilities")
        if self.no_attributes and self.quasi_skills:
            raise RuleError("quasi skills are bought with attribute dice, and this campaign"
                            " has none", "No Attributes")
        para = "Paranormal Attributes with Skills"
        marked: set[str] = set()
        for name in self.paranormal_attributes:
            if name.lower() not in (a.lower() for a in self.extra_attributes):
                raise RuleError(f"{name or 'a blank name'} is marked paranormal but is not an"
                                " added attribute of this campaign", para)
            if name.lower() in marked:
                raise RuleError(f"{name} is marked paranormal twice", para)
            marked.add(name.lower())
        ids = {a.lower(): a for a in self.attributes}
        for skill, attr in self.skill_attributes:
            if lst.canonical(skill) is None:
                raise RuleError(f"'{skill}' is not on the {lst.name} skill list", exp)
            if self.attribute_id(attr) is None and attr.lower() not in ids:
                raise RuleError(f"{skill} cannot default to {attr}: it is not an attribute of"
                                " this campaign", exp)

    def check_new(self) -> None:
        """Checks for a new campaign only (a stored campaign keeps loading as it was saved):
        an attribute may not be renamed to a skill of the campaign's list, since the skill
        could then never be rolled by its name ("Renaming Attributes": the new name only
        changes the feel of the game).

        Raises:
            RuleError: an attribute is renamed to a skill's name.
        """
        lst = self.content.skill_list(self.skill_list)
        for attr, name in self.attribute_names:
            skill = lst.canonical(str(name).strip())
            if skill is not None:
                raise RuleError(
                    f"{attr} cannot be renamed {skill}: {skill} is a skill of the"
                    f" {lst.name} list, and an attribute by that name would hide it"
                    " (pick another name)", "Renaming Attributes")

    @property
    def content(self) -> Content:
        """The tables this campaign reads: its own copy, else those in use."""
        return content() if self.tables is None else self.tables

    @property
    def cp_limit(self) -> int | None:
        """The most character points one roll may take, or None for no limit ("Traditional
        OpenD6 Character Points": the GM may set one)."""
        return self.wild.cp_limit

    @property
    def attributes(self) -> tuple[str, ...]:
        """The ids of the campaign's attributes in sheet order: the four and any added ones,
        or none under "No Attributes"."""
        if self.no_attributes:
            return ()
        return (*ATTRIBUTES, *self.extra_attributes)

    def is_paranormal(self, attribute: str) -> bool:
        """Whether an attribute (id or shown name) is marked paranormal ("Paranormal
        Attributes with Skills")."""
        attr = self.attribute_id(attribute) or str(attribute).strip()
        return attr.lower() in (p.lower() for p in self.paranormal_attributes)

    def quasi_name(self, name: str) -> str | None:
        """A quasi skill's name as the campaign spells it, or None."""
        return next((q for q in self.quasi_skills if q.lower() == str(name).strip().lower()),
                    None)

    @property
    def attribute_names_shown(self) -> tuple[str, ...]:
        """The shown names of the four attributes, in order ("Renaming Attributes")."""
        return tuple(self.attribute_name(a) for a in ATTRIBUTES)

    def attribute_name(self, attribute: str) -> str:
        """The name shown for an attribute id (``"Might"`` -> ``"Power"`` when renamed)."""
        for attr, name in self.attribute_names:
            if attr == attribute:
                return name.strip()
        return attribute

    def attribute_id(self, name: str) -> str | None:
        """The id of an attribute typed by its shown name or its id (any case), or None."""
        key = str(name).strip().lower()
        for attr in (*ATTRIBUTES, *self.extra_attributes):
            if key in (attr.lower(), self.attribute_name(attr).lower()):
                return attr
        return None

    def rename(self, text: str) -> str:
        """``text`` with each renamed attribute's id replaced by its shown name (whole words),
        for messages written with the ids."""
        names = {a: n.strip() for a, n in self.attribute_names if n.strip() != a}
        if not names:
            return text
        pattern = r"\b(" + "|".join(names) + r")\b"
        return re.sub(pattern, lambda m: names[m.group(1)], text)

    @cached_property
    def skills(self) -> SkillList:
        """The campaign's skill list, with skills moved to their new attribute ("Expanded
        Number of Attributes") and, under "No Attributes", Toughness added."""
        base = self.content.skill_list(self.skill_list)
        if not self.skill_attributes and not self.no_attributes:
            return base
        moved = {base.canonical(s) or s: self.attribute_id(a) or a
                 for s, a in self.skill_attributes}
        pairs = tuple((s, moved.get(s, a)) for s, a in base.skills)
        if self.no_attributes and base.canonical(TOUGHNESS) is None:
            pairs = (*pairs, (TOUGHNESS, "Might"))
        return replace(base, skills=pairs)

    @classmethod
    def from_mapping(cls, options: Mapping | None,
                     tables: Content | None = None) -> CampaignSettings:
        """Build settings from stored options (die codes as text, ``wild`` as a table).

        A skill list of one of the sample settings brings that setting's perks and
        complications and, for Perdition, its price ceiling, unless the options say otherwise.

        Args:
            options: keys named like the attributes; unknown keys are ignored.
            tables: the campaign's own copy of the content (:mod:`.tables`), or None for the
                tables in use.

        Returns:
            The settings.

        Raises:
            RuleError: a value the rules do not allow.
            DiceError: a die code that does not parse.
        """
        opts = dict(options or {})
        kw: dict = {}
        codes = ("attribute_dice", "attribute_min", "attribute_max", "price_max", "skill_dice",
                 "skill_max")
        names = {f.name for f in fields(cls)} - {"tables"}
        for key, value in opts.items():
            if key not in names:
                continue
            if key in codes:
                kw[key] = as_code(value)
            elif key == "wild":
                kw[key] = WildOptions.from_mapping(value)
            elif key in ("attribute_names", "skill_attributes"):
                kw[key] = _pairs(value, key)
            elif key in ("extra_attributes", "quasi_skills", "paranormal_attributes"):
                kw[key] = tuple(str(v).strip() for v in _list(value, key))
            elif key in ("no_attributes", "independent_skills"):
                kw[key] = bool(value)
            else:
                kw[key] = value
        lst = (content() if tables is None else tables).skill_list(
            kw.get("skill_list", cls.skill_list))
        if lst.id in ("perdition", "castia", "imperium"):
            kw.setdefault("setting", lst.id)
            if lst.price_max is not None:
                kw.setdefault("price_max", lst.price_max)
        return cls(**kw, tables=tables)

    def to_mapping(self) -> dict:
        """The settings as TOML-ready values (no None: absent keys mean the default)."""
        out: dict = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "tables":
                continue
            if value is None or (f.name in ATTRIBUTE_OPTION_KEYS and not value):
                continue
            if f.name == "quasi_first_die" and not (self.quasi_skills
                                                    or self.paranormal_attributes):
                continue
            if f.name in ("attribute_names", "skill_attributes"):
                out[f.name] = dict(value)
                continue
            if f.name in ("extra_attributes", "quasi_skills", "paranormal_attributes"):
                out[f.name] = list(value)
                continue
            if isinstance(value, DieCode):
                out[f.name] = str(value)
            elif isinstance(value, WildOptions):
                out[f.name] = {
                    g.name: getattr(value, g.name) for g in fields(value)
                    if getattr(value, g.name) is not None
                }
            else:
                out[f.name] = value
        return out


def _pairs(value: object, key: str) -> tuple[tuple[str, str], ...]:
    if isinstance(value, Mapping):
        items = list(value.items())
    elif isinstance(value, (list, tuple)):
        items = [tuple(p) for p in value]
    else:
        raise RuleError(f"{key} is a table of names", "Making the Game Your Own")
    out = []
    for pair in items:
        if len(pair) != 2:
            raise RuleError(f"{key} is a table of names", "Making the Game Your Own")
        out.append((str(pair[0]).strip(), str(pair[1]).strip()))
    return tuple(out)


def _list(value: object, key: str) -> list:
    if isinstance(value, str):
        return [v for v in value.split(",") if v.strip()]
    if isinstance(value, (list, tuple)):
        return list(value)
    raise RuleError(f"{key} is a list of names", "Making the Game Your Own")
