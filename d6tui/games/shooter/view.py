"""What one seat of D6 Shooter may see (``GameDefinition.view``).

A player's General Store cards are in their hand ("General Store Cards"): the other seats see
how many they hold, not which. The face-down piles are unordered sets (cards are decided when
drawn); a save of the old shape kept their order, which no seat is shown. Everything else on
the table (jails, badges, the face-up store, the cards in play, the dice) is public.
"""

from __future__ import annotations

from dataclasses import replace

from d6tui.engine.game import Seat
from d6tui.games.shooter.state import ShooterState


def view(state: ShooterState, seat: Seat) -> ShooterState:
    """``state`` as ``seat`` (a player's index; None: a spectator) may see it.

    Args:
        state: the game.
        seat: whose eyes; a spectator sees no hand.

    Returns:
        The state with every other player's hand emptied (its size in ``Player.hidden``) and
        the face-down piles in sorted order; the whole state once the game is over.
    """
    if state.over:
        return state
    players = tuple(p if i == seat or not p.hand else replace(p, hand=(), hidden=len(p.hand))
                    for i, p in enumerate(state.players))
    return replace(state, players=players, deck=tuple(sorted(state.deck)),
                   store_down=tuple(sorted(state.store_down)))
