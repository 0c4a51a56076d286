"""Snapshots of the home screen, a Shooter turn mid-roll and the help screen, at 80x24 and
120x40 (seeded dice, fixed clock, no cursor blink; see conftest.py).

Snapshots of one screen at both sizes come from one app, resized within the run
(:mod:`tests.ui.snap_many`); each test compares its own screenshot through ``snap_compare``.

Update them with ``pytest tests/ui --snapshot-update`` and look at every SVG before committing.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from d6tui.engine.registry import game_info
from d6tui.games.shooter import commands
from tests.ui.helpers import make_app, new_shooter, settle
from tests.ui.snap_many import ShotCache, compare_shot, shots

SIZES = [(80, 24), (120, 40)]

#: With this seed Ann's first roll leaves the hunt going (Midnight Mae, a joker wild, a skull).
MID_ROLL_SEED = 29


async def _settled(pilot: Pilot) -> None:
    await settle(pilot)


#: Screenshots made once per process, several from one app (:mod:`tests.ui.snap_many`).
_SHOTS = ShotCache()


def _resized(size: tuple[int, int]):  # noqa: ANN202
    async def stage(pilot: Pilot) -> None:
        await pilot.resize_terminal(*size)
        await settle(pilot)

    return stage


def _home(saves: Path):  # noqa: ANN202
    """The home screen at 80x24, then resized to 120x40."""
    new_shooter(saves, "Saturday night").close()
    app = make_app(saves)
    svgs = shots(app, SIZES[0], [_settled, _resized(SIZES[1])])
    return app, {("home", size): svg for size, svg in zip(SIZES, svgs, strict=True)}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_home_screen(
    snap_compare, saves: Path, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch  # noqa: ANN001
) -> None:
    """The home screen with one save (both sizes from one app, :func:`_home`)."""
    # Only D6 Shooter, so the picture does not change each time a game joins the registry.
    monkeypatch.setattr("d6tui.ui.screens.home.games", lambda: (game_info("shooter"),))
    app, svg = _SHOTS.get(("home", size), lambda: _home(saves))
    assert compare_shot(snap_compare, app, svg, size)


def _mid_roll(saves: Path):  # noqa: ANN202
    session = new_shooter(saves, "Saturday night", seed=MID_ROLL_SEED)
    session.do(commands.draw, dice=session.dice)
    session.do(commands.roll, dice=session.dice)
    return make_app(saves, session=session)


def _mid_roll_and_help(saves: Path):  # noqa: ANN202
    """One app on the turn mid-roll: at 80x24 the turn, then its help (``?``); Escape
    closes the help, and at 120x40 the turn and its help again."""
    app = _mid_roll(saves)

    async def help_(pilot: Pilot) -> None:
        await pilot.pause()  # as snap_compare does before its keys
        await pilot.press("question_mark")

    async def back_at(pilot: Pilot) -> None:
        await pilot.press("escape")
        await pilot.resize_terminal(*SIZES[1])
        await settle(pilot)

    svgs = shots(app, SIZES[0], [_settled, help_, back_at, help_])
    keys = [("mid", SIZES[0]), ("help", SIZES[0]), ("mid", SIZES[1]), ("help", SIZES[1])]
    return app, dict(zip(keys, svgs, strict=True))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_shooter_mid_roll(snap_compare, saves: Path, size: tuple[int, int]) -> None:  # noqa: ANN001
    """A Shooter turn mid-roll (from one app with :func:`test_shooter_help`'s)."""
    app, svg = _SHOTS.get(("mid", size), lambda: _mid_roll_and_help(saves))
    assert compare_shot(snap_compare, app, svg, size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_shooter_help(snap_compare, saves: Path, size: tuple[int, int]) -> None:  # noqa: ANN001
    """The help of the turn mid-roll, opened by ``?`` (:func:`_mid_roll_and_help`)."""
    app, svg = _SHOTS.get(("help", size), lambda: _mid_roll_and_help(saves))
    assert compare_shot(snap_compare, app, svg, size)


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
