"""The expansion's classes and the Werewolf's rules (rulebook Part IV "Class Boards and
Class Miniatures")."""

from __future__ import annotations

import pytest

from d6tui.engine.errors import RuleError
from d6tui.engine.game import find_move
from d6tui.games.d6_board.moves import moves
from tests.d6_board.helpers import begun, ids, new_session, play, put, set_up


def test_expansion_classes_only_with_the_option() -> None:
    plain = new_session(1)
    assert [m.id for m in moves(plain.state, 0)] == ["choose"]
    classes = [v for v, _ in find_move(moves(plain.state, 0), "choose").choices[0].options]
    assert "werewolf" not in classes and len(classes) == 4
    s = new_session(1, expansion=True)
    m = find_move(moves(s.state, 0), "choose")
    assert {"bard", "cleric"} <= {v for v, _ in m.choices[0].options}
    assert "W01" not in {v for v, _ in m.choices[1].options}
    wolf = find_move(moves(s.state, 0), "choose:werewolf")
    assert {v for v, _ in wolf.choices[0].options} == {"W01", "W02"}


def test_the_werewolf_board_takes_a_werewolf_hero() -> None:
    """"...you'll need to use a Werewolf hero with the Werewolf class board"."""
    s = new_session(1, expansion=True)
    m = find_move(moves(s.state, 0), "choose")
    with pytest.raises(RuleError):
        s.play(m, {"klass": "bard", "hero": "W01", "board": "amber"})
    s.play(find_move(moves(s.state, 0), "choose:werewolf"), {"hero": "W01", "board": "amber"})
    assert s.state.heroes[0].klass == "werewolf"
    assert "choose:werewolf" not in [x.id for x in moves(s.state, 1)]


def _wolf(space: str = "1", **hero):  # noqa: ANN003, ANN202
    state = set_up(expansion=True)
    state = state.with_hero(0, klass="werewolf", hero="W01", chib=True)
    return begun(state, space, stats=(4, 4, 4, 4), **hero)


def test_a_werewolf_chib_rolls_a_d8_and_may_not_enter_the_village() -> None:
    """Part IV: a D8 in chib form; no Village while a chib."""
    state = _wolf("1", bottles=("wingso", ""))
    assert "move:V" not in ids(state) and "move:2" in ids(state)
    assert "potion:wingso" not in ids(state)
    state, tok = put(state, "goblin", "1")
    state = play(state, f"fight:{tok}")
    atk = find_move(moves(state, 0), "attack:natural")
    assert atk.dice[0].die.sides == 8
    human = begun(set_up(expansion=True).with_hero(0, klass="werewolf", hero="W01"), "1")
    assert "move:V" in ids(human)


def test_a_werewolf_chib_may_buff_but_not_wield() -> None:
    """Part IV: no weapon cards in chib form, buff cards allowed."""
    state = set_up(expansion=True)
    buff = next(c for c, v in state.content["advantage"].items() if v["kind"] == "buff"
                and v["effect"] == "plus")
    weapon = next(c for c, v in state.content["advantage"].items() if v["kind"] == "weapon")
    state = _wolf("5", hand=(buff, weapon))
    state, tok = put(state, "goblin", "5")
    state = play(state, f"fight:{tok}")
    assert not any(m.startswith(f"attack:{weapon}") for m in ids(state))
    state = play(state, "attack:natural", {"hero1": 2, "enemy": 4})
    assert f"buff:{buff}" in ids(state)
