"""The player's own words in a game: notes, kept in the log like any other event.

A note is an engine event of type ``note`` (every game has it, as ``undone`` or
``table_dice``)::

    [[events]]
    seq = 12
    type = "note"
    at = 2026-12-01T12:00:00Z     # when it was written (every event's time stamp)
    text = "The lake was cold."
    where = { day = 3, event = "E05", label = "Day 3 · E05" }
    edits = 9                     # optional: the note event this one replaces

A note has one number for the player, everywhere (the app's notes list, the log view, the
exports, ``d6tui note --edit N``): the seq of the event that first wrote it
(:attr:`Note.first`). In the save, an edit's ``edits`` names the note event whose text it
replaces (the note itself or its latest edit).

``where`` is the anchor of the note: where the game was when it was written, as the game's
``GameDefinition.where(state)`` tells it (always with a human ``label``), or the move count
for a game without one. It is stored under ``where`` because ``at`` is the event's time stamp.
An edit keeps the anchor of the note it replaces. An edit with empty text removes the note
from the current notes; its older texts stay in the log. A note is an ordinary logged event:
undo and redo apply to it as to a move, and it changes nothing in the game's state.

Notes are no secret: every seat (and a spectator) sees every note.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Container, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from d6tui.engine.errors import EventError, RuleError
from d6tui.engine.mdtext import NBSP, broken_lines, escape

#: The event type of a note.
NOTE = "note"
#: The most characters a note may hold.
NOTE_MAX = 4000
#: The event key of a note's anchor.
WHERE_KEY = "where"
#: The event key naming the note event an edit replaces.
EDITS_KEY = "edits"


@dataclass(frozen=True)
class Note:
    """One current note of a game.

    Attributes:
        seq: the seq of the note event that holds its text now (the latest edit, or the
            note itself); what an edit names in ``edits``.
        text: the text now (several lines; never empty).
        at: where the game was when the note was first written: the game's anchor dict,
            always with a ``label`` (keys whose value would be None are left out).
        history: the older texts of the note, oldest first (empty for a note never edited).
        first: the seq of the event that first wrote the note (its place in the log): the
            note's number, as the app, the exports and ``d6tui note --edit`` name it.
    """

    seq: int
    text: str
    at: dict = field(default_factory=dict)
    history: tuple[str, ...] = ()
    first: int = 0

    @property
    def label(self) -> str:
        """The anchor in words ("Day 3 · E05", "Move 12")."""
        return str(self.at.get("label", ""))


def check_text(text: Any, *, edit: bool = False) -> str:
    """A note's text, checked: line ends made ``\\n``, blank lines and spaces trimmed at both
    ends.

    Args:
        text: the text typed.
        edit: True for an edit, which may be empty (it removes the note).

    Returns:
        The text to store.

    Raises:
        RuleError: not text, empty (for a new note), longer than :data:`NOTE_MAX`, holding
            a control character other than a newline or a tab, or bytes that were not UTF-8
            (lone surrogates, as Python decodes such a command-line argument).
    """
    if not isinstance(text, str):
        raise RuleError("a note is text")
    text = text.replace("\r\n", "\n").replace("\r", "\n").strip()
    if not text and not edit:
        raise RuleError("a note needs some text (an empty edit removes a note)")
    if len(text) > NOTE_MAX:
        raise RuleError(f"a note has at most {NOTE_MAX} characters, not {len(text)}")
    for ch in text:
        if unicodedata.category(ch) == "Cs":  # a byte that was not UTF-8 (argv, stdin)
            raise RuleError("a note must be UTF-8 text; it holds bytes that are not "
                            "(save it as UTF-8 and try again)")
        if ch not in "\n\t" and unicodedata.category(ch) == "Cc":
            raise RuleError(f"a note cannot hold control characters (such as {ch!r}); "
                            "newlines and tabs are fine")
    return text


def check_where(where: Any) -> dict:
    """A note's anchor, checked: a table with a text ``label``; None values left out.

    Raises:
        RuleError: not a table, or no text label.
    """
    if not isinstance(where, Mapping):
        raise RuleError("a note's place in the game is a table of values")
    out = {str(k): v for k, v in where.items() if v is not None}
    label = out.get("label")
    if not isinstance(label, str) or not label.strip():
        raise RuleError("a note's place in the game needs a label")
    return out


def default_where(moves: int) -> dict:
    """The anchor of a game that tells none: the number of moves made so far."""
    return {"move": moves, "label": f"Move {moves}"}


@dataclass
class _Written:
    """One note event as the notebook keeps it."""

    seq: int
    text: str
    where: dict
    edits: int | None


class NoteBook:
    """Every note event of a session, and which notes are current.

    The session feeds it each note event as it is applied (:meth:`add`) and tells it which
    seqs are undone; the notes are small, so they are kept in memory.
    """

    def __init__(self) -> None:
        self._written: dict[int, _Written] = {}

    def __contains__(self, seq: object) -> bool:
        return seq in self._written

    def __len__(self) -> int:
        return len(self._written)

    def seqs(self) -> list[int]:
        """The seqs of every note event, in log order."""
        return sorted(self._written)

    def current(self, undone: Container[int]) -> tuple[Note, ...]:
        """The current notes, in the order they were first written.

        Args:
            undone: the seqs undone now (their note events do not count).
        """
        by_seq: dict[int, Note] = {}  # the latest version's seq -> note
        for seq in sorted(self._written):
            if seq in undone:
                continue
            w = self._written[seq]
            if w.edits is None:
                by_seq[seq] = Note(seq, w.text, dict(w.where), (), seq)
                continue
            old = by_seq.pop(w.edits, None)
            if old is None or not w.text:
                continue
            by_seq[seq] = Note(seq, w.text, old.at, (*old.history, old.text), old.first)
        return tuple(sorted(by_seq.values(), key=lambda n: n.first))

    def find_edited(self, seq: Any, undone: Container[int]) -> Note:
        """The current note that an edit naming ``seq`` replaces.

        Raises:
            RuleError: ``seq`` is no note event, or not the current text of a current note
                (undone, edited since, or removed), with what to name instead.
        """
        if not isinstance(seq, int) or isinstance(seq, bool):
            raise RuleError(f"name the note to edit by its number, not {seq!r}")
        if seq not in self._written:
            raise RuleError(f"#{seq} is not a note")
        if seq in undone:
            raise RuleError(f"note #{seq} is undone; redo it or write a new note")
        notes = self.current(undone)
        for note in notes:
            if note.seq == seq:
                return note
        for note in notes:
            if seq in self._chain(note.seq):
                raise RuleError(f"note #{seq} was edited since: edit #{note.seq}")
        raise RuleError(f"note #{seq} was removed")

    def number_of(self, seq: int) -> int:
        """The number of the note a note event belongs to (the seq that first wrote it)."""
        w = self._written.get(seq)
        while w is not None and w.edits is not None and w.edits in self._written:
            w = self._written[w.edits]
        return w.seq if w is not None else seq

    def find(self, number: Any, undone: Container[int]) -> Note:
        """The current note numbered ``number`` (:attr:`Note.first`), to edit it.

        Raises:
            RuleError: no note has that number (one clear line: not a note, a later version
                of another note, undone, or removed).
        """
        if not isinstance(number, int) or isinstance(number, bool):
            raise RuleError(f"name the note to edit by its number, not {number!r}")
        if number not in self._written:
            raise RuleError(f"#{number} is not a note")
        first = self.number_of(number)
        if first != number:
            raise RuleError(f"#{number} is an edit of note #{first}: a note keeps the number "
                            f"it was first written with, so edit note #{first}")
        if number in undone:
            raise RuleError(f"note #{number} is undone; redo it or write a new note")
        for note in self.current(undone):
            if note.first == number:
                return note
        raise RuleError(f"note #{number} was removed")

    def _chain(self, seq: int) -> set[int]:
        out = set()
        w: _Written | None = self._written.get(seq)
        while w is not None:
            out.add(w.seq)
            w = self._written.get(w.edits) if w.edits is not None else None
        return out

    def add(self, event: Mapping[str, Any], undone: Container[int]) -> None:
        """Keep a note event being applied, after checking it fits the notes now.

        Raises:
            EventError: its text, anchor or ``edits`` is not that of a valid note.
        """
        seq = event["seq"]
        edits = event.get(EDITS_KEY)
        try:
            text = check_text(event.get("text"), edit=edits is not None)
            if text != event.get("text"):
                raise RuleError("a note's text is stored trimmed")
            where = check_where(event.get(WHERE_KEY))
            if edits is not None:
                self.find_edited(edits, undone)
        except RuleError as e:
            raise EventError(str(e)) from None
        self._written[seq] = _Written(seq, text, where, edits)

    def truncate(self, n: int) -> None:
        """Forget the note events past seq ``n`` (an append that failed)."""
        for seq in [s for s in self._written if s > n]:
            del self._written[seq]

    def payload(self, text: str, where: Callable[[], dict], edits: int | None,
                undone: Container[int], at: Mapping[str, Any] | None = None) -> dict:
        """The payload of a new note or of an edit.

        Args:
            text: the text typed.
            where: tells the anchor now (called for a new note only: an edit keeps its
                note's anchor).
            edits: the number of the note to edit (:attr:`Note.first`), or None for a new
                note; the payload's ``edits`` names the event holding its text now.
            undone: the seqs undone now.
            at: for a new note, the anchor the writer was shown; None takes the one now.

        Raises:
            RuleError: bad text, no current note has the number ``edits`` (one line), or the
                game is no longer ``at`` (the message names where it is now).
        """
        if edits is None:
            now = check_where(where())
            if at is not None and check_where(at) != now:
                raise RuleError(f"the game moved on: it is at {now['label']} now, not "
                                f"{at.get('label')}")
            return {"type": NOTE, "text": check_text(text), WHERE_KEY: now}
        old = self.find(edits, undone)
        text = check_text(text, edit=True)
        if text == old.text:
            raise RuleError(f"note #{edits} already says that")
        return {"type": NOTE, "text": text, WHERE_KEY: dict(old.at), EDITS_KEY: old.seq}

    def describe(self, event: Mapping[str, Any]) -> str:
        """A note event in words for the log view: the text in quotes, each further line
        indented; an edit says which note it replaces, a removal says so."""
        text = str(event.get("text", ""))
        edits = event.get(EDITS_KEY)
        number = self.number_of(edits) if isinstance(edits, int) else edits
        if edits is not None and not text:
            return f"\u2716 removed note #{number}"
        quoted = "\u201c" + text.replace("\n", "\n     ") + "\u201d"  # under "#seq "
        label = str((event.get(WHERE_KEY) or {}).get("label", ""))
        head = f"\u270e note #{number} edited" if edits is not None else "\u270e note"
        return f"{head} ({label}): {quoted}" if label else f"{head}: {quoted}"


def quote_lines(text: str, pad: str = "", *, strike: bool = False) -> list[str]:
    """A note's text as a Markdown block quote (``> `` before each line), indented by ``pad``
    (to sit inside a list item): the text escaped so a viewer shows it as typed, its line
    breaks kept (hard breaks) and its blank lines kept as paragraph breaks
    (:mod:`d6tui.engine.mdtext`).

    Args:
        text: the note.
        pad: spaces before each ``>``.
        strike: each line struck through (an undone note).
    """
    out = []
    for line, brk in broken_lines(text):
        if not line.strip(" " + NBSP):
            out.append(f"{pad}>")
            continue
        if strike:  # ~~ must touch the text on both sides to strike it
            line = f"~~{line.strip(' ' + NBSP)}~~"
        out.append(f"{pad}> {line}" + ("\\" if brk else ""))
    return out


def note_numbers(events: Iterable[Mapping[str, Any]]) -> dict[int, int]:
    """The number of the note (:attr:`Note.first`) each note event belongs to, by seq: what an
    export names an edit by, as the app does.

    Args:
        events: the stored events, oldest first (other events are skipped).
    """
    out: dict[int, int] = {}
    for ev in events:
        if ev.get("type") != NOTE or not isinstance(ev.get("seq"), int):
            continue
        edits = ev.get(EDITS_KEY)
        out[ev["seq"]] = out.get(edits, edits) if isinstance(edits, int) else ev["seq"]
    return out


def _head(event: Mapping[str, Any], number: int | None = None) -> str:
    """A note event's head in Markdown: ``✎ note (label)``, ``✎ note #2 edited (label)``."""
    edits = event.get(EDITS_KEY)
    label = str((event.get(WHERE_KEY) or {}).get("label", ""))
    shown = number if number is not None else edits
    head = f"\u270e note #{shown} edited" if edits is not None else "\u270e note"
    return head + (f" ({escape(label)})" if label else "")


def record_lines(marker: str, event: Mapping[str, Any], undone: bool,
                 number: int | None = None) -> list[str]:
    """A note event as an item of a Markdown play-by-play (the exports of every game).

    Args:
        marker: the item's start ("12. ", "- #12 "): a list marker, a space, maybe more.
        event: the note event.
        undone: it is undone now: struck through, as other undone events.
        number: for an edit, the number of the note it edits (:attr:`Note.first`, as the
            app and ``d6tui note --edit`` name it); None names the event it replaces.

    Returns:
        Its lines: the head after ``marker``, then the text as a block quote indented under
        it and a blank line (struck through and marked undone for an undone note); a removal
        is one line. The text is escaped, so the Markdown stays valid whatever it holds.
    """
    text = str(event.get("text", ""))
    edits = event.get(EDITS_KEY)
    head = _head(event, number)
    shown = number if number is not None else edits
    pad = " " * (marker.find(" ") + 1)  # under the item's text ("12. ", "- "), not deeper
    if edits is not None and not text:
        removed = f"\u2716 removed note #{shown}"
        return [f"{marker}~~{removed}~~ (undone)" if undone else f"{marker}{removed}"]
    if undone:
        return [f"{marker}~~{head}~~ (undone):", "", *quote_lines(text, pad, strike=True), ""]
    return [f"{marker}{head}:", "", *quote_lines(text, pad), ""]
