"""The tables of Simple Six, read from ``d6tui/content/simple_six.toml``.

Weapons, armor, ranges, perks, complications, skill lists and the Grimoire's spells. The file
marks each entry ``source = "rulebook"`` (with its section) or ``source = "house"``. A
``simple_six.toml`` in the user's config dir is merged over the shipped file: each top-level key
it holds replaces the shipped one (DESIGN "Content data").

A campaign plays with its own copy of the tables, made when it began and kept in its save
(:mod:`.tables`): while its events fold (and its commands run) :func:`content` is that copy
(:func:`in_use`), so neither the user's overrides nor a new release change how it replays.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from d6tui.engine.errors import RuleError
from d6tui.games.simple_six.codes import DieCode, parse_code
from d6tui.paths import read_content, user_content_file

SHIPPED = Path(__file__).resolve().parents[2] / "content" / "simple_six.toml"

#: The four attributes ("Attributes").
ATTRIBUTES = ("Might", "Agility", "Wit", "Charm")


@dataclass(frozen=True)
class Weapon:
    """A weapon of "Low Tech Weapons", "Modern Tech Weapons" or "Sci-Fi Tech Weapons".

    Attributes:
        name: the weapon.
        damage: its damage code.
        adds_might: the code is added to the wielder's Might (printed with a leading ``+``).
        kind: ``"melee"`` or ``"ranged"``.
        tech: ``"low"``, ``"modern"`` or ``"scifi"``.
        range: the row of "Missile Weapon Ranges" it uses, for ranged weapons.
        house: True for a house entry.
    """

    name: str
    damage: DieCode
    adds_might: bool
    kind: str
    tech: str
    range: str | None = None
    house: bool = False


@dataclass(frozen=True)
class Armor:
    """A row of "Low Tech Armor".

    Attributes:
        name: the armor.
        value: its armor value, added to Soak.
        shield: True for a shield (worn with body armor).
        house: True for a house entry.
    """

    name: str
    value: int
    shield: bool = False
    house: bool = False


@dataclass(frozen=True)
class Perk:
    """A perk and what the rules do with it.

    Attributes:
        name: the perk.
        cost: its cost in whole skill dice at creation.
        kind: ``"racial"``, ``"general"``, ``"esoteric"`` or ``"magic"``.
        max: attribute limits it sets (racial perks), by attribute.
        armor: armor value it adds to Soak.
        complications: racial complications that come with it.
        magic: it lets the character work magic (the Sorcerer perk).
        setting: the sample setting that offers it, or None for every campaign.
        section: where the SRD gives it.
        wound_relief: dice of wound penalty it removes at Wounded or worse.
        healing_tn: added to the target number of healing rolls on the character.
        heals: False when the character does not heal (it is repaired instead).
        house: True for a house entry.
        ranged_attack: pips added to every ranged attack roll (the Elf's +1).
        unarmed_damage: pips added to the damage of unarmed attacks (the Reptoid's claws).
        per_session: used once per session ("General Perks": Lucky, Destiny, Favors...); see
            :mod:`.perks`.
        skill_bonus: ``(skill, pips)`` added to rolls of those skills (the Dwarf's +2 to
            craft skills).
    """

    name: str
    cost: int
    kind: str
    max: tuple[tuple[str, DieCode], ...] = ()
    armor: int = 0
    complications: tuple[str, ...] = ()
    magic: bool = False
    setting: str | None = None
    section: str = "Perks"
    wound_relief: int = 0
    healing_tn: int = 0
    heals: bool = True
    house: bool = False
    ranged_attack: int = 0
    unarmed_damage: int = 0
    per_session: bool = False
    skill_bonus: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class Complication:
    """A complication.

    Attributes:
        name: the complication.
        racial: only taken with the racial perk that brings it.
        magic: only for characters who can work magic.
        setting: the sample setting that offers it, or None for every campaign.
        section: where the SRD gives it.
        house: True for a house entry.
    """

    name: str
    racial: bool = False
    magic: bool = False
    setting: str | None = None
    section: str = "Complications"
    house: bool = False


@dataclass(frozen=True)
class SkillList:
    """A campaign's skills, each under its attribute.

    Attributes:
        id: short name (``"fantasy"``, ``"perdition"``...).
        name: shown to the GM.
        skills: ``(skill, attribute)`` pairs in the listed order.
        combat: the combat skills, which take no specialization.
        section: where the SRD gives the list.
        price_max: the setting's "Higher Attributes at a Price" ceiling, when it has one.
    """

    id: str
    name: str
    skills: tuple[tuple[str, str], ...]
    combat: frozenset[str]
    section: str
    price_max: DieCode | None = None

    def attribute_of(self, skill: str) -> str | None:
        """The attribute a skill falls under, or None when the list does not hold it."""
        for name, attr in self.skills:
            if name.lower() == skill.lower():
                return attr
        return None

    def canonical(self, skill: str) -> str | None:
        """The skill's name as the list spells it, or None."""
        for name, _attr in self.skills:
            if name.lower() == skill.lower():
                return name
        return None


@dataclass(frozen=True)
class Spell:
    """A spell of "The Grimoire".

    Attributes:
        name: the spell.
        tn: its base target number, or None when the spell sets it by its own rule.
        resist: the attribute the target resists with, when it adds a resist roll to the TN.
        concentration: kept up by concentration (each one held counts as an action).
    """

    name: str
    tn: int | None
    resist: str | None = None
    concentration: bool = False


@dataclass(frozen=True)
class Content:
    """Every Simple Six table the rules read.

    Attributes:
        weapons: by name.
        armor: by name.
        ranges: range row -> (short, medium, long) in feet.
        perks: by name.
        complications: by name.
        skill_lists: by id.
        spells: by name.
    """

    weapons: dict[str, Weapon]
    armor: dict[str, Armor]
    ranges: dict[str, tuple[int, int, int]]
    perks: dict[str, Perk]
    complications: dict[str, Complication]
    skill_lists: dict[str, SkillList]
    spells: dict[str, Spell]

    def perk(self, name: str) -> Perk:
        """The perk called ``name`` (any case).

        Raises:
            RuleError: there is no such perk.
        """
        return _lookup(self.perks, name, "perk", "Perks")

    def complication(self, name: str) -> Complication:
        """The complication called ``name`` (any case).

        Raises:
            RuleError: there is no such complication.
        """
        return _lookup(self.complications, name, "complication", "Complications")

    def weapon(self, name: str) -> Weapon:
        """The weapon called ``name`` (any case).

        Raises:
            RuleError: there is no such weapon.
        """
        return _lookup(self.weapons, name, "weapon", "Gear")

    def armor_piece(self, name: str) -> Armor:
        """The armor called ``name`` (any case).

        Raises:
            RuleError: there is no such armor.
        """
        return _lookup(self.armor, name, "armor", "Low Tech Armor")

    def spell(self, name: str) -> Spell:
        """The spell called ``name`` (any case).

        Raises:
            RuleError: there is no such spell.
        """
        return _lookup(self.spells, name, "spell", "The Grimoire")

    def skill_list(self, list_id: str) -> SkillList:
        """The skill list ``list_id``.

        Raises:
            RuleError: there is no such list.
        """
        try:
            return self.skill_lists[list_id]
        except KeyError:
            known = ", ".join(self.skill_lists)
            raise RuleError(f"there is no skill list '{list_id}'; the lists are {known}",
                            "Skills") from None


def _lookup(table: dict, name: str, what: str, section: str):  # type: ignore[no-untyped-def]
    for key, value in table.items():
        if key.lower() == str(name).strip().lower():
            return value
    raise RuleError(f"there is no {what} called '{name}'", section)


def parse(doc: dict) -> Content:
    """Build :class:`Content` from a parsed TOML document.

    Args:
        doc: the document.

    Returns:
        The tables.

    Raises:
        KeyError: a table or key the rules need is missing.
        DiceError: a damage code or limit is not a die code.
    """
    weapons = {}
    for w in doc["weapons"]:
        text = str(w["damage"])
        weapons[w["name"]] = Weapon(
            w["name"], parse_code(text), text.strip().startswith("+"), w["kind"], w["tech"],
            w.get("range"), w.get("source") == "house",
        )
    armor = {
        a["name"]: Armor(a["name"], int(a["value"]), bool(a.get("shield", False)),
                         a.get("source") == "house")
        for a in doc["armor"]
    }
    ranges = {r["name"]: (int(r["feet"][0]), int(r["feet"][1]), int(r["feet"][2]))
              for r in doc["ranges"]}
    perks = {}
    for p in doc["perks"]:
        perks[p["name"]] = Perk(
            p["name"], int(p["cost"]), p["kind"],
            tuple((k, parse_code(v)) for k, v in p.get("max", {}).items()),
            int(p.get("armor", 0)), tuple(p.get("complications", ())), bool(p.get("magic")),
            p.get("setting"), p.get("section", "Perks"), int(p.get("wound_relief", 0)),
            int(p.get("healing_tn", 0)), bool(p.get("heals", True)), p.get("source") == "house",
            ranged_attack=int(p.get("ranged_attack", 0)),
            unarmed_damage=int(p.get("unarmed_damage", 0)),
            per_session=bool(p.get("once_per_session", False)),
            skill_bonus=tuple((str(k), int(v)) for k, v in p.get("skill_bonus", {}).items()),
        )
    complications = {
        c["name"]: Complication(
            c["name"], bool(c.get("racial")), bool(c.get("magic")), c.get("setting"),
            c.get("section", "Complications"), c.get("source") == "house",
        )
        for c in doc["complications"]
    }
    lists = {}
    for s in doc["skill_lists"]:
        pairs = tuple((skill, attr) for attr in ATTRIBUTES for skill in s.get(attr, ()))
        lists[s["id"]] = SkillList(
            s["id"], s["name"], pairs, frozenset(s.get("combat", ())), s["section"],
            parse_code(s["price_max"]) if "price_max" in s else None,
        )
    spells = {
        s["name"]: Spell(s["name"], s.get("tn"), s.get("resist"), bool(s.get("conc", False)))
        for s in doc["spells"]
    }
    return Content(weapons, armor, ranges, perks, complications, lists, spells)


#: The tables of the campaign whose events are folding or whose command is running.
_IN_USE: ContextVar[Content | None] = ContextVar("simple_six_content", default=None)


def content() -> Content:
    """The tables in use: the campaign's own copy while its events fold or its commands run
    (:func:`in_use`), else the installed tables (:func:`installed`)."""
    tables = _IN_USE.get()
    return installed() if tables is None else tables


@contextmanager
def in_use(tables: Content | None) -> Iterator[None]:
    """Make ``tables`` the tables :func:`content` gives until the block ends.

    Args:
        tables: a campaign's copy ("Making the Game Your Own"), or None for the installed
            tables (a campaign not begun yet).
    """
    token = _IN_USE.set(tables)
    try:
        yield
    finally:
        _IN_USE.reset(token)


def installed() -> Content:
    """The shipped tables with the user's override merged over them, read again when the
    override file changes (what a new campaign copies)."""
    user = user_content_file(SHIPPED.name)
    return _installed(None if user is None else (str(user), user.stat().st_mtime_ns))


@cache
def _installed(stamp: tuple[str, int] | None) -> Content:
    return parse(read_content(SHIPPED))
