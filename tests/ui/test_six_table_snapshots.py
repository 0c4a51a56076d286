"""Snapshots of Simple Six at a shared table (issue 12): the GM's seat and a player's seat
in a fight, at 80x24 and 200x50. The GM's banner names the keys that act there; the
player's shows the tracker and the party's sheets, NPCs without statistics, and names no
keys. The party was made at the table by the GM's ``create_character`` moves. Seeded dice,
fixed clock, no cursor blink.

Both sizes of a seat are screenshots of one app, resized within the run
(:mod:`tests.ui.snap_many`); each test compares its own through ``snap_compare``.

Look at every SVG before committing an update (``pytest tests/ui/test_six_table_snapshots.py
--snapshot-update``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from d6tui.engine.game import find_move
from d6tui.engine.registry import load_rules
from d6tui.games.simple_six.character_moves import draft_json
from d6tui.server.tables import Tables
from tests.ssh.service_thread import ServiceThread
from tests.ui.helpers import make_app
from tests.ui.snap_many import ShotCache, compare_shot, shots
from tests.ui.test_simple_six_flows import MIRA, TAM

SIZES = [(80, 24), (200, 50)]


@pytest.fixture
def table_service():
    s = ServiceThread(Tables(None, make_code=lambda: "SIXTBL"))
    yield s
    s.stop()


def _fight(service: ServiceThread):  # noqa: ANN202 - a Table
    tables = service.service.tables
    table = service.do(lambda: tables.open(load_rules("simple_six"), {"seed": 4}, "gm"))

    def party() -> None:
        s = table.session
        for d in (MIRA, TAM):
            s.play(find_move(s.moves(), "create_character"), {"sheet": draft_json(d)})
        for name in ("Orc Warrior", "Goblin"):
            s.play(find_move(s.moves(), "add_npc"), {"template": name, "name": f"{name} 1"})
        s.play(find_move(s.moves(), "start_session"))
        s.play(find_move(s.moves(), "start_fight"), {"who": [m.id for m in s.state.members]})
        s.play(find_move(s.moves(), "roll_initiative"), {"actions": "tam=2"})

    service.do(party)
    assert service.do(lambda: table.join("mira")) == 1
    return table


async def _settled(pilot: Pilot) -> None:
    for _ in range(6):
        await pilot.pause(0.05)


#: The screenshots of each seat at both sizes, made once per process (one app a seat).
_SHOTS = ShotCache()


def _seat_shots(service: ServiceThread, seat: str, saves: Path):  # noqa: ANN202
    """One app on ``seat`` of the fight's table: settled at 80x24, then resized to 200x50."""
    table = _fight(service)
    app = make_app(saves, session=service.seat(seat, table.code))

    async def at_200x50(pilot: Pilot) -> None:
        await pilot.resize_terminal(*SIZES[1])
        await _settled(pilot)

    svgs = shots(app, SIZES[0], [_settled, at_200x50])
    return app, {(seat, size): svg for size, svg in zip(SIZES, svgs, strict=True)}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_six_table_gm_seat(snap_compare, saves: Path, table_service,  # noqa: ANN001
                           size: tuple[int, int]) -> None:
    """The GM's seat in the fight (both sizes from one app, :func:`_seat_shots`)."""
    app, svg = _SHOTS.get(("gm", size), lambda: _seat_shots(table_service, "gm", saves))
    assert compare_shot(snap_compare, app, svg, size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_six_table_player_seat(snap_compare, saves: Path, table_service,  # noqa: ANN001
                               size: tuple[int, int]) -> None:
    """Mira's seat in the fight (both sizes from one app, :func:`_seat_shots`)."""
    app, svg = _SHOTS.get(("mira", size), lambda: _seat_shots(table_service, "mira", saves))
    assert compare_shot(snap_compare, app, svg, size)
