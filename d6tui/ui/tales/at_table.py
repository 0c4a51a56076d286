"""The 6x6 Tales screen at a shared table (``d6tui serve``), and its journal export.

6x6 Tales is a solo game: its one seat is the hero's player, who plays as at one keyboard
(every move goes to the table's writer through
:class:`~d6tui.server.seat_session.SeatSession`, dice typed at the seat, undo of one's own
latest move). Everyone else at the table watches: the map, the booklet, the log and the
step bar redraw at each move, the cursor, the pages and the log may be used, and a key
that would act (a move, undo, a note, a name) is refused with one line, nothing sent.

Notes are the player's journal (J05): the hero's seat writes and edits them in the table's
log (undone as its own move); a spectator reads them but writes none. ``X`` writes the
journal as Markdown (the same text as ``d6tui export --format markdown``): beside the save
when playing locally, in the player's own saves folder when at a table.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual import events

from d6tui.exports import is_save, journal
from d6tui.paths import slugify
from d6tui.ui.screens.notes import NotesModal

#: The screen actions a spectator may not take (they would make a move or write a note):
#: disabled for a spectator, so neither the key lines nor the command palette offer them, and
#: their keys are refused in one line (:meth:`TableSeat.on_key`).
ACTING = frozenset({"act", "nth", "backpack", "shop", "travel", "table_dice", "table_mode",
                    "portrait", "name_place", "name_monster", "undo", "redo", "write_note", "walk"})


class TableSeat:
    """The table's part of :class:`~d6tui.ui.tales.screen.TalesScreen`: who acts, the
    spectator's refusals, and the export."""

    session: Any
    app: Any
    notify: Any
    at_table: bool
    table_seat: int | None
    _bindings: Any

    #: Whether this terminal watches a shared table (no seat: nothing it sends); set once by
    #: the screen (:meth:`watches`), as ``check_action`` asks it hundreds of times a key.
    watching: bool = False

    def watches(self) -> bool:
        """Whether this screen's session is a spectator's at a shared table."""
        return self.at_table and self.table_seat is None

    def player_words(self) -> str:
        """Who plays the tale at this table: ``ann`` (the hero's seat's holder), or
        ``Brin's player`` while the seat is free."""
        frame = self.session.frame
        holder = frame.holders[0] if frame.holders else None
        return holder or f"{frame.seats[0] if frame.seats else 'the hero'}'s player"

    def refuse_watching(self) -> None:
        """Say in one line why a spectator's key does nothing."""
        self.notify(f"Watching table {self.session.code}: only {self.player_words()} acts.",
                    severity="warning", timeout=4, markup=False)

    def watching_text(self) -> Text:
        """The step bar's keys line for a spectator."""
        frame = self.session.frame
        out = Text(f"Watching table {self.session.code}: {self.player_words()} plays "
                   f"{frame.seats[0] if frame.seats else 'the hero'}. ", "bold")
        out.append("[ ] pages, HJKL cursor, l log, ^n notes")
        return out

    def log_title(self) -> str:
        """The log's border title: its key, and at a table the table and this seat."""
        if not self.at_table:
            return "Log (l)"
        return f"Log (l) \u00b7 table {self.session.code}, {self.session.seat_name()}"

    def table_keys(self, pairs: list[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
        """The journal key line's (key, words): at a table, Escape's words say it goes back
        to the lobby and name the table, so its code is in sight at any size."""
        if not self.at_table:
            return tuple(pairs)
        return tuple((key, f"lobby (table {self.session.code})" if words == "home" else words)
                     for key, words in pairs)

    def acting_action(self, key: str) -> str | None:
        """The action a spectator may not take that ``key`` runs here, or None."""
        bindings = self._bindings.copy()
        if self.app._keymap:
            bindings.apply_keymap(self.app._keymap)
        for binding in bindings.key_to_bindings.get(key, ()):
            name = binding.action.partition("(")[0]
            if name in ACTING:
                return name
        return None

    def on_key(self, event: events.Key) -> None:
        """A spectator's key that would act is refused in one line (the screen's own keys,
        and the undo and redo of :class:`~d6tui.ui.screens.game.GameScreen`)."""
        if self.watching and self.acting_action(event.key) is not None:
            event.stop()
            event.prevent_default()  # no binding, nor the base screen's undo words
            self.refuse_watching()

    async def _note_box(self, text: str = "", edits: int | None = None) -> None:
        """A spectator writes no note (refused at once, nothing typed is lost); the hero's
        seat writes as at one keyboard."""
        if self.watching:
            self.refuse_watching()
            return
        await super()._note_box(text, edits)  # type: ignore[misc]

    def action_notes(self) -> None:
        """The notes: a spectator reads them (Enter and N say why nothing is written); the
        hero's seat picks one to edit, as at one keyboard."""
        if not self.watching:
            super().action_notes()  # type: ignore[misc]
            return
        self.app.push_screen(NotesModal(self.session.notes(), read_only=(
            f"Watching: only {self.player_words()} writes notes. Escape closes.")))

    def export_path(self) -> Path:
        """Where ``X`` writes the journal: beside the save (``tale.md`` for ``tale.toml``),
        or at a table in the player's own saves folder, named after the tale and its table."""
        log = getattr(self.session, "log", None)
        if log is not None:
            return Path(log.path).with_suffix(".md")
        folder = Path(self.app.saves_dir)
        code = getattr(self.session, "code", None)
        tail = f"-table-{code.lower()}" if code else ""
        return folder / f"{slugify(self.session.title)}{tail}.md"

    def action_export(self) -> None:
        """Write the journal as Markdown (``d6tui export --format markdown``): the days with
        the player's notes, the map, J01, J06 and J09."""
        path = self.export_path()
        try:
            if is_save(path):
                raise OSError(f"{path} is a d6tui save; the journal is not written over it")
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(journal(self.session), encoding="utf-8")
        except OSError as e:
            self.notify(str(e), title="Could not export", severity="error", markup=False)
            return
        words = (f"Journal written to your saves folder on the table's server: {path.name}"
                 if self.at_table else f"Journal written to {path}")
        self.notify(words, title="Exported", markup=False)
