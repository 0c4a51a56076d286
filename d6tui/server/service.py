"""The tables, reachable from every session's d6tui: JSON lines over a socket pair.

Each session's child gets one end of a ``socket.socketpair()`` (its descriptor in
``D6TUI_TABLE_FD``); the server holds the other, bound to the player's key name when it was
made, so a child cannot speak for anyone else. Requests are one JSON object a line,
``{"id": 1, "op": "join", "code": "K7QF"}``; each gets ``{"id": 1, "ok": ...}`` or
``{"id": 1, "error": "one line"}``. After any change at a table, every session at it gets
``{"changed": "K7QF"}`` and asks for its ``state`` again.

A ``state`` answer holds only ``view(state, seat)`` of the asking player's seat (the
spectator's view for a watcher), as the game's JSON, with that seat's moves: the hidden
parts of a game never leave the server, first frame included.

Ops: ``games``, ``tables``, ``open`` (game, options, title), ``join`` (code, seat),
``watch`` (code), ``leave`` (code), ``state`` (code), ``play`` (code, move, answers, typed;
``undo`` and ``redo`` are moves too), ``note`` (code, text, edits, at: a seat's note in
the game's log), ``frame`` (code, since: a packed
:class:`~d6tui.server.seat_frame.SeatFrame`, what the game's own screen at a table draws
from) and ``table_dice`` (code, on: this seat types its own dice or not).

Each session has two socket pairs: the first for the lobby and the change notices
(asynchronous, :class:`~d6tui.server.table_client.TableClient`), the second for the game
screen's calls, answered in order and never carrying a notice
(:class:`~d6tui.server.seat_session.TableCalls`), so a move can be made and its result drawn
at once as the screens expect of a local game.
A move is made in a thread, one at a time per table, so its ``fsync`` never holds the loop
that relays every session's bytes; the rest are quick and run in the loop (``open``
writes a new save's first block there).
"""

from __future__ import annotations

import asyncio
import json
import logging
import socket
from collections.abc import Iterable
from typing import Any

from d6tui.engine.errors import D6Error
from d6tui.engine.game import Move
from d6tui.server.seat_frame import frame_of, pack
from d6tui.server.table import Table, TableError
from d6tui.server.tables import Tables

log = logging.getLogger("d6tui.server")

#: Seconds between two of the computer's moves at a table (each is drawn at every seat).
COMPUTER_PAUSE = 0.4

#: The most moves the computer plays in a row before it stops (a game's bug cannot spin).
COMPUTER_LIMIT = 2000

#: The longest request line read (a move's answers are small).
MAX_LINE = 64 * 1024


def move_json(move: Move) -> dict:
    """A move as the child needs it to ask its choices and dice (no functions)."""
    return {
        "id": move.id, "label": move.label, "seat": move.seat, "section": move.section,
        "choices": [{"name": c.name, "prompt": c.prompt, "options": [list(o) for o in c.options],
                     "min": c.min, "max": c.max} for c in move.choices],
        "dice": [{"name": d.name, "count": d.count, "label": d.label,
                  "die": getattr(d.die, "name", str(d.die))} for d in move.dice],
    }


def table_json(table: Table, others: Iterable[Table] = ()) -> dict:
    """A table as the lobby lists it: each seat's holder, whether they are there, where they
    are instead (``elsewhere``: the codes of the ``others`` tables they have a terminal at,
    sitting or watching), whether the computer plays it, and the player a free seat is kept
    for (its name is theirs)."""
    seats = table.seat_names()
    others = [t for t in others if t is not table]

    def elsewhere(holder: str | None) -> list[str]:
        if holder is None or holder in table.present:
            return []
        return [t.code for t in others if holder in t.present]

    return {
        "code": table.code, "game": table.rules.slug, "name": table.rules.name,
        "title": table.session.title, "host": table.host,
        "status": table.rules.status(table.view("")),
        "seats": [{"seat": i, "name": n, "holder": table.holders.get(i),
                   "present": table.holders.get(i) in table.present,
                   "elsewhere": elsewhere(table.holders.get(i)),
                   "computer": i in table.computer,
                   "kept_for": None if i in table.holders else table.kept_for(i)}
                  for i, n in enumerate(seats)],
        "spectators": sorted(table.spectators),
    }


def state_json(table: Table, name: str) -> dict:
    """What ``name`` sees at ``table``: their seat, its view as JSON, its moves."""
    seat = table.seat_of(name)
    view = table.view(name)
    return {"code": table.code, "seat": seat, "status": table.rules.status(view),
            "over": table.rules.is_over(view), "view": table.rules.to_json(view),
            "moves": [move_json(m) for m in table.moves(name)], "events": len(table.session.events)}


