"""Rolls whose rule needs only a total take a total typed at the table (``=34``): the
knock-out's 10D minutes ("Wound Level Effects")."""

from __future__ import annotations

import pytest

from d6tui.engine.errors import DiceError
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six.record import dice_words
from d6tui.games.simple_six.rules import describe
from tests.simple_six.test_campaign import party
from tests.simple_six.test_combat_audit import replays


def _incapacitated():  # noqa: ANN202
    s = party()
    s.do(c.start_combat, ["orc", "sir-baelen"])
    s.do(c.attack, "orc", "sir-baelen", skill="Axe", weapon="Axe",
         typed={"attack": ([6, 6, 5], [3]), "damage": ([6, 6, 6, 6, 6], [4])})
    s.do(c.mortal_roll, "sir-baelen", typed=([2, 2], [2]))
    s.do(c.flesh_wound, "sir-baelen")
    return s


def test_the_knockout_minutes_take_a_typed_total() -> None:
    s = _incapacitated()
    with pytest.raises(DiceError, match="10 to 60"):
        s.do(c.stay_up, "sir-baelen", typed=([1, 1], [1]), knockout_total=61)
    ev = s.do(c.stay_up, "sir-baelen", typed=([1, 1], [1]), knockout_total=34)
    assert ev["knockout"] == {"dice": "10d6", "faces": [], "total": 34, "source": "table"}
    assert s.state.member("sir-baelen").wounds.knocked_out_minutes == 34
    assert "knocked out for 34 minutes" in describe(ev)
    assert "knocked out =34" in dice_words(ev, str)
    replays(s)
