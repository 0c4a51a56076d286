"""Dogmud beyond combat ("Village Signs": DOGMUD, any one of YOUR dice during your turn): a
failed stealth check and a Fountain of You roll may be rerolled for two gold."""

from __future__ import annotations

from dataclasses import replace

from tests.d6_board.helpers import begun, ids, play, put, set_up


def _in_danger(gold: int = 4):  # noqa: ANN202
    state = begun(set_up(), "1", gold=gold, stats=(4, 4, 4, 4))
    state, token = put(state, "goblin", "1")
    return state, token


def test_a_failed_stealth_check_rerolled_passes_and_the_move_goes_ahead() -> None:
    state, token = _in_danger()
    state = play(state, "move:2", {"stealth": 5})
    assert state.engaged == (token,) and state.hero.space == "1" and state.retry
    assert "dogmud:check" in ids(state)
    state = play(state, "dogmud:check", {"roll": 2})
    h = state.hero
    assert h.space == "2" and h.gold == 2 and state.engaged == () and state.actions == 1
    assert state.retry is None and "passed" in state.note


def test_a_rerolled_check_may_fail_again_and_be_rerolled_while_funds_last() -> None:
    state, token = _in_danger(gold=4)
    state = play(state, "gather", {"stealth": 6, "gather": 1})
    state = play(state, "dogmud:check", {"roll": 4})
    assert state.engaged == (token,) and state.hero.gold == 2 and state.retry["face"] == 4
    state = play(state, "dogmud:check", {"roll": 1})
    assert state.engaged == () and state.hero.gold == 0 and state.actions == 1
    assert "dogmud:check" not in ids(state)


def test_the_reroll_lapses_once_anything_else_is_done() -> None:
    state, token = _in_danger()
    state = play(state, "hunt", {"stealth": 6})
    state = play(state, f"fight:{token}")
    assert state.retry is None and "dogmud:check" not in ids(state)


def test_no_reroll_without_two_gold() -> None:
    state, _ = _in_danger(gold=1)
    state = play(state, "move:2", {"stealth": 6})
    assert "dogmud:check" not in ids(state)


def test_the_fountain_roll_rerolled() -> None:
    state = begun(set_up(), "V", gold=5, stats=(3, 5, 5, 5))
    state = play(state, "fountain", {"roll": 4})
    assert state.fountain == 4 and "dogmud:fountain" in ids(state)
    state = play(state, "dogmud:fountain", {"roll": 6})
    assert state.fountain == 6 and state.hero.gold == 2
    state = play(state, "fountain:strength")
    assert state.hero.stat("strength") == 6
    state = replace(begun(state, "V", gold=3, stats=(3, 5, 5, 5)), fountain=4)
    state = play(state, "dogmud:fountain", {"roll": 2})
    assert state.fountain == 0 and "nothing rose" in state.note


def _bot_pick(state) -> str:  # noqa: ANN001
    import random

    from d6tui.games.d6_board.bot import choose
    from d6tui.games.d6_board.moves import moves, seat_to_move

    seat = seat_to_move(state)
    return choose(state, seat, moves(state, seat), random.Random(0))[0].id


def _failed(kind: str, stealth: int, gold: int = 5, bounty: bool = False):  # noqa: ANN202
    state = begun(set_up(), "1", gold=gold, stats=(4, stealth, 4, 4))
    state, token = put(state, kind, "1")
    if not bounty:  # no posted bounty asks for this enemy here
        state = replace(state, bounties=tuple(
            b for b in state.bounties if str(state.card(b)["space"]) != "1"))
    state = play(state, "move:2", {"stealth": 6})
    assert state.retry and "dogmud:check" in ids(state)
    return state


def test_the_bot_buys_the_reroll_when_it_is_worth_the_price() -> None:
    """"DOGMUD": the computer rerolls a failed stealth check when the reroll passes often
    enough (stealth 5 on a d6: 4 in 6) and the fight it forced is one it would not pick
    (a d8 enemy), keeping gold in reserve."""
    assert _bot_pick(_failed("owlbear", stealth=5)) == "dogmud:check"


def test_the_bot_keeps_its_gold_when_the_reroll_is_not_worth_it() -> None:
    """Not at stealth 3 (2 in 6), not against a d4 Goblin it would fight anyway, not with
    too little gold left over."""
    assert _bot_pick(_failed("owlbear", stealth=3)) != "dogmud:check"
    assert _bot_pick(_failed("goblin", stealth=5)) != "dogmud:check"
    assert _bot_pick(_failed("owlbear", stealth=5, gold=3)) != "dogmud:check"


def test_a_failed_check_says_what_the_die_showed() -> None:
    """"Stealth": roll under it, a tie fails; the note shows the die and the stealth."""
    state, _ = _in_danger()
    state = play(state, "move:2", {"stealth": 4})
    assert state.note == "stealth check 4 not under stealth 4: failed (a tie fails); engaged"
