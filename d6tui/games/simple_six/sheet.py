"""The Simple Six character sheet: attributes, skills, specializations, perks, gear, points.

The sheet is a frozen value. Skills are stored as the dice put into them on top of their
attribute, so a skill always defaults to its attribute ("Skills") and raising an attribute
raises every skill under it ("Spending Character Points"). Specializations are stored as the
dice they add on top of their skill ("Skill Specializations").

Derived values are worked out from the sheet when asked: Block, Dodge, Parry and Soak
("Static Defenses"), Move ("Movement"), damage codes ("Low Tech Weapons"...).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from d6tui.engine.errors import D6Error, EventError, RuleError
from d6tui.games.simple_six.codes import DieCode, parse_code
from d6tui.games.simple_six.content import ATTRIBUTES, Perk, content
from d6tui.games.simple_six.settings import CampaignSettings
from d6tui.games.simple_six.weapon_skills import parry_skill

#: Feet moved as a free action, and as one action ("Movement").
FREE_MOVE = 15
ACTION_MOVE = 30

#: Where a skill starts under "No Attributes", and the skills that stand in for the attributes
#: the rules read (Toughness resists damage, as in the SRD's gunslinger; Dodge is quickness).
NO_ATTRIBUTE_BASE = DieCode.of(2)
NO_ATTRIBUTE_STANDINS = {"Might": "Toughness", "Agility": "Dodge"}

#: Block and Parry penalties of the racial complications of "Rust Moon of Castia".
SIZE_PENALTY = {"Small": 5, "Tiny": 10}


@dataclass(frozen=True)
class SkillEntry:
    """A skill written on the sheet.

    Attributes:
        name: the skill, spelled as in the campaign's list.
        attribute: the attribute it falls under.
        added: dice on top of the attribute (``+2D`` makes Brawling 5D with Might 3D).
    """

    name: str
    attribute: str
    added: DieCode


@dataclass(frozen=True)
class Specialization:
    """A specialization of a skill ("Skill Specializations").

    Attributes:
        skill: the skill it focuses.
        name: the focus ("Running" for Athletics).
        bonus: dice on top of the skill (three for each die spent at creation).
    """

    skill: str
    name: str
    bonus: DieCode

    @property
    def key(self) -> str:
        """``"Athletics: Running"``."""
        return f"{self.skill}: {self.name}"


@dataclass(frozen=True)
class Character:
    """A character sheet.

    Attributes:
        name: the character's name.
        attributes: ``(attribute, code)`` for the campaign's attributes, in order: the four,
            then any added ones ("Expanded Number of Attributes"); none under "No
            Attributes".
        skills: the skills with dice put into them; every other skill is at its attribute.
        specializations: the character's specializations.
        perks: perk names.
        complications: complication names (racial ones included).
        weapons: weapon names from the weapon tables.
        armor: armor names from the armor table.
        spells: spells known.
        hero_points: hero points in hand ("Hero Points": one to start).
        character_points: unspent character points ("Experience").
        body_points: the most Body Points, when the campaign uses them.
        raised_this_session: skills and specializations raised a pip since the session began
            (each may rise once per session, "Spending Character Points").
        npc: True for a character the GM runs.
        scale: the character's scale in dice ("Scaling": 0 for people and animals).
        quasi: ``(quasi skill, code)`` of the campaign's paranormal abilities ("Quasi
            Skills"), 0D for a character without the gift.
    """

    name: str
    attributes: tuple[tuple[str, DieCode], ...]
    skills: tuple[SkillEntry, ...] = ()
    specializations: tuple[Specialization, ...] = ()
    perks: tuple[str, ...] = ()
    complications: tuple[str, ...] = ()
    weapons: tuple[str, ...] = ()
    armor: tuple[str, ...] = ()
    spells: tuple[str, ...] = ()
    hero_points: int = 1
    character_points: int = 0
    body_points: int | None = None
    raised_this_session: tuple[str, ...] = ()
    npc: bool = False
    scale: int = 0
    quasi: tuple[tuple[str, DieCode], ...] = ()

    # -- reading the sheet ----------------------------------------------------------------

    def attribute(self, name: str) -> DieCode:
        """The code of an attribute, by id.

        A sheet with no attributes ("No Attributes") answers Might with its Toughness skill
        and Agility with its Dodge skill (:data:`NO_ATTRIBUTE_STANDINS`).

        Raises:
            RuleError: no such attribute.
        """
        for attr, code in self.attributes:
            if attr.lower() == name.lower():
                return code
        if not self.attributes:
            standin = next((v for k, v in NO_ATTRIBUTE_STANDINS.items()
                            if k.lower() == name.lower()), None)
            if standin is not None:
                return self.skill(standin)
            raise RuleError(f"this campaign has no attributes, so no '{name}'", "No Attributes")
        known = ", ".join(a for a, _c in self.attributes)
        raise RuleError(f"there is no attribute '{name}'; they are {known}", "Attributes")

    def quasi_code(self, name: str) -> DieCode | None:
        """The code of a quasi skill ("Quasi Skills"), or None when the sheet has none such."""
        for q, code in self.quasi:
            if q.lower() == str(name).strip().lower():
                return code
        return None

    def with_quasi(self, name: str, code: DieCode) -> Character:
        """A copy with a quasi skill set (added when missing)."""
        quasi = [(q, code if q.lower() == name.lower() else c) for q, c in self.quasi]
        if self.quasi_code(name) is None:
            quasi.append((name, code))
        return replace(self, quasi=tuple(quasi))

    def entry(self, skill: str) -> SkillEntry | None:
        """The sheet's entry for a skill, or None when no dice were put into it."""
        for e in self.skills:
            if e.name.lower() == skill.lower():
                return e
        return None

    def skill(
        self, name: str, settings: CampaignSettings | None = None, attribute: str | None = None
    ) -> DieCode:
        """A skill's code: its attribute plus the dice put into it ("Skills").

        Under "No Attributes" (a sheet with no attributes) a skill is 2D plus its dice. Under
        "Independent Skills" a roll may name the attribute added to the skill's dice.

        Args:
            name: the skill.
            settings: the campaign, to find the attribute of a skill with no dice added.
            attribute: the attribute to add instead of the skill's own (an id).

        Returns:
            The code.

        Raises:
            RuleError: the skill is neither on the sheet nor on the campaign's list, or the
                attribute is not on the sheet.
        """
        e = self.entry(name)
        if not self.attributes:
            if e is None and settings is not None and settings.skills.canonical(name) is None:
                raise RuleError(f"'{name}' is not a skill of this campaign", "Skills")
            return NO_ATTRIBUTE_BASE + (e.added if e is not None else DieCode(0))
        if e is not None:
            return self.attribute(attribute or e.attribute) + e.added
        attr = (settings or CampaignSettings()).skills.attribute_of(name)
        if attr is None:
            raise RuleError(f"'{name}' is not a skill of this campaign", "Skills")
        return self.attribute(attribute or attr)

    def own_dice(self, skill: str) -> DieCode:
        """The dice put into a skill, without its attribute (what "Independent Skills"
        records)."""
        e = self.entry(skill)
        return e.added if e is not None else DieCode(0)

    def specialization(self, skill: str, name: str) -> Specialization | None:
        """The specialization ``name`` of ``skill``, or None."""
        for s in self.specializations:
            if s.skill.lower() == skill.lower() and s.name.lower() == name.lower():
                return s
        return None

    def specialization_code(
        self, skill: str, name: str, settings: CampaignSettings | None = None
    ) -> DieCode:
        """A specialization's code: its skill plus its bonus ("Skill Specializations").

        Raises:
            RuleError: the character has no such specialization.
        """
        s = self.specialization(skill, name)
        if s is None:
            raise RuleError(f"{self.name} has no {skill} specialization '{name}'",
                            "Skill Specializations")
        return self.skill(skill, settings) + s.bonus

    def has_perk(self, name: str) -> bool:
        """Whether the sheet has a perk (any case)."""
        return any(p.lower() == name.lower() for p in self.perks)

    def perk_data(self) -> list[Perk]:
        """The content entries of the character's perks that the tables know."""
        out = []
        for p in self.perks:
            try:
                out.append(content().perk(p))
            except RuleError:
                continue
        return out

    def with_attribute(self, name: str, code: DieCode) -> Character:
        """A copy with one attribute changed."""
        self.attribute(name)
        attrs = tuple((a, code if a.lower() == name.lower() else c) for a, c in self.attributes)
        return replace(self, attributes=attrs)

    def with_skill(self, name: str, attribute: str, added: DieCode) -> Character:
        """A copy with a skill's added dice set (the entry is made when missing)."""
        skills = [e for e in self.skills if e.name.lower() != name.lower()]
        old = self.entry(name)
        entry = SkillEntry(old.name if old else name, attribute, added)
        if old is None:
            skills.append(entry)
        else:
            skills.insert(self.skills.index(old), entry)
        return replace(self, skills=tuple(skills))


