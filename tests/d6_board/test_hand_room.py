"""Setup, "Shuffle and Draw" GM's Note on hand limits: at the limit no card is drawn until
one is spent or discarded, and the discard comes before the draw. A card the rules give on
a full hand (Wild's or a gather's Advantage card, a rest's Heroic Quest cards) asks the
hunter to discard first or let it go; it is never lost unasked."""

from __future__ import annotations

from dataclasses import replace

from d6tui.games.d6_board import effects as fx
from d6tui.games.d6_board.moves import moves, seat_to_move
from d6tui.games.d6_board.state import Prompt
from tests.d6_board.helpers import begun, ids, play, set_up


def _full(state):  # noqa: ANN001, ANN202
    """Player one's hand filled to its limit with Advantage cards."""
    limit = fx.hand_limit(state, 0)
    h = state.heroes[0]
    cards = [c for c in sorted(state.piles["advantage"]) if c not in h.hand]
    hand = (*[c for c in h.hand if not c.startswith("L")], *cards)[:limit]
    piles = dict(state.piles)
    piles["advantage"] = tuple(c for c in piles["advantage"] if c not in hand)
    return replace(state.with_hero(0, hand=tuple(hand)), piles=piles)


def test_wild_advantage_on_a_full_hand_asks_for_a_discard_first() -> None:
    state = _full(begun(set_up()))
    state = replace(state, prompts=(Prompt(0, "reward", "wild"),))
    wild = next(m for m in moves(state, 0) if m.id == "wild:advantage")
    assert "discard a card first" in wild.label
    state = play(state, "wild:advantage")
    assert state.prompts[0].kind == "room" and seat_to_move(state) == 0
    assert set(ids(state)) >= {"room:discard", "room:keep"}
    before = state.heroes[0].hand
    gone = before[0]
    state = play(state, "room:discard", discard=gone)
    hand = state.heroes[0].hand
    assert gone not in hand and len(hand) == len(before) and hand[-1] not in before
    assert gone in state.discards["advantage"] and not state.prompts


def test_letting_the_card_go_keeps_the_hand() -> None:
    state = _full(begun(set_up()))
    state = replace(state, prompts=(Prompt(0, "reward", "wild"),))
    before = state.heroes[0].hand
    state = play(play(state, "wild:advantage"), "room:keep")
    assert state.heroes[0].hand == before and not state.prompts
    assert "let the Advantage card go" in state.note


def test_a_hand_below_the_limit_draws_at_once() -> None:
    state = begun(set_up())
    n = len(state.heroes[0].hand)
    assert fx.held(state, 0) < fx.hand_limit(state, 0)
    state = play(replace(state, prompts=(Prompt(0, "reward", "wild"),)), "wild:advantage")
    assert len(state.heroes[0].hand) == n + 1 and not state.prompts


def test_a_rest_on_a_full_hand_asks_for_each_heroic_quest_card() -> None:
    state = _full(begun(set_up()))
    state = replace(state, actions=3)
    state = play(state, "rest")
    room = state.prompts[0]
    assert room.kind == "room" and room.seat == 0 and room.reward == "heroic_quest"
    assert room.data == int(state.rules["rest_heroic_quest"])
    state = play(state, "room:discard", discard=state.heroes[0].hand[0])
    assert any(c.startswith("Q") for c in state.heroes[0].hand)
    if room.data > 1:  # the hand is full again: asked again for the next card
        assert state.prompts[0].kind == "room" and state.prompts[0].data == room.data - 1
