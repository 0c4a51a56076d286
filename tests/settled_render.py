"""Pilot tests draw the screen once each time the app settles, not on every refresh.

A headless app still renders every refresh to its (unseen) terminal: after each key a
Textual app lays out and refreshes a few times before it is idle, and each refresh renders
the screen's changed lines and writes them to the driver. In the UI tests that rendering was
about a third of the CPU (a cProfile of ``tests/ui``: ``Screen._compositor_refresh``, 88 of
270 profiled seconds, for 8,312 refreshes against 1,157 keys and 1,997 pauses).

:func:`install` makes a headless app's screen put its refresh off (the layout is still done
at once: only the drawing waits) and draws the screens put off each time Pilot waits for
the app to be idle (``press``, ``pause``, ``wait_for_animation``...), with the changes of
all the refreshes in between, once. So every state a test looks at has been drawn, as a
user's terminal would show it, and a widget that fails to render still fails the test at
the next wait; only the in-between frames nobody waits for are not drawn. Screenshots
(``export_screenshot``, snapshots) render the screen afresh themselves. The product is not
changed: an app with a terminal draws every refresh as before.
``D6TUI_TESTS_EVERY_FRAME=1`` draws every refresh in the tests too.
"""

from __future__ import annotations

import weakref
from collections.abc import Awaitable, Callable
from typing import Any

import textual._wait
import textual.app
import textual.pilot
from textual.screen import Screen

#: Screens whose drawing waits for the next settle (a screen gone by then is not drawn).
_waiting: weakref.WeakSet[Screen] = weakref.WeakSet()
_original_refresh: Callable[[Screen], None] | None = None
_original_wait: Callable[..., Awaitable[None]] | None = None


def _put_off(self: Screen) -> None:
    """``Screen._compositor_refresh`` for a headless app: draw at the next settle."""
    assert _original_refresh is not None
    try:
        headless = self.app.is_headless
    except Exception:  # no app (a screen being torn down): as Textual would
        headless = False
    if not headless:
        _original_refresh(self)
        return
    _waiting.add(self)


def draw_waiting() -> None:
    """Draw the screens put off since the last settle, bottom of each stack first, as their
    own refreshes would have (a screen no longer on a running app's stack is dropped)."""
    assert _original_refresh is not None
    screens = [screen for screen in _waiting if _on_stack(screen)]
    _waiting.clear()
    for screen in sorted(screens, key=_depth):
        _original_refresh(screen)


def _on_stack(screen: Screen) -> bool:
    try:
        return screen.app.is_running and screen in screen.app.screen_stack
    except Exception:
        return False


def _depth(screen: Screen) -> int:
    return screen.app.screen_stack.index(screen)


async def _wait_then_draw(min_sleep: float = 0.0, max_sleep: float = 1) -> None:
    """Textual's ``wait_for_idle``, then the waiting screens drawn."""
    assert _original_wait is not None
    await _original_wait(min_sleep, max_sleep)
    draw_waiting()


def install() -> None:
    """Put headless apps' drawing off until Pilot waits for idle (see the module's words)."""
    global _original_refresh, _original_wait
    if _original_refresh is not None:
        return
    _original_refresh = Screen._compositor_refresh
    _original_wait = textual._wait.wait_for_idle
    Screen._compositor_refresh = _put_off  # type: ignore[method-assign]
    for module in (textual.app, textual.pilot):
        if getattr(module, "wait_for_idle", None) is _original_wait:
            module.wait_for_idle = _wait_then_draw  # type: ignore[attr-defined]
    _pause: Any = textual.pilot.Pilot.pause

    async def pause(self: textual.pilot.Pilot, delay: float | None = None) -> None:
        await _pause(self, delay)
        draw_waiting()  # pause() ends with a forced update of the screen

    pause.__doc__ = _pause.__doc__
    textual.pilot.Pilot.pause = pause  # type: ignore[method-assign]
