"""Wounds in Simple Six: the wound level chart and each level's effects (healing
is in :mod:`.healing`, Body Points in :mod:`.body_points`).

A hit is turned into a wound by how far the damage total beats the resistance total (static
Soak, or a Might roll plus armor): the "Wound Level Chart" row, moved by its two notes. The
level only climbs until something heals it ("just a flesh wound", natural or assisted healing,
a potion or a Heal spell).

:class:`WoundState` is a frozen value; every function returns a new one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import IntEnum

from d6tui.engine.dice import Dice, parse_typed_total, roll_sum, table_roll
from d6tui.engine.errors import DiceError, RuleError

_CHART = "Wound Level Chart"


_EFFECTS = "Wound Level Effects"


_HEALING = "Healing"


_BP = "Body Points (alternative to Wound Levels)"


class WoundLevel(IntEnum):
    """The rows of the "Wound Level Chart", least to worst."""

    UNHARMED = 0
    STUNNED = 1
    WOUNDED = 2
    SEVERELY_WOUNDED = 3
    INCAPACITATED = 4
    MORTALLY_WOUNDED = 5
    DEAD = 6

    @property
    def label(self) -> str:
        """The level's name as the chart prints it ("Severely Wounded")."""
        return self.name.replace("_", " ").title()


#: The chart's rows: level, and the lowest and highest amount by which damage beats resistance.
#: Severely Wounded shares Wounded's 4-8 and is reached only through its note.
CHART: tuple[tuple[WoundLevel, int | None, int | None], ...] = (
    (WoundLevel.UNHARMED, None, 0),
    (WoundLevel.STUNNED, 1, 3),
    (WoundLevel.WOUNDED, 4, 8),
    (WoundLevel.SEVERELY_WOUNDED, 4, 8),
    (WoundLevel.INCAPACITATED, 9, 12),
    (WoundLevel.MORTALLY_WOUNDED, 13, 15),
    (WoundLevel.DEAD, 16, None),
)


#: Dice of penalty on every action at each level ("Wound Level Effects"). Stunned's lasts only
#: the round it was taken and the next; Incapacitated's applies to a character who stayed up.
PENALTY_DICE = {
    WoundLevel.UNHARMED: 0,
    WoundLevel.STUNNED: 1,
    WoundLevel.WOUNDED: 1,
    WoundLevel.SEVERELY_WOUNDED: 2,
    WoundLevel.INCAPACITATED: 3,
}


#: Target number of the Stamina roll to stay up when Incapacitated (a Moderate roll).
STAY_UP_TN = 15


#: Dice rolled for the minutes an Incapacitated character who failed to stay up is out.
KNOCKOUT_DICE = 10


#: Rounds in a minute (a round is about ten seconds, "Definitions of Common Game Terms").
ROUNDS_PER_MINUTE = 6


def chart_row(margin: int) -> WoundLevel:
    """The chart row for the amount damage beats resistance by, before the notes.

    Args:
        margin: damage total less resistance total.

    Returns:
        The row (4-8 gives Wounded; Severely Wounded comes from the notes).
    """
    if margin <= 0:
        return WoundLevel.UNHARMED
    if margin <= 3:
        return WoundLevel.STUNNED
    if margin <= 8:
        return WoundLevel.WOUNDED
    if margin <= 12:
        return WoundLevel.INCAPACITATED
    if margin <= 15:
        return WoundLevel.MORTALLY_WOUNDED
    return WoundLevel.DEAD


def next_level(current: WoundLevel, margin: int) -> WoundLevel:
    """The wound level after a hit, with the chart's two notes.

    A result of 4-8 on a character already Wounded makes him Severely Wounded; any hit whose row
    is at or below the character's present level moves him one level up instead. A hit that
    does no damage changes nothing; the dead stay dead.

    Args:
        current: the level before the hit.
        margin: damage total less resistance total.

    Returns:
        The new level ("Wound Level Chart").
    """
    row = chart_row(margin)
    if row == WoundLevel.UNHARMED or current == WoundLevel.DEAD:
        return current
    if row <= current:
        return WoundLevel(current + 1)
    return row


