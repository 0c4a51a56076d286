"""R10: the turn as a step machine, J05 day events, poison check, level up, terrain events."""

from __future__ import annotations

from dataclasses import replace

import pytest

from d6tui.engine.errors import RuleError
from d6tui.games.tales import commands, legal, play, services
from d6tui.games.tales.state import Task

from .util import R, act, at_step, begin, hero, open_square, rolls, sq, waits


def test_steps_in_order() -> None:
    s = begin("human")
    assert s.step == "level_up"
    s = act(s, commands.skip_level_up)
    assert s.step == "movement"
    s = act(s, commands.stop)
    assert s.days[-1].final == "III-3"
    # the castle: no terrain event; E01 may be played
    assert waits(s) == "square_event square_event"
    s = act(s, commands.play_event)
    assert waits(s) == "shop castle"
    s = act(s, services.leave)
    assert waits(s) == "end_of_turn end_of_turn"  # once per turn
    s = act(s, commands.end_turn)
    assert (s.week, s.day) == (1, 2)


def test_square_event_once_per_turn_and_never_e00() -> None:
    s = at_step(begin(), "square_event")
    s = act(s, commands.pass_event)
    assert s.step == "end_of_turn"
    with pytest.raises(RuleError):
        commands.play_event(s)
    s = replace(s, step="movement")
    s = replace(s, squares=tuple(
        open_square("castle", event="E00") if i == s.pos else q for i, q in enumerate(s.squares)))
    s = act(s, commands.stop)
    assert s.step == "end_of_turn"


DAY_EVENTS = [((1, 3), "E05"), ((1, 6), "E39"), ((2, 3), "E35"), ((2, 6), "E39"),
              ((3, 3), "E35"), ((3, 5), "E39"), ((3, 6), "E39")]


@pytest.mark.parametrize(("when", "event"), DAY_EVENTS)
def test_day_events_j05(when: tuple[int, int], event: str) -> None:
    week, day = when
    s = at_step(begin(), "end_of_turn")
    s = replace(s, week=week if day > 1 else week - 1, day=day - 1 if day > 1 else 6)
    s = act(s, commands.end_turn)
    assert (s.week, s.day) == (week, day)
    assert s.days[-1].day_event == event
    assert f"{event} " in " ".join(s.news)


def test_days_without_event() -> None:
    s = at_step(begin(), "end_of_turn")
    s = act(s, commands.end_turn)
    assert (s.week, s.day, s.days[-1].day_event) == (1, 2, "")


def test_week_four_day_one_ends_the_tale_e24() -> None:
    s = at_step(begin(), "end_of_turn")
    s = replace(s, week=3, day=6)
    fame = s.hero.fame if s.hero else 0
    s = act(s, commands.end_turn)
    assert s.over and s.step == "over"
    assert s.hero is not None and s.hero.fame == fame + 20
    assert s.final_fame == s.hero.fame + s.hero.gold


@pytest.mark.parametrize("total", range(2, 13))
def test_poison_check(total: int) -> None:
    s = hero(at_step(begin(), "end_of_turn"), poison=1)
    s = act(s, commands.end_turn)
    assert waits(s) == "roll roll:poison"
    a = min(6, total - 1)
    s = rolls(s, a, total - a)
    assert s.hero is not None
    assert s.hero.hp == (3 if total <= 5 else 4)
    assert s.step in ("level_up", "movement")


def test_level_up_example_r10() -> None:
    s = hero(at_step(begin(), "level_up"), atk=2, gold=3, hp=2)
    s = act(s, commands.level_up, "atk")
    assert s.hero is not None
    assert (s.hero.atk, s.hero.gold, s.hero.hp) == (3, 0, 3)
    assert s.step == "movement"


def test_level_up_heal_stops_at_max_hp_and_max_hp_raise() -> None:
    s = hero(at_step(begin(), "level_up"), gold=10)
    s = act(s, commands.level_up, "max_hp")
    assert s.hero is not None and (s.hero.max_hp, s.hero.hp, s.hero.gold) == (5, 5, 5)


def test_level_up_costs_the_stat_value() -> None:
    s = hero(at_step(begin(), "level_up"), gold=2, spd=2)
    with pytest.raises(RuleError, match="R10"):
        commands.level_up(s, "spd")


def test_level_up_is_skipped_without_gold() -> None:
    s = hero(at_step(begin(), "end_of_turn"), gold=1)
    s = act(s, commands.end_turn)
    assert s.step == "movement"


