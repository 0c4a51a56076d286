"""Appending event 10,000 against appending event 10: saving must not grow with the log.

Usage: ``python bench/append.py [--events 10000] [--samples 40]``

Times ``Session.do`` (validate, fold, append, fsync) for ``--samples`` consecutive actions on a
log of 10 events and on one of 10,000, in the same run. Prints medians and the ratio (target:
at most 1.5x).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from _common import endless_choice, median, write_long_shooter_log

from d6tui.engine.session import Session


def _time_appends(path: Path, samples: int) -> list[float]:
    s = Session.load(path)
    times = []
    for _ in range(samples):
        action, answers = endless_choice(s.state)
        t0 = time.perf_counter()
        s.do(action.command, dice=s.dice, **answers)
        times.append(time.perf_counter() - t0)
    s.close()
    return times


def main() -> None:
    """Run the benchmark and print the figures."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", type=int, default=10_000)
    ap.add_argument("--samples", type=int, default=40)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp())
    small = write_long_shooter_log(tmp / "small.toml", 10)
    big = write_long_shooter_log(tmp / "big.toml", args.events)
    a, b = [], []
    for _ in range(3):  # alternate, so disk conditions hit both alike
        a += _time_appends(small, args.samples // 3 or 1)
        b += _time_appends(big, args.samples // 3 or 1)
    ma, mb = median(a), median(b)
    print(f"append at event ~10      {ma * 1000:7.3f} ms (median of {len(a)})")
    print(f"append at event ~{args.events}  {mb * 1000:7.3f} ms (median of {len(b)})")
    print(f"ratio big / small        {mb / ma:.2f}x  (target <= 1.5x)")


if __name__ == "__main__":
    main()
