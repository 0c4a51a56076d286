"""A roll held once seen (d6tui.games.tales.held): the Hobbit's cookie (R03) and a Meeple
(J08) are moves of their own after the dice are recorded, and the kept roll resolves as the
one combined event of older saves."""

from __future__ import annotations

from dataclasses import replace

import pytest

from d6tui.engine.dice import Dice
from d6tui.engine.errors import RuleError
from d6tui.engine.game import find_move
from d6tui.engine.session import Session
from d6tui.games.tales import commands, moves, play
from d6tui.games.tales.state import Tale
from tests.tales.util import R, act, at_step, begin, hero, open_square, sq, waits


def _terrain_roll(race: str = "hobbit", items: tuple[str, ...] = ("Cookie",)) -> Tale:
    s = at_step(begin(race), "movement", "III-4")
    s = replace(s, squares=tuple(open_square("plains") if i == sq("III-4") else q
                                 for i, q in enumerate(s.squares)))
    s = hero(act(s, commands.stop), items=items)
    assert waits(s) == "roll roll:terrain"
    return s


def _run(s: Tale, move_id: str, **rolls: object) -> tuple[Tale, dict]:
    move = find_move(moves.moves(s, 0), move_id)
    event = move.run(s, Dice(1), **rolls)
    return play.apply(s, event), event


def test_a_roll_the_cookie_would_change_is_held_then_kept_with_the_cookie() -> None:
    s = _terrain_roll()
    s, event = _run(s, "roll", roll=R(3, 5))  # 8: nothing; 7 would be a fight
    assert event["type"] == "dice_rolled" and s.held is not None
    ids = [m.id for m in moves.moves(s, 0)]
    # only the moves of the held dice (and the names, which change nothing)
    assert ids[:3] == ["keep_roll", "use_cookie:0:-1", "use_cookie:1:-1"]
    assert not any(i.startswith(("move", "stop", "roll")) for i in ids)
    with pytest.raises(RuleError, match="keep the roll"):
        play.apply(s, {"type": "turn_ended"})
    kept, event = _run(s, "use_cookie:0:-1")
    assert event == {"type": "roll_kept", "cookie": [0, -1], "note": event["note"]}
    assert kept.held is None and kept.fight is not None  # 2+5 = 7: a fight (R10)
    assert kept.hero is not None and "Cookie" not in kept.hero.items


def test_a_roll_no_cookie_move_changes_resolves_at_once() -> None:
    s = _terrain_roll()
    s, event = _run(s, "roll", roll=R(4, 5))  # 8, 9 and 10 are all "nothing"
    assert event["type"] == "rolled" and s.held is None
    assert s.hero is not None and "Cookie" in s.hero.items


def test_the_meeple_rolls_again_once_then_the_second_roll_counts() -> None:
    s = _terrain_roll("dwarf", items=("Meeple",))
    s, event = _run(s, "roll", roll=R(3, 3))  # a fight, unless re-rolled
    assert event["type"] == "dice_rolled"
    assert [m.id for m in moves.moves(s, 0)][:2] == ["keep_roll", "meeple_reroll"]
    move = find_move(moves.moves(s, 0), "meeple_reroll")
    assert [d.count for d in move.dice] == [2]
    s, event = _run(s, "meeple_reroll", roll=R(4, 5))
    assert event["type"] == "meeple_rerolled" and s.held is not None
    assert "meeple_reroll" not in [m.id for m in moves.moves(s, 0)]  # once (J08)
    s, _ = _run(s, "keep_roll")
    assert s.held is None and s.fight is None  # 4+5 = 9: nothing happens
    assert s.hero is not None and "Meeple" not in s.hero.items


def test_the_held_roll_replays_and_undo_gives_the_same_dice(tmp_path) -> None:  # noqa: ANN001
    session = Session.new("tales", {"name": "Pip", "race": "hobbit", "seed": 3},
                          path=tmp_path / "t.toml")
    first = session.play(find_move(session.moves(), "roll"))
    assert first["type"] == "dice_rolled"  # the castle: every cookie move changes the square
    session.undo()
    again = session.play(find_move(session.moves(), "roll"))
    assert again["roll"]["faces"] == first["roll"]["faces"]  # no free re-roll
    cookie = next(m for m in session.moves() if m.id.startswith("use_cookie"))
    session.play(cookie)
    loaded = Session.load(tmp_path / "t.toml")
    assert loaded.state == session.state
    assert loaded.state.hero is not None and "Cookie" not in loaded.state.hero.items
