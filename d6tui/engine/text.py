"""Checks of the text a player types into a game: names, titles and text choices."""

from __future__ import annotations

import unicodedata

from d6tui.engine.errors import RuleError


def control_problem(label: str, text: str) -> str | None:
    """Why ``text`` cannot be a name or a title: it holds a control character (an escape, a
    newline, a tab, a bell), which would reach a terminal raw or break a line of a list; or
    None."""
    for ch in text:
        if unicodedata.category(ch) == "Cc":
            return f"{label} cannot hold control characters (such as {ch!r})"
    return None


#: The longest title a game may have (it names the save file and heads every screen).
TITLE_MAX = 100


def check_title(title: str) -> str:
    """A game's title, stripped and checked.

    Raises:
        RuleError: empty, longer than :data:`TITLE_MAX`, or holding a control character.
    """
    title = title.strip()
    if not title:
        raise RuleError("a game needs a name")
    if len(title) > TITLE_MAX:
        raise RuleError(f"a title has at most {TITLE_MAX} characters, not {len(title)}")
    problem = control_problem("a title", title)
    if problem:
        raise RuleError(problem)
    return title
