"""kill -9 at random moments of a bot game: no acknowledged move is ever lost.

The child plays D6 Shooter with the bot on one save and prints each ``seq`` once ``do`` has
returned (the move is acknowledged). The parent kills it at a seeded random moment, then loads
the file (keeping the whole events of a cut-off one, as the app offers), checks that every
acknowledged seq is there, in order, and lets the next child play on from there.

A block is appended in one ``write``, which a kill does not split, so a kill seldom leaves a
cut file; the second count says how many did. Cut files themselves are covered offset by
offset in test_cuts.py.
"""

from __future__ import annotations

import random
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

from d6tui.engine.errors import TruncatedLogError
from d6tui.engine.log import recover
from d6tui.engine.session import Session
from tests.reliability.helpers import ENV, PYTHON, bot_game

CHILD = """
import sys
from pathlib import Path
from d6tui.engine.session import Session
from tests.reliability.helpers import bot_move
s = Session.load(Path(sys.argv[1]))
print("ready", flush=True)
while True:
    ev = bot_move(s)
    print(ev["seq"], flush=True)
"""

KILLS = 10


def _load_keeping_whole(path: Path) -> tuple[Session, bool]:
    """The save, after keeping its whole events if the kill left it cut; and whether it did."""
    try:
        return Session.load(path), False
    except TruncatedLogError as e:
        recover(path, e.complete)
        return Session.load(path), True


def test_kill_9_at_random_points_loses_nothing_acknowledged(
        tmp_path: Path, tally: Callable[[str, bool], None]) -> None:
    path = tmp_path / "g.toml"
    bot_game(path, 2).close()
    rng = random.Random(20261201)
    for _ in range(KILLS):
        child = subprocess.Popen([PYTHON, "-c", CHILD, str(path)], stdout=subprocess.PIPE,
                                 text=True, env=ENV, cwd=ENV["PYTHONPATH"])
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.0, 0.25))  # the kill lands anywhere in a move
        child.kill()
        out, _ = child.communicate(timeout=30)
        acked = [int(line) for line in out.split()]
        s, torn = _load_keeping_whole(path)
        tally("kill -9 (kills / left a cut file)", torn)
        seqs = [e["seq"] for e in s.events]
        s.close()
        ok = (child.returncode == -9 and seqs == list(range(1, len(seqs) + 1))
              and set(acked) <= set(seqs))
        tally("kill -9 during play", ok)
        assert ok, (child.returncode, acked[-3:], seqs[-3:])
    assert len(seqs) > 2 + KILLS  # the children did play
