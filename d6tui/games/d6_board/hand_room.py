"""Making room in a full hand before a draw (Setup, "Shuffle and Draw" GM's Note on hand
limits: at the limit a hunter draws nothing until a card is spent or discarded, and a
discard to make room comes before the draw).

A card the rules give (a gather's Advantage card, Wild's Advantage card, a rest's Heroic
Quest cards, a GM event's card) on a full hand is not lost unasked: the hunter is asked
(a ``room`` prompt) to discard a card of their choice and draw, or to let the card go.
"""

from __future__ import annotations

from typing import Any

from d6tui.engine.errors import EventError
from d6tui.engine.frozen import evolve
from d6tui.engine.game import Choice, Move
from d6tui.games.d6_board import effects as fx
from d6tui.games.d6_board.act import handles, move
from d6tui.games.d6_board.state import Board, Prompt
from d6tui.words import article

#: A deck's name in the game's words.
DECK_NAMES = {"advantage": "Advantage", "heroic_quest": "Heroic Quest"}


def full(state: Board, seat: int) -> bool:
    """Whether ``seat``'s hand is at its limit (:func:`~.effects.hand_limit`) in a season
    that asks for a discard first (rules revision 3 on)."""
    return fx.held(state, seat) >= fx.hand_limit(state, seat) and state.revision >= 3


def draw_or_ask(state: Board, seat: int, deck: str, chance: Any, count: int = 1) -> Board:
    """``seat`` draws ``count`` cards of ``deck``; once the hand is full, the cards left
    are asked about instead (a ``room`` prompt: discard first, or let them go). A season
    of rules revision 1 or 2 drew nothing on a full hand, and replays so."""
    for drawn in range(count):
        if full(state, seat):
            return fx.prompt(state, Prompt(seat, "room", deck, count - drawn))
        state = fx.draw_card(state, seat, deck, chance)
    return state


@handles("room_made")
def room_made(state: Board, ev: dict, chance: Any) -> Board:
    """The answer to a ``room`` prompt: ``discard`` a card of the hand and draw one, or
    ``""`` to let the cards go.

    Raises:
        EventError: no such question waits, or the card is not in the hand.
    """
    p = state.prompts[0] if state.prompts else None
    if p is None or p.kind != "room" or p.seat != ev["who"]:
        raise EventError("no full hand is waiting to make room")
    state = evolve(state, prompts=state.prompts[1:])
    name = state.heroes[p.seat].name
    deck = DECK_NAMES.get(p.reward, p.reward)
    cid = ev.get("discard", "")
    if not cid:
        return evolve(state, note=f"{name} let the {deck} card go (hand full)")
    if cid not in state.heroes[p.seat].hand or cid.startswith("L"):
        raise EventError(f"{cid} is not a card of {name}'s hand")
    state = fx.discard(state, p.seat, cid)
    waiting = state.prompts
    state = evolve(state, prompts=())
    state = fx.draw_card(state, p.seat, p.reward, chance)
    if p.data > 1:
        state = draw_or_ask(state, p.seat, p.reward, chance, p.data - 1)
    # this hunter's questions (a card to name, another room) come before the others'
    state = evolve(state, prompts=(*state.prompts, *waiting))
    return evolve(state, note=f"{name} discarded a card to draw {article(deck)} card")


def room_moves(state: Board, seat: int | None) -> list[Move]:
    """The answers to a ``room`` prompt: discard a card of the hand (asked) and draw, or
    let the card go."""
    if not state.prompts or state.prompts[0].kind != "room" or seat != state.prompts[0].seat:
        return []
    deck = DECK_NAMES.get(state.prompts[0].reward, state.prompts[0].reward)
    cards = tuple((c, state.card(c)["name"]) for c in dict.fromkeys(state.heroes[seat].hand)
                  if not c.startswith("L") and c != "-")
    out = []
    if cards:
        out.append(move("room_made", f"Hand full: discard a card, then draw the {deck} card",
                        seat, mid="room:discard", who=seat, section="Shuffle and Draw",
                        choices=(Choice("discard", "Card to discard first", cards),)))
    out.append(move("room_made", f"Keep my hand; let the {deck} card go", seat,
                    mid="room:keep", who=seat, discard="", section="Shuffle and Draw"))
    return out


__all__ = ["DECK_NAMES", "draw_or_ask", "full", "room_made", "room_moves"]
