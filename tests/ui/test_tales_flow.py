"""Pilot tests of 6x6 Tales through the keyboard: starting a tale from the home screen, a
whole day (leave the castle, walk, reveal and turn a road, stop, the terrain event, end the
turn), table dice, the Hobbit's cookie, undo, the cursor, the booklet's pages and help."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Static

from d6tui.engine.registry import games
from d6tui.engine.session import Session
from d6tui.games.tales import commands, island, legal
from d6tui.games.tales.state import evolve
from d6tui.ui.screens.dice_prompt import TableDiceInput
from d6tui.ui.screens.help import HelpScreen
from d6tui.ui.screens.modals import ChoiceModal
from d6tui.ui.tales.offers import ARROWS
from d6tui.ui.tales.screen import TalesScreen
from d6tui.ui.tales.widgets import BookPage, IslandMap, JournalBooklet, TalesView
from tests.ui.helpers import make_app, settle, sync
from tests.ui.tales_helpers import cut_example, load_example, new_tale


def bar(screen: TalesScreen) -> str:
    """The step bar's text."""
    return str(screen.query_one("#step").render())


@sync
async def test_new_tale_from_the_home_screen(saves: Path) -> None:
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range([g.slug for g in games()].index("tales")):
            await pilot.press("down")
        await pilot.press("n")
        for _ in range(3):  # the form's worker waits for it: no settle() while it is open
            await pilot.pause()
        await pilot.press(*"Mira")
        await pilot.press("tab", "tab", "tab", "tab", *"7", "ctrl+s")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TalesScreen)
        h = screen.tale.hero
        assert h is not None and (h.name, h.race) == ("Mira", "dwarf")
        assert screen.session.header.options["seed"] == 7
        # R02: first the castle's square is rolled; then its place is open (E01)
        assert "Setup" in bar(screen) and "R02" in bar(screen)
        await pilot.press("r")
        await settle(pilot)
        assert screen.tale.squares[screen.tale.pos].terrain == "castle"
        assert "Castle" in bar(screen) and " x " in bar(screen)


@sync
async def test_palette_a_whole_day_table_dice_and_undo_by_keys(saves: Path) -> None:
    """One new tale (a dwarf, seed 3) at 80x24, played by keys: the palette lists what can
    be done now (Roll before the castle's square is rolled, Pass / leave after); leaving the
    castle begins week 1, day 1 at its movement step; walking onto a new square asks for
    its roll, which table dice give (one die refused, nothing recorded; then 5 and 2) and
    undo takes back (an event too); then d6tui rolls it, its road is turned, and the hero
    stops and goes on by the offered keys until the next day begins (J05 keeps the first
    day's final square)."""
    from d6tui.ui.screens.game import GameCommands

    session = new_tale(saves, seed=3)
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TalesScreen)
        names = [name for name, _, _ in GameCommands(screen)._commands()]
        assert "6x6 Tales: Roll" in names and "6x6 Tales: Attack" not in names
        await pilot.press("r")  # the castle (R02)
        await settle(pilot)
        names = [name for name, _, _ in GameCommands(screen)._commands()]
        assert "6x6 Tales: Roll" not in names and "6x6 Tales: Pass / leave" in names
        await pilot.press("x")  # leave the castle: week 1, day 1 begins
        await settle(pilot)
        state = screen.tale
        assert (state.week, state.day, state.step) == (1, 1, "movement")
        assert "W1 D1" in bar(screen) and "Movement" in bar(screen)
        assert screen.query_one(IslandMap).view.reach  # type: ignore[union-attr]
        # walk onto a new square: roll for it (table dice, undone), then turn its road
        move = next(a for a in legal.actions(state) if a[0] is commands.move)
        await pilot.press(ARROWS[move[1][0]])
        await settle(pilot)
        assert screen.tale.top is not None and screen.tale.top.kind == "roll:reveal"
        assert " r " in bar(screen)
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, TableDiceInput)
        await pilot.press("7", "enter")  # one die only: refused, nothing recorded
        await pilot.pause()
        assert isinstance(app.screen, TableDiceInput)
        await pilot.press("backspace", "5", "space", "2", "enter")
        await settle(pilot)
        last = screen.session.events[-1]
        assert last["roll"] == {"dice": "2d6", "faces": [5, 2], "source": "table"}
        assert screen.tale.top is not None and screen.tale.top.kind == "choose:rotate"
        n = len(screen.session.events)
        await pilot.press("u")
        await settle(pilot)
        assert screen.tale.top is not None and screen.tale.top.kind == "roll:reveal"
        assert len(screen.session.events) == n + 1  # undo is an event too
        assert " r " in bar(screen)
        await pilot.press("r")
        await settle(pilot)
        assert screen.tale.top is not None and screen.tale.top.kind == "choose:rotate"
        assert "°" in bar(screen)
        target = screen.tale.top.n
        await pilot.press("1")
        await settle(pilot)
        assert screen.tale.squares[target].revealed
        day_before = (screen.tale.week, screen.tale.day)
        # stop, and go on by the offered keys until the next day begins
        await pilot.press("s")
        await settle(pilot)
        assert screen.tale.days[-1].final == island.name(screen.tale.pos)
        for _ in range(40):
            if (screen.tale.week, screen.tale.day) != day_before:
                break
            keys = [o.key for o in screen.offers if o.action is not None]
            before = len(screen.session.events)
            key = "e" if "e" in keys else ("x" if "x" in keys else keys[0])
            await pilot.press(key)
            await settle(pilot)
            assert len(screen.session.events) == before + 1
        assert (screen.tale.week, screen.tale.day) == (1, 2)
        # J05 keeps the first day's final square
        assert screen.tale.days[0].final


