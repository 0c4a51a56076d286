"""Combatants out of the fight ("Wound Level Effects"): a character already knocked out who
takes "just a flesh wound" from Mortally Wounded stays out, with no fresh roll to stay up."""

from __future__ import annotations

from d6tui.engine.dice import Dice
from d6tui.games.simple_six.wounds import (
    WoundLevel,
    WoundState,
    just_a_flesh_wound,
    stay_up,
    take_hit,
)


def test_a_knocked_out_character_gets_no_fresh_stay_up_roll() -> None:
    s = take_hit(WoundState(), 10)  # Incapacitated
    assert s.level == WoundLevel.INCAPACITATED and s.stay_up_pending
    out, _ = stay_up(s, 3, knockout_faces=[2] * 10, dice=Dice(1))
    assert out.knocked_out_minutes == 20 and not out.stay_up_pending
    mortal = take_hit(out, 14)
    assert mortal.level == WoundLevel.MORTALLY_WOUNDED
    back, _ = just_a_flesh_wound(mortal, 1)
    assert back.level == WoundLevel.INCAPACITATED
    assert not back.stay_up_pending and not back.awake


def test_a_fresh_incapacitated_from_a_flesh_wound_still_rolls() -> None:
    mortal = take_hit(WoundState(), 14)
    back, _ = just_a_flesh_wound(mortal, 1)
    assert back.level == WoundLevel.INCAPACITATED and back.stay_up_pending
