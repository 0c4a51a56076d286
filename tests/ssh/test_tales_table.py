"""6x6 Tales' own screen at a shared table, with the tables service in a thread: the hero's
seat plays through the table's writer (its dice, its notes, undo of its latest move, the
journal export), and a spectator's screen follows every move and refuses, in one line, the
keys that would act."""

from __future__ import annotations

import asyncio

import pytest

from d6tui.engine.errors import RuleError
from d6tui.engine.registry import load_rules
from d6tui.server.table import TABLE_SEAT
from d6tui.ui.screens.game import TableChanged
from d6tui.ui.tales.screen import TalesScreen
from d6tui.ui.tales.widgets import IslandMap, JournalBooklet
from tests.ssh.screen_wait import screen_over, show
from tests.ui.helpers import make_app, until


def _tale(service):
    tables = service.service.tables
    table = service.do(lambda: tables.open(
        load_rules("tales"), {"name": "Brin", "race": "dwarf", "seed": 35}, "ann"))
    service.do(lambda: table.watch("cy"))
    return table



def _notices(app) -> list[str]:
    return [str(n.message) for n in app._notifications]


def test_the_heros_seat_plays_and_a_spectator_follows_and_is_refused(service, tmp_path):
    table = _tale(service)

    async def main():
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 34)) as pilot:
            home = app.screen
            app.show_game(service.seat("cy", table.code))
            cy = await screen_over(pilot, home)
            assert isinstance(cy, TalesScreen) and cy.watching
            assert f"Watching table {table.code}: ann plays Brin." in str(cy.step_text(cy.tale))
            log_title = cy.query_one("#log").border_title
            assert log_title == f"Log (l) \u00b7 table {table.code}, watching"
            pairs = dict(cy.query_one("#journal-keys").pairs)
            assert "note" not in pairs.values()
            assert pairs["h"] == f"lobby (table {table.code})"
            ann = TalesScreen(service.seat("ann", table.code))
            await show(pilot, ann)
            assert not ann.watching and ann.table_seat == 0
            assert ann.query_one("#log").border_title.endswith(", Brin (seat 1)")
            before = len(table.session.events)
            await pilot.press("r")  # the castle's square (E01): the app rolls at the table
            assert await until(pilot, lambda: len(table.session.events) == before + 1)
            rolled = table.session.events[-1]
            assert rolled["type"] == "rolled" and rolled[TABLE_SEAT] == 0
            faces = tuple(rolled["roll"]["faces"])
            # the seat's frame carries the whole event (6x6 Tales hides nothing): the tray
            # shows the faces, the news line says them
            assert tuple(d.face for d in ann.query_one("#tray").roll.dice) == faces
            assert ann.session.events[-1]["roll"]["faces"] == list(faces)
            app.pop_screen()
            await pilot.pause(0.1)
            cy.post_message(TableChanged(table.code))
            assert await until(pilot, lambda: len(cy.session.events) == before + 1)
            assert cy.tale.pos == table.session.state.pos >= 0
            assert cy.query_one(IslandMap).view.state is cy.tale
            assert tuple(d.face for d in cy.query_one("#tray").roll.dice) == faces
            assert f"column {faces[0]}, row {faces[1]}" in str(cy.step_text(cy.tale))  # news
            # a spectator's acting keys: one line each, nothing sent, no dialog
            for key in ("r", "x", "u", "N", "i", "b", "1"):
                app._notifications.clear()
                await pilot.press(key)
                await pilot.pause(0.05)
                assert app.screen is cy, key
                said = _notices(app)
                assert said == [f"Watching table {table.code}: only ann acts."], (key, said)
            assert len(table.session.events) == before + 1
            # nor does the command palette offer them (its list is the enabled keys)
            assert cy._find("pass") is not None  # the castle's Leave is offered now
            assert cy.check_action("act", ("pass",)) is False
            assert cy.check_action("undo", ()) is False and cy.check_action("page", (1,))
            # the cursor, the pages and the log are the spectator's own
            at = cy.cursor
            await pilot.press("L")
            assert cy.cursor != at or at % 6 == 5
            await pilot.press("right_square_bracket")
            assert cy.query_one("#booklet", JournalBooklet).page == 1
            with pytest.raises(RuleError, match="you are watching"):
                cy.session.write_note("a spectator's words")

    asyncio.run(main())


def test_the_heros_notes_go_to_the_table_and_are_undone_as_its_move(service, tmp_path):
    table = _tale(service)

    async def main():
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 34)) as pilot:
            ann = TalesScreen(service.seat("ann", table.code))
            await show(pilot, ann)
            await pilot.press("r")
            assert await until(pilot, lambda: len(table.session.events) == 2)
            await pilot.press("N")
            assert await until(pilot, lambda: type(app.screen).__name__ == "NoteModal")
            await pilot.press(*"Smoke over the castle", "ctrl+s")
            assert await until(pilot, lambda: len(table.session.events) == 3)
            note = table.session.events[-1]
            assert note["type"] == "note" and note["text"] == "Smoke over the castle"
            assert note[TABLE_SEAT] == 0
            assert [n.text for n in ann.session.notes()] == ["Smoke over the castle"]
            assert ann.query_one("#booklet", JournalBooklet).view.notes == ann.session.notes()
            # the spectator reads it (its frame), and the export holds it under its day
            cy = service.seat("cy", table.code)
            assert [n.text for n in cy.notes()] == ["Smoke over the castle"]
            assert cy.header.created == table.session.events[0]["at"]  # the export's start
            # the spectator reads the notes, but the list offers no writing
            watcher = TalesScreen(cy)
            await show(pilot, watcher)
            await pilot.press("ctrl+n")
            assert await until(pilot, lambda: type(app.screen).__name__ == "NotesModal")
            listing = app.screen.query_one("#notes-list")
            assert [str(listing.get_option_at_index(i).prompt)
                    for i in range(listing.option_count)] == [
                f"#{note['seq']} Before the first day: Smoke over the castle"]
            app._notifications.clear()
            await pilot.press("enter")
            await pilot.press("N")
            assert _notices(app) == ["Watching: only ann writes notes. Escape closes."] * 2
            assert type(app.screen).__name__ == "NotesModal"
            await pilot.press("escape")
            await pilot.pause(0.1)
            app.pop_screen()
            await pilot.pause(0.1)
            assert app.screen is ann
            await pilot.press("X")
            path = tmp_path / f"the-tale-of-brin-table-{table.code.lower()}.md"
            assert await until(pilot, path.exists)
            text = path.read_text(encoding="utf-8")
            assert "Smoke over the castle" in text and "Brin" in text
            # the note is this seat's latest move: u undoes it, then the roll
            await pilot.press("u")
            assert await until(pilot, lambda: table.session.notes() == ())
            assert ann.session.notes() == ()

    asyncio.run(main())


def test_only_a_game_that_hides_nothing_sends_its_events_whole(service):
    from d6tui.server.seat_frame import EVENT_KEYS, frame_of, hides_nothing

    slugs = ("tales", "dungeon", "shooter", "simple_six", "d6_board")
    assert [hides_nothing(load_rules(s)) for s in slugs] == [True, False, False, False, False]
    table = _tale(service)
    frame = service.do(lambda: frame_of(table, "cy"))
    assert frame.lines[0].event == table.session.events[0]  # the hero and the tale's tables
    assert set(frame.lines[0].event) - set(EVENT_KEYS)
