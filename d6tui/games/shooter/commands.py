"""D6 Shooter commands: check a move against the state and return the one event it makes.

Every command is ``command(state, *, dice=None, ...) -> payload``: a dict with ``type`` and
the facts :func:`d6tui.games.shooter.fold.fold` needs (and that
:func:`d6tui.games.shooter.describe.describe` shows: ``by``, card ids and names). Commands
never change the state; an illegal move raises :class:`~d6tui.engine.errors.RuleError` naming
the rulebook section. Dice results and card draws are made here and stored in the event: a
card is decided when it is drawn (:meth:`d6tui.engine.dice.Dice.draw`), so no deck order is
ever stored.

Commands that roll take ``roll``: None (roll with ``dice``), a dict from
:func:`d6tui.engine.dice.table_roll_custom`, or a list of typed face names; the number of faces
must equal the dice being rolled.

This module gathers every command; each lives with its part of the rules:
:mod:`.commands_hunt` (drawing and hunting), :mod:`.commands_events` (answering event cards,
the Shooting Contest, rewards), :mod:`.commands_phase` (the start and end phase).
"""

from __future__ import annotations

from d6tui.games.shooter.commands_events import (
    accept,
    contest_roll,
    decline_reward,
    horseback,
    night_watch,
    take_reward,
)
from d6tui.games.shooter.commands_hunt import (
    draw,
    give_up,
    play_reload,
    play_surrounded,
    press_on,
    roll,
    skull_reroll,
    stop,
)
from d6tui.games.shooter.commands_phase import (
    buy,
    cash_rep,
    end_turn,
    play_dynamite,
    play_falsely_accused,
    play_shackles,
    play_transfer,
)

__all__ = [
    "accept",
    "buy",
    "cash_rep",
    "contest_roll",
    "decline_reward",
    "draw",
    "end_turn",
    "give_up",
    "horseback",
    "night_watch",
    "play_dynamite",
    "play_falsely_accused",
    "play_reload",
    "play_shackles",
    "play_surrounded",
    "play_transfer",
    "press_on",
    "roll",
    "skull_reroll",
    "stop",
    "take_reward",
]
