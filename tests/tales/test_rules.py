"""RULES for the engine: describe, status, to_json, and a session on disk."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from d6tui.engine.dice import Dice, table_roll
from d6tui.engine.session import Session
from d6tui.games.tales import commands, services
from d6tui.games.tales.rules import RULES

from .util import R


def test_rules_object() -> None:
    assert RULES.slug == "tales" and RULES.name == "6x6 Tales"
    assert {"tale_started", "rolled", "chose", "moved", "attacked"} <= RULES.event_types
    assert RULES.default_title({"name": "Brin"}) == "The tale of Brin"


def test_describe_from_the_event_alone() -> None:
    cases: dict[str, dict[str, Any]] = {
        "tale_started": {"name": "Brin", "race": "dwarf"},
        "rolled": {"what": "roll:terrain", "roll": R(2, 3), "note": "+1 gold"},
        "chose": {"what": "choose:rotate", "option": "90"},
        "moved": {"direction": "N"},
        "leveled_up": {"stat": "atk"},
        "scroll_bought": {"scroll": "Dash"},
        "item_used": {"item": "Ruby", "roll": R(4)},
        "donated": {"gold": 2},
        "attacked": {"roll": R(6, 6)},
    }
    texts = {t: RULES.describe({"type": t, **fields}) for t, fields in cases.items()}
    assert texts["tale_started"] == "the tale begins with Brin the dwarf"
    assert texts["rolled"] == "rolled 2+3 for the terrain event (R10) (table dice): +1 gold"
    assert texts["chose"] == "chose 90 for the road's rotation (R04)"
    assert texts["item_used"] == "used the Ruby, rolling 4"
    assert RULES.describe({"type": "scroll_used", "scroll": "Dash", "purpose": "road"}) == (
        "used a Dash to turn the road into a crossroads (R06)")
    for t in RULES.event_types:
        assert RULES.describe({"type": t})


def test_status_and_json_through_a_tale(tmp_path: Path) -> None:
    path = tmp_path / "brin.toml"
    s = Session.new(RULES, {"name": "Brin", "race": "elf"}, path=path, dice=Dice(5))
    assert "Roll 2d6 for a square" in RULES.status(s.state)  # the prompt, not "roll roll:square"
    s.do(commands.roll, roll=table_roll([2, 2], 2, 6))
    s.do(services.leave)
    data = RULES.to_json(s.state)
    json.dumps(data)
    assert data["hero"]["atk"] == 2 and data["square"] == "II-2" and data["week"] == 1
    assert "week 1 day 1" in RULES.status(s.state)
    s.close()
    loaded = Session.load(path, rules=RULES)
    assert loaded.state == s.state
    assert [e.text for e in loaded.history()] == [e.text for e in s.history()]
    loaded.close()


def test_cookie_survives_save_and_load(tmp_path: Path) -> None:
    path = tmp_path / "pip.toml"
    s = Session.new(RULES, {"name": "Pip", "race": "hobbit"}, path=path, dice=Dice(1))
    s.do(commands.roll, roll=table_roll([6, 2], 2, 6), cookie=(1, 1))
    s.do(services.leave)
    s.close()
    loaded = Session.load(path, rules=RULES)
    assert loaded.state == s.state
    assert loaded.state.square.site == "castle" and loaded.state.pos == 2 * 6 + 5
    assert loaded.state.hero is not None and "Cookie" not in loaded.state.hero.items
    loaded.close()


def test_meeple_reroll_survives_the_toml_round_trip() -> None:
    import tomllib

    from d6tui.engine.log import event_block
    from d6tui.games.tales import play, sheet

    from .util import at_step, begin, read

    s = read(sheet.add_item(at_step(begin(), "square_event", "III-3"), "Meeple"), "E03")
    payload = commands.roll(s, roll=R(1, 1), reroll=R(6, 5))
    stored = tomllib.loads(event_block({"seq": 1, "type": payload["type"], **payload}))
    event = stored["events"][0]
    assert RULES.fold(s, event) == RULES.fold(s, payload)
    assert play.pending(RULES.fold(s, event)).kind != "roll"


def test_a_roll_move_is_labelled_with_what_it_rolls_for(tmp_path: Path) -> None:
    """``d6tui moves`` on a new tale: the roll's label says what it is for (R02), not its
    id again."""
    s = Session.new(RULES, {"name": "Brin", "race": "elf"}, path=tmp_path / "b.toml",
                    dice=Dice(5))
    roll = next(m for m in s.moves() if m.id == "roll")
    assert roll.label.startswith("Roll 2d6 for a square") and "(R02)" in roll.label
