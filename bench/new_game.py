"""Starting games and playing moves in one process: the new code against the old, in the
same run.

Usage: ``python bench/new_game.py [--runs 7] [--moves 300]``

- **new game**: ``Session.new`` in memory for D6 Shooter, the board game, D6 Dungeon and
  6x6 Tales; old: their content files parsed by ``tomllib`` every time, new: through the
  parse memo (``engine/toml_memo.py``).
- **moves**: ``--moves`` D6 Shooter bot moves in memory; old: the memo off and
  ``SessionDice.misplaced``/``typed_over_seen`` walking every event for dice even when no
  undone die is on the table (the old code, copied below), new: as shipped.

Prints CPU medians (``time.process_time``) and the ratio old / new. No timed asserts.
"""

from __future__ import annotations

import argparse
import time
import tomllib
from collections.abc import Callable, Mapping
from typing import Any

from _common import endless_choice, median

from d6tui.engine import session_dice, toml_memo
from d6tui.engine.session import Session
from d6tui.engine.session_dice import SessionDice, named_primitives

GAMES = {
    "shooter": {"players": ["Ann", "Bob"], "seed": 1},
    "d6_board": {"players": ["Ann", "Bob"], "seed": 1},
    "dungeon": {"players": ["Ann", "Bob"], "seed": 1},
    "tales": {"race": "dwarf", "seed": 1},
}


def _old_misplaced(self: SessionDice, event: Mapping[str, Any]) -> set:
    placed = named_primitives(event, ("app",))
    used = [False] * len(placed)
    wrong = set()
    for target, (kind, faces, name), etype in self._taken:
        at = next((i for i, (k, f, _n) in enumerate(placed)
                   if not used[i] and k == kind and f == faces), None)
        if at is None:
            continue
        used[at] = True
        if (etype and etype != event.get("type")) or name != placed[at][2]:
            wrong.add((target, kind, tuple(faces), name))
    return wrong


def _old_typed_over_seen(self: SessionDice, event: Mapping[str, Any]) -> str | None:
    for kind, _faces, name in named_primitives(event, ("table",)):
        for entry in reversed(self.seen):
            if entry[2] != event.get("type"):
                continue
            if any(k == kind and n == name for k, _f, n in entry[1]):
                raise AssertionError("the bench's games undo nothing")
    return None


def _new_games() -> None:
    for slug, options in GAMES.items():
        Session.new(slug, dict(options))


def _moves(n: int) -> Callable[[], None]:
    def play() -> None:
        s = Session.new("shooter", {"players": ["Ann", "Bob"], "seed": 3})
        for _ in range(n):
            action, answers = endless_choice(s.state)
            s.do(action.command, dice=s.dice, **answers)
    return play


def _use(old: bool) -> None:
    toml_memo.loads = tomllib.loads if old else _MEMO  # the memo is left as it is
    SessionDice.misplaced = _old_misplaced if old else _NEW[0]  # type: ignore[method-assign]
    SessionDice.typed_over_seen = (  # type: ignore[method-assign]
        _old_typed_over_seen if old else _NEW[1])


_MEMO = toml_memo.loads
_NEW = (SessionDice.misplaced, SessionDice.typed_over_seen)


def main() -> None:
    """Run the benchmark and print the figures."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--moves", type=int, default=300)
    args = ap.parse_args()
    assert session_dice.SessionDice is SessionDice
    cases = {"new game (4 games)": _new_games, f"{args.moves} Shooter moves": _moves(args.moves)}
    print(f"CPU medians of {args.runs}")
    for name, fn in cases.items():
        times: dict[bool, list[float]] = {True: [], False: []}
        for old in (True, False):
            _use(old)
            fn()  # warm up (imports, the memo)
        for _ in range(args.runs):
            for old in (True, False):
                _use(old)
                if not old:
                    fn()  # the memo holds what a running process has read (twice) before
                t0 = time.process_time()
                fn()
                times[old].append(time.process_time() - t0)
        o, n = median(times[True]), median(times[False])
        print(f"{name:22} old {o * 1000:8.1f} ms   new {n * 1000:8.1f} ms   {o / n:.2f}x")
    _use(False)


if __name__ == "__main__":
    main()
