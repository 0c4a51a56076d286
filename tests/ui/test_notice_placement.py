"""Notices never sit over what acts now: on every game's main screen at 80x24 a notice
stacks at the top right, clear of the action or step bar and of the keys at the bottom
(issue "Play over SSH": notices hid the keys that act now)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Footer
from textual.widgets._toast import Toast

from d6tui.engine.session import Session
from tests.d6_board.ui_helpers import settle
from tests.ui.helpers import make_app, new_shooter, sync
from tests.ui.tales_helpers import load_example


def _dungeon(saves: Path) -> Session:
    return Session.new("dungeon", {"players": ["Ana", "Ben"], "seed": 3},
                       path=saves / "d.toml")


def _simple_six(saves: Path) -> Session:
    return Session.new("simple_six", {"seed": 1}, path=saves / "c.toml")


def _tales(saves: Path) -> Session:
    return load_example(saves, 1)


#: Each game's session maker and the bar of what acts now on its screen.
GAMES = {
    "shooter": (lambda saves: new_shooter(saves), "#actions"),
    "tales": (_tales, "#step-box"),
    "simple_six": (_simple_six, "#tray"),
    "dungeon": (_dungeon, "#dg-actions"),
}


@pytest.mark.parametrize("game", sorted(GAMES))
@sync
async def test_a_notice_stays_clear_of_the_bars_at_80x24(saves: Path, game: str) -> None:
    make, bar = GAMES[game]
    app = make_app(saves, session=make(saves))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        app.notify("A notice long enough to wrap onto a second line of the toast box, "
                   "as refusals are.", timeout=30)
        for _ in range(20):
            await pilot.pause()
        toasts = list(app.screen.query(Toast))
        assert toasts, ("the notice is shown", type(app.screen).__name__,
                        list(app.screen.query("ToastRack")))
        regions = [app.screen.query_one(Footer).region]
        if bar is not None:
            regions.append(app.screen.query_one(bar).region)
        for toast in toasts:
            for region in regions:
                assert not toast.region.overlaps(region), (game, toast.region, region)
            assert toast.region.right == 80 or toast.region.right >= 78  # at the right
            assert toast.region.y <= 6  # near the top
