"""D6 Shooter: setup, drawing, hunting bandits, pressing on, skull re-rolls ("On Your Turn")."""

from __future__ import annotations

import pytest

from d6tui.engine.dice import Dice
from d6tui.engine.errors import EventError, RuleError
from d6tui.games.shooter import commands as C
from d6tui.games.shooter.actions import find_action, legal_actions
from d6tui.games.shooter.fold import fold
from d6tui.games.shooter.rules import check_options
from d6tui.games.shooter.state import (
    Phase,
    ShooterState,
    current_player,
    rep_needed,
    unmatched,
)
from tests.shooter.helpers import (
    act,
    bandit,
    game,
    ids,
    old_start_payload,
    place,
    symbols,
    with_rank,
)

OTHER = {"heart": "spade", "spade": "heart", "club": "diamond", "diamond": "club"}


def off(sym: str) -> str:
    """A suit face that is not ``sym``."""
    return OTHER[sym]


# -- setup -------------------------------------------------------------------------------------


def test_options_need_two_to_four_unique_names() -> None:
    assert check_options({"players": [" Ann ", "Bob"], "seed": 3}) == {
        "players": ["Ann", "Bob"], "seed": 3}
    for bad in (["Ann"], ["A", "B", "C", "D", "E"], ["Ann", "Ann"], ["Ann", ""], ["Ann", 3]):
        with pytest.raises(RuleError):
            check_options({"players": bad})
    with pytest.raises(RuleError):
        check_options({"players": ["A", "B"], "seed": "x"})


def test_game_starts_with_first_player_three_store_cards_and_all_cards() -> None:
    s = game()
    assert s.phase == Phase.START
    assert current_player(s).name == "Ann" and s.pending == 0
    assert len(s.store_up) == 3 and len(s.store_down) == 7
    assert len(s.deck) == 90 and len(s.cards) == 100
    assert all(p.rank == 0 and p.jail == () and p.hand == () for p in s.players)
    assert s.rerolls_left == 0
    assert [a.name for a in legal_actions(s)] == ["draw"]


def test_rep_needed_per_rank() -> None:
    assert [rep_needed(r) for r in range(3)] == [6, 8, 10]
    with pytest.raises(ValueError):
        rep_needed(3)


# -- a hunt ------------------------------------------------------------------------------------


def test_capture_keeps_exact_symbols_first_then_jokers_and_loses_skulls() -> None:
    b = bandit(3)  # e.g. spade, diamond, club
    a, x, y = symbols(b)
    s = act(game(top=[b]), C.draw)
    assert s.phase == Phase.HUNT and s.hunting == b and s.in_play == (b,)
    assert s.dice.free == 6
    # a joker before the exact face: the exact face still fills its own symbol, and the
    # joker fills the first symbol still missing in card order
    s = act(s, C.roll, roll=["joker", a, "skull", "skull", "skull", "skull"])
    assert [(k.face, k.symbol) for k in s.dice.kept] == [(a, a), ("joker", x)]
    assert s.dice.skulls == 4 and s.dice.free == 0
    assert s.rolls_used == 1 and s.last_roll[0] == "joker"
    # one symbol missing, no free die and no rescue: the capture fails at once
    assert s.phase == Phase.END and s.discard == (b,) and s.in_play == ()


def test_unneeded_suits_are_rolled_again() -> None:
    b = bandit(3)
    a, x, y = symbols(b)
    s = act(game(top=[b]), C.draw)
    s = act(s, C.roll, roll=[a, a, a, "skull", "joker", "skull"])
    assert sorted(k.symbol for k in s.dice.kept) == sorted([a, x])
    assert s.dice.free == 2 and s.dice.skulls == 2 and s.phase == Phase.HUNT
    assert unmatched(s) == (y,)


