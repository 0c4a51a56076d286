"""Markdown drawn by one widget: the help screens' text in a single Rich renderable.

Textual's ``Markdown`` widget mounts a widget per block (a paragraph, a heading, each list
item's bullet and body) and a grid of cell widgets for a table; for a help page with a keys
table that is a few hundred widgets to style and lay out each time ``?`` is pressed.
:class:`MarkdownText` parses the same Markdown (markdown-it's "gfm-like" rules, as Textual's
widget does) into Rich objects once and draws them as one widget, styled by the same theme
variables (``$markdown-h2-color``...) through its component classes.

Handled: headings, paragraphs, bullet and ordered lists (nested), fenced code, tables, and
inline strong, emphasis, strike, code and links. Other blocks (quotes, rules, HTML) are drawn
as their plain source text, never dropped.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, field

from markdown_it import MarkdownIt
from markdown_it.token import Token
from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType
from rich.padding import Padding
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.geometry import Size
from textual.strip import Strip
from textual.widget import Widget

#: The bullets of unordered lists, by depth (as Textual's Markdown widget draws them).
BULLETS = ("• ", "▪ ", "‣ ", "⭑ ", "◦ ")

#: A block's blank lines above and below: Textual's Markdown margins (the larger of two
#: neighbours' margins is kept between them, as CSS margins collapse).
_MARGINS = {"h1": (2, 1), "h2": (2, 1), "h3": (1, 1), "h4": (1, 1), "h5": (1, 1),
            "h6": (1, 1), "paragraph": (0, 1), "list": (0, 1), "fence": (1, 1),
            "table": (0, 1), "other": (0, 1)}

_PARSER = MarkdownIt("gfm-like")
_SPACES = re.compile(r"\s+")


@dataclass
class _Block:
    """A parsed block: its kind, its inline token or code, and its child blocks."""

    kind: str
    token: Token
    inline: Token | None = None
    children: list[_Block] = field(default_factory=list)


def _blocks(tokens: Iterable[Token]) -> list[_Block]:
    """The block tree of markdown-it's flat token stream."""
    root = _Block("root", Token("root", "", 0))
    stack = [root]
    for token in tokens:
        kind = token.type
        if kind.endswith("_open"):
            block = _Block(kind[: -len("_open")], token)
            stack[-1].children.append(block)
            stack.append(block)
        elif kind.endswith("_close"):
            stack.pop()
        elif kind == "inline":
            stack[-1].inline = token
        else:  # fence, code_block, hr, html_block: leaves
            stack[-1].children.append(_Block(kind, token))
    return root.children


class _Styles:
    """The Rich styles of one :class:`MarkdownText` (from its component classes)."""

    def __init__(self, widget: MarkdownText) -> None:
        get = widget.get_component_rich_style
        self.heading = {f"h{n}": get(f"markdown-text--h{n}") for n in range(1, 7)}
        self.code = get("markdown-text--code")
        self.strong = get("markdown-text--strong")
        self.em = get("markdown-text--em")
        self.strike = get("markdown-text--strike")
        self.link = get("markdown-text--link")
        self.bullet = get("markdown-text--bullet")
        self.fence = get("markdown-text--fence")
        self.table_header = get("markdown-text--table-header")
        self.table_border = get("markdown-text--table-border")

    def key(self) -> tuple[Style, ...]:
        """Every style, to tell two drawings apart."""
        return (*self.heading.values(), self.code, self.strong, self.em, self.strike, self.link,
                self.bullet, self.fence, self.table_header, self.table_border)


def _inline(token: Token | None, styles: _Styles, base: Style | None = None) -> Text:
    """The Text of an inline token: its words with their strong/em/code/link styles."""
    text = Text(style=base or "")
    if token is None or not token.children:
        return text
    open_styles: list[Style] = []
    for child in token.children:
        kind = child.type
        current = Style.combine(open_styles) if open_styles else None
        if kind == "text":
            text.append(_SPACES.sub(" ", child.content), current)
        elif kind == "softbreak":
            text.append(" ", current)
        elif kind == "hardbreak":
            text.append("\n", current)
        elif kind == "code_inline":
            text.append(child.content, Style.combine([*open_styles, styles.code]))
        elif kind == "strong_open":
            open_styles.append(styles.strong)
        elif kind == "em_open":
            open_styles.append(styles.em)
        elif kind == "s_open":
            open_styles.append(styles.strike)
        elif kind == "link_open":
            open_styles.append(styles.link + Style(link=str(child.attrs.get("href", ""))))
        elif kind == "image":
            text.append(f"🖼  ({child.content})" if child.content else "🖼 ", current)
        elif kind.endswith("_close") and open_styles:
            open_styles.pop()
        else:  # html_inline and the like: their source, as written
            text.append(child.content, current)
    return text


