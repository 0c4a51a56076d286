"""The EventLogView: every event of the game in words, undone ones struck through."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from d6tui.engine.session import HistoryEntry

#: The most lines drawn at once; older ones are summarised in one line (a log may be huge).
MAX_LINES = 400


class EventLogView(VerticalScroll):
    """The game's history, oldest at the top, scrolled so the newest line is visible.

    Call :meth:`show` with ``Session.history()``; the view only draws what it is given.
    """

    DEFAULT_CSS = (Path(__file__).with_suffix(".tcss")).read_text(encoding="utf-8")

    COMPONENT_CLASSES = {"event-log--seq", "event-log--undone", "event-log--engine"}

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._entries: Sequence[HistoryEntry] = ()
        self.can_focus = True

    def compose(self) -> ComposeResult:
        yield Static(id="event-log-lines")

    def show(self, entries: Sequence[HistoryEntry]) -> None:
        """Draw ``entries`` (oldest first) and scroll to the newest."""
        self._entries = entries
        if self.is_mounted:
            self._draw()

    def on_mount(self) -> None:
        self._draw()

    def _draw(self) -> None:
        text = self.render_lines_text(self._entries)
        self.query_one("#event-log-lines", Static).update(text)
        self.call_after_refresh(self.scroll_end, animate=False)

    def render_lines_text(self, entries: Sequence[HistoryEntry]) -> Text:
        """The entries as one Text: ``#seq text``, undone ones struck through and marked."""
        seq_style = self.get_component_rich_style("event-log--seq")
        undone_style = self.get_component_rich_style("event-log--undone")
        engine_style = self.get_component_rich_style("event-log--engine")
        out = Text()
        if not entries:
            out.append("Nothing has happened yet.")
            return out
        hidden = max(0, len(entries) - MAX_LINES)
        if hidden:
            out.append(f"... {hidden} earlier events (see the save file)\n", seq_style)
        for i, entry in enumerate(entries[hidden:]):
            if i:
                out.append("\n")
            seq = entry.event.get("seq", "?")
            out.append(f"#{seq:<4}", seq_style)
            if entry.undone:
                out.append(entry.text, undone_style)
                out.append(" (undone)", seq_style)
            elif entry.event.get("type") in ("undone", "redone", "retitled"):
                out.append(entry.text, engine_style)
            else:
                out.append(entry.text)
        return out
