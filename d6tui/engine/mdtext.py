"""The player's own text in a Markdown export, shown exactly as typed.

Names, titles and notes are the player's: in the ``.md`` a viewer must show them as typed (a
``*`` stays a star, ``<img onerror=...>`` stays text, a note that starts with ``# `` is no
heading), and the HTML page made from that Markdown (:func:`d6tui.exports.to_html`) shows
the same. CommonMark lets any ASCII punctuation be escaped with a backslash; these functions
escape the characters that could mean something, and keep a note's line breaks as hard breaks
(a backslash at the end of the line) and its blank lines as paragraph breaks.

Pure text functions, no Markdown library.
"""

from __future__ import annotations

import re

#: Characters that mean something anywhere in a line of CommonMark (with the tables and
#: strikethrough extensions): emphasis, code, links and images, raw HTML and entities,
#: table cells.
_INLINE = re.compile(r"([\\`*_\[\]<&~|])")
#: What means something only at the start of a line: a heading (``#``), a quote (``>``), a
#: list item (``-``, ``+``, ``1.``, ``1)``), a setext underline (``=``).
_LINE_START = re.compile(r"^([-+=#>])|^(\d+)([.)])")
#: A run of ``#`` ending a line after a space: the closing marks of a heading.
_CLOSING = re.compile(r"(?<=\s)(#+)(\s*)$")
#: A no-break space: leading spaces become these, so an indented line is no code block.
NBSP = "\u00a0"


def escape(text: str) -> str:
    """One line of the player's text (a name, a title, a line of a note) as Markdown that
    shows exactly that text.

    Args:
        text: one line (a newline in it is kept as is: use :func:`paragraph_lines` for
            several lines).

    Returns:
        The text with backslashes before the characters CommonMark would read, and its
        leading spaces and tabs made no-break spaces (a tab counts four).
    """
    body = text.lstrip(" \t")
    lead = text[:len(text) - len(body)].replace("\t", "    ").replace(" ", NBSP)
    body = _INLINE.sub(r"\\\1", body)
    body = _LINE_START.sub(lambda m: f"\\{m.group(1)}" if m.group(1)
                           else f"{m.group(2)}\\{m.group(3)}", body, count=1)
    body = _CLOSING.sub(lambda m: "\\#" * len(m.group(1)) + m.group(2), body)
    return lead + body


def broken_lines(text: str) -> list[tuple[str, bool]]:
    """Several lines of the player's text, each escaped (:func:`escape`, trailing spaces
    dropped), with whether a hard break follows it: a non-blank line followed by another
    non-blank line."""
    lines = [escape(line.rstrip()) for line in text.split("\n")]
    blank = [not line.strip(" " + NBSP) for line in lines]
    return [(line, not blank[i] and i + 1 < len(lines) and not blank[i + 1])
            for i, line in enumerate(lines)]


def paragraph_lines(text: str) -> list[str]:
    """Several lines of the player's text (a note) as Markdown lines that keep its line breaks.

    A line followed by another non-blank line ends with a backslash (a hard break: the
    viewer breaks the line there, as typed); blank lines stay blank (a new paragraph).

    Returns:
        The lines, without a trailing newline (empty lines where the text has blank lines).
    """
    return [line + "\\" if brk else line for line, brk in broken_lines(text)]
