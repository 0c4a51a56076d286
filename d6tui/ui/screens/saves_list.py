"""What the home screen and the saves screen share: their messages and the saves table."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual.message import Message

from d6tui.engine.registry import GameInfo
from d6tui.ui.saves_index import SaveSummary

if TYPE_CHECKING:
    from textual.widgets import DataTable


@dataclass
class SavesScanned(Message):
    """The save folder was read (posted by the scanning worker)."""

    saves: list[SaveSummary]


@dataclass
class OpenSave(Message):
    """The player asked to open a save."""

    path: Path


@dataclass
class StartGame(Message):
    """The player asked to start a new game of ``game``."""

    game: GameInfo


def screen_available(game: GameInfo) -> bool:
    """Whether this version of d6tui has a screen for ``game`` (found without importing it)."""
    from importlib.util import find_spec

    modules = [game.definition_at.partition(":")[0]]
    if game.screen is not None:  # None: the generic screen, which every game has
        modules.append(game.screen.partition(":")[0])
    try:
        return all(find_spec(m) is not None for m in modules)
    except (ImportError, ValueError):
        return False


#: The narrowest a title column is cut to (a long title gives way to the status).
TITLE_MIN = 16


def cut(text: str, width: int) -> Text:
    """``text`` as plain Text (never markup) of at most ``width`` cells, ending in an ellipsis
    when cut."""
    out = Text(text)
    if width > 0 and out.cell_len > width:
        out.truncate(width, overflow="ellipsis")
    return out


def short_game(name: str) -> str:
    """The short name (``GameEntry.short_name``: "D6 board game") of the game whose full name
    is ``name`` (as a save's summary holds it); a name no game found has is kept as it is."""
    from d6tui.engine.registry import games

    return next((g.short_name for g in games() if g.name == name), name)


def column_widths(saves: list[SaveSummary], width: int) -> tuple[int, int]:
    """How wide the title and status columns may be in ``width`` cells so that every column
    shows: the status is kept whole when it can be, the title gives way first (down to
    :data:`TITLE_MIN`), then the status."""
    game = max((len(short_game(s.game)) for s in saves), default=4)
    fixed = max(game, 4) + len("YYYY-MM-DD HH:MM") + 4 * 2  # and four columns' padding
    room = max(width - fixed, 2 * TITLE_MIN)
    title = max((len(s.title) for s in saves), default=5)
    status = max((len(s.status) for s in saves), default=6)
    if title + status <= room:
        return title, status
    title_w = max(TITLE_MIN, min(title, room - status))
    return title_w, max(room - title_w, 6)


def saves_table(table: DataTable, saves: list[SaveSummary], *, with_file: bool = False,
                width: int = 0) -> None:
    """Fill ``table`` with one row per save (keyed by path): game (its short name), title,
    last played and status, fitted to ``width`` cells (0: not fitted) by cutting long titles
    and statuses with an ellipsis; the file name (``with_file``) comes last, to see when
    there is room."""
    title_w, status_w = column_widths(saves, width) if width else (0, 0)
    rows = []
    for s in saves:
        # Text cells, not strings: a DataTable reads strings as markup, and a title or a
        # player's name may hold square brackets.
        status = cut(s.status, status_w)
        if s.problem:
            status.stylize("bold")
        row = [Text(short_game(s.game)), cut(s.title, title_w), Text(s.when), status]
        if with_file:
            row.append(Text(s.path.name))
        rows.append((str(s.path), row))
    columns = [("Game", "game"), ("Title", "title"), ("Last played", "when"),
               ("Status", "status")] + ([("File", "file")] if with_file else [])
    # Each column's width is given, as wide as its widest cell: a table cleared and filled
    # again (after a delete or a rename) would otherwise keep only its headers' widths.
    table.clear(columns=True)
    for i, (label, key) in enumerate(columns):
        table.add_column(label, key=key, width=max([len(label),
                                                    *(r[i].cell_len for _, r in rows)]))
    for key, row in rows:
        table.add_row(*row, key=key)
