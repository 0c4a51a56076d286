"""The notice shown instead of a broken layout when the terminal is below 80x24."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

#: The smallest terminal d6tui lays out (DESIGN "UI conventions").
MIN_WIDTH, MIN_HEIGHT = 80, 24


def too_small_text(width: int, height: int) -> str:
    """The notice for a terminal of ``width`` x ``height``."""
    return (f"d6tui needs at least {MIN_WIDTH}x{MIN_HEIGHT}; this terminal is "
            f"{width}x{height}.\nMake the window bigger to go on (ctrl+q quits).")


class TooSmallScreen(Screen):
    """A centred notice covering every screen until the terminal is big enough again.

    The app pushes it on a resize below the minimum and pops it when the size is restored, so
    the screens under it (and any modal a worker waits on) keep their state.
    """

    CSS_PATH = Path(__file__).with_name("too_small.tcss")
    BINDINGS = [Binding("ctrl+q", "app.quit", "Quit", id="too_small.quit")]

    def __init__(self, width: int, height: int) -> None:
        super().__init__()
        self.size_now = (width, height)

    def compose(self) -> ComposeResult:
        yield Static(too_small_text(*self.size_now), id="too-small")

    def on_screen_resume(self) -> None:
        # Another screen may have been pushed over this one (a save finished loading); if the
        # terminal grew meanwhile, this notice is stale when it comes back to the top.
        width, height = self.app.size
        if width >= MIN_WIDTH and height >= MIN_HEIGHT:
            self.dismiss()

    def show_size(self, width: int, height: int) -> None:
        """Say the terminal is now ``width`` x ``height``."""
        self.size_now = (width, height)
        self.query_one("#too-small", Static).update(too_small_text(width, height))