class Player:
    """One session's end of the socket pair, bound to a name.

    Args:
        service: the tables service.
        name: the player's key name.
        sock: the server's end.
    """

    def __init__(self, service: TableService, name: str, sock: socket.socket,
                 notices: bool = True) -> None:
        self.service = service
        self.name = name
        self.sock = sock
        #: Whether this end hears of changes (the lobby's end; not the calls' end).
        self.notices = notices
        self.writer: asyncio.StreamWriter | None = None
        self._unsubscribe: dict[str, Any] = {}

    async def run(self) -> None:
        """Answer requests until the child closes its end; then leave every table's
        presence (seats are kept)."""
        reader, self.writer = await asyncio.open_connection(sock=self.sock, limit=MAX_LINE)
        self.loop = asyncio.get_running_loop()
        if self.notices:
            self.service.lobbies.add(self)
        try:
            while line := await reader.readline():
                await self._answer(line)
        except (ValueError, ConnectionError):  # a line too long, or the child died
            pass
        finally:
            self.service.lobbies.discard(self)
            for code, stop in list(self._unsubscribe.items()):
                stop()
                if self._followed_elsewhere(code):
                    continue  # a newer session of the same player is at that table now
                try:
                    self.service.tables.get(code).disconnect(self.name)
                except TableError:
                    pass
            self.writer.close()

    def _followed_elsewhere(self, code: str) -> bool:
        """Whether another live session of this player follows table ``code`` (a player
        who logged in again and sat down before this older session finished closing)."""
        return any(p is not self and p.name == self.name and code in p._unsubscribe
                   for p in self.service.lobbies)

    def send(self, message: dict) -> None:
        """Send one JSON line (dropped if the child is gone)."""
        if self.writer is not None and not self.writer.is_closing():
            self.writer.write(json.dumps(message, default=str).encode() + b"\n")

    async def _answer(self, line: bytes) -> None:
        rid = None
        try:
            request = json.loads(line)
            if not isinstance(request, dict):
                raise TableError("a request is a JSON object")
            rid = request.get("id")
            if request.get("op") == "play":
                ok = await self.play(request)
            elif request.get("op") == "table_dice":
                ok = await self.table_dice(request)
            elif request.get("op") == "note":
                ok = await self.note(request)
            else:
                ok = self.handle(request)
            self.send({"id": rid, "ok": ok})
            if "code" in request:
                self.service.drive(str(request["code"]))
        except json.JSONDecodeError:
            self.send({"id": rid, "error": "a request is one JSON object a line"})
        except (D6Error, KeyError, TypeError, ValueError) as e:
            text = str(e) if isinstance(e, D6Error) else f"a bad request ({e})"
            self.send({"id": rid, "error": text.splitlines()[0] if text else "refused"})
        except Exception:  # a game's bug: this request fails, the session goes on
            log.exception("table request failed name=%s", self.name)
            self.send({"id": rid, "error": "the server failed on this request (see its log)"})
        if self.writer is not None:
            await self.writer.drain()

    def handle(self, request: dict) -> Any:
        """Do one request for this player.

        Returns:
            The answer's ``ok`` value.

        Raises:
            TableError, RuleError, DiceError, LogError: refused (one line each).
            KeyError, TypeError: a field is missing or of the wrong kind.
        """
        tables = self.service.tables
        op = request["op"]
        if op == "games":
            from d6tui.engine.registry import games

            return [{"slug": g.slug, "name": g.name} for g in games()]
        if op == "tables":
            listing = tables.listing()
            return [table_json(t, listing) for t in listing]
        if op == "open":
            from d6tui.engine.registry import load_rules

            table = tables.open(load_rules(str(request["game"])), dict(request["options"]),
                                self.name, request.get("title"))
            self._follow(table)
            return table.code
        table = tables.get(str(request["code"]))
        if op == "join":
            seat = request.get("seat")
            held = table.join(self.name, None if seat is None else int(seat))
            self._follow(table)
            return held
        if op == "watch":
            table.watch(self.name)
            self._follow(table)
            return None
        if op == "leave":
            stop = self._unsubscribe.pop(table.code, None)
            if stop:
                stop()
            table.leave(self.name)
            return None
        if op == "computer":
            table.hand_to_computer(self.name, int(request["seat"]))
            return None
        if op == "state":
            return state_json(table, self.name)
        if op == "frame":
            return pack(frame_of(table, self.name, int(request.get("since") or 0)))
        raise TableError(f"there is no request '{op}'")

    async def play(self, request: dict) -> dict:
        """A move, made in a thread (its append and ``fsync`` must not hold the server's
        loop, which relays every session's bytes); one move at a time per table.

        Returns:
            The event's ``seq`` and ``type``.

        Raises:
            As :meth:`Table.play`; KeyError for a missing field.
        """
        table = self.service.tables.get(str(request["code"]))
        async with self.service.lock(table.code):
            event = await asyncio.to_thread(
                table.play, self.name, str(request["move"]), request.get("answers"),
                request.get("typed"))
        return {"seq": event.get("seq"), "type": event.get("type")}

    async def table_dice(self, request: dict) -> bool:
        """This player's seat types its own dice from now on, or not (a ``table_dice``
        event, saved in a thread as a move is).

        Returns:
            Whether an event was recorded.
        """
        table = self.service.tables.get(str(request["code"]))
        async with self.service.lock(table.code):
            event = await asyncio.to_thread(table.set_table_dice, self.name, bool(request["on"]))
        return event is not None

    async def note(self, request: dict) -> dict:
        """A note by this player's seat (``text``, ``edits``, ``at``), saved in a thread as
        a move is.

        Returns:
            The event's ``seq``.

        Raises:
            As :meth:`Table.write_note`; KeyError for a missing field.
        """
        table = self.service.tables.get(str(request["code"]))
        edits, at = request.get("edits"), request.get("at")
        async with self.service.lock(table.code):
            event = await asyncio.to_thread(
                table.write_note, self.name, str(request["text"]),
                None if edits is None else int(edits), at if isinstance(at, dict) else None)
        return {"seq": event.get("seq")}

    def _follow(self, table: Table) -> None:
        if self.notices and table.code not in self._unsubscribe:
            loop = asyncio.get_running_loop()
            # A move's listeners run in its thread: the notice is sent from the loop.
            self._unsubscribe[table.code] = table.subscribe(
                lambda t: loop.call_soon_threadsafe(self.send, {"changed": t.code}))


