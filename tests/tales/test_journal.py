"""The tale as text: the map and the Markdown journal."""

from __future__ import annotations

import random
from pathlib import Path

from d6tui.engine.dice import Dice
from d6tui.engine.session import Session
from d6tui.games.tales import journal
from d6tui.games.tales.rules import RULES

from .test_properties import play_out
from .util import begin, open_square, sq


def test_map_text_draws_roads_terrain_and_events() -> None:
    s = begin(castle=(3, 3))
    squares = list(s.squares)
    squares[sq("IV-3")] = open_square("forest", exits="EW")
    from dataclasses import replace

    s = replace(s, squares=tuple(squares))
    text = journal.map_text(s)
    lines = text.splitlines()
    assert lines[0].split() == ["I", "II", "III", "IV", "V", "VI"]
    row3 = lines[3]
    assert "┼C01*" in row3 and "─f" in row3
    assert lines[1].strip().startswith("1")


def test_markdown_journal_of_a_whole_tale() -> None:
    session = Session.new(RULES, {"name": "Brin", "race": "dwarf"}, dice=Dice(11))
    play_out(session, random.Random(11))
    text = journal.markdown(session.title, session.events)
    assert text.startswith("# The tale of Brin")
    for heading in ("## The hero (J01)", "## The days (J05)", "### Week 1, day 1",
                    "## The island (J02)", "## Scoring (J09)"):
        assert heading in text
    assert session.state.status in text
    assert "None" not in text


def test_export_markdown_strikes_undone_events_through() -> None:
    session = Session.new(RULES, {"name": "Brin", "race": "elf"}, dice=Dice(2))
    play_out(session, random.Random(2), limit=30)
    session.undo()
    assert RULES.export_markdown is not None
    text = RULES.export_markdown(session)
    assert text.startswith("# The tale of Brin")
    entries = [e for e in session.history() if e.event["type"] in RULES.event_types]
    undone = [e for e in entries if e.undone]
    assert undone
    lines = [ln for ln in text.splitlines() if ln.startswith("- ")]
    # every game event is listed, the undone ones struck through (README: nothing is lost)
    assert len(lines) == len(entries)
    struck = [ln for ln in lines if ln.startswith("- ~~") and ln.endswith("~~ (undone)")]
    assert len(struck) == len(undone)
    # the tale shown is the effective one: the same as exporting only what was kept
    kept = journal.markdown(session.title, [e.event for e in entries if not e.undone])
    assert kept.split("## Fights")[0].split("## The days")[0] == \
        text.split("## Fights")[0].split("## The days")[0]
    assert kept.split("## The island (J02)")[1] == text.split("## The island (J02)")[1]


def test_a_note_anchors_to_the_event_in_progress_not_the_last_one_done() -> None:
    """After the square's event is done (the castle's shop left, the turn at its end), a note
    names the day only: no event is in progress (R10)."""
    from pathlib import Path

    from d6tui.games.tales import anchor
    from d6tui.games.tales.fold import EVENT_TYPES, fold, new_state

    # the first recorded example tale, which visits the castle's shop
    session = Session.load(Path(__file__).resolve().parents[1] / "fixtures" / "saves"
                           / "tales-v1.toml")
    state, done, going = new_state({}), 0, 0
    for entry in session.history():
        if entry.event["type"] not in EVENT_TYPES or entry.undone:
            continue
        state = fold(state, entry.event)
        if state.event_played and state.step == "end_of_turn" and not state.tasks:
            done += 1
            assert anchor.where(state).get("event") is None, entry.event["seq"]
        if state.week and state.tasks and state.tasks[-1].kind == "shop" and \
                state.tasks[-1].arg == "castle":
            going += 1
            assert anchor.where(state)["event"] == "E01"  # in the castle's shop: E01 goes on
    session.close()
    assert done >= 4 and going >= 1


def test_the_exported_journal_keeps_the_players_names() -> None:
    """J01's portrait and story, J06's given name with its day, square and HP (as the
    screen's J06 reads them, records.j06), and the named places under the map (J02)."""
    from d6tui.games.tales import commands, island, keepsake, naming, play, records
    from d6tui.games.tales.fold import EVENT_TYPES
    from tests.ui.tales_helpers import EXAMPLE

    session = Session.load(EXAMPLE)
    events = [dict(e) for e in session.events if e["type"] in EVENT_TYPES]
    state = session.state
    added = []
    place = naming.namable_places(state)[0]
    for cmd, args in ((commands.describe_hero, ("tall, in a red cloak", "a sailor once")),
                      (commands.name_monster, (naming.beaten(state)[0] + 1, "Grub")),
                      (commands.name_place, (island.name(place), "Old Keep"))):
        event = cmd(state, *args)
        state = play.apply(state, event)
        added.append(event)
    text = keepsake.journal_markdown("T", None, None, [*events, *added], set(), [])
    assert "tall, in a red cloak" in text and "a sailor once" in text
    fights = text.split("## Fights (J06)")[1].split("##")[0]
    line = next(f for f in records.j06(state) if "'Grub'" in f.monster)
    row = next(r for r in fights.splitlines() if "Grub" in r)
    for part in (line.when, line.hp, line.square):
        assert part and part in row
    places = text.split("## The island (J02)")[1].split("##")[0]
    assert f"{island.name(place)}: **Old Keep**" in places


def test_the_export_of_a_tale_whose_hero_fell_says_so(tmp_path: Path) -> None:
    """A tester's dead hero's export said only "The tale is over: total fame 0 (J09),
    Unknown Hero." (J01: at 0 HP the tale ends): it says the hero fell; a tale that ended
    otherwise does not."""
    import shutil

    from d6tui.games.tales.keepsake import export_journal

    saves = Path(__file__).resolve().parents[1] / "fixtures" / "saves"
    fell = Session.load(Path(shutil.copy(saves / "tales-v2.toml", tmp_path / "a.toml")))
    assert fell.state.over and fell.state.hero.hp <= 0
    assert ("The tale is over (the hero fell, J01): total fame **20** (J09), Unknown Hero."
            in export_journal(fell))
    lived = Session.load(Path(shutil.copy(saves / "tales-v1.toml", tmp_path / "b.toml")))
    assert lived.state.over and lived.state.hero.hp > 0
    assert "The tale is over: total fame **53** (J09)" in export_journal(lived)