def extra_damage(margin: int, step: int = 5) -> int:
    """Damage added by "Increasing Damage": a point for every ``step`` the attack beat its
    target number by (beating Parry 14 with 26 adds +2).

    Args:
        margin: attack total less target number.
        step: points of success per point of damage (5, or 3 for deadlier games).

    Returns:
        The extra damage, 0 or more.

    Raises:
        RuleError: a step below 1.
    """
    if step < 1:
        raise RuleError("increasing damage needs a step of 1 or more", "Increasing Damage")
    return margin // step if margin > 0 else 0


@dataclass(frozen=True)
class WoundState:
    """How hurt a character is.

    Attributes:
        level: the wound level.
        stunned_round: the round a stun was taken in (its penalty lasts that round and the
            next), or None.
        awake: the character can act (False when knocked out or Mortally Wounded).
        stay_up_pending: Incapacitated and not yet rolled Stamina to stay up.
        knocked_out_minutes: minutes out after failing to stay up (10D), or None.
        mortal_rounds: rounds spent Mortally Wounded so far.
        flesh_wound_used: a hero point already made a wound "just a flesh wound" this combat.
        mortal_rolled_round: the combat round of the last Might roll against death (one a
            round, "Wound Level Effects"), or None.
        stun_over: a stun's -1D has run out with the fight it was taken in (its rounds are
            over); the level stays Stunned until healed.
        knocked_out_rounds: rounds of ten seconds gone by since the knockout (six to the
            minute); at ``knocked_out_minutes`` minutes he wakes (:func:`time_out`).
        rested_rounds: rounds of rest at this level since it was taken or since the last
            natural healing check (the clock's rest, :mod:`.clock`; "Healing").
    """

    level: WoundLevel = WoundLevel.UNHARMED
    stunned_round: int | None = None
    awake: bool = True
    stay_up_pending: bool = False
    knocked_out_minutes: int | None = None
    mortal_rounds: int = 0
    flesh_wound_used: bool = False
    mortal_rolled_round: int | None = None
    stun_over: bool = False
    knocked_out_rounds: int = 0
    rested_rounds: int = 0

    @property
    def dead(self) -> bool:
        """The character has perished."""
        return self.level == WoundLevel.DEAD


def _settle(state: WoundState, level: WoundLevel, round_no: int | None) -> WoundState:
    """The state at a new level: consciousness and timers follow the level's effects."""
    out = replace(state, level=level, stun_over=False, rested_rounds=0)
    if level == WoundLevel.STUNNED:
        out = replace(out, stunned_round=round_no)
    if level < WoundLevel.INCAPACITATED:
        out = replace(out, awake=True, stay_up_pending=False, knocked_out_minutes=None,
                      knocked_out_rounds=0, mortal_rounds=0)
    elif level == WoundLevel.INCAPACITATED:
        if state.level != WoundLevel.INCAPACITATED:
            out = replace(out, awake=False, stay_up_pending=True, mortal_rounds=0)
    elif level == WoundLevel.MORTALLY_WOUNDED:
        if state.level != WoundLevel.MORTALLY_WOUNDED:
            out = replace(out, awake=False, stay_up_pending=False, mortal_rounds=0)
    else:
        out = replace(out, awake=False, stay_up_pending=False)
    return out


def take_hit(state: WoundState, margin: int, round_no: int | None = None) -> WoundState:
    """Apply a hit ("Wound Level Chart", "Wound Level Effects").

    Args:
        state: the character's wounds.
        margin: damage total less Soak (Fast Static) or less the Might-and-armor roll
            (Traditional), after scale and any increasing damage.
        round_no: the current round, so that a stun lasts this round and the next.

    Returns:
        The new state. Reaching Incapacitated leaves the Stamina roll to make
        (:func:`stay_up`); Mortally Wounded knocks the character out.
    """
    level = next_level(state.level, margin)
    if level == state.level:
        return state
    return _settle(state, level, round_no)


