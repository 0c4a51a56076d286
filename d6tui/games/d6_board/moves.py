"""The legal moves of a seat, from every area of the rules, and whose move it is.

The game waits for the first prompt's seat (a GM's red card, a Wild reward, a spawn...),
else for player one between rounds (the GM event), else for the hunter whose turn it is.
"""

from __future__ import annotations

from d6tui.engine.game import Move, Seat
from d6tui.games.d6_board.alliance import alliance_moves
from d6tui.games.d6_board.dogmud import dogmud_moves
from d6tui.games.d6_board.fight_moves import combat_moves
from d6tui.games.d6_board.gm_events import event_moves
from d6tui.games.d6_board.hand_room import room_moves
from d6tui.games.d6_board.hide_benefits import benefit_moves
from d6tui.games.d6_board.hide_collection import hide_moves
from d6tui.games.d6_board.melee import melee_moves
from d6tui.games.d6_board.red_cards import red_turn_moves
from d6tui.games.d6_board.setup import setup_moves
from d6tui.games.d6_board.state import Board
from d6tui.games.d6_board.table_tools import gm_tool_moves, pick_moves
from d6tui.games.d6_board.tasks import task_moves
from d6tui.games.d6_board.turn import turn_moves
from d6tui.games.d6_board.village import village_moves

SETUP_PHASES = frozenset({"choose", "stats", "environment", "spawn", "deal"})


def seat_to_move(state: Board) -> Seat:
    """The seat the game waits for (None when the season is over or not yet set up)."""
    if state.phase in ("over", "setup"):
        return None
    if state.prompts:
        return state.prompts[0].seat
    if state.phase == "event":
        return 0
    return state.current


def moves(state: Board, seat: Seat) -> list[Move]:
    """What ``seat`` may do now (rulebook sections on each move); none when it is not
    that seat's move."""
    if state.phase in ("over", "setup") or seat is None:
        return []
    if state.prompts and state.prompts[0].kind == "pick" and state.phase in SETUP_PHASES:
        return pick_moves(state, seat) if seat == state.prompts[0].seat else []
    if state.phase in SETUP_PHASES:
        return setup_moves(state, seat)
    if seat != seat_to_move(state):
        if state.prompts:
            return []
        return [*alliance_moves(state, seat), *gm_tool_moves(state, seat)]
    if state.prompts and state.prompts[0].kind == "pick":
        return pick_moves(state, seat)
    out = [*turn_moves(state, seat), *combat_moves(state, seat), *village_moves(state, seat),
           *task_moves(state, seat), *dogmud_moves(state, seat), *red_turn_moves(state, seat),
           *event_moves(state, seat), *room_moves(state, seat),
           *hide_moves(state, seat), *benefit_moves(state, seat),
           *alliance_moves(state, seat), *melee_moves(state, seat)]
    if not state.prompts:
        out += gm_tool_moves(state, seat)
    return out


def seats(state: Board) -> tuple[str, ...]:
    """The players' names in turn order."""
    return tuple(h.name for h in state.heroes)