class TableService:
    """The server's tables and the sessions that reach them.

    Args:
        tables: the open tables.
    """

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        #: The players' lobby ends (those that hear of changes), told of every table's
        #: change of people (:meth:`lobby_changed`).
        self.lobbies: set[Player] = set()
        tables.on_lobby = self.lobby_changed
        self._tasks: set[asyncio.Task] = set()
        self._locks: dict[str, asyncio.Lock] = {}
        self._driving: set[str] = set()

    def lobby_changed(self, code: str) -> None:
        """Tell every lobby that table ``code`` opened, closed, or was joined, watched or
        left (a ``changed`` notice: the lobby lists the tables again)."""
        for player in list(self.lobbies):
            player.loop.call_soon_threadsafe(player.send, {"changed": code})

    def lock(self, code: str) -> asyncio.Lock:
        """The lock that lets one move at a time be made at table ``code``."""
        return self._locks.setdefault(code, asyncio.Lock())

    def drive(self, code: str) -> None:
        """Let the computer play its seats' moves at table ``code`` (in the background, one
        move at a time under the table's lock, :data:`COMPUTER_PAUSE` apart so players see
        each); nothing when it has no move now or is at it already."""
        try:
            table = self.tables.get(code)
        except TableError:
            return
        if code in self._driving or table.computer_seat() is None:
            return
        self._driving.add(code)
        task = asyncio.get_running_loop().create_task(self._drive(table))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _drive(self, table: Table) -> None:
        try:
            for _ in range(COMPUTER_LIMIT):
                await asyncio.sleep(COMPUTER_PAUSE)
                async with self.lock(table.code):
                    try:
                        event = await asyncio.to_thread(table.computer_move)
                    except D6Error as e:
                        log.error("computer move refused code=%s error=%s", table.code,
                                  str(e).splitlines()[0] if str(e) else type(e).__name__)
                        return
                if event is None:
                    return
            log.error("computer stopped after %d moves code=%s", COMPUTER_LIMIT, table.code)
        except Exception:  # a bot's bug: the table goes on, its players may still move
            log.exception("computer failed code=%s", table.code)
        finally:
            self._driving.discard(table.code)

    def connect(self, name: str, notices: bool = True) -> socket.socket:
        """A socket pair for a new session of ``name``; the server's end is served from now.

        Args:
            name: the player's key name (every request on it is theirs).
            notices: False for the calls' end, which never hears of changes.

        Returns:
            The child's end (pass its ``fileno()`` to the child, then close it here).
        """
        mine, theirs = socket.socketpair()
        task = asyncio.get_running_loop().create_task(
            Player(self, name, mine, notices).run())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return theirs
