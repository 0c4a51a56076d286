"""Waiting for a game screen pushed at a table to be up, by what it is, not by a fixed
pause: the tests of the games' screens at a table push one, then read its widgets."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.screen import Screen

from tests.ui.helpers import until


async def screen_up(pilot: Pilot, screen: Screen, limit: float = 5.0) -> Screen:
    """Let the app run until ``screen`` is the top screen and mounted (its widgets composed,
    its ``on_mount`` done), then until the app is idle (what mounting queued is handled).

    Returns:
        ``screen``.

    Raises:
        AssertionError: it was not up within ``limit`` seconds.
    """
    up = await until(pilot, lambda: pilot.app.screen is screen and screen.is_mounted, limit)
    assert up, f"{type(screen).__name__} never came up; the top screen: {pilot.app.screen}"
    await pilot.pause()
    return screen


async def screen_over(pilot: Pilot, old: Screen, limit: float = 5.0) -> Screen:
    """As :func:`screen_up`, for the screen pushed over (or in place of) ``old`` by the app
    itself (``app.show_game``).

    Returns:
        The new top screen.
    """
    up = await until(pilot, lambda: pilot.app.screen is not old and pilot.app.screen.is_mounted,
                     limit)
    assert up, f"no screen came up over {type(old).__name__}"
    return await screen_up(pilot, pilot.app.screen, limit)


async def show(pilot: Pilot, screen: Screen, limit: float = 5.0) -> Screen:
    """Push ``screen`` on the app and wait until it is up (:func:`screen_up`).

    Returns:
        ``screen``.
    """
    pilot.app.push_screen(screen)
    return await screen_up(pilot, screen, limit)
