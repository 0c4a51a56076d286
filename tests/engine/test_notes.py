"""Notes: the player's own words, as ``note`` events (d6tui/engine/notes.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from d6tui.engine.dice import Dice
from d6tui.engine.errors import LogError, RuleError
from d6tui.engine.notes import NOTE_MAX
from d6tui.engine.session import Session
from tests.engine import toy


def _texts(s: Session) -> list[str]:
    return [n.text for n in s.notes()]


def test_write_edit_remove() -> None:
    s = Session.new(toy.RULES, {}, dice=Dice(1))
    s.do(toy.roll, faces=[3])
    first = s.write_note("  The first roll.\r\nIt was a three.\n\n")
    assert first["type"] == "note"
    assert first["text"] == "The first roll.\nIt was a three."
    assert first["where"] == {"move": 1, "label": "Move 1"}
    s.do(toy.roll, faces=[4])
    second = s.write_note("A four.")
    assert _texts(s) == ["The first roll.\nIt was a three.", "A four."]
    assert s.state.total == 7  # notes change nothing in the game
    edit = s.write_note("The first roll: three.", edits=first["seq"])
    notes = s.notes()
    # an edit keeps the note's place and anchor; the old text is kept in its history
    assert [n.text for n in notes] == ["The first roll: three.", "A four."]
    assert notes[0].seq == edit["seq"] and notes[0].first == first["seq"]
    assert notes[0].at == {"move": 1, "label": "Move 1"}
    assert notes[0].history == ("The first roll.\nIt was a three.",)
    # a note keeps its number (the seq that first wrote it) through its edits
    again = s.write_note("Three.", edits=first["seq"])
    assert again["edits"] == edit["seq"]  # the save names the text it replaces
    assert s.notes()[0].first == first["seq"] and s.notes()[0].seq == again["seq"]
    assert s.notes()[0].history == ("The first roll.\nIt was a three.",
                                    "The first roll: three.")
    s.write_note("", edits=second["seq"])
    assert _texts(s) == ["Three."]
    s.write_note("  ", edits=first["seq"])
    assert s.notes() == ()
    # the removed texts stay in the log, and the log view says what happened
    words = [h.text for h in s.history()]
    assert words[2] == "\u270e note (Move 1): \u201cThe first roll.\n     It was a three.\u201d"
    # both edits name the note by its number, not by the edit they replace
    assert words.count(f"\u270e note #{first['seq']} edited (Move 1): \u201cThree.\u201d") == 1
    assert words[-1] == f"\u2716 removed note #{first['seq']}"


def test_undo_and_redo_apply_to_notes() -> None:
    s = Session.new(toy.RULES, {}, dice=Dice(1))
    s.do(toy.roll, faces=[2])
    note = s.write_note("two")
    assert s.can_undo
    s.undo()
    assert s.notes() == ()
    assert s.state.total == 2  # the undo took back the note, not the roll
    s.redo()
    assert _texts(s) == ["two"]
    s.write_note("deux", edits=note["seq"])
    s.undo()
    assert _texts(s) == ["two"]
    s.undo()
    assert s.notes() == ()
    s.undo()  # then the roll
    assert s.state.total == 0
    s.redo()
    s.redo()
    s.redo()
    assert _texts(s) == ["deux"]
    assert s.state.total == 2
    s.undo()
    s.write_note("new")  # a note is a new action: redo is gone
    assert not s.can_redo


def test_notes_reload_from_disk(tmp_path: Path) -> None:
    path = tmp_path / "g.toml"
    s = Session.new(toy.RULES, {}, path=path, dice=Dice(1))
    s.do(toy.roll, faces=[5])
    a = s.write_note("line one\n\tline two \u00e9\u00e8")
    b = s.write_note("to undo")
    s.undo()
    s.write_note("edited", edits=a["seq"])
    s.do(toy.roll, faces=[1])
    notes, history = s.notes(), [(h.text, h.undone) for h in s.history()]
    s.close()
    loaded = Session.load(path, rules=toy.RULES)
    assert loaded.notes() == notes
    assert [(h.text, h.undone) for h in loaded.history()] == history
    assert loaded.is_undone(b["seq"])
    assert loaded.state.total == 6
    assert loaded.where() == {"move": 2, "label": "Move 2"}
    loaded.write_note("after the reload", edits=notes[0].first)
    loaded.close()
    again = Session.load(path, rules=toy.RULES)
    assert _texts(again) == ["after the reload"]
    assert again.notes()[0].history == ("line one\n\tline two \u00e9\u00e8", "edited")
    again.close()


@pytest.mark.parametrize(("text", "edits", "message"), [
    ("", None, "a note needs some text"),
    ("   \n ", None, "a note needs some text"),
    ("x" * (NOTE_MAX + 1), None, f"at most {NOTE_MAX} characters"),
    ("bell \x07", None, "control characters"),
    ("escape \x1b[2J", None, "control characters"),
    ("fine", 99, "#99 is not a note"),
    ("fine", 1, "#1 is not a note"),
    ("fine", "2", "by its number"),
    ("same", 2, "already says that"),
])
def test_bad_notes_are_refused_in_one_line(text: str, edits: object, message: str) -> None:
    s = Session.new(toy.RULES, {}, dice=Dice(1))
    s.write_note("same")
    n = len(s.events)
    with pytest.raises(RuleError, match=message) as info:
        s.write_note(text, edits=edits)  # type: ignore[arg-type]
    assert "\n" not in str(info.value)
    assert len(s.events) == n
    assert _texts(s) == ["same"]


def test_an_edit_names_the_note_by_its_one_number() -> None:
    s = Session.new(toy.RULES, {}, dice=Dice(1))
    a = s.write_note("a")
    b = s.write_note("b", edits=a["seq"])
    # the edit's own seq is not the note's number: refused, naming the number to use
    with pytest.raises(RuleError, match=f"#{b['seq']} is an edit of note #{a['seq']}"):
        s.write_note("c", edits=b["seq"])
    c = s.write_note("c", edits=a["seq"])
    assert [n.text for n in s.notes()] == ["c"] and c["edits"] == b["seq"]
    s.write_note("", edits=a["seq"])
    with pytest.raises(RuleError, match=f"note #{a['seq']} was removed"):
        s.write_note("c", edits=a["seq"])
    d = s.write_note("d")
    s.undo()
    with pytest.raises(RuleError, match=f"note #{d['seq']} is undone"):
        s.write_note("e", edits=d["seq"])


def test_a_hand_made_bad_note_is_refused_at_load(tmp_path: Path) -> None:
    path = tmp_path / "g.toml"
    s = Session.new(toy.RULES, {}, path=path, dice=Dice(1))
    s.write_note("hello")
    s.close()
    text = path.read_text(encoding="utf-8")
    # a note that edits a note that does not exist, written whole (with a right end mark)
    from d6tui.engine.log import event_block

    seq3 = event_block({"seq": 3, "type": "note", "at": s.events[1]["at"], "text": "x",
                        "where": {"label": "Move 0"}, "edits": 7})
    path.write_text(text + seq3, encoding="utf-8")
    with pytest.raises(LogError, match="seq 3: #7 is not a note"):
        Session.load(path, rules=toy.RULES)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(["roll", "note", "edit", "remove", "undo", "redo"]),
                max_size=60))
def test_notes_survive_any_mix_of_moves_undo_and_redo(ops: list[str]) -> None:
    s = Session.new(toy.RULES, {}, dice=Dice(0))
    for i, op in enumerate(ops):
        notes = s.notes()
        try:
            if op == "roll":
                s.do(toy.roll, s.dice)
            elif op == "note":
                s.write_note(f"note {i}")
            elif op in ("edit", "remove") and notes:
                s.write_note(f"edit {i}" if op == "edit" else "", edits=notes[-1].first)
            elif op == "undo":
                s.undo()
            elif op == "redo":
                s.redo()
        except RuleError:
            pass
    # the notes and the state are those of folding the log afresh
    fresh = Session.new(toy.RULES, {}, dice=Dice(0))
    for ev in list(s.events)[1:]:
        fresh._apply(dict(ev))
    assert fresh.notes() == s.notes()
    assert fresh.state == s.state


def test_a_note_shown_at_one_place_is_not_saved_at_another() -> None:
    s = Session.new(toy.RULES, {}, dice=Dice(1))
    shown = s.where()
    s.do(toy.roll, faces=[2])  # the game moves on while the note is being written
    with pytest.raises(RuleError, match="the game moved on: it is at Move 1 now, not Move 0"):
        s.write_note("late", at=shown)
    assert s.notes() == ()
    s.write_note("on time", at=s.where())
    assert [n.label for n in s.notes()] == ["Move 1"]