# -- derived values ---------------------------------------------------------------------------


def can_use_magic(character: Character, settings: CampaignSettings) -> bool:
    """Whether the character can work magic ("Access to Magic").

    Args:
        character: the sheet.
        settings: the campaign.

    Returns:
        True when everyone can, or when the character has a perk that grants magic.
    """
    if settings.magic == "none":
        return False
    if settings.magic == "everyone":
        return True
    return any(p.magic for p in character.perk_data())


def _size_penalty(character: Character) -> int:
    return max((SIZE_PENALTY.get(c, 0) for c in character.complications), default=0)


def block(character: Character, settings: CampaignSettings | None = None) -> int:
    """Static Block: Brawling dice times three plus pips ("Static Defenses").

    Small and Tiny characters take their penalty off ("Rust Moon of Castia").

    Args:
        character: the sheet.
        settings: the campaign.

    Returns:
        The Block score.
    """
    return character.skill("Brawling", settings).static - _size_penalty(character)


def dodge(character: Character, settings: CampaignSettings | None = None) -> int:
    """Static Dodge: Dodge dice times three plus pips ("Static Defenses").

    Args:
        character: the sheet.
        settings: the campaign.

    Returns:
        The Dodge score.
    """
    return character.skill("Dodge", settings).static


def parry(
    character: Character, settings: CampaignSettings | None = None, skill: str | None = None
) -> int:
    """Static Parry from a weapon skill ("Static Defenses"): Sword 5D+1 gives 16.

    Args:
        character: the sheet.
        settings: the campaign.
        skill: the weapon skill; by default that of the melee weapon carried
            (:func:`parry_skill`).

    Returns:
        The Parry score, less the Small/Tiny penalty; 0 with no melee weapon carried (there
        is nothing to parry with: Block is the bare-handed defense).
    """
    settings = settings or CampaignSettings()
    skill = skill or parry_skill(character, settings)
    if skill is None:
        return 0
    return max(0, character.skill(skill, settings).static - _size_penalty(character))


