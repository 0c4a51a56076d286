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


def _odd_state(state):  # noqa: ANN001, ANN202
    """Every kind of square side by side: villages with two-digit numbers, named places,
    E00, pictures on hidden squares."""
    squares = list(state.squares)
    for i in range(36):
        if i % 4 == 0:
            squares[i] = Square(road="crossroads", exits="NESW", terrain="village",
                                village=10 + i % 3, event="E15", name="Very Long Village Name")
        elif i % 4 == 1:
            squares[i] = Square(road="bend", exits="NW", terrain="plains", event="E00",
                                name="Mire")
        elif i % 4 == 2:
            squares[i] = Square(site="lake", event="E20", name="Hidden Lake of the West")
        else:
            squares[i] = Square(road="straight", exits="EW", terrain="forest", site="pyramid",
                                event="E16")
    return replace(state, squares=tuple(squares))


@sync
async def test_the_big_map_at_200x50_keeps_its_squares_and_labels_apart(saves: Path) -> None:
    from d6tui.ui.tales.island_map import BIG_H, BIG_W

    app = make_app(saves, session=load_example(saves, 60))
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TalesScreen)
        imap = screen.query_one(IslandMap)
        assert imap.big and imap.region.width == 2 + 6 * BIG_W
        assert imap.region.height == 1 + 6 * BIG_H
        odd = _odd_state(screen.tale)
        reach = {i: 1 + i % 12 for i in range(36)}
        for pos in (0, 1, 2, 3):
            view = TalesView(replace(odd, pos=pos), odd, 5, reach)
            for i in range(36):
                lines = [t.plain for t in imap.square_lines(view, i)]
                assert [cell_len(x) for x in lines] == [BIG_W] * BIG_H, lines
                # each line but the road's leaves a gap at one edge: the square beside
                # never runs into it
                words = [x for k, x in enumerate(lines) if k != BIG_H // 2]
                assert all(x[0] == " " or x[-1] == " " for x in words), lines
                sq = odd.squares[i]
                text = "\n".join(lines)
                if sq.village:
                    assert f"v{sq.village}" in text  # never hidden by a reach marker
                    if i != pos:
                        assert f"→{reach[i]}" in text
                if sq.event:
                    assert sq.event in text  # E00 and the rest are written on the square
                if sq.site and sq.site != "castle":
                    assert sq.site[:5] in text  # a picture drawn, even on a hidden square
                if sq.name:
                    assert sq.name[:5] in text
                if i == pos and sq.revealed:
                    mid = lines[BIG_H // 2]
                    assert "@" in mid and ("─" in mid or "│" in lines[0] + lines[-1])


@sync
async def test_every_map_cell_is_seven_wide_and_the_journal_draws_the_same_island(
        saves: Path) -> None:
    """One app on the example cut at #60, at 80x24: every line of the drawn map keeps its
    squares CELL_W wide, whatever they show; small squares keep village numbers under reach
    markers (and a gap before the next square); and one layout (d6tui.games.tales.mapcells):
    the export's J02 is the screen's map, text for text, when no reach marks are shown."""
    from d6tui.games.tales.keepsake import island_drawing

    session = load_example(saves, 60)
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TalesScreen)
        imap = screen.query_one(IslandMap)
        assert not imap.big
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

        odd6 = _odd_state(screen.tale)
        reach = {i: 1 + i % 12 for i in range(36)}
        view = TalesView(replace(odd6, pos=3), odd6, 5, reach)
        for i in range(36):
            lines = [t.plain for t in imap.square_lines(view, i)]
            assert [cell_len(x) for x in lines] == [CELL_W] * 3
            sq = odd6.squares[i]
            text = "\n".join(lines)
            if sq.village:
                assert f"v{sq.village}" in text and f"→{reach[i]}" in text
            if sq.event:
                assert sq.event in text
            if sq.site == "lake":
                assert "lk" in text
            # the picture (or a village's reach) leaves a gap before the next square
            assert lines[0][-1] == " ", lines

        imap.view = TalesView(state, state, 0, {})
        await pilot.pause()
        drawn = [line.rstrip() for line in imap.render().plain.split("\n")]
    grid = island_drawing(state).split("\n\n")[0].split("\n")
    assert grid == drawn
