"""The screen shown while a save is read and replayed (in a worker)."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import ProgressBar, Static

from d6tui.ui.screens.dialog import DialogScreen


class LoadingScreen(DialogScreen[None]):
    """"Opening <file>..." with a progress bar fed by the load worker's messages; Escape
    stops the load and goes back."""

    CSS_PATH = Path(__file__).with_name("modals.tcss")
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="loading.cancel",
                        tooltip="Stop opening the save and go back")]

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path

    def compose(self) -> ComposeResult:
        with Vertical(classes="modal-box"):
            yield Static(f"Opening {self.path.name}...", classes="modal-title", markup=False)
            yield ProgressBar(total=None, show_eta=False, id="load-progress")
            yield Static("Escape cancels.", classes="modal-hint")

    def progress(self, done: int, total: int) -> None:
        """Show ``done`` of ``total`` events replayed."""
        self.query_one(ProgressBar).update(total=total, progress=done)

    def action_cancel(self) -> None:
        """Stop the load (the worker stops at its next progress report) and go back."""
        cancel = getattr(self.app, "cancel_load", None)
        if cancel is not None:
            cancel()
        self.dismiss()
