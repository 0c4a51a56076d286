"""Spell effects on targets ("The Grimoire"): their numbers on rolls, their durations,
concentration as an action, resisted spells, Death Spell, Lightning Bolt, Dispel Magic,
Resurrection, and the log's replay."""

from __future__ import annotations

from pathlib import Path

import pytest

from d6tui.engine.errors import RuleError
from d6tui.engine.session import Session
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six import rolling, tool_commands
from d6tui.games.simple_six import spellcast as sc
from d6tui.games.simple_six.effects import DAY
from d6tui.games.simple_six.rules import RULES, describe
from d6tui.games.simple_six.wounds import WoundLevel
from tests.simple_six.test_campaign import party

ALL_SPELLS = ["Bless", "Charm", "Invisibility", "Hasten", "Resist Elements", "Growth",
              "Paralysis", "Slumber", "Petrify", "Lightning Bolt", "Death Spell", "Earthquake",
              "Dispel Magic", "Resurrection", "Light", "Clairvoyance", "Fly", "ESP"]


def archmage_sheet(**over: object) -> dict:
    """Wit 4D and Magic 10D, as Melkot in the SRD's Death Spell example."""
    sheet = {"name": "Archmage", "attributes": {"Might": "2D", "Agility": "2D", "Wit": "4D",
                                                "Charm": "3D"},
             "skills": [{"name": "Magic", "attribute": "Wit", "added": "6D"},
                        {"name": "Throwing", "attribute": "Agility", "added": "2D"}],
             "perks": ["Sorcerer"], "spells": ALL_SPELLS, "hero_points": 1,
             "character_points": 0}
    sheet.update(over)
    return sheet


def magi(options: dict | None = None, path: Path | None = None) -> Session:
    s = party(options, path)
    s.do(c.import_character, archmage_sheet())
    return s


def hi(n: int) -> tuple[list[int], list[int]]:
    """A roll of ``n`` dice (the wild die one of them) that succeeds: all 6s but a 5 wild."""
    return [6] * (n - 1), [5]


def lo(n: int) -> tuple[list[int], list[int]]:
    return [1] * (n - 1), [2]


def test_bless_adds_two_to_every_roll_of_the_allies_for_an_hour() -> None:
    s = magi()
    ev = s.do(sc.cast, "archmage", "Bless", targets=["mira", "sir-baelen"],
              typed={"roll": hi(10)})
    assert ev["tn"] == 19
    assert "cast Bless on Mira, Sir Baelen" in describe(ev, {"archmage": "Archmage",
                                                             "mira": "Mira",
                                                             "sir-baelen": "Sir Baelen"})
    mira = s.state.member("mira")
    assert [e.spell for e in mira.effects] == ["Bless"] and mira.effects[0].until == 60
    roll = s.do(c.roll_check, "mira", "Stealth", dice=s.dice)["roll"]
    # "+2 to all rolls" adds to the total; it is not two pips of the die code
    assert roll["rolled"] == "6D" and roll["bonuses"] == [{"from": "Bless", "add": 2}]
    assert roll["total"] == sum(roll["faces"]) + sum(roll["wild"]) + 2
    # the orc was not picked
    assert s.do(c.roll_check, "orc", "Might", dice=s.dice)["roll"]["rolled"] == "3D"
    s.do(sc.pass_time, 59)
    assert s.state.member("mira").effects
    s.do(sc.pass_time, 1)
    assert not s.state.member("mira").effects
    assert "bonuses" not in s.do(c.roll_check, "mira", "Stealth", dice=s.dice)["roll"]


