"""The lobby lists players' text (table titles, seat and spectator names) as text, never
as markup: a title such as '[link=a:b]x' must not crash the lobby of everyone who opens it."""

from __future__ import annotations

import asyncio

from d6tui.ui.screens.tables import TablesScreen
from tests.ui.helpers import make_app, until

HOSTILE_TITLE = "[bold red]HACK[/] [link=http://x]y[/link]"
HOSTILE_NAME = "[link=a:b]x"


class FakeClient:
    """Answers the lobby's two requests with one table full of hostile text."""

    async def request(self, op: str, **fields):
        if op == "tables":
            return [{"code": "AB12", "name": "D6 Shooter", "title": HOSTILE_TITLE,
                     "status": "[/] waiting", "spectators": ["[red]eve"],
                     "seats": [{"seat": 0, "name": HOSTILE_NAME, "holder": "[b]ann",
                                "present": True},
                               {"seat": 1, "name": "bob[/]", "holder": None,
                                "present": False}]}]
        if op == "games":
            return [{"slug": "shooter", "name": "D6 [Shooter"}]
        raise AssertionError(op)


def test_hostile_titles_and_names_show_as_typed(tmp_path):
    async def main():
        app = make_app(tmp_path)
        async with app.run_test(size=(120, 30)) as pilot:
            screen = TablesScreen(FakeClient())  # type: ignore[arg-type]
            app.push_screen(screen)
            for _ in range(40):
                await pilot.pause(0.05)
                if screen._codes:
                    break
            await pilot.pause(0.1)
            listing = screen.query_one("#tables")
            row = str(listing.get_option_at_index(0).prompt)
            assert HOSTILE_TITLE in row and HOSTILE_NAME in row and "[red]eve" in row
            assert "[b]ann" in row
            picker = screen.query_one("#games")
            assert str(picker.get_option_at_index(0).prompt) == "D6 [Shooter"
            assert app.screen is screen

    asyncio.run(main())


def test_every_notice_is_plain_text(tmp_path):
    async def main():
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            app.screen.notify(f"{HOSTILE_NAME} joined")
            await until(pilot, lambda: len(app._notifications), 2.0)
            assert any(n.message == f"{HOSTILE_NAME} joined" and not n.markup
                       for n in app._notifications)

    asyncio.run(main())


class TwoGames(FakeClient):
    """Two games to pick from; records every request."""

    def __init__(self) -> None:
        self.ops: list[str] = []

    async def request(self, op: str, **fields):
        self.ops.append(op)
        if op == "games":
            return [{"slug": "shooter", "name": "D6 Shooter"},
                    {"slug": "dungeon", "name": "D6 Dungeon"}]
        return await super().request(op, **fields)


def test_the_keys_act_on_the_list_with_focus(tmp_path):
    from textual.widgets import OptionList

    async def main():
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            client = TwoGames()
            screen = TablesScreen(client)  # type: ignore[arg-type]
            app.push_screen(screen)
            for _ in range(40):
                await pilot.pause(0.05)
                if screen._codes:
                    break
            screen.query_one("#tables").focus()
            await pilot.pause(0.05)
            await pilot.press("tab")
            await pilot.pause(0.05)
            games = screen.query_one("#games", OptionList)
            assert games.has_focus and games.highlighted == 0
            await pilot.press("down")
            await pilot.pause(0.05)
            assert games.highlighted == 1  # the first Down after Tab moves
            await pilot.press("w")  # the games list has focus: no table is watched
            await pilot.pause(0.2)
            assert "watch" not in client.ops
            assert screen.query_one("#tables", OptionList).has_focus

    asyncio.run(main())
