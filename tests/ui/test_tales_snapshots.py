"""Snapshots of the 6x6 Tales screen: the island map and every page of the journal booklet,
at 80x24 and 120x40.

The tale is the example save cut after 133 events (week 2, day 6, the hero has just walked
onto III-5), loaded with its seeded dice; then the hero stops, a terrain event is typed from
table dice (2 and 4: a monster) and the hero attacks with d6tui's dice, by keys. Each page is
turned to by the action of the key ``]`` (``page(n)``, n pages at once).

Snapshots of the same screen come from one app each (:mod:`tests.ui.snap_many`): the map and
every page after the fight at both sizes (the fight played once, the terminal resized within
the run), the finished tale at both sizes, and the tale with notes (J05 at both sizes, then
the big map); each test still compares its own screenshot with its own SVG through
``snap_compare``.
Update with ``pytest tests/ui --snapshot-update`` and look at every SVG.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from tests.ui.helpers import make_app, settle
from tests.ui.snap_many import ShotCache, compare_shot, shots
from tests.ui.tales_helpers import load_example

SIZES = [(80, 24), (120, 40)]
PAGES = ["J01", "J02", "J03", "J04", "J05", "J06", "J07", "J09"]
#: The first snapshot (page, size): the fight is played by keys before it.
BY_KEYS = (0, (80, 24))


async def _fight_by_keys(pilot: Pilot) -> None:
    """Stop, type the terrain event from table dice (``t``, 2 and 4), attack (``a``)."""
    await settle(pilot)
    for key in ("s", "t"):
        await pilot.press(key)
        await pilot.pause()
    await pilot.pause()
    await pilot.press("2", "space", "4", "enter")
    await settle(pilot)
    await pilot.press("a")
    await settle(pilot)


def _turn_to(page: int, *, by_keys: bool, size: tuple[int, int] | None = None,
             first: bool = True):  # noqa: ANN202
    """What is done before the screenshot of ``page``: the fight by keys (``by_keys``), the
    terminal resized to ``size`` if it is not that size, and the page turned to, from J01
    (``first``) or from the page shown (the screenshots after the first of one app)."""
    async def run_before(pilot: Pilot) -> None:
        if size is not None and (pilot.app.size.width, pilot.app.size.height) != size:
            await pilot.resize_terminal(*size)
        if by_keys:
            await _fight_by_keys(pilot)
        else:
            await settle(pilot)
        delta = page - (0 if first else pilot.app.screen.query_one("#booklet").page)
        if delta:
            # the page is turned to by the action the key ] runs (tales.next_page, page(1)),
            # by ``delta`` pages at once: the same booklet, pages and scroll as ``delta``
            # presses of ], drawn once instead of once a press (the key itself is pressed
            # in tests/ui/test_tales_flow.py and for J05 in test_tales_j05_with_notes)
            pilot.app.screen.action_page(delta)
        await settle(pilot)
        # the key line under the booklet is laid out at its own width after the page
        # turns; on a busy machine a frame between showed the page's scrollbar
        for _ in range(3):
            await pilot.pause(0.05)

    return run_before


#: The screenshots of the map and every page after the fight, made once per process.
_PAGE_SHOTS = ShotCache()


def _pages_after_the_fight(saves: Path):  # noqa: ANN202
    """One app on the example after 133 events at 80x24: the fight played by keys, J01's
    screenshot; then every other page in turn (each turned to by one more ``page(1)``), and
    at 120x40 the map and every page again, a screenshot of each, as a fresh app opened on
    that page shows it."""
    app = make_app(saves, session=load_example(saves, 133))
    keys: list[tuple[int, tuple[int, int]]] = []
    stages = []
    for size in SIZES:
        for page in range(len(PAGES)):
            keys.append((page, size))
            stages.append(_turn_to(page, by_keys=(page, size) == BY_KEYS, size=size,
                                   first=not stages))
    svgs = shots(app, SIZES[0], stages)
    return app, dict(zip(keys, svgs, strict=True))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("page", range(len(PAGES)), ids=lambda p: PAGES[p])
def test_tales_map_and_page(snap_compare, saves: Path,  # noqa: ANN001
                            size: tuple[int, int], page: int) -> None:
    """The map and page ``page`` after the fight, played by keys (screenshots of one app,
    :func:`_pages_after_the_fight`)."""
    app, svg = _PAGE_SHOTS.get((page, size), lambda: _pages_after_the_fight(saves))
    assert compare_shot(snap_compare, app, svg, size)


#: The screenshots of the finished tale, and of the tale with notes, made once per process.
_SHOTS = ShotCache()


def _finished(saves: Path):  # noqa: ANN202
    """The whole example tale opened at 80x24, J09 turned to by ``[``; then the terminal at
    120x40 (J09 beside J01, as ``[`` opens them there)."""
    app = make_app(saves, session=load_example(saves, 10_000))

    async def at_80x24(pilot: Pilot) -> None:
        await settle(pilot)
        await pilot.press("left_square_bracket")
        await settle(pilot)

    async def at_120x40(pilot: Pilot) -> None:
        await pilot.resize_terminal(*SIZES[1])
        await settle(pilot)

    svgs = shots(app, SIZES[0], [at_80x24, at_120x40])
    return app, {("finished", size): svg for size, svg in zip(SIZES, svgs, strict=True)}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_tales_finished(snap_compare, saves: Path, size: tuple[int, int]) -> None:  # noqa: ANN001
    """The whole example tale, opened at its end: the map and J09's final fame (both sizes
    from one app, :func:`_finished`)."""
    app, svg = _SHOTS.get(("finished", size), lambda: _finished(saves))
    assert compare_shot(snap_compare, app, svg, size)


def _with_notes(saves: Path):  # noqa: ANN202
    """The example after 133 events with two notes of the player's, a named place and the
    hero's look: what J05, J01 and the map show of the player's own words."""
    from d6tui.games.tales import commands, island

    session = load_example(saves, 133)
    session.write_note("The lake was cold and very still.")
    session.write_note("Brin swore at the slime.\nTwice.")
    session.do(commands.name_place, island.name(session.state.pos), "Mossy Ford")
    session.do(commands.describe_hero, "A red beard, braided.", "From the hills of V-3.")
    return session


def _notes_shots(saves: Path):  # noqa: ANN202
    """One app on the tale with notes: at 80x24 J05 opened by four presses of ``]``; four
    more go round to J01, and at 120x40 four presses open J05 again (beside J06); four more
    go round to J01 once more, shown at 200x50 (J01 beside J02, the big map)."""
    app = make_app(saves, session=_with_notes(saves))

    async def turn(pilot: Pilot, size: tuple[int, int] | None = None) -> None:
        if size is not None:
            for _ in range(4):
                await pilot.press("right_square_bracket")
            await settle(pilot)
            await pilot.resize_terminal(*size)
        await settle(pilot)

    async def j05_80x24(pilot: Pilot) -> None:
        await turn(pilot)
        for _ in range(4):
            await pilot.press("right_square_bracket")
        await settle(pilot)

    async def j05_120x40(pilot: Pilot) -> None:
        await turn(pilot, SIZES[1])
        for _ in range(4):
            await pilot.press("right_square_bracket")
        await settle(pilot)

    async def big_map(pilot: Pilot) -> None:
        await turn(pilot, (200, 50))

    svgs = shots(app, SIZES[0], [j05_80x24, j05_120x40, big_map])
    return app, dict(zip([("j05", SIZES[0]), ("j05", SIZES[1]), ("big", (200, 50))], svgs,
                         strict=True))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_tales_j05_with_notes(snap_compare, saves: Path, size: tuple[int, int]) -> None:  # noqa: ANN001
    """J05 in day order: the days' results, the player's notes under their day, the days
    ahead with their printed events (at 120x40 beside J06: a spread of two pages); one app
    for both sizes and the big map (:func:`_notes_shots`)."""
    app, svg = _SHOTS.get(("j05", size), lambda: _notes_shots(saves))
    assert compare_shot(snap_compare, app, svg, size)


def test_tales_big_map(snap_compare, saves: Path) -> None:  # noqa: ANN001
    """At 200x50: the map's big squares with the names of places and events' titles, and a
    spread of J01 and J02 (a screenshot of :func:`_notes_shots`' app)."""
    app, svg = _SHOTS.get(("big", (200, 50)), lambda: _notes_shots(saves))
    assert compare_shot(snap_compare, app, svg, (200, 50))
