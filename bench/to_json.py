"""``to_json`` of a seat's view (``d6tui replay --json``, a table's frame over SSH): D6 Shooter's
and the board game's against the generic dataclass walk they used before, in the same run.

Usage::

    python bench/to_json.py [--games 3] [--repeat 3]

Plays seeded bot games, folds every event, takes every seat's view of every state, then times
``to_json`` over all the views, and the old walk over the same views (best of ``--repeat``).
Prints the calls, each side's microseconds a call and the ratio old/new; also checks the two
give the same JSON text.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from dataclasses import fields, is_dataclass
from enum import Enum
from typing import Any

from d6tui.engine.session import Session


def _walk(v: Any, skip: str = "") -> Any:
    """The old generic walk: dataclasses as dicts of their fields, tuples/lists as lists."""
    if is_dataclass(v) and not isinstance(v, type):
        return {f.name: _walk(getattr(v, f.name), skip) for f in fields(v) if f.name != skip}
    if isinstance(v, dict):
        return {str(k): _walk(x, skip) for k, x in v.items()}
    if isinstance(v, list | tuple | frozenset | set):
        return [_walk(x, skip) for x in (sorted(v) if isinstance(v, frozenset | set) else v)]
    if isinstance(v, Enum):
        return v.value
    return v


def _old_shooter(state: Any) -> dict:
    out = _walk(state)
    out.pop("winner", None)
    for p in out["players"]:
        if not p["hidden"]:
            del p["hidden"]
    if state.over:
        out = {"winner": state.winner_name, "winner_seat": state.winner, **out}
    return out


def _old_board(state: Any) -> dict:
    from d6tui.games.d6_board.state import glory

    out = _walk(state, "content")
    out["glory"] = {h.name: glory(state, i) for i, h in enumerate(state.heroes)}
    if state.over:
        out["winner"] = " and ".join(state.heroes[s].name for s in state.winners)
    return out


def _views(rules: Any, sessions: list[Session]) -> list[Any]:
    out = []
    for s in sessions:
        st = rules.new_state({})
        seats = len(s.state.players if hasattr(s.state, "players") else s.state.heroes)
        for ev in s.events:
            st = rules.fold(st, ev)
            out.extend(rules.view(st, seat) for seat in (None, *range(seats)))
    return out


def _best(fn: Any, views: list[Any], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for v in views:
            fn(v)
        best = min(best, time.perf_counter() - t0)
    return best / len(views) * 1e6


def main(argv: list[str] | None = None) -> None:
    """Play the games, time both conversions and print the ratios."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    from d6tui.games.d6_board.bot import play_out
    from d6tui.games.d6_board.rules import RULES as BOARD
    from d6tui.games.shooter.bot import play_game
    from d6tui.games.shooter.rules import RULES as SHOOTER

    names = ["Ann", "Bob", "Cy"]
    shooter = [play_game(names, g) for g in range(args.games)]
    boards = []
    for g in range(args.games):
        s = Session.new("d6_board", {"players": names, "seed": g})
        play_out(s, random.Random(g))
        boards.append(s)
    for label, rules, old, sessions in (("shooter", SHOOTER, _old_shooter, shooter),
                                        ("d6_board", BOARD, _old_board, boards)):
        views = _views(rules, sessions)
        for v in views:
            if json.dumps(old(v)) != json.dumps(rules.to_json(v)):
                raise SystemExit(f"{label}: to_json differs from the old walk")
        new_us = _best(rules.to_json, views, args.repeat)
        old_us = _best(old, views, args.repeat)
        print(f"{label}: {len(views)} views, old walk {old_us:.0f} us a call, to_json "
              f"{new_us:.0f} us a call, ratio old/new {old_us / new_us:.1f}")


if __name__ == "__main__":
    main()
