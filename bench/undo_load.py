"""Loading a Simple Six save with a long undo history, against one of the same length without.

Usage: ``python bench/undo_load.py [--pairs 4000] [--runs 3]``

Both logs start with ``saves/simple-six-example.toml`` (56 events). The plain one goes on with
``2 * pairs + 1`` Tracking checks by Tam; the other with one check and then ``pairs`` undo/redo
pairs of it, so both hold the same number of events. Each is loaded with ``Session.load``
(read, check and fold) ``--runs`` times in this process, one after the other; prints the
medians and the ratio (undo log / plain log; close to 1 when an undo costs no refold).
No timed asserts: this prints figures only.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from d6tui.engine.log import event_block  # noqa: E402
from d6tui.engine.session import Session  # noqa: E402

EXAMPLE = ROOT / "saves" / "simple-six-example.toml"


def _checks(n: int) -> list[dict]:
    """``n`` Tracking checks by Tam after the example's end (folded in memory, not saved)."""
    from d6tui.games.simple_six.campaign import roll_check

    tmp = Path(tempfile.mkdtemp()) / "s.toml"
    shutil.copy(EXAMPLE, tmp)
    s = Session.load(tmp)
    assert s.log is not None
    s.log.close()
    s.log = None  # fold only: the events are written below, in one go
    return [s.do(roll_check, "tam", "Tracking", dice=s.dice) for _ in range(n)]


def write_logs(folder: Path, pairs: int) -> tuple[Path, Path]:
    """The plain log and the undo log, of the same length."""
    base = EXAMPLE.read_text(encoding="utf-8")
    start = len(Session.load(EXAMPLE).events)
    checks = _checks(2 * pairs + 1)
    plain = folder / "plain.toml"
    plain.write_text(base + "".join(event_block(ev) for ev in checks), encoding="utf-8")
    first = checks[0]
    blocks = [event_block(first)]
    seq = first["seq"]
    for _ in range(pairs):
        for t in ("undone", "redone"):
            seq += 1
            blocks.append(event_block({"seq": seq, "type": t, "at": first["at"],
                                       "target": first["seq"]}))
    undo = folder / "undo.toml"
    undo.write_text(base + "".join(blocks), encoding="utf-8")
    assert seq == start + 2 * pairs + 1
    return plain, undo


def _time_load(path: Path) -> tuple[float, int]:
    t0 = time.perf_counter()
    s = Session.load(path)
    elapsed = time.perf_counter() - t0
    n = len(s.events)
    s.close()
    return elapsed, n


def main() -> None:
    """Run the benchmark and print the figures."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--pairs", type=int, default=4000)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    plain, undo = write_logs(Path(tempfile.mkdtemp()), args.pairs)
    times: dict[str, list[float]] = {"plain": [], "undo": []}
    counts = {}
    for _ in range(args.runs):
        for name, path in (("plain", plain), ("undo", undo)):
            elapsed, counts[name] = _time_load(path)
            times[name].append(elapsed)
    assert counts["plain"] == counts["undo"]
    p, u = statistics.median(times["plain"]), statistics.median(times["undo"])
    print(f"Simple Six logs of {counts['plain']} events each "
          f"({args.pairs} undo/redo pairs in the second)")
    print(f"plain log load  {p * 1000:9.1f} ms (median of {args.runs})")
    print(f"undo log load   {u * 1000:9.1f} ms")
    print(f"ratio undo / plain  {u / p:.2f}x")


if __name__ == "__main__":
    main()