#: The style of the indent under a bullet: none to see, but not the text's, so the indent stays
#: a segment of its own (an SVG export places the text after it, not at the line's start).
_INDENT = Style(meta={"markdown-text": "indent"})

#: A drawn line: its segments, exactly the document's width in cells.
Line = list[Segment]


class _Painter:
    """Draws a block tree as lines of one width with one :class:`_Styles`."""

    def __init__(self, styles: _Styles, console: Console, options: ConsoleOptions) -> None:
        self.styles = styles
        self.console = console
        self.options = options

    def draw(self, renderable: RenderableType, width: int) -> list[Line]:
        """``renderable`` as lines ``width`` cells wide."""
        return self.console.render_lines(renderable, self.options.update_width(width), pad=True)

    def blocks(self, blocks: list[_Block], width: int, depth: int, outer: bool) -> list[Line]:
        """``blocks`` one under the other with blank lines between them (the larger of two
        neighbours' margins, as CSS margins collapse); ``outer`` keeps the last block's bottom
        margin off, as at the end of a document."""
        out: list[Line] = []
        below = 0
        for i, block in enumerate(blocks):
            lines, (top, bottom) = self.block(block, width, depth)
            gap = max(below, top) if i else 0
            out.extend([Segment(" " * width)] for _ in range(gap))
            out.extend(lines)
            below = bottom
        return out

    def block(self, block: _Block, width: int, depth: int) -> tuple[list[Line], tuple[int, int]]:
        """One block's lines and its margins; ``depth`` is the list nesting depth."""
        s = self.styles
        kind = block.kind
        if kind == "heading":
            tag = block.token.tag
            text = _inline(block.inline, s, s.heading.get(tag))
            if tag == "h1":
                text.justify = "center"
            return self.draw(text, width), _MARGINS.get(tag, (1, 1))
        if kind == "paragraph":
            margins = _MARGINS["paragraph"] if depth == 0 else (0, 0)
            return self.draw(_inline(block.inline, s), width), margins
        if kind in ("bullet_list", "ordered_list"):
            margins = _MARGINS["list"] if depth == 0 else (0, 0)
            return self.list(block, width, depth), margins
        if kind in ("fence", "code_block"):
            code = Text(block.token.content.rstrip(), no_wrap=True, overflow="crop")
            return self.draw(Padding(code, (1, 2), style=s.fence), width), _MARGINS["fence"]
        if kind == "table":
            return self.draw(self.table(block), width), _MARGINS["table"]
        source = block.token.content or (block.inline.content if block.inline else "")
        return self.draw(Text(source.rstrip()), width), _MARGINS["other"]

    def list(self, block: _Block, width: int, depth: int) -> list[Line]:
        """A list: each item's bullet (or number), its blocks beside it with one column
        free at the right."""
        items = [c for c in block.children if c.kind == "list_item"]
        if block.kind == "ordered_list":
            start = int(block.token.attrs.get("start", 1) or 1)
            marks = [f"{n}. " for n in range(start, start + len(items))]
            size = max((len(m) for m in marks), default=0)
            marks = [m.rjust(size + 1) for m in marks]
        else:
            marks = [BULLETS[depth % len(BULLETS)]] * len(items)
        out: list[Line] = []
        for mark, item in zip(marks, items, strict=True):
            mark_width = cell_len(mark)
            inner = max(1, width - mark_width - 1)
            body = self.blocks(item.children, inner, depth + 1, outer=False)
            indent = Segment(" " * mark_width, _INDENT)
            for i, line in enumerate(body or [[Segment(" " * inner)]]):
                lead = Segment(mark, self.styles.bullet) if i == 0 else indent
                out.append([lead, *line, Segment(" ")])
        return out

    def table(self, block: _Block) -> Table:
        """A table: a header row and the body rows, ruled as Textual's Markdown tables."""
        s = self.styles
        rows: list[list[Text]] = []
        header: list[Text] = []
        for section in block.children:
            for tr in section.children:
                cells = [_inline(cell.inline, s) for cell in tr.children]
                if section.kind == "thead":
                    header = cells
                else:
                    rows.append(cells)
        table = Table(box=box.SQUARE, show_lines=True, border_style=s.table_border,
                      header_style=s.table_header, padding=(0, 1))
        for cell in header:
            table.add_column(cell, overflow="fold")
        for row in rows:
            table.add_row(*row)
        return table


