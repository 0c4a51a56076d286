"""Folding stored events into the tale: the engine's ``new_state`` and ``fold``. A RuleError
of :func:`.play.apply` means the event could never have been written: an EventError.
"""

from __future__ import annotations

from d6tui.engine.errors import EventError, RuleError
from d6tui.games.tales import play
from d6tui.games.tales.state import Tale

EVENT_TYPES = frozenset(play.HANDLERS)


def new_state(options: dict) -> Tale:
    """An empty journal before the hero exists (R03 comes with the first event).

    Args:
        options: the setup (unused: the hero comes with the first event).
    """
    return Tale()


def fold(state: Tale, event: dict) -> Tale:
    """Apply a stored event (R10: the turn goes on as :func:`.play.apply` says).

    Args:
        state: the tale.
        event: a stored event.
    Raises:
        EventError: the event does not fit this tale (it could never have been written).
    """
    try:
        return play.apply(state, event)
    except RuleError as e:
        raise EventError(f"{event.get('type')}: {e}") from None
    except (KeyError, IndexError, TypeError, ValueError) as e:
        raise EventError(f"{event.get('type')}: a value is missing or malformed ({e})") from None
