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
    s = Session.new("shooter", {"players": ["Ana", "Ben", "Cy"], "seed": seed})
    rules = s.rules
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
            json.dumps(out)  # a view is plain JSON
            for i, p in enumerate(state.players):
                if i == seat:
                    assert seen.players[i].hand == p.hand
                    continue
                assert seen.players[i].hand == () and seen.players[i].hidden == len(p.hand)
                assert out["players"][i]["hand"] == []
                assert out["players"][i].get("hidden", 0) == len(p.hand)
