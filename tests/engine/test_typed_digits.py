"""Typed dice faces are the plain digits 0-9 only, wherever they are typed (the dice prompt,
``d6tui play --dice``, every game): Python's ``int()`` also reads fullwidth ``３``,
Arabic-Indic ``٣``, ``1_2`` and ``+3``, and none of them is a face a person reads off a die.
Each is refused in one line that names what is allowed."""

from __future__ import annotations

from pathlib import Path

import pytest

from d6tui.cli import main
from d6tui.engine.dice import (
    parse_notation,
    parse_typed_pips,
    parse_typed_total,
    table_roll_custom,
    typed_number,
)
from d6tui.engine.errors import DiceError
from d6tui.engine.registry import GAMES_PATH_ENV
from d6tui.engine.session import Session
from d6tui.games.shooter.state import SHOOTER_DIE
from d6tui.games.simple_six.typed_dice import parse_typed_wild
from d6tui.ui.screens.dice_prompt import TableDiceInput

#: Pieces int() takes that are not plain digits.
NOT_DIGITS = ["\uff13", "\u0663", "\u09e9", "1_2", "+3", "\uff11\uff12"]
TOY_GAMES = Path(__file__).parents[1] / "fixtures" / "games"


def one_line(e: pytest.ExceptionInfo[DiceError]) -> str:
    text = str(e.value)
    assert "\n" not in text
    return text


@pytest.mark.parametrize("piece", NOT_DIGITS)
def test_typed_number_reads_plain_digits_only(piece: str) -> None:
    assert int(piece) >= 1  # what int() alone would have taken
    assert typed_number(piece) is None
    assert typed_number("12") == 12 and typed_number("0") == 0
    assert typed_number("") is None and typed_number(" 3") is None


@pytest.mark.parametrize("piece", NOT_DIGITS)
def test_pips_totals_and_percentile_refuse_other_digits(piece: str) -> None:
    with pytest.raises(DiceError) as e:
        parse_typed_pips(f"2 {piece}", 2)
    assert f"'{piece}' is not in the digits 0-9" in one_line(e)
    with pytest.raises(DiceError) as e:
        parse_typed_pips(piece, 1, 20)
    assert "digits 0-9" in one_line(e)
    with pytest.raises(DiceError) as e:
        parse_typed_pips(piece, 1, 100)  # the percentile way
    assert "digits 0-9" in one_line(e)
    with pytest.raises(DiceError) as e:
        parse_typed_total(f"={piece}", 3)
    assert "digits 0-9" in one_line(e)
    assert parse_typed_pips("2 3", 2)["faces"] == [2, 3]
    assert parse_typed_pips("23", 2)["faces"] == [2, 3]
    assert parse_typed_total("=12", 3)["total"] == 12


@pytest.mark.parametrize("piece", ["\uff13", "\u0663", "+3"])
def test_a_named_die_takes_its_numbers_in_plain_digits_only(piece: str) -> None:
    with pytest.raises(DiceError) as e:
        SHOOTER_DIE.parse_face(piece)
    assert "number 1-6 in the digits 0-9" in one_line(e)
    assert SHOOTER_DIE.parse_face("3") == "club"
    with pytest.raises(DiceError):
        table_roll_custom(SHOOTER_DIE, [piece], 1)


def test_the_dice_prompt_refuses_other_digits_for_every_kind_of_die() -> None:
    pips = TableDiceInput("Roll 2d6", 2)
    with pytest.raises(DiceError) as e:
        pips.read_faces("\uff13\uff14")
    assert "digits 0-9" in one_line(e)
    named = TableDiceInput("Roll the shooter dice", 2, die=SHOOTER_DIE)
    with pytest.raises(DiceError, match="not a face of the shooter die"):
        named.read_faces("\uff11\uff12")  # run together: not read a digit each
    with pytest.raises(DiceError) as e:
        named.read_faces("\uff11 2")
    assert "number 1-6 in the digits 0-9" in one_line(e)
    assert named.read_faces("12")["faces"] == ["heart", "spade"]


def test_simple_six_wild_rolls_refuse_other_digits() -> None:
    with pytest.raises(DiceError) as e:
        parse_typed_wild("3 5 \u0662", 3)
    assert "'\u0662' is not in the digits 0-9" in one_line(e)
    with pytest.raises(DiceError, match="digits 0-9"):
        parse_typed_wild("\uff13\uff15\uff12", 3)
    assert parse_typed_wild("352", 3) == ([3, 5], [2], [])


def test_notation_takes_plain_digits_only() -> None:
    for text in ("\uff13d6", "d\u0666", "2d6+\uff13"):
        with pytest.raises(DiceError, match="is not dice notation"):
            parse_notation(text)


def test_play_dice_refuses_other_digits_in_one_line(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv(GAMES_PATH_ENV, str(TOY_GAMES))
    monkeypatch.setenv("D6TUI_SAVES", str(tmp_path))
    assert main(["new", "toy_dice", "--players", "Ann,Bob", "--no-open"]) == 0
    path = capsys.readouterr().out.strip()
    assert main(["play", path, "roll", "--dice", "\uff15"]) == 2
    err = capsys.readouterr().err.strip()
    assert "'\uff15' is not dice faces: type numbers in the digits 0-9" in err
    assert len(err.splitlines()) == 1
    assert len(Session.load(Path(path)).events) == 1  # nothing was recorded
    assert main(["play", path, "roll", "--dice", "5"]) == 0
    assert main(["moves", path, "--seat", "\uff12"]) == 2  # a seat's number is 0-9 too
    assert "there is no seat '\uff12'" in capsys.readouterr().err
    assert main(["moves", path, "--seat", "2"]) == 0
