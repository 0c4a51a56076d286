"""6x6 Tales fold speed, side by side with parsing the same events with tomllib.

Usage::

    python bench/tales_fold.py [--tales 60]

The bot plays whole tales, then folding all their events is timed against ``tomllib.loads``
of the same events as log text (the two halves of opening a finished tale). Prints the
ratio; folding should not cost much more than parsing.
"""

from __future__ import annotations

import argparse
import time
import tomllib

from d6tui.engine.log import event_block
from d6tui.games.tales.bot import headless_tale
from d6tui.games.tales.rules import RULES
from d6tui.games.tales.state import RACES


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark and print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tales", type=int, default=60)
    args = ap.parse_args(argv)
    tales = [headless_tale("Bench", RACES[seed % 4], seed).events for seed in range(args.tales)]
    n = sum(len(t) for t in tales)
    t0 = time.perf_counter()
    for events in tales:
        state = RULES.new_state({})
        for ev in events:
            state = RULES.fold(state, ev)
    fold_s = time.perf_counter() - t0
    text = "".join(event_block(ev) for t in tales for ev in t)
    t0 = time.perf_counter()
    tomllib.loads(text)
    parse_s = time.perf_counter() - t0
    print(f"{n} events from {args.tales} tales ({n / args.tales:.0f} per tale)")
    print(f"fold    {fold_s * 1e6 / n:7.1f} us/event")
    print(f"tomllib {parse_s * 1e6 / n:7.1f} us/event")
    print(f"fold / parse = {fold_s / parse_s:.2f}")


if __name__ == "__main__":
    main()
