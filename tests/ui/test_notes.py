"""Notes on every game screen: N writes one, ctrl+n lists them to edit, undo takes one back,
and the log view shows them set apart."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList, TextArea

from d6tui.engine.session import Session
from d6tui.paths import new_save_path
from d6tui.ui.screens.game import GameScreen
from d6tui.ui.screens.modals import ConfirmModal
from d6tui.ui.screens.notes import NoteModal, NotesModal
from d6tui.ui.widgets.event_log import EventLogView
from tests.ui.helpers import make_app, new_shooter, sync


async def _wait_for(pilot: Pilot, kind: type) -> None:
    for _ in range(20):  # a worker waits on the box: pause, never settle
        if isinstance(pilot.app.screen, kind):
            return
        await pilot.pause()
    raise AssertionError(f"{kind.__name__} did not open; the screen is {pilot.app.screen!r}")


async def _type(pilot: Pilot, text: str) -> None:
    for ch in text:
        await pilot.press("enter" if ch == "\n" else "space" if ch == " " else ch)


def _log_text(screen: GameScreen) -> str:
    log = screen.query_one("#log", EventLogView)
    log.display = True
    screen.refresh_game()
    return log.drawn_text()


@sync
async def test_write_edit_and_undo_a_note_on_the_tales_screen(saves: Path) -> None:
    session = Session.new("tales", {"race": "dwarf", "name": "Brin", "seed": 5},
                          path=new_save_path(saves, "Brin"))
    app = make_app(saves, session=session)
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("N")
        await _wait_for(pilot, NoteModal)
        assert "Before the first day" in app.screen.title_text
        await _type(pilot, "Brin came ashore.\nThe sea was grey.")
        await pilot.press("ctrl+s")
        await _wait_for(pilot, type(screen))
        await pilot.pause()
        notes = session.notes()
        assert [n.text for n in notes] == ["Brin came ashore.\nThe sea was grey."]
        assert notes[0].at == {"day": 0, "label": "Before the first day"}
        drawn = _log_text(screen)
        assert "\u270e note (Before the first day): \u201cBrin came ashore." in drawn

        # edit it from the notes list: the newest note is picked, its text is in the box
        await pilot.press("ctrl+n")
        await _wait_for(pilot, NotesModal)
        listing = app.screen.query_one("#notes-list", OptionList)
        assert listing.option_count == 2  # "write a new note", then the note
        await pilot.press("enter")
        await _wait_for(pilot, NoteModal)
        area = app.screen.query_one("#note-text", TextArea)
        assert area.text == "Brin came ashore.\nThe sea was grey."
        area.text = "Brin came ashore at dawn."
        await pilot.press("ctrl+s")
        await _wait_for(pilot, type(screen))
        await pilot.pause()
        assert [n.text for n in session.notes()] == ["Brin came ashore at dawn."]
        assert session.notes()[0].history == ("Brin came ashore.\nThe sea was grey.",)
        assert f"note #{notes[0].seq} edited" in _log_text(screen)

        # undo takes the edit back like a move; the log keeps it, marked undone
        await pilot.press("u")
        await pilot.pause()
        assert [n.text for n in session.notes()] == ["Brin came ashore.\nThe sea was grey."]
        drawn = _log_text(screen)
        assert f"note #{notes[0].seq} edited (Before the first day): \u201cBrin came ashore " \
            "at dawn.\u201d (undone)" in drawn
        await pilot.press("U")  # and redo brings it again
        await pilot.pause()
        assert [n.text for n in session.notes()] == ["Brin came ashore at dawn."]
    again = Session.load(session.log.path)  # type: ignore[union-attr]
    assert [n.text for n in again.notes()] == ["Brin came ashore at dawn."]
    again.close()


@pytest.mark.parametrize("slug", ["simple_six", "dungeon", "d6_board"])
@sync
async def test_every_game_screen_takes_a_note(saves: Path, slug: str) -> None:
    options = {"simple_six": {}, "dungeon": {}, "d6_board": {"players": ["Ann", "Bob"]}}[slug]
    session = Session.new(slug, {**options, "seed": 2}, path=new_save_path(saves, slug))
    app = make_app(saves, session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        if not isinstance(app.screen, GameScreen):  # D6 Dungeon's hand-over screen
            await pilot.press("enter")
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("N")
        await _wait_for(pilot, NoteModal)
        await _type(pilot, "noted")
        await pilot.press("ctrl+s")
        await _wait_for(pilot, type(screen))
        await pilot.pause()
        assert [n.text for n in session.notes()] == ["noted"]
        where = session.rules.where(session.state)  # type: ignore[misc]
        assert session.notes()[0].at == {k: v for k, v in where.items() if v is not None}


def test_the_notes_list_names_a_note_by_its_one_number() -> None:
    from d6tui.engine.notes import Note
    from d6tui.ui.screens.notes import note_line

    edited = Note(seq=15, text="twice edited", at={"label": "Turn 3"}, history=("a", "b"),
                  first=2)
    assert note_line(edited) == "#2 Turn 3: twice edited (edited)"


def _move_on(session: Session) -> None:
    """Play moves (as the computer or another key would) until the note's anchor changes."""
    from d6tui.games.shooter.bot import choose

    before = session.where()
    while session.where() == before:
        action, answers = choose(session.state)
        session.do(action.command, dice=session.dice, **answers)


