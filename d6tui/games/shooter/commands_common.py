"""What every D6 Shooter command shares: the phase check, the dice, typed rolls, outcomes.

A command refused in the wrong phase names the phase in words and the rulebook section; a roll
comes from the app's dice or from faces typed off table dice; the outcome facts of an event are
derived by folding it (DESIGN "The log").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from d6tui.engine.dice import Dice, table_roll_custom
from d6tui.engine.errors import D6Error, RuleError
from d6tui.games.shooter.fold import fold
from d6tui.games.shooter.state import (
    SHOOTER_DIE,
    Phase,
    ShooterState,
)

#: Each phase in words, for a command refused in it ("On Your Turn").
PHASE_WORDS = {
    Phase.START: "at the start of the turn",
    Phase.DRAW: "while a card must be drawn",
    Phase.HUNT: "during a hunt",
    Phase.LAST_CHANCE: "after the last roll of a hunt",
    Phase.CAPTURED: "after a capture",
    Phase.ESCAPE: "while an Escape is answered",
    Phase.JAIL_BREAK: "while a Jail Break is answered",
    Phase.CHALLENGE: "during a dice challenge",
    Phase.REWARD: "while a reward is chosen",
    Phase.CONTEST: "during a Shooting Contest",
    Phase.DYNAMITE_DEFENSE: "while Dynamite is answered",
    Phase.DYNAMITE: "while Dynamite is rolled",
    Phase.END: "at the end of the turn",
    Phase.SETUP: "before the game starts",
}


def need_phase(state: ShooterState, phases: Sequence[Phase], what: str, section: str) -> None:
    """A command may run only in these phases, and never once the game is won ("On Your
    Turn", "Cashing in Reputation Points").

    Args:
        state: the game.
        phases: the phases the command fits.
        what: the move in words ("draw a card").
        section: the rulebook section to cite.

    Raises:
        RuleError: the game is over, or the turn is in another phase.
    """
    if state.phase == Phase.OVER:
        raise RuleError(
            f"the game is over: {state.winner_name} is Marshal", "Cashing in Reputation Points"
        )
    if state.phase not in phases:
        raise RuleError(f"you cannot {what} {PHASE_WORDS[state.phase]}", section)


def use_dice(dice: Dice | None) -> Dice:
    """The dice a command rolls and draws with (DESIGN "The log").

    Args:
        dice: the session's dice, or None.

    Returns:
        ``dice``, or new unseeded dice.
    """
    return dice if dice is not None else Dice()


def take_roll(dice: Dice | None, roll: Any, count: int, section: str) -> dict:
    """The roll of ``count`` Shooter dice: rolled by ``dice`` or typed from table dice
    ("Components": the Shooter die).

    Args:
        dice: rolls when ``roll`` is None.
        roll: None, a roll dict, or a list of typed face names.
        count: how many dice are rolled.
        section: the rulebook section to cite in an error.

    Returns:
        The roll, ready for the event.

    Raises:
        RuleError: a typed roll with the wrong number of faces or a face not on the die.
    """
    if roll is None:
        return use_dice(dice).roll_custom(SHOOTER_DIE, count)
    try:
        if isinstance(roll, dict):
            faces = roll.get("faces")
            if not isinstance(faces, list):
                raise RuleError("a typed roll needs a list of faces", section)
            made = table_roll_custom(SHOOTER_DIE, [str(f) for f in faces], count)
            if roll.get("source", "table") == "app":
                made["source"] = "app"
            return made
        if isinstance(roll, list | tuple):
            return table_roll_custom(SHOOTER_DIE, [str(f) for f in roll], count)
    except D6Error as e:
        if isinstance(e, RuleError):
            raise
        raise RuleError(str(e), section) from None
    raise RuleError("a typed roll must be a list of faces", section)


def as_list(value: Any) -> list:
    """A choice answer as a list (one id may be given as a plain string).

    Args:
        value: None, an id, or ids.

    Returns:
        The ids.
    """
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    return list(value)


def acting_name(state: ShooterState) -> str:
    """The name of the player whose turn it is, for an event's ``by`` ("On Your Turn").

    Args:
        state: the game.

    Returns:
        The name.
    """
    return state.players[state.current].name


def with_outcome(state: ShooterState, payload: dict) -> dict:
    """Add the outcome facts (:data:`d6tui.games.shooter.fold.OUTCOME_KEYS`) to a payload.

    They are derived by folding the payload on the current state, so what the event says
    happened is exactly what the rules make happen (and :func:`~.fold.fold` checks it again on
    load). ``describe`` then tells the outcome from the event alone (DESIGN "The log").

    Args:
        state: the game before the event.
        payload: the event's payload; changed in place.

    Returns:
        The payload.
    """
    payload.update(fold(state, payload).outcome)
    return payload


def jail_owner(state: ShooterState, card_id: str) -> int:
    """Whose jail holds a card ("Card Index: Falsely Accused", "Transfer Prisoner").

    Args:
        state: the game.
        card_id: the card.

    Returns:
        The player's index, or -1 when no jail holds it.
    """
    for i, p in enumerate(state.players):
        if card_id in p.jail:
            return i
    return -1
