"""D6 Shooter commands: check a move against the state and return the one event it makes.

Every command is ``command(state, *, dice=None, ...) -> payload``: a dict with ``type`` and
the facts :func:`d6tui.games.shooter.fold.fold` needs (and that
:func:`d6tui.games.shooter.fold.describe` shows: ``by``, card ids and names). Commands never
change the state; an illegal move raises :class:`~d6tui.engine.errors.RuleError` naming the
rulebook section. Dice results and shuffles are made here and stored in the event.

Commands that roll take ``roll``: None (roll with ``dice``), a dict from
:func:`d6tui.engine.dice.table_roll_custom`, or a list of typed face names; the number of faces
must equal the dice being rolled.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from d6tui.engine.dice import Dice, table_roll_custom
from d6tui.engine.errors import D6Error, RuleError
from d6tui.games.shooter import fold as F
from d6tui.games.shooter.state import (
    CONTEST_DICE,
    HAND_LIMIT,
    KIND_NAMES,
    RANKS,
    ROLLS_PER_HUNT,
    SHOOTER_DIE,
    Phase,
    ShooterState,
    card_rep,
    hand_card,
    jailed_bandits,
    rep_needed,
    unmatched,
)

_PHASE_WORDS = {
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


def _need_phase(state: ShooterState, phases: Sequence[Phase], what: str, section: str) -> None:
    if state.phase == Phase.OVER:
        raise RuleError(
            f"the game is over: {state.winner_name} is Marshal", "Cashing in Reputation Points"
        )
    if state.phase not in phases:
        raise RuleError(f"you cannot {what} {_PHASE_WORDS[state.phase]}", section)


def _dice(dice: Dice | None) -> Dice:
    return dice if dice is not None else Dice()


def _take_roll(dice: Dice | None, roll: Any, count: int, section: str) -> dict:
    """The roll of ``count`` Shooter dice: rolled by ``dice`` or typed from table dice.

    Raises:
        RuleError: a typed roll with the wrong number of faces or a face not on the die.
    """
    if roll is None:
        return _dice(dice).roll_custom(SHOOTER_DIE, count)
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


def _as_list(value: Any) -> list:
    """A choice answer as a list (one id may be given as a plain string)."""
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    return list(value)


def _by(state: ShooterState) -> str:
    return state.players[state.current].name


def _with_outcome(state: ShooterState, payload: dict) -> dict:
    """Add the outcome facts (:data:`d6tui.games.shooter.fold.OUTCOME_KEYS`) to a payload.

    They are derived by folding the payload on the current state, so what the event says
    happened is exactly what the rules make happen (and :func:`~.fold.fold` checks it again on
    load). ``describe`` then tells the outcome from the event alone.
    """
    payload.update(F.fold(state, payload).outcome)
    return payload


def _jail_owner(state: ShooterState, card_id: str) -> int:
    for i, p in enumerate(state.players):
        if card_id in p.jail:
            return i
    return -1


# -- drawing and hunting -----------------------------------------------------------------------


def _draw_payload(state: ShooterState, dice: Dice | None, press_on: bool) -> dict:
    by = _by(state)
    if not state.deck and not state.discard:
        return {"type": "deck_exhausted", "by": by}
    payload: dict[str, Any] = {"type": "card_drawn", "by": by}
    pile = state.deck
    if not pile:
        # the discard pile becomes the deck, still unordered: nothing of it is stored
        pile = state.discard
        payload["reshuffled"] = True
    drawn = _dice(dice).draw("game", pile)
    card = state.cards[drawn["faces"][0]]
    payload.update(card=card.id, drawn=drawn, name=card.name, kind=card.kind)
    if card.kind == "event":
        payload["effect"] = card.effect
    else:
        payload["symbols"] = list(card.symbols)
    if press_on:
        payload["press_on"] = True
    return _with_outcome(state, payload)


def draw(state: ShooterState, *, dice: Dice | None = None) -> dict:
    """Draw the top card of the Game deck into the In Play area ("On Your Turn").

    When the deck is empty the discard pile is shuffled into a new deck (the order is stored);
    when both are empty the event is ``deck_exhausted`` and the turn ends.

    Args:
        state: the game, in the start phase or when a card must be drawn again.
        dice: shuffles the discard pile if the deck ran out.

    Returns:
        A ``card_drawn`` (or ``deck_exhausted``) payload.

    Raises:
        RuleError: it is not the moment to draw ("On Your Turn").
    """
    _need_phase(state, (Phase.START, Phase.DRAW), "draw a card", "On Your Turn")
    return _draw_payload(state, dice, press_on=False)


def press_on(state: ShooterState, *, dice: Dice | None = None) -> dict:
    """Press your luck: draw the next card with the dice that are not skulls.

    Args:
        state: the game, right after a capture.
        dice: shuffles the discard pile if the deck ran out.

    Returns:
        A ``card_drawn`` payload with ``press_on = true`` (or ``deck_exhausted``).

    Raises:
        RuleError: no bandit was just captured
            ("If you successfully capture a bandit you now have two options:").
    """
    _need_phase(state, (Phase.CAPTURED,), "press on",
                "If you successfully capture a bandit you now have two options:")
    return _draw_payload(state, dice, press_on=True)


def stop(state: ShooterState, *, dice: Dice | None = None) -> dict:
    """End the hunt: the captured bandits go to your jail and the turn ends.

    Args:
        state: the game, right after a capture.
        dice: unused (every command accepts it).

    Returns:
        A ``hunt_stopped`` payload.

    Raises:
        RuleError: no bandit was just captured
            ("If you successfully capture a bandit you now have two options:").
    """
    _need_phase(state, (Phase.CAPTURED,), "stop the hunt",
                "If you successfully capture a bandit you now have two options:")
    return _with_outcome(state, {"type": "hunt_stopped", "by": _by(state),
                                 "cards": list(state.in_play)})


def roll(state: ShooterState, *, dice: Dice | None = None, roll: Any = None) -> dict:
    """Roll every free die: for a bandit, a dice event (Pan for Gold...) or Dynamite.

    Args:
        state: the game, in a hunt, a dice challenge or a Dynamite roll.
        dice: rolls the dice when ``roll`` is None.
        roll: faces typed from table dice (count = free dice).

    Returns:
        A ``dice_rolled`` payload naming the card rolled for.

    Raises:
        RuleError: nothing to roll now, no free dice, no rolls left, or a bad typed roll
            ("Drawing a Bandit Card", "Card Index").
    """
    _need_phase(state, (Phase.HUNT, Phase.CHALLENGE, Phase.DYNAMITE), "roll",
                "Drawing a Bandit Card")
    if state.phase == Phase.HUNT:
        card, purpose, sec = state.hunting, "hunt", "Drawing a Bandit Card"
    else:
        card = state.resolving
        purpose = "dynamite" if state.phase == Phase.DYNAMITE else "challenge"
        sec = f"Card Index: {KIND_NAMES[state.cards[card].effect]}"
    if state.rolls_used >= ROLLS_PER_HUNT:
        raise RuleError("all three rolls are used", sec)
    n = state.dice.free
    if n == 0:
        raise RuleError("no dice are free to roll", sec)
    r = _take_roll(dice, roll, n, sec)
    return _with_outcome(state, {"type": "dice_rolled", "by": _by(state), "card": card,
                                 "name": state.cards[card].name, "purpose": purpose,
                                 "roll_no": state.rolls_used + 1, "roll": r})


def skull_reroll(state: ShooterState, *, dice: Dice | None = None, roll: Any = None) -> dict:
    """Bring one skull die back and roll it at once (Deputy 1, Sheriff 2 per turn).

    The face counts as part of the latest roll; it does not use up a roll.

    Args:
        state: the game, in a hunt or at its last chance.
        dice: rolls the die when ``roll`` is None.
        roll: one face typed from a table die.

    Returns:
        A ``skull_rerolled`` payload.

    Raises:
        RuleError: no re-roll left this turn, no skull out, or a bad typed roll
            ("Cashing in Reputation Points").
    """
    sec = "Cashing in Reputation Points"
    _need_phase(state, (Phase.HUNT, Phase.LAST_CHANCE), "re-roll a skull", sec)
    if state.rerolls_left <= 0:
        raise RuleError("you have no skull re-roll left this turn", sec)
    if state.dice.skulls <= 0:
        raise RuleError("no skull die is out", sec)
    r = _take_roll(dice, roll, 1, sec)
    return _with_outcome(state, {"type": "skull_rerolled", "by": _by(state),
                                 "card": state.hunting,
                                 "name": state.cards[state.hunting].name, "roll": r})


def give_up(state: ShooterState, *, dice: Dice | None = None) -> dict:
    """Give up the hunt: every bandit in play is lost and the turn ends.

    Args:
        state: the game at the last chance, or in a hunt whose free dice cannot cover the
            missing symbols.
        dice: unused.

    Returns:
        A ``gave_up`` payload.

    Raises:
        RuleError: the hunt can still be won by rolling ("Drawing a Bandit Card").
    """
    sec = "Drawing a Bandit Card"
    _need_phase(state, (Phase.HUNT, Phase.LAST_CHANCE), "give up", sec)
    if state.phase == Phase.HUNT and state.dice.free >= len(unmatched(state)):
        raise RuleError("you still have dice and rolls to capture this bandit", sec)
    return _with_outcome(state, {"type": "gave_up", "by": _by(state), "card": state.hunting,
                                 "name": state.cards[state.hunting].name})


def play_reload(state: ShooterState, *, dice: Dice | None = None) -> dict:
    """Play Reload: every skull die comes back into play ("Card Index: Reload").

    Args:
        state: the game, in a hunt before a roll, with skulls out.
        dice: unused.

    Returns:
        A ``reload_played`` payload.

    Raises:
        RuleError: not in a hunt, no roll left, no skull out, or no Reload in hand.
    """
    sec = "Card Index: Reload"
    _need_phase(state, (Phase.HUNT,), "play Reload", sec)
    p = state.players[state.current]
    card = hand_card(p, state, "reload")
    if not card:
        raise RuleError("you hold no Reload card", sec)
    if state.dice.skulls <= 0:
        raise RuleError("no skull die is out", sec)
    if state.rolls_used >= ROLLS_PER_HUNT:
        raise RuleError("Reload is played before a roll, and no roll is left", sec)
    return _with_outcome(state, {"type": "reload_played", "by": p.name, "card": card,
                                 "skulls": state.dice.skulls})


def play_surrounded(state: ShooterState, *, dice: Dice | None = None) -> dict:
    """Play We Have You Surrounded: capture the drawn bandit at once; the turn ends.

    Args:
        state: the game, with a bandit drawn and not yet rolled for.
        dice: unused.

    Returns:
        A ``surrounded_played`` payload.

    Raises:
        RuleError: no bandit before its first roll, or no such card in hand
            ("Card Index: We Have You Surrounded").
    """
    sec = "Card Index: We Have You Surrounded"
    _need_phase(state, (Phase.HUNT,), "play We Have You Surrounded", sec)
    p = state.players[state.current]
    card = hand_card(p, state, "we_have_you_surrounded")
    if not card:
        raise RuleError("you hold no We Have You Surrounded card", sec)
    if state.rolls_used:
        raise RuleError("it must be played before the first roll at this bandit", sec)
    return _with_outcome(state, {"type": "surrounded_played", "by": p.name, "card": card,
                                 "bandit": state.hunting,
                                 "name": state.cards[state.hunting].name})


# -- answering event cards ---------------------------------------------------------------------


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
    _need_phase(state, (Phase.ESCAPE,), "play Horseback", sec)
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
    _need_phase(state, (Phase.JAIL_BREAK, Phase.DYNAMITE_DEFENSE), "play Night Watch", sec)
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
    _need_phase(state, (Phase.ESCAPE, Phase.JAIL_BREAK, Phase.DYNAMITE_DEFENSE),
                "accept a card", "Card Index")
    c = state.cards[state.resolving]
    return _with_outcome(state, {"type": "card_accepted",
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
    _need_phase(state, (Phase.CONTEST,), "shoot", sec)
    c = state.contest
    assert c is not None
    mine = _take_roll(dice, roll, CONTEST_DICE - c.skulls[0], sec)
    theirs = _take_roll(dice, opponent_roll, CONTEST_DICE - c.skulls[1], sec)
    return _with_outcome(state, {"type": "contest_rolled", "by": _by(state),
                                 "opponent": state.players[c.opponent].name,
                                 "card": state.resolving, "roll": mine, "opponent_roll": theirs})


def take_reward(state: ShooterState, *, dice: Dice | None = None, card: str | None = None,
                discard: str | None = None) -> dict:
    """Take a face-up store card as the reward of a won dice challenge; the turn ends.

    With a full hand (2 cards) one hand card must be given up to the store discard.

    Args:
        state: the game, after winning Pan for Gold, Stop Bar Brawl or Stop Robbery.
        dice: shuffles the store discard if the face-down pile must be refilled.
        card: the face-up store card taken.
        discard: the hand card given up (only, and always, with a full hand).

    Returns:
        A ``reward_taken`` payload.

    Raises:
        RuleError: no reward to take, the card is not face up, or the discard is missing or
            not in hand ("General Store Cards").
    """
    sec = "General Store Cards"
    _need_phase(state, (Phase.REWARD,), "take a reward", sec)
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
    pre = F.take_store_card(F.hand_discard(state, state.current, discard), state.current, card)
    payload.update(_refill(pre, dice))
    return payload


def _refill(pre: ShooterState, dice: Dice | None) -> dict[str, Any]:
    """The facts of refilling the store after a card left it ("Setup"): ``reshuffled = true``
    when the store discard becomes the face-down pile, and ``drawn``, the cards turned up,
    decided now."""
    out: dict[str, Any] = {}
    n = F.refill_count(pre)
    if F.refill_needs_shuffle(pre):
        out["reshuffled"] = True
        pile = pre.store_discard
    else:
        pile = pre.store_down
    if n:
        out["drawn"] = _dice(dice).draw("store", pile, n)
    return out


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
    _need_phase(state, (Phase.REWARD,), "decline a reward", "General Store Cards")
    return {"type": "reward_declined", "by": _by(state), "event": state.resolving}


# -- start and end phase -----------------------------------------------------------------------


def buy(state: ShooterState, *, dice: Dice | None = None, card: str | None = None,
        paying: Sequence[str] = ()) -> dict:
    """Buy one face-up store card by cashing jailed bandits for their reward ("Reward").

    The rewards must add up to the price at least; no change is given, and the bandits (and
    their Rep) are discarded. One purchase per turn, in the start phase, hand of 2 at most.

    Args:
        state: the game, in the start phase.
        dice: shuffles the store discard if the face-down pile must be refilled.
        card: the face-up store card bought.
        paying: the jailed bandits cashed for it.

    Returns:
        A ``store_bought`` payload.

    Raises:
        RuleError: not the start phase, already bought this turn, hand full, card not face up,
            a payer not a bandit in your jail, or too little reward ("General Store Cards").
    """
    sec = "General Store Cards"
    _need_phase(state, (Phase.START,), "buy from the store", sec)
    p = state.players[state.current]
    if state.bought:
        raise RuleError("you may buy only one store card per turn", sec)
    if len(p.hand) >= HAND_LIMIT:
        raise RuleError(f"your hand is full ({HAND_LIMIT} store cards)", sec)
    if card not in state.store_up:
        raise RuleError("choose one of the face-up store cards", sec)
    paying = _as_list(paying)
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
    pre = F.take_store_card(F.cash_cards(state, state.current, paying), state.current, card)
    payload.update(_refill(pre, dice))
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
    _need_phase(state, (Phase.START, Phase.END), "cash Rep", sec)
    p = state.players[state.current]
    cards = _as_list(cards)
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
    return _with_outcome(state, {"type": "rep_cashed", "by": p.name, "cards": cards,
                                 "names": [state.cards[c].name for c in cards], "rep": rep,
                                 "need": need, "rank": RANKS[p.rank + 1]})


def _hand_play(state: ShooterState, effect: str, phases: Sequence[Phase]) -> tuple[str, str]:
    sec = f"Card Index: {KIND_NAMES[effect]}"
    _need_phase(state, phases, f"play {KIND_NAMES[effect]}", sec)
    p = state.players[state.current]
    card = hand_card(p, state, effect)
    if not card:
        raise RuleError(f"you hold no {KIND_NAMES[effect]} card", sec)
    return card, sec


def _others_bandit(state: ShooterState, bandit: str | None, sec: str) -> int:
    owner = _jail_owner(state, bandit) if bandit else -1
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
    return {"type": "falsely_accused_played", "by": _by(state), "card": card,
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
    return {"type": "prisoner_transferred", "by": _by(state), "card": card,
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
    bandits = _as_list(bandits)
    if not 1 <= len(bandits) <= 2 or len(set(bandits)) != len(bandits):
        raise RuleError("shackle one or two different bandits", sec)
    free = set(jailed_bandits(state, state.players[state.current], unshackled=True))
    for b in bandits:
        if b not in free:
            raise RuleError(f"{b} is not an unshackled bandit in your jail", sec)
    return {"type": "shackles_played", "by": _by(state), "card": card, "bandits": bandits,
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
    return {"type": "dynamite_played", "by": _by(state), "card": card, "target": target}


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
    _need_phase(state, (Phase.END,), "end the turn", "On Your Turn")
    nxt = (state.current + 1) % len(state.players)
    return {"type": "turn_ended", "by": _by(state), "next": state.players[nxt].name}
