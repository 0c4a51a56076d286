from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from d6tui.engine.dice import Dice
from d6tui.engine.errors import LogError, RuleError, StaleLogError, TruncatedLogError
from d6tui.engine.log import EventLog, LogHeader, create_log, now, read_log, recover
from d6tui.engine.session import Session
from tests.engine import toy


def make_game(path: Path, rolls: int = 5, seed: int = 1) -> Session:
    s = Session.new(toy.RULES, {"players": ["Ana", "Ben"]}, path=path, dice=Dice(seed))
    for _ in range(rolls):
        s.do(toy.roll, s.dice)
    return s


def test_header_written_once_and_events_appended(tmp_path: Path) -> None:
    path = tmp_path / "g.toml"
    s = make_game(path, rolls=3)
    text = path.read_text()
    doc = tomllib.loads(text)
    assert doc["format"] == "d6tui-log" and doc["version"] == 2 and doc["game"] == "toy"
    assert [e["seq"] for e in doc["events"]] == [1, 2, 3, 4]
    assert text.endswith("\n\n")
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temp file left
    before = path.read_bytes()
    s.do(toy.roll, s.dice)
    after = path.read_bytes()
    assert after.startswith(before)  # appended, never rewritten


def test_create_refuses_to_overwrite(tmp_path: Path) -> None:
    path = tmp_path / "g.toml"
    make_game(path, 0)
    with pytest.raises(LogError, match="already exists"):
        create_log(path, LogHeader("toy", "t", now()))


def test_round_trip_same_state(tmp_path: Path) -> None:
    path = tmp_path / "g.toml"
    s = make_game(path, rolls=20)
    s.undo()
    s.undo()
    s.redo()
    loaded = Session.load(path, rules=toy.RULES)
    assert loaded.state == s.state
    assert [h.undone for h in loaded.history()] == [h.undone for h in s.history()]
    assert loaded.events == s.events


def write(path: Path, text: str) -> Path:
    path.write_text(text)
    return path


GOOD_HEADER = (
    'format = "d6tui-log"\nversion = 1\ngame = "toy"\ntitle = "t"\n'
    "created = 2026-11-29T13:00:00Z\n\n[options]\nplayers = [\"A\"]\n\n"
)
STARTED = '[[events]]\nseq = 1\ntype = "started"\nat = 2026-11-29T13:00:01Z\norder = ["A"]\n\n'


def rolled(seq: int, face: object = 3) -> str:
    return (
        f'[[events]]\nseq = {seq}\ntype = "rolled"\nat = 2026-11-29T13:00:02Z\nby = "A"\n'
        f'[events.roll]\ndice = "1d6"\nfaces = [{face}]\nsource = "app"\n\n'
    )


def test_valid_handwritten_log_loads(tmp_path: Path) -> None:
    s = Session.load(write(tmp_path / "g.toml", GOOD_HEADER + STARTED + rolled(2)),
                     rules=toy.RULES)
    assert s.state.total == 3


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (GOOD_HEADER + "[[events]\n\n", r"line \d+: not valid TOML"),
        (GOOD_HEADER.replace("d6tui-log", "other") + STARTED, "not a d6tui save"),
        (GOOD_HEADER.replace("version = 1", "version = 9") + STARTED,
         "newer d6tui .log format 9; this one reads up to 2"),
        (GOOD_HEADER.replace('game = "toy"', 'game = "chess"') + STARTED, "no game 'chess'"),
        (GOOD_HEADER + STARTED.replace("seq = 1", "seq = 4"), "expected seq = 1 here"),
        (GOOD_HEADER + STARTED + rolled(2).replace("rolled", "jumped"),
         "event seq 2: unknown event type 'jumped'"),
        (GOOD_HEADER + STARTED + rolled(2, 9), "event seq 2: 9 is not a face of a d6"),
        (GOOD_HEADER + STARTED + rolled(2).replace('at = 2026-11-29T13:00:02Z\n', ''),
         "event seq 2: the event has no time stamp"),
        (GOOD_HEADER.replace('title = "t"\n', "") + STARTED, "no title"),
    ],
)
def test_load_errors_are_one_clear_line(tmp_path: Path, text: str, message: str) -> None:
    path = write(tmp_path / "bad.toml", text)
    before = path.read_bytes()
    with pytest.raises(LogError, match=message) as info:
        Session.load(path, rules=toy.RULES) if "chess" not in text else Session.load(path)
    assert str(path) in str(info.value)
    assert "\n" not in str(info.value)
    assert path.read_bytes() == before  # left untouched


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "bin.toml"
    path.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(LogError, match="not UTF-8"):
        read_log(path)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_cut_anywhere_in_last_event_is_recognised(tmp_path_factory, data) -> None:  # type: ignore[no-untyped-def]
    tmp = tmp_path_factory.mktemp("cut")
    path = tmp / "g.toml"
    s = make_game(path, rolls=4)
    full = path.read_bytes()
    s.close()
    last_block = full.rfind(b"\n[[events]]\n") + 1
    cut = data.draw(st.integers(last_block, len(full) - 1))
    path.write_bytes(full[:cut])
    if cut == last_block:  # nothing of the last event was written: a complete, shorter log
        assert len(read_log(path)[1]) == 4
        return
    if cut == len(full) - 1:  # only the final blank line is missing: the event is whole
        assert len(Session.load(path, rules=toy.RULES).events) == 5
        return
    with pytest.raises(TruncatedLogError) as info:
        Session.load(path, rules=toy.RULES)
    assert info.value.complete == 4
    backup, kept = recover(path)
    assert kept == 4
    assert backup.read_bytes() == full[:cut]
    loaded = Session.load(path, rules=toy.RULES)
    assert [e["seq"] for e in loaded.events] == [1, 2, 3, 4]
    assert loaded.events == s.events[:4]
    loaded.do(toy.roll, loaded.dice)  # and play goes on
    assert Session.load(path, rules=toy.RULES).events[-1]["seq"] == 5


