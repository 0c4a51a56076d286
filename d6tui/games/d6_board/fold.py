"""``fold(state, event) -> state``: every event type of the game, from the rules modules."""

from __future__ import annotations

from d6tui.games.d6_board import (  # noqa: F401 - importing registers the handlers
    alliance,
    combat,
    dogmud,
    gm_events,
    hand_room,
    hide_benefits,
    hide_collection,
    melee,
    red_cards,
    setup,
    table_tools,
    tasks,
    turn,
    village,
)
from d6tui.games.d6_board.act import HANDLERS, apply
from d6tui.games.d6_board.state import Board

#: Every event type the game writes.
EVENT_TYPES = frozenset(HANDLERS)


def fold(state: Board, event: dict) -> Board:
    """Fold one event into the board.

    Raises:
        EventError: an unknown event type, or an event that does not fit the board.
    """
    return apply(state, event)
