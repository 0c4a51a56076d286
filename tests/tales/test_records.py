"""The record pages as functions of the tale: J05's day lines in day order with what each
day brought and the days ahead (their printed day events), J06's fight lines (where, when,
HP before and after, the veteran's bonus) and J04's quest terms."""

from __future__ import annotations

from dataclasses import dataclass, field

from d6tui.engine.session import Session
from d6tui.games.tales import commands, records
from tests.tales.util import R, act, at_step, begin, hero, open_square, read, rolls, sq
from tests.ui.tales_helpers import EXAMPLE


@dataclass
class FakeNote:
    text: str
    at: dict = field(default_factory=dict)


def test_j05_reads_in_day_order_with_the_days_results_and_the_days_ahead() -> None:
    state = Session.load(EXAMPLE).state
    lines = records.j05(state)
    keys = [(x.week, x.day) for x in lines]
    assert keys == sorted(keys) and keys[0] == (1, 1)
    assert all(x.when == "past" for x in lines)  # the tale is over: nothing ahead
    text = "\n".join(r for x in lines for r in x.results)
    assert "terrain 6 → fight with the Goblin: defeated, +1 gold" in text
    assert "quest #2 done" in text or "quest #2 taken" in text
    assert any(r.startswith("terrain ") for x in lines for r in x.results)


def test_j05_shows_the_printed_day_events_ahead_and_the_players_notes() -> None:
    s = begin("human")
    notes = [FakeNote("a fine morning", {"week": 1, "weekday": 1, "day": 1}),
             FakeNote("before it all", {"day": 0})]
    lines = records.j05(s, notes)
    assert lines[0].label == "Setup" and lines[0].notes == ("before it all",)
    today = lines[1]
    assert (today.week, today.day, today.when) == (1, 1, "today")
    assert today.notes == ("a fine morning",)
    ahead = [x for x in lines if x.when == "ahead"]
    printed = s.content.day_events
    assert ahead and all(x.day_event == printed.get((x.week, x.day), "") for x in ahead)
    assert (ahead[-1].week, ahead[-1].day) == max(printed)
    assert any(x.day_event == "E39" for x in ahead)  # E39's bans can be planned for


def test_an_event_and_what_it_gave_make_one_result() -> None:
    s = at_step(begin("human"), "square_event", "III-3")
    s = rolls(read(s, "E05"), 5)  # E05: a lake (E20), on a random square
    s = rolls(s, 1, 1)
    assert records.results(s.days[-1])[-1] == "E05: a lake on I-1"


def test_j06_records_where_when_the_hp_and_the_veterans_bonus() -> None:
    s = at_step(begin("human"), "movement", "III-4")
    s = s.__class__(**{**s.__dict__, "squares": tuple(
        open_square("plains") if i == sq("III-4") else q for i, q in enumerate(s.squares))})
    s = hero(act(s, commands.stop), atk=20, dmg=9)
    s = rolls(s, 6, 6)          # 12: a veteran
    s = rolls(s, 2)             # R08 [2]: +1 Atk
    s = act(s, commands.attack, roll=R(3, 3))
    (line,) = records.j06(s)
    assert line.monster.startswith("veteran ") and line.result == "defeated"
    assert (line.when, line.square, line.hp, line.bonus) == ("W1 D1", "III-4", "4→4", "+1 Atk")


def test_j04_notes_say_each_quests_terms() -> None:
    s = begin("human")
    (q,) = s.quests
    assert "reveal all 36 squares" in records.quest_terms(s, q)


def test_the_rules_notes_come_after_the_event_that_wrote_them() -> None:
    s = at_step(begin("human"), "square_event", "III-3")
    s = rolls(read(s, "E39"), 1)  # E39 [1]: no swamp today
    assert records.results(s.days[-1])[-1] == "E39: no swamp today"


def test_a_fight_the_hero_dies_in_has_its_j06_line_and_ends_the_day_in_j05() -> None:
    """J01: at 0 HP the tale ends (E17); the fight is still written in J06 (R09) and the
    day's line says how it ended."""
    s = at_step(begin("human"), "movement", "III-4")
    s = s.__class__(**{**s.__dict__, "squares": tuple(
        open_square("plains") if i == sq("III-4") else q for i, q in enumerate(s.squares))})
    s = hero(act(s, commands.stop), hp=1)
    s = rolls(s, 3, 3)          # 6: this week's monster
    s = act(s, commands.attack, roll=R(1, 1))  # critical 2: the monster hits
    assert s.over and s.fight is None
    (line,) = records.j06(s)
    assert (line.result, line.when, line.square, line.hp) == ("the hero fell", "W1 D1",
                                                               "III-4", "1→0")
    (today,) = [x for x in records.j05(s) if (x.week, x.day) == (1, 1)]
    assert today.results[-2:] == (f"terrain 6 → fight with the {s.fights[0].monster}: "
                                  "the hero fell", "E17")


def test_a_death_outside_a_fight_is_said_on_the_days_line() -> None:
    state = Session.load(EXAMPLE.with_name("tales-v2.toml")).state  # poisoned to death
    assert state.over and state.hero is not None and state.hero.hp == 0
    assert records.j05(state)[-1].results == ("-1 HP, the hero has fallen", "E17")