def test_recover_refuses_damage_in_the_middle(tmp_path: Path) -> None:
    text = GOOD_HEADER + STARTED + "[[events]]\nseq = = 2\n\n" + rolled(3)
    path = write(tmp_path / "g.toml", text[:-1])
    with pytest.raises(LogError):
        recover(path)
    assert path.read_text() == text[:-1]


def test_stale_append_is_refused_and_folded(tmp_path: Path) -> None:
    path = tmp_path / "g.toml"
    a = make_game(path, rolls=2)
    b = Session.load(path, rules=toy.RULES)
    b.do(toy.roll, b.dice)
    with pytest.raises(StaleLogError):
        a.do(toy.roll, a.dice)
    assert a.state == b.state  # a folded b's event and recorded nothing
    a.do(toy.roll, a.dice)
    b.refresh()
    assert a.state == b.state
    assert [e["seq"] for e in Session.load(path, rules=toy.RULES).events] == [1, 2, 3, 4, 5]


WRITER = """
import sys
from pathlib import Path
from d6tui.engine.errors import StaleLogError
from d6tui.engine.session import Session
from tests.engine import toy
path, n, name = Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
s = Session.load(path, rules=toy.RULES)
done = 0
while done < n:
    try:
        ev = s.do(toy.roll, s.dice)
    except StaleLogError:
        continue
    done += 1
    print(name, ev["seq"], flush=True)
"""


def test_two_processes_append_at_once(tmp_path: Path) -> None:
    path = tmp_path / "g.toml"
    make_game(path, rolls=0).close()
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])}
    procs = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(path), "60", name],
                         stdout=subprocess.PIPE, text=True, env=env)
        for name in ("x", "y")
    ]
    outs = [p.communicate(timeout=120)[0] for p in procs]
    assert all(p.returncode == 0 for p in procs)
    acked = sorted(int(line.split()[1]) for out in outs for line in out.splitlines())
    events = Session.load(path, rules=toy.RULES).events
    assert [e["seq"] for e in events] == list(range(1, 122))
    assert acked == list(range(2, 122))  # each acknowledged seq written exactly once


KILLED = """
import sys
from pathlib import Path
from d6tui.engine.session import Session
from tests.engine import toy
s = Session.load(Path(sys.argv[1]), rules=toy.RULES)
while True:
    ev = s.do(toy.roll, s.dice)
    print(ev["seq"], flush=True)
"""


def test_killed_mid_append_loses_nothing_acknowledged(tmp_path: Path) -> None:
    path = tmp_path / "g.toml"
    make_game(path, rolls=0).close()
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])}
    p = subprocess.Popen([sys.executable, "-c", KILLED, str(path)], stdout=subprocess.PIPE,
                         text=True, env=env)
    assert p.stdout is not None
    acked = []
    for line in p.stdout:
        acked.append(int(line))
        if len(acked) >= 50:
            p.kill()
            break
    p.wait()
    acked += [int(x) for x in p.stdout.read().split()]
    try:
        events = Session.load(path, rules=toy.RULES).events
    except TruncatedLogError:
        recover(path)
        events = Session.load(path, rules=toy.RULES).events
    seqs = [e["seq"] for e in events]
    assert seqs == list(range(1, len(seqs) + 1))
    assert set(acked) <= set(seqs)


