"""What a move costs the D6 Dungeon and D6 board game screens, against the screens of an
older commit, in the same run.

Usage: ``python bench/screen_moves.py [--base REV] [--rounds 3] [--moves 60] [--size 80x24]``

``--base`` (default ``6c89ba4``, the commit before the screens' redraws were made cheaper)
is extracted with ``git archive`` into a temporary folder; each round runs
``bench/_screen_moves_probe.py`` once on that code and once on this tree's, each in a
fresh interpreter, for each game: the same seeded game against the computer, the person's
moves chosen by the game's bot, and for each move after which the person is still to move,
the CPU seconds of ``screen.refresh_game()`` and the Pilot pause after it (Textual's layout
and paint included). Prints each side's median CPU per move (milliseconds) over all rounds
and the ratio new / base; nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROBE = Path(__file__).with_name("_screen_moves_probe.py")


def extract(rev: str, into: Path) -> Path:
    """The ``d6tui`` package of commit ``rev`` written under ``into``; returns ``into``."""
    data = subprocess.run(["git", "archive", rev, "d6tui"], cwd=ROOT, capture_output=True,
                          check=True).stdout
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(into, filter="data")
    return into


def probe(code: Path, game: str, size: str, moves: int) -> dict:
    """One probe run on the ``d6tui`` found under ``code``."""
    env = {**os.environ, "PYTHONPATH": str(code), "TERM": "xterm-256color"}
    out = subprocess.run([sys.executable, str(PROBE), game, size, str(moves)], env=env,
                         capture_output=True, text=True, check=True, cwd=ROOT)
    data = json.loads(out.stdout.strip().splitlines()[-1])
    assert Path(data["code"]).parent == code, (data["code"], code)  # the code meant
    return data


def main() -> None:
    """Run the rounds and print the medians and ratios."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", default="6c89ba4")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--moves", type=int, default=60)
    ap.add_argument("--size", default="80x24")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = extract(args.base, Path(tmp))
        for game in ("dungeon", "d6_board"):
            times: dict[str, list[float]] = {"base": [], "new": []}
            for _ in range(args.rounds):
                for side, code in (("base", base), ("new", ROOT)):
                    times[side] += probe(code, game, args.size, args.moves)["times"]
            b, n = (statistics.median(times[k]) * 1000 for k in ("base", "new"))
            print(f"{game:9} {args.size}: base {args.base} {b:6.1f} ms/move, this tree "
                  f"{n:6.1f} ms/move ({len(times['new'])} moves each), ratio {n / b:.2f}")


if __name__ == "__main__":
    main()
