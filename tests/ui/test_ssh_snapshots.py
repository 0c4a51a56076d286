"""Snapshots for players over SSH (issue "Play over SSH"): the home screen and a Shooter turn
at 200x50 (80x24 and 120x40 are in test_snapshots.py), under NO_COLOR, and on the 16-colour
theme with a dialog open over the board. Seeded dice, fixed clock, no cursor blink.

Look at every SVG before committing an update (``pytest tests/ui/test_ssh_snapshots.py
--snapshot-update``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from d6tui.engine.registry import game_info
from d6tui.games.shooter import commands
from tests.ui.helpers import make_app, new_shooter, settle

MID_ROLL_SEED = 29


async def _settled(pilot: Pilot) -> None:
    await settle(pilot)


def _home(saves: Path, monkeypatch: pytest.MonkeyPatch, **kwargs: object):  # noqa: ANN202
    monkeypatch.setattr("d6tui.ui.screens.home.games", lambda: (game_info("shooter"),))
    new_shooter(saves, "Saturday night").close()
    return make_app(saves, **kwargs)


def _mid_roll(saves: Path, **kwargs: object):  # noqa: ANN202
    session = new_shooter(saves, "Saturday night", seed=MID_ROLL_SEED)
    session.do(commands.draw, dice=session.dice)
    session.do(commands.roll, dice=session.dice)
    return make_app(saves, session=session, **kwargs)


def test_home_200x50(snap_compare, saves: Path, monkeypatch) -> None:  # noqa: ANN001
    assert snap_compare(_home(saves, monkeypatch), terminal_size=(200, 50),
                        run_before=_settled)


def test_shooter_200x50(snap_compare, saves: Path) -> None:  # noqa: ANN001
    assert snap_compare(_mid_roll(saves), terminal_size=(200, 50), run_before=_settled)


def test_home_no_color(snap_compare, saves: Path, monkeypatch) -> None:  # noqa: ANN001
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(_home(saves, monkeypatch), terminal_size=(80, 24),
                        run_before=_settled)


def test_shooter_no_color(snap_compare, saves: Path, monkeypatch) -> None:  # noqa: ANN001
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(_mid_roll(saves), terminal_size=(80, 24), run_before=_settled)


def test_home_16_colours(snap_compare, saves: Path, monkeypatch) -> None:  # noqa: ANN001
    assert snap_compare(_home(saves, monkeypatch, theme="d6-16color"), terminal_size=(80, 24),
                        run_before=_settled)


def test_shooter_dialog_16_colours(snap_compare, saves: Path) -> None:  # noqa: ANN001
    assert snap_compare(_mid_roll(saves, theme="d6-16color"), press=["j"],
                        terminal_size=(80, 24), run_before=_settled)
