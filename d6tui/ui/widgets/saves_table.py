"""The table of saves (home screen and saves screen): Home and End go to the first and the
last save."""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import DataTable


class SavesTable(DataTable):
    """A row-cursor :class:`~textual.widgets.DataTable` of saves where Home and End move the
    cursor to the first and the last save (DataTable's own Home and End scroll the columns
    sideways, which moved the view and left the cursor where it was); ctrl+Home and
    ctrl+End too."""

    BINDINGS = [
        Binding("home,ctrl+home", "first_row", "First save", show=False, id="saves.first"),
        Binding("end,ctrl+end", "last_row", "Last save", show=False, id="saves.last"),
    ]

    def action_first_row(self) -> None:
        """The cursor to the first save."""
        if self.row_count:
            self.move_cursor(row=0, column=0)

    def action_last_row(self) -> None:
        """The cursor to the last save."""
        if self.row_count:
            self.move_cursor(row=self.row_count - 1, column=0)
