"""Character points spent after the roll is seen ("Traditional OpenD6 Character Points")."""

from __future__ import annotations

import pytest

from d6tui.engine.dice import Dice
from d6tui.engine.errors import DiceError, EventError, RuleError
from d6tui.engine.session import Session
from d6tui.games.simple_six import afterroll
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six.creation import Draft
from d6tui.games.simple_six.rules import RULES, describe

ANA = Draft("Ana", {"Might": "3D", "Agility": "3D", "Wit": "3D", "Charm": "3D"},
            skills={"Search": "2D", "Magic": "2D"}, perks=["Sorcerer"],
            spells=["Light"])


def table(**wild: object) -> Session:
    s = Session.new(RULES, {"seed": 7, "wild": {"character_point_dice": True, **wild}})
    s.do(c.add_character, ANA, dice=Dice(1))
    s.do(c.start_session)
    s.do(c.end_session, {"ana": 7})
    return s


def test_cp_after_the_roll_add_wild_dice_and_turn_a_failure_into_success() -> None:
    s = table()
    ev = s.do(c.roll_check, "ana", "Search", target=20, typed=([3] * 4, [3], []))
    assert ev["roll"]["total"] == 15 and not ev["roll"]["success"]
    assert afterroll.cp_room(s.state, "ana") == 7
    add = s.do(afterroll.add_cp, "ana", 2, chains=[[6, 1], [4]])
    assert add["roll"]["total"] == 26 and "spent 2 CP" in describe(add)
    assert add["roll"]["success"] and "cp 6+1" in describe(add)
    last = s.state.last_roll
    assert last is not None and last.roll["success"] and last.roll["cp_wild"] == [[6, 1], [4]]
    assert s.state.member("ana").sheet.character_points == 5
    # more may go on the same roll while it is still the latest event
    s.do(afterroll.add_cp, "ana", 1, dice=s.dice)
    assert s.state.member("ana").sheet.character_points == 4
    assert len(s.state.last_roll.roll["cp_wild"]) == 3


def test_cp_after_a_failed_spell_can_cast_it() -> None:
    s = table()
    s.do(c.cast_spell, "ana", "Light", 20, typed=([3] * 4, [3]))
    assert s.state.member("ana").caster.failures == 1
    s.do(afterroll.add_cp, "ana", 1, chains=[[6, 6, 2]])
    assert s.state.member("ana").caster.failures == 0


def test_refusals_hero_points_limit_option_and_points() -> None:
    s = table(cp_limit=2)
    s.do(c.roll_check, "ana", "Search", target=20, hero_points=1, typed=([3] * 4, [3], []))
    assert afterroll.cp_room(s.state, "ana") == 0
    with pytest.raises(RuleError, match="hero point"):
        s.do(afterroll.add_cp, "ana", 1, dice=s.dice)
    s.do(c.roll_check, "ana", "Search", target=20, typed=([3] * 4, [3], []))
    assert afterroll.cp_room(s.state, "ana") == 2
    with pytest.raises(RuleError, match="at most 2 character points"):
        s.do(afterroll.add_cp, "ana", 3, dice=s.dice)
    s.do(afterroll.add_cp, "ana", 2, dice=s.dice)
    with pytest.raises(RuleError, match="at most 2"):
        s.do(afterroll.add_cp, "ana", 1, dice=s.dice)
    with pytest.raises(RuleError, match="has 5 character points"):
        s.do(c.roll_check, "ana", "Search", dice=s.dice) and s.do(
            afterroll.add_cp, "ana", 6, dice=s.dice)
    off = Session.new(RULES, {"seed": 7})
    off.do(c.add_character, ANA, dice=Dice(1))
    off.do(c.roll_check, "ana", "Search", dice=off.dice)
    with pytest.raises(RuleError, match="does not use character points"):
        off.do(afterroll.add_cp, "ana", 1, dice=off.dice)


def test_typed_extra_wild_dice_are_read_chain_by_chain() -> None:
    assert afterroll.parse_chains("6 3 4", 2) == [[6, 3], [4]]
    with pytest.raises(DiceError, match="rolled again"):
        afterroll.parse_chains("4 6", 2)
    with pytest.raises(DiceError, match="type 1 extra"):
        afterroll.parse_chains("4 5", 1)


def test_the_cp_limit_is_a_campaign_setting() -> None:
    opts = c.check_options({"wild": {"character_point_dice": True, "cp_limit": 3}})
    assert opts["wild"]["cp_limit"] == 3
    with pytest.raises(RuleError, match="whole number"):
        c.check_options({"wild": {"cp_limit": -1}})


def test_fold_rejects_changed_rolls_that_never_fitted() -> None:
    s = table()
    s.do(c.roll_check, "ana", "Search", target=20, typed=([3] * 4, [3], []))
    event = afterroll.add_cp(s.state, "ana", 1, chains=[[4]])
    forged = {**event, "roll": {**event["roll"], "total": 99}}
    with pytest.raises(EventError, match="not the open roll"):
        c.fold(s.state, forged)
    with pytest.raises(EventError, match="did not have"):
        c.fold(s.state, {**event, "character_points": 8, "cp_wild": [[4]] * 8})
    s.do(c.roll_check, "ana", "Search", target=5, typed=([3] * 4, [3], []))
    with pytest.raises(EventError, match="failed roll"):
        c.fold(s.state, {"type": "destiny_rerolled", "who": "ana",
                         "roll": s.state.last_roll.roll})
