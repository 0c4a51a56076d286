"""A full disk: a move is written whole and fsynced, or refused with the file cut back to its
last whole event; once there is room again the game goes on.

Faked with a monkeypatched ``os.write`` (short writes, ENOSPC, no progress) and ``os.fsync``;
and, when this machine lets the tests mount one, on a real 256 KiB tmpfs.
"""

from __future__ import annotations

import errno
import os
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from d6tui.engine import appender
from d6tui.engine.errors import LogError
from d6tui.engine.session import Session
from tests.reliability.helpers import bot_game, bot_move

FULL = "the disk is full: nothing of this move was saved"
_real_write = os.write


def _short_then_full(keep: int) -> Callable[[int, bytes], int]:
    """A write that takes ``keep`` bytes of the first call, then the disk is full."""
    state = {"calls": 0}

    def write(fd: int, data: bytes) -> int:
        state["calls"] += 1
        if state["calls"] == 1 and keep:
            return _real_write(fd, bytes(data[:keep]))
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    return write


def _no_progress(fd: int, data: bytes) -> int:
    return 0


def _fsync_full(fd: int) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def _fsync_eio(fd: int) -> None:
    raise OSError(errno.EIO, os.strerror(errno.EIO))


CASES = [(f"write {k} bytes then ENOSPC", "write", _short_then_full(k), FULL)
         for k in (0, 1, 17, 60, 150)] + [
    ("write makes no progress", "write", _no_progress, FULL),
    ("fsync ENOSPC", "fsync", _fsync_full, FULL),
    ("fsync EIO", "fsync", _fsync_eio, "nothing of this move was saved"),
]


@pytest.mark.parametrize(("name", "what", "fake", "message"), CASES, ids=[c[0] for c in CASES])
def test_a_full_disk_refuses_the_move_and_the_game_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, tally: Callable[[str, bool], None],
        name: str, what: str, fake: Callable, message: str) -> None:
    path = tmp_path / "g.toml"
    s = bot_game(path, 3)
    before, events, state = path.read_bytes(), len(s.events), s.state
    with monkeypatch.context() as m:
        m.setattr(appender.os, what, fake)
        with pytest.raises(LogError) as info:
            bot_move(s)
    ok = (message in str(info.value) and "\n" not in str(info.value)
          and path.read_bytes() == before and len(s.events) == events and s.state == state)
    for _ in range(3):  # room again: play on, and every later move is kept
        bot_move(s)
    s.close()
    again = Session.load(path)
    ok = ok and [e["seq"] for e in again.events] == list(range(1, events + 4))
    again.close()
    tally("full disk (faked os.write/fsync)", ok)
    assert ok, str(info.value)


def test_a_refused_move_never_shows_as_stale_or_shortened(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The old failure: after a short write every later move said "the file was shortened
    by something else". Now the next move after the refusal is saved as usual."""
    path = tmp_path / "g.toml"
    s = bot_game(path, 2)
    with monkeypatch.context() as m:
        m.setattr(appender.os, "write", _short_then_full(40))
        with pytest.raises(LogError, match="disk is full"):
            bot_move(s)
    ev = bot_move(s)
    assert ev["seq"] == len(Session.load(path).events)


@pytest.fixture
def small_tmpfs(tmp_path: Path) -> Iterator[Path]:
    """A real 256 KiB tmpfs, when this machine lets the tests mount one (else skipped)."""
    mount = tmp_path / "tmpfs"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(mount)],
                          capture_output=True)
    if done.returncode != 0:
        pytest.skip("cannot mount a tmpfs here")
    try:
        yield mount
    finally:
        subprocess.run(["umount", str(mount)], capture_output=True)


def test_a_real_full_tmpfs(small_tmpfs: Path, tally: Callable[[str, bool], None]) -> None:
    path = small_tmpfs / "g.toml"
    s = bot_game(path, 1)
    fd = os.open(small_tmpfs / "filler", os.O_WRONLY | os.O_CREAT)
    try:
        while True:
            os.write(fd, b"x" * 512)
    except OSError as e:
        assert e.errno == errno.ENOSPC
    finally:
        os.close(fd)
    refused = 0
    for _ in range(30):
        before = path.read_bytes()
        try:
            bot_move(s)
        except LogError as e:
            refused += 1
            ok = FULL in str(e) and path.read_bytes() == before
            tally("full disk (real tmpfs)", ok)
            assert ok
    assert refused
    (small_tmpfs / "filler").unlink()
    for _ in range(3):
        bot_move(s)
    n = len(s.events)
    s.close()
    assert [e["seq"] for e in Session.load(path).events] == list(range(1, n + 1))
