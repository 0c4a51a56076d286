"""The computer at a shared table: an away seat handed to the game's computer player, which
reads only ``view(state, seat)`` (d6tui.server.table, the games' ``computer`` hooks)."""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from d6tui.engine.registry import load_rules
from d6tui.server.table import TableError
from d6tui.server.table_index import load_index
from d6tui.server.tables import Tables


@pytest.fixture
def tables():
    codes = (f"T{n:03d}" for n in itertools.count(1))
    return Tables(None, make_code=lambda: next(codes))


def _dungeon(tables):
    return tables.open(load_rules("dungeon"), {"players": ["Ann", "Ben"], "seed": 3}, "ann")


def test_only_an_away_seat_goes_to_the_computer_and_only_by_a_seated_player(tables):
    t = _dungeon(tables)
    t.join("ben")
    with pytest.raises(TableError, match="ben is at the table"):
        t.hand_to_computer("ann", 1)
    with pytest.raises(TableError, match="your own seat"):
        t.hand_to_computer("ann", 0)
    t.watch("cy")
    with pytest.raises(TableError, match="only a seated player"):
        t.hand_to_computer("cy", 1)
    t.disconnect("ben")
    assert t.away(1)
    t.hand_to_computer("ann", 1)
    assert t.computer == {1}
    t.join("ben")  # back at the table: the seat is theirs again
    assert t.computer == set() and t.seat_of("ben") == 1


def test_a_game_without_a_computer_player_refuses_and_the_others_wait(tables):
    t = tables.open(load_rules("shooter"), {"players": ["Ann", "Ben"], "seed": 3}, "ann")
    with pytest.raises(TableError, match="has no computer player; you may wait"):
        t.hand_to_computer("ann", 1)


@pytest.mark.parametrize("slug,options", [
    ("dungeon", {"players": ["Ann", "Ben"], "seed": 5}),
    ("d6_board", {"players": ["Ann", "Ben", "Cy"], "seed": 5}),
])
def test_the_computer_plays_from_its_seats_view_only(tables, slug, options):
    rules = load_rules(slug)
    seen_by_bot = []
    real = rules.computer

    def spy(seen, seat, legal):
        # what the bot gets is exactly its seat's view of the whole game now
        seen_by_bot.append(seen == rules.view(t.session.state, seat) and seen is not
                           t.session.state)
        return real(seen, seat, legal)

    spied = dataclasses.replace(rules, computer=spy)
    t = tables.open(spied, options, "ann")
    for seat in range(1, len(options["players"])):
        t.hand_to_computer("ann", seat)
    moves = 0
    while not spied.is_over(t.session.state) and moves < 3000:
        if t.computer_seat() is None:
            # the host's own turns: the same bot stands in for the human
            seat = 0
            legal = t.moves("ann")
            move_id, answers = real(spied.view(t.session.state, seat), seat, legal)
            t.play("ann", move_id, answers)
        else:
            assert t.computer_move() is not None
        moves += 1
    assert spied.is_over(t.session.state)
    assert seen_by_bot and all(seen_by_bot)
    computer_events = [e for e in t.session.events if e.get("table_seat", 0) != 0]
    assert computer_events and t.computer_move() is None


def test_computer_seats_survive_a_restart(tmp_path):
    tables = Tables(tmp_path, make_code=lambda: "ABCD")
    t = _dungeon(tables)
    t.hand_to_computer("ann", 1)
    assert load_index(tmp_path)[0].computer == frozenset({1})
    t.close()
    again = Tables(tmp_path)
    assert again.reopen() == 1
    assert again.get("ABCD").computer == {1}


def test_the_server_plays_the_computers_turns_after_a_players_move(tmp_path, monkeypatch):
    import asyncio

    from d6tui.server import service as service_mod
    from d6tui.server.service import TableService
    from d6tui.server.table_client import TableClient, TableRefused

    monkeypatch.setattr(service_mod, "COMPUTER_PAUSE", 0.0)

    async def main():
        service = TableService(Tables(tmp_path / "tables"))
        ann = TableClient(service.connect("ann"), lambda code: None)
        await ann.start()
        code = await ann.request("open", game="dungeon",
                                 options={"players": ["Ann", "Ben"], "seed": 4})
        with pytest.raises(TableRefused, match="your own seat"):
            await ann.request("computer", code=code, seat=0)
        await ann.request("computer", code=code, seat=1)
        listed = await ann.request("tables")
        assert [s["computer"] for s in listed[0]["seats"]] == [False, True]
        table = service.tables.get(code)
        for _ in range(400):  # Ann plays by the bot too; Ben's turns are the server's
            if table.rules.is_over(table.session.state):
                break
            state = await ann.request("state", code=code)
            if not state["moves"] or table.computer_seat() is not None:
                await asyncio.sleep(0.01)
                continue
            seat = 0
            move_id, answers = table.rules.computer(
                table.rules.view(table.session.state, seat), seat, table.moves("ann"))
            await ann.request("play", code=code, move=move_id, answers=answers)
        bens = [e for e in table.session.events if e.get("table_seat") == 1]
        assert bens, "the computer made Ben's moves"
        ann.close()

    asyncio.run(main())
