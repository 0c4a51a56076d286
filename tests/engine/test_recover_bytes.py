"""A save whose end holds bytes that are not UTF-8 (a disk error, junk appended) is damage at
its end like a cut or a tail of NULs: loading says so, and ``recover`` keeps every complete
event before the bytes, with the ``.damaged-`` copy; such bytes before the last event are not
its end, and the file is still refused."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from d6tui.engine.dice import Dice
from d6tui.engine.errors import LogError, TruncatedLogError
from d6tui.engine.log import recover
from d6tui.engine.session import Session
from tests.engine import toy

JUNK = b"\x9d\xff junk\n"


def _save(tmp_path: Path, version: int) -> Path:
    path = tmp_path / f"v{version}.toml"
    s = Session.new(toy.RULES, {"players": ["Ana", "Ben"]}, path=path, dice=Dice(4))
    for _ in range(3):
        s.do(toy.roll, s.dice)
    s.close()
    if version == 1:  # as an older d6tui wrote it: no end marks
        text = path.read_text(encoding="utf-8").replace("version = 2", "version = 1", 1)
        path.write_text(re.sub(r"# end crc32=[0-9a-f]{8}\n", "", text), encoding="utf-8")
    return path


@pytest.mark.parametrize("version", [1, 2])
@pytest.mark.parametrize("tail", [JUNK, JUNK + b"\n", b"\x9d", b"\n\n\xc3(\n\n"])
def test_bytes_not_utf8_after_the_last_event_are_recovered(
        tmp_path: Path, version: int, tail: bytes) -> None:
    path = _save(tmp_path, version)
    whole = path.read_bytes()
    path.write_bytes(whole + tail)
    with pytest.raises(TruncatedLogError) as e:
        Session.load(path, rules=toy.RULES)
    assert e.value.complete == 4 and "\n" not in str(e.value)
    backup, kept = recover(path)
    assert kept == 4 and backup is not None
    assert backup.read_bytes() == whole + tail  # the damaged file, copied aside
    assert path.read_bytes() == whole
    assert len(Session.load(path, rules=toy.RULES).events) == 4


@pytest.mark.parametrize("version", [1, 2])
def test_bytes_not_utf8_inside_the_last_event_keep_those_before(tmp_path: Path,
                                                                version: int) -> None:
    path = _save(tmp_path, version)
    data = path.read_bytes()
    at = data.rfind(b"seq = 4") + 2
    path.write_bytes(data[:at] + b"\xff" + data[at + 1:])
    with pytest.raises(TruncatedLogError):
        Session.load(path, rules=toy.RULES)
    _, kept = recover(path)
    assert kept == 3
    assert len(Session.load(path, rules=toy.RULES).events) == 3


@pytest.mark.parametrize("version", [1, 2])
def test_bytes_not_utf8_before_the_last_event_are_refused(tmp_path: Path,
                                                          version: int) -> None:
    path = _save(tmp_path, version)
    data = path.read_bytes()
    at = data.find(b"seq = 2") + 2
    path.write_bytes(data[:at] + b"\xff" + data[at + 1:])
    before = path.read_bytes()
    with pytest.raises(LogError, match=rf"event seq 2: not UTF-8 text \(byte {at + 1} of the "
                       r"file\)") as e:
        Session.load(path, rules=toy.RULES)
    assert not isinstance(e.value, TruncatedLogError)
    with pytest.raises(LogError):
        recover(path)
    assert path.read_bytes() == before
