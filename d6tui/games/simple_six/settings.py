"""A campaign's settings: the choices "Making the Game Your Own" asks the GM to write down.

Attribute dice and limits, skill dice and limits, the skill list, the combat system, wound
levels or Body Points, how magic is reached, and the optional rules that change rolls.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields

from d6tui.engine.errors import RuleError
from d6tui.games.simple_six.codes import DieCode, as_code
from d6tui.games.simple_six.content import SkillList, content
from d6tui.games.simple_six.wild import WildOptions

#: Combat systems ("Combat": Fast Static Combat or Traditional OpenD6 Combat).
COMBAT_SYSTEMS = ("static", "traditional")

#: Ways of tracking harm ("Wounds", or "Body Points (alternative to Wound Levels)").
WOUND_SYSTEMS = ("levels", "body_points")

#: How Body Points are set: Might rolled and added to 20, or 4 per die of Might.
BODY_POINT_METHODS = ("rolled", "fixed")

#: Who can work magic ("Access to Magic"): no one, those with the Sorcerer perk, everyone.
MAGIC_ACCESS = ("none", "sorcerer", "everyone")


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
        skill_dice: dice for skills and perks ("Varying Starting Skill Dice").
        skill_max: the most dice put into one skill at creation.
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
        wild: the options that change rolls (wild 1, rolling limit, hero points...).
    """

    attribute_dice: DieCode = DieCode.of(12)
    attribute_min: DieCode = DieCode.of(1)
    attribute_max: DieCode = DieCode.of(4)
    price_max: DieCode | None = None
    skill_dice: DieCode = DieCode.of(7)
    skill_max: DieCode = DieCode.of(2)
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

    def __post_init__(self) -> None:
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
        content().skill_list(self.skill_list)

    @property
    def skills(self) -> SkillList:
        """The campaign's skill list."""
        return content().skill_list(self.skill_list)

    @classmethod
    def from_mapping(cls, options: Mapping | None) -> CampaignSettings:
        """Build settings from stored options (die codes as text, ``wild`` as a table).

        A skill list of one of the sample settings brings that setting's perks and
        complications and, for Perdition, its price ceiling, unless the options say otherwise.

        Args:
            options: keys named like the attributes; unknown keys are ignored.

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
        names = {f.name for f in fields(cls)}
        for key, value in opts.items():
            if key not in names:
                continue
            if key in codes:
                kw[key] = as_code(value)
            elif key == "wild":
                kw[key] = WildOptions.from_mapping(value)
            else:
                kw[key] = value
        lst = content().skill_list(kw.get("skill_list", cls.skill_list))
        if lst.id in ("perdition", "castia", "imperium"):
            kw.setdefault("setting", lst.id)
            if lst.price_max is not None:
                kw.setdefault("price_max", lst.price_max)
        return cls(**kw)

    def to_mapping(self) -> dict:
        """The settings as TOML-ready values (no None: absent keys mean the default)."""
        out: dict = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is None:
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
