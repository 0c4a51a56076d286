"""A combatant makes no more actions in its turn than it declared ("Multiple Actions")."""

from __future__ import annotations

import pytest

from d6tui.engine.errors import RuleError
from d6tui.games.simple_six import campaign as c
from tests.simple_six.test_campaign import party

_INIT = {"sir-baelen": ([3, 3], [2]), "mira": ([6, 6, 6], [5]), "melkot": ([2], [2]),
         "orc": ([1], [1])}


def test_an_attack_past_the_declared_actions_is_refused() -> None:
    s = party()
    s.do(c.start_combat, ["sir-baelen", "mira", "melkot", "orc"])
    s.do(c.start_round, {"mira": 2}, typed=_INIT)
    assert s.state.combat.actor == "mira"
    # two declared: two shots at -1D each
    for _ in range(2):
        ev = s.do(c.attack, "mira", "orc", skill="Bow", weapon="Bow", range_="short",
                  typed={"attack": ([1, 1, 1, 1], [1])})
        assert ev["attack"]["rolled"] == "5D"
    with pytest.raises(RuleError, match="declared 2 actions") as e:
        s.do(c.attack, "mira", "orc", skill="Bow", weapon="Bow", range_="short", dice=s.dice)
    assert e.value.section == "Multiple Actions"
    s.do(c.pass_turn)
    # one action (none declared): one attack, then refused
    assert s.state.combat.actor == "sir-baelen"
    s.do(c.attack, "sir-baelen", "orc", skill="Sword", weapon="Sword", dice=s.dice)
    with pytest.raises(RuleError, match="declared 1 action this round"):
        s.do(c.attack, "sir-baelen", "orc", skill="Sword", weapon="Sword", dice=s.dice)
    s.do(c.pass_turn)
    # a spell is an action too
    assert s.state.combat.actor == "melkot"
    s.do(c.cast_spell, "melkot", "Light", 15, typed=([1, 1, 1, 1, 1], [1]))
    # the orc, last in the order, fell to the attacks: his turn is skipped with Melkot's
    assert s.state.member("orc").out_of_action
    assert s.do(c.pass_turn)["skipped"] == ["orc"]
    assert s.state.combat.actor is None
    # the count starts again next round
    s.do(c.start_round, typed=_INIT)
    s.do(c.attack, "mira", "orc", skill="Bow", weapon="Bow", range_="short", dice=s.dice)


def test_a_spell_after_the_only_declared_attack_is_refused() -> None:
    s = party()
    s.do(c.start_combat, ["melkot", "orc"])
    s.do(c.start_round, typed={"melkot": ([6], [6, 2]), "orc": ([1], [1])})
    s.do(c.attack, "melkot", "orc", skill="Brawling", dice=s.dice)
    with pytest.raises(RuleError, match="no further spell"):
        s.do(c.cast_spell, "melkot", "Light", 15, dice=s.dice)
    # undoing the attack gives the action back
    s.undo()
    s.do(c.cast_spell, "melkot", "Light", 15, typed=([1, 1, 1, 1, 1], [1]))