@sync
async def test_the_hobbit_is_asked_about_the_cookie(saves: Path) -> None:
    session = new_tale(saves, race="hobbit", seed=3)
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TalesScreen)
        await pilot.press("r")  # the castle's square (R02), with the dice seen first
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, ChoiceModal)
        labels = [label for label, _ in app.screen.options]
        assert labels[0].startswith("keep") and any("cookie" in x for x in labels)
        # each cookie says what the roll becomes: the castle's square, column and row (R02)
        assert all("column" in x and "→" in x for x in labels if "cookie" in x), labels
        await pilot.press("2")  # the first cookie option
        await settle(pilot)
        last = screen.session.events[-1]
        assert "cookie" in last
        hero = screen.tale.hero
        assert hero is not None and "Cookie" not in hero.items


@sync
async def test_cursor_pages_help_and_the_witch(saves: Path) -> None:
    """The example after 133 events, one app at 80x24, in turn: the cursor, the pages and
    the map key, then help; back on the tale, the witch (as if E12 had opened her hut)
    takes the hero to the cursor."""
    from d6tui.games.tales.state import Task

    session = load_example(saves, 133)
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TalesScreen)
        start = screen.cursor
        assert start == screen.tale.pos
        await pilot.press("shift+up")
        await settle(pilot)
        assert screen.cursor == island.neighbour(start, "N")
        assert "Cursor: " + island.name(screen.cursor) in bar(screen)
        # arrows at the movement step move the hero, not the cursor
        assert screen.tale.step == "movement"
        booklet = screen.query_one(JournalBooklet)
        assert str(booklet.render()).startswith("J01 Hero")
        for key, page in (("right_square_bracket", "J02"), ("pagedown", "J03"),
                          ("left_square_bracket", "J02")):
            await pilot.press(key)
            await settle(pilot)
            assert str(booklet.render()).startswith(page)
        assert "Cursor: " + island.name(screen.cursor) in str(booklet.render())
        await pilot.press("m")
        await settle(pilot)
        assert not screen.query_one("#map-col").display
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        assert "R10" in app.screen.text and "House values" in app.screen.text
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen

        # the witch: back on J01 with the map shown and the cursor on the hero, as the tale
        # opened
        await pilot.press("m", "left_square_bracket", "shift+down")
        await settle(pilot)
        assert screen.query_one("#map-col").display and screen.cursor == start
        assert str(booklet.render()).startswith("J01 Hero")
        # as if E12 had opened the witch's hut here (the rules are tested in tests/tales)
        session.state = evolve(session.state, tasks=(Task("shop", "witch"),))
        screen.refresh_game()
        await pilot.press("shift+up", "shift+up")
        await settle(pilot)
        target = island.name(screen.cursor)
        assert f"travel to {target}" in bar(screen)
        await pilot.press("w")
        await settle(pilot)
        last = screen.session.events[-1]
        assert last["type"] == "teleported" and last["square"] == target


@sync
async def test_dungeon_page_and_highlights(saves: Path) -> None:
    session = load_example(saves, 133)
    app = make_app(saves, session=session)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TalesScreen)
        booklet = screen.query_one(JournalBooklet)
        state = screen.tale
        h = state.hero
        assert h is not None
        inside = evolve(state, dungeon="pyramid", room=4,
                        hero=evolve(h, gold=h.gold + 2))
        booklet.view = TalesView(inside, state, 0, {})
        booklet.page = 6
        await pilot.pause()
        assert "In the pyramid, room 4" in str(booklet.render())
        booklet.page = 0
        await pilot.pause()
        text = booklet.render()
        changed = [str(text)[s.start:s.end] for s in text.spans if s.style]
        assert any("Gold" in c for c in changed)


