"""Loading and folding a 10,000-event D6 Shooter log, against tomllib parsing the same file.

Usage: ``python bench/log_load.py [--events 10000] [--runs 5]``

``Session.load`` reads, checks and folds every event; the baseline is ``tomllib.loads`` of the
same text alone. Prints medians and the ratio (target: at most 2x).
"""

from __future__ import annotations

import argparse
import tempfile
import time
import tomllib
from pathlib import Path

from _common import median, write_long_shooter_log

from d6tui.engine.session import Session


def main() -> None:
    """Run the benchmark and print the figures."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", type=int, default=10_000)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    path = write_long_shooter_log(Path(tempfile.mkdtemp()) / "long.toml", args.events)
    size = path.stat().st_size
    parse, load = [], []
    for _ in range(args.runs):
        t0 = time.perf_counter()
        tomllib.loads(path.read_text(encoding="utf-8"))
        parse.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        s = Session.load(path)
        load.append(time.perf_counter() - t0)
        assert len(s.events) == args.events
    p, lo = median(parse), median(load)
    print(f"log: {args.events} events, {size / 1e6:.2f} MB")
    print(f"tomllib.loads alone      {p * 1000:8.1f} ms (median of {args.runs})")
    print(f"Session.load (read+fold) {lo * 1000:8.1f} ms")
    print(f"ratio load / parse       {lo / p:.2f}x  (target <= 2x)")


if __name__ == "__main__":
    main()
