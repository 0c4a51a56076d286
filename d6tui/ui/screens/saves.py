"""The saves screen: every save, to open, rename or delete."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Header, Static

from d6tui.engine.errors import D6Error
from d6tui.ui.saves_index import SaveSummary, scan_saves
from d6tui.ui.screens.saves_list import OpenSave, SavesScanned, saves_table
from d6tui.ui.widgets.fitted_footer import FittedFooter
from d6tui.ui.widgets.saves_table import SavesTable


@dataclass
class SaveRenamed(Message):
    """A save was retitled (and perhaps its file renamed); posted by the rename worker."""

    old: Path
    new: Path
    title: str
    error: str = ""


def rename_save(path: Path, title: str, rename_file: bool) -> Path:
    """Retitle a save with a ``retitled`` event; optionally rename its file to match.

    Args:
        path: the save.
        title: its new title.
        rename_file: also rename the file after the title (``paths.new_save_path``).

    Returns:
        The save's path afterwards.

    Raises:
        D6Error: the save cannot be loaded or the title is empty.
        OSError: the file could not be renamed.
    """
    from d6tui.engine.session import Session
    from d6tui.paths import new_save_path, slugify

    session = Session.load(path)
    try:
        if title != session.title:
            session.retitle(title)
    finally:
        session.close()
    if not rename_file or path.stem == slugify(title):
        return path
    new = new_save_path(path.parent, title)
    # os.link refuses to overwrite, so a file that appeared meanwhile is never clobbered.
    os.link(path, new)
    path.unlink()
    return new


class SavesScreen(Screen):
    """Every save in the save folder: open (Enter), rename (r), delete (d)."""

    CSS_PATH = Path(__file__).with_name("saves.tcss")
    BINDINGS = [
        Binding("enter,o", "open", "Open", id="saves.open"),
        Binding("r", "rename", "Rename", id="saves.rename"),
        Binding("d,delete", "delete", "Delete", id="saves.delete"),
        Binding("escape,h", "back", "Home", id="saves.back"),
    ]

    HELP = """\
Every save in your save folder, most recently played first.

- **Open** (Enter) carries on the game where it stopped.
- **Rename** (`r`) gives the game a new title. The new title is recorded in the game's own
  log (a *renamed* entry you will see in its history); tick the box to rename the file too.
- **Delete** (`d`) removes the save file after you confirm. This cannot be undone.
- Home and End go to the first and the last save.

A save that cannot be read is listed with what is wrong; opening it explains the problem
and, for a file cut off while saving, offers to keep every complete event.
"""

    def __init__(self, saves_dir: Path) -> None:
        super().__init__()
        self.saves_dir = saves_dir
        self.saves: list[SaveSummary] = []

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(f"Saves in {self.saves_dir}", id="saves-folder", markup=False)
        yield Static("Reading saves...", id="saves-empty")
        yield SavesTable(id="all-saves", cursor_type="row", zebra_stripes=True)
        yield FittedFooter()

    def on_mount(self) -> None:
        self.title = "Saves"
        self.query_one(DataTable).focus()

    def on_screen_resume(self) -> None:
        # Also sent when the screen first shows: one scan at start, one on each return.
        self.scan()

    @work(thread=True, exclusive=True, group="scan-all-saves")
    def scan(self) -> None:
        """Read every save in a thread (result: :class:`SavesScanned`)."""
        self.post_message(SavesScanned(scan_saves(self.saves_dir)))

    @on(SavesScanned)
    def _scanned(self, message: SavesScanned) -> None:
        message.stop()
        table = self.query_one(DataTable)
        row = table.cursor_row
        self.saves = message.saves
        saves_table(table, self.saves, with_file=True, width=self.app.size.width - 1)
        if self.saves:
            table.move_cursor(row=min(row, len(self.saves) - 1))
        empty = self.query_one("#saves-empty", Static)
        empty.update("" if self.saves else "No saves yet.")
        empty.display = not self.saves

    def on_resize(self) -> None:
        if self.saves:
            table = self.query_one(DataTable)
            row = table.cursor_row
            saves_table(table, self.saves, with_file=True, width=self.app.size.width - 1)
            table.move_cursor(row=min(row, len(self.saves) - 1))

    def selected(self) -> SaveSummary | None:
        """The save under the cursor."""
        if not self.saves:
            return None
        return self.saves[min(self.query_one(DataTable).cursor_row, len(self.saves) - 1)]

    def action_open(self) -> None:
        """Open the save under the cursor."""
        save = self.selected()
        if save is not None:
            self.post_message(OpenSave(save.path))

    @on(DataTable.RowSelected)
    def _row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_open()

    def action_back(self) -> None:
        """Back to the home screen."""
        self.dismiss()

    @work(exclusive=True, group="save-edit")
    async def action_rename(self) -> None:
        """Ask for a new title and record it (``retitled``), renaming the file if asked."""
        from d6tui.ui.screens.modals import RenameModal

        save = self.selected()
        if save is None:
            return
        if save.problem:
            self.notify(f"This save cannot be opened: {save.problem}", severity="error",
                        markup=False)
            return
        answer = await self.app.push_screen_wait(RenameModal(save.title))
        if answer is None:
            return
        title, rename_file = answer
        self._rename(save.path, title, rename_file)

    @work(thread=True, group="save-edit-io")
    def _rename(self, path: Path, title: str, rename_file: bool) -> None:
        try:
            new = rename_save(path, title, rename_file)
        except (D6Error, OSError) as e:
            self.post_message(SaveRenamed(path, path, title, str(e)))
            return
        self.post_message(SaveRenamed(path, new, title))

    @on(SaveRenamed)
    def _renamed(self, message: SaveRenamed) -> None:
        if message.error:
            self.notify(message.error, title="Could not rename", severity="error", markup=False)
        else:
            where = "" if message.new == message.old else f" (file {message.new.name})"
            self.notify(f"Renamed to \u201c{message.title}\u201d{where}.", markup=False)
        self.scan()

    @work(exclusive=True, group="save-edit")
    async def action_delete(self) -> None:
        """Delete the save under the cursor after a confirmation."""
        from d6tui.ui.screens.modals import ConfirmModal

        save = self.selected()
        if save is None:
            return
        sure = await self.app.push_screen_wait(ConfirmModal(
            f"Delete \u201c{save.title}\u201d ({save.path.name})? This cannot be undone.",
            yes="Delete",
        ))
        if not sure:
            return
        try:
            save.path.unlink()
        except OSError as e:
            self.notify(f"Could not delete it: {e.strerror or e}", severity="error", markup=False)
            return
        self.notify(f"Deleted {save.path.name}.", markup=False)
        self.scan()
