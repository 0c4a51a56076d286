"""Every key in a footer at 80x24 is shown whole (issue "Play over SSH": the home screen of a
served d6tui read ``T T▏`` and its lobby ``L Leave ▏``): keys that do not fit are left
out from the end of the row, and quitting, help and the server's tables are always shown."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from d6tui.engine.session import Session
from tests.ui.helpers import make_app, settle, sync


class _Lobby:
    """A server's tables as the lobby's client sees them: one Shooter table."""

    async def request(self, op: str, **fields: object) -> object:
        if op == "games":
            return [{"slug": "shooter", "name": "D6 Shooter"}]
        return [{"code": "ABCD", "game": "shooter", "name": "D6 Shooter", "title": "Night",
                 "host": "ann", "status": "Ann's turn", "spectators": [],
                 "seats": [{"seat": 0, "name": "ann", "holder": "ann", "present": True,
                            "computer": False, "kept_for": None}]}]


def _row(app) -> list[FooterKey]:  # noqa: ANN001
    return list(app.screen.query_one(Footer).query(FooterKey))


def _assert_whole(keys: list[FooterKey], where: str) -> None:
    palette = next(k for k in keys if k.has_class("-command-palette"))
    for key in keys:
        if key is palette:
            continue
        assert key.region.width > 0, (where, key.key_display)
        assert key.region.right <= palette.region.x, (where, key.key_display, key.description,
                                                      key.region, palette.region)
    assert palette.region.right <= 80, (where, palette.region)


def _session(saves: Path, screen: str) -> Session | None:
    from tests.ui.helpers import new_shooter
    from tests.ui.tales_helpers import load_example

    if screen == "dungeon":
        return Session.new("dungeon", {"players": ["Ana", "Ben"], "seed": 3},
                           path=saves / "d.toml")
    if screen == "d6_board":
        return Session.new("d6_board", {"players": ["Ann", "Bob", "Cy"], "seed": 5},
                           path=saves / "b.toml")
    if screen == "simple_six":
        return Session.new("simple_six", {"seed": 1}, path=saves / "c.toml")
    if screen == "shooter":
        return new_shooter(saves)
    if screen == "tales":
        return load_example(saves, 1)
    return None


#: Screens whose own key T shadows the app's Tables key (table dice, time passes).
OWN_T = {"shooter", "simple_six"}


@pytest.mark.parametrize("screen", ["home", "lobby", "dungeon", "d6_board", "shooter",
                                    "simple_six", "tales"])
@sync
async def test_every_footer_key_is_whole_at_80x24_when_served(saves: Path, screen: str) -> None:
    app = make_app(saves, session=_session(saves, screen))
    async with app.run_test(size=(80, 24)) as pilot:
        app.bind("T", "tables", description="Tables")  # as a d6tui started by d6tui serve
        app.refresh_bindings()
        if screen == "lobby":
            from d6tui.ui.screens.tables import TablesScreen

            app.push_screen(TablesScreen(_Lobby(), None))  # type: ignore[arg-type]
        await settle(pilot)
        if screen == "dungeon":
            await pilot.press("enter")  # past the hand-over screen
            await settle(pilot)
        for _ in range(5):
            await pilot.pause()
        keys = _row(app)
        _assert_whole(keys, screen)
        labels = {k.description for k in keys}
        assert {"Quit", "Help"} <= labels, (screen, labels)
        if screen == "lobby":
            assert {"Leave", "Computer", "Join", "Watch"} <= labels, labels
            assert "Tables" not in labels  # the lobby is the tables
        elif screen not in OWN_T:
            assert "Tables" in labels, (screen, labels)
