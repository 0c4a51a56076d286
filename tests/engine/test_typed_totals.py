"""Typed totals: a dice request whose rules need only the total takes ``=11`` from the
table instead of each face (``DiceRequest.total_ok``), in the engine and the one prompt."""

from __future__ import annotations

import pytest

from d6tui.engine.dice import (
    Dice,
    DiceError,
    check_roll,
    parse_typed_total,
    roll_sum,
)
from d6tui.engine.errors import EventError
from d6tui.engine.game import DiceRequest, Move, Pips, fill_rolls
from d6tui.engine.session_dice import primitives


def _move(total_ok: bool) -> Move:
    return Move("roll", "Roll", lambda st, dice=None, roll=None: {"type": "rolled"}, 0,
                dice=(DiceRequest("roll", 2, Pips(6), "2d6", total_ok=total_ok),))


def test_a_total_is_taken_where_the_request_allows_it() -> None:
    roll = fill_rolls(_move(True), Dice(1), {"roll": "=7"})["roll"]
    assert roll == {"dice": "2d6", "faces": [], "total": 7, "source": "table"}
    assert roll_sum(roll) == 7
    assert fill_rolls(_move(True), Dice(1), {"roll": "3 4"})["roll"]["faces"] == [3, 4]
    with pytest.raises(DiceError, match="2 to 12, not 13"):
        fill_rolls(_move(True), Dice(1), {"roll": "=13"})
    with pytest.raises(DiceError):  # a request without total_ok wants the faces
        fill_rolls(_move(False), Dice(1), {"roll": "=7"})
    assert _move(True).dice[0].to_json()["total_ok"] is True
    assert "total_ok" not in _move(False).dice[0].to_json()


def test_a_typed_total_is_checked_in_a_log_and_leaves_no_die_on_the_table() -> None:
    roll = parse_typed_total("= 9", 3, 6)
    assert check_roll(roll, sides=6, count=3, total_ok=True) == []
    with pytest.raises(EventError):
        check_roll({**roll, "total": 19}, sides=6, count=3, total_ok=True)
    with pytest.raises(EventError):  # a game that does not take totals reads faces
        check_roll(roll, sides=6, count=3)
    assert primitives({"roll": {**roll, "source": "table"}}, ("app", "table")) == []
    assert roll_sum({"faces": [2, 3]}) == 5
    with pytest.raises(DiceError, match="not a total"):
        parse_typed_total("=x", 2)


def test_the_dice_prompt_takes_a_total_where_allowed() -> None:
    from textual.app import App

    from d6tui.ui.screens.dice_prompt import TableDiceInput
    from tests.ui.helpers import sync

    got: list = []

    class Host(App):
        def on_mount(self) -> None:
            self.push_screen(TableDiceInput("Damage 3d6", 3, total_ok=True), got.append)

    @sync
    async def run() -> None:
        app = Host()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press(*"=20", "enter")  # 3d6 cannot make 20: refused, kept
            await pilot.pause()
            assert got == [] and "3 to 18" in str(app.screen.query_one("#error").render())
            assert app.screen.query_one("#faces").value == "=20"
            await pilot.press("backspace", "backspace", "1", "1", "enter")
            await pilot.pause()
        assert got == [{"dice": "3d6", "faces": [], "total": 11, "source": "table"}]

    run()
