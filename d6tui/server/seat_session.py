"""One seat of a shared table, shaped like a :class:`~d6tui.engine.session.Session`, so that
the game's own screen (or the generic one) plays at a table as it plays locally.

:class:`SeatSession` is what a game screen holds in a d6tui started by ``d6tui serve``: its
``state`` is the seat's view (``view(state, seat)``, from a
:class:`~d6tui.server.seat_frame.SeatFrame`), its ``moves`` are the seat's moves as the table
gives them, and :meth:`SeatSession.play` sends a move to the table's one writer, which checks
it against the seat; the answer comes back with the new frame, so the screen draws the
move's result at once, as it does locally. Everything a screen may do that is not a move of
the game (a command function called directly, a rename, a tool of the local screen) is
refused with one line: at a table, only the game's moves reach the log.

No Textual here: :class:`TableCalls` is a blocking request/answer line on its own socket
(``D6TUI_TABLE_CALL_FD``), which a session's d6tui may block on for a move's round trip as a
local game blocks on its save's ``fsync``.
"""

from __future__ import annotations

import itertools
import json
import os
import socket
from collections.abc import Mapping
from types import EllipsisType
from typing import Any

from d6tui.engine.errors import RuleError
from d6tui.engine.game import Move, Seat
from d6tui.engine.log import LogHeader
from d6tui.engine.registry import load_rules
from d6tui.server.seat_frame import LogLine, SeatFrame, unpack
from d6tui.server.table_client import CALL_FD_ENV, TableRefused

#: Seconds a call waits for the server (a move waits for the moves before it at the table).
CALL_TIMEOUT = 15.0


class TableCalls:
    """Blocking requests to the server's tables on the calls' socket.

    Args:
        sock: this session's end of the calls' socket pair.
    """

    def __init__(self, sock: socket.socket) -> None:
        sock.setblocking(True)
        sock.settimeout(CALL_TIMEOUT)
        self.sock = sock
        self._lines = sock.makefile("rb")
        self._ids = itertools.count(1)

    @classmethod
    def from_env(cls) -> TableCalls | None:
        """The calls of a d6tui started by ``d6tui serve``, or None when run locally."""
        fd = os.environ.get(CALL_FD_ENV)
        if not fd or not fd.isdigit():
            return None
        return cls(socket.socket(fileno=int(fd)))

    def call(self, op: str, **fields: Any) -> Any:
        """Ask the server and wait for its answer.

        Returns:
            The answer's value.

        Raises:
            TableRefused: refused (the server's one line), the server has gone, or no
                answer in :data:`CALL_TIMEOUT` seconds.
        """
        rid = next(self._ids)
        try:
            self.sock.sendall(json.dumps({"id": rid, "op": op, **fields}).encode() + b"\n")
            while True:
                line = self._lines.readline()
                if not line:
                    raise TableRefused("the server has gone")
                answer = json.loads(line)
                if answer.get("id") == rid:
                    break
        except TimeoutError:
            raise TableRefused("the server did not answer in time") from None
        except OSError:
            raise TableRefused("the server has gone") from None
        if "error" in answer:
            raise TableRefused(answer["error"])
        return answer.get("ok")

    def close(self) -> None:
        """Close the socket."""
        self._lines.close()
        self.sock.close()


