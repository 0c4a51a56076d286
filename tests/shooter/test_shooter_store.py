"""D6 Shooter: buying, store cards, Rep and promotion ("General Store Cards", "Cashing in
Reputation Points", "Card Index")."""

from __future__ import annotations

from dataclasses import replace

import pytest

from d6tui.engine.errors import EventError, RuleError
from d6tui.games.shooter import commands as C
from d6tui.games.shooter.actions import find_action, legal_actions
from d6tui.games.shooter.fold import fold
from d6tui.games.shooter.state import Phase
from tests.shooter.helpers import BY_ID, act, bandit, game, ids, place, symbols, with_rank

DYNAMITE = ids("store", "dynamite")[0]
FALSELY = ids("store", "falsely_accused")[0]
TRANSFER = ids("store", "transfer_prisoner")[0]
SHACKLES = ids("store", "shackles")[0]
RELOAD = ids("store", "reload")[0]
SURROUNDED = ids("store", "we_have_you_surrounded")[0]
NIGHT_WATCH = ids("store", "night_watch")[0]
HORSEBACK = ids("store", "horseback")
CONTEST = ids("event", "shooting_contest")[0]


def bandits_worth(rep: int, skip: set[str] = frozenset()) -> list[str]:
    """Bandits whose Rep adds up to exactly ``rep`` (1-Rep bandits)."""
    ones = [c for c in ids("bandit") if BY_ID[c].rep == 1 and c not in skip]
    return ones[:rep]


def rich_bandits(n: int) -> list[str]:
    """``n`` bandits with the biggest rewards."""
    return sorted(ids("bandit"), key=lambda c: -BY_ID[c].reward)[:n]


# -- buying ------------------------------------------------------------------------------------


def test_buy_cashes_bandits_no_change_and_refills_the_store() -> None:
    s = game(store=[RELOAD])
    rich = rich_bandits(2)
    s = place(s, 0, jail=rich)
    price = BY_ID[RELOAD].price
    assert sum(BY_ID[b].reward for b in rich) > price  # overspending is allowed
    s2 = act(s, C.buy, card=RELOAD, paying=rich)
    assert s2.players[0].hand == (RELOAD,) and s2.players[0].jail == ()
    assert set(rich) <= set(s2.discard) and len(s2.store_up) == 3 and s2.bought
    assert find_action(s2, "buy") is None
    with pytest.raises(RuleError, match="only one store card per turn"):
        C.buy(s2, card=s2.store_up[0], paying=["B01"])


def test_buy_refuses_too_little_reward() -> None:
    s = game(store=[DYNAMITE])
    cheap = min(ids("bandit"), key=lambda c: BY_ID[c].reward)
    s = place(s, 0, jail=[cheap])
    with pytest.raises(RuleError, match=r"costs \$"):
        C.buy(s, card=DYNAMITE, paying=[cheap])


def test_buy_respects_the_hand_limit_and_the_start_phase() -> None:
    s = game(store=[RELOAD])
    s = place(s, 0, jail=rich_bandits(2), hand=HORSEBACK)
    assert find_action(s, "buy") is None
    with pytest.raises(RuleError, match="hand is full"):
        C.buy(s, card=RELOAD, paying=rich_bandits(2))
    s = place(game(store=[RELOAD], top=[bandit(1)]), 0, jail=rich_bandits(2))
    s = act(s, C.draw)
    with pytest.raises(RuleError, match="cannot buy"):
        C.buy(s, card=RELOAD, paying=rich_bandits(2))


