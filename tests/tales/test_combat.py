"""R08, R09, J06: fights, criticals, veterans, abilities, fleeing, trophies."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from d6tui.engine.errors import RuleError
from d6tui.games.tales import combat, commands, play
from d6tui.games.tales.content import MonsterData
from d6tui.games.tales.state import Tale

from .util import R, act, at_step, begin, hero, rolls, waits

TEST = MonsterData("Test", 8, 1, 2)


def fighting(race: str = "human", monster: MonsterData = TEST, *, trophy: int = 1,
             **kwargs: Any) -> Tale:
    s = at_step(begin(race), "terrain_event", "III-3")
    return play.settle(combat.start(replace(s, news=()), monster, trophy=trophy, **kwargs))


def attack(s: Tale, a: int, b: int) -> Tale:
    return act(s, commands.attack, roll=R(a, b))


def test_hit_and_miss_r09() -> None:
    s = fighting()
    s = attack(s, 3, 4)  # 7 + Atk 1 = 8 >= 8
    assert s.fight is not None and s.fight.hp == 1 and s.fight.round == 2
    s = attack(s, 3, 3)  # 7 < 8
    assert s.hero is not None and s.hero.hp == 3


def test_critical_2_always_hurts_the_hero() -> None:
    s = hero(fighting(), atk=9)
    s = attack(s, 1, 1)
    assert s.hero is not None and s.hero.hp == 3
    assert s.fight is not None and s.fight.hp == 2


@pytest.mark.parametrize(("race", "left"), [("human", 3), ("elf", 2)])
def test_critical_12_extra_damage(race: str, left: int) -> None:
    s = fighting(race, MonsterData("Big", 20, 1, 5))
    s = attack(s, 6, 6)
    assert s.fight is not None and s.fight.hp == left


def test_victory_gives_the_trophy_and_a_j06_line() -> None:
    s = fighting(trophy=2)
    s = attack(s, 6, 5)
    s = attack(s, 6, 5)
    assert s.fight is None
    assert s.hero is not None and s.hero.gold == 5
    assert s.fights[-1].result == "defeated"
    assert s.step == "square_event"  # the turn goes on


def test_veteran_gives_one_more_gold() -> None:
    s = fighting(trophy=1, veteran=True)
    s = rolls(s, 4)  # +1 Dmg
    s = attack(s, 6, 5)
    s = attack(s, 6, 5)
    assert s.hero is not None and s.hero.gold == 5


@pytest.mark.parametrize(
    ("face", "check"),
    [(1, lambda f: "ambush" in f.abilities), (2, lambda f: f.atk == 9),
     (3, lambda f: f.hp == 3), (4, lambda f: f.dmg == 2),
     (5, lambda f: "poison" in f.abilities), (6, lambda f: "regeneration" in f.abilities)],
)
def test_veteran_ability_r08(face: int, check) -> None:
    s = fighting(veteran=True)
    assert waits(s) == "roll roll:veteran"
    s = rolls(s, face)
    assert s.fight is not None and check(s.fight)


def test_repeated_veteran_ability_gives_nothing() -> None:
    s = fighting(monster=MonsterData("Slime", 8, 1, 2, ("poison",)), veteran=True)
    s = rolls(s, 5)
    assert s.fight is not None and s.fight.abilities == ("poison",)
    assert "nothing" in " ".join(s.news)


def test_ambush_skips_break_and_spares_the_monster() -> None:
    s = fighting(extra=("ambush",))
    assert s.fight is not None and s.fight.phase == "attack"
    with pytest.raises(RuleError):
        commands.flee(s, roll=R(4))
    s = attack(s, 6, 5)
    assert s.fight is not None and s.fight.hp == 2 and s.fight.phase == "break"


def test_poison_ability() -> None:
    s = fighting(monster=MonsterData("Spider", 12, 1, 2, ("poison",)))
    s = attack(s, 2, 3)
    assert s.hero is not None and s.hero.poison == 1
    s = fighting(monster=MonsterData("Spider", 12, 1, 2, ("poison",)))
    s = hero(s, items=("Potion",))
    s = attack(s, 2, 3)
    assert s.hero is not None and s.hero.poison == 0


@pytest.mark.parametrize("total", range(2, 13))
def test_regeneration_r08(total: int) -> None:
    s = fighting(monster=MonsterData("Troll", 2, 1, 1, ("regeneration",)))
    s = attack(s, 3, 4)
    assert waits(s) == "roll roll:regen"
    a = min(6, total - 1)
    s = rolls(s, a, total - a)
    if 4 <= total <= 6:
        assert s.fight is not None and s.fight.hp == 1
    else:
        assert s.fight is None and s.fights[-1].result == "defeated"


def test_failed_flight_spares_the_monster() -> None:
    s = fighting()
    s = act(s, commands.flee, roll=R(1))
    assert s.fight is not None and s.fight.phase == "attack" and s.fight.spared
    s = attack(s, 6, 5)
    assert s.fight is not None and s.fight.hp == 2


@pytest.mark.parametrize("face", [2, 3, 4, 5, 6])
def test_flight_ends_the_turn_without_trophy(face: int) -> None:
    s = fighting(trophy=3)
    s = act(s, commands.flee, roll=R(face))
    assert s.fight is None and s.step == "end_of_turn"
    assert s.hero is not None and s.hero.gold == 3
    assert s.fights[-1].result == "fled"


def test_throw_flees_and_the_turn_goes_on() -> None:
    s = hero(fighting(), scrolls=("Throw",))
    s = act(s, commands.use_scroll, "Throw", "flee")
    assert s.fight is None and s.step == "square_event"


def test_no_flight_from_some_monsters() -> None:
    s = hero(fighting(can_flee=False), scrolls=("Dash",))
    with pytest.raises(RuleError):
        commands.flee(s, roll=R(5))
    with pytest.raises(RuleError):
        commands.use_scroll(s, "Dash", "flee")


@pytest.mark.parametrize(
    ("face", "stat", "value"),
    [(1, "atk", 11), (2, "dmg", 3), (3, "dmg", 3), (4, "hp", 8), (5, "hp", 8), (6, "hp", 9)],
)
def test_knight_grows_each_round_e21(face: int, stat: str, value: int) -> None:
    s = at_step(begin(), "square_event", "III-3")
    s = play.settle(combat.start(s, MonsterData("Knight of Chaos", 10, 2, 7), trophy=0,
                                 kind="knight", can_flee=False))
    assert waits(s) == "roll roll:grow"
    s = rolls(s, face)
    assert s.fight is not None and getattr(s.fight, stat) == value


def test_bone_dragon_heals_and_breathes_e36() -> None:
    s = hero(at_step(begin(), "square_event", "III-3"), atk=20, hp=4)
    s = play.settle(combat.start(s, MonsterData("Bone Dragon", 11, 2, 5, ("regeneration",)),
                                 trophy=0, kind="dragon", can_flee=False))
    assert s.fight is not None and s.fight.hp == 6
    s = attack(s, 1, 1)  # the dragon hits: 2
    assert s.fight is not None and s.fight.hp == 7
    s = hero(s, hp=4)
    s = attack(s, 1, 1)
    assert s.over and s.hero is not None and s.hero.hp == 0


def test_ruby_and_damage_scrolls_at_break() -> None:
    s = hero(fighting(monster=MonsterData("Ogre", 8, 1, 5)), items=("Ruby",),
             scrolls=("Blast",))
    s = act(s, commands.use_item, "Ruby", roll=R(5))
    # one Break action a round: the Attack comes next
    assert s.fight is not None and s.fight.hp == 3 and s.fight.phase == "attack"
    with pytest.raises(RuleError, match="Break"):
        commands.use_scroll(s, "Blast")
    s = attack(s, 1, 2)  # a miss
    s = act(s, commands.use_scroll, "Blast")
    assert s.fight is not None and s.fight.hp == 1


def test_regeneration_after_a_break_hit_goes_on_to_the_attack() -> None:
    s = hero(fighting(monster=MonsterData("Troll", 8, 1, 1, ("regeneration",))),
             scrolls=("Spark",))
    s = act(s, commands.use_scroll, "Spark")
    s = rolls(s, 2, 3)
    assert s.fight is not None and (s.fight.hp, s.fight.phase, s.fight.round) == (
        1, "attack", 1)


def test_items_wait_for_the_break() -> None:
    s = hero(fighting(extra=("ambush",)), scrolls=("Carrot",))
    with pytest.raises(RuleError, match="R09"):
        commands.use_scroll(s, "Carrot")


def test_flaming_sword_e33() -> None:
    s = hero(fighting(), items=("Flaming Sword",), scrolls=("Spark", "Spark"))
    s = act(s, commands.use_scroll, "Spark", "ignite")
    assert s.fight is not None and s.fight.ignited and s.fight.hp == 2
    assert s.hero is not None and s.hero.fame == 20
    with pytest.raises(RuleError):
        commands.use_scroll(s, "Spark", "ignite")
    s = attack(s, 3, 3)  # 6 + Atk 1 + 1 = 8: a hit for Dmg 2
    assert s.fight is None


def test_hero_at_zero_hp_ends_the_tale() -> None:
    s = hero(fighting(monster=MonsterData("Ogre", 12, 5, 5)), hp=2)
    s = attack(s, 2, 2)
    assert s.over and s.step == "over"
