"""Giving a Static its text only when the text changed: :func:`put`, and without laying the
screen out again when the widget's size cannot change: :func:`put_kept`; whether a new
text takes the rows of the old one: :func:`same_rows`; and an OptionList's rows given new
words in place when each keeps its rows: :func:`refill_options`.

``Static.update`` always asks Textual to draw the widget again and to lay the screen out
again, even when the text is the one already shown. A game screen sets all its lines after
every move, most of them unchanged, so each unchanged one cost a relayout and a redraw; and
a changed line that takes the same rows needs a redraw only (``update(..., layout=False)``).
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option


def put(static: Static, content: str | Text) -> bool:
    """Show ``content`` (a string or a Rich ``Text``) in ``static`` unless it shows an equal
    one already: the same string, or a Text with the same characters, spans, base style,
    justification, overflow and wrapping.

    Returns:
        Whether it was updated.
    """
    if _same(content, static.content):
        return False
    static.update(content)
    return True


def _same(a: object, b: object) -> bool:
    if type(a) is not type(b):
        return False
    if isinstance(a, Text) and isinstance(b, Text):
        return (a.plain == b.plain and a.spans == b.spans and a.style == b.style
                and (a.justify, a.overflow, a.no_wrap, a.end) ==
                (b.justify, b.overflow, b.no_wrap, b.end))
    return a == b


def same_rows(old: Text | str, new: Text | str, width: int) -> bool:
    """Whether two texts surely take the same rows in a widget whose content is ``width``
    cells wide: as many lines, none wider than the widget (so none wraps); False before the
    widget has a width. A text that takes the same rows needs a repaint, not the screen laid
    out again."""
    a = (old.plain if isinstance(old, Text) else old).split("\n")
    b = (new.plain if isinstance(new, Text) else new).split("\n")
    return width > 0 and len(a) == len(b) and all(cell_len(x) <= width for x in a + b)


def fixed_size(widget: Widget) -> bool:
    """Whether ``widget``'s size cannot follow its content: a height that is not ``auto``
    (cells, ``fr``, a percentage) and a width that is not ``auto``."""
    width, height = widget.styles.width, widget.styles.height
    return (width is None or not width.is_auto) and height is not None and not height.is_auto


def put_kept(static: Static, content: str | Text) -> bool:
    """:func:`put`, laying the screen out again only when the new text may change the
    Static's size; else it is only drawn again. The size stays when it cannot follow the
    text (:func:`fixed_size`), or when its width is not ``auto`` and the new text is as
    many rows high at the Static's content width as the old one, as Textual itself
    measures them (the height its layout gives an ``auto`` height). A Static not laid out
    yet (no width) is laid out.

    Returns:
        Whether it was updated.
    """
    old = static.content
    if _same(content, old):
        return False
    if fixed_size(static):
        static.update(content, layout=False)
        return True
    width = static.content_size.width
    auto_width = static.styles.width is not None and static.styles.width.is_auto
    if not width or auto_width:
        static.update(content)
        return True
    rows = static.visual.get_height(static.styles, width)
    static.update(content, layout=False)
    if static.visual.get_height(static.styles, width) != rows:
        static.refresh(layout=True)
    return True


def refill_options(ol: OptionList, old: list[tuple[Text, str | None]],
                   rows: list[tuple[Text, str | None]]) -> None:
    """Make ``rows`` (``(words, option id or None for a line that cannot be picked)``) the
    options of ``ol``, which shows ``old``, as a fresh list would show them (nothing
    highlighted, scrolled to the top). When the rows have the ids of the rows shown and each
    new row takes the rows of the old one in its place (:func:`same_rows` at the options'
    width), the new words go in place and the list keeps its lines, so the screen is not
    laid out again; else the list is cleared and filled (and laid out)."""
    width = (ol.scrollable_content_region.width
             - ol.get_component_styles("option-list--option").padding.width)
    if (rows and ol.option_count == len(old) == len(rows)
            and all(o[1] == n[1] and same_rows(o[0], n[0], width)
                    for o, n in zip(old, rows, strict=True))):
        ol.highlighted = None
        ol.scroll_y = 0
        for i, (text, _) in enumerate(rows):
            ol.replace_option_prompt_at_index(i, text)
        return
    ol.clear_options()
    ol.add_options([Option(text, id=oid, disabled=oid is None) for text, oid in rows])