def test_buy_choices_list_only_affordable_cards() -> None:
    # a $1 bandit buys nothing: no purchase is offered at all
    cheapest = min(ids("bandit"), key=lambda c: BY_ID[c].reward)
    assert BY_ID[cheapest].reward < min(BY_ID[c].price for c in ids("store"))
    assert find_action(place(game(), 0, jail=[cheapest]), "buy") is None
    # face up: Reload $3, Shackles $4, Dynamite $6; the jail brings $4 (a $1 and a $3 bandit)
    one = next(c for c in ids("bandit") if BY_ID[c].reward == 1)
    three = next(c for c in ids("bandit") if BY_ID[c].reward == 3)
    s = place(game(store=[RELOAD, SHACKLES, DYNAMITE]), 0, jail=[one, three])
    assert s.store_up == (RELOAD, SHACKLES, DYNAMITE)
    assert [BY_ID[c].price for c in s.store_up] == [3, 4, 6]
    money = BY_ID[one].reward + BY_ID[three].reward
    assert money == 4
    a = find_action(s, "buy")
    assert a is not None
    card, paying = a.choices
    assert card.options == (RELOAD, SHACKLES)  # Dynamite costs more than the jail brings
    assert all(BY_ID[c].price <= money for c in card.options)
    assert paying.options == (one, three) and (paying.min, paying.max) == (1, 2)
    with pytest.raises(RuleError, match=r"costs \$6"):
        C.buy(s, card=DYNAMITE, paying=[one, three])
    # buying an offered card with the bandits offered works
    s2 = act(s, C.buy, card=SHACKLES, paying=[one, three])
    assert s2.players[0].hand == (SHACKLES,) and s2.players[0].jail == () and s2.bought
    assert {one, three} <= set(s2.discard) and SHACKLES not in s2.store_up
    assert len(s2.store_up) == 3 and find_action(s2, "buy") is None


# -- Rep ---------------------------------------------------------------------------------------


def test_cash_rep_thresholds_and_excess_lost() -> None:
    s = place(game(), 0, jail=bandits_worth(5))
    assert find_action(s, "cash_rep") is None
    with pytest.raises(RuleError, match="needs 6"):
        C.cash_rep(s, cards=list(s.players[0].jail))
    big = [c for c in ids("bandit") if BY_ID[c].rep == 3][:3]  # 9 Rep
    s = place(game(), 0, jail=big + bandits_worth(2))
    s = act(s, C.cash_rep, cards=big)  # 9 for a need of 6: 3 lost
    p = s.players[0]
    assert p.rank == 1 and p.rank_name == "Deputy" and set(big) <= set(s.discard)
    assert s.rerolls_left == 1  # promoted in the start phase: the new re-roll now
    # spent Rep does not carry: the Deputy needs 8 fresh Rep, 2 are left
    assert find_action(s, "cash_rep") is None
    with pytest.raises(RuleError, match="needs 8"):
        C.cash_rep(s, cards=list(p.jail))


def test_promotion_to_marshal_wins_and_everything_after_is_refused() -> None:
    threes = [c for c in ids("bandit") if BY_ID[c].rep == 3]
    s = place(game(), 0, jail=threes[:4] + [CONTEST])  # 14 Rep
    s = with_rank(s, 0, 2)
    a = find_action(s, "cash_rep")
    assert a.label == "Cash 10 Rep"
    s = act(s, C.cash_rep, cards=threes[:4])
    assert s.over and s.winner == 0 and s.winner_name == "Ann" and s.phase == Phase.OVER
    assert s.players[0].rank_name == "Marshal"
    assert legal_actions(s) == []
    for cmd in (C.draw, C.end_turn, C.stop, C.roll, C.accept):
        with pytest.raises(RuleError, match="game is over"):
            cmd(s)
    with pytest.raises(RuleError, match="game is over"):
        C.cash_rep(s, cards=[CONTEST])
    with pytest.raises(EventError, match="over"):
        fold(s, {"type": "turn_ended", "by": "Ann", "next": "Bob"})


def test_contest_cards_count_for_rep() -> None:
    s = place(game(), 0, jail=[CONTEST, ids("event", "shooting_contest")[1]] + bandits_worth(2))
    s = act(s, C.cash_rep, cards=list(s.players[0].jail))
    assert s.players[0].rank == 1 and CONTEST in s.discard


def test_cash_rep_in_the_end_phase() -> None:
    b = bandit(1)
    s = place(game(top=[b]), 0, jail=bandits_worth(5, {b}))
    s = act(act(s, C.draw), C.roll, roll=symbols(b) + ["skull"] * 5)
    s = act(s, C.stop)
    a = find_action(s, "cash_rep")
    assert a is not None
    s = act(s, C.cash_rep, cards=list(s.players[0].jail))
    assert s.players[0].rank == 1 and s.phase == Phase.END
    assert s.rerolls_left == 0  # the end phase: the re-roll comes next turn
    with pytest.raises(RuleError, match="cannot cash Rep"):
        C.cash_rep(replace(s, phase=Phase.CAPTURED), cards=["B01"])


