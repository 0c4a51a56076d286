"""A shared table: one game's Session, its seats bound to players' names, its spectators,
and the one writer of its log (DESIGN "Seats, tables and the SSH server").

No UI and no SSH here: the server holds one :class:`Tables` and each player's session
reaches its table through it. Every move goes through :meth:`Table.play`, which checks it
against the seat of the player who sent it (only ``session.moves(seat)`` of that seat),
records it, and tells every subscriber, each of which then draws :meth:`Table.view` of its
own seat (a spectator's view for a watcher), never the whole state.

Undo and redo are not offered at a shared table yet: taking back another player's move
needs their agreement, which is a screen still to come.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from d6tui.engine.errors import D6Error
from d6tui.engine.game import GameDefinition, Move
from d6tui.engine.session import Session

log = logging.getLogger("d6tui.server")

#: Table codes use letters and digits that cannot be misread for each other (no 0/O, 1/I/L).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 4

#: Moves a shared table does not offer (see the module docstring).
NOT_AT_A_TABLE = frozenset({"undo", "redo"})

#: Called with the table after every change (a move, a player joining, leaving, ...).
Listener = Callable[["Table"], None]


class TableError(D6Error):
    """Something a player may not do at a table; the message is one line."""


class Table:
    """One game played by several players, each at their own terminal.

    Args:
        code: the short code others join by.
        session: the game (its log is written only through this table).
        host: the name of the player who opened it.
    """

    def __init__(self, code: str, session: Session, host: str) -> None:
        self.code = code
        self.session = session
        self.host = host
        #: seat index -> the name of the player who holds it.
        self.holders: dict[int, str] = {}
        #: names watching without a seat.
        self.spectators: set[str] = set()
        #: names with a terminal at the table now (seated or watching).
        self.present: set[str] = set()
        self._listeners: dict[int, Listener] = {}
        self._next_listener = 0

    # -- who sits where -------------------------------------------------------------------

    @property
    def rules(self) -> GameDefinition:
        """The game's rules."""
        return self.session.rules

    def seat_names(self) -> tuple[str, ...]:
        """The game's seats, by index (``rules.seats(state)``)."""
        return tuple(self.rules.seats(self.session.state))

    def seat_of(self, name: str) -> int | None:
        """The seat ``name`` holds, or None (a spectator or a stranger)."""
        for seat, holder in self.holders.items():
            if holder == name:
                return seat
        return None

    def free_seats(self) -> list[int]:
        """The seats nobody holds, in order."""
        return [i for i in range(len(self.seat_names())) if i not in self.holders]

    def join(self, name: str, seat: int | None = None) -> int:
        """Sit ``name`` at the table; a player who holds a seat already gets it back.

        Args:
            name: the player (their key's name).
            seat: the seat wanted, or None for the first free one.

        Returns:
            The seat's index.

        Raises:
            TableError: the seat does not exist or is someone else's, or every seat is taken.
        """
        held = self.seat_of(name)
        if held is not None:
            if seat is not None and seat != held:
                raise TableError(f"you hold {self._seat_label(held)} at table {self.code}")
            self._arrive(name)
            return held
        seats = self.seat_names()
        if seat is None:
            free = self.free_seats()
            if not free:
                raise TableError(f"every seat at table {self.code} is taken; you may watch")
            seat = free[0]
        elif not 0 <= seat < len(seats):
            raise TableError(f"table {self.code} has no seat {seat + 1}")
        elif seat in self.holders:
            raise TableError(f"{self._seat_label(seat)} is {self.holders[seat]}'s")
        self.holders[seat] = name
        self.spectators.discard(name)
        self._arrive(name)
        return seat

    def watch(self, name: str) -> None:
        """``name`` watches the table without a seat (one with a seat keeps it and sees their
        seat's view: use :meth:`join`).

        Raises:
            TableError: ``name`` holds a seat here.
        """
        if self.seat_of(name) is not None:
            raise TableError(f"you hold a seat at table {self.code}; join to take it back")
        self.spectators.add(name)
        self._arrive(name)

    def disconnect(self, name: str) -> None:
        """``name``'s terminal went away; their seat is kept for them."""
        if name in self.present:
            self.present.discard(name)
            self._changed()

    def leave(self, name: str) -> None:
        """``name`` gives up their seat (or stops watching)."""
        seat = self.seat_of(name)
        if seat is not None:
            del self.holders[seat]
        self.spectators.discard(name)
        self.present.discard(name)
        self._changed()

    def _arrive(self, name: str) -> None:
        self.present.add(name)
        self._changed()

    def _seat_label(self, seat: int) -> str:
        names = self.seat_names()
        return f"seat {seat + 1} ({names[seat]})" if seat < len(names) else f"seat {seat + 1}"

    # -- the game -------------------------------------------------------------------------

    def view(self, name: str) -> Any:
        """What ``name`` may see: ``rules.view(state, their seat)``, or the spectator's view
        (seat None) for anyone without a seat."""
        return self.rules.view(self.session.state, self.seat_of(name))

    def moves(self, name: str) -> list[Move]:
        """The moves ``name`` may make now: their seat's only (none without a seat)."""
        seat = self.seat_of(name)
        if seat is None:
            return []
        return [m for m in self.session.moves(seat) if m.id not in NOT_AT_A_TABLE]

    def play(self, name: str, move_id: str, answers: Mapping[str, Any] | None = None,
             typed: Mapping[str, str] | None = None) -> dict:
        """Make a move for ``name``'s seat and tell everyone at the table.

        Args:
            name: the player sending the move.
            move_id: one of :meth:`moves` of that player.
            answers, typed: as :meth:`Session.play`.

        Returns:
            The recorded event.

        Raises:
            TableError: ``name`` has no seat, or the move is not one of their seat's now.
            RuleError, DiceError, LogError: as :meth:`Session.play`.
        """
        seat = self.seat_of(name)
        if seat is None:
            raise TableError(f"you have no seat at table {self.code}; you are watching")
        legal = self.moves(name)
        move = next((m for m in legal if m.id == move_id), None)
        if move is None:
            ids = ", ".join(m.id for m in legal) or "none (it is not your turn)"
            raise TableError(f"'{move_id}' is not a move of {self._seat_label(seat)} now; "
                             f"yours are: {ids}")
        event = self.session.play(move, answers, typed)
        self._changed()
        return event

    # -- telling the terminals ------------------------------------------------------------

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(table)`` after every change.

        Returns:
            A function that unsubscribes it.
        """
        key = self._next_listener
        self._next_listener += 1
        self._listeners[key] = listener

        def unsubscribe() -> None:
            self._listeners.pop(key, None)

        return unsubscribe

    def _changed(self) -> None:
        for key, listener in list(self._listeners.items()):
            try:
                listener(self)
            except Exception:  # a broken terminal must not stop the others' redraw
                log.exception("table %s: a listener failed; it is dropped", self.code)
                self._listeners.pop(key, None)

    def close(self) -> None:
        """Close the game's log."""
        self.session.close()


