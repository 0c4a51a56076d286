from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from d6tui.engine.dice import Dice
from d6tui.engine.errors import DiceError, RuleError
from d6tui.engine.session import Session
from tests.engine import toy


def test_rule_error_records_nothing() -> None:
    s = Session.new(toy.RULES, {}, dice=Dice(1))
    s.do(toy.roll, faces=[6])
    n = len(s.events)
    with pytest.raises(DiceError):
        s.do(toy.roll, faces=[7])
    assert len(s.events) == n
    assert s.events[-1]["roll"]["source"] == "table"


def test_undo_redo_are_events_and_struck_through() -> None:
    s = Session.new(toy.RULES, {}, dice=Dice(1))
    s.do(toy.roll, faces=[2])
    s.do(toy.roll, faces=[5])
    assert s.state.total == 7
    s.undo()
    assert s.state.total == 2
    assert [h.undone for h in s.history()] == [False, False, True, False]
    s.redo()
    assert s.state.total == 7
    assert [e["type"] for e in s.events][-2:] == ["undone", "redone"]
    s.undo()
    s.do(toy.roll, faces=[1])  # a new action clears redo
    assert not s.can_redo
    with pytest.raises(RuleError, match="nothing to redo"):
        s.redo()
    s.undo()
    s.undo()
    with pytest.raises(RuleError, match="nothing to undo"):
        s.undo()  # the first event cannot be undone
    assert s.state.total == 0


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["roll", "undo", "redo"]), max_size=300), st.integers(1, 6))
def test_undo_redo_matches_a_plain_stack(ops: list[str], face: int) -> None:
    s = Session.new(toy.RULES, {}, dice=Dice(0))
    stack: list[int] = []
    redo: list[int] = []
    for op in ops:
        if op == "roll":
            ev = s.do(toy.roll, s.dice)
            stack.append(ev["roll"]["faces"][0])
            redo.clear()
        elif op == "undo" and stack:
            s.undo()
            redo.append(stack.pop())
        elif op == "redo" and redo:
            s.redo()
            stack.append(redo.pop())
        assert s.state.total == sum(stack)
        assert s.state.turn == len(stack)


def test_retitle(tmp_path: Path) -> None:
    s = Session.new(toy.RULES, {}, path=tmp_path / "g.toml")
    s.retitle("Big night")
    assert Session.load(tmp_path / "g.toml", rules=toy.RULES).title == "Big night"
    with pytest.raises(RuleError):
        s.retitle("  ")
