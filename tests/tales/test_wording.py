"""Words the tale writes: articles, stat names as on the sheet, J03 effects, the setup
status (the breaker's report, items 9 and 10)."""

from __future__ import annotations

from d6tui.games.tales import commands, legal, sheet
from d6tui.games.tales.content import current
from d6tui.games.tales.rules import RULES, status

from .test_combat import fighting
from .util import act, at_step, begin, hero, rolls


def test_articles() -> None:
    assert sheet.a("Antidote") == "an Antidote"
    assert sheet.a("Dash") == "a Dash"
    s = sheet.add_scroll(begin(), "Antidote")
    assert "got an Antidote scroll" in s.news


def test_stats_are_written_as_on_the_sheet() -> None:
    s = rolls(fighting(veteran=True), 3)
    assert "the veteran gets +1 HP" in s.news
    s = hero(at_step(begin(), "level_up"), atk=2, gold=3)
    s = act(s, commands.level_up, "atk")
    assert "Atk raised to 3" in s.news


def test_antidote_effect_reads_as_j03() -> None:
    assert current().scrolls["Antidote"].words == "Poison = 0"


def test_status_says_setting_up_before_day_1() -> None:
    s = RULES.fold(RULES.new_state({}),
                   commands.start_payload({"name": "Sam", "race": "hobbit"}))
    assert status(s).startswith("setting up, Sam")
    assert status(begin()).startswith("week 1 day 1")



def test_the_mango_is_offered_only_when_it_would_heal() -> None:
    def offered(s: object) -> bool:
        return (commands.use_item, ("Mango",), {}) in legal.actions(s)  # type: ignore[arg-type]

    s = hero(at_step(begin(), "movement"), items=("Mango",))
    assert not offered(s)  # HP 4/4: eating it would waste the Mango (E14, E38)
    assert offered(hero(s, hp=2))
    f = fighting()
    f = hero(f, items=("Mango",))
    assert not offered(f)
    assert offered(hero(f, hp=1))


def test_a_hero_with_no_name_is_the_hero_r03() -> None:
    from d6tui.games.tales.rules import default_title

    payload = commands.start_payload({"name": "", "race": "elf"})
    assert payload["name"] == "the Hero"
    assert default_title({"name": ""}) == "The tale of the Hero"


def test_status_names_the_square_being_revealed() -> None:
    from .util import sq, square

    s = at_step(begin(), "movement", "III-4")
    s = square(s, "III-4", road="crossroads", exits="NESW", terrain="plains")
    s = act(s, commands.move, "S")
    assert "on III-4, revealing III-5" in status(s)
    assert sq("III-5") == s.top.n  # type: ignore[union-attr]


def test_leaving_a_village_names_it_not_its_code() -> None:
    """The news says "left the village (E08)", never "left the E08"."""
    from d6tui.games.tales import shops
    from d6tui.games.tales.state import Task


    s = sheet.push(at_step(begin(), "square_event", "III-3"), Task("shop", "E08"))
    assert shops.leave(s).news[-1] == "left the village (E08)"
    s = sheet.push(at_step(begin(), "square_event", "III-3"), Task("shop", "castle"))
    assert shops.leave(s).news[-1] == "left the castle"


def test_the_help_marks_the_cookie_as_a_house_reading_r03() -> None:
    """R03 does not say which die of a 2d6 roll the cookie moves: the help says d6tui's
    reading is its own."""
    from d6tui.ui.tales.help import HELP

    text = " ".join(HELP.split())
    assert "House reading of the cookie" in text
    assert "one die of your choice" in text


def test_the_status_line_names_no_task_id_at_any_step_of_the_example():
    """Issue 12: the lobby lists a tale by its status: what it waits for in words
    ("roll for a random square (R02)"), never a task's id ("roll roll:square")."""
    import re
    from pathlib import Path

    from d6tui.engine.session import Session

    save = Path(__file__).resolve().parents[2] / "saves" / "tales-example.toml"
    s = Session.load(save)
    state = s.rules.new_state(s.header.options)
    lines = set()
    for ev in s.events:
        if ev["type"] not in s.rules.event_types:
            continue
        state = s.rules.fold(state, ev)
        lines.add(s.rules.status(state))
    assert len(lines) > 20
    for line in lines:
        assert not re.search(r"\b(roll|choose):|\w_\w", line), line


def test_hp_below_zero_is_said_plainly() -> None:
    """A monster hit past 0 HP, or the hero, is said to have no HP left (R08, J01: "0 or
    less"), not "-1 HP left"; a save written before keeps its events but the log line reads
    the same way."""
    from d6tui.games.tales.content import MonsterData
    from d6tui.games.tales.describe import describe

    from .test_combat import attack

    s = hero(fighting(monster=MonsterData("Slime", 8, 1, 1)), dmg=2)
    s = attack(s, 6, 5)
    assert "the Slime takes 2 (no HP left)" in s.news
    assert not any("-1 HP" in n for n in s.news)
    s = hero(fighting(monster=MonsterData("Brute", 20, 3, 5)), hp=2)
    s = attack(s, 1, 2)  # a miss: the Brute deals 3
    assert "-3 HP (no HP left)" in s.news
    s = hero(fighting(monster=MonsterData("Brute", 20, 1, 5)), hp=3)
    s = attack(s, 1, 2)
    assert "-1 HP (2 left)" in s.news
    old = {"type": "attacked", "roll": {"dice": "2d6", "faces": [6, 3], "source": "app"},
           "note": "12 against Atk 9: a hit; the Green Slime takes 2 (-1 HP left); the Green"
                   " Slime is defeated; -2 HP (0 left); the Goblin takes 1 (2 HP left)"}
    line = describe(old)
    assert "takes 2 (no HP left)" in line and "-2 HP (no HP left)" in line
    assert "takes 1 (2 HP left)" in line and "-1 HP left" not in line