def test_invisibility_and_charm_and_concentration_as_an_action() -> None:
    s = magi()
    s.do(sc.cast, "archmage", "Invisibility", targets=["mira"], typed={"roll": hi(10)})
    assert s.do(c.roll_check, "mira", "Stealth", dice=s.dice)["roll"]["rolled"] == "11D"
    s2 = magi()
    s2.do(sc.cast, "archmage", "Charm", typed={"roll": hi(10)})
    a = s2.state.member("archmage")
    assert a.caster.maintained == ("Charm",) and a.effects[0].concentration
    # Persuasion (a Charm skill) 3D: +4D Charm, -1D for the spell kept up (two actions)
    roll = s2.do(c.roll_check, "archmage", "Persuasion", dice=s2.dice)["roll"]
    assert roll["rolled"] == "6D"
    # Wit is not a Charm roll: only the concentration's -1D
    assert s2.do(c.roll_check, "archmage", "Wit", dice=s2.dice)["roll"]["rolled"] == "3D"
    with pytest.raises(RuleError, match="keeps no such spell"):
        s2.do(sc.drop_concentration, "archmage", 99)
    s2.do(sc.drop_concentration, "archmage", a.effects[0].cast)
    a = s2.state.member("archmage")
    assert a.caster.maintained == () and a.effects == ()
    assert s2.do(c.roll_check, "archmage", "Persuasion", dice=s2.dice)["roll"]["rolled"] == "3D"


def test_hasten_cuts_the_multiple_action_penalty_for_five_rounds_without_stacking() -> None:
    s = magi()
    s.do(c.start_combat, ["mira", "orc", "archmage"])
    s.do(c.start_round, {"mira": 2}, typed={"archmage": hi(2), "orc": lo(2), "mira": lo(4)})
    assert rolling.actions_counted(s.state, "mira") == 2
    s.do(sc.cast, "archmage", "Hasten", targets=["mira"], typed={"roll": hi(10)})
    # Mira declared two actions: -1D, cancelled by Hasten
    assert rolling.actions_counted(s.state, "mira") == 1
    for _ in range(4):
        while s.state.combat.actor is not None:
            s.do(c.pass_turn)
        s.do(c.start_round, {"mira": 2}, dice=s.dice)
    # cast in round 1, round 5 is its last
    assert s.state.combat.round == 5 and rolling.actions_counted(s.state, "mira") == 1
    while s.state.combat.actor is not None:
        s.do(c.pass_turn)
    s.do(c.start_round, {"mira": 2}, dice=s.dice)
    assert rolling.actions_counted(s.state, "mira") == 2 and not s.state.member("mira").effects


def test_a_second_hasten_does_not_stack() -> None:
    s = magi()
    s.do(sc.cast, "archmage", "Hasten", targets=["mira"], typed={"roll": hi(10)})
    s.do(c.start_combat, ["mira", "archmage", "orc"])
    s.do(c.start_round, {"mira": 3}, dice=s.dice)
    while s.state.combat.actor != "archmage":
        s.do(c.pass_turn)
    s.do(sc.cast, "archmage", "Hasten", targets=["mira"], typed={"roll": hi(10)})
    assert [e.spell for e in s.state.member("mira").effects] == ["Hasten"]
    assert rolling.actions_counted(s.state, "mira") == 2


def test_resist_elements_and_a_lightning_bolt_thrown_the_next_round() -> None:
    s = magi({"seed": 3, "combat": "traditional"})
    s.do(sc.cast, "archmage", "Resist Elements", targets=["orc"], detail="electricity",
         typed={"roll": hi(10)})
    s.do(sc.pass_time, 1)
    s.do(c.start_combat, ["archmage", "orc"])
    s.do(c.start_round, {}, typed={"archmage": hi(2), "orc": lo(2)})
    assert s.state.combat.actor == "archmage"
    with pytest.raises(RuleError, match="cast it first"):
        s.do(sc.throw_bolt, "archmage", "orc", dice=s.dice)
    s.do(sc.cast, "archmage", "Lightning Bolt", typed={"roll": hi(10)})
    # one action declared, and the cast used it: the throw waits for the next round
    with pytest.raises(RuleError, match="declared 1 action"):
        s.do(sc.throw_bolt, "archmage", "orc", dice=s.dice)
    s.do(c.pass_turn)
    s.do(c.pass_turn)
    s.do(c.start_round, {}, typed={"archmage": hi(2), "orc": lo(2)})
    ev = s.do(sc.throw_bolt, "archmage", "orc", dodge=True, declared=True,
              typed={"attack": hi(4), "defense": lo(2), "damage": ([3] * 4, [3]),
                     "resist": ([1] * 3, [1])})
    assert ev["hit"] and ev["damage"]["rolled"] == "5D"
    # Might 3D +1D Resist Elements (electricity); armor (Leather) does not count
    assert ev["resist"]["rolled"] == "4D" and ev["resistance"] == ev["resist"]["total"]
    assert not any(e.spell == "Lightning Bolt" for e in s.state.member("archmage").effects)