def penalty(state: WoundState, round_no: int | None = None, relief: int = 0) -> int | None:
    """Dice taken off every action for wounds ("Wound Level Effects").

    Args:
        state: the character's wounds.
        round_no: the current round (a stun costs -1D only in its round and the next; with no
            round given the stun counts).
        relief: dice of penalty a perk removes at Wounded or worse (Cyborg: 1).

    Returns:
        Dice of penalty, or None when the character cannot act (knocked out, Mortally
        Wounded, Dead, or Incapacitated before the Stamina roll).
    """
    if not state.awake:
        return None
    level = state.level
    if level == WoundLevel.STUNNED:
        if state.stun_over:
            return 0
        if round_no is not None and state.stunned_round is not None and (
            round_no > state.stunned_round + 1
        ):
            return 0
        return PENALTY_DICE[level]
    dice = PENALTY_DICE.get(level)
    if dice is None:
        return None
    if level >= WoundLevel.WOUNDED:
        dice = max(0, dice - relief)
    return dice


def stay_up(
    state: WoundState,
    stamina_total: int,
    *,
    dice: Dice | None = None,
    knockout_faces: Sequence[int] | None = None,
    knockout_total: int | None = None,
) -> tuple[WoundState, dict | None]:
    """The Incapacitated character's free Stamina roll to stay up (Moderate, 15).

    Success keeps him acting at -3D; failure knocks him out for 10D minutes.

    Args:
        state: an Incapacitated character's wounds, the roll not yet made.
        stamina_total: the Stamina roll's total.
        dice: the app's dice for the 10D minutes, on a failure.
        knockout_faces: the 10D typed from the table instead.
        knockout_total: or only their total typed (10 to 60): the minutes are all the rule
            needs (``DiceRequest.total_ok``).

    Returns:
        ``(new state, the 10D roll dict or None)``.

    Raises:
        RuleError: the character is not waiting on this roll.
        DiceError: the typed minutes are not ten faces of 1-6, or no dice were given.
    """
    if state.level != WoundLevel.INCAPACITATED or not state.stay_up_pending:
        raise RuleError("only a newly Incapacitated character rolls to stay up", _EFFECTS)
    if stamina_total >= STAY_UP_TN:
        return replace(state, awake=True, stay_up_pending=False), None
    if knockout_total is not None:
        roll = parse_typed_total(f"={knockout_total}", KNOCKOUT_DICE)
    elif knockout_faces is not None:
        roll = table_roll(list(knockout_faces), KNOCKOUT_DICE)
    elif dice is not None:
        roll = dice.roll(KNOCKOUT_DICE)
    else:
        raise DiceError("roll 10D for the minutes the character is out")
    minutes = roll_sum(roll)
    return replace(state, awake=False, stay_up_pending=False, knocked_out_minutes=minutes,
                   knocked_out_rounds=0), roll


def time_out(state: WoundState, rounds: int) -> WoundState:
    """Time goes by for a knocked-out character: after the 10D minutes he rolled he comes to,
    still Incapacitated (-3D, "Wound Level Effects").

    Args:
        state: the character's wounds.
        rounds: rounds of ten seconds gone by (a minute is :data:`ROUNDS_PER_MINUTE`).

    Returns:
        The wounds, awake again once the minutes are over; unchanged for anyone not knocked
        out (a Mortally Wounded character does not wake with time).
    """
    if (state.awake or state.knocked_out_minutes is None or rounds <= 0
            or state.level != WoundLevel.INCAPACITATED):
        return state
    passed = state.knocked_out_rounds + rounds
    if passed >= state.knocked_out_minutes * ROUNDS_PER_MINUTE:
        return replace(state, awake=True, knocked_out_minutes=None, knocked_out_rounds=0)
    return replace(state, knocked_out_rounds=passed)


