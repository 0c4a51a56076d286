"""The player's notes on screen: a box to write or edit one, and the list of them.

A note is the engine's (:mod:`d6tui.engine.notes`): these boxes only gather the text and
return it; the game screen records it with ``Session.write_note`` (README "Notes").
"""

from __future__ import annotations

from collections.abc import Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, OptionList, Static, TextArea
from textual.widgets.option_list import Option

from d6tui.engine.errors import RuleError
from d6tui.engine.notes import NOTE_MAX, Note, check_text
from d6tui.ui.screens.modals import CANCEL, ConfirmModal, Modal

#: The option of the notes list that writes a new note instead of editing one.
NEW_NOTE = 0


class NoteModal(Modal[str]):
    """Write a note, or edit one: several lines in a text area; ctrl+s (or Save) returns the
    text, Escape cancels (asking first when something was typed). The text is checked as the
    engine checks it, and a problem is shown in the box (nothing is lost).

    Args:
        title: what the box is for ("Write a note · Day 3 · E05").
        text: the text to start from (an edit's current text, or text typed before).
        edit: an edit, which may be saved empty to remove the note.
        start: the text that counts as nothing typed, for Escape (default ``text``; the
            note's own text when a box opens again with the player's typing in it).
        empty: what saving an edit empty does, in the hint's words (default "remove the
            note"; "leave it blank" for a move's text that is not a note).
    """

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="note.cancel"),
        Binding("ctrl+s", "save", "Save", id="note.save", priority=True),
    ]

    HELP = ("Write in your own words: several lines, up to "
            f"{NOTE_MAX} characters. ctrl+s saves the note into the game's log where the "
            "game is now (undo takes it back like a move); Escape cancels, asking first if "
            "you typed something. An edit saved empty removes the note; its old text stays "
            "in the log.")

    def __init__(self, title: str, text: str = "", *, edit: bool = False,
                 start: str | None = None, empty: str = "remove the note") -> None:
        super().__init__()
        self.empty = empty
        self.title_text = title
        self.first_text = text
        self.start_text = text if start is None else start
        self.edit = edit

    def compose(self) -> ComposeResult:
        with Vertical(classes="modal-box note-box"):
            yield Static(self.title_text, classes="modal-title", markup=False)
            yield TextArea(self.first_text, id="note-text", soft_wrap=True,
                           show_line_numbers=False)
            yield Label("", classes="modal-error", id="note-error")
            hint = "ctrl+s saves, Escape cancels"
            if self.edit:
                hint += f"; save it empty to {self.empty}"
            yield Static(hint, classes="modal-hint")
            with Horizontal(classes="modal-buttons"):
                yield Button("Save (ctrl+s)", id="save", variant="primary")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        area = self.query_one("#note-text", TextArea)
        area.focus()
        area.move_cursor(area.document.end)

    @property
    def text(self) -> str:
        """What is typed now."""
        return self.query_one("#note-text", TextArea).text

    def action_save(self) -> None:
        """Return the text, if the engine would take it; else say why in the box."""
        try:
            check_text(self.text, edit=self.edit)
        except RuleError as e:
            self.query_one("#note-error", Label).update(str(e))
            return
        self.dismiss(self.text)

    def action_cancel(self) -> None:
        """Close without a note; when something was typed, ask first."""
        if self.text.strip() == self.start_text.strip():
            self.dismiss(None)
            return

        def answered(throw: bool | None) -> None:
            if throw:
                self.dismiss(None)
            else:
                self.query_one("#note-text", TextArea).focus()

        self.app.push_screen(ConfirmModal("Throw away what you typed?", "Throw it away"),
                             answered)

    @on(Button.Pressed, "#save")
    def _save(self) -> None:
        self.action_save()

    @on(Button.Pressed, "#cancel")
    def _cancel(self) -> None:
        self.action_cancel()


def note_line(note: Note, width: int = 60) -> str:
    """A note in one line for a list: ``#number label: first line…`` (``(edited)`` when it
    was); the number is :attr:`Note.first`, as the log and ``d6tui note --edit`` name it."""
    first = note.text.split("\n", 1)[0]
    more = "\u2026" if "\n" in note.text else ""
    head = f"#{note.first} {note.label}: " if note.label else f"#{note.first} "
    edited = " (edited)" if note.history else ""
    room = max(8, width - len(head) - len(edited))
    if len(first) > room:
        first, more = first[:room - 1], "\u2026"
    return f"{head}{first}{more}{edited}"


class NotesModal(Modal[int]):
    """The game's current notes, oldest first, to pick one to edit (Enter), or a new one.

    Dismisses the picked note's number (:attr:`Note.first`), :data:`NEW_NOTE` for a new
    note, or None.

    Args:
        notes: the current notes (``Session.notes()``).
        read_only: why this terminal may only read them (a spectator at a shared table),
            shown in place of the hint; Enter and N then say it again and pick nothing.
    """

    BINDINGS = [CANCEL, Binding("N", "new", "New note", id="notes.new")]

    HELP = ("Your notes, in the order you wrote them, each with where the game was. Enter "
            "edits the one picked (an edit is kept in the log with the old text); N writes a "
            "new one; Escape closes.")

    def __init__(self, notes: Sequence[Note], read_only: str = "") -> None:
        super().__init__()
        self.notes = tuple(notes)
        self.read_only = read_only

    def compose(self) -> ComposeResult:
        with Vertical(classes="modal-box"):
            yield Static("Notes", classes="modal-title")
            options = [] if self.read_only else [Option("+ Write a new note",
                                                        id=str(NEW_NOTE))]
            options += [Option(note_line(n), id=str(n.first)) for n in self.notes]
            yield OptionList(*options, id="notes-list")
            hint = self.read_only or \
                "Enter edits the note picked, N writes a new one, Escape closes"
            if not self.notes:
                hint = "No notes yet. " + hint
            yield Static(hint, classes="modal-hint")

    def on_mount(self) -> None:
        listing = self.query_one("#notes-list", OptionList)
        listing.focus()
        listing.highlighted = (len(self.notes) - bool(self.read_only) if self.notes
                               else None if self.read_only else 0)

    def action_new(self) -> None:
        """Write a new note."""
        if self.read_only:
            self.notify(self.read_only, severity="warning", timeout=4, markup=False)
            return
        self.dismiss(NEW_NOTE)

    @on(OptionList.OptionSelected, "#notes-list")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        if self.read_only:
            self.notify(self.read_only, severity="warning", timeout=4, markup=False)
            return
        self.dismiss(int(event.option.id or NEW_NOTE))
