"""The EventLogView: every event of the game in words, undone ones struck through, the
player's notes set apart (their own style, in quotes)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.style import Style
from rich.text import Span, Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.content import Span as ContentSpan
from textual.style import Style as VisualStyle
from textual.widgets import Static

from d6tui.engine.session_words import HistoryEntry

#: How many events are drawn at once (a log may hold thousands); the window moves when the
#: player scrolls past its top or bottom, or presses Home/End.
MAX_LINES = 400

#: While the view follows the newest event, up to this many new ones are added under the
#: window before it moves down to the newest MAX_LINES again: a new event then only adds its
#: line to what is drawn.
SLACK = 50

#: Events per drawn block: the lines are drawn in blocks, so that a move redraws (and
#: Textual lays out again) only the block its line joins, not every line of the window.
BLOCK = 50

#: How far the window moves at a time.
STEP = 200


class EventLogView(VerticalScroll):
    """The game's history, oldest at the top, scrolled so the newest line is visible.

    Call :meth:`show` with ``Session.history()``; the view only draws what it is given. Every
    event can be read: at most :data:`MAX_LINES` are drawn at once (plus up to :data:`SLACK`
    new ones while following the newest), and scrolling up past the first one drawn (or
    ``home``) brings earlier ones; ``end`` returns to the newest.

    A view shows one game's history. For a session's history (anything with an ``undone`` set
    of seqs, as ``Session.history()``) the view keeps the words of the events it has drawn
    (:class:`LineCache`: an event's words never change once written, only its undone mark
    does). The lines are drawn in blocks of :data:`BLOCK` events under a header line, each
    block redrawn only when one of its lines changed: after a move, the header and the
    newest block.
    """

    BINDINGS = [
        Binding("home", "first", "First event", show=False, id="log.first"),
        Binding("end", "newest", "Newest event", show=False, id="log.newest"),
    ]

    DEFAULT_CSS = (Path(__file__).with_suffix(".tcss")).read_text(encoding="utf-8")

    COMPONENT_CLASSES = {"event-log--seq", "event-log--undone", "event-log--engine",
                         "event-log--note"}

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._entries: Sequence[HistoryEntry] = ()
        self._start: int | None = None  # first entry drawn; None follows the newest
        self._follow: int | None = None  # while following: the first entry drawn
        self._lines = LineCache()
        self._drawn: tuple | None = None  # what the view shows now
        self._blocks: list[tuple[Static, tuple | None]] = []  # block widgets, what each shows
        self._visual: tuple[tuple, tuple] | None = None  # rich styles -> Textual styles
        self._stale = False  # given entries while hidden, not drawn yet
        self.can_focus = True

    def compose(self) -> ComposeResult:
        yield Static(id="event-log-header")

    def show(self, entries: Sequence[HistoryEntry]) -> None:
        """Draw ``entries`` (oldest first); while following the newest, scroll to it.

        A hidden view (``display`` off) only keeps them and draws them when it is shown
        again (a layout that shows it after a resize, or ``l``): a long history costs
        nothing while hidden, and the view never shows an older history than it was given.
        """
        self._entries = entries
        if not self.is_mounted:
            return
        if self.display:
            self._draw()
        else:
            self._stale = True

    def on_mount(self) -> None:
        self._draw()

    def on_show(self) -> None:
        """Draw the history given while the view was hidden."""
        if self._stale:
            self._stale = False
            self._draw()

    def _window(self) -> tuple[int, int]:
        n = len(self._entries)
        if self._start is None:
            start = self._follow
            if start is None or start > n or n - start > MAX_LINES + SLACK:
                start = max(0, n - MAX_LINES)
            self._follow = start
            return start, n
        start = min(self._start, n)
        return start, min(n, start + MAX_LINES)

    def _draw(self, *, scroll_to: int | None = None) -> None:
        start, end = self._window()
        styles = self._styles()
        undone = getattr(self._entries, "undone", None)
        drawn = None if undone is None else (
            start, end, len(self._entries), frozenset(undone), styles)
        if drawn is None or drawn != self._drawn:
            self._draw_blocks(start, end, styles)
            self._drawn = drawn
        if scroll_to is None:
            if self._start is None:
                self.call_after_refresh(self.scroll_end, animate=False)
        else:
            self.call_after_refresh(self.scroll_to, y=scroll_to, animate=False)

    def _lines_for(self, start: int, end: int) -> int:
        """How many screen lines entries ``start..end`` take at the current width."""
        width = max(1, self.scrollable_content_region.width)
        text = self._text(self._entries, start, end, False, self._styles())
        return len(text.wrap(self.app.console, width))

    def _move_to(self, start: int | None) -> None:
        self._start = start
        self._follow = None

    def action_first(self) -> None:
        """Draw from the first event."""
        self._move_to(0)
        self._draw(scroll_to=0)

    def action_newest(self) -> None:
        """Draw the newest events and follow new ones."""
        self._move_to(None)
        self._draw()

    def _earlier(self) -> bool:
        start, _ = self._window()
        if start == 0:
            return False
        new_start = max(0, start - STEP)
        self._move_to(new_start)
        # Keep the event that was on top in view: skip the header and the new earlier part.
        self._draw(scroll_to=1 + self._lines_for(new_start, start) - self.size.height // 2)
        return True

    def _later(self) -> bool:
        start, end = self._window()
        if end >= len(self._entries):
            return False
        new_start = min(start + STEP, max(0, len(self._entries) - MAX_LINES))
        self._move_to(None if new_start + MAX_LINES >= len(self._entries) else new_start)
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
        return self._text(entries, start, end, header, self._styles())

    def _styles(self) -> tuple[Style, ...]:
        return (
            self.get_component_rich_style("event-log--seq"),
            self.get_component_rich_style("event-log--undone"),
            self.get_component_rich_style("event-log--engine"),
            self.get_component_rich_style("event-log--note"),
        )

    def _text(
        self, entries: Sequence[HistoryEntry], start: int | None, end: int | None,
        header: bool, styles: tuple[Style, ...],
    ) -> Text:
        if not entries:
            return Text(_EMPTY)
        start, end, head = _header(len(entries), start, end, header)
        body = _Body(start, len(head), getattr(entries, "undone", None), styles, Span)
        body.add(self._lines.get(entries, start, end))
        spans = [Span(0, len(head), styles[0])] if head else []
        return Text(head + "".join(body.parts), spans=spans + body.spans)

    def _draw_blocks(self, start: int, end: int, styles: tuple[Style, ...]) -> None:
        """Draw the header line and the blocks of entries ``start..end``, updating only the
        blocks whose lines changed (their entries, undone marks or styles)."""
        entries = self._entries
        header = self.query_one("#event-log-header", Static)
        if not entries:
            header.update(_EMPTY)
            header.display = True
            self._set_blocks([])
            return
        if self._visual is None or self._visual[0] != styles:
            theme = self.app.ansi_theme
            self._visual = (styles, tuple(VisualStyle.from_rich_style(s, theme) for s in styles))
        visual = self._visual[1]
        start, end, head = _header(len(entries), start, end, True)
        header.display = bool(head)
        if head:
            header.update(Content(head[:-1], [ContentSpan(0, len(head) - 1, visual[0])]))
        undone = getattr(entries, "undone", None)
        wanted = []
        for first in range(start, end, BLOCK):
            lines = self._lines.get(entries, first, min(end, first + BLOCK))
            marks = None if undone is None else frozenset(
                seq for seq in undone if lines[0][0] <= seq <= lines[-1][0])
            wanted.append(((first, len(lines), marks, visual), lines, undone))
        self._set_blocks(wanted)

    def _set_blocks(self, wanted: list[tuple[tuple, list[Line], Any]]) -> None:
        """Show ``wanted`` blocks (key, lines, undone set), reusing the block widgets."""
        blocks = self._blocks
        for widget, _ in blocks[len(wanted):]:
            widget.remove()
        del blocks[len(wanted):]
        new: list[Static] = []
        for i, (key, lines, undone) in enumerate(wanted):
            if i < len(blocks) and blocks[i][1] == key and key[2] is not None:
                continue
            body = _Body(key[0], 0, undone, key[3], ContentSpan)
            body.add(lines)
            content = Content("".join(body.parts), body.spans)
            if i < len(blocks):
                blocks[i][0].update(content)
                blocks[i] = (blocks[i][0], key)
            else:
                widget = Static(content, classes="event-log-block")
                blocks.append((widget, key))
                new.append(widget)
        if new:
            self.mount(*new)

    def drawn_text(self) -> str:
        """The text the view draws now (the header line, then every line drawn), plain."""
        parts = []
        header = self.query_one("#event-log-header", Static)
        if header.display:
            parts.append(str(header.render()))
        parts.extend(str(widget.render()) for widget, _ in self._blocks)
        return "\n".join(parts)


#: What an empty log says.
_EMPTY = "Nothing has happened yet."

#: What follows an undone event's words.
_UNDONE = " (undone)"

#: Engine events, drawn in their own style.
_ENGINE_TYPES = frozenset({"undone", "redone", "retitled"})

#: The kinds of line, each drawn in its own style: a game event, an engine event, a note.
PLAIN, ENGINE, NOTE = 0, 1, 2

#: One drawn line: seq, "#seq " (padded), the event's words, its kind (:data:`PLAIN`,
#: :data:`ENGINE` or :data:`NOTE`), and whether its entry was marked undone (used only for
#: entries without an undone set).
Line = tuple[Any, str, str, int, bool]


def _header(n: int, start: int | None, end: int | None, header: bool) -> tuple[int, int, str]:
    """The window ``start..end`` of ``n`` entries (defaults: the newest MAX_LINES) and the line
    that says which part of a longer log is drawn ("" when all of it is, or not wanted)."""
    if start is None:
        start = max(0, n - MAX_LINES)
    end = n if end is None else end
    if not header or (start == 0 and end >= n):
        return start, end, ""
    more = " (scroll up or Home for earlier)" if start > 0 else ""
    return start, end, f"events #{start + 1}-#{end} of {n}{more}\n"


class _Body:
    """The drawn lines as text pieces and styled spans, from entry ``start`` on; new lines
    are added at the end (spans count from ``offset``, the header's length)."""

    def __init__(self, start: int, offset: int, undone: Any, styles: tuple[Any, ...],
                 span: Callable[[int, int, Any], Any]) -> None:
        self.start = self.end = start
        self.offset = self.pos = offset
        self.undone = undone
        self.styles = styles
        self.span = span
        self.parts: list[str] = []
        self.spans: list[Any] = []

    def add(self, lines: list[Line]) -> None:
        """Add ``lines`` (entries ``end..end + len(lines)``) at the end."""
        seq_style, undone_style, engine_style, note_style = self.styles
        span, parts, spans, undone = self.span, self.parts, self.spans, self.undone
        pos = self.pos
        for seq, number, text, kind, was_undone in lines:
            if self.end > self.start:
                parts.append("\n")
                pos += 1
            self.end += 1
            parts.append(number)
            spans.append(span(pos, pos + len(number), seq_style))
            pos += len(number)
            parts.append(text)
            if (seq in undone) if undone is not None else was_undone:
                spans.append(span(pos, pos + len(text), undone_style))
                pos += len(text)
                parts.append(_UNDONE)
                spans.append(span(pos, pos + len(_UNDONE), seq_style))
                pos += len(_UNDONE)
            else:
                if kind:
                    style = engine_style if kind == ENGINE else note_style
                    spans.append(span(pos, pos + len(text), style))
                pos += len(text)
        self.pos = pos


class LineCache:
    """The words of the events a log view has drawn, by index, read from the history once.

    Only a history that tells its ``undone`` seqs (``Session.history()``) is kept: its events
    never change once written, so a line is made once and only its undone mark is looked up
    again. Any other sequence of entries is read afresh each time (it is already built). At
    most :data:`LIMIT` lines are kept: past that, those far from the lines asked for go.
    """

    #: The most lines kept (a window and a move of it either way, with room to spare).
    LIMIT = 2 * (MAX_LINES + SLACK + STEP)

    def __init__(self) -> None:
        self._lines: dict[int, Line] = {}
        self._end = 0  # past every index kept

    def get(self, entries: Sequence[HistoryEntry], start: int, end: int) -> list[Line]:
        """The lines of ``entries[start:end]``."""
        if getattr(entries, "undone", None) is None:
            return [_line(e) for e in entries[start:end]]
        n = len(entries)
        lines = self._lines
        if self._end > n:  # a shorter log: forget what is past it
            self._lines = lines = {i: v for i, v in lines.items() if i < n}
            self._end = n
        for i in range(start, end):
            if i not in lines:
                lines[i] = _line(entries[i])
        self._end = max(self._end, end)
        out = [lines[i] for i in range(start, end)]
        if len(lines) > self.LIMIT:
            keep = range(start - STEP - SLACK, end + STEP + SLACK)
            self._lines = {i: v for i, v in lines.items() if i in keep}
        return out


def _line(entry: HistoryEntry) -> Line:
    seq = entry.event.get("seq", "?")
    t = entry.event.get("type")
    kind = NOTE if t == "note" else ENGINE if t in _ENGINE_TYPES else PLAIN
    return seq, f"#{seq:<4}", entry.text, kind, entry.undone
