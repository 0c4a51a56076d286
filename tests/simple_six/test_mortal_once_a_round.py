"""A Mortally Wounded character rolls Might against death once each round ("Wound Level
Effects")."""

from __future__ import annotations

import pytest

from d6tui.engine.errors import RuleError
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six.wounds import WoundLevel
from tests.simple_six.test_campaign import party


def test_one_might_roll_a_round() -> None:
    s = party()
    s.do(c.start_combat, ["orc", "sir-baelen"])
    s.do(c.start_round, typed={"orc": ([6], [6, 2]), "sir-baelen": ([1, 1], [1])})
    s.do(c.attack, "orc", "sir-baelen", skill="Axe", weapon="Axe",
         typed={"attack": ([6, 6, 5], [3]), "damage": ([6, 6, 6, 6, 6], [4])})
    assert s.state.member("sir-baelen").wounds.level == WoundLevel.MORTALLY_WOUNDED
    s.do(c.mortal_roll, "sir-baelen", typed=([2, 2], [2]))
    with pytest.raises(RuleError, match="this round; the next roll comes in round 2") as e:
        s.do(c.mortal_roll, "sir-baelen", dice=s.dice)
    assert e.value.section == "Wound Level Effects"
    assert s.state.member("sir-baelen").wounds.mortal_rounds == 1
    s.do(c.pass_turn)
    s.do(c.start_round, typed={"orc": ([6], [5])})
    s.do(c.mortal_roll, "sir-baelen", typed=([2, 2], [2]))
    assert s.state.member("sir-baelen").wounds.mortal_rounds == 2


def test_the_mortal_roll_says_what_it_is_rolled_against() -> None:
    """"Wound Level Effects": the roll kills when below the minutes spent Mortally Wounded;
    the roll and its log line say so."""
    from d6tui.games.simple_six import clock
    from d6tui.games.simple_six.rules import describe
    from tests.simple_six.test_clock import _mortal
    from tests.simple_six.test_combat_audit import new

    s = new()
    _mortal(s)
    ev = s.do(c.mortal_roll, "ana", typed=([6, 6], [5]))
    assert ev["roll"]["label"] == "Might against death" and "target" not in ev["roll"]
    assert "no roll can fail" in describe(ev, {"ana": "Ana"})
    s.do(clock.pass_time, "2 rounds")
    s.do(clock.pass_time, "4 rounds", dice=s.dice)  # a minute at the level: one roll, made
    assert not s.state.member("ana").wounds.dead
    ev = s.do(c.mortal_roll, "ana", typed=([6, 6], [5]))
    assert ev["roll"]["target"] >= 1
    assert f"dies below {ev['roll']['target']}, his minutes Mortally Wounded" in describe(
        ev, {"ana": "Ana"})
