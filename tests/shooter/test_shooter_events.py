"""D6 Shooter event cards: Escape, Jail Break, dice challenges, Shooting Contest ("Card Index")."""

from __future__ import annotations

from dataclasses import replace

import pytest

from d6tui.engine.dice import Dice
from d6tui.engine.errors import EventError, RuleError
from d6tui.games.shooter import commands as C
from d6tui.games.shooter.actions import find_action, legal_actions
from d6tui.games.shooter.fold import fold
from d6tui.games.shooter.state import Phase, ShooterState, card_rep, jail_rep
from tests.shooter.helpers import act, bandit, game, ids, old_start_payload, place, symbols

ESCAPE = ids("event", "escape")[0]
JAIL_BREAK = ids("event", "jail_break")[0]
PAN = ids("event", "pan_for_gold")[0]
BRAWL = ids("event", "stop_bar_brawl")[0]
ROBBERY = ids("event", "stop_robbery")[0]
CONTEST = ids("event", "shooting_contest")[0]
HORSEBACK = ids("store", "horseback")[0]
NIGHT_WATCH = ids("store", "night_watch")[0]
SHACKLES = ids("store", "shackles")[0]
RELOAD = ids("store", "reload")[0]


def captured_then(top_after: list[str], extra_state=None):
    """Ann captures a 1-symbol bandit and presses on into ``top_after``."""
    b = bandit(1)
    s = game(top=[b, *top_after])
    if extra_state:
        s = extra_state(s)
    s = act(s, C.draw)
    s = act(s, C.roll, roll=symbols(b) + ["joker"] * 5)
    return b, act(s, C.press_on)


# -- Escape ------------------------------------------------------------------------------------


def test_escape_with_bandits_in_play_discards_them_and_ends_the_turn() -> None:
    b, s = captured_then([ESCAPE])
    assert s.phase == Phase.END and s.in_play == () and s.players[0].jail == ()
    assert set(s.discard) == {b, ESCAPE}


def test_escape_with_nothing_in_play_is_discarded_and_you_draw_again() -> None:
    b = bandit(1)
    s = act(game(top=[ESCAPE, b]), C.draw)
    assert s.phase == Phase.DRAW and s.discard == (ESCAPE,)
    assert [a.name for a in legal_actions(s)] == ["draw"]
    with pytest.raises(RuleError):
        C.buy(s, card=s.store_up[0], paying=["B01"])
    s = act(s, C.draw)
    assert s.phase == Phase.HUNT and s.hunting == b


def test_horseback_answers_an_escape() -> None:
    b, s = captured_then([ESCAPE], lambda s: place(s, 0, hand=[HORSEBACK]))
    assert s.phase == Phase.ESCAPE and s.resolving == ESCAPE
    assert {a.name for a in legal_actions(s)} == {"horseback", "accept"}
    s2 = act(s, C.horseback)
    assert s2.phase == Phase.END and s2.players[0].jail == (b,)
    assert s2.players[0].hand == () and HORSEBACK in s2.store_discard
    assert ESCAPE in s2.discard
    s3 = act(s, C.accept)
    assert s3.phase == Phase.END and s3.players[0].jail == () and b in s3.discard
    assert s3.players[0].hand == (HORSEBACK,)


# -- Jail Break --------------------------------------------------------------------------------


def test_jail_break_empties_unshackled_jail_keeps_contest_cards_and_jails_in_play() -> None:
    j1, j2, j3 = bandit(2), bandit(3), bandit(4)

    def setup(s):
        return place(s, 0, jail=[j1, j2, j3, CONTEST], shackles=[(SHACKLES, (j3,))])

    b, s = captured_then([JAIL_BREAK], setup)
    assert s.phase == Phase.END
    assert s.players[0].jail == (j3, CONTEST, b)
    assert {j1, j2, JAIL_BREAK} <= set(s.discard)
    assert s.players[0].shackled == {j3}


