"""Folding D6 Shooter events into the state, and describing them in words.

:func:`fold` applies one event and derives every consequence (capture, failed hunt, turn end,
promotion, win). It checks that the event fits the state (the right player, the right phase,
the cards where the event says, dice faces on the die) and raises
:class:`~d6tui.engine.errors.EventError` when it does not: that is how a hand-edited save is
rejected on load. Folding is cheap: tuples and :func:`dataclasses.replace` on what changes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from d6tui.engine.dice import check_roll
from d6tui.engine.errors import EventError
from d6tui.games.shooter.state import (
    CHALLENGE_NEEDED,
    CHALLENGE_SUIT,
    CONTEST_DICE,
    DICE_PER_TURN,
    EVENT_KINDS,
    HAND_LIMIT,
    KIND_NAMES,
    RANKS,
    REP_NEEDED,
    ROLLS_PER_HUNT,
    SHOOTER_DIE,
    SKULL_REROLLS,
    STORE_FACE_UP,
    STORE_KINDS,
    SUITS,
    Card,
    Contest,
    KeptDie,
    Phase,
    Player,
    Shackle,
    ShooterState,
    Tray,
    can_rescue,
    card_rep,
    evolve,
    hand_card,
    jailed_bandits,
    unmatched,
)
from d6tui.words import plural

# -- small pure steps, shared with the commands ------------------------------------------------


def _set_player(state: ShooterState, i: int, player: Player) -> ShooterState:
    ps = state.players
    return evolve(state, players=ps[:i] + (player,) + ps[i + 1:])


def _remove(items: tuple[str, ...], gone: Any) -> tuple[str, ...]:
    return tuple(x for x in items if x not in gone)


def cash_cards(state: ShooterState, i: int, cards: Any) -> ShooterState:
    """Discard cards from player ``i``'s jail; Shackles holding any of them go to the store
    discard and free their other bandit ("Card Index: Shackles").

    Args:
        state: the game.
        i: the player's index.
        cards: ids in that jail.

    Returns:
        The new state.
    """
    gone = set(cards)
    p = state.players[i]
    keep: list[Shackle] = []
    freed: list[Shackle] = []
    for s in p.shackles:
        (freed if gone.intersection(s.bandits) else keep).append(s)
    ordered = tuple(c for c in p.jail if c in gone)
    p = evolve(p, jail=_remove(p.jail, gone), shackles=tuple(keep))
    state = _set_player(state, i, p)
    return evolve(
        state,
        discard=state.discard + ordered,
        store_discard=state.store_discard + tuple(s.card for s in freed),
    )


def hand_discard(state: ShooterState, i: int, card: str | None) -> ShooterState:
    """Move a hand card of player ``i`` to the store discard ("General Store Cards").

    Args:
        state: the game.
        i: the player's index.
        card: the hand card, or None.

    Returns:
        The new state.
    """
    if card is None:
        return state
    p = state.players[i]
    state = _set_player(state, i, evolve(p, hand=_remove(p.hand, (card,))))
    return evolve(state, store_discard=state.store_discard + (card,))


def take_store_card(state: ShooterState, i: int, card: str) -> ShooterState:
    """Move a face-up store card into player ``i``'s hand ("General Store Cards").

    Args:
        state: the game.
        i: the player's index.
        card: a face-up store card.

    Returns:
        The new state (refill with :func:`refill_store`).
    """
    p = state.players[i]
    state = _set_player(state, i, evolve(p, hand=p.hand + (card,)))
    return evolve(state, store_up=_remove(state.store_up, (card,)))


def refill_needs_shuffle(state: ShooterState) -> bool:
    """Whether refilling the store must first shuffle the store discard face down ("Setup").

    Args:
        state: the game after a store card was taken.

    Returns:
        True when the face-down pile is empty and the store discard is not.
    """
    return (len(state.store_up) < STORE_FACE_UP and not state.store_down
            and bool(state.store_discard))


def refill_store(state: ShooterState, reshuffled: Any) -> ShooterState:
    """Turn face-down store cards up until 3 show ("Setup"); shuffle the discard in if needed.

    Args:
        state: the game after a store card was taken.
        reshuffled: the new face-down order from the event, or None.

    Returns:
        The new state.

    Raises:
        EventError: a shuffle is needed and missing, or given and not needed, or not the
            store discard's cards.
    """
    if refill_needs_shuffle(state):
        _check_perm(reshuffled, state.store_discard, "the store discard")
        state = evolve(state, store_down=tuple(reshuffled), store_discard=())
    elif reshuffled is not None:
        raise EventError("the event shuffles the store, but the face-down pile is not empty")
    n = max(0, STORE_FACE_UP - len(state.store_up))
    if n:
        state = evolve(state, store_up=state.store_up + state.store_down[:n],
                        store_down=state.store_down[n:])
    return state


def _check_perm(order: Any, pile: tuple[str, ...], what: str) -> None:
    if not isinstance(order, list) or Counter(order) != Counter(pile):
        raise EventError(f"the shuffled order is not the cards of {what}")


# -- turn structure ----------------------------------------------------------------------------


def _end_turn_phase(state: ShooterState, note: str) -> ShooterState:
    """The turn's hunt or event is over: bandits in play go to the jail; end phase."""
    i = state.current
    if state.in_play:
        p = state.players[i]
        state = _set_player(state, i, evolve(p, jail=p.jail + state.in_play))
    return evolve(state, in_play=(), hunting="", phase=Phase.END, pending=i, contest=None,
                   target=-1, note=note)


