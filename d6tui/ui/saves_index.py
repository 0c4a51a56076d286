"""The saves in a folder, summarised for the home and saves screens and ``d6tui list``
(no Textual here).

A summary needs the game folded to its end (for its status line), which costs real time and
memory on a long game; so summaries are cached in ``<folder>/.d6tui-index.toml``, keyed by each
file's name, size and modification time, and a save is folded again only when it changed.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import tomli_w

from d6tui.engine.errors import LogError, TruncatedLogError

#: The cache file's name inside the save folder.
INDEX_NAME = ".d6tui-index.toml"


@dataclass(frozen=True)
class SaveSummary:
    """One save file as the lists show it.

    Attributes:
        path: the file.
        game: the game's full name ("D6 Shooter"), or "?" when unreadable.
        title: the game's title (after any ``retitled`` event), or the file's stem.
        last_played: when the latest event was written (UTC), or None.
        status: one line: whose turn or who won; for a damaged file what is wrong.
        events: how many events the log holds.
        problem: the one-line load error, or "" when the save opens.
        truncated: the file was cut off mid-event (it can be repaired).
    """

    path: Path
    game: str
    title: str
    last_played: datetime | None
    status: str
    events: int = 0
    problem: str = ""
    truncated: bool = False

    @property
    def when(self) -> str:
        """``last_played`` as local ``YYYY-MM-DD HH:MM``, or ``-``."""
        if self.last_played is None:
            return "-"
        return self.last_played.astimezone().strftime("%Y-%m-%d %H:%M")


def _unreadable(path: Path, problem: str, truncated: bool = False) -> SaveSummary:
    return SaveSummary(path, "?", path.stem, None,
                       "damaged at its end" if truncated else "cannot be opened",
                       problem=problem, truncated=truncated)


def summarise(path: Path) -> SaveSummary:
    """Load one save and summarise it; a load error becomes the summary's ``problem``.

    Args:
        path: the save.

    Returns:
        Its summary; never raises for a bad file (a list must go on past it).
    """
    from d6tui.engine.session import Session

    try:
        s = Session.load(path)
    except LogError as e:
        return _unreadable(path, str(e), isinstance(e, TruncatedLogError))
    except Exception as e:  # a bug or a file the checks did not foresee: listed, not fatal
        return _unreadable(path, f"{path}: could not be read ({type(e).__name__}: "
                           f"{str(e).splitlines()[0] if str(e) else 'no details'})")
    try:
        last = s.events[-1]["at"] if s.events else s.header.created
        status = s.rules.status(s.state)
        return SaveSummary(path, s.rules.name, s.title, last, status, len(s.events))
    except Exception as e:
        return _unreadable(path, f"{path}: could not be shown ({type(e).__name__}: {e})")
    finally:
        s.close()


def _read_index(folder: Path) -> dict:
    from d6tui.engine.limits import check_piece, open_save

    path = folder / INDEX_NAME
    try:
        with open_save(path) as f:  # never blocks on a FIFO; the size is bounded
            text = f.read().decode("utf-8")
        check_piece(path, text)
        data = tomllib.loads(text)
    except (LogError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return {}  # no cache (or a bad one): every save is read again
    saves = data.get("saves")
    return saves if isinstance(saves, dict) else {}


def _write_index(folder: Path, entries: dict) -> None:
    from d6tui.engine.log import write_atomic

    try:
        write_atomic(folder / INDEX_NAME, tomli_w.dumps({"saves": entries}))
    except (LogError, OSError):
        pass  # a read-only folder: summaries are simply not cached


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:  # a dangling link, or gone meanwhile: listed last, then explained
        return 0.0


def _stamp(path: Path) -> tuple[int, int]:
    st = path.stat()
    return st.st_size, st.st_mtime_ns


def _cached(path: Path, entry: object) -> SaveSummary | None:
    if not isinstance(entry, dict):
        return None
    try:
        if (entry["size"], entry["mtime_ns"]) != _stamp(path):
            return None
        last = entry.get("last_played")
        return SaveSummary(path, str(entry["game"]), str(entry["title"]),
                           last if isinstance(last, datetime) else None,
                           str(entry["status"]), int(entry["events"]))
    except (KeyError, TypeError, ValueError, OSError):
        return None


def _entry(summary: SaveSummary) -> dict:
    size, mtime = _stamp(summary.path)
    entry = {"size": size, "mtime_ns": mtime, "game": summary.game, "title": summary.title,
             "status": summary.status, "events": summary.events}
    if summary.last_played is not None:
        entry["last_played"] = summary.last_played
    return entry


#: The first line of a character sheet exported by Simple Six's ``X`` (not a save).
SHEET_EXPORT_LINE = b'format = "d6tui-simple-six-sheet"'


def is_sheet_export(path: Path) -> bool:
    """Whether ``path`` is a sheet file written by Simple Six's ``X`` (its first line names
    the sheet format): the saves list leaves those out quietly. Anything else that is not a
    save is still listed, with why it cannot be opened."""
    from d6tui.engine.limits import is_regular_file

    if not is_regular_file(path):  # a FIFO or a device would block or never end
        return False
    try:
        with path.open("rb") as f:
            return f.readline(len(SHEET_EXPORT_LINE) + 2).strip() == SHEET_EXPORT_LINE
    except OSError:
        return False


def scan_saves(
    folder: Path, *, limit: int | None = None, on_each: Callable[[int, int], None] | None = None
) -> list[SaveSummary]:
    """Every ``*.toml`` save in ``folder``, most recently played first.

    Args:
        folder: the save folder (missing is fine: no saves).
        limit: summarise only the ``limit`` most recently modified files.
        on_each: called as ``on_each(done, total)`` after each file.
    """
    if not folder.is_dir():
        return []
    try:
        found = list(folder.glob("*.toml"))
    except OSError:
        return []
    paths = sorted((p for p in found if not p.name.startswith(".") and not is_sheet_export(p)),
                   key=_mtime, reverse=True)
    if limit is not None:
        paths = paths[:limit]
    index = _read_index(folder)
    changed = False
    out = []
    for i, p in enumerate(paths):
        summary = _cached(p, index.get(p.name))
        if summary is None:
            summary = summarise(p)
            if not summary.problem:
                try:
                    index[p.name] = _entry(summary)
                    changed = True
                except OSError:
                    pass
        out.append(summary)
        if on_each is not None:
            on_each(i + 1, len(paths))
    if changed:
        _write_index(folder, {k: v for k, v in index.items() if (folder / k).exists()})
    floor = datetime.min
    out.sort(key=lambda s: s.last_played.replace(tzinfo=None) if s.last_played else floor,
             reverse=True)
    return out
