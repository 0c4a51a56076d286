"""D6 Shooter's legal moves in the engine's shape (``GameDefinition.moves``).

Each :class:`~d6tui.games.shooter.actions.Action` of the pending player becomes a
:class:`~d6tui.engine.game.Move` with the same id, choices and Shooter dice; the rules stay in
:mod:`.actions` and :mod:`.commands` ("On Your Turn").
"""

from __future__ import annotations

from typing import Any

from d6tui.engine.game import Choice, Custom, DiceRequest, Move, Seat
from d6tui.games.shooter.actions import Action, legal_actions
from d6tui.games.shooter.state import SHOOTER_DIE, Phase, ShooterState


def _move(action: Action, seat: int) -> Move:
    def run(state: ShooterState, dice: Any = None, **answers: Any) -> dict:
        return action.run(state, dice=dice, **answers)

    choices = tuple(
        Choice(c.param, c.prompt, tuple(zip(c.options, c.labels, strict=True)), c.min, c.max)
        for c in action.choices)
    dice = tuple(DiceRequest(param, n, Custom(SHOOTER_DIE), f"{action.label}: {n} Shooter dice")
                 for param, n in action.rolls)
    return Move(action.name, action.label, run, seat, choices, dice, section=action.section)


def moves(state: ShooterState, seat: Seat) -> list[Move]:
    """The moves of ``seat`` (a player's index) now: those of the pending player, else none.

    Args:
        state: the game.
        seat: the player's index in turn order; None (a spectator) has no moves.

    Returns:
        The moves, in the order the action bar lists them.
    """
    if state.phase == Phase.SETUP or state.over or seat != state.pending:
        return []
    return [_move(a, seat) for a in legal_actions(state)]


def seats(state: ShooterState) -> tuple[str, ...]:
    """The players' names in turn order."""
    return tuple(p.name for p in state.players)


def seat_to_move(state: ShooterState) -> Seat:
    """The player who must act now (None once the game is won)."""
    return None if state.over or state.phase == Phase.SETUP else state.pending
