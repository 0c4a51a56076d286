"""The lobby says whose a free seat is kept for (issue "Play over SSH": a seat named after a
player's key waited for them but read "free", so others tried to take it)."""

from __future__ import annotations

import itertools

from d6tui.server.service import table_json
from d6tui.server.table import Tables
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


def test_a_kept_seat_handed_to_the_computer_says_whom_it_waits_for():
    seat = {"seat": 1, "name": "Ben", "holder": None, "present": False, "computer": True,
            "kept_for": "ben"}
    assert seat_words(seat) == "computer (for ben)"
