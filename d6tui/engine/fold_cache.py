"""The states a session keeps so that an undo costs little: a checkpoint every
:data:`CHECKPOINT_EVERY` effective events (an undo refolds at most that many events) and the
latest :data:`RECENT_STATES` states (undoing the latest moves costs no fold at all).

States are immutable values that share their parts, so keeping one costs little.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

#: How often (in effective game events) the session keeps a copy of the state for undo.
CHECKPOINT_EVERY = 64
#: How many recent states the session keeps so that undoing the latest moves costs no fold
#: (states are immutable and share their parts, so each costs little).
RECENT_STATES = 32


class FoldCache:
    """The states after the first ``k`` effective events, for some ``k``.

    An entry stays true while the first ``k`` effective events stay the same: only an undo
    changes them, and :meth:`state_at` drops every entry past its own point.

    Attributes:
        checkpoints: ``k -> state`` for ``k`` = 0 and every multiple of
            :data:`CHECKPOINT_EVERY` folded so far.
        recent: ``(k, state)`` for the latest few ``k``, most recent last.
    """

    def __init__(self, start: Any) -> None:
        """Args:
            start: the state before any event (``k`` = 0).
        """
        self.checkpoints: dict[int, Any] = {0: start}
        self.recent: deque[tuple[int, Any]] = deque(maxlen=RECENT_STATES)

    def folding(self, n: int, state: Any) -> None:
        """Event ``n + 1`` is about to be folded into ``state``, the state after ``n``
        effective events: keep it (it is what that event's undo returns to)."""
        recent = self.recent
        while recent and recent[-1][0] >= n:
            recent.pop()
        recent.append((n, state))

    def folded(self, n: int, state: Any) -> None:
        """``state`` is the state after ``n`` effective events: a checkpoint if ``n`` is a
        multiple of :data:`CHECKPOINT_EVERY`."""
        if n % CHECKPOINT_EVERY == 0:
            self.checkpoints[n] = state

    def state_at(self, n: int, effective: Sequence[int],
                 fold_seq: Callable[[Any, int], Any]) -> Any:
        """The state after the first ``n`` effective events, after an undo took the later
        ones back (the entries past ``n`` are dropped).

        Args:
            n: how many effective events count now.
            effective: the ``seq`` of every effective event, in order (at least ``n``).
            fold_seq: ``(state, seq) -> state``: fold event ``seq`` in (a note is left out
                by returning ``state``).

        Returns:
            The state: a recent one if kept, else the last checkpoint folded on.
        """
        for k in [k for k in self.checkpoints if k > n]:
            del self.checkpoints[k]
        recent = self.recent
        while recent and recent[-1][0] > n:
            recent.pop()
        if recent and recent[-1][0] == n:
            return recent[-1][1]
        base = max(self.checkpoints)
        state = self.checkpoints[base]
        for seq in effective[base:n]:
            state = fold_seq(state, seq)
        return state