@sync
async def test_escape_asks_the_palette_undo_a_removed_note_and_where_a_note_goes(
        saves: Path) -> None:
    """One new Shooter game at 80x24, five checks in turn: Escape asks before throwing
    typed text away (and an empty box closes at once, a box saved empty says why), nothing
    saved; the palette writes a note (its commands name the keys N and ^n); then undo says
    what it undid and a saved note says so briefly; an edit of a note another process
    removed meanwhile keeps its text; and a note is saved where its box said, or where the
    player agrees once the game moved on while the box was open."""
    from d6tui.ui.screens.game import GameCommands

    session = new_shooter(saves)
    app = make_app(saves, session=session)
    notices: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("N")
        await _wait_for(pilot, NoteModal)
        assert "Turn 1 \u00b7 Ann" in app.screen.title_text
        await _type(pilot, "Vance")
        await pilot.press("escape")
        await _wait_for(pilot, ConfirmModal)
        await pilot.press("n")  # keep it: back in the box, the text still there
        await _wait_for(pilot, NoteModal)
        assert app.screen.query_one("#note-text", TextArea).text == "Vance"
        await pilot.press("escape")
        await _wait_for(pilot, ConfirmModal)
        await pilot.press("y")
        await _wait_for(pilot, type(screen))
        assert screen.session.notes() == ()  # type: ignore[attr-defined]
        # an empty box closes at once, and a box saved empty says why in the box
        await pilot.press("N")
        await _wait_for(pilot, NoteModal)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "needs some text" in str(app.screen.query_one("#note-error").render())
        await pilot.press("escape")
        await _wait_for(pilot, type(screen))
        assert len(screen.session.events) == 1  # type: ignore[attr-defined]
        names = {name: (help_text, run) for name, help_text, run in
                 GameCommands(screen)._commands()}
        assert names["D6 Shooter: Write a note"][0].startswith("key N")
        assert names["D6 Shooter: Read and edit the notes"][0].startswith("key ^n")
        result = names["D6 Shooter: Write a note"][1]()
        if inspect.isawaitable(result):
            await result
        await _wait_for(pilot, NoteModal)
        await _type(pilot, "from the palette")
        await pilot.press("ctrl+s")
        await _wait_for(pilot, type(screen))
        await pilot.pause()
        notes = screen.session.notes()  # type: ignore[attr-defined]
        assert [n.text for n in notes] == ["from the palette"]
        app.notify = lambda message, **kw: notices.append(message)  # type: ignore[method-assign]
        await pilot.press("N")
        await _wait_for(pilot, NoteModal)
        await _type(pilot, "Dust")
        await pilot.press("ctrl+s")
        await _wait_for(pilot, type(screen))
        await pilot.pause()
        assert notices[-1] == "Note saved."
        await pilot.press("u")
        await pilot.pause()
        assert notices[-1].startswith("Undone: \u270e note (") and "Dust" in notices[-1]
        assert [n.text for n in session.notes()] == ["from the palette"]

        # an edit of a note removed meanwhile keeps the text
        note = session.write_note("old words")
        await pilot.press("ctrl+n")
        await _wait_for(pilot, NotesModal)
        await pilot.press("enter")  # the newest note
        await _wait_for(pilot, NoteModal)
        assert app.screen.query_one("#note-text", TextArea).text == "old words"
        app.screen.query_one("#note-text", TextArea).text = "new words"
        other = Session.load(session.log.path)  # type: ignore[union-attr]
        other.write_note("", edits=note["seq"])  # another process removes the note
        other.close()
        await pilot.press("ctrl+s")
        await _wait_for(pilot, ConfirmModal)
        assert f"Note #{note['seq']} was removed meanwhile" in app.screen.question
        await pilot.press("y")
        await _wait_for(pilot, type(screen))
        await pilot.pause()
        assert [n.text for n in session.notes()] == ["from the palette", "new words"]

        # a note is saved where its box said, or where the player agrees
        before = session.notes()
        shown = session.where()
        await pilot.press("N")
        await _wait_for(pilot, NoteModal)
        assert shown["label"] in app.screen.title_text
        await _type(pilot, "Tense")
        _move_on(session)  # the game moves on while the box is open
        now = session.where()
        await pilot.press("ctrl+s")
        await _wait_for(pilot, ConfirmModal)
        assert app.screen.question == ("The game moved on while the box was open: save the "
                                       f"note at {now['label']}?")
        await pilot.press("n")  # not there: back in the box, the text kept, the title true
        await _wait_for(pilot, NoteModal)
        assert app.screen.query_one("#note-text", TextArea).text == "Tense"
        assert now["label"] in app.screen.title_text
        assert session.notes() == before  # nothing new saved
        _move_on(session)  # and again
        later = session.where()
        await pilot.press("ctrl+s")
        await _wait_for(pilot, ConfirmModal)
        assert later["label"] in app.screen.question
        await pilot.press("y")
        await _wait_for(pilot, type(screen))
        await pilot.pause()
        assert [(n.text, n.label) for n in session.notes()] == [
            *((n.text, n.label) for n in before), ("Tense", later["label"])]
