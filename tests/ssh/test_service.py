"""The tables service over socket pairs, as sessions reach it: names bound to the socket,
moves checked against the seat, change notices within 100 ms, and only each seat's view
sent (the first one too)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from d6tui.engine.registry import GAMES_PATH_ENV
from d6tui.server.service import TableService
from d6tui.server.table_client import TableClient, TableRefused
from d6tui.server.tables import Tables

TOY_GAMES = Path(__file__).parents[1] / "fixtures" / "games"


@pytest.fixture(autouse=True)
def toy_games(monkeypatch):
    """Toy Dice findable; the registry's addition to ``d6tui.games.__path__`` is undone
    after (tests/test_import_hygiene.py walks that path in a fresh interpreter)."""
    import d6tui.games

    monkeypatch.setenv(GAMES_PATH_ENV, str(TOY_GAMES))
    monkeypatch.setattr(d6tui.games, "__path__", list(d6tui.games.__path__))


async def _client(service, name):
    changes: list[tuple[str, float]] = []
    client = TableClient(service.connect(name),
                         lambda code: changes.append((code, time.monotonic())))
    await client.start()
    return client, changes


async def _settle(changes, n, timeout=1.0):
    end = time.monotonic() + timeout
    while len(changes) < n and time.monotonic() < end:
        await asyncio.sleep(0.005)


def test_two_players_and_a_spectator_at_one_table(tmp_path):
    async def main():
        service = TableService(Tables(tmp_path / "tables"))
        ann, ann_seen = await _client(service, "ann")
        bob, bob_seen = await _client(service, "bob")
        zed, zed_seen = await _client(service, "zed")
        assert "toy_dice" in [g["slug"] for g in await ann.request("games")]
        code = await ann.request("open", game="toy_dice",
                                 options={"players": ["Ann", "Bob"], "target": 20, "seed": 3},
                                 title="Friday")
        assert await bob.request("join", code=code.lower()) == 1
        await zed.request("watch", code=code)
        with pytest.raises(TableRefused, match="every seat at table .* is taken; you may watch"):
            await zed.request("join", code=code)
        listed = await zed.request("tables")
        assert [(s["name"], s["holder"], s["present"]) for s in listed[0]["seats"]] == [
            ("Ann", "ann", True), ("Bob", "bob", True)]
        assert listed[0]["spectators"] == ["zed"]

        state = await bob.request("state", code=code)
        assert state["seat"] == 1 and state["moves"] == []
        with pytest.raises(TableRefused, match="'roll' is not a move of seat 2 \\(Bob\\) now"):
            await bob.request("play", code=code, move="roll")
        with pytest.raises(TableRefused, match="you are watching"):
            await zed.request("play", code=code, move="roll")

        mine = await ann.request("state", code=code)
        assert [m["id"] for m in mine["moves"]] == ["roll"]
        assert mine["moves"][0]["dice"][0]["count"] == 1
        before = len(bob_seen), len(zed_seen)
        sent = time.monotonic()
        await ann.request("play", code=code, move="roll", typed={"roll": "5"})
        await _settle(bob_seen, before[0] + 1)
        await _settle(zed_seen, before[1] + 1)
        assert bob_seen[-1][0] == code and bob_seen[-1][1] - sent < 0.1
        assert zed_seen[-1][1] - sent < 0.1
        assert (await zed.request("state", code=code))["view"]["pot"] == 5
        for c in (ann, bob, zed):
            c.close()
        await asyncio.sleep(0.05)
        # the sessions went away; seats are kept for them
        table = service.tables.get(code)
        assert table.present == set() and table.seat_of("bob") == 1
        assert (tmp_path / "tables" / "friday.toml").exists()

    asyncio.run(main())


def test_a_reconnecting_player_takes_their_seat_back(tmp_path):
    async def main():
        service = TableService(Tables(None))
        ann, _ = await _client(service, "ann")
        code = await ann.request("open", game="toy_dice",
                                 options={"players": ["Ann", "Bob"], "target": 20})
        bob, _ = await _client(service, "bob")
        assert await bob.request("join", code=code) == 1
        bob.close()
        await asyncio.sleep(0.05)
        again, _ = await _client(service, "bob")
        assert await again.request("join", code=code) == 1
        assert "bob" in service.tables.get(code).present

    asyncio.run(main())


def test_only_the_seats_view_is_sent_first_frame_included(tmp_path, monkeypatch):
    """With a game whose view hides the other seats' banked points, nothing hidden reaches
    a session, not even in its first state."""
    import dataclasses

    from tests.fixtures.games.toy_dice.rules import RULES

    def view(state, seat):
        return dataclasses.replace(
            state, banked=tuple(b if i == seat else -1 for i, b in enumerate(state.banked)))

    hidden = dataclasses.replace(RULES, view=view)
    monkeypatch.setattr("d6tui.engine.registry.load_rules", lambda slug: hidden)

    async def main():
        service = TableService(Tables(None))
        ann, _ = await _client(service, "ann")
        code = await ann.request("open", game="toy_dice",
                                 options={"players": ["Ann", "Bob"], "target": 20})
        zed, _ = await _client(service, "zed")
        await zed.request("watch", code=code)
        assert (await zed.request("state", code=code))["view"]["banked"] == [-1, -1]
        assert (await ann.request("state", code=code))["view"]["banked"] == [0, -1]

    asyncio.run(main())


def test_bad_requests_get_one_line(tmp_path):
    async def main():
        service = TableService(Tables(None))
        ann, _ = await _client(service, "ann")
        with pytest.raises(TableRefused, match="there is no open table NOPE"):
            await ann.request("state", code="nope")
        code = await ann.request("open", game="toy_dice",
                                 options={"players": ["Ann", "Bob"], "target": 20})
        with pytest.raises(TableRefused, match="there is no request 'fly'"):
            await ann.request("fly", code=code)
        with pytest.raises(TableRefused, match="Players is needed"):
            await ann.request("open", game="toy_dice", options={})
        with pytest.raises(TableRefused, match="a bad request"):
            await ann.request("open")

    asyncio.run(main())



def test_a_slow_save_does_not_hold_the_others(tmp_path, monkeypatch):
    """A move's fsync takes 0.5 s: another player's request is answered meanwhile, and the
    mover still gets the notice."""
    import os as _os

    real = _os.fsync

    async def main():
        service = TableService(Tables(tmp_path / "tables"))
        ann, ann_seen = await _client(service, "ann")
        bob, _ = await _client(service, "bob")
        code = await ann.request("open", game="toy_dice",
                                 options={"players": ["Ann", "Bob"], "target": 20})

        def slow(fd):
            time.sleep(0.5)
            real(fd)

        monkeypatch.setattr("os.fsync", slow)
        move = asyncio.create_task(ann.request("play", code=code, move="roll",
                                               typed={"roll": "3"}))
        await asyncio.sleep(0.05)
        start = time.monotonic()
        assert len(await bob.request("tables")) == 1
        assert time.monotonic() - start < 0.25
        assert not move.done()
        await move
        await _settle(ann_seen, 2)
        assert ann_seen[-1][0] == code

    asyncio.run(main())


def test_every_lobby_hears_when_a_table_opens_or_its_people_change(tmp_path):
    import asyncio

    from d6tui.server.service import TableService
    from d6tui.server.table_client import TableClient
    from d6tui.server.tables import Tables

    async def main():
        service = TableService(Tables(tmp_path / "tables"))
        heard: list[str] = []
        ann = TableClient(service.connect("ann"), lambda code: None)
        cy = TableClient(service.connect("cy"), heard.append)  # in the lobby, at no table
        await ann.start()
        await cy.start()
        await cy.request("tables")
        code = await ann.request("open", game="dungeon",
                                 options={"players": ["Ann", "Ben"], "seed": 4})
        for _ in range(50):
            if code in heard:
                break
            await asyncio.sleep(0.02)
        assert code in heard  # the new table
        heard.clear()
        await ann.request("leave", code=code)
        for _ in range(50):
            if code in heard:
                break
            await asyncio.sleep(0.02)
        assert code in heard  # ann gave up her seat
        ann.close()
        cy.close()

    asyncio.run(main())


def test_an_older_session_closing_late_leaves_the_newer_one_at_the_table(tmp_path):
    """Logging in again closes the older session; if the newer one has sat down before the
    older one's end is read, the player stays present (not marked away)."""

    async def main():
        service = TableService(Tables(tmp_path / "tables"))
        ann, _ = await _client(service, "ann")
        old, _ = await _client(service, "bob")
        code = await ann.request("open", game="toy_dice",
                                 options={"players": ["Ann", "Bob"], "target": 20, "seed": 3})
        await old.request("join", code=code)
        new, _ = await _client(service, "bob")
        await new.request("join", code=code)  # the newer session sits down first
        old.close()
        table = service.tables.get(code)
        for _ in range(100):  # until the older session's end has been read
            if [p.name for p in service.lobbies].count("bob") == 1:
                break
            await asyncio.sleep(0.01)
        assert [p.name for p in service.lobbies].count("bob") == 1
        assert "bob" in table.present and not table.away(1)
        new.close()
        for _ in range(100):
            if "bob" not in table.present:
                break
            await asyncio.sleep(0.01)
        assert table.away(1)  # the last session gone: away
        ann.close()

    asyncio.run(main())


