"""Holding back a roll's outcome while character points may still be added.

"Traditional OpenD6 Character Points": points are spent after the roll but before the player
learns whether it succeeded. The roll's event is written at once (every die is stored when it
is rolled); while the character-point question is open, the Simple Six screen draws the
campaign as it stood *before* that event (tracker, sheet, banner, title line) and leaves the
event out of the log pane, so nothing on screen tells a hit from a miss or shows the new Body
Points. The dice tray shows the total alone. When the GM answers, everything is drawn again
from the real state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, overload


class HeldHistory(Sequence[Any]):
    """The first ``n`` entries of a session's history (a lazy view, nothing copied)."""

    def __init__(self, history: Sequence[Any], n: int) -> None:
        self.history = history
        self.n = max(0, min(n, len(history)))

    @property
    def undone(self) -> frozenset[int] | None:
        """The undone seqs, when the history tells them (see ``History.undone``)."""
        undone = getattr(self.history, "undone", None)
        return None if undone is None else frozenset(undone)

    def __len__(self) -> int:
        return self.n

    @overload
    def __getitem__(self, i: int) -> Any: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[Any]: ...

    def __getitem__(self, i: int | slice) -> Any:
        if isinstance(i, slice):
            return [self.history[k] for k in range(*i.indices(self.n))]
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError(i)
        return self.history[i]


class Holder:
    """Remembers the state before the latest command, to draw while the verdict is held.

    Attributes:
        before: the state before the latest recorded command, and how many events the log
            had then; None before any command.
    """

    def __init__(self) -> None:
        self.before: tuple[Any, int] | None = None

    def remember(self, state: Any, events: int) -> None:
        """Call before running a command: ``state`` and the log's length now."""
        self.before = (state, events)

    def held(self, events: int) -> tuple[Any, int] | None:
        """The state to draw and the number of log entries to show while the verdict is held,
        or None when the latest event is not the one command just run (nothing to hold)."""
        if self.before is None:
            return None
        state, n = self.before
        if events != n + 1:
            return None
        return state, n
