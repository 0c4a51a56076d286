"""The other players at a table are told when someone leaves or comes back, and the header
keeps the away seat (issue "Play over SSH": a dropped player's friends saw nothing)."""

from __future__ import annotations

import asyncio
import itertools

from d6tui.engine.registry import load_rules
from d6tui.server.presence import away_note, people_changes
from d6tui.server.seat_frame import frame_of
from d6tui.server.tables import Tables
from d6tui.ui.screens.game import TableChanged
from tests.fixtures.games.toy_dice.rules import RULES
from tests.ssh.screen_wait import show
from tests.ui.helpers import make_app, until


def _table():
    codes = (f"T{n:03d}" for n in itertools.count(1))
    tables = Tables(None, make_code=lambda: next(codes))
    table = tables.open(RULES, {"players": ["Ann", "Ben", "Cy"], "target": 20, "seed": 7},
                        "ann")
    table.join("ben")
    return tables, table


def test_leaving_and_coming_back_are_told_to_the_others_only():
    _, table = _table()
    before = frame_of(table, "ann")
    table.disconnect("ben")
    left = frame_of(table, "ann")
    assert people_changes(before, left) == ["ben left; seat kept"]
    assert away_note(left) == "ben away"
    table.join("ben")
    back = frame_of(table, "ann")
    assert people_changes(left, back) == ["ben is back"]
    assert away_note(back) == ""
    # ben's own terminal is told nothing of ben
    assert people_changes(frame_of(table, "ben"), frame_of(table, "ben")) == []


def test_seats_taken_given_up_watchers_and_the_computer():
    _, table = _table()
    f0 = frame_of(table, "ann")
    table.join("cy")
    f1 = frame_of(table, "ann")
    assert people_changes(f0, f1) == ["cy took seat 3 (Cy)"]
    table.leave("cy")
    table.watch("dee")
    f2 = frame_of(table, "ann")
    assert people_changes(f1, f2) == ["cy gave up seat 3 (Cy)", "dee is watching"]
    assert people_changes(f2, f2) == []
    table.disconnect("dee")
    f3 = frame_of(table, "ann")
    assert people_changes(f2, f3) == ["dee stopped watching"]
    table.watch("eve")
    f4 = frame_of(table, "ann")
    table.join("eve")  # a watcher who sits down is told as sitting down only
    assert people_changes(f4, frame_of(table, "ann")) == ["eve took seat 3 (Cy)"]


def test_a_seat_the_computer_plays_is_marked_so():
    rules = load_rules("dungeon")
    tables = Tables(None)
    table = tables.open(rules, {"players": ["Ann", "Ben"], "seed": 3}, "ann")
    table.join("ben")
    table.disconnect("ben")
    before = frame_of(table, "ann")
    table.hand_to_computer("ann", 1)
    after = frame_of(table, "ann")
    assert people_changes(before, after) == ["the computer plays seat 2 (Ben)"]
    assert away_note(after) == "ben away (computer plays)"



def test_the_shooter_screen_tells_of_a_drop_and_a_coming_back(service, tmp_path):
    """Two D6 Shooter tables, one app (80x24, notifications on), a part each:

    - the screen tells of a drop and marks the seat in its header, then tells of the
      coming back and drops the mark;
    - Issue 12: ann left her table's screen under the lobby (``T``) and joined again over
      it: ben coming back is told once, and both screens show him back.
    """
    from d6tui.ui.shooter.screen import ShooterScreen

    tables = service.service.tables

    def new_table():
        table = service.do(lambda: tables.open(load_rules("shooter"),
                                               {"players": ["ann", "ben"], "seed": 3}, "ann"))
        service.do(lambda: table.join("ben"))
        return table

    first, second = new_table(), new_table()
    service.do(lambda: second.disconnect("ben"))

    async def drop_and_back(pilot, app):
        table = first
        ann = ShooterScreen(service.seat("ann", table.code))
        await show(pilot, ann)
        service.do(lambda: table.disconnect("ben"))
        ann.post_message(TableChanged(table.code))
        for _ in range(40):
            if any(n.message == "ben left; seat kept" for n in app._notifications):
                break
            await pilot.pause(0.05)
        notes = [n.message for n in app._notifications]
        assert "ben left; seat kept" in notes, notes
        assert ann.sub_title.endswith(f"table {table.code}, ann (seat 1); ben away"), \
            ann.sub_title
        service.do(lambda: table.join("ben"))
        ann.post_message(TableChanged(table.code))
        for _ in range(40):
            if any(n.message == "ben is back" for n in app._notifications):
                break
            await pilot.pause(0.05)
        assert "ben is back" in [n.message for n in app._notifications]
        assert "away" not in ann.sub_title

    async def twice_in_the_stack(pilot, app):
        table = second
        under = ShooterScreen(service.seat("ann", table.code))
        await show(pilot, under)
        over = ShooterScreen(service.seat("ann", table.code))
        await show(pilot, over)
        service.do(lambda: table.join("ben"))
        for screen in (under, over):  # as the app tells every screen of the table
            screen.post_message(TableChanged(table.code))
        for _ in range(40):
            if "away" not in under.sub_title and "away" not in over.sub_title:
                break
            await pilot.pause(0.05)
        await pilot.pause(0.1)
        notes = [n.message for n in app._notifications]
        assert notes.count("ben is back") == 1, notes
        assert all(s.session.frame.present == (True, True) for s in (under, over))

    async def main():
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            home = app.screen
            await drop_and_back(pilot, app)
            app.pop_screen()
            assert await until(pilot, lambda: app.screen is home)
            app._notifications.clear()  # the second part counts its own notices
            await twice_in_the_stack(pilot, app)

    asyncio.run(main())


def test_a_watcher_whose_terminal_goes_is_no_longer_listed_as_watching():
    _, table = _table()
    table.watch("dee")
    assert table.spectators == {"dee"}
    table.disconnect("dee")
    assert table.spectators == set()
    table.watch("dee")  # back to watching
    assert table.spectators == {"dee"}


def test_a_watcher_who_leaves_the_tables_screen_is_no_longer_listed(service, tmp_path):
    """Issue 12: ben and cy watched a Tales table and went back to the lobby: the table
    lists nobody watching (the hero's seat stays with its player)."""
    from d6tui.ui.tales.screen import TalesScreen

    tables = service.service.tables
    table = service.do(lambda: tables.open(load_rules("tales"), {"race": "human", "seed": 1},
                                           "ann"))

    async def main():
        app = make_app(tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            for name in ("ben", "cy"):
                service.calls(name).call("watch", code=table.code)
                screen = TalesScreen(service.seat(name, table.code))
                await show(pilot, screen)
                assert screen.table_seat is None
            assert service.do(lambda: set(table.spectators)) == {"ben", "cy"}
            for _ in range(2):
                top = app.screen
                app.pop_screen()
                assert await until(pilot, lambda t=top: app.screen is not t)
            await until(pilot, lambda: not service.do(lambda: set(table.spectators)), 2.0)
            assert service.do(lambda: set(table.spectators)) == set()
            assert service.do(lambda: table.seat_of("ann")) == 0

    asyncio.run(main())