class Tables:
    """The tables open on one server, by code.

    Args:
        folder: where tables' saves are written (None: in memory, for tests).
        make_code: a code maker (tests pass their own); codes are never reused while open.
    """

    def __init__(self, folder: Path | None = None,
                 make_code: Callable[[], str] | None = None) -> None:
        self.folder = folder
        self._make_code = make_code or _random_code
        self._tables: dict[str, Table] = {}

    def open(self, rules: GameDefinition, options: dict, host: str,
             title: str | None = None) -> Table:
        """Start a new game at a new table; its host takes the first seat.

        Raises:
            RuleError: the options break the game's rules.
            LogError: the save cannot be written.
        """
        from d6tui.paths import new_save_path

        code = self._make_code()
        while code in self._tables:
            code = self._make_code()
        path = None
        if self.folder is not None:
            self.folder.mkdir(parents=True, exist_ok=True)
            options = rules.checked_options(dict(options))
            path = new_save_path(self.folder, title or rules.default_title(options))
        table = Table(code, Session.new(rules, options, path=path, title=title), host)
        self._tables[code] = table
        table.join(host)
        log.info("table open code=%s game=%s host=%s", code, rules.slug, host)
        return table

    def get(self, code: str) -> Table:
        """The table with ``code`` (any case, spaces ignored).

        Raises:
            TableError: no open table has that code.
        """
        key = code.strip().upper().replace(" ", "")
        table = self._tables.get(key)
        if table is None:
            raise TableError(f"there is no open table {key or '(empty)'}")
        return table

    def of(self, name: str) -> list[Table]:
        """The tables where ``name`` holds a seat (to take back on reconnecting)."""
        return [t for t in self._tables.values() if t.seat_of(name) is not None]

    def listing(self) -> list[Table]:
        """Every open table, oldest first."""
        return list(self._tables.values())

    def close(self, code: str) -> None:
        """Close a table (its save stays)."""
        table = self._tables.pop(code, None)
        if table is not None:
            table.close()


def _random_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
