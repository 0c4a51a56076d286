"""The slowest full Dungeon Waffles for the exact route scorer, as a regression list.

Usage: ``python bench/dungeon_slow_boards.py [--seeds 1 2 3] [--waffles 500] [--top 20]
[--out bench/dungeon_slow_boards.json]``

Makes the same full waffles as ``bench/dungeon_scorer.py`` (each seed, ``--waffles`` of
them), times :func:`best_route` on each in CPU time (``time.process_time``), prints the
figures (median, p99, max, count over 50 ms) and writes the slowest ``--top`` boards with
their budget and best points to ``--out`` (JSON). With ``--list FILE`` it times the boards
of a saved list instead and checks the points are unchanged. The boards already made are
frozen out of the garbage collector before each timing (``gc.freeze``), so a collection
over them is not counted as the scorer's. Figures only: no timing is asserted.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from dungeon_scorer import budget, full_waffle  # noqa: E402

from d6tui.games.dungeon.scorer import Budget, best_route  # noqa: E402


def _time(cells: list, b: Budget) -> tuple[float, int, int]:
    # The boards kept so far are not the scorer's garbage: leave them out of the cyclic
    # collector's scans, which over thousands of kept boards took up to ~100 ms at random.
    gc.freeze()
    t = time.process_time()
    r = best_route(cells, b)
    return (time.process_time() - t) * 1000, r.points, r.nodes


def _report(ms: list[float]) -> str:
    ms = sorted(ms)
    p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
    over = sum(1 for m in ms if m > 50)
    return (f"{len(ms)} waffles: median {statistics.median(ms):.1f} ms, p99 {p99:.1f} ms, "
            f"max {ms[-1]:.1f} ms, over 50 ms: {over}, total {sum(ms) / 1000:.1f} s CPU")


def main() -> None:
    """Time the waffles and print or save the slowest."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    ap.add_argument("--waffles", type=int, default=500)
    ap.add_argument("--top", type=int, default=20)
    ap.add_argument("--out", default=None)
    ap.add_argument("--list", default=None)
    args = ap.parse_args()
    if args.list:
        boards = json.loads(Path(args.list).read_text())
        ms = []
        for entry in boards:
            cells = [tuple(c) if c else None for c in entry["cells"]]
            took, points, nodes = _time(cells, Budget(*entry["budget"]))
            assert points == entry["points"], f"points changed on {entry['seed']}/{entry['index']}"
            ms.append(took)
            print(f"seed {entry['seed']} #{entry['index']}: {took:.1f} ms, {nodes} states "
                  f"(was {entry['ms']:.1f} ms)")
        print(_report(ms))
        return
    rows = []
    for seed in args.seeds:
        rng = random.Random(seed)
        for index in range(args.waffles):
            cells, b = full_waffle(rng), budget(rng)
            took, points, nodes = _time(cells, b)
            rows.append({"seed": seed, "index": index, "ms": took, "points": points,
                         "nodes": nodes, "budget": [b.swords, b.keys, b.vorpals],
                         "cells": [list(c) if c else None for c in cells]})
    print(_report([r["ms"] for r in rows]))
    rows.sort(key=lambda r: -r["ms"])
    for r in rows[:args.top]:
        print(f"seed {r['seed']} #{r['index']}: {r['ms']:.1f} ms, {r['nodes']} states, "
              f"budget {r['budget']}, {r['points']} points")
    if args.out:
        Path(args.out).write_text(json.dumps(rows[:args.top], indent=0) + "\n")


if __name__ == "__main__":
    main()
