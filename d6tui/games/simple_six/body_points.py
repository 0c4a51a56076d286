"""Body Points in Simple Six, the alternative to wound levels: a pool that damage past
the resistance takes from, hero points as Damage Resistance, and healing back
("Body Points (alternative to Wound Levels)").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from d6tui.engine.dice import Dice, table_roll
from d6tui.engine.errors import DiceError, RuleError
from d6tui.games.simple_six.codes import DieCode
from d6tui.games.simple_six.difficulty import level_reached
from d6tui.games.simple_six.wounds import _BP

#: Body Points recovered by the level of success of a healing roll (a number, or dice rolled).
BP_RECOVERY: dict[str, int | DieCode] = {
    "Very Easy": 2,
    "Easy": DieCode.of(1),
    "Moderate": DieCode.of(2),
    "Difficult": DieCode.of(3),
    "Very Difficult": DieCode.of(4),
    "Heroic": DieCode.of(5),
}


#: Hero point bonus to Damage Resistance under Body Points.
BP_HERO_DR = 6


@dataclass(frozen=True)
class BodyPoints:
    """Body Points, the alternative to wound levels.

    Attributes:
        maximum: the most the character has (20 plus a Might roll, or 20 plus 4 a die of Might).
        current: what is left; the character is dead at 0 or less.
        rested_rounds: rounds of rest since the last day's healing check (the clock's rest,
            :mod:`.clock`).
    """

    maximum: int
    current: int
    rested_rounds: int = 0

    @property
    def dead(self) -> bool:
        """At 0 or fewer Body Points the character is dead."""
        return self.current <= 0


def bp_hit(state: BodyPoints, damage_total: int, resistance: int, hero_points: int = 0
           ) -> BodyPoints:
    """Take a hit under Body Points: damage less Damage Resistance, if 1 or more, comes off.

    Args:
        state: the Body Points.
        damage_total: the damage roll's total (after scale).
        resistance: Damage Resistance (armor value, or the armor roll's total).
        hero_points: hero points spent for +6 each to Damage Resistance.

    Returns:
        The new Body Points.
    """
    net = damage_total - resistance - BP_HERO_DR * hero_points
    if net < 1:
        return state
    return replace(state, current=state.current - net)


def bp_recovery(check_total: int) -> int | DieCode:
    """What a healing check recovers under Body Points: 2 points, or dice to roll.

    Args:
        check_total: the Might (rest) or Medicine (assisted) roll's total.

    Returns:
        2 for a Very Easy success, a die code (1D-5D) for higher levels, 0 below Very Easy.
    """
    level = level_reached(check_total)
    return 0 if level is None else BP_RECOVERY[level]


def bp_heal(
    state: BodyPoints,
    check_total: int,
    *,
    dice: Dice | None = None,
    faces: Sequence[int] | None = None,
) -> tuple[BodyPoints, dict | None]:
    """Recover Body Points after a day of rest, or a day's Medicine check ("Natural Healing",
    "Assisted Healing (Medicine)" under Body Points).

    Args:
        state: the Body Points (not dead).
        check_total: the check's total; its level of success sets what is recovered.
        dice: the app's dice, for the recovered dice.
        faces: the recovered dice typed from the table.

    Returns:
        ``(new state, roll dict of the recovered dice or None)``; never above the maximum.

    Raises:
        RuleError: the character is dead.
        DiceError: the typed faces are wrong, or dice are needed and none were given.
    """
    if state.dead:
        raise RuleError("the character is dead; healing cannot help", _BP)
    got = bp_recovery(check_total)
    roll = None
    if isinstance(got, DieCode):
        if faces is not None:

            roll = table_roll(list(faces), got.dice)
        elif dice is not None:
            roll = dice.roll(got.dice)
        else:
            raise DiceError(f"roll {got} for the Body Points recovered")
        amount = sum(roll["faces"])
    else:
        amount = got
    return replace(state, current=min(state.maximum, state.current + amount)), roll
