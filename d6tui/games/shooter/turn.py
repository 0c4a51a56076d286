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
    """The turn's hunt or event is over: bandits in play go to the jail; end phase."""
    i = state.current
    if state.in_play:
        p = state.players[i]
        state = set_player(state, i, evolve(p, jail=p.jail + state.in_play))
    return evolve(state, in_play=(), hunting="", phase=Phase.END, pending=i, contest=None,
                   target=-1, note=note)


def lose_in_play(state: ShooterState, note: str, **facts: Any) -> ShooterState:
    """A failed capture or an Escape: every bandit in play is discarded; end phase.

    ``facts`` (the outcome) get ``lost`` and ``lost_names``: the bandits discarded."""
    facts.update(lost_facts(state, state.in_play))
    return evolve(state, discard=state.discard + state.in_play, in_play=(), hunting="",
                   phase=Phase.END, pending=state.current, note=note, outcome=facts)


def lost_facts(state: ShooterState, ids: Any) -> dict[str, list[str]]:
    """Outcome facts naming the cards a player loses."""
    return {"lost": list(ids), "lost_names": [state.cards[c].name for c in ids]}


def resolve_to_discard(state: ShooterState) -> ShooterState:
    return evolve(state, discard=state.discard + (state.resolving,), resolving="")


def start_turn(state: ShooterState, i: int) -> ShooterState:
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
