"""The list of a server's open tables on disk (``<data>/tables/tables.toml``), so tables
survive a restart of ``d6tui serve``: each table's code, its save, its host and who holds
which seat. The games themselves are their saves (the log is the game); this file only says
which saves are tables and whose seats are whose.

Written whole through a temp file and a rename after every change of seats (a table
opened or closed, a seat taken or given up), so a crash leaves the old list or the new one.
"""

from __future__ import annotations

import logging
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import tomli_w

from d6tui.engine.logfile import write_atomic

log = logging.getLogger("d6tui.server")

INDEX_NAME = "tables.toml"
FORMAT = "d6tui-tables"


@dataclass(frozen=True)
class TableEntry:
    """One table as the list keeps it.

    Attributes:
        code: the code players join by.
        save: the save's file name, in the tables folder.
        host: who opened it.
        holders: seat index -> the player's key name.
        computer: the seats the table's computer plays.
    """

    code: str
    save: str
    host: str
    holders: dict[int, str] = field(default_factory=dict)
    computer: frozenset[int] = frozenset()


def save_index(folder: Path, entries: list[TableEntry]) -> None:
    """Write the list of tables.

    Raises:
        LogError: the file could not be written.
    """
    doc = {"format": FORMAT, "version": 1, "table": [
        {"code": e.code, "save": e.save, "host": e.host,
         "seats": [{"seat": s, "name": n} for s, n in sorted(e.holders.items())],
         "computer": sorted(e.computer)}
        for e in entries]}
    folder.mkdir(parents=True, exist_ok=True)
    write_atomic(folder / INDEX_NAME, tomli_w.dumps(doc))


def load_index(folder: Path) -> list[TableEntry]:
    """The tables listed in ``folder`` (none when there is no list). An entry that does not
    make sense is left out with a line in the server's log; a list that cannot be read is
    logged and read as empty (the saves stay, and can be opened as games)."""
    path = folder / INDEX_NAME
    if not path.exists():
        return []
    try:
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        log.error("tables list unreadable path=%s error=%s", path, e)
        return []
    if doc.get("format") != FORMAT:
        log.error("tables list of another format path=%s", path)
        return []
    out = []
    for raw in doc.get("table", []):
        try:
            holders = {int(s["seat"]): str(s["name"]) for s in raw.get("seats", [])}
            save = str(raw["save"])
            if "/" in save or "\\" in save or save.startswith("."):
                raise ValueError(f"save {save!r} is not a file of the tables folder")
            computer = frozenset(int(s) for s in raw.get("computer", []))
            out.append(TableEntry(str(raw["code"]), save, str(raw["host"]), holders,
                                  computer))
        except (KeyError, TypeError, ValueError) as e:
            log.error("tables list entry skipped path=%s error=%s", path, e)
    return out