def test_symbols_match_as_a_multiset_in_any_order() -> None:
    b = bandit(3)
    faces = list(reversed(symbols(b))) + ["skull", "joker", "skull"]
    s = act(act(game(top=[b]), C.draw), C.roll, roll=faces)
    assert s.phase == Phase.CAPTURED and s.hunting == "" and s.in_play == (b,)
    # the joker was not needed, so it is not kept
    assert [k.face for k in s.dice.kept] == list(reversed(symbols(b)))
    assert s.dice.skulls == 2
    assert {a.name for a in legal_actions(s)} == {"press_on", "stop"}


def test_jokers_are_wild() -> None:
    b = bandit(2)
    s = act(act(game(top=[b]), C.draw), C.roll, roll=["joker", "joker", "skull", "skull",
                                                       "skull", "skull"])
    assert s.phase == Phase.CAPTURED
    assert sorted(k.symbol for k in s.dice.kept) == sorted(symbols(b))


def test_second_roll_rolls_only_free_dice() -> None:
    b = bandit(2)
    a, c = symbols(b)
    s = act(act(game(top=[b]), C.draw), C.roll, roll=[a, "skull", off(c), off(c), off(c), off(c)])
    assert s.dice.free == 4 and len(s.dice.kept) == 1
    assert find_action(s, "roll").rolls == (("roll", 4),)
    with pytest.raises(RuleError, match="type 4 dice, not 6"):
        C.roll(s, roll=[c] * 6)
    s = act(s, C.roll, roll=[c, "skull", "skull", "heart"])
    assert s.phase == Phase.CAPTURED and s.dice.skulls == 3


def test_three_misses_fail_the_capture_and_end_the_turn() -> None:
    b = bandit(1)
    (sym,) = symbols(b)
    miss = off(sym)
    s = act(game(top=[b]), C.draw)
    for _ in range(2):
        s = act(s, C.roll, roll=[miss] * s.dice.free)
        assert s.phase == Phase.HUNT
    s = act(s, C.roll, roll=[miss] * s.dice.free)
    assert s.phase == Phase.END and s.in_play == () and s.discard == (b,)
    assert s.players[0].jail == ()
    with pytest.raises(RuleError):
        C.roll(s)
    s = act(s, C.end_turn)
    assert s.current == 1 and s.phase == Phase.START and s.turn == 2


def test_stop_puts_bandits_in_jail_then_end_turn_passes_left() -> None:
    b = bandit(1)
    s = act(act(game(top=[b]), C.draw), C.roll, roll=symbols(b) + ["skull"] * 5)
    s = act(s, C.stop)
    assert s.phase == Phase.END and s.players[0].jail == (b,) and s.in_play == ()
    s = act(s, C.end_turn)
    assert s.current == 1 and s.players[1].name == "Bob"
    assert s.dice.free == 6 and s.dice.skulls == 0


def test_press_on_uses_only_the_dice_that_are_not_skulls() -> None:
    b1, b2 = bandit(1), bandit(2)
    s = act(game(top=[b1, b2]), C.draw)
    s = act(s, C.roll, roll=symbols(b1) + ["skull", "skull", "joker", "joker", "joker"])
    assert s.phase == Phase.CAPTURED
    s = act(s, C.press_on)
    assert s.phase == Phase.HUNT and s.hunting == b2 and s.in_play == (b1, b2)
    assert s.dice.free == 4 and s.dice.skulls == 2 and s.dice.kept == ()
    assert s.captured == (b1,)
    s = act(s, C.roll, roll=symbols(b2) + ["skull", "skull"])
    assert s.phase == Phase.CAPTURED and s.dice.skulls == 4
    s = act(s, C.stop)
    assert s.players[0].jail == (b1, b2)


def test_failed_capture_after_pressing_on_loses_every_bandit_in_play() -> None:
    b1, b2 = bandit(1), bandit(1, 1)
    s = act(game(top=[b1, b2]), C.draw)
    s = act(s, C.roll, roll=symbols(b1) + ["club"] * 5)
    s = act(s, C.press_on)
    miss = off(symbols(b2)[0])
    for _ in range(3):
        s = act(s, C.roll, roll=[miss] * s.dice.free)
    assert s.phase == Phase.END and set(s.discard) == {b1, b2} and s.players[0].jail == ()


