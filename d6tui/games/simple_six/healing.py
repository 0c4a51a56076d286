"""Healing wound levels in Simple Six: natural healing after rest, assisted healing by a
healer's Medicine, a Potion of Healing and the Heal spell's target numbers ("Healing",
"Potions", "The Grimoire"). Each function returns a new :class:`.wounds.WoundState`.
"""

from __future__ import annotations

from dataclasses import dataclass

from d6tui.engine.errors import RuleError
from d6tui.games.simple_six.difficulty import difficulty_tn
from d6tui.games.simple_six.wounds import _EFFECTS, _HEALING, WoundLevel, WoundState, heal_one_level


@dataclass(frozen=True)
class HealingRow:
    """A row of the healing table ("Healing").

    Attributes:
        level: the wound level healed from.
        minutes: how often a resting character may try natural healing, in minutes.
        might_tn: the Might roll's target number, or None when the level heals by itself.
        assisted: the difficulty of the Medicine roll for assisted healing.
    """

    level: WoundLevel
    minutes: int
    might_tn: int | None
    assisted: str


_DAY = 24 * 60


#: The healing table ("Healing").
HEALING: dict[WoundLevel, HealingRow] = {
    WoundLevel.STUNNED: HealingRow(WoundLevel.STUNNED, 1, None, "Easy"),
    WoundLevel.WOUNDED: HealingRow(WoundLevel.WOUNDED, 3 * _DAY, 6, "Moderate"),
    WoundLevel.SEVERELY_WOUNDED: HealingRow(WoundLevel.SEVERELY_WOUNDED, 3 * _DAY, 6, "Moderate"),
    WoundLevel.INCAPACITATED: HealingRow(WoundLevel.INCAPACITATED, 14 * _DAY, 8, "Difficult"),
    WoundLevel.MORTALLY_WOUNDED: HealingRow(
        WoundLevel.MORTALLY_WOUNDED, 35 * _DAY, 9, "Very Difficult"
    ),
}


#: Minutes between two assisted healing rolls on one patient ("Healing": once a day).
ASSISTED_EVERY = _DAY


#: Heal spell target numbers by level, and the rise for each further casting that day
#: ("The Grimoire", Heal).
HEAL_SPELL_TN = {
    WoundLevel.WOUNDED: 15,
    WoundLevel.SEVERELY_WOUNDED: 15,
    WoundLevel.INCAPACITATED: 19,
    WoundLevel.MORTALLY_WOUNDED: 23,
}


HEAL_SPELL_REPEAT = 10


def _healing_row(state: WoundState, heals: bool = True) -> HealingRow:
    if not heals:
        raise RuleError("this character does not heal; he is repaired", "Racial Perks")
    if state.level == WoundLevel.DEAD:
        raise RuleError("the character has perished; healing cannot help", _EFFECTS)
    if state.level == WoundLevel.UNHARMED:
        raise RuleError("the character has no wounds to heal", _HEALING)
    return HEALING[state.level]


def natural_healing_tn(state: WoundState, extra_tn: int = 0) -> int | None:
    """The Might roll's target number to heal a level by resting, or None when it heals by
    itself (Stunned) ("Healing").

    Args:
        state: the character's wounds.
        extra_tn: added by a perk (Cyborg: +5).

    Raises:
        RuleError: nothing to heal, or dead.
    """
    row = _healing_row(state)
    return None if row.might_tn is None else row.might_tn + extra_tn


def natural_healing(
    state: WoundState,
    might_total: int | None,
    minutes_rested: int,
    *,
    extra_tn: int = 0,
    heals: bool = True,
) -> tuple[WoundState, bool]:
    """A resting character's Might check to heal one wound level ("Healing").

    Args:
        state: the character's wounds.
        might_total: the Might roll's total (not needed for Stunned, which heals by itself).
        minutes_rested: minutes of rest since the last check.
        extra_tn: added to the target number by a perk (Cyborg: +5).
        heals: False for a character who cannot heal (Robot).

    Returns:
        ``(new state, healed)``.

    Raises:
        RuleError: nothing to heal, dead, not rested long enough for this level, or no roll.
    """
    row = _healing_row(state, heals)
    if minutes_rested < row.minutes:
        raise RuleError(
            f"{_article(row.level.label)} {row.level.label} character rests"
            f" {_duration(row.minutes)} between checks",
            _HEALING,
        )
    if row.might_tn is None:
        return heal_one_level(state), True
    if might_total is None:
        raise RuleError("roll Might to heal", _HEALING)
    if might_total >= row.might_tn + extra_tn:
        return heal_one_level(state), True
    return state, False


def assisted_healing_tn(state: WoundState, extra_tn: int = 0) -> int:
    """The Medicine roll's target number to heal a patient one level ("Healing").

    The table names a difficulty; d6tui uses its usual number (:func:`.wild.difficulty_tn`).

    Raises:
        RuleError: nothing to heal, or dead.
    """
    return difficulty_tn(_healing_row(state).assisted) + extra_tn


def assisted_healing(
    state: WoundState,
    medicine_total: int,
    minutes_since_last: int | None,
    *,
    extra_tn: int = 0,
    heals: bool = True,
) -> tuple[WoundState, bool]:
    """A Medicine check on a patient, once a day per patient ("Healing").

    Args:
        state: the patient's wounds.
        medicine_total: the healer's Medicine roll total.
        minutes_since_last: minutes since this patient was last treated, or None if never.
        extra_tn: added to the target number by a perk (Cyborg: +5).
        heals: False for a patient who cannot heal.

    Returns:
        ``(new state, healed)``.

    Raises:
        RuleError: nothing to heal, dead, or treated less than a day ago.
    """
    row = _healing_row(state, heals)
    if minutes_since_last is not None and minutes_since_last < ASSISTED_EVERY:
        raise RuleError("a patient can be treated once a day", _HEALING)
    if medicine_total >= difficulty_tn(row.assisted) + extra_tn:
        return heal_one_level(state), True
    return state, False


def potion_of_healing(state: WoundState) -> WoundState:
    """A Potion of Healing heals one wound level, no roll ("Potions").

    Raises:
        RuleError: nothing to heal, or dead.
    """
    return heal_one_level(state)


def heal_spell_tn(state: WoundState, castings_today: int = 0) -> int:
    """The Heal spell's target number for a patient ("The Grimoire").

    Args:
        state: the patient's wounds.
        castings_today: Heal spells already cast on the patient today (+10 each).

    Returns:
        The target number.

    Raises:
        RuleError: the level is not one the spell lists (unharmed, stunned, dead).
    """
    tn = HEAL_SPELL_TN.get(state.level)
    if tn is None:
        raise RuleError(f"Heal does not treat the {state.level.label.lower()}", "The Grimoire")
    return tn + HEAL_SPELL_REPEAT * max(0, castings_today)


def _duration(minutes: int) -> str:
    if minutes % (7 * _DAY) == 0:
        weeks = minutes // (7 * _DAY)
        return f"{weeks} week{'s' if weeks > 1 else ''}"
    if minutes % _DAY == 0:
        days = minutes // _DAY
        return f"{days} day{'s' if days > 1 else ''}"
    return f"{minutes} minute{'s' if minutes > 1 else ''}"


def _article(word: str) -> str:
    """"a" or "an" before ``word`` ("an Incapacitated character")."""
    return "an" if word[:1].lower() in "aeiou" else "a"
