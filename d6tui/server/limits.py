"""What the server allows: sessions at once, timeouts, connections per address, terminal
size. Pure values and small counters, no I/O."""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Limits:
    """The server's limits (each a ``d6tui serve`` flag).

    Attributes:
        max_sessions: sessions (terminals) open at once; one more is told the server is full.
        login_timeout: seconds a connection has to authenticate.
        idle_timeout: seconds without a key from the client before its session is closed
            (its seat at a table is kept).
        rate: connections allowed per address per ``rate_window`` seconds; more are closed
            before authentication.
        rate_window: the window of ``rate``, in seconds.
        max_width, max_height: the largest terminal a session gets; a larger one is clamped.
        keepalive: seconds between keepalive probes (a dead client is noticed).
    """

    max_sessions: int = 50
    login_timeout: float = 30.0
    idle_timeout: float = 3600.0
    rate: int = 10
    rate_window: float = 60.0
    max_width: int = 400
    max_height: int = 200
    keepalive: float = 30.0

    def clamp(self, width: int, height: int) -> tuple[int, int]:
        """A client's terminal size within the limits (at least 1x1; 0 means 80x24, as
        some clients send before they know)."""
        width = width or 80
        height = height or 24
        return max(1, min(width, self.max_width)), max(1, min(height, self.max_height))


@dataclass
class RateLimiter:
    """Connections per address in a sliding window.

    Args:
        rate: connections allowed in ``window`` seconds.
        window: seconds.
        clock: the time source (tests pass their own).
    """

    rate: int
    window: float
    clock: object = time.monotonic
    _seen: dict[str, deque[float]] = field(default_factory=dict)

    def allow(self, address: str) -> bool:
        """Count a connection from ``address``; False when it is one too many (a refused
        connection still counts, so a client hammering the port stays out)."""
        now = self.clock()  # type: ignore[operator]
        q = self._seen.setdefault(address, deque())
        while q and q[0] <= now - self.window:
            q.popleft()
        q.append(now)
        if len(self._seen) > 10_000:  # forget addresses that went quiet
            for a in [a for a, d in self._seen.items() if d[-1] <= now - self.window]:
                del self._seen[a]
        return len(q) <= self.rate