def mortal_round(state: WoundState, might_total: int) -> WoundState:
    """A Mortally Wounded character's Might roll for one round.

    He dies when the roll is below the whole minutes spent at this level (six rounds a minute);
    otherwise another round is counted.

    Args:
        state: a Mortally Wounded character's wounds.
        might_total: the Might roll's total.

    Returns:
        The new state (Dead, or one more round counted).

    Raises:
        RuleError: the character is not Mortally Wounded.
    """
    if state.level != WoundLevel.MORTALLY_WOUNDED:
        raise RuleError("only the Mortally Wounded roll Might each round", _EFFECTS)
    minutes = state.mortal_rounds // ROUNDS_PER_MINUTE
    if might_total < minutes:
        return _settle(state, WoundLevel.DEAD, None)
    return replace(state, mortal_rounds=state.mortal_rounds + 1)


def heal_one_level(state: WoundState) -> WoundState:
    """Lower the wound level by one, the level's effects following.

    Raises:
        RuleError: the character is unharmed, or dead.
    """
    if state.level == WoundLevel.UNHARMED:
        raise RuleError("the character has no wounds to heal", _HEALING)
    if state.level == WoundLevel.DEAD:
        raise RuleError("the character has perished; healing cannot help", _EFFECTS)
    new = _settle(state, WoundLevel(state.level - 1), None)
    if new.level == WoundLevel.INCAPACITATED:
        # Healed up from Mortally Wounded: out cold until rested, no roll to stay up.
        new = replace(new, awake=False, stay_up_pending=False)
    if new.level == WoundLevel.STUNNED:
        new = replace(new, stunned_round=None)
    return new


def just_a_flesh_wound(
    state: WoundState, hero_points: int, hero_rule: str = "static"
) -> tuple[WoundState, int]:
    """Spend a hero point to make a wound one level less, once per combat ("Hero Points").

    Args:
        state: the character's wounds.
        hero_points: hero points the character has.
        hero_rule: ``"static"``; the traditional rule has no flesh wounds.

    Returns:
        ``(new state, hero points left)``.

    Raises:
        RuleError: no hero point, already used this combat, traditional hero points, or
            nothing (or nothing any more) to lessen.
    """
    if hero_rule != "static":
        raise RuleError("traditional hero points only double a roll",
                        "Traditional OpenD6 Hero Points")
    if hero_points < 1:
        raise RuleError("a flesh wound costs a hero point, and there are none left",
                        "Hero Points")
    if state.flesh_wound_used:
        raise RuleError("just a flesh wound works once per combat", "Hero Points")
    new = heal_one_level(state)
    if new.level == WoundLevel.INCAPACITATED and state.knocked_out_minutes is None:
        # A fresh Incapacitated wound rolls to stay up; one already knocked out stays out.
        new = replace(new, stay_up_pending=True)
    return replace(new, flesh_wound_used=True), hero_points - 1


def stunned_now(state: WoundState, round_no: int | None) -> WoundState:
    """A character just brought down to Stunned by healing (a flesh wound, a potion, a Heal
    spell) in round ``round_no``: like a fresh stun, -1D this round and the next.

    Args:
        state: the character's wounds.
        round_no: the fight's round, or None out of a fight: then the stun's two rounds are
            over long before any fight starts, so its -1D is spent (the level stays until
            healed, a minute's rest, "Healing").

    Returns:
        The state, its stun timed from ``round_no`` when the level is Stunned.
    """
    if state.level != WoundLevel.STUNNED:
        return state
    if round_no is None:
        return replace(state, stun_over=True)
    return replace(state, stunned_round=round_no, stun_over=False)


def end_combat(state: WoundState) -> WoundState:
    """The fight is over: a stun's "this round and next round" cannot outlast it (a later
    fight counts its rounds from 1 again), so its -1D ends; the level stays until healed."""
    if state.level == WoundLevel.STUNNED:
        return replace(state, stun_over=True)
    return state


def new_combat(state: WoundState) -> WoundState:
    """A new combat: the flesh wound may be used again, and its rounds are counted anew."""
    return replace(state, flesh_wound_used=False, mortal_rolled_round=None)
