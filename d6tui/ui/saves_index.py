"""The saves in a folder, summarised for the home and saves screens (no Textual here)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from d6tui.engine.errors import LogError, TruncatedLogError


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


def summarise(path: Path) -> SaveSummary:
    """Load one save and summarise it; a load error becomes the summary's ``problem``."""
    from d6tui.engine.session import Session

    try:
        s = Session.load(path)
    except LogError as e:
        return SaveSummary(
            path, "?", path.stem, None,
            "cut off mid-event" if isinstance(e, TruncatedLogError) else "cannot be opened",
            problem=str(e), truncated=isinstance(e, TruncatedLogError),
        )
    try:
        last = s.events[-1]["at"] if s.events else s.header.created
        status = s.rules.status(s.state)
        return SaveSummary(path, s.rules.name, s.title, last, status, len(s.events))
    finally:
        s.close()


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
    paths = sorted(folder.glob("*.toml"), key=lambda p: p.stat().st_mtime, reverse=True)
    if limit is not None:
        paths = paths[:limit]
    out = []
    for i, p in enumerate(paths):
        out.append(summarise(p))
        if on_each is not None:
            on_each(i + 1, len(paths))
    floor = datetime.min
    out.sort(key=lambda s: s.last_played.replace(tzinfo=None) if s.last_played else floor,
             reverse=True)
    return out