def test_jail_break_with_no_bandit_in_jail_is_discarded_and_you_draw_again() -> None:
    b2 = bandit(2)
    b, s = captured_then([JAIL_BREAK, b2], lambda s: place(s, 0, jail=[CONTEST]))
    assert s.phase == Phase.DRAW and s.discard == (JAIL_BREAK,) and s.in_play == (b,)
    s = act(s, C.draw)
    assert s.phase == Phase.HUNT and s.in_play == (b, b2) and s.dice.free == 6


def test_night_watch_answers_a_jail_break() -> None:
    j = bandit(3)
    b, s = captured_then([JAIL_BREAK], lambda s: place(s, 0, jail=[j], hand=[NIGHT_WATCH]))
    assert s.phase == Phase.JAIL_BREAK
    s2 = act(s, C.night_watch)
    assert s2.phase == Phase.END and s2.players[0].jail == (j, b)
    assert NIGHT_WATCH in s2.store_discard and JAIL_BREAK in s2.discard
    s3 = act(s, C.accept)
    assert s3.players[0].jail == (b,) and j in s3.discard


def test_jail_break_on_shackled_only_jail_costs_nothing_but_ends_the_turn() -> None:
    j = bandit(3)
    b, s = captured_then([JAIL_BREAK], lambda s: place(
        s, 0, jail=[j], hand=[NIGHT_WATCH], shackles=[(SHACKLES, (j,))]))
    assert s.phase == Phase.END and s.players[0].jail == (j, b)
    assert s.players[0].hand == (NIGHT_WATCH,)


# -- dice challenges ---------------------------------------------------------------------------


@pytest.mark.parametrize("card,suit", [(PAN, "diamond"), (BRAWL, "heart"), (ROBBERY, "club")])
def test_challenge_needs_three_of_its_suit_skulls_and_jokers_count_nothing(card, suit) -> None:
    s = act(game(top=[card]), C.draw)
    assert s.phase == Phase.CHALLENGE and s.resolving == card and s.dice.free == 6
    s = act(s, C.roll, roll=[suit, "skull", "skull", "joker", "joker", "spade"])
    assert len(s.dice.kept) == 1 and s.dice.free == 5 and s.dice.skulls == 0
    s = act(s, C.roll, roll=[suit, suit, suit, "skull", "joker"])
    assert s.phase == Phase.REWARD and len(s.dice.kept) == 3


def test_challenge_lost_after_three_rolls_ends_the_turn_and_jails_bandits_in_play() -> None:
    b, s = captured_then([PAN])
    assert s.phase == Phase.CHALLENGE and s.dice.free == 6  # fresh dice
    for _ in range(3):
        s = act(s, C.roll, roll=["skull"] * s.dice.free)
    assert s.phase == Phase.END and s.players[0].jail == (b,) and PAN in s.discard


def test_reward_takes_a_face_up_card_and_refills_from_face_down() -> None:
    s = act(game(top=[PAN]), C.draw)
    s = act(s, C.roll, roll=["diamond"] * 3 + ["skull"] * 3)
    up, down0 = s.store_up, s.store_down[0]
    take = find_action(s, "take_reward")
    assert take.choices[0].options == up and len(take.choices) == 1
    s = act(s, C.take_reward, card=up[1])
    assert s.players[0].hand == (up[1],)
    assert s.store_up == (up[0], up[2], down0)
    assert s.phase == Phase.END and PAN in s.discard


def test_reward_with_full_hand_gives_up_a_card_or_declines() -> None:
    h = ids("store", "horseback")
    s = place(game(top=[PAN]), 0, hand=h)
    s = act(act(s, C.draw), C.roll, roll=["diamond"] * 3 + ["skull"] * 3)
    take = find_action(s, "take_reward")
    assert [c.param for c in take.choices] == ["card", "discard"]
    with pytest.raises(RuleError, match="hand is full"):
        C.take_reward(s, card=s.store_up[0])
    up = s.store_up[0]
    s2 = act(s, C.take_reward, card=up, discard=h[0])
    assert s2.players[0].hand == (h[1], up) and h[0] in s2.store_discard
    s3 = act(s, C.decline_reward)
    assert s3.players[0].hand == tuple(h) and s3.phase == Phase.END


