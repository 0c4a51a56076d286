"""Peak memory of a 10,000-event D6 Shooter session open in the app, against the bare
one-line Textual app.

Usage: ``python bench/memory.py [--events 10000]``

Each app runs headless in a fresh interpreter (bench/_probe.py) until its first frame (for
d6tui: the game screen after the save is loaded) and reports its peak RSS. The first d6tui run
is "cold": the save folder has no summary index yet; later runs are "warm" (the index is
reused). When a save is opened at start the home screen does not read the folder until the
player comes back to it, so the two should match. Prints both and the
ratio of the warm median to the bare app (target: at most 1.5x).
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from _common import median, probe, write_long_shooter_log


def main() -> None:
    """Run the benchmark and print the figures."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", type=int, default=10_000)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    path = write_long_shooter_log(Path(tempfile.mkdtemp()) / "long.toml", args.events)
    bare = [probe("bare")["maxrss_kb"] for _ in range(args.runs)]
    cold = probe("open", str(path))["maxrss_kb"]
    game = [probe("open", str(path))["maxrss_kb"] for _ in range(args.runs)]
    b, g = median(bare), median(game)
    print(f"bare Textual app peak RSS               {b / 1024:7.1f} MiB")
    print(f"d6tui, {args.events} events, cold index       {cold / 1024:7.1f} MiB "
          f"({cold / b:.2f}x)")
    print(f"d6tui, {args.events} events, warm (median)    {g / 1024:7.1f} MiB")
    print(f"ratio warm d6tui / bare                 {g / b:.2f}x  (target <= 1.5x)")


if __name__ == "__main__":
    main()
