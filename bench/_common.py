"""Shared helpers for the benchmark scripts: the bare Textual baseline, a long Shooter log,
and timing/measuring in child processes (so each figure starts from a fresh interpreter)."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROBE = Path(__file__).with_name("_probe.py")


def write_long_shooter_log(path: Path, events: int, seed: int = 1) -> Path:
    """Write a D6 Shooter save of exactly ``events`` events, played by the bot through a real
    Session (so every event was appended and fsynced as in play). To make one game that long,
    a Sheriff never cashes the Rep that would make them Marshal; everything else is the bot's
    ordinary play."""
    from d6tui.engine.session import Session

    if path.exists():
        path.unlink()
    s = Session.new("shooter", {"players": ["Ann", "Bob", "Cy"], "seed": seed}, path=path)
    while len(s.events) < events:
        action, answers = endless_choice(s.state)
        s.do(action.command, dice=s.dice, **answers)
    s.close()
    return path


def endless_choice(state):  # noqa: ANN001, ANN201 - a ShooterState -> (Action, answers)
    """The bot's choice, except that a Sheriff never cashes the Rep that would end the game."""
    from d6tui.games.shooter.actions import legal_actions
    from d6tui.games.shooter.bot import choose
    from d6tui.games.shooter.state import current_player

    action, answers = choose(state)
    if action.name == "cash_rep" and current_player(state).rank == 2:
        action, answers = [a for a in legal_actions(state) if not a.choices][-1], {}
    return action, answers


def probe(*args: str) -> dict:
    """Run ``bench/_probe.py`` with ``args`` in a fresh interpreter; returns its JSON line
    plus ``wall_s``, the whole process's wall time."""
    import time

    env = {**os.environ, "PYTHONPATH": str(ROOT), "TERM": "xterm-256color"}
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, str(PROBE), *args], capture_output=True, text=True,
                         env=env, check=True, cwd=ROOT)
    wall = time.perf_counter() - t0
    data = json.loads(out.stdout.strip().splitlines()[-1])
    data["wall_s"] = wall
    return data


def median(xs: list[float]) -> float:
    """The median of ``xs``."""
    return statistics.median(xs)