def terrain_roll(terrain: str, total: int, race: str = "human", week: int = 1):
    s = at_step(begin(race), "movement", "III-4")
    s = replace(s, week=week)
    s = replace(s, squares=tuple(open_square(terrain) if i == sq("III-4") else q
                                 for i, q in enumerate(s.squares)))
    s = act(s, commands.stop)
    assert waits(s) == "roll roll:terrain"
    a = min(6, total - 1)
    return rolls(s, a, total - a)


@pytest.mark.parametrize("total", [2, 3])
@pytest.mark.parametrize(
    ("terrain", "race", "gold", "poison", "hp"),
    [("mountains", "human", 3, 0, 3), ("mountains", "dwarf", 3, 0, 3),
     ("forest", "human", 2, 1, 3), ("forest", "elf", 1, 0, 3),
     ("swamp", "elf", 1, 1, 3), ("plains", "human", 2, 0, 3), ("plains", "hobbit", 1, 0, 4)],
)
def test_terrain_event_2_3(total, terrain, race, gold, poison, hp) -> None:
    s = at_step(begin(race), "movement", "III-4")
    s = hero(s, hp=3)
    s = replace(s, squares=tuple(open_square(terrain) if i == sq("III-4") else q
                                 for i, q in enumerate(s.squares)))
    s = act(s, commands.stop)
    a = min(6, total - 1)
    s = rolls(s, a, total - a)
    h = s.hero
    assert h is not None
    start_gold = {"human": 3}.get(race, 1)
    expected = {"mountains": start_gold + (2 if race == "dwarf" else 1)}.get(terrain, start_gold)
    assert h.gold == expected
    assert (h.poison, h.hp) == (poison, hp)


def test_terrain_event_4_treasure() -> None:
    s = terrain_roll("forest", 4)
    assert waits(s) == "roll roll:treasure"


@pytest.mark.parametrize("total", [5, 6, 7])
@pytest.mark.parametrize(("terrain", "name"), [("swamp", "Skeleton"), ("forest", "Giant Rat"),
                                               ("mountains", "Goblin"), ("plains", "Pink Slime")])
def test_terrain_event_5_7_week_monster(total: int, terrain: str, name: str) -> None:
    s = terrain_roll(terrain, total)
    assert s.fight is not None and s.fight.name == name and not s.fight.veteran
    assert s.fight.trophy == 1


@pytest.mark.parametrize("total", [8, 9, 10])
def test_terrain_event_8_10_nothing(total: int) -> None:
    s = terrain_roll("swamp", total)
    assert s.fight is None and s.step == "end_of_turn"


@pytest.mark.parametrize("total", [11, 12])
def test_terrain_event_11_12_veteran(total: int) -> None:
    s = terrain_roll("mountains", total, week=2)
    assert waits(s) == "roll roll:veteran"
    assert s.fight is not None and s.fight.veteran and s.fight.trophy == 2


def test_no_terrain_event_in_a_village() -> None:
    s = at_step(begin(), "movement", "III-4")
    s = replace(s, squares=tuple(open_square("village", event="E08") if i == sq("III-4") else q
                                 for i, q in enumerate(s.squares)))
    s = act(s, commands.stop)
    assert waits(s) == "square_event square_event"


def test_commands_refused_out_of_step() -> None:
    s = begin()
    with pytest.raises(RuleError):
        commands.stop(s)
    with pytest.raises(RuleError):
        commands.end_turn(s)
    with pytest.raises(RuleError):
        commands.roll(s)
    assert play.pending(s).kind == "level_up"
    assert Task("x") != Task("y")


def test_the_cookie_is_offered_only_when_it_changes_the_roll_r03() -> None:
    s = at_step(begin("hobbit"), "movement", "III-4")
    s = replace(s, squares=tuple(open_square("plains") if i == sq("III-4") else q
                                 for i, q in enumerate(s.squares)))
    s = act(s, commands.stop)
    assert waits(s) == "roll roll:terrain"
    action: legal.Action = (commands.roll, (), {})
    # 4+5 = 9: 8 or 10 would also be "nothing" (R10): no cookie to offer
    assert legal.cookie_choices(s, action, R(4, 5)) == []
    # 3+5 = 8: 7 would bring this week's monster; 9 changes nothing
    assert legal.cookie_choices(s, action, R(3, 5)) == [(0, -1), (1, -1)]
    # without a cookie, nothing is ever offered
    assert legal.cookie_choices(hero(s, items=()), action, R(3, 5)) == []
