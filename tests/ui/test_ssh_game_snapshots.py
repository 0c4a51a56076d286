"""Snapshots of the D6 Dungeon and D6 board game screens for players over SSH (issue "Play
over SSH"): 120x40 and 200x50 (80x24 and 160x50 are in tests/dungeon and tests/d6_board),
and 80x24 under NO_COLOR. Seeded dice, fixed clock, no cursor blink.

Look at every SVG before committing an update (``pytest tests/ui/test_ssh_game_snapshots.py
--snapshot-update``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.d6_board.ui_helpers import advanced_game
from tests.d6_board.ui_helpers import settle as past_hand_over
from tests.dungeon.test_snapshots import _placing, _settled
from tests.ui.helpers import make_app

SIZES = [(120, 40), (200, 50)]
PLACE_KEYS = ["enter", "r", "right", "right", "down"]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_dungeon_placing(snap_compare, saves: Path, size: tuple[int, int]) -> None:  # noqa: ANN001
    assert snap_compare(_placing(saves), press=PLACE_KEYS, terminal_size=size,
                        run_before=_settled)


def test_dungeon_placing_no_color(snap_compare, saves: Path, monkeypatch) -> None:  # noqa: ANN001
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(_placing(saves), press=PLACE_KEYS, terminal_size=(80, 24),
                        run_before=_settled)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_board_game(snap_compare, saves: Path, size: tuple[int, int]) -> None:  # noqa: ANN001
    app = make_app(saves, session=advanced_game(saves, 75))
    assert snap_compare(app, terminal_size=size, run_before=past_hand_over)


def test_board_game_no_color(snap_compare, saves: Path, monkeypatch) -> None:  # noqa: ANN001
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(saves, session=advanced_game(saves, 75))
    assert snap_compare(app, terminal_size=(80, 24), run_before=past_hand_over)
