"""R02, R03: hero creation, the castle, the first day."""

from __future__ import annotations

import pytest

from d6tui.engine.errors import DiceError, EventError, RuleError
from d6tui.games.tales import commands, play
from d6tui.games.tales.rules import RULES
from d6tui.games.tales.state import Tale

from .util import R, act, begin, read, rolls, sq, waits


def started(race: str) -> Tale:
    return RULES.fold(Tale(), commands.start_payload({"name": "Ann", "race": race}))


def test_starting_stats_r03() -> None:
    h = started("hobbit").hero
    assert h is not None
    assert (h.atk, h.dmg, h.spd, h.max_hp, h.hp, h.poison, h.gold, h.fame) == (
        1, 1, 2, 4, 4, 0, 1, 0)


@pytest.mark.parametrize(
    ("race", "field", "value"),
    [("dwarf", "dmg", 2), ("elf", "atk", 2), ("human", "gold", 3), ("hobbit", "items",
                                                                      ("Cookie",))],
)
def test_race_bonus_r03(race: str, field: str, value: object) -> None:
    assert getattr(started(race).hero, field) == value


def test_bad_options_are_refused() -> None:
    # R03: the name is given "if you wish"
    assert RULES.check_options({"name": " ", "race": "elf"})["name"] == "the Hero"
    with pytest.raises(RuleError, match="R03"):
        RULES.check_options({"name": "Ann", "race": "orc"})
    assert RULES.check_options({"name": " Ann ", "race": "Elf"})["race"] == "elf"


def test_castle_on_rolled_square_r02() -> None:
    s = started("elf")
    assert waits(s) == "roll roll:square"
    s = rolls(s, 5, 3)
    castle = s.squares[sq("V-3")]
    assert (castle.road, castle.exits, castle.event, castle.site) == (
        "crossroads", "NESW", "E01", "castle")
    assert s.pos == sq("V-3")
    assert waits(s) == "shop castle"  # E01 is read at the start (R03)


def test_personal_quest_j04() -> None:
    s = started("elf")
    assert [(q.kind, q.recipient, q.place) for q in s.quests] == [("explore", "Hero", "Any")]
    s = RULES.fold(Tale(), commands.start_payload({"name": "A", "race": "elf",
                                                   "explore": False}))
    assert s.quests == ()


def test_random_square_rerolls_a_square_with_an_event_r02() -> None:
    s = begin()
    s = read(s, "E25")
    s = rolls(s, 1)  # a rift
    s = rolls(s, 3, 3)  # the castle square has E01: roll again
    assert waits(s).startswith("roll roll:square")
    assert "roll again" in " ".join(s.news)
    s = rolls(s, 1, 1)
    assert s.squares[sq("I-1")].event == "E31"


def test_first_day_after_the_castle() -> None:
    s = begin("human")
    assert (s.week, s.day) == (1, 1)
    assert s.step == "level_up"  # a human can pay 1 gold for Atk
    assert s.days[-1].week == 1 and s.days[-1].day == 1


def test_typed_dice_are_checked() -> None:
    s = started("elf")
    with pytest.raises(RuleError):
        commands.roll(s, roll={"dice": "2d6", "faces": [7, 1], "source": "table"})
    with pytest.raises(DiceError):
        R(7, 1)


def test_fold_refuses_an_event_that_does_not_fit() -> None:
    s = begin()
    with pytest.raises(EventError):
        RULES.fold(s, {"type": "attacked", "roll": R(3, 4)})
    with pytest.raises(EventError):
        RULES.fold(s, {"type": "no_such_event"})


def test_hobbit_cookie_changes_one_die() -> None:
    s = started("hobbit")
    s = act(s, commands.roll, roll=R(6, 2), cookie=(1, 1))
    assert s.pos == sq("VI-3")
    assert s.hero is not None and "Cookie" not in s.hero.items
    with pytest.raises(RuleError):
        commands.roll(started("elf"), roll=R(6, 2), cookie=(1, 1))


def test_meeple_reroll_keeps_the_second_roll() -> None:
    s = begin()
    s = read(s, "E23")
    from .util import hero
    s = hero(s, items=("Meeple",))
    s = read(s, "E03")
    s = act(s, commands.roll, roll=R(1, 1), reroll=R(6, 6))
    assert s.hero is not None and s.hero.items == () and s.hero.gold == 5
    assert play.pending(s).kind != "roll"


def test_evolve_checks_field_names() -> None:
    from d6tui.games.tales.state import Hero, evolve

    h = Hero("Ann", "elf")
    assert evolve(h, gold=5) == Hero("Ann", "elf", gold=5)
    assert h.gold == 1
    with pytest.raises(TypeError, match="no field"):
        evolve(h, golds=5)
