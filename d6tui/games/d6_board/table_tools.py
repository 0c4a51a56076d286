"""The table edition's GM tools (placeholder until the tools are built)."""

from __future__ import annotations

from d6tui.engine.game import Move, Seat
from d6tui.games.d6_board.state import Board


def gm_tool_moves(state: Board, seat: Seat) -> list[Move]:
    """The GM tools ``seat`` may use now (table edition only)."""
    return []