#: Drawn documents by (source, width, styles): help opened again on the same screen, with
#: the same keys and theme, is not drawn again.
_DRAWN: OrderedDict[tuple, list[Strip]] = OrderedDict()
_DRAWN_KEPT = 16


class MarkdownText(Widget):
    """Markdown source drawn as one widget (module docstring).

    Args:
        source: the Markdown text.
        id: the widget's id.
    """

    DEFAULT_CSS = """
    MarkdownText {
        height: auto;
        color: $foreground;
    }
    MarkdownText > .markdown-text--h1 {
        color: $markdown-h1-color; background: $markdown-h1-background;
        text-style: $markdown-h1-text-style;
    }
    MarkdownText > .markdown-text--h2 {
        color: $markdown-h2-color; background: $markdown-h2-background;
        text-style: $markdown-h2-text-style;
    }
    MarkdownText > .markdown-text--h3 {
        color: $markdown-h3-color; background: $markdown-h3-background;
        text-style: $markdown-h3-text-style;
    }
    MarkdownText > .markdown-text--h4 {
        color: $markdown-h4-color; background: $markdown-h4-background;
        text-style: $markdown-h4-text-style;
    }
    MarkdownText > .markdown-text--h5 {
        color: $markdown-h5-color; background: $markdown-h5-background;
        text-style: $markdown-h5-text-style;
    }
    MarkdownText > .markdown-text--h6 {
        color: $markdown-h6-color; background: $markdown-h6-background;
        text-style: $markdown-h6-text-style;
    }
    MarkdownText:dark > .markdown-text--code {
        background: $warning 10%; color: $text-warning 95%;
    }
    MarkdownText:light > .markdown-text--code {
        background: $error 5%; color: $text-error 95%;
    }
    MarkdownText:ansi > .markdown-text--code { background: ansi_default; }
    MarkdownText > .markdown-text--strong { text-style: bold; }
    MarkdownText > .markdown-text--em { text-style: italic; }
    MarkdownText > .markdown-text--strike { text-style: strike; }
    MarkdownText > .markdown-text--link { text-style: underline; }
    MarkdownText > .markdown-text--bullet { color: $text-primary; }
    MarkdownText:light > .markdown-text--bullet { color: $text-secondary; }
    MarkdownText > .markdown-text--fence { color: rgb(210,210,210); background: black 10%; }
    MarkdownText:ansi > .markdown-text--fence { background: ansi_default; }
    MarkdownText > .markdown-text--table-header { color: $primary; text-style: bold; }
    MarkdownText > .markdown-text--table-border { color: $foreground 20%; }
    """

    COMPONENT_CLASSES = {
        *(f"markdown-text--h{n}" for n in range(1, 7)),
        "markdown-text--code", "markdown-text--strong", "markdown-text--em",
        "markdown-text--strike", "markdown-text--link", "markdown-text--bullet",
        "markdown-text--fence", "markdown-text--table-header", "markdown-text--table-border",
    }

    def __init__(self, source: str, *, id: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id)
        #: The Markdown text shown.
        self.source = source
        self._strips: tuple[int, list[Strip]] | None = None

    def lines(self, width: int) -> list[Strip]:
        """The document drawn ``width`` cells wide, one strip a line (kept for the next
        open while the source, width and styles stay the same)."""
        if self._strips is not None and self._strips[0] == width:
            return self._strips[1]
        styles = _Styles(self)
        base = self.rich_style
        key = (self.source, width, base, styles.key())
        strips = _DRAWN.get(key)
        if strips is None:
            console = self.app.console
            options = self.app.console_options.update(highlight=False, markup=False)
            painter = _Painter(styles, console, options)
            drawn = painter.blocks(_blocks(_PARSER.parse(self.source)), width, 0, outer=True)
            strips = [Strip(line, width).apply_style(base) for line in drawn]
            _DRAWN[key] = strips
            while len(_DRAWN) > _DRAWN_KEPT:
                _DRAWN.popitem(last=False)
        else:
            _DRAWN.move_to_end(key)
        self._strips = (width, strips)
        return strips

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many lines as the document takes at ``width``."""
        return len(self.lines(width))

    def render_line(self, y: int) -> Strip:
        """Line ``y`` of the document (blank below its end)."""
        width = self.size.width
        lines = self.lines(width)
        if 0 <= y < len(lines):
            return lines[y]
        return Strip.blank(width, self.rich_style)

    def notify_style_update(self) -> None:
        """A new theme or CSS: the document is drawn again with its styles."""
        self._strips = None
        super().notify_style_update()
