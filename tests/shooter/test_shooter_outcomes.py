"""D6 Shooter outcomes: every event that decides something says so, in its payload and in words.

Covers the breaker report: failed hunts (and why), captures, Escape and Jail Break losses,
dice challenges, Dynamite, the Shooting Contest, promotions (several in one window), the dice
left for pressing on, hand-edited outcome facts refused, old saves without them still loading,
setup names and seeds, and singular wording.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from d6tui.engine.errors import EventError, RuleError
from d6tui.engine.session import Session
from d6tui.games.shooter import commands as C
from d6tui.games.shooter.actions import find_action
from d6tui.games.shooter.bot import choose
from d6tui.games.shooter.describe import describe
from d6tui.games.shooter.fold import OUTCOME_KEYS, fold
from d6tui.games.shooter.rules import NAME_MAX, SEED_MAX, check_options
from d6tui.games.shooter.state import Phase, dice_left
from d6tui.words import plural
from tests.shooter.helpers import BY_ID, StackedDice, act, bandit, game, ids, place, symbols

ESCAPE = ids("event", "escape")[0]
JAIL_BREAK = ids("event", "jail_break")[0]
PAN = ids("event", "pan_for_gold")[0]
CONTEST = ids("event", "shooting_contest")[0]
RELOAD = ids("store", "reload")[0]
DYNAMITE = ids("store", "dynamite")[0]
NIGHT_WATCH = ids("store", "night_watch")[0]
EXAMPLE = Path(__file__).resolve().parents[2] / "saves" / "shooter-example.toml"


def name(card: str) -> str:
    return BY_ID[card].name


def step(state, command, **kw):
    """Run a command; return (payload, new state) after checking the fold agrees."""
    payload = command(state, dice=StackedDice(0), **kw)
    return payload, act(state, command, **kw)


def stripped(payload: dict) -> dict:
    """The payload as a save written before outcome facts existed."""
    keys = OUTCOME_KEYS.get(payload["type"], frozenset())
    return {k: v for k, v in payload.items() if k not in keys}


# -- item 5: dice left, and a press-on that cannot succeed ---------------------------------------


def test_pressing_on_with_too_few_dice_fails_and_says_why() -> None:
    lefty, rusty = bandit(1), bandit(2)
    s = act(game(top=[lefty, rusty]), C.draw)
    s = act(s, C.roll, roll=symbols(lefty) + ["skull"] * 5)
    assert s.phase == Phase.CAPTURED and s.dice.skulls == 5
    assert dice_left(s) == 1
    payload, s = step(s, C.press_on)
    assert payload["outcome"] == "failed" and payload["reason"] == "dice"
    assert payload["needs"] == 2 and payload["dice_left"] == 1
    assert payload["lost"] == [lefty, rusty]
    assert payload["lost_names"] == [name(lefty), name(rusty)]
    words = describe(payload)
    assert "needs 2 symbols, 1 die left" in words, words
    assert "hunt fails" in words and f"{name(lefty)} escapes too" in words, words
    assert s.phase == Phase.END and s.in_play == () and {lefty, rusty} <= set(s.discard)
    assert s.outcome["outcome"] == "failed"


def test_dice_left_counts_kept_dice_that_come_back_when_pressing_on() -> None:
    vance = bandit(5)
    s = act(game(top=[vance, bandit(1)]), C.draw)
    assert dice_left(s) == 6
    s = act(s, C.roll, roll=["joker"] * 6)
    assert s.phase == Phase.CAPTURED
    assert s.dice.free == 1 and dice_left(s) == 6  # the five kept jokers come back
    s = act(s, C.press_on)
    assert s.dice.free == 6 and dice_left(s) == 6


def test_too_few_dice_mid_hunt_fails_with_the_count() -> None:
    b = bandit(3)
    s = act(game(top=[b]), C.draw)
    payload, s = step(s, C.roll, roll=["skull"] * 5 + [symbols(b)[0]])
    assert payload["outcome"] == "failed" and payload["needs"] == 2
    assert payload["dice_left"] == 0
    assert "still needs 2 symbols, 0 dice left, so the hunt fails" in describe(payload)


def test_third_roll_missing_says_the_bandit_got_away() -> None:
    b = bandit(2)
    off = [f for f in ("heart", "spade", "club", "diamond") if f not in symbols(b)][0]
    s = act(game(top=[b]), C.draw)
    for _ in range(2):
        s = act(s, C.roll, roll=[off] * s.dice.free)
    payload, s = step(s, C.roll, roll=[off] * s.dice.free)
    assert payload["outcome"] == "failed" and payload["reason"] == "rolls"
    assert payload["needs"] == 2 and "dice_left" not in payload
    assert f"{name(b)} got away (2 symbols still missing after the third roll)" in describe(
        payload)


def test_capture_is_announced() -> None:
    b = bandit(2)
    s = act(game(top=[b]), C.draw)
    payload, s = step(s, C.roll, roll=symbols(b) + ["skull"] * 4)
    assert payload["outcome"] == "captured" and payload["captured"] == b
    assert describe(payload).endswith(f": {name(b)} is captured")
    payload, s = step(s, C.stop)
    assert payload["names"] == [name(b)]
    assert describe(payload) == f"Ann stopped and jailed {name(b)}"


def test_a_roll_that_decides_nothing_carries_no_outcome() -> None:
    b = bandit(3)
    s = act(game(top=[b]), C.draw)
    payload = C.roll(s, roll=[symbols(b)[0]] + ["skull"] * 2 + [
                     f for f in ("heart", "spade", "club", "diamond") if f not in symbols(b)][:1]
                     * 3)
    assert not set(payload) & OUTCOME_KEYS["dice_rolled"]
    assert fold(s, payload).outcome == {}


def test_giving_up_names_the_bandits_lost() -> None:
    first, second = bandit(1), bandit(4)
    s = place(game(top=[first, second]), 0, hand=[RELOAD])
    s = act(act(s, C.draw), C.roll, roll=symbols(first) + ["skull"] * 5)
    s = act(s, C.press_on)  # one die for four symbols, but Reload is a rescue
    assert s.phase == Phase.HUNT
    payload, s = step(s, C.give_up)
    assert payload["lost"] == [first, second] and payload["reason"] == "gave_up"
    words = describe(payload)
    assert f"{name(first)} and {name(second)} lost" in words, words


# -- item 6: events ------------------------------------------------------------------------------


def test_escape_names_the_bandits_it_took() -> None:
    b = bandit(1)
    s = act(game(top=[b, ESCAPE]), C.draw)
    s = act(act(s, C.roll, roll=symbols(b) + ["joker"] * 5), C.press_on)
    assert s.outcome["outcome"] == "escaped"
    ev = s.outcome
    assert ev["lost"] == [b] and ev["lost_names"] == [name(b)]


def test_escape_payload_and_words() -> None:
    b = bandit(1)
    s = act(game(top=[b, ESCAPE]), C.draw)
    s = act(s, C.roll, roll=symbols(b) + ["joker"] * 5)
    payload = C.press_on(s, dice=StackedDice(0))
    assert describe(payload).endswith(f": {name(b)} escaped; the turn ends")


def test_escape_and_jail_break_with_nothing_to_hit_say_draw_again() -> None:
    payload = C.draw(game(top=[ESCAPE]), dice=StackedDice(0))
    assert payload["outcome"] == "discarded"
    assert "no bandit in play it is discarded; draw again" in describe(payload)
    payload = C.draw(game(top=[JAIL_BREAK]), dice=StackedDice(0))
    assert "an empty jail it is discarded; draw again" in describe(payload)


def test_jail_break_names_who_broke_out() -> None:
    gabe, jake, b = bandit(2), bandit(3), bandit(1)
    s = place(game(top=[b, JAIL_BREAK]), 0, jail=[gabe, jake])
    s = act(act(s, C.draw), C.roll, roll=symbols(b) + ["joker"] * 5)
    payload, s = step(s, C.press_on)
    assert payload["outcome"] == "broke_out" and payload["lost"] == [gabe, jake]
    assert payload["jailed"] == [b]
    words = describe(payload)
    assert f"{name(gabe)} and {name(jake)} broke out; 1 bandit in play goes to jail" in words
    assert s.players[0].jail == (b,)


def test_jail_break_accepted_with_night_watch_in_hand_names_who_broke_out() -> None:
    gabe = bandit(2)
    s = place(game(top=[JAIL_BREAK]), 0, jail=[gabe], hand=[NIGHT_WATCH])
    s = act(s, C.draw)
    assert s.phase == Phase.JAIL_BREAK and s.outcome == {}
    payload, s = step(s, C.accept)
    assert payload["lost_names"] == [name(gabe)]
    assert f"{name(gabe)} broke out; the turn ends" in describe(payload)


def test_dice_challenge_won_or_lost_is_told() -> None:
    s = act(game(top=[PAN]), C.draw)
    payload, won = step(s, C.roll, roll=["diamond"] * 3 + ["skull"] * 3)
    assert payload["outcome"] == "won" and "Pan for Gold is won" in describe(payload)
    assert won.phase == Phase.REWARD
    for _ in range(2):
        s = act(s, C.roll, roll=["joker"] * s.dice.free)
    payload, s = step(s, C.roll, roll=["skull"] * s.dice.free)
    assert payload["outcome"] == "failed"
    assert "Pan for Gold is lost after three rolls" in describe(payload)


def test_dynamite_blast_and_fizzle_are_told() -> None:
    b1, b2 = bandit(3), bandit(4)
    s = place(place(game(), 1, jail=[b1, b2]), 0, hand=[DYNAMITE])
    s = act(s, C.play_dynamite, target="Bob")
    payload, blown = step(s, C.roll, roll=["skull"] * 3 + ["joker"] * 3)
    assert payload["outcome"] == "blew" and payload["target"] == "Bob"
    assert payload["lost"] == [b1, b2]
    assert f"blew Bob's jail open; {name(b1)} and {name(b2)} fled" in describe(payload)
    for _ in range(2):
        s = act(s, C.roll, roll=["joker"] * s.dice.free)
    payload, s = step(s, C.roll, roll=["joker"] * s.dice.free)
    assert payload["outcome"] == "fizzled"
    assert "the Dynamite fizzled; Bob's jail is safe" in describe(payload)


def test_shooting_contest_winner_and_tie_are_told() -> None:
    payload, s = step(game(top=[CONTEST]), C.draw)
    assert payload["opponent"] == "Bob" and "Ann and Bob shoot it out" in describe(payload)
    payload, t = step(s, C.contest_roll, roll=["skull"] * 3, opponent_roll=["skull"] * 3)
    assert payload["outcome"] == "tie" and "both start over" in describe(payload)
    payload, s = step(s, C.contest_roll, roll=["heart"] * 3, opponent_roll=["skull"] * 3)
    assert payload["outcome"] == "won" and payload["winner"] == "Bob"
    assert "Bob wins the contest" in describe(payload)


# -- item 7: promotions --------------------------------------------------------------------------


def test_several_promotions_in_one_window_each_announced() -> None:
    threes = [c for c in ids("bandit") if BY_ID[c].rep == 3]
    s = place(game(), 0, jail=threes[:9])  # 27 Rep: 6, then 9, then 12
    payload, s = step(s, C.cash_rep, cards=threes[:2])
    assert payload["outcome"] == "promoted" and payload["rank"] == "Deputy"
    assert describe(payload).endswith("and is promoted to Deputy")
    assert find_action(s, "cash_rep") is not None
    s = act(s, C.cash_rep, cards=threes[2:5])
    assert s.players[0].rank_name == "Sheriff" and s.rerolls_left == 2
    payload, s = step(s, C.cash_rep, cards=threes[5:9])
    assert payload["outcome"] == "won" and s.over
    assert describe(payload).endswith("is promoted to Marshal: Ann wins the game")


# -- hand-edited facts are refused, missing facts are derived ------------------------------------


def _failed_press_on():
    lefty, rusty = bandit(1), bandit(2)
    s = act(game(top=[lefty, rusty]), C.draw)
    s = act(s, C.roll, roll=symbols(lefty) + ["skull"] * 5)
    return s, C.press_on(s, dice=StackedDice(0))


@pytest.mark.parametrize("key,value", [
    ("outcome", "captured"), ("lost", []), ("lost_names", ["Nobody"]), ("needs", 1),
    ("dice_left", 6), ("captured", "B01"), ("jailed", []),
])
def test_fold_refuses_an_outcome_the_rules_do_not_give(key, value) -> None:
    s, payload = _failed_press_on()
    with pytest.raises(EventError, match=key):
        fold(s, {**payload, key: value})


def test_fold_refuses_a_capture_claimed_on_a_miss_and_a_wrong_promotion() -> None:
    b = bandit(3)
    s = act(game(top=[b]), C.draw)
    payload = C.roll(s, roll=["skull"] + [symbols(b)[0]] + [
                     f for f in ("heart", "spade", "club", "diamond") if f not in symbols(b)][:1]
                     * 4)
    with pytest.raises(EventError, match="captured"):
        fold(s, {**payload, "outcome": "captured", "captured": b})
    threes = [c for c in ids("bandit") if BY_ID[c].rep == 3]
    s = place(game(), 0, jail=threes[:2])
    payload = C.cash_rep(s, cards=threes[:2])
    with pytest.raises(EventError, match="rank"):
        fold(s, {**payload, "rank": "Sheriff"})
    with pytest.raises(EventError, match="outcome"):
        fold(s, {**payload, "outcome": "won"})


def test_events_without_outcome_facts_fold_the_same() -> None:
    s, payload = _failed_press_on()
    assert fold(s, stripped(payload)) == fold(s, payload)
    gabe, b = bandit(2), bandit(1)
    s = place(game(top=[b, JAIL_BREAK]), 0, jail=[gabe])
    s = act(act(s, C.draw), C.roll, roll=symbols(b) + ["joker"] * 5)
    payload = C.press_on(s, dice=StackedDice(0))
    assert fold(s, stripped(payload)) == fold(s, payload)
    assert describe(stripped(payload)) == "Ann pressed on and drew the event Jail Break"


def test_the_example_save_loads_and_every_event_is_described() -> None:
    session = Session.load(EXAMPLE)
    for ev in session.events:
        assert session.rules.describe(ev)


def test_outcome_facts_survive_a_save_and_load(tmp_path) -> None:
    session = Session.new("shooter", {"players": ["Ann", "Bob"], "seed": 7},
                          path=tmp_path / "g.toml")
    for _ in range(120):
        if session.state.over:
            break
        action, answers = choose(session.state)
        session.do(action.command, dice=session.dice, **answers)
    session.close()
    again = Session.load(tmp_path / "g.toml")
    assert again.state == session.state
    assert any("outcome" in ev for ev in again.events)


# -- item 21: setup ------------------------------------------------------------------------------


def test_names_equal_but_for_case_are_refused() -> None:
    with pytest.raises(RuleError, match="differ only by case"):
        check_options({"players": ["Ana", " ana"]})
    with pytest.raises(RuleError, match="same name"):
        check_options({"players": ["Ana", "Ana"]})


def test_names_longer_than_twenty_characters_are_refused() -> None:
    assert NAME_MAX == 20
    ok = "M" * 20
    assert check_options({"players": [ok, "Bo"]})["players"] == [ok, "Bo"]
    with pytest.raises(RuleError, match="at most 20 characters.*has 27"):
        check_options({"players": ["Maximilian the Magnificent!", "Bo"]})


@pytest.mark.parametrize("seed", [-1, SEED_MAX + 1, 10**50])
def test_seeds_outside_64_bits_are_refused(seed) -> None:
    with pytest.raises(RuleError, match="0 to 9223372036854775807"):
        check_options({"players": ["Ann", "Bob"], "seed": seed})


@pytest.mark.parametrize("seed", [0, SEED_MAX])
def test_seeds_at_the_bounds_are_kept(seed) -> None:
    assert check_options({"players": ["Ann", "Bob"], "seed": seed})["seed"] == seed


# -- item 20: singular wording -------------------------------------------------------------------


def test_counts_of_one_are_singular() -> None:
    assert plural(1, "die", "dice") == "1 die" and plural(2, "die", "dice") == "2 dice"
    assert plural(1, "symbol") == "1 symbol" and plural(0, "symbol") == "0 symbols"
    assert describe({"type": "reload_played", "by": "Ann", "skulls": 1}) == \
        "Ann played Reload: 1 skull die back"
    assert describe({"type": "hunt_stopped", "by": "Ann", "cards": ["B01"]}) == \
        "Ann stopped and jailed 1 bandit"
    assert describe({"type": "gave_up", "by": "Ann", "name": "X", "lost": ["B01"]}) == \
        "Ann gave up on X; 1 bandit lost"
    b = bandit(1)
    s = act(game(top=[b]), C.draw)
    s = act(s, C.roll, roll=["skull"] * 5 + [f for f in ("heart", "spade", "club", "diamond")
                                             if f not in symbols(b)][:1])
    assert s.phase == Phase.HUNT and s.dice.free == 1
    assert find_action(s, "roll").label == "Roll 1 die"
