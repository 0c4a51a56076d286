"""What a seat of D6 Shooter may see: no other player's hand ("General Store Cards"),
checked over random legal play (d6tui.games.shooter.view)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from d6tui.engine.session import Session


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), picks=st.lists(st.integers(0, 50), min_size=40,
                                                   max_size=160))
def test_no_seat_sees_another_hand(seed: int, picks: list[int]) -> None:
    """After every move, for every seat and a spectator: the seat's own hand is whole, every
    other hand is empty with its size in ``hidden``, in the view and in its JSON; and the
    view's JSON is plain JSON. The card table (~100 cards, most of the JSON's text) is the
    same in every view of a game: it is written out as JSON once (``json.dumps``), and each
    view's table must equal that one, the rest of each view being written out whole."""
    s = Session.new("shooter", {"players": ["Ana", "Ben", "Cy"], "seed": seed})
    rules = s.rules
    table = None  # the card table of the first view, checked to be plain JSON
    for pick in picks:
        moves = [m for m in s.moves() if m.id not in ("undo", "redo")]
        if not moves:
            break
        move = moves[pick % len(moves)]
        answers = {}
        for c in move.choices:
            values = [v for v, _ in c.options]
            answers[c.name] = values[pick % len(values)] if c.max == 1 else \
                values[:max(c.min, 1)]
        try:
            s.play(move, answers)
        except Exception as e:  # a pick of choices the rules refuse: try the next one
            assert type(e).__name__ == "RuleError", e
        state = s.state
        if state.over:
            break
        for seat in (None, 0, 1, 2):
            seen = rules.view(state, seat)
            out = rules.to_json(seen)
            if table is None:
                table = out["cards"]
                json.dumps(table)  # the card table is plain JSON
            assert out["cards"] == table
            json.dumps({k: v for k, v in out.items() if k != "cards"})  # so is the rest
            for i, p in enumerate(state.players):
                if i == seat:
                    assert seen.players[i].hand == p.hand
                    continue
                assert seen.players[i].hand == () and seen.players[i].hidden == len(p.hand)
                assert out["players"][i]["hand"] == []
                assert out["players"][i].get("hidden", 0) == len(p.hand)
