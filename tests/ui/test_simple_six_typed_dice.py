"""Typed table dice: the messages say what is wrong in the terms of the roll at hand."""

from __future__ import annotations

import pytest

from d6tui.engine.errors import DiceError
from d6tui.games.simple_six.wild import parse_typed_wild
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
