"""What a seat may see (``view(state, seat)``; DESIGN "view").

Each player sees the faces facing them and not those facing the other player, except what
their own Look showed them; once the game is over everyone sees everything. A spectator
(seat None) sees what both players may see: which holes hold which colour of die, never a
face in the waffle.
"""

from __future__ import annotations

from dataclasses import replace

from d6tui.games.dungeon.state import DungeonState
from d6tui.games.dungeon.waffle import HoleDie


def view(state: DungeonState, seat: int | None) -> DungeonState:
    """``state`` with what ``seat`` may not see taken out.

    Args:
        state: the game.
        seat: 0, 1 or None (a spectator).

    Returns:
        The state as that seat may see it (the whole state once the game is over).
    """
    if state.over or not state.players:
        return state
    if seat is None:
        holes = tuple(None if h is None else HoleDie(h.die, (None, None), (None, None))
                      for h in state.holes)
        return replace(state, holes=holes, looks=(None, None))
    holes = tuple(None if h is None else h.hidden_from(seat) for h in state.holes)
    looks = list(state.looks)
    looks[1 - seat] = None
    return replace(state, holes=holes, looks=(looks[0], looks[1]))
