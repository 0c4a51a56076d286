"""Snapshots of Simple Six at a shared table (issue 12): the GM's seat and a player's seat
in a fight, at 80x24 and 200x50. The GM's banner names the keys that act there; the
player's shows the tracker and the party's sheets, NPCs without statistics, and names no
keys. The party was made at the table by the GM's ``create_character`` moves. Seeded dice,
fixed clock, no cursor blink.

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


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_six_table_gm_seat(snap_compare, saves: Path, table_service,  # noqa: ANN001
                           size: tuple[int, int]) -> None:
    table = _fight(table_service)
    app = make_app(saves, session=table_service.seat("gm", table.code))
    assert snap_compare(app, terminal_size=size, run_before=_settled)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_six_table_player_seat(snap_compare, saves: Path, table_service,  # noqa: ANN001
                               size: tuple[int, int]) -> None:
    table = _fight(table_service)
    app = make_app(saves, session=table_service.seat("mira", table.code))
    assert snap_compare(app, terminal_size=size, run_before=_settled)
