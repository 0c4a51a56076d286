"""The lobby says whose a free seat is kept for (issue "Play over SSH": a seat named after a
player's key waited for them but read "free", so others tried to take it)."""

from __future__ import annotations

import itertools

from d6tui.server.service import table_json
from d6tui.server.tables import Tables
from d6tui.ui.screens.tables import seat_words
from tests.fixtures.games.toy_dice.rules import RULES


def _table():
    codes = (f"T{n:03d}" for n in itertools.count(1))
    tables = Tables(None, make_code=lambda: next(codes), players=lambda: {"ann", "ben"})
    return tables.open(RULES, {"players": ["ann", "Ben", "Gandalf"], "target": 20,
                               "seed": 7}, "ann")


def test_a_free_seat_named_after_a_player_is_listed_as_kept_for_them():
    seats = table_json(_table())["seats"]
    assert [s["kept_for"] for s in seats] == [None, "ben", None]
    assert [seat_words(s) for s in seats] == ["ann", "kept for ben, away", "free"]


def test_once_taken_it_is_its_player_and_away_when_they_drop():
    table = _table()
    table.join("ben")
    assert seat_words(table_json(table)["seats"][1]) == "ben"
    table.disconnect("ben")
    assert seat_words(table_json(table)["seats"][1]) == "ben (away)"


def test_a_player_at_other_tables_is_listed_where_they_are():
    seat = {"seat": 1, "name": "Ben", "holder": "ben", "present": False, "computer": False,
            "kept_for": None, "elsewhere": ["K7QP"]}
    assert seat_words(seat) == "ben (at table K7QP)"
    assert seat_words({**seat, "elsewhere": ["K7QP", "ZZ23"]}) == "ben (at tables K7QP, ZZ23)"
    assert seat_words({**seat, "elsewhere": []}) == "ben (away)"
    assert seat_words({**seat, "present": True}) == "ben"


def test_a_kept_seat_handed_to_the_computer_says_whom_it_waits_for():
    seat = {"seat": 1, "name": "Ben", "holder": None, "present": False, "computer": True,
            "kept_for": "ben"}
    assert seat_words(seat) == "computer (for ben)"


def test_the_lobby_keeps_the_highlight_on_its_table_when_the_list_is_read_again(tmp_path):
    import asyncio

    from d6tui.ui.screens.tables import TablesScreen
    from tests.ui.helpers import make_app

    def row(code: str) -> dict:
        return {"code": code, "game": "shooter", "name": "D6 Shooter", "title": code,
                "host": "ann", "status": "", "spectators": [],
                "seats": [{"seat": 0, "name": "ann", "holder": "ann", "present": True,
                           "computer": False, "kept_for": None}]}

    class Client:
        listing = [row("AAAA"), row("BBBB")]

        async def request(self, op: str, **fields: object) -> object:
            return [{"slug": "shooter", "name": "D6 Shooter"}] if op == "games" else \
                list(self.listing)

    async def main() -> None:
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            client = Client()
            screen = TablesScreen(client)  # type: ignore[arg-type]
            app.push_screen(screen)
            for _ in range(40):
                await pilot.pause(0.05)
                if screen._codes:
                    break
            listing = screen.query_one("#tables")
            listing.focus()
            listing.highlighted = 1  # BBBB
            client.listing = [row("CCCC"), row("AAAA"), row("BBBB")]  # a table opened
            screen.action_refresh()
            for _ in range(40):
                await pilot.pause(0.05)
                if len(screen._codes) == 3:
                    break
            await pilot.pause(0.1)
            assert screen._codes[listing.highlighted] == "BBBB"
            assert screen._highlighted_code() == "BBBB"

    asyncio.run(main())
