"""The heuristic bot plays whole tales to E17, reproducibly."""

from __future__ import annotations

import pytest

from d6tui.games.tales.bot import headless_tale
from d6tui.games.tales.rules import RULES


@pytest.mark.parametrize(("race", "seed"), [("dwarf", 1), ("elf", 2), ("human", 3),
                                            ("hobbit", 4)])
def test_bot_plays_a_whole_tale(race: str, seed: int) -> None:
    session = headless_tale("Bot", race, seed)
    assert session.state.over and session.state.status
    again = headless_tale("Bot", race, seed)
    assert again.state == session.state
    assert RULES.to_json(session.state)["fame"] == session.state.final_fame