def test_a_bolt_not_thrown_by_the_next_round_dissipates_and_same_round_costs_a_die() -> None:
    s = magi()
    s.do(c.start_combat, ["archmage", "orc"])
    s.do(c.start_round, {"archmage": 2}, typed={"archmage": hi(2), "orc": lo(2)})
    ev = s.do(sc.cast, "archmage", "Lightning Bolt", typed={"roll": hi(9)})
    assert ev["roll"]["rolled"] == "9D"  # two actions: -1D
    # a miss (typed), so the orc's initiative below stays 2D
    ev = s.do(sc.throw_bolt, "archmage", "orc", typed={"attack": lo(3)})
    assert ev["attack"]["rolled"] == "3D"  # Throwing 4D -1D
    s.do(c.pass_turn)
    s.do(c.pass_turn)
    s.do(c.start_round, {}, typed={"archmage": hi(2), "orc": lo(2)})
    s.do(sc.cast, "archmage", "Lightning Bolt", typed={"roll": hi(10)})
    for _ in range(2):
        while s.state.combat.actor is not None:
            s.do(c.pass_turn)
        s.do(c.start_round, {}, typed={"archmage": hi(2), "orc": lo(2)})
    with pytest.raises(RuleError, match="cast it first"):
        s.do(sc.throw_bolt, "archmage", "orc", dice=s.dice)


def test_growth_raises_the_scale_combat_uses_for_ten_rounds() -> None:
    s = magi()
    ev = s.do(sc.cast, "archmage", "Growth", steps=1, typed={"roll": hi(10)})
    assert ev["tn"] == 33
    assert c.scale_of(s.state.member("archmage")) == 2
    s.do(c.start_combat, ["archmage", "orc"])
    s.do(c.start_round, {}, typed={"archmage": hi(2), "orc": lo(2)})
    while s.state.combat.actor != "orc":
        s.do(c.pass_turn)
    ev = s.do(c.attack, "orc", "archmage", skill="Axe", weapon="Axe",
              typed={"attack": lo(6), "damage": ([1] * 5, [1])})
    assert ev["attack"]["rolled"] == "6D"  # Axe 4D +2D against the larger scale
    s.do(c.end_combat)
    s.do(sc.pass_time, 2)  # 12 rounds
    assert c.scale_of(s.state.member("archmage")) == 0
    with pytest.raises(RuleError, match="one step or more"):
        s.do(sc.cast, "archmage", "Growth", dice=s.dice)


def test_paralysis_is_resisted_and_leaves_the_target_helpless_until_dispelled() -> None:
    s = magi()
    ev = s.do(sc.cast, "archmage", "Paralysis", targets=["orc"],
              typed={"orc": ([2, 2], [3]), "roll": hi(10)})
    entry = ev["targets"][0]
    assert entry["tn"] == 15 + 7 and ev["tn"] == 22 and entry["resist"]["rolled"] == "3D"
    orc = s.state.member("orc")
    assert orc.spell_helpless == "paralysed (Paralysis)" and orc.out_of_action
    s.do(sc.pass_time, 1)
    cast_no = orc.effects[0].cast
    ev = s.do(sc.cast, "archmage", "Dispel Magic", dispel=("orc", cast_no),
              typed={"roll": hi(10)})
    assert ev["tn"] == 27
    assert s.state.member("orc").spell_helpless is None


def test_a_resisted_spell_that_takes_no_one_fails() -> None:
    s = magi()
    ev = s.do(sc.cast, "archmage", "Petrify", targets=["orc"],
              typed={"orc": ([6, 6], [6, 6, 1]), "roll": lo(10)})
    assert ev["roll"]["total"] < ev["tn"]
    assert s.state.member("orc").spell_helpless is None
    assert s.state.member("archmage").caster.failures == 1


