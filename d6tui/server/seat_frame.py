"""What one terminal at a shared table is sent: a :class:`SeatFrame`, made from
``view(state, seat)`` only (DESIGN "Seats, tables and the SSH server").

A frame holds the seat's view (the game's own state object, with what the seat may not see
taken out), the seat's moves (their ``run`` left behind: only the table makes moves), who
sits where, the table dice settings, and the log as words. The log's events are cut down to
:data:`EVENT_KEYS` (and each roll to its notation and source): an event of the game may
hold what another seat may not see, such as the face a D6 Dungeon die shows its placer,
while the words of the log are written by each game so that they never do. A game that
keeps the default view (every seat sees the whole state: 6x6 Tales, a solo game) hides
nothing in its events either, so its frames carry them whole (:func:`hides_nothing`), and
its screen reads the rolls' faces and folds the turn as it does locally.

Frames go from the server to the session's own d6tui child only, pickled
(:func:`pack`/:func:`unpack`): the child is started by the server and trusts it, and the
server never unpickles what a child sends (requests are JSON).
"""

from __future__ import annotations

import base64
import dataclasses
import pickle
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from d6tui.engine.game import GameDefinition, Move

if TYPE_CHECKING:
    from d6tui.server.table import Table

#: The keys of an event a seat's terminal is sent (the rest stay on the server).
EVENT_KEYS = ("seq", "type", "at", "by", "target", "title", "seats", "all")

#: Added to the words of an event whose dice were typed at a player's table (unless the
#: game's own words already say "table dice", as D6 Shooter's do).
TYPED_MARK = " [typed dice]"


@dataclass(frozen=True)
class LogLine:
    """One event as a seat's log view shows it (the shape of ``HistoryEntry``).

    Attributes:
        event: the event cut down to :data:`EVENT_KEYS` (rolls to ``dice`` and ``source``).
        text: its words.
        undone: whether it is undone now.
    """

    event: dict
    text: str
    undone: bool


@dataclass(frozen=True)
class SeatFrame:
    """A table as one terminal may see it now.

    Attributes:
        code: the table's code.
        game: the game's slug.
        seat: this player's seat (None: watching).
        seats: the game's seats, by index.
        holders: the player holding each seat (None: free).
        present: whether each seat's player has a terminal at the table now.
        spectators: who watches.
        title: the game's title.
        view: ``rules.view(state, seat)``.
        moves: this seat's moves now (undo and redo by the table's rule), ``run`` removed.
        can_undo, can_redo: whether this seat may undo or redo now.
        table_seats, table_all: whose rolls are typed from real dice.
        options: the game's options without the seed (which would tell the coming dice).
        start: the index of the first of ``lines``.
        lines: the log from ``start`` on.
        count: how many events the log holds.
        undone: the seqs undone now.
        computer: the seats the table's computer plays now.
        notes: the game's notes now (``Session.notes()``: their words are in everyone's
            log already).
        where: where the game is now, as a new note anchors to it (``Session.where()``,
            from this seat's view when the game says where).
    """

    code: str
    game: str
    seat: int | None
    seats: tuple[str, ...]
    holders: tuple[str | None, ...]
    present: tuple[bool, ...]
    spectators: tuple[str, ...]
    title: str
    view: Any
    moves: tuple[Move, ...]
    can_undo: bool
    can_redo: bool
    table_seats: frozenset[int]
    table_all: bool
    options: Mapping[str, Any]
    start: int
    lines: tuple[LogLine, ...]
    count: int
    undone: frozenset[int] = field(default_factory=frozenset)
    computer: frozenset[int] = field(default_factory=frozenset)
    notes: tuple[Any, ...] = ()
    where: Mapping[str, Any] = field(default_factory=dict)


def hides_nothing(rules: GameDefinition) -> bool:
    """Whether ``rules`` keeps the default view (every seat sees the whole state), so its
    events hold nothing a seat may not read and are sent whole."""
    return rules.view is GameDefinition.view


def seen_event(event: Mapping[str, Any]) -> dict:
    """``event`` cut down to what every seat may read: :data:`EVENT_KEYS`, and any roll
    (a dict with ``faces``) to its notation and source."""
    out = {k: event[k] for k in EVENT_KEYS if k in event}
    for k, v in event.items():
        if isinstance(v, Mapping) and "faces" in v:
            out[k] = {"dice": v.get("dice", ""), "source": v.get("source", "app")}
    return out


