"""What each seat of a Simple Six campaign may see (d6tui.games.simple_six.view): the GM
everything, a player no NPC statistics."""

from __future__ import annotations

import json
from pathlib import Path

from d6tui.engine.session import Session

EXAMPLE = Path(__file__).parents[2] / "saves" / "simple-six-example.toml"


def test_seats_are_the_gm_and_the_player_characters() -> None:
    s = Session.load(EXAMPLE)
    seats = s.rules.seats(s.state)
    pcs = [m.sheet.name for m in s.state.members if not m.sheet.npc]
    assert seats == ("GM", *pcs) and len(pcs) >= 2


def test_a_player_sees_no_npc_statistics_and_the_gm_sees_all() -> None:
    s = Session.load(EXAMPLE)
    rules, state = s.rules, s.state
    npcs = [m for m in state.members if m.sheet.npc]
    assert npcs and all(m.sheet.attributes for m in npcs)
    assert rules.view(state, 0) == state
    for seat in (1, 2, None):
        seen = rules.view(state, seat)
        out = json.dumps(rules.to_json(seen), default=str)
        for m, shown in zip(state.members, seen.members, strict=True):
            assert shown.id == m.id and shown.wounds == m.wounds
            if m.sheet.npc:
                assert shown.sheet.name == m.sheet.name
                assert shown.sheet.attributes == () and shown.sheet.skills == ()
                assert shown.sheet.weapons == () and shown.sheet.spells == ()
            else:
                assert shown.sheet == m.sheet
        assert json.loads(out)  # still plain JSON for the SSH table and `d6tui view`
