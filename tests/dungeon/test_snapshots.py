"""Snapshots of the D6 Dungeon screen at 80x24 and 160x50: a die being placed (preview,
legal holes), the hand-over, and the end of the recorded example game with the best route
laid over the waffle (seeded dice, fixed clock, no cursor blink; see tests/ui/conftest.py).

Update them with ``pytest tests/dungeon --snapshot-update`` and look at every SVG.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from textual.pilot import Pilot

from d6tui.engine.session import Session
from tests.dungeon.helpers import draw_roll, end, give, place
from tests.ui.helpers import make_app, settle

SIZES = [(80, 24), (160, 50)]
EXAMPLE = Path(__file__).resolve().parents[2] / "saves" / "dungeon-example.toml"


async def _settled(pilot: Pilot) -> None:
    await settle(pilot)


def _placing(saves: Path):  # noqa: ANN202
    from d6tui.paths import new_save_path

    s = Session.new("dungeon", {"players": ["Ana", "Ben"], "seed": 3},
                    path=new_save_path(saves, "Dungeon night"), title="Dungeon night")
    place(s, "blue", "orc", "A2")
    end(s)
    give(s, "yellow", "key")
    end(s)
    place(s, "black", "corner", "B2", turns=2)
    end(s)
    give(s, "white", "turn")
    end(s)
    give(s, "red", "three_swords")
    end(s)
    give(s, "green", "sword")
    end(s)
    draw_roll(s, "red", "dragon")
    return make_app(saves, session=s)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_dungeon_placing(snap_compare, saves: Path, size: tuple[int, int]) -> None:  # noqa: ANN001
    assert snap_compare(_placing(saves), press=["enter", "r", "right", "right", "down"],
                        terminal_size=size, run_before=_settled)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_dungeon_hand_over(snap_compare, saves: Path, size: tuple[int, int]) -> None:  # noqa: ANN001
    assert snap_compare(_placing(saves), terminal_size=size, run_before=_settled)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_dungeon_game_over(snap_compare, saves: Path, size: tuple[int, int]) -> None:  # noqa: ANN001
    path = saves / "dungeon-example.toml"
    shutil.copyfile(EXAMPLE, path)
    app = make_app(saves, session=Session.load(path))
    assert snap_compare(app, terminal_size=size, run_before=_settled)
