"""The tale as text: the map and the Markdown journal."""

from __future__ import annotations

import random

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


def test_export_markdown_leaves_undone_events_out() -> None:
    session = Session.new(RULES, {"name": "Brin", "race": "elf"}, dice=Dice(2))
    play_out(session, random.Random(2), limit=30)
    session.undo()
    assert RULES.export_markdown is not None
    text = RULES.export_markdown(session)
    assert text.startswith("# The tale of Brin")
    effective = [e for e in session.history()
                 if not e.undone and e.event["type"] in RULES.event_types]
    assert any(e.undone for e in session.history())
    lines = [ln for ln in text.splitlines() if ln.startswith("- ")]
    assert len(lines) == len(effective)
