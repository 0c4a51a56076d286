"""The hand-over cover: at one keyboard, hides everything while the keyboard changes hands,
so the next player's hidden things (a side of the Dungeon Waffle, a hand of cards) show only
once they press Enter. Shared by every game screen that needs it."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from d6tui.ui.screens.dialog import DialogScreen


class HandOver(DialogScreen[bool]):
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
        super().__init__(classes="-cover")  # opaque whatever the theme (hand_over.tcss)
        self.who = who
        self.note = note
        self.what = what

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self._title(), markup=False, classes="modal-title", id="ho-title")
            note = Static(self.note, markup=False, id="ho-note")
            note.display = bool(self.note)  # set as it is made: a cover dismissed at once
            yield note                      # has no children left when on_mount runs
            yield Static(self._press(), markup=False, id="ho-press")

    def _title(self) -> str:
        return f"Pass the keyboard to {self.who}."

    def _press(self) -> str:
        return f"{self.who}: press Enter to see {self.what}."

    def retarget(self, who: str, note: str | None = None) -> None:
        """Name the seat now to move, when the state changed under the cover (a move from
        the command line or another window, folded in by the file watch): the cover never
        names a person the side it opens onto is not theirs.

        Args:
            who: who takes the keyboard now.
            note: the new "what just happened" line (None keeps the old one).
        """
        self.who = who
        if note is not None:
            self.note = note
        if not self.is_mounted:
            return
        self.query_one("#ho-title", Static).update(self._title())
        note_line = self.query_one("#ho-note", Static)
        note_line.update(self.note)
        note_line.display = bool(self.note)
        self.query_one("#ho-press", Static).update(self._press())

    def action_go(self) -> None:
        """The next player has the keyboard."""
        self.dismiss(True)


def retarget_cover(app: object, who: str, note: str | None = None) -> bool:
    """Point the hand-over cover on ``app``'s screen stack (if any) at ``who``.

    Returns:
        Whether a cover was there to update.
    """
    for screen in getattr(app, "screen_stack", ()):
        if isinstance(screen, HandOver):
            screen.retarget(who, note)
            return True
    return False
