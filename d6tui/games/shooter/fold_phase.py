"""Folding what a D6 Shooter player does in the start and end phase of a turn.

Buying a store card with bandits' rewards, cashing Rep for a promotion (and the win), and
playing Falsely Accused, Transfer Prisoner, Shackles and Dynamite ("On Your Turn", "General
Store Cards", "Cashing in Reputation Points", "Card Index").
"""

from __future__ import annotations

from collections.abc import Callable

from d6tui.engine.errors import EventError
from d6tui.games.shooter.fold_checks import check_by, check_phase, held_card, player_index
from d6tui.games.shooter.piles import (
    cash_cards,
    hand_discard,
    refill_store,
    remove,
    set_player,
    take_store_card,
)
from d6tui.games.shooter.state import (
    HAND_LIMIT,
    RANKS,
    REP_NEEDED,
    SKULL_REROLLS,
    Phase,
    Shackle,
    ShooterState,
    Tray,
    card_rep,
    evolve,
    hand_card,
    jailed_bandits,
)


def _store_bought(state: ShooterState, ev: dict) -> ShooterState:
    check_phase(state, ev, Phase.START)
    check_by(state, ev)
    i = state.current
    p = state.players[i]
    card, paying = ev.get("card"), ev.get("paying")
    if state.bought or len(p.hand) >= HAND_LIMIT or card not in state.store_up:
        raise EventError("this purchase is not possible now")
    bandits = set(jailed_bandits(state, p))
    if (not isinstance(paying, list) or not paying or len(set(paying)) != len(paying)
            or not bandits.issuperset(paying)):
        raise EventError("the purchase is paid with cards that are not bandits in the jail")
    if sum(state.cards[b].reward for b in paying) < state.cards[card].price:
        raise EventError("the bandits paid do not cover the price")
    state = take_store_card(cash_cards(state, i, paying), i, card)
    state = refill_store(state, ev)
    return evolve(state, bought=True, note=f"bought {state.cards[card].name}")


def _rep_cashed(state: ShooterState, ev: dict) -> ShooterState:
    check_phase(state, ev, Phase.START, Phase.END)
    check_by(state, ev)
    i = state.current
    p = state.players[i]
    cards = ev.get("cards")
    if not isinstance(cards, list) or not cards or len(set(cards)) != len(cards) or not set(
            p.jail).issuperset(cards):
        raise EventError("the cards cashed are not in the jail")
    rep = sum(card_rep(state, c) for c in cards)
    if p.rank >= len(REP_NEEDED) or rep < REP_NEEDED[p.rank]:
        raise EventError("the cards cashed do not make the Rep needed")
    need = REP_NEEDED[p.rank]
    state = cash_cards(state, i, cards)
    p = evolve(state.players[i], rank=p.rank + 1)
    state = set_player(state, i, p)
    facts = {"outcome": "promoted", "rank": RANKS[p.rank], "rep": rep, "need": need}
    note = f"{p.name} is promoted to {RANKS[p.rank]}"
    if p.rank == len(RANKS) - 1:
        return evolve(state, winner=i, phase=Phase.OVER, note=f"{p.name} is Marshal and wins",
                       outcome={**facts, "outcome": "won"})
    if state.phase == Phase.START:
        state = evolve(state, rerolls_left=SKULL_REROLLS[p.rank])
    return evolve(state, note=note, outcome=facts)


def _others_bandit(state: ShooterState, ev: dict, effect: str) -> tuple[str, int, str]:
    check_phase(state, ev, Phase.START, Phase.END)
    check_by(state, ev)
    card = held_card(state, state.current, ev, effect)
    owner = player_index(state, ev.get("target"))
    bandit = ev.get("bandit")
    if owner == state.current or bandit not in jailed_bandits(
            state, state.players[owner], unshackled=True):
        raise EventError(f"{bandit!r} is not an unshackled bandit in another player's jail")
    return card, owner, bandit


def _falsely_accused(state: ShooterState, ev: dict) -> ShooterState:
    card, owner, bandit = _others_bandit(state, ev, "falsely_accused")
    state = cash_cards(hand_discard(state, state.current, card), owner, (bandit,))
    return evolve(state, note=f"{state.cards[bandit].name} was falsely accused")


def _prisoner_transferred(state: ShooterState, ev: dict) -> ShooterState:
    card, owner, bandit = _others_bandit(state, ev, "transfer_prisoner")
    state = hand_discard(state, state.current, card)
    o = state.players[owner]
    state = set_player(state, owner, evolve(o, jail=remove(o.jail, (bandit,))))
    me = state.players[state.current]
    state = set_player(state, state.current, evolve(me, jail=me.jail + (bandit,)))
    return evolve(state, note=f"{state.cards[bandit].name} was transferred")


def _shackles_played(state: ShooterState, ev: dict) -> ShooterState:
    check_phase(state, ev, Phase.START, Phase.END)
    check_by(state, ev)
    i = state.current
    card = held_card(state, i, ev, "shackles")
    bandits = ev.get("bandits")
    free = set(jailed_bandits(state, state.players[i], unshackled=True))
    if (not isinstance(bandits, list) or not 1 <= len(bandits) <= 2
            or len(set(bandits)) != len(bandits) or not free.issuperset(bandits)):
        raise EventError("Shackles hold one or two unshackled bandits of the jail")
    p = state.players[i]
    p = evolve(p, hand=remove(p.hand, (card,)),
                shackles=p.shackles + (Shackle(card, tuple(bandits)),))
    return evolve(set_player(state, i, p), note="bandits shackled")


def _dynamite_played(state: ShooterState, ev: dict) -> ShooterState:
    check_phase(state, ev, Phase.START)
    check_by(state, ev)
    i = state.current
    card = held_card(state, i, ev, "dynamite")
    t = player_index(state, ev.get("target"))
    if t == i:
        raise EventError("Dynamite is played on another player's jail")
    p = state.players[i]
    state = set_player(state, i, evolve(p, hand=remove(p.hand, (card,))))
    state = evolve(state, resolving=card, target=t,
                    note=f"Dynamite at {state.players[t].name}'s jail")
    if hand_card(state.players[t], state, "night_watch"):
        return evolve(state, phase=Phase.DYNAMITE_DEFENSE, pending=t)
    return evolve(state, phase=Phase.DYNAMITE, dice=Tray(), rolls_used=0)


#: The fold of each event type of this module.
FOLDS: dict[str, Callable[[ShooterState, dict], ShooterState]] = {
    "store_bought": _store_bought,
    "rep_cashed": _rep_cashed,
    "falsely_accused_played": _falsely_accused,
    "prisoner_transferred": _prisoner_transferred,
    "shackles_played": _shackles_played,
    "dynamite_played": _dynamite_played,
}
