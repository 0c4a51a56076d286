"""The EventLogView: every event of the game in words, undone ones struck through."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from d6tui.engine.session import HistoryEntry

#: The most events drawn at once (a log may hold thousands); the window moves when the
#: player scrolls past its top or bottom, or presses Home/End.
MAX_LINES = 400

#: How far the window moves at a time.
STEP = 200


class EventLogView(VerticalScroll):
    """The game's history, oldest at the top, scrolled so the newest line is visible.

    Call :meth:`show` with ``Session.history()``; the view only draws what it is given. Every
    event can be read: at most :data:`MAX_LINES` are drawn at once, and scrolling up past the
    first one drawn (or ``home``) brings earlier ones; ``end`` returns to the newest.
    """

    BINDINGS = [
        Binding("home", "first", "First event", show=False, id="log.first"),
        Binding("end", "newest", "Newest event", show=False, id="log.newest"),
    ]

    DEFAULT_CSS = (Path(__file__).with_suffix(".tcss")).read_text(encoding="utf-8")

    COMPONENT_CLASSES = {"event-log--seq", "event-log--undone", "event-log--engine"}

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._entries: Sequence[HistoryEntry] = ()
        self._start: int | None = None  # first entry drawn; None follows the newest
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

    def _window(self) -> tuple[int, int]:
        n = len(self._entries)
        start = max(0, n - MAX_LINES) if self._start is None else min(self._start, n)
        return start, min(n, start + MAX_LINES)

    def _draw(self, *, scroll_to: int | None = None) -> None:
        start, end = self._window()
        text = self.render_lines_text(self._entries, start, end)
        self.query_one("#event-log-lines", Static).update(text)
        if scroll_to is None:
            if self._start is None:
                self.call_after_refresh(self.scroll_end, animate=False)
        else:
            self.call_after_refresh(self.scroll_to, y=scroll_to, animate=False)

    def _lines_for(self, start: int, end: int) -> int:
        """How many screen lines entries ``start..end`` take at the current width."""
        width = max(1, self.scrollable_content_region.width)
        text = self.render_lines_text(self._entries, start, end, header=False)
        return len(text.wrap(self.app.console, width))

    def action_first(self) -> None:
        """Draw from the first event."""
        self._start = 0
        self._draw(scroll_to=0)

    def action_newest(self) -> None:
        """Draw the newest events and follow new ones."""
        self._start = None
        self._draw()

    def _earlier(self) -> bool:
        start, _ = self._window()
        if start == 0:
            return False
        new_start = max(0, start - STEP)
        self._start = new_start
        # Keep the event that was on top in view: skip the header and the new earlier part.
        self._draw(scroll_to=1 + self._lines_for(new_start, start) - self.size.height // 2)
        return True

    def _later(self) -> bool:
        start, end = self._window()
        if end >= len(self._entries):
            return False
        new_start = min(start + STEP, max(0, len(self._entries) - MAX_LINES))
        self._start = None if new_start + MAX_LINES >= len(self._entries) else new_start
        self._draw(scroll_to=self._lines_for(new_start, end) - self.size.height // 2)
        return True

    def action_scroll_up(self) -> None:
        if self.scroll_y <= 0 and self._earlier():
            return
        super().action_scroll_up()

    def action_page_up(self) -> None:
        if self.scroll_y <= 0 and self._earlier():
            return
        super().action_page_up()

    def action_scroll_down(self) -> None:
        if self.scroll_y >= self.max_scroll_y and self._later():
            return
        super().action_scroll_down()

    def action_page_down(self) -> None:
        if self.scroll_y >= self.max_scroll_y and self._later():
            return
        super().action_page_down()

    def render_lines_text(
        self, entries: Sequence[HistoryEntry], start: int | None = None,
        end: int | None = None, *, header: bool = True,
    ) -> Text:
        """Entries ``start..end`` (default: the newest :data:`MAX_LINES`) as one Text:
        ``#seq text``, undone ones struck through and marked, with a line saying which part of
        a longer log is drawn."""
        seq_style = self.get_component_rich_style("event-log--seq")
        undone_style = self.get_component_rich_style("event-log--undone")
        engine_style = self.get_component_rich_style("event-log--engine")
        out = Text()
        if not entries:
            out.append("Nothing has happened yet.")
            return out
        n = len(entries)
        if start is None:
            start = max(0, n - MAX_LINES)
        end = n if end is None else end
        if header and (start > 0 or end < n):
            more = " (scroll up or Home for earlier)" if start > 0 else ""
            out.append(f"events #{start + 1}-#{end} of {n}{more}\n", seq_style)
        for i, entry in enumerate(entries[start:end]):
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