def armor_value(character: Character) -> int:
    """Armor worn plus armor from perks ("Low Tech Armor", "Racial Perks")."""
    worn = sum(content().armor_piece(a).value for a in character.armor)
    return worn + sum(p.armor for p in character.perk_data())


def soak(character: Character) -> int:
    """Static Soak: Might dice times three plus pips, plus armor ("Static Defenses").

    Args:
        character: the sheet.

    Returns:
        The Soak score.

    Raises:
        RuleError: armor not in the armor table.
    """
    return character.attribute("Might").static + armor_value(character)


def soak_base(character: Character) -> int:
    """Soak without armor: the X of an NPC's "Soak X(Y)" ("Sample Characters by Genre")."""
    return character.attribute("Might").static


def damage_resistance(character: Character) -> int:
    """Static Damage Resistance under Body Points: the armor value alone
    ("Body Points (alternative to Wound Levels)")."""
    return armor_value(character)


def move(character: Character) -> dict[str, int]:
    """Movement in feet ("Movement"; Flying moves twice as far, "Esoteric Perks").

    Returns:
        ``free`` (as a free action), ``action`` (for one action), and ``fly`` when the
        character flies.
    """
    out = {"free": FREE_MOVE, "action": ACTION_MOVE}
    if character.has_perk("Flying"):
        out["fly"] = 2 * ACTION_MOVE
    return out


