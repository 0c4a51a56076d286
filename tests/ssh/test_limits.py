"""The server's limits: rate per address and terminal size (d6tui.server.limits)."""

from __future__ import annotations

from d6tui.server.limits import Limits, RateLimiter


def test_rate_per_address_in_a_sliding_window():
    now = [0.0]
    rate = RateLimiter(3, 60.0, clock=lambda: now[0])
    assert [rate.allow("a") for _ in range(4)] == [True, True, True, False]
    assert rate.allow("b")  # another address has its own count
    now[0] = 59.0
    assert not rate.allow("a")  # a refused try still counts
    now[0] = 60.5
    assert rate.allow("a")  # the first three have left the window, the refused ones not all
    now[0] = 200.0
    assert rate.allow("a")


def test_terminal_size_is_clamped():
    limits = Limits(max_width=400, max_height=200)
    assert limits.clamp(80, 24) == (80, 24)
    assert limits.clamp(1000, 1000) == (400, 200)
    assert limits.clamp(0, 0) == (80, 24)


def test_defaults_are_the_documented_ones():
    limits = Limits()
    assert (limits.max_sessions, limits.login_timeout, limits.idle_timeout, limits.rate,
            limits.rate_window) == (50, 30.0, 3600.0, 10, 60.0)
