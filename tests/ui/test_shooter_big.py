"""The Shooter screen uses a big terminal (issue "Play over SSH": at 200x50 the rows under the
dice tray were empty): from 160x45 the log fills them, full width; smaller, it is the
right-hand column."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.helpers import make_app, new_shooter, settle, sync


@pytest.mark.parametrize("size", [(200, 50), (120, 40)])
@sync
async def test_the_log_fills_the_rows_under_the_dice_on_a_big_terminal(
        saves: Path, size: tuple[int, int]) -> None:
    app = make_app(saves, session=new_shooter(saves))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        log, tray, actions = (app.screen.query_one(q).region
                              for q in ("#log", "#tray", "#actions"))
        if size == (200, 50):
            assert log.y >= actions.bottom >= tray.bottom, (log, actions, tray)
            assert log.width >= 190 and log.bottom >= 48, log
        else:
            assert log.x >= tray.right and log.y < tray.y, (log, tray)
        if size == (200, 50):
            await pilot.resize_terminal(120, 40)
        await settle(pilot)
        log, tray = app.screen.query_one("#log").region, app.screen.query_one("#tray").region
        assert log.x >= tray.right  # back to the right-hand column


@sync
async def test_a_big_window_made_small_hides_the_log_again(saves: Path) -> None:
    app = make_app(saves, session=new_shooter(saves))
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot)
        assert app.screen.query_one("#log").display
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert not app.screen.query_one("#log").display  # the board has the 80 columns
        assert app.screen.query_one("#tray").region.width == 80
        await pilot.press("l")
        await settle(pilot)
        assert app.screen.query_one("#log").display  # the player may still show it
