"""A session's side of the tables service (:mod:`d6tui.server.service`): requests and
change notices over the socket the server handed to this d6tui (``D6TUI_TABLE_FD``).

No Textual here: the lobby and table screens call :meth:`TableClient.request` from the
app's loop and redraw when ``on_change`` fires.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import socket
from collections.abc import Callable
from typing import Any

from d6tui.engine.errors import D6Error

FD_ENV = "D6TUI_TABLE_FD"
#: The descriptor of the second socket, for the game screens' calls (see :mod:`.service`).
CALL_FD_ENV = "D6TUI_TABLE_CALL_FD"


class TableRefused(D6Error):
    """The server refused a request; the message is its one line."""


class TableClient:
    """Requests to the server's tables.

    Args:
        sock: this session's end of the socket pair.
        on_change: called with a table's code whenever something changes at a table this
            player sits at or watches.
    """

    def __init__(self, sock: socket.socket, on_change: Callable[[str], None]) -> None:
        self.sock = sock
        self.on_change = on_change
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future] = {}
        self._writer: asyncio.StreamWriter | None = None
        self._task: asyncio.Task | None = None

    @classmethod
    def from_env(cls, on_change: Callable[[str], None]) -> TableClient | None:
        """The client of a d6tui started by ``d6tui serve``, or None when run locally."""
        fd = os.environ.get(FD_ENV)
        if not fd or not fd.isdigit():
            return None
        return cls(socket.socket(fileno=int(fd)), on_change)

    async def start(self) -> None:
        """Start reading answers and notices (call once, in the loop that will use it)."""
        reader, self._writer = await asyncio.open_connection(sock=self.sock)
        self._task = asyncio.get_running_loop().create_task(self._read(reader))

    async def _read(self, reader: asyncio.StreamReader) -> None:
        try:
            while line := await reader.readline():
                message = json.loads(line)
                if "changed" in message:
                    self.on_change(message["changed"])
                    continue
                future = self._waiting.pop(message.get("id"), None)
                if future is not None and not future.done():
                    future.set_result(message)
        finally:
            for future in self._waiting.values():
                if not future.done():
                    future.set_exception(TableRefused("the server has gone"))

    async def request(self, op: str, timeout: float = 10.0, **fields: Any) -> Any:
        """Ask the server.

        Args:
            op: the request (see :mod:`d6tui.server.service`).
            timeout: seconds to wait for the answer.
            fields: its fields (``code``, ``move``, ``answers``...).

        Returns:
            The answer's value.

        Raises:
            TableRefused: refused, the server has gone, or no answer in time.
        """
        if self._writer is None or self._writer.is_closing():
            raise TableRefused("not connected to the server's tables")
        rid = next(self._ids)
        future = asyncio.get_running_loop().create_future()
        self._waiting[rid] = future
        self._writer.write(json.dumps({"id": rid, "op": op, **fields}).encode() + b"\n")
        try:
            await self._writer.drain()
            answer = await asyncio.wait_for(future, timeout)
        except TimeoutError:
            raise TableRefused("the server did not answer in time") from None
        except ConnectionError:
            raise TableRefused("the server has gone") from None
        finally:
            self._waiting.pop(rid, None)
        if "error" in answer:
            raise TableRefused(answer["error"])
        return answer.get("ok")

    def close(self) -> None:
        """Close the connection."""
        if self._task is not None:
            self._task.cancel()
        if self._writer is not None:
            self._writer.close()
        else:
            self.sock.close()