def test_store_discard_is_turned_face_down_when_the_pile_runs_out() -> None:
    s = act(game(top=[PAN]), C.draw)
    s = act(s, C.roll, roll=["diamond"] * 3 + ["skull"] * 3)
    down = s.store_down
    s = replace(s, store_down=(), store_discard=down)
    payload = C.take_reward(s, card=s.store_up[0], dice=Dice(3))
    # no order is stored: the discard becomes the pile, and only the card turned up is named
    assert payload["reshuffled"] is True
    assert payload["drawn"]["dice"] == "draw store" and len(payload["drawn"]["faces"]) == 1
    assert payload["drawn"]["faces"][0] in down
    s = act(s, C.take_reward, card=s.store_up[0], dice=Dice(3))
    assert len(s.store_up) == 3 and s.store_discard == () and len(s.store_down) == 6
    assert payload["drawn"]["faces"][0] in s.store_up


def test_old_saves_shuffle_the_store_discard_into_the_stored_order() -> None:
    s = act(fold(ShooterState(), old_start_payload(top=[PAN])), C.draw)
    s = act(s, C.roll, roll=["diamond"] * 3 + ["skull"] * 3)
    down = s.store_down
    s = replace(s, store_down=(), store_discard=down)
    order = list(reversed(down))
    ev = {"type": "reward_taken", "by": "Ann", "card": s.store_up[0],
          "name": "x", "event": PAN, "reshuffled": order}
    s2 = fold(s, ev)
    assert s2.store_up == s.store_up[1:] + (order[0],) and s2.store_down == tuple(order[1:])
    with pytest.raises(EventError, match="store discard"):
        fold(s, {**ev, "reshuffled": order[1:]})


# -- Shooting Contest --------------------------------------------------------------------------


def test_shooting_contest_won_by_the_player_goes_to_their_jail_worth_two_rep() -> None:
    b, s = captured_then([CONTEST])
    assert s.phase == Phase.CONTEST and s.contest.opponent == 1
    a = find_action(s, "contest_roll")
    assert a.rolls == (("roll", 3), ("opponent_roll", 3))
    s = act(s, C.contest_roll, roll=["skull", "joker", "heart"],
            opponent_roll=["skull", "skull", "joker"])
    assert s.contest.skulls == (1, 2)
    assert find_action(s, "contest_roll").rolls == (("roll", 2), ("opponent_roll", 1))
    s = act(s, C.contest_roll, roll=["skull", "skull"], opponent_roll=["heart"])
    assert s.phase == Phase.END and s.players[0].jail == (CONTEST, b)
    assert card_rep(s, CONTEST) == 2 and jail_rep(s, s.players[0]) == 2 + s.cards[b].rep


def test_shooting_contest_can_be_won_by_the_player_to_the_left() -> None:
    s = act(game(top=[CONTEST]), C.draw)
    s = act(s, C.contest_roll, roll=["heart"] * 3, opponent_roll=["skull"] * 3)
    assert s.players[1].jail == (CONTEST,) and s.players[0].jail == ()
    assert s.phase == Phase.END and s.current == 0


def test_shooting_contest_tie_starts_both_over() -> None:
    s = act(game(players=["Ann", "Bob"], top=[CONTEST]), C.draw)
    s = act(s, C.contest_roll, roll=["skull"] * 3, opponent_roll=["skull"] * 3)
    assert s.phase == Phase.CONTEST and s.contest.skulls == (0, 0) and s.contest.rounds == 1
    s = act(s, C.contest_roll, roll=["skull"] * 3, opponent_roll=["skull", "joker", "joker"])
    assert s.players[0].jail == (CONTEST,)


def test_contest_card_cannot_pay_for_store_cards() -> None:
    s = place(game(), 0, jail=[CONTEST])
    assert find_action(s, "buy") is None
    with pytest.raises(RuleError, match="not a bandit"):
        C.buy(s, card=s.store_up[0], paying=[CONTEST])
    assert RELOAD
