"""Keys typed faster than the app handles them wait, in order, for the key before them.

A terminal hands the app a burst of keys in one read (a fast typist, a paste, tmux
send-keys). Textual gives each key to the focused widget's queue as it takes it, and runs
a key's binding only when the key has bubbled back up to the app; by then the keys after it
were given out already. So ``c`` (the character form, opened by a worker) followed at once
by a name gave the name's letters to the screen beneath (``a`` there is Attack); and a
dialog just pushed has no field focused until its ``on_mount``, so the keys typed into it
went to the dialog itself, which dropped them.

The app holds a key here while the key before it is still on its way (given to a widget,
not yet handled), while a worker that key's binding started has not had its first turn (it
may be about to push a dialog), and while the dialog on top is opening
(:attr:`d6tui.ui.screens.dialog.DialogScreen.opening`); then lets the held keys in, in
order. Characters typed into a text field are not held: the field takes them in order.
"""

from __future__ import annotations

import asyncio
import time

from textual import events
from textual.app import App
from textual.widgets import Input, TextArea

#: Seconds a key waits at most (then it goes where Textual sends it, as without this queue).
#: A loaded machine (an SSH server with many sessions, a test run on every core) can take
#: longer than half a second to open a form after the key that asks for it; a key that
#: never comes back (none seen in the test suite) costs the key after it this long.
MOST_WAIT = 1.5


def opening(app: App) -> bool:
    """Whether the dialog on top is opening."""
    return bool(app._screen_stack and getattr(app.screen, "opening", False))


class KeyQueue:
    """The keys the app holds, oldest first, and the key on its way.

    Args:
        app: the app whose keys are held (its ``on_event`` calls :meth:`hold`,
            :meth:`sent` and :meth:`back`).
    """

    def __init__(self, app: App) -> None:
        self.app = app
        #: Keys held, in the order typed.
        self.held: list[events.Key] = []
        #: The last key given to a widget and not yet handled (stopped by a widget, or
        #: bubbled back to the app and its binding run), or None.
        self._flight: events.Key | None = None
        #: The key being let in now (not held again).
        self._passing: events.Key | None = None
        #: The workers there were when the key on its way was given out.
        self._workers: set[int] = set()
        #: A key's binding started a worker, which has not had a turn yet (it may be about
        #: to push a dialog).
        self._worker_started = False
        self._scheduled = False
        self._since = 0.0

    def busy(self) -> bool:
        """Whether a key typed now must wait."""
        flight = self._flight
        if flight is not None and flight._stop_propagation:
            self._flight = flight = None  # a widget took it and stopped it
        return flight is not None or self._worker_started or opening(self.app)

    def hold(self, event: events.Key) -> bool:
        """Hold ``event`` if it must wait (keys held before it, or :meth:`busy`); False when
        the app should handle it now."""
        if event is self._passing or not (self.held or self.busy()):
            return False
        if not self.held:
            self._since = time.monotonic()
        self.held.append(event)
        self._schedule()
        return True

    def sent(self, event: events.Key) -> None:
        """``event`` was given to a widget (no priority binding took it): the next key waits
        for it, unless it is a character typed into a text field."""
        focused = self.app.focused
        if event.is_forwarded and not (event.is_printable and
                                       isinstance(focused, Input | TextArea)):
            self._flight = event
            self._workers = {id(w) for w in self.app.workers}

    def back(self, event: events.Key) -> None:
        """``event`` bubbled back to the app and its binding, if any, has run."""
        if event is self._flight:
            self._flight = None
            if any(id(w) not in self._workers for w in self.app.workers):
                self._worker_started = True

    def _schedule(self) -> None:
        if not self._scheduled:
            self._scheduled = True
            self.app.call_later(self._let_in)

    async def _let_in(self) -> None:
        """Let the held keys in, in order, each once nothing is on its way or opening."""
        self._scheduled = False
        while self.held:
            if self.busy() and time.monotonic() - self._since < MOST_WAIT:
                await asyncio.sleep(0)  # a worker's task, a widget's queue take their turn
                self._worker_started = False
                self._schedule()  # and the app's own queue (a dialog's focus, a bubbled key)
                return
            key = self.held.pop(0)
            self._since = time.monotonic()
            self._flight = None
            self._passing = key
            try:
                await self.app.on_event(key)
            finally:
                self._passing = None
