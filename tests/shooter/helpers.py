"""Helpers for D6 Shooter tests: games with a stacked deck, and commands applied with checks.

A game's Game deck and face-down store pile are unordered piles: a card is decided when drawn.
To know what a test draws, :func:`game` keeps the cards it is given first in the state's piles
and :func:`act` draws with :class:`StackedDice`, which takes the pile's cards in that order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from pathlib import Path

from d6tui.engine.dice import Dice
from d6tui.engine.log import event_block, now
from d6tui.games.shooter.content import card_to_dict, load_cards
from d6tui.games.shooter.fold import fold
from d6tui.games.shooter.piles import set_player
from d6tui.games.shooter.state import Shackle, ShooterState, all_cards

CARDS = load_cards(override=Path("/nonexistent/shooter_cards.toml"))
BY_ID = {c.id: c for c in CARDS}
NAMES = ("Ann", "Bob", "Cy")


def ids(kind: str, effect: str = "") -> list[str]:
    """Card ids of a kind ("bandit", "event", "store"), optionally of one effect."""
    return [c.id for c in CARDS if c.kind == kind and (not effect or c.effect == effect)]


def bandit(n_symbols: int, skip: int = 0) -> str:
    """A bandit with ``n_symbols`` symbols (the ``skip``-th one)."""
    return [c.id for c in CARDS if c.kind == "bandit" and len(c.symbols) == n_symbols][skip]


def symbols(card_id: str) -> list[str]:
    return list(BY_ID[card_id].symbols)


class StackedDice(Dice):
    """Dice for tests whose draws take the first cards of a pile as the state keeps it (a
    stacked deck); rolls are seeded as usual. The draw has the shape :meth:`Dice.draw` gives."""

    def draw(self, pile: str, cards: Sequence[str], count: int = 1) -> dict:
        return {"dice": f"draw {pile}", "faces": list(cards)[:count], "source": "app"}


def _stacked(first: list[str], kind_store: bool) -> list[str]:
    return first + [c.id for c in CARDS if (c.kind == "store") == kind_store
                    and c.id not in first]


def start_payload(players: Iterable[str] = NAMES, store: Iterable[str] = ()) -> dict:
    """A game_started payload as today's code writes it: no deck order; the face-up store
    cards (``drawn``) are the first three of ``store``, then store cards in id order."""
    st = _stacked(list(store), True)
    return {"type": "game_started", "players": list(players),
            "cards": [card_to_dict(c) for c in CARDS],
            "drawn": {"dice": "draw store", "faces": st[:3], "source": "app"}}


def old_start_payload(players: Iterable[str] = NAMES, top: Iterable[str] = (),
                      store: Iterable[str] = ()) -> dict:
    """A game_started payload as saves written before draws were decided when drawn have it:
    the Game deck (``deck``) starts with ``top`` and the store (``store``) with ``store``."""
    return {"type": "game_started", "players": list(players),
            "cards": [card_to_dict(c) for c in CARDS],
            "deck": _stacked(list(top), False), "store": _stacked(list(store), True)}


def game(players: Iterable[str] = NAMES, top: Iterable[str] = (),
         store: Iterable[str] = ()) -> ShooterState:
    """A new game (today's shape) whose piles are kept so that :class:`StackedDice` draws
    ``top`` first from the Game deck and turns ``store[3:]`` up first from the store."""
    s = fold(ShooterState(), start_payload(players, store))
    down = [c for c in _stacked(list(store), True) if c not in s.store_up]
    return replace(s, deck=tuple(_stacked(list(top), False)), store_down=tuple(down))


def check(state: ShooterState) -> None:
    """Card conservation: every one of the 100 cards is in exactly one place."""
    every = all_cards(state)
    assert sorted(every) == sorted(state.cards), "cards not conserved"


def act(state: ShooterState, command: Callable[..., dict], dice: Dice | None = None,
        **kw) -> ShooterState:
    """Run a command, check its event is TOML-ready, fold it, check conservation."""
    payload = command(state, dice=dice or StackedDice(0), **kw)
    event_block({"seq": 1, "type": payload["type"], "at": now(),
                 **{k: v for k, v in payload.items() if k != "type"}})
    assert all(v is not None for v in payload.values())
    new = fold(state, payload)
    check(new)
    return new


def _take(state: ShooterState, card: str) -> ShooterState:
    for pile in ("deck", "discard", "store_up", "store_down", "store_discard"):
        items = getattr(state, pile)
        if card in items:
            return replace(state, **{pile: tuple(c for c in items if c != card)})
    raise AssertionError(f"{card} is not in a pile")


def place(state: ShooterState, i: int, *, jail: Iterable[str] = (), hand: Iterable[str] = (),
          shackles: Iterable[tuple[str, tuple[str, ...]]] = ()) -> ShooterState:
    """Move cards from the piles into player ``i``'s jail, hand or shackles."""
    jail, hand, shackles = list(jail), list(hand), list(shackles)
    for c in jail + hand + [s[0] for s in shackles]:
        state = _take(state, c)
    p = state.players[i]
    p = replace(p, jail=p.jail + tuple(jail), hand=p.hand + tuple(hand),
                shackles=p.shackles + tuple(Shackle(c, tuple(b)) for c, b in shackles))
    state = set_player(state, i, p)
    check(state)
    return state


def with_rank(state: ShooterState, i: int, rank: int) -> ShooterState:
    """Give player ``i`` a rank (and, if it is their turn start, its re-rolls)."""
    from d6tui.games.shooter.state import SKULL_REROLLS

    state = set_player(state, i, replace(state.players[i], rank=rank))
    if i == state.current:
        state = replace(state, rerolls_left=SKULL_REROLLS[rank])
    return state


def faces_for(card_id: str) -> list[str]:
    """Exactly the faces that capture this bandit."""
    return symbols(card_id)
