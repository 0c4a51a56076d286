"""D6 Shooter commands that answer an event card: Horseback, Night Watch, accepting it, the
Shooting Contest's rounds, and a won dice challenge's reward ("Card Index").
"""

from __future__ import annotations

from typing import Any

from d6tui.engine.dice import Dice
from d6tui.engine.errors import RuleError
from d6tui.games.shooter.commands_common import (
    acting_name,
    need_phase,
    take_roll,
    use_dice,
    with_outcome,
)
from d6tui.games.shooter.piles import hand_discard, refill_draws, take_store_card
from d6tui.games.shooter.state import (
    CONTEST_DICE,
    HAND_LIMIT,
    Phase,
    ShooterState,
    hand_card,
)


def horseback(state: ShooterState, *, dice: Dice | None = None) -> dict:
    """Play Horseback against an Escape: the bandits in play go to your jail; the turn ends.

    Args:
        state: the game, with an Escape threatening bandits in play.
        dice: unused.

    Returns:
        A ``horseback_played`` payload.

    Raises:
        RuleError: no Escape to answer, or no Horseback in hand ("Card Index: Horseback").
    """
    sec = "Card Index: Horseback"
    need_phase(state, (Phase.ESCAPE,), "play Horseback", sec)
    p = state.players[state.current]
    card = hand_card(p, state, "horseback")
    if not card:
        raise RuleError("you hold no Horseback card", sec)
    return {"type": "horseback_played", "by": p.name, "card": card, "escape": state.resolving,
            "saved": list(state.in_play)}


def night_watch(state: ShooterState, *, dice: Dice | None = None) -> dict:
    """Play Night Watch against a Jail Break (your turn) or Dynamite (as its target).

    Args:
        state: the game, with a Jail Break or Dynamite to answer.
        dice: unused.

    Returns:
        A ``night_watch_played`` payload.

    Raises:
        RuleError: nothing to answer, or no Night Watch in hand ("Card Index: Night Watch").
    """
    sec = "Card Index: Night Watch"
    need_phase(state, (Phase.JAIL_BREAK, Phase.DYNAMITE_DEFENSE), "play Night Watch", sec)
    p = state.players[state.pending]
    card = hand_card(p, state, "night_watch")
    if not card:
        raise RuleError(f"{p.name} holds no Night Watch card", sec)
    return {"type": "night_watch_played", "by": p.name, "card": card,
            "against": state.resolving, "against_name": state.cards[state.resolving].name}


def accept(state: ShooterState, *, dice: Dice | None = None) -> dict:
    """Let an Escape, Jail Break or Dynamite take its course without playing a card.

    Args:
        state: the game, with an Escape, Jail Break or Dynamite to answer.
        dice: unused.

    Returns:
        A ``card_accepted`` payload (``by`` is the player answering).

    Raises:
        RuleError: nothing to answer ("Card Index").
    """
    need_phase(state, (Phase.ESCAPE, Phase.JAIL_BREAK, Phase.DYNAMITE_DEFENSE),
                "accept a card", "Card Index")
    c = state.cards[state.resolving]
    return with_outcome(state, {"type": "card_accepted",
                                 "by": state.players[state.pending].name, "card": c.id,
                                 "name": c.name})


def contest_roll(state: ShooterState, *, dice: Dice | None = None, roll: Any = None,
                 opponent_roll: Any = None) -> dict:
    """Roll one round of a Shooting Contest for both sides ("Card Index: Shooting Contest").

    Args:
        state: the game, in a Shooting Contest.
        dice: rolls the dice of a side whose faces are not typed.
        roll: the current player's typed faces (3 minus their skulls).
        opponent_roll: the opponent's typed faces (3 minus their skulls).

    Returns:
        A ``contest_rolled`` payload.

    Raises:
        RuleError: no contest, or a bad typed roll.
    """
    sec = "Card Index: Shooting Contest"
    need_phase(state, (Phase.CONTEST,), "shoot", sec)
    c = state.contest
    assert c is not None
    mine = take_roll(dice, roll, CONTEST_DICE - c.skulls[0], sec)
    theirs = take_roll(dice, opponent_roll, CONTEST_DICE - c.skulls[1], sec)
    return with_outcome(state, {"type": "contest_rolled", "by": acting_name(state),
                                 "opponent": state.players[c.opponent].name,
                                 "card": state.resolving, "roll": mine, "opponent_roll": theirs})


def take_reward(state: ShooterState, *, dice: Dice | None = None, card: str | None = None,
                discard: str | None = None) -> dict:
    """Take a face-up store card as the reward of a won dice challenge; the turn ends.

    With a full hand (2 cards) one hand card must be given up to the store discard.

    Args:
        state: the game, after winning Pan for Gold, Stop Bar Brawl or Stop Robbery.
        dice: draws the store card turned face up to refill the store.
        card: the face-up store card taken.
        discard: the hand card given up (only, and always, with a full hand).

    Returns:
        A ``reward_taken`` payload.

    Raises:
        RuleError: no reward to take, the card is not face up, or the discard is missing or
            not in hand ("General Store Cards").
    """
    sec = "General Store Cards"
    need_phase(state, (Phase.REWARD,), "take a reward", sec)
    p = state.players[state.current]
    if card not in state.store_up:
        raise RuleError("choose one of the face-up store cards", sec)
    if len(p.hand) >= HAND_LIMIT:
        if discard is None:
            raise RuleError(f"your hand is full ({HAND_LIMIT} cards): give one up or decline",
                            sec)
        if discard not in p.hand:
            raise RuleError(f"{discard} is not in your hand", sec)
    elif discard is not None:
        raise RuleError("your hand has room; nothing needs to be given up", sec)
    payload: dict[str, Any] = {"type": "reward_taken", "by": p.name, "card": card,
                               "name": state.cards[card].name,
                               "event": state.resolving}
    if discard is not None:
        payload["discard"] = discard
    pre = take_store_card(hand_discard(state, state.current, discard), state.current, card)
    payload.update(refill_draws(pre, use_dice(dice)))
    return payload


def decline_reward(state: ShooterState, *, dice: Dice | None = None) -> dict:
    """Decline a dice challenge's reward; the turn ends ("General Store Cards").

    Args:
        state: the game, after winning a dice challenge.
        dice: unused.

    Returns:
        A ``reward_declined`` payload.

    Raises:
        RuleError: no reward is waiting.
    """
    need_phase(state, (Phase.REWARD,), "decline a reward", "General Store Cards")
    return {"type": "reward_declined", "by": acting_name(state), "event": state.resolving}