def unarmed_damage(character: Character, settings: CampaignSettings | None = None) -> DieCode:
    """Damage of a bare-handed blow: Might, or half the Lift dice under "Traditional OpenD6
    Might Damage" (pips ignored, rounded down)."""
    settings = settings or CampaignSettings()
    if settings.traditional_might_damage:
        return DieCode.of(character.skill("Lift", settings).dice // 2)
    return character.attribute("Might")


def weapon_damage(
    character: Character, weapon: str, settings: CampaignSettings | None = None
) -> DieCode:
    """A weapon's damage code for this character ("Low Tech Weapons" and the other tables).

    Weapons printed with a ``+`` add their code to the unarmed damage; others roll their own.

    Args:
        character: the sheet.
        weapon: the weapon's name.
        settings: the campaign.

    Returns:
        The damage code.

    Raises:
        RuleError: no such weapon.
    """
    w = (settings.content if settings is not None else content()).weapon(weapon)
    if w.adds_might:
        return unarmed_damage(character, settings) + w.damage
    return w.damage


#: The base every character's Body Points start from ("Body Points").
BODY_POINTS_BASE = 20
#: Body Points per die of Might when they are fixed instead of rolled ("Body Points").
BODY_POINTS_PER_DIE = 4


def body_points_fixed(character: Character) -> int:
    """Body Points without a roll: the base 20 plus 4 per die of Might (pips ignored); the
    4 a die stands in for the rolled Might, not for the base ("Body Points (alternative to
    Wound Levels)"). A sheet stored with other Body Points keeps them: the stored sheet, not
    this rule, says what a loaded character has."""
    return BODY_POINTS_BASE + BODY_POINTS_PER_DIE * character.attribute("Might").dice


@dataclass(frozen=True)
class Derived:
    """The numbers worked out from a sheet, as the sheet shows them.

    Attributes:
        block: static Block.
        dodge: static Dodge.
        parry: static Parry (best melee skill).
        soak: static Soak, armor included.
        soak_base: Soak without armor.
        move: feet per action.
        body_points: the most Body Points, when used.
    """

    block: int
    dodge: int
    parry: int
    soak: int
    soak_base: int
    move: int
    body_points: int | None


def derived(character: Character, settings: CampaignSettings | None = None) -> Derived:
    """Every derived value of a sheet.

    Args:
        character: the sheet.
        settings: the campaign.

    Returns:
        The values.
    """
    settings = settings or CampaignSettings()
    return Derived(
        block(character, settings), dodge(character, settings), parry(character, settings),
        soak(character), soak_base(character), move(character)["action"],
        character.body_points if settings.wounds == "body_points" else None,
    )


# -- storing ----------------------------------------------------------------------------------


def sheet_to_dict(character: Character) -> dict:
    """The sheet as TOML-ready values (codes as text; no None), for events and export.

    Args:
        character: the sheet.

    Returns:
        A dict that :func:`sheet_from_dict` reads back to the same sheet.
    """
    out: dict = {
        "name": character.name,
        "attributes": {a: str(c) for a, c in character.attributes},
        "skills": [{"name": e.name, "attribute": e.attribute, "added": str(e.added)}
                   for e in character.skills],
        "specializations": [{"skill": s.skill, "name": s.name, "bonus": str(s.bonus)}
                            for s in character.specializations],
        "perks": list(character.perks),
        "complications": list(character.complications),
        "weapons": list(character.weapons),
        "armor": list(character.armor),
        "spells": list(character.spells),
        "hero_points": character.hero_points,
        "character_points": character.character_points,
    }
    if character.body_points is not None:
        out["body_points"] = character.body_points
    if character.raised_this_session:
        out["raised_this_session"] = list(character.raised_this_session)
    if character.npc:
        out["npc"] = True
    if character.scale:
        out["scale"] = character.scale
    if character.quasi:
        out["quasi_skills"] = {q: str(c) for q, c in character.quasi}
    return out


def sheet_from_dict(data: object) -> Character:
    """Read a stored sheet (from an event or an exported file).

    Args:
        data: the dict written by :func:`sheet_to_dict`.

    Returns:
        The sheet.

    Raises:
        EventError: a key is missing or a value does not fit (a bad code, an unknown
            attribute, a negative count).
    """
    if not isinstance(data, dict):
        raise EventError("a character sheet must be a table")
    try:
        attrs = data["attributes"]
        if not isinstance(attrs, dict):
            raise EventError("a sheet's attributes are a table")
        if attrs and not set(ATTRIBUTES) <= set(attrs):
            raise EventError(f"a sheet has the attributes {', '.join(ATTRIBUTES)} (and any"
                             " added ones), or none")
        order = [*ATTRIBUTES, *(a for a in attrs if a not in ATTRIBUTES)] if attrs else []
        character = Character(
            name=str(data["name"]),
            attributes=tuple((str(a), parse_code(attrs[a])) for a in order),
            skills=tuple(SkillEntry(str(e["name"]), _attr_name(e["attribute"], order),
                                    parse_code(e["added"])) for e in data.get("skills", ())),
            specializations=tuple(
                Specialization(str(s["skill"]), str(s["name"]), parse_code(s["bonus"]))
                for s in data.get("specializations", ())
            ),
            perks=tuple(str(p) for p in data.get("perks", ())),
            complications=tuple(str(c) for c in data.get("complications", ())),
            weapons=tuple(str(w) for w in data.get("weapons", ())),
            armor=tuple(str(a) for a in data.get("armor", ())),
            spells=tuple(str(s) for s in data.get("spells", ())),
            hero_points=int(data.get("hero_points", 1)),
            character_points=int(data.get("character_points", 0)),
            body_points=int(data["body_points"]) if "body_points" in data else None,
            raised_this_session=tuple(str(r) for r in data.get("raised_this_session", ())),
            npc=bool(data.get("npc", False)),
            scale=int(data.get("scale", 0)),
            quasi=tuple((str(q), parse_code(c))
                        for q, c in dict(data.get("quasi_skills", {})).items()),
        )
    except KeyError as e:
        raise EventError(f"the character sheet has no {e}") from None
    except (TypeError, ValueError) as e:
        raise EventError(f"the character sheet does not fit: {e}") from None
    except D6Error as e:
        if isinstance(e, EventError):
            raise
        raise EventError(f"the character sheet does not fit: {e}") from None
    if not character.name.strip():
        raise EventError("a character sheet needs a name")
    if character.hero_points < 0 or character.character_points < 0:
        raise EventError("hero points and character points are never negative")
    for _a, code in (*character.attributes, *character.quasi):
        if code.total_pips < 0:
            raise EventError("an attribute cannot be negative")
    return character


def _attr_name(name: object, attributes: list[str]) -> str:

    if not attributes:  # "No Attributes": the skill's place on the list, for the sheet's order
        return str(name)
    for a in attributes:
        if a == name:
            return a
    raise EventError(f"{name!r} is not an attribute")
