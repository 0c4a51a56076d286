"""A seat's whole frame at a long shared table (``frame_of(table, name, since=0)``: what a
terminal is sent when it sits down or comes back), with the typed-dice test of each event
(``seat_frame._typed``) as it is against the old one (``isinstance`` against ``Mapping`` for
every value of every event), in the same run.

Usage: ``python bench/seat_frame.py [--game shooter] [--steps 300] [--samples 20]``

A table is opened in memory (``Tables(None)``, no SSH) and played by picking moves at random
(seeded) for ``--steps`` moves. Prints the events, the median time of ``_typed`` over every
event and of a whole frame, each way, and their ratios; nothing is asserted.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Mapping
from typing import Any

from d6tui.engine.errors import D6Error
from d6tui.engine.registry import load_rules
from d6tui.server import seat_frame
from d6tui.server.tables import Tables

OPTIONS = {
    "shooter": {"players": ["Ann", "Bob", "Cy"]},
    "dungeon": {"players": ["Ann", "Bob"]},
    "d6_board": {"players": ["Ann", "Bob"]},
    "simple_six": {},
}


def old_typed(event: Any, depth: int = 0) -> bool:
    """``seat_frame._typed`` before it told plain values by their type (the baseline)."""
    if depth > 4:
        return False
    if isinstance(event, Mapping):
        if event.get("source") == "table" and depth > 0:
            return True
        return any(old_typed(v, depth + 1) for v in event.values()
                   if isinstance(v, Mapping | list | tuple))
    if isinstance(event, list | tuple):
        return any(old_typed(v, depth + 1) for v in event)
    return False


def play(game: str, steps: int, seed: int = 1):  # noqa: ANN201 - a Table
    """A table of ``game`` after up to ``steps`` random legal moves (undo left out)."""
    rng = random.Random(seed)
    table = Tables(None).open(load_rules(game), {**OPTIONS[game], "seed": seed}, "p0")
    names = [f"p{i}" for i in range(len(table.seat_names()))]
    for name in names[1:]:
        table.join(name)
    for _ in range(steps):
        movers = [(n, m) for n in names for m in table.moves(n) if m.id not in ("undo", "redo")]
        if not movers:
            break
        name, move = rng.choice(movers)
        answers = {}
        for c in move.choices:
            if not c.options:
                continue
            if c.max == 1:
                answers[c.name] = rng.choice(c.options)[0]
            else:
                k = rng.randint(c.min, min(c.max, len(c.options)))
                answers[c.name] = [v for v, _ in c.options[:k]]
        try:
            table.play(name, move.id, answers)
        except D6Error:
            continue
    return table


def median_time(fn, samples: int) -> float:  # noqa: ANN001 - a no-argument callable
    """The median seconds of ``samples`` calls of ``fn``."""
    times = []
    for _ in range(samples):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> None:
    """Measure and print (see the module's docstring)."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="shooter", choices=sorted(OPTIONS))
    ap.add_argument("--steps", type=int, default=300)
    ap.add_argument("--samples", type=int, default=20)
    args = ap.parse_args()
    table = play(args.game, args.steps)
    events = table.session.events
    new_typed = seat_frame._typed
    assert [new_typed(e) for e in events] == [old_typed(e) for e in events]
    print(f"{args.game}: {len(events)} events")
    typed = {}
    frame = {}
    for label, fn in (("old", old_typed), ("new", new_typed)):
        typed[label] = median_time(lambda fn=fn: [fn(e) for e in events], args.samples)
        seat_frame._typed = fn
        try:
            frame[label] = median_time(lambda: seat_frame.frame_of(table, "p0"), args.samples)
        finally:
            seat_frame._typed = new_typed
    print(f"_typed over every event: old {typed['old'] * 1000:.2f} ms, "
          f"new {typed['new'] * 1000:.2f} ms ({typed['old'] / typed['new']:.2f}x)")
    print(f"whole frame (since 0):   old {frame['old'] * 1000:.2f} ms, "
          f"new {frame['new'] * 1000:.2f} ms ({frame['old'] / frame['new']:.2f}x)")


if __name__ == "__main__":
    main()
