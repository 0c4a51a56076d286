"""The structure of a D6 Shooter turn: its start, its end phase, and play passing on.

A turn starts with fresh dice and the rank's skull re-rolls; when its hunt or event is over,
the bandits in play go to the jail (or are lost) and the end phase begins; ``turn_ended``
passes play to the next player ("On Your Turn").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from d6tui.engine.errors import EventError
from d6tui.games.shooter.fold_checks import check_by, check_phase
from d6tui.games.shooter.piles import set_player
from d6tui.games.shooter.state import (
    SKULL_REROLLS,
    Phase,
    ShooterState,
    Tray,
    evolve,
)


def end_turn_phase(state: ShooterState, note: str) -> ShooterState:
    """The turn's hunt or event is over: bandits in play go to the jail; end phase ("On Your
    Turn").

    Args:
        state: the game.
        note: what happened, for the status line.

    Returns:
        The game in the end phase, the current player to act.
    """
    i = state.current
    if state.in_play:
        p = state.players[i]
        state = set_player(state, i, evolve(p, jail=p.jail + state.in_play))
    return evolve(state, in_play=(), hunting="", phase=Phase.END, pending=i, contest=None,
                   target=-1, note=note)


def lose_in_play(state: ShooterState, note: str, **facts: Any) -> ShooterState:
    """A failed capture or an Escape: every bandit in play is discarded; end phase
    ("Drawing a Bandit Card", "Card Index: Escape").

    Args:
        state: the game.
        note: what happened, for the status line.
        **facts: the outcome facts; ``lost`` and ``lost_names`` (the bandits discarded) are
            added.

    Returns:
        The game in the end phase, with those facts as its outcome.
    """
    facts.update(lost_facts(state, state.in_play))
    return evolve(state, discard=state.discard + state.in_play, in_play=(), hunting="",
                   phase=Phase.END, pending=state.current, note=note, outcome=facts)


def lost_facts(state: ShooterState, ids: Any) -> dict[str, list[str]]:
    """Outcome facts naming the cards a player loses (DESIGN "The log").

    Args:
        state: the game (for the card names).
        ids: the cards lost.

    Returns:
        ``{"lost": [ids], "lost_names": [names]}``.
    """
    return {"lost": list(ids), "lost_names": [state.cards[c].name for c in ids]}


def resolve_to_discard(state: ShooterState) -> ShooterState:
    """The event card being resolved goes to the discard pile ("Card Index").

    Args:
        state: the game, with a card in ``resolving``.

    Returns:
        The game with nothing being resolved.
    """
    return evolve(state, discard=state.discard + (state.resolving,), resolving="")


def start_turn(state: ShooterState, i: int) -> ShooterState:
    """Player ``i``'s turn begins: six fresh dice, the rank's skull re-rolls, nothing bought
    yet ("On Your Turn", "Cashing in Reputation Points").

    Args:
        state: the game.
        i: the player's index.

    Returns:
        The game in that player's start phase.
    """
    return evolve(
        state, current=i, pending=i, phase=Phase.START, dice=Tray(), rolls_used=0,
        rerolls_left=SKULL_REROLLS[state.players[i].rank], bought=False, target=-1,
        contest=None, last_roll=(), last_roll_other=(), turn=state.turn + 1,
        note=f"{state.players[i].name}'s turn",
    )


def _turn_ended(state: ShooterState, ev: dict) -> ShooterState:
    check_phase(state, ev, Phase.END)
    check_by(state, ev)
    nxt = (state.current + 1) % len(state.players)
    if ev.get("next") != state.players[nxt].name:
        raise EventError(f"play passes to {state.players[nxt].name}, not {ev.get('next')!r}")
    return start_turn(state, nxt)


#: The fold of each event type of this module.
FOLDS: dict[str, Callable[[ShooterState, dict], ShooterState]] = {
    "turn_ended": _turn_ended,
}
