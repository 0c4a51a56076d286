"""The screen shown while a save is read and replayed (in a worker)."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import ProgressBar, Static


class LoadingScreen(ModalScreen[None]):
    """"Opening <file>..." with a progress bar fed by the load worker's messages."""

    CSS_PATH = Path(__file__).with_name("modals.tcss")

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path

    def compose(self) -> ComposeResult:
        with Vertical(classes="modal-box"):
            yield Static(f"Opening {self.path.name}...", classes="modal-title", markup=False)
            yield ProgressBar(total=None, show_eta=False, id="load-progress")

    def progress(self, done: int, total: int) -> None:
        """Show ``done`` of ``total`` events replayed."""
        self.query_one(ProgressBar).update(total=total, progress=done)
