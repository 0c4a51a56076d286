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


def test_a_skill_check_in_a_fight_is_one_of_the_declared_actions() -> None:
    """"Multiple Actions": a check in a fight is an action, under the penalty for the
    actions declared and refused once they are made; a free roll the GM calls for is not."""
    from d6tui.games.simple_six import campaign as c6
    from tests.simple_six.test_combat_audit import ORC as ORC6
    from tests.simple_six.test_combat_audit import D, new, replays

    s = new()
    s.do(c6.add_character, D("Ana", skills={"Search": "2D"}))
    s.do(c6.add_character, ORC6)
    s.do(c6.start_combat, ["ana", "orc"])
    s.do(c6.start_round, {"ana": 2}, dice=s.dice,
         typed={"ana": ([6, 6], [5]), "orc": ([1, 1], [1])})
    assert s.state.combat.actor == "ana"
    ev = s.do(c6.roll_check, "ana", "Search", dice=s.dice)
    assert ev["action"] and ev["roll"]["rolled"] == "4D"  # Wit 3D + 2D, -1D for two actions
    assert s.state.combat.actions_left("ana") == 1
    s.do(c6.roll_check, "ana", "Search", dice=s.dice)
    with pytest.raises(RuleError, match="declared 2 actions this round and has made all 2"):
        s.do(c6.roll_check, "ana", "Search", dice=s.dice)
    ev = s.do(c6.roll_check, "ana", "Search", free=True, dice=s.dice)
    assert "action" not in ev
    s.do(c6.pass_turn)
    # the Orc's turn: his one declared action spent on a check leaves him none
    s.do(c6.roll_check, "orc", "Might", dice=s.dice)
    with pytest.raises(RuleError, match="declared 1 action this round and has made it"):
        s.do(c6.roll_check, "orc", "Might", dice=s.dice)
    # out of her turn Ana has spent both of hers
    assert s.state.combat.actions_spent("ana") == 2
    with pytest.raises(RuleError, match="has spent them: no skill check"):
        s.do(c6.roll_check, "ana", "Search", dice=s.dice)
    s.do(c6.pass_turn)
    s.do(c6.start_round, dice=s.dice, typed={"ana": ([6, 6], [5]), "orc": ([1, 1], [1])})
    s.do(c6.roll_check, "orc", "Might", dice=s.dice)  # in Ana's turn: one of his actions
    s.do(c6.pass_turn)
    assert s.state.combat.actor == "orc" and s.state.combat.actions_left("orc") == 0
    replays(s)
