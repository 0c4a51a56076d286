"""Folding ``game_started``: the players, the card table and the piles ("Setup").

Two shapes are folded. Today's stores no deck order: the Game deck and the face-down store
pile are unordered piles, and only the three store cards dealt face up are drawn, in
``drawn``. Saves written before that store both shuffled decks (``deck``, ``store``); their
piles then keep that order, and their draws follow it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from d6tui.engine.errors import EventError
from d6tui.games.shooter.fold_checks import check_phase
from d6tui.games.shooter.piles import check_order, drawn_cards, remove
from d6tui.games.shooter.state import (
    EVENT_KINDS,
    STORE_FACE_UP,
    STORE_KINDS,
    SUITS,
    Card,
    Phase,
    Player,
    ShooterState,
    evolve,
)
from d6tui.games.shooter.turn import start_turn


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
    check_phase(state, ev, Phase.SETUP)
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
    game_ids = tuple(c for c, v in cards.items() if v.kind != "store")
    store_ids = tuple(c for c, v in cards.items() if v.kind == "store")
    players = tuple(Player(n) for n in names)
    if "deck" in ev or "store" in ev:
        # a save written before draws were decided when drawn: both piles' orders are stored
        deck, store = ev.get("deck"), ev.get("store")
        check_order(deck, game_ids, "the Game deck")
        check_order(store, store_ids, "the General Store")
        assert isinstance(deck, list) and isinstance(store, list)
        state = evolve(
            state, players=players, cards=cards, deck=tuple(deck),
            store_up=tuple(store[:STORE_FACE_UP]), store_down=tuple(store[STORE_FACE_UP:]),
            turn=0, deck_ordered=True, store_ordered=True,
        )
    else:
        up = drawn_cards(ev.get("drawn"), "store", store_ids, min(STORE_FACE_UP, len(store_ids)),
                    "the General Store")
        state = evolve(state, players=players, cards=cards, deck=game_ids, store_up=up,
                       store_down=remove(store_ids, up), turn=0)
    return start_turn(state, 0)


#: The fold of each event type of this module.
FOLDS: dict[str, Callable[[ShooterState, dict], ShooterState]] = {
    "game_started": _game_started,
}
