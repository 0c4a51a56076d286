"""Events carry their game's schema version; upcasters bring old events forward at load
(DESIGN "The log"; engine.game.upcast)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from d6tui.engine.errors import LogError
from d6tui.engine.session import Session
from tests.engine import toy


def _v1_to_v2(event: dict) -> dict:
    """Version 2 of the toy's ``rolled`` names its roll ``dice_roll``."""
    out = dict(event)
    if out["type"] == "rolled":
        out["dice_roll"] = out.pop("roll")
    return out


def _fold_v2(state: toy.Toy, event: dict) -> toy.Toy:
    if event["type"] == "rolled":
        event = {**event, "roll": event["dice_roll"]}
    return toy.fold(state, event)


def _roll_v2(state: toy.Toy, dice: object = None) -> dict:
    payload = toy.roll(state, dice=dice)  # type: ignore[arg-type]
    payload["dice_roll"] = payload.pop("roll")
    return payload


V2 = replace(toy.RULES, fold=_fold_v2, schema=2, upcasters={1: _v1_to_v2})


def test_an_old_save_is_brought_forward_and_new_events_say_their_version(
        tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    s = Session.new(toy.RULES, {"players": ["A"], "seed": 1}, path=path)
    old = [s.do(toy.roll, dice=s.dice)["roll"]["faces"][0] for _ in range(3)]
    s.close()
    s = Session.load(path, rules=V2)
    assert s.state.total == sum(old)
    ev = s.do(_roll_v2, dice=s.dice)
    assert ev["v"] == 2 and "dice_roll" in ev
    s.undo()  # the refold reads old and new events alike
    assert s.state.total == sum(old)
    s.close()
    assert "v = 2" in path.read_text()
    assert Session.load(path, rules=V2).state.total == sum(old)


def test_an_event_of_a_newer_version_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    s = Session.new(V2, {"players": ["A"], "seed": 1}, path=path)
    s.do(_roll_v2, dice=s.dice)
    s.close()
    with pytest.raises(LogError, match="reads up to 1: update d6tui"):
        Session.load(path, rules=toy.RULES)
