"""A save as something to keep or share: ``d6tui export FILE --format markdown|record|html``.

- ``record``: the full mechanical record, every event in words (undone ones struck through),
  notes at their place: the game's ``export_markdown``, or :func:`generic_markdown`.
- ``markdown``: the journal: the game's ``export_journal`` (6x6 Tales: the player's notes day
  by day with the mechanics under them), or the record for a game without one.
- ``html``: the journal as one self-contained HTML page, readable on a phone: inline CSS, no
  scripts, no links out, every text escaped (raw HTML in a note is shown as text).

Hidden information stays hidden: the game's exports show, before the end, only what a
spectator may see (``view(state, None)``), and the HTML page is made from the same journal.
"""

from __future__ import annotations

import html
import os
import re
from pathlib import Path
from typing import Any

from d6tui.engine.mdtext import escape
from d6tui.engine.notes import NOTE, note_numbers, record_lines

#: The formats of ``d6tui export``, the default first.
FORMATS = ("markdown", "record", "html")


#: The first line of every d6tui save (:mod:`d6tui.engine.log`), as a save's head shows it.
_SAVE_HEAD = re.compile(rb'^\s*format\s*=\s*"d6tui-log"', re.MULTILINE)


def is_save(path: Path) -> bool:
    """Whether ``path`` is an existing file that starts as a d6tui save does (its header names
    the ``d6tui-log`` format within its first 4 KiB)."""
    try:
        with open(path, "rb") as f:
            return bool(_SAVE_HEAD.search(f.read(4096)))
    except OSError:
        return False


def check_output(out: Path, source: Path) -> None:
    """Refuse an export's output file that would destroy a save.

    Args:
        out: the file the export is to be written to (``-o``).
        source: the save the export is made from.

    Raises:
        ValueError: ``out`` is the save itself (the same file, through a symlink or a hard
            link too), or any other d6tui save; one line saying so.
    """
    try:
        same = os.path.samefile(out, source)
    except OSError:  # out does not exist (or cannot be read): nothing to lose
        same = False
    if same:
        raise ValueError(f"{out}: that is the save being exported; write the export to "
                         "another file")
    if is_save(out):
        raise ValueError(f"{out}: that file is a d6tui save; an export never overwrites a "
                         "save, so write it to another file")


def generic_markdown(session: Any) -> str:
    """A save as Markdown: title, game, status, then every event in words (undone ones struck
    through, notes quoted at their place). Games with a richer record set
    ``GameDefinition.export_markdown``."""
    lines = [f"# {escape(session.title)}", "", f"*{session.rules.name}*, started "
             f"{session.header.created:%Y-%m-%d %H:%M} UTC", "",
             f"**{session.rules.status(session.state)}**", "", "## Play by play", ""]
    lines += play_by_play(session)
    return "\n".join(lines) + "\n"


def play_by_play(session: Any, strike: str = " (undone)") -> list[str]:
    """Every event of ``session`` as a numbered Markdown list (``seq. words``): undone ones
    struck through and followed by ``strike``, notes quoted under their line.

    Args:
        session: the game.
        strike: what follows an undone event's struck-through words.
    """
    lines: list[str] = []
    numbers = note_numbers(session.events)
    for entry in session.history():
        marker = f"{entry.event['seq']}. "
        if entry.event.get("type") == NOTE:
            lines += record_lines(marker, entry.event, entry.undone,
                                  numbers.get(entry.event["seq"]))
            continue
        words = escape(entry.text)  # names in it are the players' own
        text = f"~~{words}~~{strike}" if entry.undone else words
        lines.append(marker + text)
    return lines


def record(session: Any) -> str:
    """The full mechanical record of ``session`` (``--format record``)."""
    render = session.rules.export_markdown or generic_markdown
    return render(session)


def journal(session: Any) -> str:
    """The journal of ``session`` (``--format markdown``): the game's own, or its record."""
    render = getattr(session.rules, "export_journal", None) or record
    return render(session)


def render(session: Any, fmt: str) -> str:
    """``session`` in one of :data:`FORMATS`.

    Raises:
        ValueError: an unknown format.
    """
    if fmt == "record":
        return record(session)
    if fmt == "markdown":
        return journal(session)
    if fmt == "html":
        return to_html(journal(session), session.title)
    raise ValueError(f"the export formats are {', '.join(FORMATS)}, not {fmt!r}")


#: The page's style: one column, readable on a phone, the map and dice in monospace, light or
#: dark as the reader's device prefers.
_CSS = """
:root { color-scheme: light dark; --ink: #1d1b16; --paper: #fbf8f1; --muted: #6b6457;
  --rule: #d9d0bf; --accent: #7a4b12; }
@media (prefers-color-scheme: dark) { :root { --ink: #ebe6da; --paper: #1b1a17;
  --muted: #a39a8a; --rule: #3d3a33; --accent: #e0a45a; } }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 44rem; padding: 1rem; background: var(--paper);
  color: var(--ink); font: 1.05rem/1.55 Georgia, "Times New Roman", serif;
  overflow-wrap: break-word; }
h1 { font-size: 1.7rem; line-height: 1.2; margin: .5rem 0 1rem; }
h2 { font-size: 1.3rem; border-bottom: 1px solid var(--rule); margin-top: 2rem; }
h3 { font-size: 1.1rem; margin-top: 1.6rem; }
blockquote { margin: .8rem 0; padding: .1rem 0 .1rem 1rem; border-left: 3px solid
  var(--accent); font-style: italic; }
ul, ol { padding-left: 1.3rem; }
li { margin: .1rem 0; }
ul { color: var(--muted); font: .9rem/1.45 system-ui, sans-serif; }
blockquote ul, blockquote ol { color: inherit; font: inherit; }
pre { overflow-x: auto; padding: .6rem; background: rgba(127, 127, 127, .12);
  border-radius: 4px; font: .78rem/1.2 ui-monospace, Menlo, Consolas, monospace; }
code { font-family: ui-monospace, Menlo, Consolas, monospace; }
table { border-collapse: collapse; display: block; overflow-x: auto; font-size: .9rem; }
th, td { border: 1px solid var(--rule); padding: .2rem .5rem; text-align: left; }
del, s { color: var(--muted); }
"""


def to_html(markdown: str, title: str) -> str:
    """``markdown`` as one self-contained HTML page titled ``title``.

    Raw HTML in the Markdown (a note holding ``<script>``) is escaped, never passed through;
    links keep only their text's escaping (the page loads nothing).

    Args:
        markdown: a journal or record (CommonMark with tables and strikethrough).
        title: the page's title.

    Returns:
        The page, with inline CSS and no scripts.
    """
    from markdown_it import MarkdownIt

    # breaks: a line break in a note stays a line break on the page
    md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False,
                                   "breaks": True})
    md.enable(["table", "strikethrough"])
    md.disable("image")  # the page loads nothing from elsewhere
    body = md.render(markdown)
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        "<meta name=\"generator\" content=\"d6tui\">\n"
        f"<title>{html.escape(title)}</title>\n<style>{_CSS}</style>\n</head>\n"
        f"<body>\n{body}</body>\n</html>\n"
    )
