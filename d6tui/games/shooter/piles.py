"""Moving D6 Shooter cards between piles, and checking the draws stored in events.

Small pure steps shared by the folds and the commands ("Setup", "General Store Cards",
"Card Index: Shackles"): a player replaced in the state, cards cashed from a jail, a hand card
discarded, a store card taken and the store refilled, and the checks of a stored draw
(``{"dice": "draw game", "faces": [...]}``, see :meth:`d6tui.engine.dice.Dice.draw`) and of
the deck orders old saves stored.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from d6tui.engine.dice import Dice
from d6tui.engine.errors import EventError
from d6tui.games.shooter.state import (
    STORE_FACE_UP,
    Player,
    Shackle,
    ShooterState,
    evolve,
)
from d6tui.words import plural


def set_player(state: ShooterState, i: int, player: Player) -> ShooterState:
    """The game with player ``i`` replaced ("Setup": the players in turn order).

    Args:
        state: the game.
        i: the player's index.
        player: the player's new state.

    Returns:
        The new state.
    """
    ps = state.players
    return evolve(state, players=ps[:i] + (player,) + ps[i + 1:])


def remove(items: tuple[str, ...], gone: Any) -> tuple[str, ...]:
    """A pile without some cards, the others in their order ("Components").

    Args:
        items: the pile.
        gone: the card ids to take out.

    Returns:
        The new pile.
    """
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
    p = evolve(p, jail=remove(p.jail, gone), shackles=tuple(keep))
    state = set_player(state, i, p)
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
    state = set_player(state, i, evolve(p, hand=remove(p.hand, (card,))))
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
    state = set_player(state, i, evolve(p, hand=p.hand + (card,)))
    return evolve(state, store_up=remove(state.store_up, (card,)))


def refill_needs_shuffle(state: ShooterState) -> bool:
    """Whether refilling the store must first turn the store discard face down ("Setup").

    Args:
        state: the game after a store card was taken.

    Returns:
        True when the face-down pile is empty and the store discard is not.
    """
    return (len(state.store_up) < STORE_FACE_UP and not state.store_down
            and bool(state.store_discard))


def refill_count(state: ShooterState) -> int:
    """How many store cards a refill turns face up ("Setup"): up to 3 showing, as many as
    the face-down pile (after the discard is turned into it, if needed) holds.

    Args:
        state: the game after a store card was taken.

    Returns:
        0 to 3.
    """
    pile = len(state.store_discard) if refill_needs_shuffle(state) else len(state.store_down)
    return min(max(0, STORE_FACE_UP - len(state.store_up)), pile)


def refill_draws(state: ShooterState, dice: Dice) -> dict[str, Any]:
    """The facts a refill of the store stores in its event ("Setup"): ``reshuffled = true``
    when the store discard becomes the face-down pile, and ``drawn``, the cards turned face
    up, decided now by :meth:`~d6tui.engine.dice.Dice.draw`. No order of the pile is stored.

    Args:
        state: the game after a store card was taken.
        dice: draws the cards.

    Returns:
        The facts, to add to the event's payload (empty when nothing is turned up).
    """
    out: dict[str, Any] = {}
    n = refill_count(state)
    if refill_needs_shuffle(state):
        out["reshuffled"] = True
        pile = state.store_discard
    else:
        pile = state.store_down
    if n:
        out["drawn"] = dice.draw("store", pile, n)
    return out


def refill_store(state: ShooterState, ev: dict) -> ShooterState:
    """Turn face-down store cards up until 3 show ("Setup"); the discard becomes the pile first
    if the pile is empty.

    Two shapes of event are folded. Today's carries ``drawn``, the cards turned up, decided
    when drawn (:meth:`d6tui.engine.dice.Dice.draw`), and ``reshuffled = true`` when the
    store discard became the face-down pile (an unordered pile). A save written before
    draws were decided when drawn turns up the top of the stored face-down order, and a
    reshuffle stores the new order as a list in ``reshuffled``.

    Args:
        state: the game after a store card was taken.
        ev: the event (``reward_taken`` or ``store_bought``).

    Returns:
        The new state.

    Raises:
        EventError: a reshuffle is needed and missing, or given and not needed; the drawn
            cards are not in the face-down pile or not as many as the refill needs; an old
            event turns up cards of a pile whose order was never stored.
    """
    reshuffled = ev.get("reshuffled")
    drawn = ev.get("drawn")
    if refill_needs_shuffle(state):
        if drawn is None and isinstance(reshuffled, list):
            check_order(reshuffled, state.store_discard, "the store discard")
            state = evolve(state, store_down=tuple(reshuffled), store_discard=(),
                           store_ordered=True)
        elif reshuffled is True:
            state = evolve(state, store_down=state.store_discard, store_discard=(),
                           store_ordered=False)
        else:
            raise EventError("the face-down store pile is empty: the event must turn the "
                             "store discard into it")
    elif reshuffled is not None:
        raise EventError("the event shuffles the store, but the face-down pile is not empty")
    n = min(max(0, STORE_FACE_UP - len(state.store_up)), len(state.store_down))
    if drawn is not None:
        if n == 0:
            raise EventError("the event turns up store cards, but the store needs none")
        up = drawn_cards(drawn, "store", state.store_down, n, "the face-down store pile")
        return evolve(state, store_up=state.store_up + up,
                      store_down=remove(state.store_down, up), store_ordered=False)
    if n:
        if not state.store_ordered:
            raise EventError("the event does not say which store cards were turned up")
        state = evolve(state, store_up=state.store_up + state.store_down[:n],
                        store_down=state.store_down[n:])
    return state


def check_order(order: Any, pile: tuple[str, ...], what: str) -> None:
    """A deck order stored by a save written before cards were decided when drawn must hold
    exactly the pile's cards ("Setup").

    Args:
        order: the stored order (``deck``, ``store`` or a ``reshuffled`` list).
        pile: the cards it should hold.
        what: the pile, in words.

    Raises:
        EventError: the order is not a list of the pile's cards.
    """
    if not isinstance(order, list) or Counter(order) != Counter(pile):
        raise EventError(f"the shuffled order is not the cards of {what}")


def drawn_cards(drawn: Any, pile: str, cards: tuple[str, ...], count: int,
           what: str) -> tuple[str, ...]:
    """The cards of a stored draw (``{"dice": "draw game", "faces": [...]}``), checked: as
    many as drawn, different, and all in the pile ("Setup").

    Args:
        drawn: the draw stored in the event (see :meth:`d6tui.engine.dice.Dice.draw`).
        pile: the pile's name in the draw (``"game"``, ``"store"``).
        cards: the cards the pile holds.
        count: how many cards were drawn.
        what: the pile, in words.

    Returns:
        The drawn card ids, in the draw's order.

    Raises:
        EventError: the draw is not of this pile, names the wrong number of cards, one twice,
            or one that is not in the pile.
    """
    if not isinstance(drawn, dict) or drawn.get("dice") != f"draw {pile}":
        raise EventError(f"the draw from {what} must be a table with dice = \"draw {pile}\"")
    faces = drawn.get("faces")
    if not isinstance(faces, list) or len(faces) != count:
        raise EventError(f"the draw from {what} must name {plural(count, 'card')}")
    if drawn.get("source", "app") not in ("app", "table"):
        raise EventError(f"unknown draw source {drawn.get('source')!r}")
    if len(set(faces)) != len(faces) or not set(faces).issubset(cards):
        raise EventError(f"{', '.join(map(repr, faces))} {'is' if count == 1 else 'are'} "
                         f"not in {what}")
    return tuple(faces)
