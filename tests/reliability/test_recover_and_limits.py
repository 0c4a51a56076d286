"""``recover`` leaves a whole save alone and never overwrites a copy; an event that could not
be loaded again is refused before it is written; version-1 saves still load and take new
events with end marks; a new save appears whole or not at all."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from d6tui import cli
from d6tui.engine import limits
from d6tui.engine.errors import LogError, TruncatedLogError
from d6tui.engine.log import recover
from d6tui.engine.session import Session
from tests.reliability.helpers import bot_game, bot_move

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "saves").glob("*.toml"))


def test_recover_leaves_a_whole_save_untouched(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str],
                                               tally: Callable[[str, bool], None]) -> None:
    path = tmp_path / "g.toml"
    bot_game(path, 5).close()
    before = path.read_bytes()
    for _ in range(3):  # each run used to drop one more good event
        backup, kept = recover(path)
        ok = backup is None and kept == 6 and path.read_bytes() == before
        assert cli.main(["recover", str(path)]) == 0
        ok = ok and "nothing to recover" in capsys.readouterr().out
        ok = ok and path.read_bytes() == before
        tally("recover: whole save untouched", ok)
        assert ok
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.toml"]


def test_two_repairs_in_one_second_keep_both_copies(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from datetime import UTC, datetime

    monkeypatch.setattr("d6tui.engine.log.now", lambda: datetime(2026, 12, 1, tzinfo=UTC))
    path = tmp_path / "g.toml"
    s = bot_game(path, 4)
    s.close()
    full = path.read_bytes()
    copies = []
    for cut in (30, 50):
        path.write_bytes(full[:-cut])
        backup, kept = recover(path)
        assert backup is not None and kept == 4
        copies.append(backup)
        path.write_bytes(full)
    assert copies[0] != copies[1]
    assert copies[0].read_bytes() == full[:-30] and copies[1].read_bytes() == full[:-50]


def test_an_event_too_large_to_load_again_is_refused(tmp_path: Path,
                                                     tally: Callable[[str, bool], None]) -> None:
    path = tmp_path / "g.toml"
    s = bot_game(path, 2)
    before = path.read_bytes()
    cases = {
        "16 MiB note": {"type": "retitled", "title": "x" * (16 << 20)},
        "5 MiB note": {"type": "retitled", "title": "x" * (5 << 20)},
        "nested 40 deep": {"type": "retitled", "title": "t", "v": _nested(40)},
    }
    for name, payload in cases.items():
        with pytest.raises(LogError) as info:
            s.do(lambda state, p=payload: p)
        ok = ("nothing of" in str(info.value) and "\n" not in str(info.value)
              and path.read_bytes() == before and len(s.events) == 3)
        tally("append: event that cannot load again", ok)
        assert ok, name
    bot_move(s)
    s.close()
    assert len(Session.load(path).events) == 4


def _nested(depth: int) -> object:
    v: object = 1
    for _ in range(depth):
        v = [v]
    return v


def test_the_limits_leave_room_for_every_shipped_save() -> None:
    for path in EXAMPLES:
        text = path.read_text()
        assert len(text) < limits.MAX_SAVE_BYTES
        Session.load(path).close()  # the pieces pass the checks


#: The shipped examples written in format version 1 (later ones are written in the newer
#: format and have nothing to upgrade).
V1_EXAMPLES = [p for p in EXAMPLES if b"\nversion = 1\n" in p.read_bytes()[:200]]


@pytest.mark.parametrize("example", V1_EXAMPLES, ids=[p.stem for p in V1_EXAMPLES])
def test_a_version_1_save_takes_marked_events_and_their_cuts_are_found(
        tmp_path: Path, example: Path, tally: Callable[[str, bool], None]) -> None:
    path = tmp_path / example.name
    shutil.copy(example, path)
    s = Session.load(path)
    n = len(s.events)
    s.retitle("Played on")
    s.retitle("Played on again")
    s.close()
    text = path.read_bytes()
    assert b"version = 1" in text and text.count(b"# end crc32=") == 2
    assert Session.load(path).title == "Played on again"
    last = text.rfind(b"\n[[events]]\n") + 1
    for cut in range(last + 1, len(text) - 1):  # inside the marked last block
        path.write_bytes(text[:cut])
        try:
            Session.load(path)
            ok = False  # a torn marked block must never load as whole
        except TruncatedLogError as e:
            ok = e.complete == n + 1
        tally("version-1 save, marked last block cut", ok)
        assert ok, cut


def test_a_new_save_is_whole_or_absent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    path = tmp_path / "g.toml"

    def no_link(*a: object) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as m:
        m.setattr(os, "link", no_link)
        with pytest.raises(LogError, match="disk is full"):
            Session.new("shooter", {"players": ["A", "B"]}, path=path)
    assert list(tmp_path.iterdir()) == []
    Session.new("shooter", {"players": ["A", "B"]}, path=path).close()
    assert len(Session.load(path).events) == 1  # header and first event came together