def test_slumber_each_target_resists_and_damage_wakes_the_sleeper() -> None:
    s = magi()
    ev = s.do(sc.cast, "archmage", "Slumber", targets=["orc", "mira"],
              typed={"orc": ([], [1]), "mira": ([6, 6], [6, 6, 6, 6, 6, 6, 4]),
                     "roll": ([4] * 9, [4])})
    assert ev["roll"]["total"] == 40
    assert s.state.member("orc").spell_helpless == "asleep (Slumber)"
    assert s.state.member("mira").spell_helpless is None
    s.do(c.start_combat, ["mira", "orc"])
    s.do(c.attack, "mira", "orc", skill="Bow", weapon="Bow",
         typed={"attack": hi(6), "damage": ([6] * 3, [5])})
    assert s.state.member("orc").spell_helpless is None
    s.do(c.end_combat)
    many = [f"m{i}" for i in range(11)]
    for name in many:
        s.do(c.import_character, archmage_sheet(name=name, spells=[]))
    with pytest.raises(RuleError, match="at most as many targets"):
        s.do(sc.cast, "archmage", "Slumber", targets=many, dice=s.dice)


def test_death_spell_rolls_magic_without_wit_against_might_alone() -> None:
    """The SRD's example: Wit 4D and Magic 10D roll 6D damage; the target resists with his
    Might."""
    s = magi()
    ev = s.do(sc.cast, "archmage", "Death Spell", targets=["sir-baelen"],
              typed={"roll": hi(10), "damage": ([3] * 5, [3])})
    assert ev["tn"] == 35 and ev["damage"]["rolled"] == "6D"
    # static: Might 3D+1 is 10; his chainmail and shield do not count
    assert ev["resistance"] == 10
    assert s.state.member("sir-baelen").wounds.level == WoundLevel.WOUNDED
    assert "18 damage vs 10" in describe(ev)


def test_earthquake_stops_attacks_and_collapses_deal_6d() -> None:
    s = magi()
    s.do(c.start_combat, ["archmage", "orc", "mira"])
    s.do(c.start_round, {}, typed={"archmage": hi(2), "orc": lo(2), "mira": lo(4)})
    s.do(sc.cast, "archmage", "Earthquake", targets=["orc", "mira"], typed={"roll": hi(10)})
    s.do(c.pass_turn)
    with pytest.raises(RuleError, match="Earthquake"):
        s.do(c.attack, "mira", "orc", skill="Bow", weapon="Bow", dice=s.dice)
    ev = s.do(sc.collapse, "orc", typed={"damage": ([6] * 5, [4])})
    assert ev["damage"]["rolled"] == "6D" and ev["resistance"] == 9 + 2  # Might and leather
    assert s.state.member("orc").wounds.level > WoundLevel.UNHARMED
    while s.state.combat.actor is not None:  # a fallen orc is skipped
        s.do(c.pass_turn)
    s.do(c.start_round, {}, dice=s.dice)
    assert not s.state.member("mira").effects
    with pytest.raises(RuleError, match="no Earthquake"):
        s.do(sc.collapse, "mira", dice=s.dice)


def test_resurrection_raises_the_dead_and_drains_the_caster_either_way() -> None:
    s = magi()
    with pytest.raises(RuleError, match="not dead"):
        s.do(sc.cast, "archmage", "Resurrection", targets=["orc"], dice=s.dice)
    s.do(c.start_combat, ["mira", "orc"])
    s.do(c.attack, "mira", "orc", skill="Bow", weapon="Bow",
         typed={"attack": hi(6), "damage": ([6] * 3, [6, 6, 2])})
    s.do(c.end_combat)
    assert s.state.member("orc").wounds.dead
    s.do(sc.cast, "archmage", "Resurrection", targets=["orc"], typed={"roll": lo(10)})
    assert s.state.member("orc").wounds.dead
    drain = s.state.member("archmage").effects
    assert drain[0].detail == "drain" and drain[0].until == DAY
    s.do(sc.pass_time, 60, rest=True)
    roll = s.do(c.roll_check, "archmage", "Magic", dice=s.dice)["roll"]
    assert roll["rolled"] == "7D"
    ev = s.do(sc.cast, "archmage", "Resurrection", targets=["orc"],
              typed={"roll": ([6] * 6, [6, 6, 6, 6, 6, 6, 6, 6, 4])})
    assert ev["roll"]["total"] >= 60
    assert s.state.member("orc").wounds.level == WoundLevel.INCAPACITATED
    s.do(sc.pass_time, DAY)
    assert not s.state.member("archmage").effects


