"""The recorded examples of the other modes (``saves/d6-board-solo-example.toml`` and
``saves/d6-board-alliance-example.toml``, played through the screen by
``bench/record_d6_board_example.py --mode ...``) replay to the same end."""

from __future__ import annotations

from pathlib import Path

import pytest

from d6tui.engine.session import Session
from d6tui.games.d6_board import hides

SAVES = Path(__file__).resolve().parents[2] / "saves"


def test_solo_example_wins_with_all_fifteen_hides() -> None:
    """"Winning and Losing": the Wisp's hunter collected every hide before the last turn."""
    s = Session.load(SAVES / "d6-board-solo-example.toml")
    st = s.state
    assert st.over and st.hc.result == "won" and st.winners == (0,)
    assert set(st.hc.slots) == set(hides.monsters(st))
    assert st.hc.turn <= st.hc.max_turns and st.hc.max_turns > 4  # bounties delivered
    assert s.events[0]["mode"] == "solo" and s.events[0]["companion"] == "wisp"
    s.close()


def test_alliance_example_ends_with_a_team_winning() -> None:
    """"Alliance": one team wins together; Alliance cards were drawn and played."""
    path = SAVES / "d6-board-alliance-example.toml"
    if not path.exists():
        pytest.fail("the Alliance example save is missing")
    s = Session.load(path)
    st = s.state
    assert st.over and set(st.winners) in ({0, 2}, {1, 3})
    text = path.read_text(encoding="utf-8")
    assert "draw alliance" in text
    s.close()
