"""Every cut offset of a save's last two events (a sample in a block over 300 bytes): a torn
event never loads as whole, and ``recover`` keeps exactly the whole events before the cut.

A cut at offset ``k`` leaves the first ``k`` bytes, as a crash or a full disk would. The
expected outcome is worked out from where the blocks lie: a cut between blocks (or one that
drops only the final blank line) leaves a whole, shorter save; any other cut is found, named
as a cut, and repaired to the events wholly before it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from d6tui.engine.errors import LogError, TruncatedLogError
from d6tui.engine.log import recover
from d6tui.engine.session import Session
from tests.engine import toy
from tests.reliability.helpers import bot_game


@pytest.fixture(autouse=True)
def _no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    """These cases are about which bytes are kept, not about the disk: fsync is skipped so
    that a thousand repairs take seconds (test_full_disk and test_kill cover the disk)."""
    monkeypatch.setattr("os.fsync", lambda fd: None)


def _blocks(data: bytes) -> list[int]:
    """Where each ``[[events]]`` line starts."""
    out, i = [], data.find(b"[[events]]\n")
    while i >= 0:
        out.append(i)
        i = data.find(b"\n[[events]]\n", i + 1)
        i = i + 1 if i >= 0 else -1
    return out


def _expected(data: bytes, starts: list[int], cut: int) -> tuple[int, bool]:
    """(events wholly before ``cut``, whether the cut file is whole)."""
    ends = starts[1:] + [len(data)]  # each block, blank line included, ends where the next starts
    if cut + 1 in ends:  # only the blank line after a block is missing: that block is whole
        return ends.index(cut + 1) + 1, True
    return sum(1 for e in ends if e <= cut), cut in ends or cut == starts[0]


#: A longer block is cut at every line's end and a sample of offsets (D6 Shooter's
#: first event, with its copied content, is 13 KB: every offset would take minutes).
EVERY_OFFSET_UP_TO = 300


def _offsets(data: bytes, start: int) -> list[int]:
    """The cut offsets from ``start`` to the end: all of them in short blocks; in a long one
    its first and last 120, each line's end and the bytes either side, and every 173rd."""
    out: set[int] = set()
    starts = [start, *(b + 1 for b in _newline_blocks(data, start)), len(data)]
    for a, b in zip(starts, starts[1:], strict=False):
        if b - a <= EVERY_OFFSET_UP_TO:
            out.update(range(a, b))
            continue
        out.update(range(a, a + 120))
        out.update(range(b - 120, b))
        out.update(range(a, b, 173))
        i = data.find(b"\n", a)
        while 0 <= i < b:
            out.update((i, i + 1, i + 2))
            i = data.find(b"\n", i + 1)
    return sorted(k for k in out if start <= k < len(data))


def _newline_blocks(data: bytes, start: int) -> list[int]:
    """Where each ``\n[[events]]\n`` after ``start`` begins."""
    out, i = [], data.find(b"\n[[events]]\n", start)
    while i >= 0:
        out.append(i)
        i = data.find(b"\n[[events]]\n", i + 1)
    return out


def _check_all_cuts(path: Path, rules: object, tally: Callable[[str, bool], None],
                    family: str) -> None:
    full = path.read_bytes()
    original = Session.load(path, rules=rules)  # type: ignore[arg-type]
    events = list(original.events)
    original.close()
    starts = _blocks(full)
    assert len(starts) == len(events)
    for cut in _offsets(full, starts[-2]):
        path.write_bytes(full[:cut])
        n, whole = _expected(full, starts, cut)
        if n == 0:  # nothing whole: refused in one line, and recover keeps nothing
            with pytest.raises(LogError) as info:
                Session.load(path, rules=rules)  # type: ignore[arg-type]
            ok = "\n" not in str(info.value) and (
                "holds no events" in str(info.value) if whole
                else isinstance(info.value, TruncatedLogError) and info.value.complete == 0)
            if not whole:
                with pytest.raises(LogError, match="not one event is whole"):
                    recover(path)
            ok = ok and path.read_bytes() == full[:cut]
            tally(family, ok)
            assert ok, f"cut at byte {cut} of {len(full)}"
            continue
        try:
            loaded = Session.load(path, rules=rules)  # type: ignore[arg-type]
        except TruncatedLogError as e:
            ok = not whole and e.complete == n
            backup, kept = recover(path, e.complete)
            ok = ok and kept == n and backup is not None and backup.read_bytes() == full[:cut]
            loaded = Session.load(path, rules=rules)  # type: ignore[arg-type]
            if backup is not None:
                backup.unlink()
        else:
            ok = whole
        ok = ok and list(loaded.events) == events[:n]
        loaded.close()
        tally(family, ok)
        assert ok, f"cut at byte {cut} of {len(full)}"


def test_every_cut_of_the_last_two_toy_events(tmp_path: Path,
                                              tally: Callable[[str, bool], None]) -> None:
    path = tmp_path / "g.toml"
    s = Session.new(toy.RULES, {"players": ["Ann", "Ben"]}, path=path)
    for _ in range(6):
        s.do(toy.roll, s.dice)
    s.close()
    _check_all_cuts(path, toy.RULES, tally, "cut: toy save, last 2 events")


@pytest.mark.parametrize("moves", [1, 8])
def test_every_cut_of_the_last_two_shooter_events(tmp_path: Path, moves: int,
                                                  tally: Callable[[str, bool], None]) -> None:
    """With one move, the cuts reach into the first event (D6 Shooter's largest)."""
    path = tmp_path / "g.toml"
    bot_game(path, moves).close()
    from d6tui.engine.registry import load_rules

    _check_all_cuts(path, load_rules("shooter"), tally, "cut: shooter save, last 2 events")


def test_a_cut_inside_the_first_event_is_explained_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "g.toml"
    bot_game(path, 0).close()
    full = path.read_bytes()
    cut = full[: _blocks(full)[0] + 40]
    path.write_bytes(cut)
    with pytest.raises(TruncatedLogError) as info:
        Session.load(path)
    assert info.value.complete == 0
    with pytest.raises(Exception, match="not one event is whole") as refused:
        recover(path)
    assert "\n" not in str(refused.value)
    assert path.read_bytes() == cut