def test_too_few_free_dice_without_rescue_fails_at_once() -> None:
    b1, b5 = bandit(1), bandit(5)
    s = act(game(top=[b1, b5]), C.draw)
    s = act(s, C.roll, roll=symbols(b1) + ["skull"] * 5)  # 5 skulls out: 1 die left
    s = act(s, C.press_on)  # a 5-symbol bandit with 1 free die and no rescue
    assert s.phase == Phase.END and set(s.discard) == {b1, b5}


def test_too_few_dice_with_a_rescue_lets_the_player_choose() -> None:
    b1, b5 = bandit(1), bandit(5)
    s = with_rank(game(top=[b1, b5]), 0, 1)  # Deputy: one skull re-roll
    s = act(s, C.draw)
    s = act(s, C.roll, roll=symbols(b1) + ["skull"] * 5)
    s = act(s, C.press_on)
    assert s.phase == Phase.HUNT
    names = {a.name for a in legal_actions(s)}
    assert {"roll", "skull_reroll", "give_up"} <= names
    s = act(s, C.give_up)
    assert s.phase == Phase.END and set(s.discard) == {b1, b5}


def test_give_up_is_refused_while_rolling_can_still_capture() -> None:
    s = act(game(top=[bandit(1)]), C.draw)
    with pytest.raises(RuleError, match="still have dice"):
        C.give_up(s)


# -- skull re-rolls ----------------------------------------------------------------------------


def test_deputy_skull_reroll_counts_as_part_of_the_roll() -> None:
    b = bandit(2)
    a, c = symbols(b)
    s = with_rank(game(top=[b]), 0, 1)
    assert s.rerolls_left == 1
    s = act(act(s, C.draw), C.roll, roll=[a, "skull", off(c), off(c), off(c), off(c)])
    s = act(s, C.skull_reroll, roll=[c])
    assert s.phase == Phase.CAPTURED and s.rolls_used == 1 and s.rerolls_left == 0
    assert s.dice.skulls == 0


def test_reroll_needs_a_skull_and_a_reroll_left() -> None:
    b = bandit(2)
    s = act(game(top=[b]), C.draw)
    with pytest.raises(RuleError, match="no skull re-roll left"):
        C.skull_reroll(with_rank(s, 0, 0))
    s = with_rank(s, 0, 1)
    with pytest.raises(RuleError, match="no skull die is out"):
        C.skull_reroll(s)


def test_last_chance_after_third_roll_then_reroll_or_give_up() -> None:
    b = bandit(1)
    (sym,) = symbols(b)
    miss = off(sym)
    s = with_rank(act(game(top=[b]), C.draw), 0, 2)  # Sheriff: 2 re-rolls
    s = act(s, C.roll, roll=["skull"] + [miss] * 5)
    s = act(s, C.roll, roll=[miss] * 5)
    s = act(s, C.roll, roll=[miss] * 5)
    assert s.phase == Phase.LAST_CHANCE
    assert [a.name for a in legal_actions(s)] == ["skull_reroll", "give_up"]
    s = act(s, C.skull_reroll, roll=["skull"])  # the skull comes back out
    assert s.phase == Phase.LAST_CHANCE and s.rerolls_left == 1
    s = act(s, C.skull_reroll, roll=[sym])
    assert s.phase == Phase.CAPTURED and s.rerolls_left == 0


def test_third_roll_miss_without_reroll_fails_automatically() -> None:
    b = bandit(1)
    miss = off(symbols(b)[0])
    s = with_rank(act(game(top=[b]), C.draw), 0, 1)
    s = act(s, C.roll, roll=[miss] * 6)  # no skull: a re-roll could not help
    s = act(s, C.roll, roll=[miss] * 6)
    s = act(s, C.roll, roll=[miss] * 6)
    assert s.phase == Phase.END


