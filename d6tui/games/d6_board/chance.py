"""Cards and tokens decided when drawn: one fold, two sources of chance.

Every event handler takes a *chance* object. When a move is made, :class:`Record` draws with
the session's dice (``dice.draw(pile, ids)``, a roll-shaped dict) and keeps each draw; the
draws are stored in the event under ``draws``. When the event is folded (now or on replay),
:class:`Replay` hands the stored draws back in the same order and checks each was in its
pile. So the rules run once, in one place, and a save holds no card before its time
(DESIGN "The log"; rulebook "'Random' Thoughts": drawing from the bag or a deck).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from d6tui.engine.errors import EventError


class Record:
    """Draws made now with the app's dice, kept for the event.

    Args:
        dice: the session's dice (anything with ``draw(pile, ids)``).
    """

    def __init__(self, dice: Any) -> None:
        self.dice = dice
        self.draws: list[dict] = []

    def draw(self, pile: str, ids: Sequence[str]) -> str | None:
        """One item drawn at random from ``ids`` (None when the pile is empty)."""
        if not ids:
            return None
        roll = self.dice.draw(pile, list(ids))
        self.draws.append(roll)
        return str(roll["faces"][0])


class Replay:
    """The draws stored in an event, handed back in order.

    Args:
        event: the event with its ``draws`` list.

    Raises:
        EventError: (from :meth:`draw`) a stored draw is missing or not in its pile.
    """

    def __init__(self, event: dict) -> None:
        self.draws = list(event.get("draws", []))
        self.used = 0

    def draw(self, pile: str, ids: Sequence[str]) -> str | None:
        """The next stored draw, checked against ``ids``."""
        if not ids:
            return None
        if self.used >= len(self.draws):
            raise EventError(f"the event lacks a draw from the {pile}")
        roll = self.draws[self.used]
        self.used += 1
        faces = roll.get("faces") if isinstance(roll, dict) else None
        if not isinstance(faces, list) or len(faces) != 1 or faces[0] not in ids:
            raise EventError(f"the draw {faces!r} is not in the {pile}")
        return str(faces[0])
