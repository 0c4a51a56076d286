"""Resting is not done mid-fight ("Casting Spells": an hour of rest with no interruption), a
stun healed into out of a fight carries no -1D into the next fight ("Wound Level Effects":
this round and next round), and assisted healing is given by another character ("Healing")."""

from __future__ import annotations

import pytest

from d6tui.engine.errors import RuleError
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six.wounds import WoundLevel, penalty
from tests.simple_six.test_combat_audit import ORC, D, fight, new, replays


def _wounded(s, who: str = "ana") -> None:  # type: ignore[no-untyped-def]
    s.do(c.add_character, D("Ana", skills={"Medicine": "2D"}))
    s.do(c.add_character, ORC)
    fight(s, "orc", who)
    s.do(c.attack, "orc", who, skill="Axe", weapon="Axe",
         typed={"attack": ([6] * 5, [6, 3]), "damage": ([2] * 6, [3])})
    assert s.state.member(who).wounds.level == WoundLevel.WOUNDED


def test_a_combatant_cannot_rest_in_the_middle_of_a_fight() -> None:
    s = new()
    _wounded(s)
    with pytest.raises(RuleError, match="is fighting"):
        s.do(c.rest, "ana", 60)
    s.do(c.end_combat)
    s.do(c.rest, "ana", 60)
    replays(s)


def test_a_stun_left_by_a_potion_after_the_fight_costs_nothing_in_the_next_one() -> None:
    s = new()
    _wounded(s)
    s.do(c.end_combat)
    s.do(c.heal, "ana", "potion")
    ana = s.state.member("ana")
    assert ana.wounds.level == WoundLevel.STUNNED
    assert penalty(ana.wounds) == 0
    fight(s, "orc", "ana")
    assert penalty(s.state.member("ana").wounds, s.state.combat.round) == 0
    replays(s)


def test_nobody_treats_themself() -> None:
    s = new()
    _wounded(s)
    s.do(c.end_combat)
    with pytest.raises(RuleError, match="cannot treat themself"):
        s.do(c.heal, "ana", "assisted", healer="ana", dice=s.dice)
