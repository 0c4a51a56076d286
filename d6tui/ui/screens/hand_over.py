"""The hand-over cover: at one keyboard, hides everything while the keyboard changes hands,
so the next player's hidden things (a side of the Dungeon Waffle, a hand of cards) show only
once they press Enter. Shared by every game screen that needs it."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static


class HandOver(ModalScreen[bool]):
    """Covers the whole screen between two players' moves at one keyboard.

    Args:
        who: who takes the keyboard now.
        note: one more line (what just happened), or "".
        what: what Enter shows them ("your side of the Dungeon Waffle", "your hand").
    """

    CSS_PATH = Path(__file__).with_name("hand_over.tcss")
    BINDINGS = [Binding("enter", "go", "Show my side", id="game.handover", priority=True)]
    HELP = ("One player hands the keyboard to the next. Press Enter only when the others "
            "cannot see the screen: what is yours alone is shown then.")

    def __init__(self, who: str, note: str = "",
                 what: str = "your side of the Dungeon Waffle") -> None:
        super().__init__()
        self.who = who
        self.note = note
        self.what = what

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"Pass the keyboard to {self.who}.", markup=False,
                         classes="modal-title")
            if self.note:
                yield Static(self.note, markup=False)
            yield Static(f"{self.who}: press Enter to see {self.what}.", markup=False)

    def action_go(self) -> None:
        """The next player has the keyboard."""
        self.dismiss(True)
