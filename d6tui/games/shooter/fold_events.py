"""Folding the answers to D6 Shooter's event cards ("Card Index").

An event card drawn from the Game deck (Escape, Jail Break, a dice challenge, a Shooting
Contest); the dice challenges and the Dynamite roll (three rolls, three of a face); Horseback,
Night Watch or letting the card happen; the Shooting Contest's rounds; a won challenge's
reward.
"""

from __future__ import annotations

from collections.abc import Callable

from d6tui.engine.errors import EventError
from d6tui.games.shooter.fold_checks import check_by, check_phase, held_card, roll_faces
from d6tui.games.shooter.piles import (
    cash_cards,
    hand_discard,
    refill_store,
    set_player,
    take_store_card,
)
from d6tui.games.shooter.state import (
    CHALLENGE_NEEDED,
    CHALLENGE_SUIT,
    CONTEST_DICE,
    HAND_LIMIT,
    ROLLS_PER_HUNT,
    Contest,
    KeptDie,
    Phase,
    ShooterState,
    Tray,
    evolve,
    hand_card,
    jailed_bandits,
)
from d6tui.games.shooter.turn import end_turn_phase, lose_in_play, lost_facts, resolve_to_discard
from d6tui.words import plural


def event_drawn(state: ShooterState, card: str) -> ShooterState:
    """An event card was drawn: resolve it or wait for the answer ("Card Index").

    Args:
        state: the game, the card just taken from the Game deck.
        card: the event card's id.

    Returns:
        The new state: an Escape or Jail Break discarded (draw again), waiting for Horseback or
        Night Watch, resolved, or a dice challenge or Shooting Contest begun.
    """
    c = state.cards[card]
    kind = c.effect
    state = evolve(state, resolving=card, note=f"drew {c.name}")
    if kind == "escape":
        if not state.in_play:
            return evolve(resolve_to_discard(state), phase=Phase.DRAW,
                           note="Escape with no bandits in play: discarded, draw again",
                           outcome={"outcome": "discarded"})
        if hand_card(state.player, state, "horseback"):
            return evolve(state, phase=Phase.ESCAPE)
        return lose_in_play(resolve_to_discard(state), "the bandits in play escaped",
                             outcome="escaped")
    if kind == "jail_break":
        p = state.player
        if not jailed_bandits(state, p):
            return evolve(resolve_to_discard(state), phase=Phase.DRAW,
                           note="Jail Break with an empty jail: discarded, draw again",
                           outcome={"outcome": "discarded"})
        if jailed_bandits(state, p, unshackled=True) and hand_card(p, state, "night_watch"):
            return evolve(state, phase=Phase.JAIL_BREAK)
        return _jail_break(state)
    if kind in CHALLENGE_SUIT:
        return evolve(state, phase=Phase.CHALLENGE, dice=Tray(), rolls_used=0)
    # shooting contest
    opp = (state.current + 1) % len(state.players)
    return evolve(state, phase=Phase.CONTEST, contest=Contest(opp),
                   outcome={"opponent": state.players[opp].name})


def _jail_break(state: ShooterState) -> ShooterState:
    i = state.current
    lost = jailed_bandits(state, state.players[i], unshackled=True)
    facts = {"outcome": "broke_out", **lost_facts(state, lost), "jailed": list(state.in_play)}
    state = resolve_to_discard(cash_cards(state, i, lost))
    state = end_turn_phase(state, f"Jail Break: {plural(len(lost), 'bandit')} broke out")
    return evolve(state, outcome=facts)


def challenge_rolled(state: ShooterState, rolled: ShooterState,
                      faces: list[str]) -> ShooterState:
    """Keep the faces a dice challenge or Dynamite counts; decide it after three rolls ("Card
    Index: Pan for Gold", "Stop Bar Brawl", "Stop Robbery", "Dynamite").

    Args:
        state: the game before the roll.
        rolled: the game with the roll counted (``rolls_used``, ``last_roll``).
        faces: the faces rolled.

    Returns:
        The new state: still rolling, the challenge won (a reward to choose) or lost, or the
        Dynamite blown or fizzled.
    """
    want = "skull" if state.phase == Phase.DYNAMITE else CHALLENGE_SUIT[
        state.cards[state.resolving].effect]
    room = CHALLENGE_NEEDED - len(state.dice.kept)
    hits = tuple(KeptDie(want, want) for f in faces if f == want)[:room]
    d = state.dice
    rolled = evolve(rolled, dice=Tray(kept=d.kept + hits, free=d.free - len(hits)))
    won = len(rolled.dice.kept) >= CHALLENGE_NEEDED
    if state.phase == Phase.DYNAMITE:
        if not won and rolled.rolls_used < ROLLS_PER_HUNT:
            return rolled
        t = rolled.target
        lost = jailed_bandits(rolled, rolled.players[t], unshackled=True) if won else ()
        facts = {"outcome": "blew", "target": rolled.players[t].name, **lost_facts(rolled, lost)}
        if not won:
            facts = {"outcome": "fizzled", "target": rolled.players[t].name}
        rolled = cash_cards(rolled, t, lost)
        note = (f"Dynamite: {plural(len(lost), 'bandit')} fled {rolled.players[t].name}'s jail"
                if won else "the Dynamite fizzled")
        return evolve(rolled, store_discard=rolled.store_discard + (rolled.resolving,),
                       resolving="", target=-1, phase=Phase.START, dice=Tray(), rolls_used=0,
                       note=note, outcome=facts)
    if won:
        return evolve(rolled, phase=Phase.REWARD, note="challenge won: choose a store card",
                       outcome={"outcome": "won"})
    if rolled.rolls_used >= ROLLS_PER_HUNT:
        return evolve(end_turn_phase(resolve_to_discard(rolled), "challenge lost"),
                      outcome={"outcome": "failed"})
    return rolled


