"""D6 Shooter fold speed, side by side with parsing the same events with tomllib.

Usage::

    python bench/shooter_fold.py [--games 60]

Plays bot games, then times folding all their events against ``tomllib.loads`` of the same
events as log text. Folding should cost well under parsing (ratio < 1).
"""

from __future__ import annotations

import argparse
import time
import tomllib

from d6tui.engine.log import event_block
from d6tui.games.shooter.bot import play_game
from d6tui.games.shooter.rules import RULES


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark and print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=60)
    args = ap.parse_args(argv)
    games = [play_game(["Ann", "Bob", "Cy"], seed).events for seed in range(args.games)]
    n = sum(len(g) for g in games)
    t0 = time.perf_counter()
    for g in games:
        state = RULES.new_state({})
        for ev in g:
            state = RULES.fold(state, ev)
    fold_s = time.perf_counter() - t0
    text = "".join(event_block(ev) for g in games for ev in g)
    t0 = time.perf_counter()
    tomllib.loads(text)
    parse_s = time.perf_counter() - t0
    print(f"{n} events from {args.games} games")
    print(f"fold    {fold_s * 1e6 / n:7.1f} us/event")
    print(f"tomllib {parse_s * 1e6 / n:7.1f} us/event")
    print(f"fold / parse = {fold_s / parse_s:.2f}")


if __name__ == "__main__":
    main()
