"""Loading the board game's shipped saves with ``frozen.evolve`` (the game's states changed
by copying their dicts) against ``dataclasses.replace`` (the old code), in the same run.

Usage: ``python bench/d6_board_fold.py [--runs 7]``

``Session.load`` of each ``saves/d6-board*.toml`` (read, check, fold; the blocks' parse comes
from the memo after the first load, so the fold is most of it), with each, ``--runs`` times
in turn; checks that both end in equal states and prints CPU medians and the ratio old / new.
No timed asserts.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from pathlib import Path
from typing import Any

from _common import median

from d6tui.engine import frozen
from d6tui.engine.session import Session

ROOT = Path(__file__).resolve().parents[1]


def _use(fn: Any) -> None:
    """Bind ``evolve`` in every board-game module to ``fn``."""
    for name, mod in list(sys.modules.items()):
        if name.startswith("d6tui.games.d6_board") and hasattr(mod, "evolve"):
            mod.evolve = fn


def main() -> None:
    """Run the benchmark and print the figures."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    paths = sorted((ROOT / "saves").glob("d6-board*.toml"))

    def fold_all() -> list[Any]:
        out = []
        for path in paths:
            s = Session.load(path)
            out.append(s.state)
            s.close()
        return out

    _use(dataclasses.replace)
    old_states = fold_all()
    _use(frozen.evolve)
    if fold_all() != old_states:
        sys.exit("the folds ended in different states")
    times: dict[str, list[float]] = {"old": [], "new": []}
    for _ in range(args.runs):
        for name, fn in (("old", dataclasses.replace), ("new", frozen.evolve)):
            _use(fn)
            t0 = time.process_time()
            fold_all()
            times[name].append(time.process_time() - t0)
    _use(frozen.evolve)
    old, new = median(times["old"]), median(times["new"])
    print(f"{len(paths)} board-game saves loaded; CPU medians of {args.runs}; same states")
    print(f"with dataclasses.replace  {old * 1000:8.1f} ms")
    print(f"with frozen.evolve        {new * 1000:8.1f} ms")
    print(f"ratio old / new           {old / new:.2f}x")


if __name__ == "__main__":
    main()
