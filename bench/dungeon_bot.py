"""CPU of the D6 Dungeon computer opponent's games: its way-across cost (``bot.distance``) as
it is now (a neighbour table, a face-cost table per budget, remembered answers; a
position's worth remembered too) against the plain search and worth they replaced, in the
same run.

Usage: ``python bench/dungeon_bot.py [--games 4] [--seed 0] [--rounds 2]``

Each round plays the same ``--games`` whole bot games (seeds ``--seed``...) with each version
(the old one first in odd rounds, last in even ones), counting process CPU time with the
garbage collector frozen. The games must come out event for event the same with both (it
stops with an error if not), and both must give the same distance on 20,000 random sides.
Prints the CPU per game of each and the ratio. Figures only: nothing is timed in a test.
"""

from __future__ import annotations

import argparse
import gc
import heapq
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from d6tui.engine.dice import Dice  # noqa: E402
from d6tui.games.dungeon import bot  # noqa: E402
from d6tui.games.dungeon.faces import MAP_FACES, E, W  # noqa: E402
from d6tui.games.dungeon.fold import fold  # noqa: E402
from d6tui.games.dungeon.rules import RULES  # noqa: E402
from d6tui.games.dungeon.scorer import Budget  # noqa: E402
from d6tui.games.dungeon.state import DungeonState  # noqa: E402
from d6tui.games.dungeon.waffle import OPPOSITE, SIZE, STEP, rotate  # noqa: E402

NEW = bot.distance
NEW_VALUE = bot._value


def old_distance(cells: bot.Cells, budget: Budget) -> float:
    """The search as it was before the tables and the memo (commit a0b0d88)."""
    n = SIZE * SIZE
    best = [float("inf")] * n
    heap: list[tuple[float, int]] = []
    for r in range(SIZE):
        i = r * SIZE
        c = cells[i]
        if c is None:
            cost = bot.EMPTY
        elif c[1] & W:
            cost = bot._obstacle(c[0], budget)
        else:
            continue
        if cost < best[i]:
            best[i] = cost
            heapq.heappush(heap, (cost, i))
    done = float("inf")
    while heap:
        d, u = heapq.heappop(heap)
        if d > best[u] or d >= done:
            continue
        cu = cells[u]
        r, col = divmod(u, SIZE)
        if col == SIZE - 1 and (cu is None or cu[1] & E):
            done = min(done, d)
            continue
        for direction, (dr, dc) in STEP.items():
            rr, cc = r + dr, col + dc
            if not (0 <= rr < SIZE and 0 <= cc < SIZE):
                continue
            if cu is not None and not cu[1] & direction:
                continue
            v = rr * SIZE + cc
            cv = cells[v]
            if cv is None:
                step = bot.EMPTY
            elif cv[1] & OPPOSITE[direction]:
                step = bot._obstacle(cv[0], budget)
            else:
                continue
            if d + step < best[v]:
                best[v] = d + step
                heapq.heappush(heap, (d + step, v))
    return done if done != float("inf") else 99.0


def old_value(cells: bot.Cells, budget: Budget) -> float:
    """A position's worth as it was (not remembered, the treasure looked up per cell)."""
    d = bot.distance(cells, budget)
    treasure = sum(1 for c in cells if c is not None and MAP_FACES[c[0]].treasure)
    return d - 0.05 * treasure


def random_side(rng: random.Random) -> tuple:
    """A side with about two holes in three filled, faces turned at random."""
    faces = sorted(MAP_FACES)
    return tuple((f, rotate(MAP_FACES[f].openings, rng.randrange(4)))
                 if rng.random() < 0.66 else None
                 for f in (rng.choice(faces) for _ in range(SIZE * SIZE)))


def play(seeds: range, distance, value) -> tuple[float, list]:  # noqa: ANN001
    """CPU seconds of whole bot games with ``distance`` and ``value``, and their events."""
    bot.distance, bot._value = distance, value
    for fn in (distance, value):  # both versions start from nothing remembered
        if hasattr(fn, "cache_clear"):
            fn.cache_clear()
    games = []
    gc.collect()
    gc.freeze()
    t = time.process_time()
    for seed in seeds:
        dice = Dice(seed)
        events = [RULES.start(RULES.checked_options({}), dice)]
        state = fold(DungeonState(), events[0])
        while not state.over:
            events.append(bot.play_move(state, dice))
            state = fold(state, events[-1])
        games.append(events)
    spent = time.process_time() - t
    gc.unfreeze()
    bot.distance, bot._value = NEW, NEW_VALUE
    return spent, games


def main() -> None:
    """Run the benchmark and print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    for _ in range(20000):
        side = random_side(rng)
        budget = Budget(rng.randrange(0, 6), rng.randrange(0, 3), rng.randrange(0, 2))
        if NEW(side, budget) != old_distance(side, budget):
            sys.exit(f"distance differs on {side} {budget}")
    seeds = range(args.seed, args.seed + args.games)
    cpu: dict[str, list[float]] = {"old": [], "new": []}
    for rnd in range(args.rounds):
        order = [("old", old_distance, old_value), ("new", NEW, NEW_VALUE)]
        if rnd % 2:
            order.reverse()
        played = {}
        for name, distance, value in order:
            spent, played[name] = play(seeds, distance, value)
            cpu[name].append(spent / args.games)
        if played["old"] != played["new"]:
            sys.exit("the games differ between the two versions")
    old, new = statistics.median(cpu["old"]), statistics.median(cpu["new"])
    print(f"{args.games} games x {args.rounds} rounds, same events with both, "
          "20000 random sides agree")
    print(f"CPU per game: old {old * 1000:.0f} ms, new {new * 1000:.0f} ms, "
          f"ratio old/new {old / new:.2f}")


if __name__ == "__main__":
    main()