@sync
async def test_arrows_walk_even_when_the_booklet_has_the_focus(saves: Path) -> None:
    """J05 shown and its page focused: at the movement step an arrow walks the hero (R04),
    it does not scroll the page."""
    session = load_example(saves, 9)
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TalesScreen)
        assert screen.tale.step == "movement"
        for _ in range(4):
            await pilot.press("right_square_bracket")
        await settle(pilot)
        assert str(screen.query_one(JournalBooklet).render()).startswith("J05")
        screen.query_one("#book-scroll").focus()
        await settle(pilot)
        way = next(a[1][0] for a in legal.actions(screen.tale) if a[0] is commands.move)
        key = {"N": "up", "E": "right", "S": "down", "W": "left"}[way]
        n = len(screen.session.events)
        await pilot.press(key)
        await settle(pilot)
        assert len(screen.session.events) == n + 1
        assert screen.session.events[-1]["type"] == "moved"


@sync
async def test_j05_opens_with_its_title_in_sight(saves: Path) -> None:
    """Turning to J05 early in the tale at 80x24 shows its title line, not the rows under it;
    later in the tale, and in a finished one, today's line is in sight. First, on the same
    tale: the log, hidden at 80x24, appears at 120x40 with the tale's events in it, not
    "Nothing has happened yet."."""
    from d6tui.ui.widgets.event_log import EventLogView

    session = load_example(saves, 40)
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TalesScreen)
        log = screen.query_one("#log", EventLogView)
        assert not log.display
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert log.display
        text = log.drawn_text()
        assert "Nothing has happened yet" not in text
        assert "the tale begins" in text or "rolled" in text
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert not log.display
        for _ in range(4):
            await pilot.press("right_square_bracket")
        await settle(pilot)
        booklet = screen.query_one(JournalBooklet)
        assert str(booklet.render()).startswith("J05")
        scroll = screen.query_one("#book-scroll")
        assert booklet.today_line > 2  # a day after the first few
        assert scroll.scroll_y == 0
        assert booklet.today_line < scroll.size.height  # today's line is in sight too
        # Later, with long lines wrapped above it: today's line, its results too, in
        # sight, and the title with it whenever they fit under it
        screen.session.close()
        app.pop_screen()
        app.show_game(load_example(saves, 60))
        await _j05_shows_today(pilot)
        await pilot.resize_terminal(80, 27)  # a few more rows: its last one just below
        await _j05_shows_today(pilot, turns=8)
        # A finished tale opens J05 at its last day, the note under it in sight
        app.screen.session.close()
        app.pop_screen()
        done = Session.load(cut_example(saves, 10_000, "done.toml"))
        done.write_note("The boat waits at the shore.")
        app.show_game(done)
        booklet, scroll = await _j05_shows_today(pilot)
        drawn = str(booklet.render())
        assert drawn.rstrip().endswith("The boat waits at the shore.")
        assert scroll.scroll_y > 0 and booklet.today_rows()[1] > scroll.size.height


async def _j05_shows_today(pilot: Pilot, turns: int = 4) -> tuple[JournalBooklet, BookPage]:
    """Turn the booklet to J05 and check that today's line (a finished tale's last day),
    with its results and notes, is in sight, under the title whenever it fits."""
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, TalesScreen)
    for _ in range(turns):
        await pilot.press("right_square_bracket")
    await settle(pilot)
    booklet = screen.query_one("#booklet", JournalBooklet)
    scroll = screen.query_one("#book-scroll", BookPage)
    assert str(booklet.render()).startswith("J05")
    first, end = booklet.today_rows()
    height = scroll.size.height
    assert first > 1
    assert scroll.scroll_y <= first and end <= scroll.scroll_y + height, (first, end)
    assert (scroll.scroll_y == 0) == (end <= height)  # the title kept whenever it can be
    # Scrolled down, the title stays in sight pinned above the rows, today's rows under it.
    pin = scroll.query_one(".page-pin", Static)
    assert pin.display == (scroll.scroll_y > 0)
    if pin.display:
        assert str(pin.render()).startswith("J05 Daily records")
        assert pin.region.y == scroll.region.y and scroll.rows_shown == height - 1
        assert end <= scroll.scroll_y + scroll.rows_shown, (first, end)
    return booklet, scroll
