"""The tables service in a thread of its own, as the server runs it, for tests of the
game screens at a table (their moves block on the calls' socket, so the service cannot
share the test's loop)."""

from __future__ import annotations

import asyncio
import threading

from d6tui.server.seat_session import SeatSession, TableCalls
from d6tui.server.service import TableService
from d6tui.server.tables import Tables


class ServiceThread:
    """A :class:`TableService` answering in a background loop.

    Args:
        tables: the tables it serves.
    """

    def __init__(self, tables: Tables) -> None:
        self.service = TableService(tables)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def _in_loop(self, fn):
        async def run():
            return fn()

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(10)

    def calls(self, name: str) -> TableCalls:
        """A calls' line bound to ``name``."""
        return TableCalls(self._in_loop(lambda: self.service.connect(name, notices=False)))

    def seat(self, name: str, code: str) -> SeatSession:
        """``name``'s SeatSession at table ``code`` (join or watch first)."""
        return SeatSession.open(self.calls(name), code)

    def do(self, fn):
        """Run ``fn()`` in the service's loop (where the tables live) and return its value."""
        return self._in_loop(fn)

    def stop(self) -> None:
        """Close every player's line, then the loop."""

        async def close() -> None:
            for task in list(self.service._tasks):
                task.cancel()
            await asyncio.gather(*self.service._tasks, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(close(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.loop.close()
