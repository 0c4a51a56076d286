"""The tables open on one server, by their short codes: opening a game at a new table,
finding a table by code, the tables a player holds seats at, and the list of tables kept in
``tables.toml`` so they open again after a restart (DESIGN "Seats, tables and the SSH
server"). One table itself is :class:`d6tui.server.table.Table`."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from pathlib import Path

from d6tui.engine.errors import D6Error
from d6tui.engine.game import GameDefinition
from d6tui.engine.session import Session
from d6tui.server.table import Table, TableError

log = logging.getLogger("d6tui.server")

#: Table codes use letters and digits that cannot be misread for each other (no 0/O, 1/I/L).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 4


class Tables:
    """The tables open on one server, by code.

    Args:
        folder: where tables' saves are written (None: in memory, for tests).
        make_code: a code maker (tests pass their own); codes are never reused while open.
        players: the names of the server's players now (its keys' names), for the seats kept
            for them (:meth:`Table.join`); by default none.
    """

    def __init__(self, folder: Path | None = None,
                 make_code: Callable[[], str] | None = None,
                 players: Callable[[], set[str]] = set) -> None:
        self.folder = folder
        self.players = players
        #: Called with a table's code when a table opens or closes or its people change
        #: (the server tells every lobby to list the tables again).
        self.on_lobby: Callable[[str], None] | None = None
        self._make_code = make_code or _random_code
        self._tables: dict[str, Table] = {}

    def reopen(self) -> int:
        """Open again the tables the folder's list names (after a restart of the server):
        each save is loaded, its seats are bound to the same key names, nobody is present.
        A save that cannot be loaded is left out, with a line in the server's log.

        Returns:
            How many tables were reopened.
        """
        from d6tui.server.table_index import load_index

        if self.folder is None:
            return 0
        for entry in load_index(self.folder):
            if entry.code in self._tables:
                continue
            try:
                session = Session.load(self.folder / entry.save, seat_words=True)
            except (D6Error, OSError) as e:
                log.error("table not reopened code=%s save=%s error=%s", entry.code,
                          entry.save, str(e).splitlines()[0] if str(e) else type(e).__name__)
                continue
            table = Table(entry.code, session, entry.host)
            n = len(table.seat_names())
            table.holders = {s: name for s, name in entry.holders.items() if 0 <= s < n}
            if session.rules.computer is not None:
                table.computer = {s for s in entry.computer if 0 <= s < n}
            self._add(table)
            log.info("table reopened code=%s game=%s seats=%s", entry.code,
                     session.rules.slug, ",".join(table.holders.values()) or "-")
        return len(self._tables)

    def _add(self, table: Table) -> None:
        table.players = self.players
        table.on_people = lambda t: self.on_lobby(t.code) if self.on_lobby else None
        self._tables[table.code] = table
        table.on_seats = self._save_index
        self._save_index()

    def _save_index(self) -> None:
        from d6tui.engine.errors import LogError
        from d6tui.server.table_index import TableEntry, save_index

        if self.folder is None:
            return
        entries = [TableEntry(t.code, t.session.log.path.name, t.host, dict(t.holders),
                              frozenset(t.computer))
                   for t in self._tables.values() if t.session.log is not None]
        try:
            save_index(self.folder, entries)
        except LogError as e:  # the tables go on; only a restart would forget them
            log.error("tables list not saved error=%s", e)

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
        table = Table(code, Session.new(rules, options, path=path, title=title,
                                      seat_words=True), host)
        self._add(table)
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
            self._save_index()
            if self.on_lobby is not None:
                self.on_lobby(code)


def _random_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
