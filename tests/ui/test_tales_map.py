"""The island map (J02) keeps every square exactly 7 cells wide on each of its 3 lines, so
roads line up from row to row whatever a square shows: unrevealed, a reach marker, the hero,
a village number, an event number."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from rich.cells import cell_len

from d6tui.games.tales import island
from d6tui.games.tales.state import Square
from d6tui.ui.tales.screen import TalesScreen
from d6tui.ui.tales.widgets import CELL_W, IslandMap, TalesView, reach_of, square_words
from tests.ui.helpers import make_app, settle, sync
from tests.ui.tales_helpers import load_example

ROW_WIDTH = 2 + island.SIZE * CELL_W


def check_columns(text: str) -> None:
    """Every line of the drawn map is 2 label cells and 6 squares of CELL_W cells, and each
    square's middle line has its road's centre in the same column as the lines around it."""
    lines = text.split("\n")
    assert len(lines) == 1 + island.SIZE * 3
    for line in lines:
        assert cell_len(line) == ROW_WIDTH, repr(line)


@sync
async def test_every_map_cell_is_seven_wide(saves: Path) -> None:
    session = load_example(saves, 60)
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TalesScreen)
        imap = screen.query_one(IslandMap)
        state = screen.tale
        views = [TalesView(state, state, 0, reach_of(state))]
        # every square reachable, in 1 to 12 steps, hidden or not; two-digit village numbers
        reach = {i: 1 + i % 12 for i in range(36)}
        views.append(TalesView(state, state, 5, reach))
        squares = list(state.squares)
        for i in range(0, 36, 3):
            squares[i] = Square()
        for i in range(1, 36, 3):
            squares[i] = Square(road="crossroads", exits="NESW", terrain="village",
                                village=10 + i, event="E15")
        for i in range(2, 36, 3):
            squares[i] = Square(road="bend", exits="NW", terrain="plains", site="pyramid",
                                event="E16")
        odd = replace(state, squares=tuple(squares))
        for pos in (0, 1, 2, 17):
            moved = replace(odd, pos=pos)
            views.append(TalesView(moved, state, pos, reach))
            views.append(TalesView(moved, moved, 35, {}))
        for view in views:
            imap.view = view
            await pilot.pause()
            check_columns(imap.render().plain)


@sync
async def test_row_6_stays_in_sight_at_80x24_when_the_step_bar_wraps(saves: Path) -> None:
    """The finished example's step bar would wrap to 5 lines at 80 columns: it is capped at
    4 (and scrolls), its long news line is cut to one, so the map's last line is still above
    it and its keys are still in it."""
    app = make_app(saves, session=load_example(saves, 10_000))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TalesScreen)
        imap = screen.query_one(IslandMap)
        step = screen.query_one("#step-box")
        text = str(screen.query_one("#step").render())
        assert "…" in text and "Escape goes home" in text
        assert step.virtual_size.height <= step.size.height == 4
        assert imap.region.height == 1 + island.SIZE * 3
        assert imap.region.bottom <= step.region.y
        assert step.region.bottom <= 23  # the footer keeps the last line


@sync
async def test_resizing_gives_the_fuller_layout(saves: Path) -> None:
    app = make_app(saves, session=load_example(saves, 133))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TalesScreen)
        assert not screen.query_one("#log").display
        assert not screen.query_one("#tray").display
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert screen.query_one("#log").display and screen.query_one("#tray").display
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert not screen.query_one("#log").display
        imap = screen.query_one(IslandMap)
        assert imap.region.bottom <= screen.query_one("#step-box").region.y


def test_the_castle_is_named_once_on_its_square(saves: Path) -> None:
    state = load_example(saves, 60).state
    castle = next(i for i, q in enumerate(state.squares) if q.terrain == "castle")
    words = square_words(state, castle)
    assert words.count("castle") == 1 and "E01" in words


@sync
async def test_the_journal_draws_the_island_as_the_screen_does(saves: Path) -> None:
    """One layout (d6tui.games.tales.mapcells): the export's J02 is the screen's map, text
    for text, when no reach marks are shown."""
    from d6tui.games.tales.keepsake import island_drawing

    session = load_example(saves, 60)
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TalesScreen)
        imap = screen.query_one(IslandMap)
        state = screen.tale
        imap.view = TalesView(state, state, 0, {})
        await pilot.pause()
        drawn = [line.rstrip() for line in imap.render().plain.split("\n")]
    grid = island_drawing(state).split("\n\n")[0].split("\n")
    assert grid == drawn