class SeatSession:
    """A seat at a shared table, as a game screen uses a Session (module docstring).

    Build one with :meth:`open`. Attributes a screen reads: ``rules``, ``header`` (the
    options without the seed), ``title``, ``state`` (the seat's view), ``events`` (cut down
    to what every seat may read), ``log`` (None: nothing to watch, the table tells),
    ``table_seats``, ``table_all``; and, for the table: ``code``, ``seat`` (None: watching),
    ``frame`` (the latest :class:`SeatFrame`).

    Args:
        calls: the calls' connection.
        frame: the first frame.
    """

    #: There is no file to watch: the table tells every terminal of a change.
    log = None

    def __init__(self, calls: TableCalls, frame: SeatFrame) -> None:
        self.calls = calls
        self.code = frame.code
        self.rules = load_rules(frame.game)
        first = frame.lines[0].event if frame.start == 0 and frame.lines else {}
        # the game began with its first event (an export says when it was started)
        self.header = LogHeader(game=self.rules.slug, title=frame.title,
                                created=first.get("at") or _no_time(),
                                options=dict(frame.options))
        self.events: list[dict] = []
        self._texts: list[str] = []
        self._undone: frozenset[int] = frozenset()
        self.frame = frame
        self._take(frame)

    @classmethod
    def open(cls, calls: TableCalls, code: str) -> SeatSession:
        """The seat of this player at table ``code`` (join or watch it first).

        Raises:
            TableRefused: the server refused or has gone.
        """
        return cls(calls, _frame(calls.call("frame", code=code, since=0)))

    # -- what the screen draws ------------------------------------------------------------

    @property
    def seat(self) -> Seat:
        """This player's seat (None: watching)."""
        return self.frame.seat

    @property
    def state(self) -> Any:
        """The seat's view of the game."""
        return self.frame.view

    @property
    def title(self) -> str:
        """The game's title."""
        return self.frame.title

    @property
    def table_seats(self) -> frozenset[int]:
        """The seats whose rolls are typed from real dice."""
        return self.frame.table_seats

    @property
    def table_all(self) -> bool:
        """Whether this seat's rolls are typed from real dice (a screen's "every roll"
        switch: at a table it is the seat's own)."""
        return self.table_dice_for(self.seat)

    @property
    def table_dice_at(self) -> int:
        """Later than any event: at a table the seats' own setting decides, over any older
        setting of a game's own (Simple Six's ``table_dice_set``), as the latest engine
        ``table_dice`` event does locally (``Session.table_dice_at``)."""
        return int(self.events[-1].get("seq", len(self.events))) + 1 if self.events else 1

    def table_dice_for(self, seat: Seat) -> bool:
        """Whether ``seat``'s rolls are typed from the table's dice."""
        return self.frame.table_all or (seat is not None and seat in self.frame.table_seats)

    @property
    def can_undo(self) -> bool:
        """Whether this seat may undo now (its own latest move, before anyone else moves)."""
        return self.frame.can_undo

    @property
    def can_redo(self) -> bool:
        """Whether this seat may redo now (its own move it undid)."""
        return self.frame.can_redo

    def moves(self, seat: Seat | EllipsisType = ...) -> list[Move]:
        """This seat's moves now (``seat`` left out or this seat's; none for any other)."""
        if seat is not ... and seat != self.seat:
            return []
        return list(self.frame.moves)

    def find_move(self, move_id: str, seat: Seat | EllipsisType = ...) -> Move:
        """This seat's legal move ``move_id``, as ``Session.find_move``.

        Raises:
            RuleError: it is not one of this seat's moves now (the message lists them).
        """
        from d6tui.engine.game import find_move

        return find_move(self.moves(seat), move_id)

    def history(self) -> Any:
        """The log in words, as ``Session.history()`` (the seat's cut-down events)."""
        from d6tui.engine.events import History

        return History(self)

    def history_entry(self, index: int) -> LogLine:
        """Event ``index`` in words, marked if undone."""
        ev = self.events[index]
        return LogLine(ev, self._texts[index], ev["seq"] in self._undone)

    def text_of(self, index: int) -> str:
        """Event ``index`` in words."""
        return self._texts[index]

    def is_undone(self, seq: int) -> bool:
        """Whether event ``seq`` is undone now."""
        return seq in self._undone

    def notes(self) -> tuple:
        """The game's notes now, as ``Session.notes()`` (from the latest frame)."""
        return tuple(self.frame.notes)

    def where(self) -> dict:
        """Where the game is now, as a new note anchors to it (``Session.where()``)."""
        return dict(self.frame.where)

    #: Why undo is sealed: at a table the table's rule says (``can_undo``), never the game.
    undo_sealed = ""

    def seat_name(self) -> str:
        """``Ann (seat 1)``, or ``watching``."""
        if self.seat is None:
            return "watching"
        return f"{self.frame.seats[self.seat]} (seat {self.seat + 1})"

    # -- acting -------------------------------------------------------------------------

    def play(self, move: Move, answers: Mapping[str, Any] | None = None,
             typed: Mapping[str, Any] | None = None) -> dict:
        """Send one of :meth:`moves` to the table and take the new frame.

        Returns:
            The recorded event, as this seat may read it.

        Raises:
            RuleError: the table refused it (not this seat's move, a rule, bad dice, the
                server has gone): the message is the server's one line.
        """
        self._ask("play", code=self.code, move=move.id, answers=dict(answers or {}),
                  typed=dict(typed or {}))
        self.refresh()
        return dict(self.events[-1]) if self.events else {}

    def undo(self) -> dict:
        """Undo this seat's latest move (the table's rule decides)."""
        return self.play(Move("undo", "Undo", _refuse, self.seat))

    def redo(self) -> dict:
        """Redo this seat's undone move."""
        return self.play(Move("redo", "Redo", _refuse, self.seat))

    def set_table_dice(self, seats: list[int] | None = None, *, everyone: bool = False) -> dict:
        """Type this seat's own rolls from real dice, or not: on when ``everyone`` or when
        ``seats`` holds this seat (the other seats choose for themselves).

        Raises:
            RuleError: watching, or the table refused.
        """
        if self.seat is None:
            raise RuleError("you are watching: only a seat types its dice")
        on = everyone or self.seat in (seats or ())
        self._ask("table_dice", code=self.code, on=on)
        self.refresh()
        return dict(self.events[-1]) if self.events else {}

    def write_note(self, text: str, edits: int | None = None, at: dict | None = None) -> dict:
        """Write a note in the table's log, or edit one, as ``Session.write_note`` (the
        table's writer records it for this seat, and undoes it as this seat's move).

        Raises:
            RuleError: watching (a spectator writes nothing in the game's log), bad text,
                no such note, the game moved on from ``at``, or the table refused.
        """
        if self.seat is None:
            raise RuleError("you are watching: only a seat at the table writes notes in "
                            "the game's log")
        self._ask("note", code=self.code, text=text, edits=edits, at=at)
        self.refresh()
        return dict(self.events[-1]) if self.events else {}

    def do(self, command: Any, *args: Any, **kwargs: Any) -> dict:
        """Refused: at a table only the game's moves reach the log.

        Raises:
            RuleError: always, in one line.
        """
        raise RuleError("at a shared table only the game's listed moves can be made; this "
                        "one is a tool of a game at one keyboard")

    def retitle(self, title: str) -> dict:
        """Refused: a table's game keeps its title.

        Raises:
            RuleError: always.
        """
        raise RuleError("a shared table's game keeps its title")

    def refresh(self) -> int:
        """Take the table's latest frame (after a change notice, or a move).

        Returns:
            How many new events it brought.

        Raises:
            RuleError: the server refused or has gone.
        """
        before = len(self.events)
        self._take(_frame(self._ask("frame", code=self.code, since=len(self.events))))
        return len(self.events) - before

    def close(self) -> None:
        """Nothing to close: the calls' connection serves every table of this session."""

    def stop_watching(self) -> None:
        """A spectator's screen closed: the table no longer lists this terminal as
        watching (a seat's player keeps the seat; nothing is asked for a seat). A server
        that has gone is left to notice the dropped terminal itself."""
        if self.seat is not None:
            return
        try:
            self.calls.call("leave", code=self.code)
        except TableRefused:
            pass

    # -- internals ----------------------------------------------------------------------

    def _ask(self, op: str, **fields: Any) -> Any:
        try:
            return self.calls.call(op, **fields)
        except TableRefused as e:
            raise RuleError(str(e)) from None

    def _take(self, frame: SeatFrame) -> None:
        del self.events[frame.start:]
        del self._texts[frame.start:]
        for line in frame.lines:
            self.events.append(dict(line.event))
            self._texts.append(line.text)
        self._undone = frame.undone
        self.frame = frame


def _frame(text: Any) -> SeatFrame:
    try:
        return unpack(str(text))
    except ValueError as e:
        raise RuleError(str(e)) from None


def _no_time() -> Any:
    from d6tui.engine.log import now

    return now()


def _refuse(state: Any, dice: Any, **kw: Any) -> dict:
    raise RuleError("this move is made by the table's server, not here")
