"""Snapshots of 6x6 Tales' own screen at a shared table (issue "Play over SSH"): the hero's
seat and a spectator, at 80x24 and 200x50. Seeded dice, fixed clock, no cursor blink.

The tale is the example cut after 133 events (week 2, day 6, the hero has just walked onto
III-5), brought to table TALE, where ann holds the hero's seat and cy watches. The hero
stops and rolls the terrain event with the table's dice, through the screen's keys (``s``,
``r``); the spectator's table makes the same two moves, then cy presses ``r`` and reads why
nothing happens.

Look at every SVG before committing an update (``pytest tests/ui/test_ssh_tales_snapshots.py
--snapshot-update``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.pilot import Pilot

from d6tui.engine.session import Session
from d6tui.games.tales import commands
from d6tui.games.tales.moves import move_id
from d6tui.server.table import Table
from d6tui.server.tables import Tables
from tests.ssh.service_thread import ServiceThread
from tests.ui.helpers import make_app
from tests.ui.tales_helpers import cut_example

SIZES = [(80, 24), (200, 50)]


@pytest.fixture
def table(saves: Path) -> Iterator[tuple[ServiceThread, Table]]:
    service = ServiceThread(Tables(None))
    table = Table("TALE", Session.load(cut_example(saves, 133)), "ann")
    service.do(lambda: (service.service.tables._add(table), table.join("ann"),
                        table.watch("cy")))
    yield service, table
    service.stop()


async def _drawn(pilot: Pilot) -> None:
    for _ in range(4):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause(0.05)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_tales_heros_seat(snap_compare, saves: Path, table, size) -> None:  # noqa: ANN001
    service, tale = table
    app = make_app(saves, session=service.seat("ann", tale.code))

    async def run_before(pilot: Pilot) -> None:
        await _drawn(pilot)
        await pilot.press("s")
        await _drawn(pilot)
        await pilot.press("r")
        await _drawn(pilot)
        assert len(tale.session.events) == 135

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_tales_spectator(snap_compare, saves: Path, table, size) -> None:  # noqa: ANN001
    service, tale = table
    for fn in (commands.stop, commands.roll):
        service.do(lambda fn=fn: tale.play("ann", move_id(fn, ())))
    app = make_app(saves, session=service.seat("cy", tale.code))

    async def run_before(pilot: Pilot) -> None:
        await _drawn(pilot)
        await pilot.press("r")  # refused in one line: cy watches
        await _drawn(pilot)
        assert len(tale.session.events) == 135

    assert snap_compare(app, terminal_size=size, run_before=run_before)
