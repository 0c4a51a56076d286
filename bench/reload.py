"""Loading a save again in the same process, with the memos (``engine/toml_memo.py`` for the
parse, ``limits._passed`` for the checks before it) against without them (every block
checked and handed to ``tomllib.loads``, as before), in the same run.

Usage: ``python bench/reload.py [--events 200] [--runs 5]``

Three cases on a D6 Shooter log of ``--events`` events (its first event, with the copied
content, is ~13 KB of TOML):

- **first load**: the memos are emptied before each load, so they only cost (a text seen
  once is only noted);
- **reload**: the same file loaded again (another process appended nothing); a text is kept
  when parsed a second time, so this is the third load on (the warm-up and the first timed
  load make the first two);
- **cut, recover, load**: the file's last event is cut short; ``Session.load`` finds the cut,
  ``recover`` keeps the whole events, and the save is loaded again (the repair flow).

Prints CPU medians (``time.process_time``) and the ratio without / with. No timed asserts.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import tomllib
from collections.abc import Callable
from pathlib import Path

from _common import median, write_long_shooter_log

from d6tui.engine import limits, toml_memo
from d6tui.engine.errors import TruncatedLogError
from d6tui.engine.log import recover
from d6tui.engine.session import Session


def _reload(path: Path) -> None:
    Session.load(path).close()


def _cut_recover_load(path: Path, full: bytes) -> None:
    path.write_bytes(full[:-40])
    try:
        Session.load(path)
    except TruncatedLogError as e:
        backup, _ = recover(path, e.complete)
        if backup is not None:
            backup.unlink()
    else:
        sys.exit("the cut save loaded as whole")
    Session.load(path).close()


def _clear() -> None:
    toml_memo.clear()
    limits._passed.clear()
    limits._passed_once.clear()
    limits._passed_chars = 0


def _use(memo: bool) -> None:
    toml_memo.loads = _MEMO_LOADS if memo else tomllib.loads
    limits._remember_passed = _REMEMBER if memo else (lambda text: None)
    _clear()


_MEMO_LOADS = toml_memo.loads
_REMEMBER = limits._remember_passed


def _cpu(fn: Callable[[], None], runs: int, fresh: bool) -> float:
    times = []
    for _ in range(runs):
        if fresh:
            _clear()  # not timed: emptying the memos frees what they kept
        t0 = time.process_time()
        fn()
        times.append(time.process_time() - t0)
    return median(times)


def main() -> None:
    """Run the benchmark and print the figures."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", type=int, default=200)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    path = write_long_shooter_log(Path(tempfile.mkdtemp()) / "long.toml", args.events)
    full = path.read_bytes()
    cases: dict[str, Callable[[], None]] = {
        "first load": lambda: _reload(path),
        "reload": lambda: _reload(path),
        "cut, recover, load": lambda: _cut_recover_load(path, full),
    }
    print(f"D6 Shooter log: {args.events} events, {len(full) / 1e3:.0f} KB; CPU medians of "
          f"{args.runs}")
    print(f"{'case':20} {'without memos':>14} {'with memos':>11} {'ratio':>7}")
    for name, fn in cases.items():
        _use(memo=False)  # the old code: every text checked and parsed
        fn()  # warm up
        old = _cpu(fn, args.runs, fresh=name == "first load")
        _use(memo=True)
        fn()
        new = _cpu(fn, args.runs, fresh=name == "first load")
        path.write_bytes(full)
        print(f"{name:20} {old * 1000:11.1f} ms {new * 1000:8.1f} ms {old / new:6.2f}x")


if __name__ == "__main__":
    main()
