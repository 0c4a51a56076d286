"""A read-only saves folder: ``d6tui list``, ``d6tui new`` and going home from a game each
give one clear line (or none, where nothing had to be written), never a traceback.

Tests run as root, which ignores file permissions, so the folder is made read-only by
monkeypatching the calls that write (raising EROFS or EACCES as a read-only disk does, the
clean-up ``unlink`` included) and, when this machine allows it, with a real read-only bind
mount in a child process.
"""

from __future__ import annotations

import builtins
import errno
import os
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from d6tui import cli
from d6tui.engine import logfile
from d6tui.engine.errors import LogError
from d6tui.engine.session import Session
from tests.reliability.helpers import ENV, PYTHON, bot_game

ERRNOS = [errno.EROFS, errno.EACCES]


def _read_only(monkeypatch: pytest.MonkeyPatch, folder: Path, code: int) -> None:
    """Make every write under ``folder`` fail with ``code``."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError(code, os.strerror(code))

    def inside(p: object) -> bool:
        return str(p).startswith(str(folder))

    real_open, real_os_open = builtins.open, os.open

    def fake_open(file: object, mode: str = "r", *a: object, **k: object):  # noqa: ANN202
        if inside(file) and any(c in mode for c in "wax+"):
            refuse()
        return real_open(file, mode, *a, **k)  # type: ignore[call-overload]

    def fake_os_open(p: object, flags: int, *a: object, **k: object) -> int:
        if inside(p) and flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            refuse()
        return real_os_open(p, flags, *a, **k)  # type: ignore[arg-type]

    real_mkdir = Path.mkdir

    def fake_mkdir(self: Path, *a: object, **k: object) -> None:
        if inside(self) and not self.is_dir():
            refuse()
        real_mkdir(self, *a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(logfile, "open", fake_open, raising=False)
    monkeypatch.setattr(builtins, "open", fake_open)
    monkeypatch.setattr(os, "open", fake_os_open)
    for name in ("link", "replace", "rename", "unlink"):
        monkeypatch.setattr(os, name, refuse)
    monkeypatch.setattr(Path, "unlink", lambda self, missing_ok=False: refuse())
    monkeypatch.setattr(Path, "mkdir", fake_mkdir)


def _one_line(err: str) -> bool:
    return len(err.strip().splitlines()) == 1 and "Traceback" not in err


@pytest.mark.parametrize("code", ERRNOS, ids=["EROFS", "EACCES"])
def test_list_and_new_in_a_read_only_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tally: Callable[[str, bool], None], code: int) -> None:
    saves = tmp_path / "saves"
    bot_game(saves / "a.toml", 2).close()
    _read_only(monkeypatch, saves, code)
    assert cli.main(["list", "--saves", str(saves)]) == 0  # the index is not cached: fine
    out, err = capsys.readouterr()
    ok = out.startswith("a.toml\tD6 Shooter") and not err
    tally("read-only folder: list", ok)
    assert ok, err
    for args in (["new", "shooter", "--players", "A,B", "--saves", str(saves)],
                 ["new", "shooter", "--players", "A,B", "--saves", str(saves / "sub")]):
        rc = cli.main(args)
        _, err = capsys.readouterr()
        ok = rc == 2 and _one_line(err) and "cannot be written" in err
        tally("read-only folder: new", ok)
        assert ok, err
    with pytest.raises(LogError, match="cannot be written"):
        Session.new("shooter", {"players": ["A", "B"]}, path=saves / "b.toml")
    assert sorted(p.name for p in saves.iterdir()) == ["a.toml"]  # nothing left behind


def test_a_full_disk_when_creating_leaves_no_file(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    _read_only(monkeypatch, tmp_path / "saves", errno.ENOSPC)
    with pytest.raises(LogError, match="the disk is full"):
        Session.new("shooter", {"players": ["A", "B"]}, path=tmp_path / "saves" / "b.toml")


@pytest.fixture
def read_only_mount(tmp_path: Path) -> Iterator[Path]:
    """``tmp_path/ro``: a read-only bind mount of ``tmp_path/rw`` (skipped where it cannot
    be made)."""
    rw, ro = tmp_path / "rw", tmp_path / "ro"
    rw.mkdir()
    ro.mkdir()
    bot_game(rw / "a.toml", 2).close()
    done = subprocess.run(["mount", "--bind", str(rw), str(ro)], capture_output=True)
    if done.returncode != 0:
        pytest.skip("cannot bind-mount here")
    try:
        again = subprocess.run(["mount", "-o", "remount,bind,ro", str(ro)], capture_output=True)
        if again.returncode != 0 or os.access(ro, os.W_OK) and _writable(ro):
            pytest.skip("cannot make a read-only mount here")
        yield ro
    finally:
        subprocess.run(["umount", str(ro)], capture_output=True)


def _writable(folder: Path) -> bool:
    try:
        (folder / ".probe").touch()
    except OSError:
        return False
    (folder / ".probe").unlink()
    return True


def test_a_real_read_only_mount(read_only_mount: Path, tally: Callable[[str, bool], None]
                                ) -> None:
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([PYTHON, "-m", "d6tui", *args, "--saves", str(read_only_mount)],
                              capture_output=True, text=True, env=ENV, timeout=60,
                              stdin=subprocess.DEVNULL)

    listed = run("list")
    ok = listed.returncode == 0 and "a.toml\tD6 Shooter" in listed.stdout and not listed.stderr
    tally("read-only folder: real mount", ok)
    assert ok, listed.stderr
    made = run("new", "shooter", "--players", "A,B")
    ok = made.returncode == 2 and _one_line(made.stderr) and "cannot be written" in made.stderr
    tally("read-only folder: real mount", ok)
    assert ok, made.stderr
