"""Die codes: parsing, normal form, arithmetic ("Dice Basics", "Splitting Dice")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from d6tui.engine.errors import DiceError
from d6tui.games.simple_six.codes import DieCode, as_code, parse_code


@pytest.mark.parametrize(
    ("text", "dice", "pips", "shown"),
    [
        ("4D", 4, 0, "4D"),
        ("3D+2", 3, 2, "3D+2"),
        ("3d+1", 3, 1, "3D+1"),
        ("2D+3", 3, 0, "3D"),
        ("2D+5", 3, 2, "3D+2"),
        ("4D-1", 3, 2, "3D+2"),
        (" 5D + 1 ", 5, 1, "5D+1"),
        ("+2D+2", 2, 2, "2D+2"),
        ("0D+2", 0, 2, "0D+2"),
    ],
)
def test_parse_and_normal_form(text: str, dice: int, pips: int, shown: str) -> None:
    code = parse_code(text)
    assert (code.dice, code.pips) == (dice, pips)
    assert str(code) == shown


def test_progression_of_splitting_dice() -> None:
    # "Splitting Dice": 1D, 1D+1, 1D+2, 2D, 2D+1 ...
    shown = [str(DieCode(p)) for p in range(3, 9)]
    assert shown == ["1D", "1D+1", "1D+2", "2D", "2D+1", "2D+2"]


def test_negative_codes_are_penalties() -> None:
    pen = parse_code("-1D")
    assert pen == DieCode.of(-1)
    assert str(pen) == "-1D"
    assert pen.signed() == "-1D"
    assert parse_code("2D").signed() == "+2D"
    assert str(parse_code("3D+2") + pen) == "2D+2"
    assert str(parse_code("-1D-1")) == "-1D-1"


def test_arithmetic() -> None:
    a, b = parse_code("3D+2"), parse_code("1D+2")
    assert str(a + b) == "5D+1"
    assert str(a - b) == "2D"
    assert str(a * 2) == "7D+1"
    assert str(2 * parse_code("4D+1")) == "8D+2"
    assert parse_code("2D+3") == parse_code("3D")
    assert parse_code("3D+2") > parse_code("3D+1")


def test_static_value() -> None:
    # "Static Defenses": Sword 5D+1 gives 16.
    assert parse_code("5D+1").static == 16


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("3d6", "six-sided"),
        ("4", "has no D"),
        ("", "type a die code"),
        ("D+2", "not a die code"),
        ("4D+", "not a die code"),
        ("abc", "not a die code"),
        ("1000D", "larger"),
    ],
)
def test_bad_codes_are_explained(text: str, hint: str) -> None:
    with pytest.raises(DiceError, match=hint):
        parse_code(text)


def test_as_code() -> None:
    assert as_code(3) == DieCode.of(3)
    assert as_code("2D+1") == DieCode(7)
    c = DieCode(5)
    assert as_code(c) is c
    with pytest.raises(DiceError):
        as_code(True)
    with pytest.raises(DiceError):
        parse_code(4)  # type: ignore[arg-type]


@given(st.integers(-297, 297))
def test_text_round_trip(pips: int) -> None:
    code = DieCode(pips)
    assert parse_code(str(code)) == code
    assert code.dice * 3 + code.pips == pips