def test_resurrection_drain_cannot_be_dispelled() -> None:
    s = magi()
    s.do(c.start_combat, ["mira", "orc"])
    s.do(c.attack, "mira", "orc", skill="Bow", weapon="Bow",
         typed={"attack": hi(6), "damage": ([6] * 3, [6, 6, 2])})
    s.do(c.end_combat)
    s.do(sc.cast, "archmage", "Resurrection", targets=["orc"], typed={"roll": lo(10)})
    s.do(sc.pass_time, 60, rest=True)
    cast_no = s.state.member("archmage").effects[0].cast
    with pytest.raises(RuleError, match="cannot be dispelled"):
        s.do(sc.cast, "archmage", "Dispel Magic", dispel=("archmage", cast_no), dice=s.dice)


def test_narrative_spells_are_recorded_with_their_duration() -> None:
    s = magi()
    s.do(sc.cast, "archmage", "Light", targets=["mira"], typed={"roll": hi(10)})
    s.do(sc.pass_time, 1)
    s.do(sc.cast, "archmage", "Fly", typed={"roll": hi(10)})
    s.do(sc.pass_time, 1)
    # Fly is kept up: two actions, -1D
    ev = s.do(sc.cast, "archmage", "ESP", targets=["orc"],
              typed={"orc": ([], [1]), "roll": hi(9)})
    assert ev["tn"] == 15 + ev["targets"][0]["resist"]["total"]
    light = s.state.member("archmage").effects[0]
    assert light.spell == "Light" and light.left(s.state.minutes) == "58 min"
    a = s.state.member("archmage")
    assert a.caster.maintained == ("Fly", "ESP")
    assert [e.spell for e in a.effects] == ["Light", "Fly"]
    assert [e.spell for e in s.state.member("orc").effects] == ["ESP"]
    # the GM ends ESP on the orc: the caster no longer keeps it up
    s.do(sc.end_effect, "orc", s.state.member("orc").effects[0].cast)
    assert s.state.member("archmage").caster.maintained == ("Fly",)


def test_clairvoyance_ends_when_the_caster_is_hurt() -> None:
    s = magi()
    s.do(sc.cast, "archmage", "Clairvoyance", typed={"roll": hi(10)})
    s.do(c.start_combat, ["archmage", "orc"])
    with pytest.raises(RuleError, match="Clairvoyance"):
        s.do(c.attack, "archmage", "orc", skill="Brawling", dice=s.dice)
    s.do(c.attack, "orc", "archmage", skill="Axe", weapon="Axe",
         typed={"attack": hi(4), "damage": ([6] * 5, [5])})
    a = s.state.member("archmage")
    assert a.effects == () and a.caster.maintained == ()


def test_effects_fold_and_replay(tmp_path: Path) -> None:
    path = tmp_path / "magic.toml"
    s = magi(path=path)
    s.do(sc.cast, "archmage", "Bless", targets=["mira"], dice=s.dice)
    s.do(sc.pass_time, 1)
    s.do(sc.cast, "archmage", "Paralysis", targets=["orc"], dice=s.dice)
    s.do(sc.pass_time, 1)
    s.do(sc.cast, "archmage", "Charm", typed={"roll": hi(10)})
    s.do(tool_commands.gain_tool, "archmage", "Spell Staff")
    s.do(sc.pass_time, 3 * DAY, rest=True)
    s.do(sc.drop_concentration, "archmage",
         s.state.member("archmage").effects[-1].cast)
    s.close()
    loaded = Session.load(path, rules=RULES)
    assert loaded.state == s.state
    assert loaded.state.minutes == 2 + 3 * DAY
    loaded.close()
