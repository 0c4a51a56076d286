"""Folding a D6 Shooter hunt: drawing from the Game deck, rolling, re-rolls and rescues.

A card is drawn (decided when drawn, or the top of an old save's stored order); a bandit is
hunted with up to three rolls of the free dice, skull re-rolls, Reload and We Have You
Surrounded; it is captured, or it gets away; the hunter presses on or stops ("Drawing a Bandit
Card", "If you successfully capture a bandit you now have two options:").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from d6tui.engine.errors import EventError
from d6tui.games.shooter.fold_checks import check_by, check_phase, held_card, roll_faces
from d6tui.games.shooter.fold_events import challenge_rolled, event_drawn
from d6tui.games.shooter.piles import check_order, drawn_cards, hand_discard, remove
from d6tui.games.shooter.state import (
    DICE_PER_TURN,
    ROLLS_PER_HUNT,
    SUITS,
    KeptDie,
    Phase,
    ShooterState,
    Tray,
    can_rescue,
    evolve,
    unmatched,
)
from d6tui.games.shooter.turn import end_turn_phase, lose_in_play
from d6tui.words import plural


def _draw_game_card(state: ShooterState, ev: dict) -> tuple[ShooterState, str]:
    """Take the drawn card out of the Game deck; an empty deck is first refilled from the
    discard pile ("Setup", "On Your Turn").

    Today's ``card_drawn`` carries ``drawn``, the card decided when drawn, which must be in
    the deck (an unordered pile), and ``reshuffled = true`` when the discard pile became the
    deck. A save written before that draws the top of the stored order, and a reshuffle stores
    the new order as a list in ``reshuffled``.
    """
    card = ev.get("card")
    reshuffled = ev.get("reshuffled")
    if reshuffled is not None and state.deck:
        raise EventError("the event reshuffles the discard pile, but the deck is not empty")
    if "drawn" in ev:
        if not state.deck:
            if reshuffled is not True:
                raise EventError("the Game deck is empty: the event must turn the discard "
                                 "pile into a new deck")
            state = evolve(state, deck=state.discard, discard=(), deck_ordered=False)
        (drawn,) = drawn_cards(ev["drawn"], "game", state.deck, 1, "the Game deck")
        if drawn != card:
            raise EventError(f"the event draws {drawn!r} but names {card!r}")
        return evolve(state, deck=remove(state.deck, (card,)), deck_ordered=False), card
    if reshuffled is not None:
        check_order(reshuffled, state.discard, "the discard pile")
        state = evolve(state, deck=tuple(reshuffled), discard=(), deck_ordered=True)
    if not state.deck_ordered:
        raise EventError("the event does not say which card was drawn from the Game deck")
    if not state.deck or state.deck[0] != card:
        raise EventError(f"{card!r} is not the top card of the Game deck")
    return evolve(state, deck=state.deck[1:]), card


def _card_drawn(state: ShooterState, ev: dict) -> ShooterState:
    check_phase(state, ev, Phase.START, Phase.DRAW, Phase.CAPTURED)
    check_by(state, ev)
    if bool(ev.get("press_on")) != (state.phase == Phase.CAPTURED):
        raise EventError("pressing on happens right after a capture, and only then")
    state, card = _draw_game_card(state, ev)
    c = state.cards[card]
    if c.kind == "bandit":
        skulls = state.dice.skulls
        state = evolve(state, in_play=state.in_play + (card,), hunting=card, phase=Phase.HUNT,
                        rolls_used=0, dice=Tray(free=DICE_PER_TURN - skulls, skulls=skulls),
                        last_roll=(), note=f"drew {c.name}")
        return _after_hunt_roll(state)
    return event_drawn(state, card)


def _deck_exhausted(state: ShooterState, ev: dict) -> ShooterState:
    check_phase(state, ev, Phase.START, Phase.DRAW, Phase.CAPTURED)
    check_by(state, ev)
    if state.deck or state.discard:
        raise EventError("the Game deck is not exhausted")
    return end_turn_phase(state, "no card left to draw")


def _after_hunt_roll(state: ShooterState) -> ShooterState:
    """Capture, last chance, automatic failure, or keep hunting ("Drawing a Bandit Card")."""
    missing = unmatched(state)
    card = state.hunting
    name = state.cards[card].name
    if not missing:
        return evolve(state, hunting="", phase=Phase.CAPTURED, note=f"captured {name}",
                       outcome={"outcome": "captured", "captured": card})
    if state.rolls_used >= ROLLS_PER_HUNT:
        # a re-roll fills at most one symbol and needs a skull die: it can only help when
        # there are enough of both for every missing symbol
        if min(state.rerolls_left, state.dice.skulls) >= len(missing):
            return evolve(state, phase=Phase.LAST_CHANCE, note="last chance: re-roll a skull?",
                           outcome={"outcome": "last_chance", "needs": len(missing)})
        return lose_in_play(state, f"{name} got away", outcome="failed", reason="rolls",
                             needs=len(missing))
    free = state.dice.free
    if free < len(missing) and not can_rescue(state):
        return lose_in_play(
            state, f"{name} needs {plural(len(missing), 'symbol')}, "
                   f"{plural(free, 'die', 'dice')} left: the hunt fails",
            outcome="failed", reason="dice", needs=len(missing), dice_left=free)
    return evolve(state, phase=Phase.HUNT)


def _match(missing: tuple[str, ...], faces: list[str]) -> tuple[list[KeptDie], int]:
    """Keep dice filling missing symbols: exact suits first, then jokers (wild).

    Returns:
        ``(kept dice, skulls)``.
    """
    need = Counter(missing)
    kept: list[KeptDie] = []
    jokers = 0
    for f in faces:
        if f in SUITS and need[f] > 0:
            kept.append(KeptDie(f, f))
            need[f] -= 1
        elif f == "joker":
            jokers += 1
    for s in missing:
        if jokers and need[s] > 0:
            kept.append(KeptDie("joker", s))
            need[s] -= 1
            jokers -= 1
    return kept, faces.count("skull")


def _dice_rolled(state: ShooterState, ev: dict) -> ShooterState:
    check_phase(state, ev, Phase.HUNT, Phase.CHALLENGE, Phase.DYNAMITE)
    check_by(state, ev)
    expect = state.hunting if state.phase == Phase.HUNT else state.resolving
    if ev.get("card") != expect:
        raise EventError(f"the roll is for {ev.get('card')!r}, but {expect!r} is being played")
    if state.rolls_used >= ROLLS_PER_HUNT or state.dice.free <= 0:
        raise EventError("no roll is left")
    faces = roll_faces(ev, "roll", state.dice.free)
    rolled = evolve(state, rolls_used=state.rolls_used + 1, last_roll=tuple(faces))
    if state.phase == Phase.HUNT:
        kept, skulls = _match(unmatched(state), faces)
        d = state.dice
        rolled = evolve(rolled, dice=Tray(kept=d.kept + tuple(kept),
                                           free=len(faces) - len(kept) - skulls,
                                           skulls=d.skulls + skulls))
        return _after_hunt_roll(rolled)
    return challenge_rolled(state, rolled, faces)


def _skull_rerolled(state: ShooterState, ev: dict) -> ShooterState:
    check_phase(state, ev, Phase.HUNT, Phase.LAST_CHANCE)
    check_by(state, ev)
    if ev.get("card") != state.hunting:
        raise EventError(f"the re-roll is for {ev.get('card')!r}, not the hunted bandit")
    d = state.dice
    if state.rerolls_left <= 0 or d.skulls <= 0:
        raise EventError("no skull re-roll is possible")
    faces = roll_faces(ev, "roll", 1)
    kept, skulls = _match(unmatched(state), faces)
    state = evolve(
        state, rerolls_left=state.rerolls_left - 1, last_roll=tuple(faces),
        dice=Tray(kept=d.kept + tuple(kept), free=d.free + 1 - len(kept) - skulls,
                  skulls=d.skulls - 1 + skulls),
    )
    return _after_hunt_roll(state)


def _reload_played(state: ShooterState, ev: dict) -> ShooterState:
    check_phase(state, ev, Phase.HUNT)
    check_by(state, ev)
    card = held_card(state, state.current, ev, "reload")
    if state.dice.skulls <= 0 or state.rolls_used >= ROLLS_PER_HUNT:
        raise EventError("Reload needs a skull out and a roll left")
    d = state.dice
    state = hand_discard(state, state.current, card)
    state = evolve(state, dice=Tray(kept=d.kept, free=d.free + d.skulls, skulls=0),
                    note="Reload: every skull die is back")
    return _after_hunt_roll(state)


def _surrounded_played(state: ShooterState, ev: dict) -> ShooterState:
    check_phase(state, ev, Phase.HUNT)
    check_by(state, ev)
    card = held_card(state, state.current, ev, "we_have_you_surrounded")
    if state.rolls_used or ev.get("bandit") != state.hunting:
        raise EventError("We Have You Surrounded is played on a bandit before its first roll")
    name = state.cards[state.hunting].name
    jailed = list(state.in_play)
    state = hand_discard(state, state.current, card)
    state = end_turn_phase(evolve(state, hunting=""), f"surrounded and captured {name}")
    return evolve(state, outcome={"outcome": "captured", "jailed": jailed})


def _gave_up(state: ShooterState, ev: dict) -> ShooterState:
    check_phase(state, ev, Phase.HUNT, Phase.LAST_CHANCE)
    check_by(state, ev)
    if ev.get("card") != state.hunting:
        raise EventError("the hunter gave up on a bandit that is not hunted")
    return lose_in_play(state, f"gave up on {state.cards[state.hunting].name}",
                         outcome="failed", reason="gave_up")


def _hunt_stopped(state: ShooterState, ev: dict) -> ShooterState:
    check_phase(state, ev, Phase.CAPTURED)
    check_by(state, ev)
    facts = {"cards": list(state.in_play), "names": [state.cards[c].name for c in state.in_play]}
    return evolve(end_turn_phase(state, "the bandits are taken to jail"), outcome=facts)


#: The fold of each event type of this module.
FOLDS: dict[str, Callable[[ShooterState, dict], ShooterState]] = {
    "card_drawn": _card_drawn,
    "deck_exhausted": _deck_exhausted,
    "dice_rolled": _dice_rolled,
    "skull_rerolled": _skull_rerolled,
    "reload_played": _reload_played,
    "surrounded_played": _surrounded_played,
    "gave_up": _gave_up,
    "hunt_stopped": _hunt_stopped,
}