def test_no_last_chance_when_rerolls_cannot_fill_every_missing_symbol() -> None:
    b = bandit(2)
    s = with_rank(act(game(top=[b]), C.draw), 0, 2)  # Sheriff: 2 re-rolls
    s = act(s, C.roll, roll=["skull"] + [_miss(b)] * 5)
    s = act(s, C.roll, roll=[_miss(b)] * 5)
    s = act(s, C.roll, roll=[_miss(b)] * 5)
    # two symbols missing but only one skull die out: re-rolls cannot capture
    assert s.phase == Phase.END


def _miss(b: str) -> str:
    return next(x for x in ("spade", "heart", "club", "diamond") if x not in symbols(b))


def test_rerolls_are_per_turn_not_per_bandit() -> None:
    b1, b2 = bandit(2), bandit(2, 1)
    a, c = symbols(b1)
    s = with_rank(game(top=[b1, b2]), 0, 1)
    s = act(act(s, C.draw), C.roll, roll=[a, "skull", "skull", off(c), off(c), off(c)])
    s = act(s, C.skull_reroll, roll=[c])
    s = act(s, C.press_on)
    assert s.rerolls_left == 0 and s.dice.skulls == 1
    assert find_action(s, "skull_reroll") is None
    s = act(s, C.stop if s.phase == Phase.CAPTURED else C.roll,
            roll=symbols(b2) + ["skull"] * 3)
    s = act(s, C.stop)
    s = act(act(s, C.end_turn), C.draw)  # Bob
    s = act(s, C.give_up) if s.phase == Phase.HUNT and find_action(s, "give_up") else s
    # back to Ann: her Deputy re-roll is there again
    while s.current != 0:
        for name in ("stop", "end_turn", "give_up", "decline_reward", "accept"):
            a_ = find_action(s, name)
            if a_:
                s = act(s, a_.command)
                break
        else:
            a_ = legal_actions(s)[0]
            s = act(s, a_.command)
    assert s.phase == Phase.START and s.rerolls_left == 1


# -- the deck ----------------------------------------------------------------------------------


def test_empty_deck_turns_the_discard_pile_into_an_unordered_deck() -> None:
    from dataclasses import replace

    s = game()
    s = replace(s, discard=s.deck, deck=())
    payload = C.draw(s, dice=Dice(5))
    # no order is stored: the event says the discard became the deck, and what was drawn
    assert payload["reshuffled"] is True
    assert payload["drawn"] == {"dice": "draw game", "faces": [payload["card"]],
                                "source": "app"}
    assert payload["card"] in s.discard
    s2 = act(s, C.draw, dice=Dice(5))
    assert s2.discard == () or s2.discard == (payload["card"],)
    assert len(s2.deck) == 89 and payload["card"] not in s2.deck


def test_old_saves_reshuffle_the_discard_pile_into_the_stored_order() -> None:
    from dataclasses import replace

    s = fold(ShooterState(), old_start_payload())
    s = replace(s, discard=s.deck, deck=())
    b = bandit(1)
    order = [b] + [c for c in reversed(s.discard) if c != b]
    ev = {"type": "card_drawn", "by": "Ann", "card": b, "reshuffled": order}
    s2 = fold(s, ev)
    assert s2.discard == () and s2.deck == tuple(order[1:]) and s2.in_play == (b,)
    with pytest.raises(EventError, match="top card"):
        fold(s, {**ev, "card": order[1]})
    with pytest.raises(EventError, match="discard pile"):
        fold(s, {**ev, "reshuffled": order[1:]})


def test_deck_and_discard_empty_ends_the_turn_without_a_draw() -> None:
    from dataclasses import replace

    s = game()
    s = place(s, 1, jail=[c for c in s.deck])
    s = replace(s, discard=())
    assert s.deck == ()
    s = act(s, C.draw)
    assert s.phase == Phase.END


def test_draw_only_in_start_or_draw_phase() -> None:
    s = act(game(top=[bandit(1)]), C.draw)
    with pytest.raises(RuleError, match="draw a card"):
        C.draw(s)
    assert ids("event")