# -- store cards -------------------------------------------------------------------------------


def test_reload_brings_every_skull_back_before_a_roll() -> None:
    b = bandit(3)
    x, y, z = symbols(b)
    s = place(game(top=[b]), 0, hand=[RELOAD])
    s = act(s, C.draw)
    with pytest.raises(RuleError, match="no skull"):
        C.play_reload(s)
    s = act(s, C.roll, roll=[x, "skull", "skull", "skull", "skull", "skull"])
    assert s.dice.skulls == 5 and s.dice.free == 0 and s.phase == Phase.HUNT
    assert {a.name for a in legal_actions(s)} == {"play_reload", "give_up"}
    s = act(s, C.play_reload)
    assert s.dice.skulls == 0 and s.dice.free == 5 and s.players[0].hand == ()
    assert RELOAD in s.store_discard
    s = act(s, C.roll, roll=[y, z, "skull", "skull", "skull"])
    assert s.phase == Phase.CAPTURED


def test_reload_cannot_be_played_after_the_third_roll() -> None:
    b = bandit(1)
    miss = "spade" if symbols(b)[0] != "spade" else "heart"
    s = with_rank(place(game(top=[b]), 0, hand=[RELOAD]), 0, 1)
    s = act(s, C.draw)
    for _ in range(3):
        s = act(s, C.roll, roll=["skull"] + [miss] * (s.dice.free - 1))
    assert s.phase == Phase.LAST_CHANCE
    with pytest.raises(RuleError):
        C.play_reload(s)


def test_we_have_you_surrounded_captures_before_the_first_roll_and_ends_the_turn() -> None:
    b = bandit(5)
    s = place(game(top=[b]), 0, hand=[SURROUNDED])
    s = act(s, C.draw)
    assert find_action(s, "play_surrounded") is not None
    s2 = act(s, C.play_surrounded)
    assert s2.phase == Phase.END and s2.players[0].jail == (b,) and SURROUNDED in s2.store_discard
    s3 = act(s, C.roll, roll=["skull"] * 6)
    assert find_action(s3, "play_surrounded") is None
    with pytest.raises(RuleError, match="before the first roll"):
        C.play_surrounded(replace(s3, phase=Phase.HUNT))


def test_surrounded_is_a_rescue_for_a_bandit_with_too_few_dice() -> None:
    b1, b5 = bandit(1), bandit(5)
    s = place(game(top=[b1, b5]), 0, hand=[SURROUNDED])
    s = act(s, C.draw)
    s = act(s, C.roll, roll=symbols(b1) + ["skull"] * 5)
    s = act(s, C.press_on)
    assert s.phase == Phase.HUNT
    s = act(s, C.play_surrounded)
    assert s.players[0].jail == (b1, b5)


def test_falsely_accused_discards_an_unshackled_bandit_of_another_jail() -> None:
    b1, b2 = bandit(3), bandit(4)
    s = place(game(), 1, jail=[b1, b2, CONTEST], shackles=[(SHACKLES, (b2,))])
    s = place(s, 0, hand=[FALSELY])
    a = find_action(s, "play_falsely_accused")
    assert a.choices[0].options == (b1,)
    with pytest.raises(RuleError, match="shackled"):
        C.play_falsely_accused(s, bandit=b2)
    with pytest.raises(RuleError, match="another player's jail"):
        C.play_falsely_accused(s, bandit=CONTEST)
    s = act(s, C.play_falsely_accused, bandit=b1)
    assert s.players[1].jail == (b2, CONTEST) and b1 in s.discard
    assert FALSELY in s.store_discard and s.phase == Phase.START


def test_transfer_prisoner_moves_a_bandit_into_your_jail() -> None:
    b1 = bandit(3)
    s = place(place(game(), 2, jail=[b1]), 0, hand=[TRANSFER])
    s = act(s, C.play_transfer, bandit=b1)
    assert s.players[0].jail == (b1,) and s.players[2].jail == ()
    with pytest.raises(RuleError, match="no Transfer Prisoner"):
        C.play_transfer(s, bandit=b1)


