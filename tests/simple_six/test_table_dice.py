"""Table dice are a fact of the campaign's log: switched on, they come back with the save."""

from __future__ import annotations

from pathlib import Path

import pytest

from d6tui.engine.errors import EventError, RuleError
from d6tui.engine.session import Session
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six.rules import describe
from d6tui.games.simple_six.table_dice import set_table_dice
from tests.simple_six.test_campaign import party


def test_the_switch_is_saved_and_replayed(tmp_path: Path) -> None:
    path = tmp_path / "table.toml"
    s = party(path=path)
    assert not s.state.table_dice  # a log without the event: d6tui rolls
    ev = s.do(set_table_dice, True)
    assert ev["on"] is True and s.state.table_dice
    assert describe(ev) == "table dice on: every roll is typed from the dice thrown"
    assert Session.load(path).state.table_dice
    with pytest.raises(RuleError, match="already on"):
        s.do(set_table_dice, True)
    ev = s.do(set_table_dice, False)
    assert describe(ev) == "table dice off: d6tui rolls the dice"
    assert not Session.load(path).state.table_dice


def test_a_broken_switch_event_does_not_fold() -> None:
    s = party()
    with pytest.raises(EventError, match="true or false"):
        c.fold(s.state, {"type": "table_dice_set", "on": "yes"})
    with pytest.raises(EventError):
        c.fold(s.state, {"type": "table_dice_set"})


def test_table_dice_for_the_players_only_are_saved_and_cycle(tmp_path: Path) -> None:
    from d6tui.games.simple_six.table_dice import next_setting

    path = tmp_path / "side.toml"
    s = party(path=path)
    seen = []
    for _ in range(3):  # t: every roll, then the players' only, then off
        on, players = next_setting(s.state)
        s.do(set_table_dice, on, players=players)
        seen.append((s.state.table_dice, s.state.table_players,
                     Session.load(path).state.table_players))
    assert seen == [(True, False, False), (True, True, True), (False, False, False)]
    ev = s.do(set_table_dice, True, players=True)
    assert "d6tui rolls the NPCs'" in describe(ev)
    with pytest.raises(RuleError, match="already on for the players"):
        s.do(set_table_dice, True, players=True)