def _lose_in_play(state: ShooterState, note: str, **facts: Any) -> ShooterState:
    """A failed capture or an Escape: every bandit in play is discarded; end phase.

    ``facts`` (the outcome) get ``lost`` and ``lost_names``: the bandits discarded."""
    facts.update(_lost(state, state.in_play))
    return evolve(state, discard=state.discard + state.in_play, in_play=(), hunting="",
                   phase=Phase.END, pending=state.current, note=note, outcome=facts)


def _lost(state: ShooterState, ids: Any) -> dict[str, list[str]]:
    """Outcome facts naming the cards a player loses."""
    return {"lost": list(ids), "lost_names": [state.cards[c].name for c in ids]}


def _resolve_to_discard(state: ShooterState) -> ShooterState:
    return evolve(state, discard=state.discard + (state.resolving,), resolving="")


def _start_turn(state: ShooterState, i: int) -> ShooterState:
    return evolve(
        state, current=i, pending=i, phase=Phase.START, dice=Tray(), rolls_used=0,
        rerolls_left=SKULL_REROLLS[state.players[i].rank], bought=False, target=-1,
        contest=None, last_roll=(), last_roll_other=(), turn=state.turn + 1,
        note=f"{state.players[i].name}'s turn",
    )


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
        return _lose_in_play(state, f"{name} got away", outcome="failed", reason="rolls",
                             needs=len(missing))
    free = state.dice.free
    if free < len(missing) and not can_rescue(state):
        return _lose_in_play(
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


# -- validation helpers ------------------------------------------------------------------------


def _by(state: ShooterState, ev: dict, who: int | None = None) -> None:
    i = state.pending if who is None else who
    if ev.get("by") != state.players[i].name:
        raise EventError(f"it is {state.players[i].name} who acts now, not {ev.get('by')!r}")


def _phase(state: ShooterState, ev: dict, *phases: Phase) -> None:
    if state.phase not in phases:
        raise EventError(f"a {ev['type']} event does not fit the {state.phase.value} phase")


def _hand_card(state: ShooterState, i: int, ev: dict, effect: str) -> str:
    card = ev.get("card")
    p = state.players[i]
    if card not in p.hand or state.cards[card].effect != effect:
        raise EventError(f"{p.name} holds no {KIND_NAMES[effect]} card {card!r}")
    return card


def _play_hand_card(state: ShooterState, i: int, card: str) -> ShooterState:
    return hand_discard(state, i, card)


def _roll_faces(ev: dict, key: str, count: int) -> list[str]:
    faces = check_roll(ev.get(key), die=SHOOTER_DIE, count=count)
    return list(faces)


def _player_index(state: ShooterState, name: Any) -> int:
    for i, p in enumerate(state.players):
        if p.name == name:
            return i
    raise EventError(f"there is no player {name!r}")


# -- the events --------------------------------------------------------------------------------


def _card_from(d: Any) -> Card:
    if not isinstance(d, dict):
        raise EventError("each card of the table must be a table")
    try:
        return Card(
            id=str(d["id"]), kind=str(d["kind"]), name=str(d["name"]),
            symbols=tuple(d.get("symbols", ())), rep=int(d.get("rep", 0)),
            reward=int(d.get("reward", 0)), effect=str(d.get("effect", "")),
            price=int(d.get("price", 0)), source=str(d.get("source", "house")),
        )
    except (KeyError, TypeError, ValueError) as e:
        raise EventError(f"a card of the table is incomplete ({e})") from None


def _game_started(state: ShooterState, ev: dict) -> ShooterState:
    _phase(state, ev, Phase.SETUP)
    names = ev.get("players")
    if (not isinstance(names, list) or not 2 <= len(names) <= 4
            or len(set(names)) != len(names) or not all(isinstance(n, str) and n for n in names)):
        raise EventError("a game needs 2 to 4 players with different names")
    cards = {}
    for d in ev.get("cards") or []:
        c = _card_from(d)
        if c.kind == "bandit":
            if not 1 <= len(c.symbols) <= 5 or any(s not in SUITS for s in c.symbols):
                raise EventError(f"bandit {c.id} needs 1 to 5 suit symbols")
        elif c.kind == "event":
            if c.effect not in EVENT_KINDS:
                raise EventError(f"event card {c.id} has an unknown kind {c.effect!r}")
        elif c.kind == "store":
            if c.effect not in STORE_KINDS:
                raise EventError(f"store card {c.id} has an unknown kind {c.effect!r}")
        else:
            raise EventError(f"card {c.id} has an unknown kind {c.kind!r}")
        if c.id in cards:
            raise EventError(f"card {c.id} appears twice")
        cards[c.id] = c
    deck, store = ev.get("deck"), ev.get("store")
    game_ids = [c for c, v in cards.items() if v.kind != "store"]
    store_ids = [c for c, v in cards.items() if v.kind == "store"]
    _check_perm(deck, tuple(game_ids), "the Game deck")
    _check_perm(store, tuple(store_ids), "the General Store")
    assert isinstance(deck, list) and isinstance(store, list)
    state = evolve(
        state, players=tuple(Player(n) for n in names), cards=cards, deck=tuple(deck),
        store_up=tuple(store[:STORE_FACE_UP]), store_down=tuple(store[STORE_FACE_UP:]), turn=0,
    )
    return _start_turn(state, 0)


def _card_drawn(state: ShooterState, ev: dict) -> ShooterState:
    _phase(state, ev, Phase.START, Phase.DRAW, Phase.CAPTURED)
    _by(state, ev)
    if bool(ev.get("press_on")) != (state.phase == Phase.CAPTURED):
        raise EventError("pressing on happens right after a capture, and only then")
    if "reshuffled" in ev:
        if state.deck:
            raise EventError("the event reshuffles the discard pile, but the deck is not empty")
        _check_perm(ev["reshuffled"], state.discard, "the discard pile")
        state = evolve(state, deck=tuple(ev["reshuffled"]), discard=())
    card = ev.get("card")
    if not state.deck or state.deck[0] != card:
        raise EventError(f"{card!r} is not the top card of the Game deck")
    state = evolve(state, deck=state.deck[1:])
    c = state.cards[card]
    if c.kind == "bandit":
        skulls = state.dice.skulls
        state = evolve(state, in_play=state.in_play + (card,), hunting=card, phase=Phase.HUNT,
                        rolls_used=0, dice=Tray(free=DICE_PER_TURN - skulls, skulls=skulls),
                        last_roll=(), note=f"drew {c.name}")
        return _after_hunt_roll(state)
    kind = c.effect
    state = evolve(state, resolving=card, note=f"drew {c.name}")
    if kind == "escape":
        if not state.in_play:
            return evolve(_resolve_to_discard(state), phase=Phase.DRAW,
                           note="Escape with no bandits in play: discarded, draw again",
                           outcome={"outcome": "discarded"})
        if hand_card(state.player, state, "horseback"):
            return evolve(state, phase=Phase.ESCAPE)
        return _lose_in_play(_resolve_to_discard(state), "the bandits in play escaped",
                             outcome="escaped")
    if kind == "jail_break":
        p = state.player
        if not jailed_bandits(state, p):
            return evolve(_resolve_to_discard(state), phase=Phase.DRAW,
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
    facts = {"outcome": "broke_out", **_lost(state, lost), "jailed": list(state.in_play)}
    state = _resolve_to_discard(cash_cards(state, i, lost))
    state = _end_turn_phase(state, f"Jail Break: {plural(len(lost), 'bandit')} broke out")
    return evolve(state, outcome=facts)


def _deck_exhausted(state: ShooterState, ev: dict) -> ShooterState:
    _phase(state, ev, Phase.START, Phase.DRAW, Phase.CAPTURED)
    _by(state, ev)
    if state.deck or state.discard:
        raise EventError("the Game deck is not exhausted")
    return _end_turn_phase(state, "no card left to draw")


def _dice_rolled(state: ShooterState, ev: dict) -> ShooterState:
    _phase(state, ev, Phase.HUNT, Phase.CHALLENGE, Phase.DYNAMITE)
    _by(state, ev)
    expect = state.hunting if state.phase == Phase.HUNT else state.resolving
    if ev.get("card") != expect:
        raise EventError(f"the roll is for {ev.get('card')!r}, but {expect!r} is being played")
    if state.rolls_used >= ROLLS_PER_HUNT or state.dice.free <= 0:
        raise EventError("no roll is left")
    faces = _roll_faces(ev, "roll", state.dice.free)
    rolled = evolve(state, rolls_used=state.rolls_used + 1, last_roll=tuple(faces))
    if state.phase == Phase.HUNT:
        kept, skulls = _match(unmatched(state), faces)
        d = state.dice
        rolled = evolve(rolled, dice=Tray(kept=d.kept + tuple(kept),
                                           free=len(faces) - len(kept) - skulls,
                                           skulls=d.skulls + skulls))
        return _after_hunt_roll(rolled)
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
        facts = {"outcome": "blew", "target": rolled.players[t].name, **_lost(rolled, lost)}
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
        return evolve(_end_turn_phase(_resolve_to_discard(rolled), "challenge lost"),
                      outcome={"outcome": "failed"})
    return rolled


def _skull_rerolled(state: ShooterState, ev: dict) -> ShooterState:
    _phase(state, ev, Phase.HUNT, Phase.LAST_CHANCE)
    _by(state, ev)
    if ev.get("card") != state.hunting:
        raise EventError(f"the re-roll is for {ev.get('card')!r}, not the hunted bandit")
    d = state.dice
    if state.rerolls_left <= 0 or d.skulls <= 0:
        raise EventError("no skull re-roll is possible")
    faces = _roll_faces(ev, "roll", 1)
    kept, skulls = _match(unmatched(state), faces)
    state = evolve(
        state, rerolls_left=state.rerolls_left - 1, last_roll=tuple(faces),
        dice=Tray(kept=d.kept + tuple(kept), free=d.free + 1 - len(kept) - skulls,
                  skulls=d.skulls - 1 + skulls),
    )
    return _after_hunt_roll(state)


def _reload_played(state: ShooterState, ev: dict) -> ShooterState:
    _phase(state, ev, Phase.HUNT)
    _by(state, ev)
    card = _hand_card(state, state.current, ev, "reload")
    if state.dice.skulls <= 0 or state.rolls_used >= ROLLS_PER_HUNT:
        raise EventError("Reload needs a skull out and a roll left")
    d = state.dice
    state = _play_hand_card(state, state.current, card)
    state = evolve(state, dice=Tray(kept=d.kept, free=d.free + d.skulls, skulls=0),
                    note="Reload: every skull die is back")
    return _after_hunt_roll(state)


def _surrounded_played(state: ShooterState, ev: dict) -> ShooterState:
    _phase(state, ev, Phase.HUNT)
    _by(state, ev)
    card = _hand_card(state, state.current, ev, "we_have_you_surrounded")
    if state.rolls_used or ev.get("bandit") != state.hunting:
        raise EventError("We Have You Surrounded is played on a bandit before its first roll")
    name = state.cards[state.hunting].name
    jailed = list(state.in_play)
    state = _play_hand_card(state, state.current, card)
    state = _end_turn_phase(evolve(state, hunting=""), f"surrounded and captured {name}")
    return evolve(state, outcome={"outcome": "captured", "jailed": jailed})


def _gave_up(state: ShooterState, ev: dict) -> ShooterState:
    _phase(state, ev, Phase.HUNT, Phase.LAST_CHANCE)
    _by(state, ev)
    if ev.get("card") != state.hunting:
        raise EventError("the hunter gave up on a bandit that is not hunted")
    return _lose_in_play(state, f"gave up on {state.cards[state.hunting].name}",
                         outcome="failed", reason="gave_up")


def _hunt_stopped(state: ShooterState, ev: dict) -> ShooterState:
    _phase(state, ev, Phase.CAPTURED)
    _by(state, ev)
    facts = {"cards": list(state.in_play), "names": [state.cards[c].name for c in state.in_play]}
    return evolve(_end_turn_phase(state, "the bandits are taken to jail"), outcome=facts)


def _horseback_played(state: ShooterState, ev: dict) -> ShooterState:
    _phase(state, ev, Phase.ESCAPE)
    _by(state, ev)
    card = _hand_card(state, state.current, ev, "horseback")
    state = _resolve_to_discard(_play_hand_card(state, state.current, card))
    return _end_turn_phase(state, "Horseback: the bandits are caught and jailed")


def _night_watch_played(state: ShooterState, ev: dict) -> ShooterState:
    _phase(state, ev, Phase.JAIL_BREAK, Phase.DYNAMITE_DEFENSE)
    _by(state, ev)
    card = _hand_card(state, state.pending, ev, "night_watch")
    state = _play_hand_card(state, state.pending, card)
    if state.phase == Phase.JAIL_BREAK:
        return _end_turn_phase(_resolve_to_discard(state), "Night Watch stopped the Jail Break")
    return evolve(state, store_discard=state.store_discard + (state.resolving,), resolving="",
                   target=-1, phase=Phase.START, pending=state.current,
                   note="Night Watch defused the Dynamite")


def _card_accepted(state: ShooterState, ev: dict) -> ShooterState:
    _phase(state, ev, Phase.ESCAPE, Phase.JAIL_BREAK, Phase.DYNAMITE_DEFENSE)
    _by(state, ev)
    if ev.get("card") != state.resolving:
        raise EventError(f"{ev.get('card')!r} is not the card being answered")
    if state.phase == Phase.ESCAPE:
        return _lose_in_play(_resolve_to_discard(state), "the bandits in play escaped",
                             outcome="escaped")
    if state.phase == Phase.JAIL_BREAK:
        return _jail_break(state)
    return evolve(state, phase=Phase.DYNAMITE, pending=state.current, dice=Tray(),
                   rolls_used=0)


def _contest_rolled(state: ShooterState, ev: dict) -> ShooterState:
    _phase(state, ev, Phase.CONTEST)
    _by(state, ev)
    c = state.contest
    assert c is not None
    mine = _roll_faces(ev, "roll", CONTEST_DICE - c.skulls[0])
    theirs = _roll_faces(ev, "opponent_roll", CONTEST_DICE - c.skulls[1])
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
    state = _set_player(state, win, evolve(p, jail=p.jail + (state.resolving,)))
    state = evolve(state, resolving="")
    state = _end_turn_phase(state, f"{p.name} won the Shooting Contest")
    return evolve(state, outcome={"outcome": "won", "winner": p.name})


def _reward_taken(state: ShooterState, ev: dict) -> ShooterState:
    _phase(state, ev, Phase.REWARD)
    _by(state, ev)
    i = state.current
    card, discard = ev.get("card"), ev.get("discard")
    p = state.players[i]
    if card not in state.store_up:
        raise EventError(f"{card!r} is not a face-up store card")
    if (discard is not None) != (len(p.hand) >= HAND_LIMIT) or (
            discard is not None and discard not in p.hand):
        raise EventError("a hand card is given up exactly when the hand is full")
    state = take_store_card(hand_discard(state, i, discard), i, card)
    state = refill_store(state, ev.get("reshuffled"))
    return _end_turn_phase(_resolve_to_discard(state), f"took {state.cards[card].name}")


def _reward_declined(state: ShooterState, ev: dict) -> ShooterState:
    _phase(state, ev, Phase.REWARD)
    _by(state, ev)
    return _end_turn_phase(_resolve_to_discard(state), "declined the reward")


def _store_bought(state: ShooterState, ev: dict) -> ShooterState:
    _phase(state, ev, Phase.START)
    _by(state, ev)
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
    state = refill_store(state, ev.get("reshuffled"))
    return evolve(state, bought=True, note=f"bought {state.cards[card].name}")


def _rep_cashed(state: ShooterState, ev: dict) -> ShooterState:
    _phase(state, ev, Phase.START, Phase.END)
    _by(state, ev)
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
    state = _set_player(state, i, p)
    facts = {"outcome": "promoted", "rank": RANKS[p.rank], "rep": rep, "need": need}
    note = f"{p.name} is promoted to {RANKS[p.rank]}"
    if p.rank == len(RANKS) - 1:
        return evolve(state, winner=i, phase=Phase.OVER, note=f"{p.name} is Marshal and wins",
                       outcome={**facts, "outcome": "won"})
    if state.phase == Phase.START:
        state = evolve(state, rerolls_left=SKULL_REROLLS[p.rank])
    return evolve(state, note=note, outcome=facts)


def _others_bandit(state: ShooterState, ev: dict, effect: str) -> tuple[str, int, str]:
    _phase(state, ev, Phase.START, Phase.END)
    _by(state, ev)
    card = _hand_card(state, state.current, ev, effect)
    owner = _player_index(state, ev.get("target"))
    bandit = ev.get("bandit")
    if owner == state.current or bandit not in jailed_bandits(
            state, state.players[owner], unshackled=True):
        raise EventError(f"{bandit!r} is not an unshackled bandit in another player's jail")
    return card, owner, bandit


def _falsely_accused(state: ShooterState, ev: dict) -> ShooterState:
    card, owner, bandit = _others_bandit(state, ev, "falsely_accused")
    state = cash_cards(_play_hand_card(state, state.current, card), owner, (bandit,))
    return evolve(state, note=f"{state.cards[bandit].name} was falsely accused")


def _prisoner_transferred(state: ShooterState, ev: dict) -> ShooterState:
    card, owner, bandit = _others_bandit(state, ev, "transfer_prisoner")
    state = _play_hand_card(state, state.current, card)
    o = state.players[owner]
    state = _set_player(state, owner, evolve(o, jail=_remove(o.jail, (bandit,))))
    me = state.players[state.current]
    state = _set_player(state, state.current, evolve(me, jail=me.jail + (bandit,)))
    return evolve(state, note=f"{state.cards[bandit].name} was transferred")


def _shackles_played(state: ShooterState, ev: dict) -> ShooterState:
    _phase(state, ev, Phase.START, Phase.END)
    _by(state, ev)
    i = state.current
    card = _hand_card(state, i, ev, "shackles")
    bandits = ev.get("bandits")
    free = set(jailed_bandits(state, state.players[i], unshackled=True))
    if (not isinstance(bandits, list) or not 1 <= len(bandits) <= 2
            or len(set(bandits)) != len(bandits) or not free.issuperset(bandits)):
        raise EventError("Shackles hold one or two unshackled bandits of the jail")
    p = state.players[i]
    p = evolve(p, hand=_remove(p.hand, (card,)),
                shackles=p.shackles + (Shackle(card, tuple(bandits)),))
    return evolve(_set_player(state, i, p), note="bandits shackled")


def _dynamite_played(state: ShooterState, ev: dict) -> ShooterState:
    _phase(state, ev, Phase.START)
    _by(state, ev)
    i = state.current
    card = _hand_card(state, i, ev, "dynamite")
    t = _player_index(state, ev.get("target"))
    if t == i:
        raise EventError("Dynamite is played on another player's jail")
    p = state.players[i]
    state = _set_player(state, i, evolve(p, hand=_remove(p.hand, (card,))))
    state = evolve(state, resolving=card, target=t,
                    note=f"Dynamite at {state.players[t].name}'s jail")
    if hand_card(state.players[t], state, "night_watch"):
        return evolve(state, phase=Phase.DYNAMITE_DEFENSE, pending=t)
    return evolve(state, phase=Phase.DYNAMITE, dice=Tray(), rolls_used=0)


def _turn_ended(state: ShooterState, ev: dict) -> ShooterState:
    _phase(state, ev, Phase.END)
    _by(state, ev)
    nxt = (state.current + 1) % len(state.players)
    if ev.get("next") != state.players[nxt].name:
        raise EventError(f"play passes to {state.players[nxt].name}, not {ev.get('next')!r}")
    return _start_turn(state, nxt)


_HUNT_KEYS = frozenset({"outcome", "captured", "reason", "needs", "dice_left", "lost",
                        "lost_names"})

#: The outcome facts each event type may carry: computed by the command from the state and
#: checked by :func:`fold` (an event that states one the rules do not derive is refused; one
#: left out, as in saves written before they existed, is derived). ``outcome`` is what happened
#: (``"captured"``, ``"last_chance"``, ``"failed"``, ``"escaped"``, ``"broke_out"``,
#: ``"discarded"``, ``"won"``, ``"tie"``, ``"blew"``, ``"fizzled"``, ``"promoted"``); ``reason``
#: why a hunt failed (``"rolls"``: third roll missed, ``"dice"``: ``needs`` symbols, only
#: ``dice_left`` dice, no rescue; ``"gave_up"``); ``lost``/``lost_names``: the cards
#: discarded; ``jailed``: bandits taken to jail; ``captured``: the bandit caught.
OUTCOME_KEYS: dict[str, frozenset[str]] = {
    "card_drawn": _HUNT_KEYS | {"jailed", "opponent"},
    "dice_rolled": _HUNT_KEYS | {"target"},
    "skull_rerolled": _HUNT_KEYS,
    "reload_played": _HUNT_KEYS,
    "gave_up": _HUNT_KEYS,
    "surrounded_played": frozenset({"outcome", "jailed"}),
    "hunt_stopped": frozenset({"cards", "names"}),
    "card_accepted": frozenset({"outcome", "lost", "lost_names", "jailed"}),
    "contest_rolled": frozenset({"outcome", "winner"}),
    "rep_cashed": frozenset({"outcome", "rank", "rep", "need"}),
}


FOLDS: dict[str, Callable[[ShooterState, dict], ShooterState]] = {
    "game_started": _game_started,
    "card_drawn": _card_drawn,
    "deck_exhausted": _deck_exhausted,
    "dice_rolled": _dice_rolled,
    "skull_rerolled": _skull_rerolled,
    "reload_played": _reload_played,
    "surrounded_played": _surrounded_played,
    "gave_up": _gave_up,
    "hunt_stopped": _hunt_stopped,
    "horseback_played": _horseback_played,
    "night_watch_played": _night_watch_played,
    "card_accepted": _card_accepted,
    "contest_rolled": _contest_rolled,
    "reward_taken": _reward_taken,
    "reward_declined": _reward_declined,
    "store_bought": _store_bought,
    "rep_cashed": _rep_cashed,
    "falsely_accused_played": _falsely_accused,
    "prisoner_transferred": _prisoner_transferred,
    "shackles_played": _shackles_played,
    "dynamite_played": _dynamite_played,
    "turn_ended": _turn_ended,
}


def fold(state: ShooterState, event: dict) -> ShooterState:
    """Apply one event to the state and derive its consequences ("On Your Turn").

    Args:
        state: the game before the event.
        event: a stored event (``type`` plus its payload).

    Returns:
        The game after it.

    Raises:
        EventError: the event does not fit: an unknown type, the game is over, the wrong
            player, phase or card, or dice faces that are not on the Shooter die.
    """
    t = event.get("type")
    handler = FOLDS.get(t)  # type: ignore[arg-type]
    if handler is None:
        raise EventError(f"unknown event type {t!r}")
    if state.phase == Phase.OVER:
        raise EventError("the game is over; no more events can follow")
    if t != "game_started" and state.phase == Phase.SETUP:
        raise EventError("the game has not started")
    if state.outcome:
        state = evolve(state, outcome={})
    new = handler(state, event)
    keys = OUTCOME_KEYS.get(t)  # type: ignore[arg-type]
    if keys:
        _check_outcome(event, new.outcome, keys)
    return new


def _check_outcome(ev: dict, facts: Any, keys: frozenset[str]) -> None:
    """A stored outcome fact must be the one the rules derive; a missing one is derived."""
    for k in sorted(keys):
        if k not in ev:
            continue
        if k not in facts:
            raise EventError(f"the event says {k} = {ev[k]!r}, but the game gives no {k}")
        if ev[k] != facts[k]:
            raise EventError(f"the event says {k} = {ev[k]!r}, but the game gives {facts[k]!r}")


# -- describing --------------------------------------------------------------------------------


def _faces(roll: Any) -> str:
    faces = roll.get("faces", []) if isinstance(roll, dict) else []
    src = " (table dice)" if isinstance(roll, dict) and roll.get("source") == "table" else ""
    return (", ".join(str(f) for f in faces) or "nothing") + src


def _names(names: Any) -> str:
    """``"A"``, ``"A and B"``, ``"A, B and C"``."""
    names = [str(n) for n in names] if isinstance(names, list) else []
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _count(e: dict, key: str) -> int:
    v = e.get(key)
    return len(v) if isinstance(v, list) else 0


def _escape_words(e: dict) -> str:
    """What an Escape, a Jail Break or a failed hunt took, from the outcome facts."""
    lost = e.get("lost_names")
    return _names(lost) if isinstance(lost, list) and lost else ""


def _hunt_outcome(e: dict) -> str:
    """The words after a hunt step (draw, roll, re-roll, Reload, give up): capture or failure."""
    out = e.get("outcome")
    name = e.get("name", "the bandit")
    if out == "captured":
        return f": {name} is captured"
    if out == "last_chance":
        needs = e.get("needs", 0)
        return (f": {plural(needs, 'symbol')} still missing after the third roll; "
                f"a skull re-roll may still save the hunt")
    if out != "failed":
        return ""
    others = [n for c, n in zip(e.get("lost", []), e.get("lost_names", []), strict=False)
              if c != e.get("card")]
    also = f"; {_names(others)} {'escapes' if len(others) == 1 else 'escape'} too" if others \
        else ""
    reason = e.get("reason")
    needs = e.get("needs", 0)
    if reason == "dice":
        left = e.get("dice_left", 0)
        still = "" if e.get("type") == "card_drawn" else "still "
        why = (f"{name} {still}needs {plural(needs, 'symbol')}, "
               f"{plural(left, 'die', 'dice')} left")
        return f": {why}, so the hunt fails{also}"
    if reason == "rolls":
        return (f": {name} got away ({plural(needs, 'symbol')} still missing after the third "
                f"roll){also}")
    return f"{also}"


def describe(event: dict, state_before: object = None) -> str:
    """One event in words, from the event alone, for the log view (DESIGN "The log").

    Outcome facts (:data:`OUTCOME_KEYS`) are told when the event carries them: a capture, a
    failed hunt and why, what an Escape, Jail Break or Dynamite took, a won or lost dice
    challenge, a Shooting Contest's winner, a promotion. Saves written before those facts
    existed are described without them.

    Args:
        event: a stored event.

    Returns:
        A short sentence, such as ``"Ann rolled heart, skull, joker for Dusty Pete"``.
    """
    e = event
    by = e.get("by", "?")
    t = e.get("type")
    out = e.get("outcome")
    if t == "game_started":
        return f"the game began: {', '.join(e.get('players', []))}"
    if t == "card_drawn":
        verb = "pressed on and drew" if e.get("press_on") else "drew"
        shuf = " (the discard pile was shuffled into a new deck)" if "reshuffled" in e else ""
        if e.get("kind") == "bandit":
            return (f"{by} {verb} {e.get('name')} ({' '.join(e.get('symbols', []))}){shuf}"
                    f"{_hunt_outcome(e)}")
        text = f"{by} {verb} the event {e.get('name')}{shuf}"
        lost = _escape_words(e)
        if out == "discarded":
            what = "no bandit in play" if e.get("effect") == "escape" else "an empty jail"
            return f"{text}: with {what} it is discarded; draw again"
        if out == "escaped":
            return f"{text}: {lost or 'the bandits in play'} escaped; the turn ends"
        if out == "broke_out":
            return f"{text}: {_jail_break_words(e)}"
        if "opponent" in e:
            return f"{text}: {by} and {e['opponent']} shoot it out"
        return text
    if t == "deck_exhausted":
        return f"{by} found no card left to draw; the turn ends"
    if t == "dice_rolled":
        text = f"{by} rolled {_faces(e.get('roll'))} for {e.get('name')} (roll {e.get('roll_no')})"
        if e.get("purpose") == "hunt":
            return text + _hunt_outcome(e)
        if out == "won":
            return f"{text}: {e.get('name')} is won; choose a store card"
        if out == "failed":
            return f"{text}: {e.get('name')} is lost after three rolls; the turn ends"
        if out == "blew":
            lost = _escape_words(e)
            fled = f"{lost} fled" if lost else "no bandit fled"
            return f"{text}: the Dynamite blew {e.get('target')}'s jail open; {fled}"
        if out == "fizzled":
            return f"{text}: the Dynamite fizzled; {e.get('target')}'s jail is safe"
        return text
    if t == "skull_rerolled":
        return f"{by} re-rolled a skull: {_faces(e.get('roll'))}{_hunt_outcome(e)}"
    if t == "reload_played":
        n = e.get("skulls", 0)
        return (f"{by} played Reload: {plural(n, 'skull die', 'skull dice')} back"
                f"{_hunt_outcome(e)}")
    if t == "surrounded_played":
        n = _count(e, "jailed")
        jailed = f"; {plural(n, 'bandit')} go to jail" if n > 1 else ""
        return f"{by} played We Have You Surrounded and captured {e.get('name')}{jailed}"
    if t == "gave_up":
        lost_names = e.get("lost_names")
        if isinstance(lost_names, list) and lost_names:
            return f"{by} gave up on {e.get('name')}: {_names(lost_names)} lost; the turn ends"
        return f"{by} gave up on {e.get('name')}; {plural(_count(e, 'lost'), 'bandit')} lost"
    if t == "hunt_stopped":
        names = e.get("names")
        if isinstance(names, list) and names:
            return f"{by} stopped and jailed {_names(names)}"
        return f"{by} stopped and jailed {plural(_count(e, 'cards'), 'bandit')}"
    if t == "horseback_played":
        return f"{by} played Horseback: the escaping bandits are jailed"
    if t == "night_watch_played":
        return f"{by} played Night Watch against {e.get('against_name')}: nothing is lost"
    if t == "card_accepted":
        text = f"{by} let the {e.get('name')} happen"
        if out == "escaped":
            return f"{text}: {_escape_words(e) or 'the bandits in play'} escaped"
        if out == "broke_out":
            return f"{text}: {_jail_break_words(e)}"
        return text
    if t == "contest_rolled":
        text = (f"Shooting Contest: {by} rolled {_faces(e.get('roll'))}; "
                f"{e.get('opponent')} rolled {_faces(e.get('opponent_roll'))}")
        if out == "won":
            return f"{text}: {e.get('winner')} wins the contest (2 Rep in jail)"
        if out == "tie":
            return f"{text}: both reach 3 skulls, so both start over"
        return text
    if t == "reward_taken":
        gave = f", giving up {e['discard']}" if "discard" in e else ""
        return f"{by} took {e.get('name')} from the store{gave}"
    if t == "reward_declined":
        return f"{by} declined the store reward"
    if t == "store_bought":
        return (f"{by} bought {e.get('name')} (${e.get('price')}) with "
                f"{plural(_count(e, 'paying'), 'bandit')} worth ${e.get('paid')}")
    if t == "rep_cashed":
        text = f"{by} cashed {e.get('rep')} Rep ({', '.join(e.get('names', []))})"
        if out == "won":
            return f"{text} and is promoted to Marshal: {by} wins the game"
        if out == "promoted":
            return f"{text} and is promoted to {e.get('rank')}"
        return f"{text} and is now {e.get('rank')}"
    if t == "falsely_accused_played":
        return f"{by} played Falsely Accused: {e.get('name')} leaves {e.get('target')}'s jail"
    if t == "prisoner_transferred":
        return f"{by} played Transfer Prisoner: {e.get('name')} moves from {e.get('target')}'s jail"
    if t == "shackles_played":
        return f"{by} shackled {' and '.join(e.get('names', []))}"
    if t == "dynamite_played":
        return f"{by} lit Dynamite under {e.get('target')}'s jail"
    if t == "turn_ended":
        return f"{by} ended the turn; {e.get('next')} is up"
    return str(t)


def _jail_break_words(e: dict) -> str:
    lost = e.get("lost_names")
    gone = f"{_names(lost)} broke out" if isinstance(lost, list) and lost else \
        "no unshackled bandit was there to break out"
    n = _count(e, "jailed")
    jailed = f"; {plural(n, 'bandit')} in play {'goes' if n == 1 else 'go'} to jail" if n else ""
    return f"{gone}{jailed}; the turn ends"
