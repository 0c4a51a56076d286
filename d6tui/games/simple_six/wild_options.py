"""The table's choices that change how Simple Six rolls are made: what a 1 on the wild die
does, the hero point rule, character points as extra wild dice and their limit, and "Halfway
There" ("The Wild Die", "Hero Points", "Traditional OpenD6 Hero Points", "Traditional OpenD6
Character Points").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields

from d6tui.engine.errors import RuleError

#: What a 1 on the wild die does ("The Wild Die"): it counts normally; it and the highest other
#: die are taken out; or it counts and a complication is flagged.
WILD_ONE_RULES = ("counts", "drops", "complication")


#: Hero point rules: the static +6 per point ("Hero Points") or the doubling of "Traditional
#: OpenD6 Hero Points".
HERO_POINT_RULES = ("static", "traditional")


#: The most hero points one roll may take under the static rule ("Hero Points").
MAX_STATIC_HERO_POINTS = 3


#: Bonus of each hero point under the static rule ("Hero Points").
HERO_POINT_BONUS = 6


@dataclass(frozen=True)
class WildOptions:
    """The table's choices that change how rolls are made.

    Attributes:
        wild_one: one of :data:`WILD_ONE_RULES` ("The Wild Die").
        rolling_limit: most dice rolled at once; each die past it becomes +3 ("Rolling Limit").
            None means no limit.
        hero_points: one of :data:`HERO_POINT_RULES`.
        character_point_dice: character points may buy extra wild dice for a roll
            ("Traditional OpenD6 Character Points").
        cp_limit: the most character points one roll may take, when the GM sets one.
        halfway_there: skill dice of at least half the target number succeed without a roll
            ("Halfway There").
    """

    wild_one: str = "counts"
    rolling_limit: int | None = None
    hero_points: str = "static"
    character_point_dice: bool = False
    cp_limit: int | None = None
    halfway_there: bool = False

    def __post_init__(self) -> None:
        if self.wild_one not in WILD_ONE_RULES:
            raise RuleError(
                f"a 1 on the wild die can be: {', '.join(WILD_ONE_RULES)}; not {self.wild_one!r}",
                "The Wild Die",
            )
        if self.hero_points not in HERO_POINT_RULES:
            raise RuleError(
                f"hero points are 'static' (+6 each) or 'traditional' (double the dice), "
                f"not {self.hero_points!r}",
                "Traditional OpenD6 Hero Points",
            )
        if self.rolling_limit is not None and (
            isinstance(self.rolling_limit, bool)
            or not isinstance(self.rolling_limit, int)
            or self.rolling_limit < 1
        ):
            raise RuleError("a rolling limit is a number of dice, 1 or more", "Rolling Limit")
        if self.cp_limit is not None and (
            isinstance(self.cp_limit, bool) or not isinstance(self.cp_limit, int)
            or self.cp_limit < 0
        ):
            raise RuleError(
                "the limit of character points per roll is a whole number, 0 or more",
                "Traditional OpenD6 Character Points",
            )

    @classmethod
    def from_mapping(cls, options: Mapping | None) -> WildOptions:
        """Build options from a mapping (campaign options, CLI flags); unknown keys are ignored.

        Args:
            options: keys named like the attributes.

        Returns:
            The options.

        Raises:
            RuleError: a value is not one the rules allow.
        """
        if options is None:
            return cls()
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in options.items() if k in names})


def as_options(options: WildOptions | Mapping | None) -> WildOptions:
    """``options`` as :class:`WildOptions` (stored options are a table; None is the default)."""
    return options if isinstance(options, WildOptions) else WildOptions.from_mapping(options)