def test_a_seated_player_at_another_table_is_listed_there_not_away(tmp_path):
    """The lobby says where a seat's player is when they have a terminal at another table
    ("bob (at table K7QP)"), and "away" only when they are at none."""
    from d6tui.ui.screens.tables import seat_words

    async def bobs_seat(client, code):
        listed = {t["code"]: t for t in await client.request("tables")}
        return seat_words(listed[code]["seats"][1])

    async def main():
        service = TableService(Tables(tmp_path / "tables"))
        ann, _ = await _client(service, "ann")
        bob, _ = await _client(service, "bob")
        first = await ann.request("open", game="toy_dice",
                                  options={"players": ["Ann", "Bob"], "target": 20, "seed": 3})
        assert await bob.request("join", code=first) == 1
        assert await bobs_seat(ann, first) == "bob"
        bob.close()  # his session ends: the seat is kept for him
        for _ in range(100):
            if await bobs_seat(ann, first) == "bob (away)":
                break
            await asyncio.sleep(0.01)
        assert await bobs_seat(ann, first) == "bob (away)"
        bob, _ = await _client(service, "bob")  # logs in again, sits at another table
        second = await bob.request("open", game="toy_dice",
                                   options={"players": ["Bob", "Cy"], "target": 20, "seed": 4})
        assert await bobs_seat(ann, first) == f"bob (at table {second})"
        listed = {t["code"]: t for t in await ann.request("tables")}
        assert listed[first]["seats"][1]["present"] is False  # still away from this table
        assert listed[second]["seats"][0]["elsewhere"] == []  # he is there
        await bob.request("leave", code=second)
        assert await bobs_seat(ann, first) == "bob (away)"
        ann.close()
        bob.close()

    asyncio.run(main())
