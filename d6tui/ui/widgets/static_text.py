"""Giving a Static its text only when the text changed: :func:`put`.

``Static.update`` always asks Textual to draw the widget again and to lay the screen out
again, even when the text is the one already shown. A game screen sets all its lines after
every move, most of them unchanged, so each unchanged one cost a relayout and a redraw.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


def put(static: Static, content: str | Text) -> bool:
    """Show ``content`` (a string or a Rich ``Text``) in ``static`` unless it shows an equal
    one already (strings and Texts compare with ``==``: same characters and styles).

    Returns:
        Whether it was updated.
    """
    if type(content) is type(static.content) and content == static.content:
        return False
    static.update(content)
    return True
