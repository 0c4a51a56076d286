"""How fast the exact route scorer answers (``d6tui.games.dungeon.scorer``).

Usage: ``python bench/dungeon_scorer.py [--waffles 200] [--seed 1]``

Prints the CPU time of :func:`best_route` on full Dungeon Waffles made of the house dice (each
die shows one of its map faces, at random, turned at random, with random swords, keys and
Vorpal Swords held), and, side by side in the same run, its time against the brute force
(every subset of gates) on small waffles where the brute force can run, with the ratio.
Figures only: nothing is asserted.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time

from d6tui.games.dungeon.content import load_designs
from d6tui.games.dungeon.faces import MAP_FACES
from d6tui.games.dungeon.scorer import Budget, best_route, brute_force
from d6tui.games.dungeon.waffle import rotate


def full_waffle(rng: random.Random) -> list:
    """36 house dice in the 36 holes, one side's faces."""
    designs = load_designs()
    dice = [d for d in designs for _ in range(6)]
    rng.shuffle(dice)
    cells = []
    for d in dice:
        face = rng.choice(d.map_faces)
        cells.append((face, rotate(MAP_FACES[face].openings, rng.randrange(4))))
    return cells


def budget(rng: random.Random) -> Budget:
    """What a player may hold at the end of a game."""
    return Budget(rng.randrange(0, 16), rng.randrange(0, 4), rng.randrange(0, 3))


def small_waffle(rng: random.Random, rows: int, cols: int) -> list:
    """A small waffle, three holes in four filled."""
    faces = sorted(MAP_FACES)
    out = []
    for _ in range(rows * cols):
        if rng.random() < 0.75:
            f = rng.choice(faces)
            out.append((f, rotate(MAP_FACES[f].openings, rng.randrange(4))))
        else:
            out.append(None)
    return out


def main() -> None:
    """Run the benchmark and print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--waffles", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    times = []
    nodes = []
    for _ in range(args.waffles):
        cells, b = full_waffle(rng), budget(rng)
        gc.freeze()  # what is kept so far is not the scorer's garbage to collect
        t = time.process_time()  # CPU time: the machine may be shared
        r = best_route(cells, b)
        times.append(time.process_time() - t)
        nodes.append(r.nodes)
    times.sort()
    ms = [t * 1000 for t in times]
    print(f"full waffles (house dice): {args.waffles}")
    print(f"  best_route: median {statistics.median(ms):.1f} ms, 90% {ms[int(0.9 * len(ms))]:.1f}"
          f" ms, 99% {ms[min(len(ms) - 1, int(0.99 * len(ms)))]:.1f} ms, max {ms[-1]:.1f} ms")
    print(f"  over 50 ms: {sum(1 for m in ms if m > 50)} of {len(ms)}; "
          f"sets of gates looked at: median {statistics.median(nodes):.0f}, max {max(nodes)}")
    exact, brute, cases = 0.0, 0.0, 0
    for _ in range(300):
        rows, cols = rng.choice([(2, 3), (3, 3), (3, 4)])
        cells, b = small_waffle(rng, rows, cols), budget(rng)
        t0 = time.perf_counter()
        try:
            want = brute_force(cells, b, 5, rows, cols)
        except ValueError:
            continue
        t1 = time.perf_counter()
        got = best_route(cells, b, 5, rows, cols).points
        t2 = time.perf_counter()
        assert got == want, "the scorer and the brute force disagree"
        brute += t1 - t0
        exact += t2 - t1
        cases += 1
    print(f"small waffles (2x3 to 3x4): {cases} cases, the same points every time")
    print(f"  brute force {brute / cases * 1000:.2f} ms a case, scorer {exact / cases * 1000:.2f}"
          f" ms a case: the scorer takes {exact / brute:.2f}x the brute force's time")


if __name__ == "__main__":
    main()