#: Value types a log event holds that can hold no roll: skipped by :func:`_typed` before
#: the (much slower) ``isinstance`` checks against ``Mapping``.
_LEAVES = frozenset({str, int, float, bool, type(None)})


def _typed(event: Any, depth: int = 0) -> bool:
    """Whether any roll in ``event`` was typed from real dice (``source="table"``), at its
    top or nested (a round's initiative list holds a roll for each combatant).

    Called for each event of every frame sent (``bench/seat_frame.py``): plain values and
    plain dicts and lists are told by their type, other mappings and sequences by
    ``isinstance`` as before."""
    if depth > 4:
        return False
    kind = type(event)
    if kind in _LEAVES:
        return False
    if kind is dict or (kind is not list and kind is not tuple and isinstance(event, Mapping)):
        if depth > 0 and event.get("source") == "table":
            return True
        for v in event.values():
            kind = type(v)
            if kind in _LEAVES:
                continue
            if (kind is dict or kind is list or kind is tuple
                    or isinstance(v, Mapping | list | tuple)) and _typed(v, depth + 1):
                return True
        return False
    if isinstance(event, list | tuple):
        return any(_typed(v, depth + 1) for v in event)
    return False


def frame_of(table: Table, name: str, since: int = 0) -> SeatFrame:
    """What ``name`` may see at ``table``, with the log from event index ``since`` on.

    Args:
        table: the table.
        name: the player (a spectator's frame for anyone without a seat).
        since: how many events the terminal holds already (0: all of them).
    """
    from d6tui.server.table import TABLE_SEAT, made_by_the_table

    session = table.session
    seat = table.seat_of(name)
    seats = table.seat_names()
    moves = tuple(dataclasses.replace(m, run=made_by_the_table) for m in table.moves(name))
    history = session.history()
    whole = hides_nothing(table.rules)
    start = max(0, min(since, len(session.events)))
    lines = []
    for i in range(start, len(session.events)):
        ev = session.events[i]
        text = session.text_of(i) if whole else session.text_for(i, seat)
        if _typed(ev) and "table dice" not in text:  # a game's own words may say it already
            text += TYPED_MARK
        line_event = dict(ev) if whole else seen_event(ev)
        if TABLE_SEAT in ev:
            line_event[TABLE_SEAT] = ev[TABLE_SEAT]
        lines.append(LogLine(line_event, text, session.is_undone(ev["seq"])))
    holders = tuple(table.holders.get(i) for i in range(len(seats)))
    return SeatFrame(
        code=table.code, game=table.rules.slug, seat=seat, seats=seats, holders=holders,
        present=tuple(h is not None and h in table.present for h in holders),
        spectators=tuple(sorted(table.spectators)), title=session.title,
        view=table.view(name), moves=moves,
        can_undo=any(m.id == "undo" for m in moves), can_redo=any(m.id == "redo" for m in moves),
        table_seats=frozenset(session.table_seats), table_all=session.table_all,
        options={k: v for k, v in session.header.options.items() if k != "seed"},
        start=start, lines=tuple(lines), count=len(session.events),
        undone=frozenset(history.undone), computer=frozenset(table.computer),
        notes=tuple(session.notes()), where=_where(table, name))


def _where(table: Table, name: str) -> dict:
    where = table.rules.where
    return dict(where(table.view(name)) if where is not None else table.session.where())


def pack(frame: SeatFrame) -> str:
    """The frame as text for one JSON line (server to its own child only)."""
    return base64.b64encode(pickle.dumps(frame, protocol=pickle.HIGHEST_PROTOCOL)).decode()


def unpack(text: str) -> SeatFrame:
    """A frame from :func:`pack` (in the session's child, from its own server).

    Raises:
        ValueError: the text is not a frame.
    """
    frame = pickle.loads(base64.b64decode(text))  # noqa: S301 - from our own server only
    if not isinstance(frame, SeatFrame):
        raise ValueError("the server sent something that is not a table frame")
    return frame
