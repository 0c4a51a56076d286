"""What the bench scripts that record example games through the app share."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot


async def until(pilot: Pilot, test: Any, what: str, limit: float = 10.0) -> None:
    """Wait until ``test()`` holds, checking every 10 ms.

    Raises:
        RuntimeError: it still did not hold after ``limit`` seconds (``what`` names it).
    """
    waited = 0.0
    while not test():
        await pilot.pause(0.01)
        waited += 0.01
        if waited > limit:
            raise RuntimeError(f"timed out waiting for {what}")


async def new_game_form(pilot: Pilot, slug: str) -> None:
    """On the home screen, pick the game ``slug`` (its place in the list is looked up: games
    are found, not listed) and open its new-game form."""
    from d6tui.engine.registry import games

    for _ in range([g.slug for g in games()].index(slug)):
        await pilot.press("down")
    await pilot.press("n")
    await until(pilot, lambda: pilot.app.screen.query("#players"), "the new-game form")
