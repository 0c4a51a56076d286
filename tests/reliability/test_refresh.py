"""``Session.refresh`` reads only the file's new tail, and what it folds in reads back from the
file as the writer wrote it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from d6tui.engine.errors import LogError
from d6tui.engine.session import Session
from tests.reliability.helpers import bot_game, bot_move


def test_refresh_reads_only_the_new_tail(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                         ) -> None:
    path = tmp_path / "g.toml"
    a = bot_game(path, 3)
    b = Session.load(path)
    start = path.stat().st_size
    for _ in range(4):
        bot_move(a)
    reads: list[tuple[int, int]] = []
    real = os.pread

    def pread(fd: int, n: int, offset: int) -> bytes:
        reads.append((n, offset))
        return real(fd, n, offset)

    monkeypatch.setattr(os, "pread", pread)
    assert b.refresh() == 4
    monkeypatch.undo()
    assert reads == [(path.stat().st_size - start, start)]
    assert b.state == a.state
    b.events._cache.clear()  # read each block back from its place in the file
    assert list(b.events) == list(a.events)
    bot_move(b)  # and b plays on, unrefused
    assert a.refresh() == 1 and a.state == b.state


def test_alternate_moves_in_two_sessions_are_never_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.toml"
    a = bot_game(path, 1)
    b = Session.load(path)
    for turn in range(20):
        mover, other = (a, b) if turn % 2 == 0 else (b, a)
        mover.refresh()
        bot_move(mover)
        other.refresh()
        assert other.state == mover.state
    assert len(Session.load(path).events) == 22


def test_refresh_after_the_file_was_cut_says_so(tmp_path: Path) -> None:
    path = tmp_path / "g.toml"
    a = bot_game(path, 3)
    path.write_bytes(path.read_bytes()[:-40])
    with pytest.raises(LogError, match="shortened"):
        a.refresh()
