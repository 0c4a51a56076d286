"""Folding D6 Shooter events into the state: one entry point for every event type.

:func:`fold` applies one event and derives every consequence (capture, failed hunt, turn end,
promotion, win). It checks that the event fits the state (the right player, the right phase,
the cards where the event says, dice faces on the die, a drawn card in its pile) and raises
:class:`~d6tui.engine.errors.EventError` when it does not: that is how a hand-edited save is
rejected on load. Folding is cheap: tuples and :func:`dataclasses.replace` on what changes.

The folds live with their part of the rules: :mod:`.fold_setup` (``game_started``),
:mod:`.fold_hunt` (drawing and hunting), :mod:`.fold_events` (answering event cards),
:mod:`.fold_phase` (the start and end phase), :mod:`.turn` (ending the turn).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from d6tui.engine.errors import EventError
from d6tui.games.shooter import fold_events, fold_hunt, fold_phase, fold_setup, turn
from d6tui.games.shooter.state import Phase, ShooterState, evolve

_HUNT_KEYS = frozenset({"outcome", "captured", "reason", "needs", "dice_left", "lost",
                        "lost_names"})


#: The outcome facts each event type may carry: computed by the command from the state and
#: checked by :func:`fold` (an event that states one the rules do not derive is refused; one
#: left out, as in saves written before they existed, is derived). ``outcome`` is what happened
#: (``"captured"``, ``"last_chance"``, ``"failed"``, ``"escaped"``, ``"broke_out"``,
#: ``"discarded"``, ``"won"``, ``"tie"``, ``"blew"``, ``"fizzled"``, ``"promoted"``); ``reason``
#: why a hunt failed (``"rolls"``: third roll missed, ``"dice"``: ``needs`` symbols, only
#: ``dice_left`` dice, no rescue; ``"gave_up"``); ``lost``/``lost_names``: the cards
#: discarded; ``jailed``: bandits taken to jail; ``captured``: the bandit caught.
OUTCOME_KEYS: dict[str, frozenset[str]] = {
    "card_drawn": _HUNT_KEYS | {"jailed", "opponent"},
    "dice_rolled": _HUNT_KEYS | {"target"},
    "skull_rerolled": _HUNT_KEYS,
    "reload_played": _HUNT_KEYS,
    "gave_up": _HUNT_KEYS,
    "surrounded_played": frozenset({"outcome", "jailed"}),
    "hunt_stopped": frozenset({"cards", "names"}),
    "card_accepted": frozenset({"outcome", "lost", "lost_names", "jailed"}),
    "contest_rolled": frozenset({"outcome", "winner"}),
    "rep_cashed": frozenset({"outcome", "rank", "rep", "need"}),
}

#: The fold of every event type D6 Shooter writes, gathered from the modules that hold them.
FOLDS: dict[str, Callable[[ShooterState, dict], ShooterState]] = {
    **fold_setup.FOLDS,
    **fold_hunt.FOLDS,
    **fold_events.FOLDS,
    **fold_phase.FOLDS,
    **turn.FOLDS,
}


def fold(state: ShooterState, event: dict) -> ShooterState:
    """Apply one event to the state and derive its consequences ("On Your Turn").

    Args:
        state: the game before the event.
        event: a stored event (``type`` plus its payload).

    Returns:
        The game after it.

    Raises:
        EventError: the event does not fit: an unknown type, the game is over, the wrong
            player, phase or card, or dice faces that are not on the Shooter die.
    """
    t = event.get("type")
    handler = FOLDS.get(t)  # type: ignore[arg-type]
    if handler is None:
        raise EventError(f"unknown event type {t!r}")
    if state.phase == Phase.OVER:
        raise EventError("the game is over; no more events can follow")
    if t != "game_started" and state.phase == Phase.SETUP:
        raise EventError("the game has not started")
    if state.outcome:
        state = evolve(state, outcome={})
    new = handler(state, event)
    keys = OUTCOME_KEYS.get(t)  # type: ignore[arg-type]
    if keys:
        _check_outcome(event, new.outcome, keys)
    return new


def _check_outcome(ev: dict, facts: Any, keys: frozenset[str]) -> None:
    """A stored outcome fact must be the one the rules derive; a missing one is derived."""
    for k in sorted(keys):
        if k not in ev:
            continue
        if k not in facts:
            raise EventError(f"the event says {k} = {ev[k]!r}, but the game gives no {k}")
        if ev[k] != facts[k]:
            raise EventError(f"the event says {k} = {ev[k]!r}, but the game gives {facts[k]!r}")
