from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from d6tui.engine.dice import (
    CustomDie,
    Dice,
    Notation,
    parse_notation,
    parse_typed_pips,
    table_roll,
    table_roll_custom,
)
from d6tui.engine.errors import DiceError

DIE = CustomDie("shooter", ("heart", "spade", "club", "diamond", "joker", "skull"))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3d6", Notation(3, 6, 0)),
        ("d20", Notation(1, 20, 0)),
        ("2d8+3", Notation(2, 8, 3)),
        ("4d6-1", Notation(4, 6, -1)),
        ("d100", Notation(1, 100, 0)),
        ("d%", Notation(1, 100, 0)),
        (" 2D12 + 1 ", Notation(2, 12, 1)),
    ],
)
def test_parse_notation(text: str, expected: Notation) -> None:
    assert parse_notation(text) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [("3x6", "not dice notation"), ("d7", "there is no d7"), ("0d6", "between 1 and 100"),
     ("101d6", "between 1 and 100"), ("", "not dice notation")],
)
def test_bad_notation(text: str, message: str) -> None:
    with pytest.raises(DiceError, match=message):
        parse_notation(text)


@given(st.integers(1, 20), st.sampled_from([4, 6, 8, 10, 12, 20, 100]), st.integers(-5, 5),
       st.integers())
def test_roll_in_range_and_total(count: int, sides: int, mod: int, seed: int) -> None:
    r = Dice(seed).roll_notation(Notation(count, sides, mod))
    assert len(r["faces"]) == count
    assert all(1 <= f <= sides for f in r["faces"])
    assert r["total"] == sum(r["faces"]) + mod
    assert r["source"] == "app"


def test_seed_reproduces() -> None:
    assert Dice(7).roll(10) == Dice(7).roll(10)
    assert Dice(7).shuffle(list("abcdef")) == Dice(7).shuffle(list("abcdef"))


def test_table_roll_checks_count_and_range() -> None:
    assert table_roll([3, 5], 2) == {"dice": "2d6", "faces": [3, 5], "source": "table"}
    with pytest.raises(DiceError, match="type 2 dice, not 3"):
        table_roll([1, 2, 3], 2)
    with pytest.raises(DiceError, match="7 is not a face of a d6"):
        table_roll([7, 1], 2)
    with pytest.raises(DiceError, match="0 is not a face"):
        table_roll([0], 1)


def test_typed_pips() -> None:
    assert parse_typed_pips("3 5", 2)["faces"] == [3, 5]
    assert parse_typed_pips("35", 2)["faces"] == [3, 5]
    assert parse_typed_pips("3,5,6", 3)["faces"] == [3, 5, 6]
    with pytest.raises(DiceError, match="not dice faces"):
        parse_typed_pips("a b", 2)
    with pytest.raises(DiceError, match="type the faces"):
        parse_typed_pips("   ", 2)


def test_custom_faces() -> None:
    r = table_roll_custom(DIE, ["h", "Spade", "6", "j"], 4)
    assert r["faces"] == ["heart", "spade", "skull", "joker"]
    assert r["source"] == "table"
    with pytest.raises(DiceError, match="not a face of the shooter die"):
        table_roll_custom(DIE, ["x"], 1)
    with pytest.raises(DiceError, match="not a face"):
        table_roll_custom(DIE, ["7"], 1)
    rolled = Dice(1).roll_custom(DIE, 6)
    assert all(f in DIE.faces for f in rolled["faces"])
