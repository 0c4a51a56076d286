"""Undo never buys a re-roll; a seeded game continues its dice stream after a reopen
(engine.session_dice)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from d6tui.engine.errors import RuleError
from d6tui.engine.session import Session
from d6tui.engine.session_dice import AGAIN_KEY, RETYPED_KEY, SessionDice, primitives
from tests.engine import toy


def faces(ev: dict) -> list[int]:
    return ev["roll"]["faces"]


def test_undo_then_the_same_move_gets_the_same_faces(tmp_path: Path) -> None:
    s = Session.new(toy.RULES, {"players": ["A", "B"]}, path=tmp_path / "t.toml")
    first = s.do(toy.roll, dice=s.dice)
    s.undo()
    again = s.do(toy.roll, dice=s.dice)
    assert faces(again) == faces(first)
    assert again[AGAIN_KEY] == 1
    assert "the same dice as before the undo" in s.history_entry(len(s.events) - 1).text
    # the seen die was used up: the next roll is a fresh one, with no mark
    nxt = s.do(toy.roll, dice=s.dice)
    assert AGAIN_KEY not in nxt


def test_several_undos_give_back_their_dice_newest_first(tmp_path: Path) -> None:
    s = Session.new(toy.RULES, {"players": ["A"]}, path=tmp_path / "t.toml")
    rolled = [faces(s.do(toy.roll, dice=s.dice)) for _ in range(4)]
    for _ in range(3):
        s.undo()
    redone = [faces(s.do(toy.roll, dice=s.dice)) for _ in range(3)]
    assert redone == rolled[1:]


def test_the_table_survives_a_reopen(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    s = Session.new(toy.RULES, {"players": ["A", "B"]}, path=path)
    first = s.do(toy.roll, dice=s.dice)
    second = s.do(toy.roll, dice=s.dice)
    s.undo()
    s.undo()
    s.close()
    s = Session.load(path, rules=toy.RULES)
    assert faces(s.do(toy.roll, dice=s.dice)) == faces(first)
    s.close()
    # reopened again: the first seen die is gone (dice_again), the second is still there
    s = Session.load(path, rules=toy.RULES)
    assert faces(s.do(toy.roll, dice=s.dice)) == faces(second)
    assert AGAIN_KEY not in s.do(toy.roll, dice=s.dice)


def test_redo_takes_the_dice_back_off_the_table() -> None:
    s = Session.new(toy.RULES, {"players": ["A"], "seed": 3})
    s.do(toy.roll, dice=s.dice)
    s.undo()
    s.redo()
    assert s.dice.seen == []
    assert AGAIN_KEY not in s.do(toy.roll, dice=s.dice)


def test_typed_dice_stay_on_the_table_too() -> None:
    from d6tui.engine.errors import DiceError

    s = Session.new(toy.RULES, {"players": ["A"], "seed": 3})
    s.do(toy.roll, faces=[1])
    s.undo()
    # the app's roll for the same move takes the faces the table showed
    again = s.do(toy.roll, dice=s.dice)
    assert faces(again) == [1] and again[AGAIN_KEY] == 1
    s.undo()  # the app's 1 is on the table now: typed dice must show it
    with pytest.raises(DiceError, match="type them as they lie"):
        s.do(toy.roll, faces=[6])
    typed = s.do(toy.roll, faces=[1])
    assert typed[AGAIN_KEY] == 1 and typed["roll"]["source"] == "table"
    assert s.dice.seen == []
    s.undo()  # a mis-key of typed dice is fixed by typing them again
    fixed = s.do(toy.roll, faces=[4])
    assert faces(fixed) == [4] and s.dice.seen == []
    # ... and the log says so: these are not the dice from before the undo
    text = s.history_entry(len(s.events) - 1).text
    assert fixed[RETYPED_KEY] == 1 and "typed anew after the undo" in text
    assert "the same dice" not in text
    s.undo()  # typed again as they were: the same dice
    same = s.do(toy.roll, faces=[4])
    assert RETYPED_KEY not in same
    assert "the same dice as before the undo" in s.history_entry(len(s.events) - 1).text


def test_a_seeded_game_continues_its_stream_after_reopening(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    memory = Session.new(toy.RULES, {"players": ["A", "B"], "seed": 11})
    s = Session.new(toy.RULES, {"players": ["A", "B"], "seed": 11}, path=path)
    rolls = [faces(memory.do(toy.roll, dice=memory.dice)) for _ in range(12)]
    got = []
    for _ in range(12):
        got.append(faces(s.do(toy.roll, dice=s.dice)))
        s.close()
        s = Session.load(path, rules=toy.RULES)  # reopened before every roll
    assert got == rolls
    assert len({tuple(r) for r in rolls}) > 1  # not one face again and again


def test_a_refused_move_keeps_its_fresh_dice_for_the_retry() -> None:
    s = Session.new(toy.RULES, {"players": ["A"], "seed": 5})

    def roll_then_refuse(state: toy.Toy, dice: SessionDice) -> dict:
        dice.roll(1)
        raise RuleError("not now", "Test")

    peek = Session.new(toy.RULES, {"players": ["A"], "seed": 5})
    expected = faces(peek.do(toy.roll, dice=peek.dice))
    with pytest.raises(RuleError):
        s.do(roll_then_refuse, dice=s.dice)
    assert faces(s.do(toy.roll, dice=s.dice)) == expected


def test_a_refused_move_puts_seen_dice_back_on_the_table() -> None:
    s = Session.new(toy.RULES, {"players": ["A"], "seed": 5})
    first = s.do(toy.roll, dice=s.dice)
    s.undo()

    def roll_then_refuse(state: toy.Toy, dice: SessionDice) -> dict:
        dice.roll(1)
        raise RuleError("not now", "Test")

    with pytest.raises(RuleError):
        s.do(roll_then_refuse, dice=s.dice)
    assert faces(s.do(toy.roll, dice=s.dice)) == faces(first)


def test_a_draw_undone_is_drawn_again_while_the_card_is_in_the_pile() -> None:
    dice = SessionDice(None, lambda: 2)
    card = dice.draw("game", ["B01", "B02", "B03", "B04"])
    dice.committed()
    dice.put_back(2, {"drawn": card})
    assert dice.draw("game", ["B04", "B03", "B02", "B01"]) == card
    dice.committed()
    dice.put_back(3, {"drawn": card})
    rest = [c for c in ["B01", "B02", "B03", "B04"] if c not in card["faces"]]
    assert dice.draw("game", rest)["faces"][0] in rest  # gone from the pile: a fresh draw


def test_primitives_read_every_kind_of_roll() -> None:
    event = {
        "roll": {"dice": "2d6", "faces": [3, 4], "source": "app"},
        "typed": {"dice": "1d6", "faces": [2], "source": "table"},
        "shots": [{"dice": "3 shooter", "faces": ["skull", "heart", "joker"], "source": "app"}],
        "attack": {"dice": "4D", "faces": [1, 2, 3], "wild": [6, 2], "cp_wild": [[4]],
                   "source": "app"},
    }
    assert primitives(event) == [
        ("2d6", [3, 4]), ("3 shooter", ["skull", "heart", "joker"]),
        ("3d6", [1, 2, 3]), ("1d6", [6]), ("1d6", [2]), ("1d6", [4])]


def test_table_dice_is_one_setting_kept_in_the_save(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    two_seats = replace(toy.RULES, seats=lambda state: ("A", "B"))
    s = Session.new(two_seats, {"players": ["A", "B"]}, path=path)
    assert not s.table_dice_for(0)
    s.set_table_dice([1])
    assert s.table_dice_for(1) and not s.table_dice_for(0) and not s.table_dice_for(None)
    assert s.history_entry(len(s.events) - 1).text == "table dice for B; d6tui rolls the rest"
    s.do(toy.roll, dice=s.dice)
    s.undo()  # undo passes the setting by: it is no game move
    assert s.table_dice_for(1)
    s.close()
    s = Session.load(path, rules=two_seats)
    assert s.table_dice_for(1) and not s.table_dice_for(0)
    s.set_table_dice(everyone=True)
    assert s.table_dice_for(0) and s.table_dice_for(None)
    s.set_table_dice([])
    assert not s.table_dice_for(1)
    assert s.history_entry(len(s.events) - 1).text == "table dice off: d6tui rolls every die"
    with pytest.raises(RuleError, match="no seat 5; the game has 2"):
        s.set_table_dice([4])


def test_typed_dice_cannot_replace_dice_an_undo_left_on_the_table() -> None:
    from d6tui.engine.errors import DiceError

    s = Session.new(toy.RULES, {"players": ["A"], "seed": 2})
    first = s.do(toy.roll, dice=s.dice)
    s.undo()
    other = 1 if faces(first) != [1] else 2
    with pytest.raises(DiceError, match="still on the table"):
        s.do(toy.roll, faces=[other])
    assert faces(s.do(toy.roll, dice=s.dice)) == faces(first)  # the app's roll takes them
    s.do(toy.roll, faces=[other])  # with the table clear, typed dice are the players' own
