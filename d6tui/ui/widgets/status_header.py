"""The Header of a game screen: Textual's own, whose title line is drawn again without laying
the screen out again when a new title and status take as many lines as the old ones.

A game screen sets its title and status line after every move; Textual's ``HeaderTitle``
then asks for the whole screen to be laid out again, though the line is one row high
(``text-wrap: nowrap``, as wide as the Header) whatever it says.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.visual import VisualType
from textual.widgets import Header
from textual.widgets._header import HeaderTitle


def _line_count(content: object) -> int:
    plain = getattr(content, "plain", content)
    return str(plain).count("\n") + 1


class StatusTitle(HeaderTitle):
    """The Header's title line: laid out again only when its number of lines changes (it
    never wraps, and its width is the Header's)."""

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        """Show ``content``; ``layout`` is kept only when the new text has another number
        of lines than the one shown."""
        same = _line_count(self.content) == _line_count(content)
        super().update(content, layout=layout and not same)


class StatusHeader(Header):
    """Textual's Header with a :class:`StatusTitle` for its title line."""

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            yield StatusTitle() if type(widget) is HeaderTitle else widget
