"""Writing events as ``[[events]]`` blocks: ``logfile.event_block`` (one walk that cleans
and writes; type checks for the common values first; whole numbers, booleans, plain strings
and time stamps written without tomli_w) against the old code (copied below: ``clean``, then
a second walk with ``isinstance`` against the ABCs and tomli_w for every scalar), in the
same run, on the events of every shipped example save.

Usage: ``python bench/event_block.py [--runs 5]``

Every move writes its event's block (``Session._record``, even a session with no file: the
fold reads the block's text), so this is on the path of every move. Checks that both give the
same text, then prints CPU medians and the ratio old / new. No timed asserts.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import tomli_w
from _common import median

from d6tui.engine.logcheck import INT_MAX, INT_MIN, end_mark
from d6tui.engine.logfile import event_block
from d6tui.engine.session import Session

ROOT = Path(__file__).resolve().parents[1]
_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def _old_clean(value: Any, key: str = "") -> Any:
    if isinstance(value, Mapping):
        return {k: _old_clean(v, str(k)) for k, v in value.items() if v is not None}
    if isinstance(value, list | tuple):
        return [_old_clean(v, key) for v in value]
    if isinstance(value, int) and not isinstance(value, bool) and not (
            INT_MIN <= value <= INT_MAX):
        raise ValueError(key)
    return value


def _old_scalar(value: Any) -> str:
    return tomli_w.dumps({"v": value})[4:-1]


def _old_inline(value: Any) -> str:
    if isinstance(value, Mapping):
        if not value:
            return "{}"
        items = ", ".join(f"{_old_key(k)} = {_old_inline(v)}" for k, v in value.items())
        return "{ " + items + " }"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_old_inline(v) for v in value) + "]"
    return _old_scalar(value)


def _old_key(key: str) -> str:
    return key if _BARE_KEY.match(key) else _old_scalar(key)


def old_event_block(event: Mapping[str, Any]) -> str:
    """``event_block`` as it was before the fast paths."""
    lines = ["[[events]]"]
    lines.extend(f"{_old_key(k)} = {_old_inline(v)}" for k, v in _old_clean(event).items())
    block = "\n".join(lines) + "\n"
    return block + end_mark(block) + "\n"


def _write_all(events: list[dict], write: Callable[[dict], str]) -> list[str]:
    return [write(ev) for ev in events]


def main() -> None:
    """Run the benchmark and print the figures."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    events = []
    for path in sorted((ROOT / "saves").glob("*.toml")):
        s = Session.load(path)
        events.extend(dict(ev) for ev in s.events)
        s.close()
    new_text = _write_all(events, event_block)
    if _write_all(events, old_event_block) != new_text:
        sys.exit("the fast path wrote a different block")
    times: dict[str, list[float]] = {"old": [], "new": []}
    for _ in range(args.runs):
        for name, fn in (("old", old_event_block), ("new", event_block)):
            t0 = time.process_time()
            _write_all(events, fn)
            times[name].append(time.process_time() - t0)
    old, new = median(times["old"]), median(times["new"])
    print(f"{len(events)} events of the shipped saves, {sum(map(len, new_text)) / 1e3:.0f} KB "
          f"of blocks; CPU medians of {args.runs}; same text both ways")
    print(f"old event_block           {old * 1000:8.1f} ms")
    print(f"event_block               {new * 1000:8.1f} ms")
    print(f"ratio old / new           {old / new:.2f}x")


if __name__ == "__main__":
    main()