def test_shackles_hold_one_or_two_bandits_until_one_is_cashed() -> None:
    b1, b2, b3 = bandit(3), bandit(4), bandit(5)
    ones = bandits_worth(6)
    s = place(game(), 0, jail=[b1, b2, b3], hand=[SHACKLES])
    with pytest.raises(RuleError, match="one or two"):
        C.play_shackles(s, bandits=[b1, b2, b3])
    s = act(s, C.play_shackles, bandits=[b1, b2])
    assert s.players[0].shackled == {b1, b2} and s.players[0].hand == ()
    assert s.players[0].shackles[0].card == SHACKLES
    # cashing one shackled bandit frees the other and discards the Shackles to the store
    s = place(s, 0, jail=ones)
    s = act(s, C.cash_rep, cards=[b1, *ones])
    assert s.players[0].shackled == frozenset() and SHACKLES in s.store_discard
    assert s.players[0].jail == (b2, b3)


def test_shackles_can_be_played_in_the_end_phase() -> None:
    b = bandit(1)
    s = place(game(top=[b]), 0, hand=[SHACKLES])
    s = act(act(act(s, C.draw), C.roll, roll=symbols(b) + ["skull"] * 5), C.stop)
    assert find_action(s, "play_shackles") is not None
    s = act(s, C.play_shackles, bandits=b)
    assert s.players[0].shackled == {b}


def test_dynamite_success_frees_the_targets_unshackled_bandits_then_the_turn_goes_on() -> None:
    b1, b2 = bandit(3), bandit(4)
    s = place(game(), 1, jail=[b1, b2, CONTEST], shackles=[(SHACKLES, (b2,))])
    s = place(s, 0, hand=[DYNAMITE])
    a = find_action(s, "play_dynamite")
    assert a.choices[0].options == ("Bob",)
    with pytest.raises(RuleError, match="holds no bandit"):
        C.play_dynamite(s, target="Cy")
    s = act(s, C.play_dynamite, target="Bob")
    assert s.phase == Phase.DYNAMITE and s.target == 1 and s.resolving == DYNAMITE
    s = act(s, C.roll, roll=["skull", "joker", "joker", "heart", "club", "spade"])
    assert len(s.dice.kept) == 1 and s.dice.free == 5
    s = act(s, C.roll, roll=["skull", "skull", "joker", "joker", "joker"])
    assert s.phase == Phase.START and s.players[1].jail == (b2, CONTEST)
    assert b1 in s.discard and DYNAMITE in s.store_discard
    assert s.dice.free == 6 and s.dice.skulls == 0 and s.rolls_used == 0
    assert find_action(s, "draw") is not None


def test_dynamite_fizzles_after_three_rolls() -> None:
    b1 = bandit(3)
    s = place(place(game(), 1, jail=[b1]), 0, hand=[DYNAMITE])
    s = act(s, C.play_dynamite, target="Bob")
    for _ in range(3):
        s = act(s, C.roll, roll=["joker"] * s.dice.free)
    assert s.phase == Phase.START and s.players[1].jail == (b1,)


def test_night_watch_defuses_dynamite_by_the_target() -> None:
    b1 = bandit(3)
    s = place(place(game(), 1, jail=[b1], hand=[NIGHT_WATCH]), 0, hand=[DYNAMITE])
    s = act(s, C.play_dynamite, target="Bob")
    assert s.phase == Phase.DYNAMITE_DEFENSE and s.pending == 1
    acts = legal_actions(s)
    assert {a.name for a in acts} == {"night_watch", "accept"}
    assert all(a.player == "Bob" for a in acts)
    s2 = act(s, C.night_watch)
    assert s2.phase == Phase.START and s2.pending == 0
    assert {DYNAMITE, NIGHT_WATCH} <= set(s2.store_discard) and s2.players[1].jail == (b1,)
    s3 = act(s, C.accept)
    assert s3.phase == Phase.DYNAMITE and s3.pending == 0


def test_dynamite_only_in_the_start_phase() -> None:
    b = bandit(1)
    s = place(place(game(top=[b]), 1, jail=[bandit(3)]), 0, hand=[DYNAMITE])
    s = act(act(act(s, C.draw), C.roll, roll=symbols(b) + ["skull"] * 5), C.stop)
    assert find_action(s, "play_dynamite") is None
    with pytest.raises(RuleError, match="cannot play Dynamite"):
        C.play_dynamite(s, target="Bob")
