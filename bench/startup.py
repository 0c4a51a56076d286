"""Start-up to the first frame of the home screen, against a bare one-line Textual app.

Usage: ``python bench/startup.py [--runs 9]``

Each run starts a fresh interpreter (bench/_probe.py), headless at 80x24, and measures from
process start to the first frame; runs of the two apps alternate. Prints medians and the
ratio (target: at most 1.5x).
"""

from __future__ import annotations

import argparse
import tempfile

from _common import median, probe


def main() -> None:
    """Run the benchmark and print the figures."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=9)
    args = ap.parse_args()
    saves = tempfile.mkdtemp(prefix="d6tui-bench-")
    probe("bare"), probe("home", saves)  # warm the OS file cache for both
    bare, home = [], []
    for _ in range(args.runs):
        bare.append(probe("bare")["first_frame_s"])
        home.append(probe("home", saves)["first_frame_s"])
    b, h = median(bare), median(home)
    print(f"bare Textual app   first frame {b * 1000:7.1f} ms (median of {args.runs})")
    print(f"d6tui home screen  first frame {h * 1000:7.1f} ms")
    print(f"ratio home / bare  {h / b:.2f}x  (target <= 1.5x)")


if __name__ == "__main__":
    main()
