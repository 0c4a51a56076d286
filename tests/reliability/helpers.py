"""Shared helpers of the fault-injection tests."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from d6tui.engine.session import Session

ROOT = Path(__file__).resolve().parents[2]
#: The environment of a child Python: this checkout first on the path.
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
PYTHON = sys.executable


def bot_game(path: Path, moves: int, seed: int = 1) -> Session:
    """A D6 Shooter game saved at ``path``, played ``moves`` moves by the bot."""
    s = Session.new("shooter", {"players": ["Ann", "Bob"], "seed": seed}, path=path)
    for _ in range(moves):
        bot_move(s)
    return s


def bot_move(s: Session) -> dict:
    """One move of the bot, in a game that never ends: a Sheriff never cashes the Rep that
    would make them Marshal (as bench/_common.py plays a long game)."""
    from d6tui.games.shooter.actions import legal_actions
    from d6tui.games.shooter.bot import choose
    from d6tui.games.shooter.state import current_player

    action, answers = choose(s.state)
    if action.name == "cash_rep" and current_player(s.state).rank == 2:
        action, answers = [a for a in legal_actions(s.state) if not a.choices][-1], {}
    return s.do(action.command, dice=s.dice, **answers)
