"""Snapshots of the home screen, a Shooter turn mid-roll and the help screen, at 80x24 and
120x40 (seeded dice, fixed clock, no cursor blink; see conftest.py).

Update them with ``pytest tests/ui --snapshot-update`` and look at every SVG before committing.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from d6tui.engine.registry import game_info
from d6tui.games.shooter import commands
from tests.ui.helpers import make_app, new_shooter, settle

SIZES = [(80, 24), (120, 40)]

#: With this seed Ann's first roll leaves the hunt going (Midnight Mae, a joker wild, a skull).
MID_ROLL_SEED = 29


async def _settled(pilot: Pilot) -> None:
    await settle(pilot)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_home_screen(
    snap_compare, saves: Path, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch  # noqa: ANN001
) -> None:
    # Only D6 Shooter, so the picture does not change each time a game joins the registry.
    monkeypatch.setattr("d6tui.ui.screens.home.games", lambda: (game_info("shooter"),))
    new_shooter(saves, "Saturday night").close()
    assert snap_compare(make_app(saves), terminal_size=size, run_before=_settled)


def _mid_roll(saves: Path):  # noqa: ANN202
    session = new_shooter(saves, "Saturday night", seed=MID_ROLL_SEED)
    session.do(commands.draw, dice=session.dice)
    session.do(commands.roll, dice=session.dice)
    return make_app(saves, session=session)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_shooter_mid_roll(snap_compare, saves: Path, size: tuple[int, int]) -> None:  # noqa: ANN001
    assert snap_compare(_mid_roll(saves), terminal_size=size, run_before=_settled)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_shooter_help(snap_compare, saves: Path, size: tuple[int, int]) -> None:  # noqa: ANN001
    assert snap_compare(_mid_roll(saves), press=["question_mark"], terminal_size=size,
                        run_before=_settled)


def test_shooter_mid_roll_16_colours(snap_compare, saves: Path) -> None:  # noqa: ANN001
    session = new_shooter(saves, "Saturday night", seed=MID_ROLL_SEED)
    session.do(commands.draw, dice=session.dice)
    session.do(commands.roll, dice=session.dice)
    app = make_app(saves, session=session, theme="d6-16color")
    assert snap_compare(app, terminal_size=(80, 24), run_before=_settled)


def test_new_game_form_yes_no_switch(
    snap_compare, saves: Path, monkeypatch: pytest.MonkeyPatch  # noqa: ANN001
) -> None:
    """D6 Dungeon's form at 80x24: the computer option is a switch with "Yes" beside it
    (switched on from the keyboard), not a text box holding "False"."""
    from d6tui.ui.screens.new_game import NewGameForm

    monkeypatch.setattr("d6tui.ui.screens.home.games", lambda: (game_info("shooter"),))

    async def form(pilot: Pilot) -> None:
        await settle(pilot)
        pilot.app.push_screen(NewGameForm(game_info("dungeon")))
        await settle(pilot)
        await pilot.press("tab", "space")
        await settle(pilot)

    assert snap_compare(make_app(saves), terminal_size=(80, 24), run_before=form)
