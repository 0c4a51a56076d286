"""``b`` (the best route) always says what it did: the route drawn with its holes, a walk
that does not cross yet, why there is nothing to draw, or that it is hidden; at the end it
hides and shows the final route too ("End of the Game"; checked on the finished example
with its other over keys: tests/dungeon/test_ui_fixes.py, test_the_finished_example_at_80x24)."""

from __future__ import annotations

from pathlib import Path

from d6tui.games.dungeon.crossing import why_no_route
from d6tui.games.dungeon.faces import N, S
from d6tui.ui.dungeon.waffle import DungeonWaffle
from tests.dungeon.helpers import place
from tests.dungeon.test_ui import _screen, new_saved
from tests.ui.helpers import make_app, settle, sync


def _notices(app) -> list[str]:  # noqa: ANN001
    return [n.message for n in app._notifications]


def test_why_there_is_no_route() -> None:
    cells: list = [None] * 36
    assert "opens onto its left or right edge" in why_no_route(cells)
    cells[0] = ("orc", N | S)  # a corridor, but not onto a side edge
    assert "opens onto its left or right edge" in why_no_route(cells)
    cells[6] = ("dragon", 15)  # a Dragon on the left edge: nothing gets past it
    assert "with what you hold" in why_no_route(cells)


@sync
async def test_b_says_what_it_drew_or_why_it_drew_nothing(saves: Path) -> None:
    session = new_saved(saves)
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # Ana takes the keyboard
        await settle(pilot)
        screen = _screen(app)
        await pilot.press("b")
        await settle(pilot)
        assert _notices(app)[-1].startswith("No route to draw: no corridor of your side "
                                            "opens onto its left or right edge yet")
        assert screen.route_shown()  # on, and drawn as soon as there is one
        place(session, "green", "treasure_chamber", "A3")  # a dead end open to the left
        screen.refresh_game()
        await settle(pilot)
        assert 12 in screen.query_one(DungeonWaffle).picture.route  # A3, Ana's own frame
        await pilot.press("b")
        await settle(pilot)
        assert _notices(app)[-1] == "Route hidden (b draws it again)."
        assert not screen.query_one(DungeonWaffle).picture.route
        await pilot.press("b")
        await settle(pilot)
        assert _notices(app)[-1] == ("Your best walk is drawn, not across yet: in at A3 from "
                                     "the left edge (Treasure Chamber at A3), 1 pt.")
