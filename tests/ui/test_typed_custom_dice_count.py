"""The dice prompt for a custom die (the Shooter's) says a wrong count of dice first."""

from __future__ import annotations

import pytest

from d6tui.engine.errors import DiceError
from d6tui.games.shooter.state import SHOOTER_DIE
from d6tui.ui.screens.dice_prompt import TableDiceInput


def _prompt(count: int) -> TableDiceInput:
    return TableDiceInput("Roll the shooter dice", count, die=SHOOTER_DIE)


def test_seven_dice_typed_for_six_is_told_as_a_count():
    with pytest.raises(DiceError, match=r"^type 6 dice, not 7 \('7' is not a face"):
        _prompt(6).read_faces("1 2 3 4 5 6 7")
    with pytest.raises(DiceError, match=r"^type 6 dice, not 7$"):
        _prompt(6).read_faces("1 2 3 4 5 6 1")
    with pytest.raises(DiceError, match=r"^type 6 dice, not 7"):
        _prompt(6).read_faces("1234567")  # run together


def test_a_wrong_face_with_the_right_count_names_the_face():
    with pytest.raises(DiceError, match=r"'9' is not a face of the"):
        _prompt(2).read_faces("1 9")
    assert len(_prompt(3).read_faces("123")["faces"]) == 3
