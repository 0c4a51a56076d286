"""Typed table dice: the messages say what is wrong in the terms of the roll at hand."""

from __future__ import annotations

import pytest

from d6tui.engine.errors import DiceError
from d6tui.games.simple_six.typed_dice import parse_typed_wild
from d6tui.ui.simple_six.forms import WildDiceInput


def _input(dice: int) -> WildDiceInput:
    return WildDiceInput("Lightning Bolt for Brenna", {"rolled": f"{dice}D", "faces": [1] * (
        dice - 1), "wild": [1], "total": dice})


def test_one_die_too_many_is_told_as_a_count_of_dice() -> None:
    with pytest.raises(DiceError, match=r"^type 6 dice .* not 7$"):
        _input(6).read_faces("1 1 1 1 1 2 3")


def test_two_digits_stuck_together_are_not_two_faces() -> None:
    assert parse_typed_wild("35264", 4)[0] == [3, 5, 2]  # a lone run: a face per digit
    with pytest.raises(DiceError, match="16"):
        _input(2).read_faces("16 w 6 6 3")


def test_an_emptied_number_field_then_a_wild_six_and_a_slip(saves) -> None:  # noqa: ANN001
    """Two dialogs pushed in turn on one app: an emptied number field is not read as 0 (told,
    the box stays open); typed faces with a slip (7 is no face) are kept to fix in place, a
    wild 6 then asks only for its reroll, the faces so far shown apart."""
    from textual.app import App
    from textual.widgets import Input, Label

    from d6tui.ui.simple_six.forms import NumbersModal
    from tests.ui.helpers import sync

    got: list = []

    class Host(App):
        def on_mount(self) -> None:
            self.push_screen(NumbersModal("CP awarded", [("brenna", "Brenna", 5)]), got.append)

    @sync
    async def run() -> None:
        app = Host()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            modal = app.screen
            modal.query_one("#n0", Input).value = ""
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert "empty" in str(modal.query_one("#error", Label).render())
            assert got == [] and app.screen is modal
            app.pop_screen()
            app.push_screen(_input(3), got.append)
            await pilot.pause()
            modal = app.screen
            assert isinstance(modal, WildDiceInput)
            field = modal.query_one("#faces", Input)
            await pilot.press(*"3 5 7", "enter")  # a slip: 7 is no face
            await pilot.pause()
            assert "7" in str(modal.query_one("#error", Label).render())
            assert field.value == "3 5 7" and app.screen is modal  # kept, to fix in place
            await pilot.press("backspace", "6", "enter")  # the wild die shows 6
            await pilot.pause()
            assert "only the new face" in str(modal.query_one("#error", Label).render())
            # the faces so far are shown apart; the field is left for the new face only
            assert field.value == "" and got == []
            assert str(modal.query_one("#kept", Label).render()) == "Kept: 3 5 6"
            await pilot.press("4", "enter")  # only the reroll is typed
            await pilot.pause()
            assert got == [([3, 5], [6, 4], [])]

    run()
