"""D6 Shooter commands of the start and end phase: buy, cash Rep, play store cards, end the
turn ("On Your Turn", "General Store Cards", "Cashing in Reputation Points", "Card Index").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from d6tui.engine.dice import Dice
from d6tui.engine.errors import RuleError
from d6tui.games.shooter.commands_common import (
    acting_name,
    as_list,
    jail_owner,
    need_phase,
    use_dice,
    with_outcome,
)
from d6tui.games.shooter.piles import cash_cards, refill_draws, take_store_card
from d6tui.games.shooter.state import (
    HAND_LIMIT,
    KIND_NAMES,
    RANKS,
    Phase,
    ShooterState,
    card_rep,
    hand_card,
    jailed_bandits,
    rep_needed,
)


def buy(state: ShooterState, *, dice: Dice | None = None, card: str | None = None,
        paying: Sequence[str] = ()) -> dict:
    """Buy one face-up store card by cashing jailed bandits for their reward ("Reward").

    The rewards must add up to the price at least; no change is given, and the bandits (and
    their Rep) are discarded. One purchase per turn, in the start phase, hand of 2 at most.

    Args:
        state: the game, in the start phase.
        dice: draws the store card turned face up to refill the store.
        card: the face-up store card bought.
        paying: the jailed bandits cashed for it.

    Returns:
        A ``store_bought`` payload.

    Raises:
        RuleError: not the start phase, already bought this turn, hand full, card not face up,
            a payer not a bandit in your jail, or too little reward ("General Store Cards").
    """
    sec = "General Store Cards"
    need_phase(state, (Phase.START,), "buy from the store", sec)
    p = state.players[state.current]
    if state.bought:
        raise RuleError("you may buy only one store card per turn", sec)
    if len(p.hand) >= HAND_LIMIT:
        raise RuleError(f"your hand is full ({HAND_LIMIT} store cards)", sec)
    if card not in state.store_up:
        raise RuleError("choose one of the face-up store cards", sec)
    paying = as_list(paying)
    if not paying:
        raise RuleError("choose the bandits to cash for their reward", sec)
    if len(set(paying)) != len(paying):
        raise RuleError("a bandit can be cashed only once", sec)
    bandits = set(jailed_bandits(state, p))
    for b in paying:
        if b not in bandits:
            raise RuleError(f"{b} is not a bandit in your jail", "Reward")
    money = sum(state.cards[b].reward for b in paying)
    price = state.cards[card].price
    if money < price:
        raise RuleError(f"those bandits bring ${money}; {state.cards[card].name} costs ${price}",
                        "Reward")
    payload: dict[str, Any] = {"type": "store_bought", "by": p.name, "card": card,
                               "name": state.cards[card].name, "price": price,
                               "paying": paying, "paid": money}
    pre = take_store_card(cash_cards(state, state.current, paying), state.current, card)
    payload.update(refill_draws(pre, use_dice(dice)))
    return payload


def cash_rep(state: ShooterState, *, dice: Dice | None = None,
             cards: Sequence[str] = ()) -> dict:
    """Cash jailed cards for Rep to be promoted (excess Rep is lost).

    Args:
        state: the game, in your start or end phase.
        dice: unused.
        cards: jailed bandits and Shooting Contest cards whose Rep reaches the rank's need.

    Returns:
        A ``rep_cashed`` payload with the new rank.

    Raises:
        RuleError: not the start or end phase, a card not in your jail, or too little Rep
            ("Cashing in Reputation Points").
    """
    sec = "Cashing in Reputation Points"
    need_phase(state, (Phase.START, Phase.END), "cash Rep", sec)
    p = state.players[state.current]
    cards = as_list(cards)
    if not cards:
        raise RuleError("choose the cards to cash in", sec)
    if len(set(cards)) != len(cards):
        raise RuleError("a card can be cashed only once", sec)
    for c in cards:
        if c not in p.jail:
            raise RuleError(f"{c} is not in your jail", sec)
    rep = sum(card_rep(state, c) for c in cards)
    need = rep_needed(p.rank)
    if rep < need:
        raise RuleError(
            f"those cards make {rep} Rep; a {RANKS[p.rank]} needs {need} to be promoted", sec)
    return with_outcome(state, {"type": "rep_cashed", "by": p.name, "cards": cards,
                                 "names": [state.cards[c].name for c in cards], "rep": rep,
                                 "need": need, "rank": RANKS[p.rank + 1]})


def _hand_play(state: ShooterState, effect: str, phases: Sequence[Phase]) -> tuple[str, str]:
    sec = f"Card Index: {KIND_NAMES[effect]}"
    need_phase(state, phases, f"play {KIND_NAMES[effect]}", sec)
    p = state.players[state.current]
    card = hand_card(p, state, effect)
    if not card:
        raise RuleError(f"you hold no {KIND_NAMES[effect]} card", sec)
    return card, sec


def _others_bandit(state: ShooterState, bandit: str | None, sec: str) -> int:
    owner = jail_owner(state, bandit) if bandit else -1
    if (bandit is None or owner < 0 or owner == state.current
            or state.cards[bandit].kind != "bandit"):
        raise RuleError("choose a bandit in another player's jail", sec)
    if bandit in state.players[owner].shackled:
        raise RuleError(f"{state.cards[bandit].name} is shackled", sec)
    return owner


def play_falsely_accused(state: ShooterState, *, dice: Dice | None = None,
                         bandit: str | None = None) -> dict:
    """Play Falsely Accused: discard an unshackled bandit from another player's jail.

    Args:
        state: the game, in your start or end phase.
        dice: unused.
        bandit: the bandit to discard.

    Returns:
        A ``falsely_accused_played`` payload.

    Raises:
        RuleError: wrong phase, no such card in hand, or the bandit is not an unshackled
            bandit of another jail ("Card Index: Falsely Accused").
    """
    card, sec = _hand_play(state, "falsely_accused", (Phase.START, Phase.END))
    owner = _others_bandit(state, bandit, sec)
    assert bandit is not None
    return {"type": "falsely_accused_played", "by": acting_name(state), "card": card,
            "target": state.players[owner].name, "bandit": bandit,
            "name": state.cards[bandit].name}


def play_transfer(state: ShooterState, *, dice: Dice | None = None,
                  bandit: str | None = None) -> dict:
    """Play Transfer Prisoner: move an unshackled bandit from another jail into yours.

    Args:
        state: the game, in your start or end phase.
        dice: unused.
        bandit: the bandit to move.

    Returns:
        A ``prisoner_transferred`` payload.

    Raises:
        RuleError: wrong phase, no such card in hand, or the bandit is not an unshackled
            bandit of another jail ("Card Index: Transfer Prisoner").
    """
    card, sec = _hand_play(state, "transfer_prisoner", (Phase.START, Phase.END))
    owner = _others_bandit(state, bandit, sec)
    assert bandit is not None
    return {"type": "prisoner_transferred", "by": acting_name(state), "card": card,
            "target": state.players[owner].name, "bandit": bandit,
            "name": state.cards[bandit].name}


def play_shackles(state: ShooterState, *, dice: Dice | None = None,
                  bandits: Sequence[str] = ()) -> dict:
    """Play Shackles on 1-2 unshackled bandits in your jail; they are protected for good.

    Args:
        state: the game, in your start or end phase.
        dice: unused.
        bandits: one or two of your jailed, unshackled bandits.

    Returns:
        A ``shackles_played`` payload.

    Raises:
        RuleError: wrong phase, no Shackles in hand, or bad bandits ("Card Index: Shackles").
    """
    card, sec = _hand_play(state, "shackles", (Phase.START, Phase.END))
    bandits = as_list(bandits)
    if not 1 <= len(bandits) <= 2 or len(set(bandits)) != len(bandits):
        raise RuleError("shackle one or two different bandits", sec)
    free = set(jailed_bandits(state, state.players[state.current], unshackled=True))
    for b in bandits:
        if b not in free:
            raise RuleError(f"{b} is not an unshackled bandit in your jail", sec)
    return {"type": "shackles_played", "by": acting_name(state), "card": card, "bandits": bandits,
            "names": [state.cards[b].name for b in bandits]}


def play_dynamite(state: ShooterState, *, dice: Dice | None = None,
                  target: str | None = None) -> dict:
    """Play Dynamite on an opponent's jail in your start phase ("Card Index: Dynamite").

    Args:
        state: the game, in your start phase.
        dice: unused.
        target: the opponent's name.

    Returns:
        A ``dynamite_played`` payload.

    Raises:
        RuleError: wrong phase, no Dynamite in hand, or no such opponent.
    """
    card, sec = _hand_play(state, "dynamite", (Phase.START,))
    names = [p.name for p in state.players]
    if target not in names or names.index(target) == state.current:
        raise RuleError("choose an opponent's jail", sec)
    if not jailed_bandits(state, state.players[names.index(target)], unshackled=True):
        raise RuleError(f"{target}'s jail holds no bandit that Dynamite could free", sec)
    return {"type": "dynamite_played", "by": acting_name(state), "card": card, "target": target}


def end_turn(state: ShooterState, *, dice: Dice | None = None) -> dict:
    """End the turn; play passes to the next player (to the left) ("On Your Turn").

    Args:
        state: the game, in the end phase.
        dice: unused.

    Returns:
        A ``turn_ended`` payload.

    Raises:
        RuleError: the turn's hunt or event is not over yet.
    """
    need_phase(state, (Phase.END,), "end the turn", "On Your Turn")
    nxt = (state.current + 1) % len(state.players)
    return {"type": "turn_ended", "by": acting_name(state), "next": state.players[nxt].name}