def _horseback_played(state: ShooterState, ev: dict) -> ShooterState:
    check_phase(state, ev, Phase.ESCAPE)
    check_by(state, ev)
    card = held_card(state, state.current, ev, "horseback")
    state = resolve_to_discard(hand_discard(state, state.current, card))
    return end_turn_phase(state, "Horseback: the bandits are caught and jailed")


def _night_watch_played(state: ShooterState, ev: dict) -> ShooterState:
    check_phase(state, ev, Phase.JAIL_BREAK, Phase.DYNAMITE_DEFENSE)
    check_by(state, ev)
    card = held_card(state, state.pending, ev, "night_watch")
    state = hand_discard(state, state.pending, card)
    if state.phase == Phase.JAIL_BREAK:
        return end_turn_phase(resolve_to_discard(state), "Night Watch stopped the Jail Break")
    return evolve(state, store_discard=state.store_discard + (state.resolving,), resolving="",
                   target=-1, phase=Phase.START, pending=state.current,
                   note="Night Watch defused the Dynamite")


def _card_accepted(state: ShooterState, ev: dict) -> ShooterState:
    check_phase(state, ev, Phase.ESCAPE, Phase.JAIL_BREAK, Phase.DYNAMITE_DEFENSE)
    check_by(state, ev)
    if ev.get("card") != state.resolving:
        raise EventError(f"{ev.get('card')!r} is not the card being answered")
    if state.phase == Phase.ESCAPE:
        return lose_in_play(resolve_to_discard(state), "the bandits in play escaped",
                             outcome="escaped")
    if state.phase == Phase.JAIL_BREAK:
        return _jail_break(state)
    return evolve(state, phase=Phase.DYNAMITE, pending=state.current, dice=Tray(),
                   rolls_used=0)


def _contest_rolled(state: ShooterState, ev: dict) -> ShooterState:
    check_phase(state, ev, Phase.CONTEST)
    check_by(state, ev)
    c = state.contest
    assert c is not None
    mine = roll_faces(ev, "roll", CONTEST_DICE - c.skulls[0])
    theirs = roll_faces(ev, "opponent_roll", CONTEST_DICE - c.skulls[1])
    a = c.skulls[0] + mine.count("skull")
    b = c.skulls[1] + theirs.count("skull")
    state = evolve(state, last_roll=tuple(mine), last_roll_other=tuple(theirs))
    if a >= CONTEST_DICE and b >= CONTEST_DICE:
        return evolve(state, contest=Contest(c.opponent, (0, 0), c.rounds + 1),
                       note="both shooters hit 3 skulls: start over", outcome={"outcome": "tie"})
    if a < CONTEST_DICE and b < CONTEST_DICE:
        return evolve(state, contest=Contest(c.opponent, (a, b), c.rounds + 1))
    win = state.current if a >= CONTEST_DICE else c.opponent
    p = state.players[win]
    state = set_player(state, win, evolve(p, jail=p.jail + (state.resolving,)))
    state = evolve(state, resolving="")
    state = end_turn_phase(state, f"{p.name} won the Shooting Contest")
    return evolve(state, outcome={"outcome": "won", "winner": p.name})


def _reward_taken(state: ShooterState, ev: dict) -> ShooterState:
    check_phase(state, ev, Phase.REWARD)
    check_by(state, ev)
    i = state.current
    card, discard = ev.get("card"), ev.get("discard")
    p = state.players[i]
    if card not in state.store_up:
        raise EventError(f"{card!r} is not a face-up store card")
    if (discard is not None) != (len(p.hand) >= HAND_LIMIT) or (
            discard is not None and discard not in p.hand):
        raise EventError("a hand card is given up exactly when the hand is full")
    state = take_store_card(hand_discard(state, i, discard), i, card)
    state = refill_store(state, ev)
    return end_turn_phase(resolve_to_discard(state), f"took {state.cards[card].name}")


def _reward_declined(state: ShooterState, ev: dict) -> ShooterState:
    check_phase(state, ev, Phase.REWARD)
    check_by(state, ev)
    return end_turn_phase(resolve_to_discard(state), "declined the reward")


#: The fold of each event type of this module.
FOLDS: dict[str, Callable[[ShooterState, dict], ShooterState]] = {
    "horseback_played": _horseback_played,
    "night_watch_played": _night_watch_played,
    "card_accepted": _card_accepted,
    "contest_rolled": _contest_rolled,
    "reward_taken": _reward_taken,
    "reward_declined": _reward_declined,
}