def test_eventlog_refuses_wrong_seq(tmp_path: Path) -> None:
    log = create_log(tmp_path / "g.toml", LogHeader("toy", "t", now()))
    with pytest.raises(ValueError, match="does not follow"):
        log.append({"seq": 3, "type": "started", "at": now()})
    log.append({"seq": 1, "type": "started", "at": now(), "order": ["A"], "skip": None})
    _, events = EventLog.open(tmp_path / "g.toml")
    assert events[0]["order"] == ["A"] and "skip" not in events[0]


def test_loading_while_another_process_appends(tmp_path: Path) -> None:
    """A load racing an append sees a consistent file: its next append is never out of step."""
    path = tmp_path / "g.toml"
    make_game(path, rolls=0).close()
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])}
    writer = subprocess.Popen([sys.executable, "-c", WRITER, str(path), "150", "w"],
                              stdout=subprocess.DEVNULL, env=env)
    mine = 0
    try:
        while writer.poll() is None:
            s = Session.load(path, rules=toy.RULES)
            seqs = [e["seq"] for e in s.events]
            assert seqs == list(range(1, len(seqs) + 1))
            while True:
                try:
                    s.do(toy.roll, s.dice)
                    mine += 1
                    break
                except StaleLogError:
                    continue
            s.close()
    finally:
        writer.wait(timeout=120)
    assert writer.returncode == 0
    events = Session.load(path, rules=toy.RULES).events
    assert [e["seq"] for e in events] == list(range(1, 152 + mine))


def test_trimmed_final_blank_line_loses_nothing(tmp_path: Path) -> None:
    """An editor that trims the last blank line leaves a complete log: it loads whole, and
    the next append restores the blank line before its block."""
    path = tmp_path / "g.toml"
    s = make_game(path, rolls=3)
    s.close()
    path.write_bytes(path.read_bytes()[:-1])
    loaded = Session.load(path, rules=toy.RULES)
    assert loaded.state == s.state
    loaded.do(toy.roll, loaded.dice)
    again = Session.load(path, rules=toy.RULES)
    assert [e["seq"] for e in again.events] == [1, 2, 3, 4, 5]
    assert path.read_text().endswith("\n\n") and "\n\n\n" not in path.read_text()


def test_windows_line_endings_are_named(tmp_path: Path) -> None:
    path = tmp_path / "g.toml"
    make_game(path, rolls=1).close()
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n")[:-2])
    with pytest.raises(LogError, match="Windows line endings"):
        Session.load(path, rules=toy.RULES)


@pytest.mark.parametrize("junk", ["\n\ngarbage line\n", "garbage = [\n", "garbage\n"])
def test_text_after_the_last_event_keeps_that_event(tmp_path: Path, junk: str) -> None:
    """Junk written after a whole event (blank line and all) is not part of it: the load
    names the damage after event N, and recover keeps all N events."""
    path = tmp_path / "g.toml"
    s = make_game(path, rolls=3)
    s.close()
    full = path.read_bytes()
    path.write_bytes(full + junk.encode())
    with pytest.raises(TruncatedLogError, match="after event 4 the file holds text") as info:
        Session.load(path, rules=toy.RULES)
    assert info.value.complete == 4
    backup, kept = recover(path)
    assert kept == 4 and backup.read_bytes() == full + junk.encode()
    assert path.read_bytes() == full
    assert Session.load(path, rules=toy.RULES).events == s.events


def test_a_whole_last_event_that_does_not_fit_is_not_called_cut(tmp_path: Path) -> None:
    """A last event written by hand (no final blank line) that does not fold: the message
    gives the reason and does not claim the file was cut in the middle of it."""
    path = tmp_path / "g.toml"
    make_game(path, rolls=2).close()
    bogus = '[[events]]\nseq = 4\ntype = "bogus"\nat = 2026-11-29T12:00:00Z\n'
    path.write_text(path.read_text() + bogus)
    with pytest.raises(LogError) as info:
        Session.load(path, rules=toy.RULES)
    assert "middle of event" not in str(info.value)
    assert "the last event (4) does not fit: unknown event type 'bogus'" in str(info.value)


@pytest.mark.parametrize("value", [2**63, -(2**63) - 1, [1, 10**30], {"cp": 10**25}])
def test_numbers_past_toml_range_are_refused_before_saving(tmp_path: Path, value: object) -> None:
    """TOML integers are 64-bit: a larger one is refused with its key, and nothing is saved."""
    path = tmp_path / "g.toml"
    s = make_game(path, rolls=1)
    before = path.read_bytes()

    def huge(state: object) -> dict:
        return {"type": "rolled", "faces": [3], "note": value}

    with pytest.raises(RuleError, match="too large to keep in a save"):
        s.do(huge)
    assert path.read_bytes() == before
    assert len(s.events) == 2
