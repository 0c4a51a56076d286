"""A compact, read-only-in-place list of a log's events.

A long game holds thousands of events; kept as parsed dicts they cost several times the size
of the file. :class:`EventList` keeps, for each event, either where its ``[[events]]`` block lies
in the save file (an offset and a length, read back on demand) or, for a game kept in memory,
the block's text; it parses events again when asked, with a small cache of recent ones. A
10,000-event session so costs well under a megabyte beyond its folded state.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from typing import Any, overload

from d6tui.engine import toml_memo

_SPAN = 1 << 24  # a span is stored as one int: offset * _SPAN + length

#: How many parsed events stay cached (the newest are asked for most: undo, log view).
CACHE_SIZE = 256


class EventList(Sequence[dict]):
    """The events of a session, in ``seq`` order (``events[0]`` has ``seq`` 1).

    Indexing and iteration return dicts equal to the stored events; treat them as read-only.
    Compares equal to another EventList or list holding equal events.
    """

    def __init__(self, read_span: Callable[[int, int], str] | None = None) -> None:
        """Args:
        read_span: ``(offset, length) -> text`` reading the save file, for events stored
            as spans (see :meth:`append_span`).
        """
        self._texts: list[str | int] = []
        self._read_span = read_span
        self._cache: OrderedDict[int, dict] = OrderedDict()

    def set_reader(self, read_span: Callable[[int, int], str]) -> None:
        """Read events stored as spans through ``read_span`` from now on (a game kept in memory
        that has just been given its save file).

        Args:
            read_span: ``(offset, length) -> text`` reading the save file.
        """
        self._read_span = read_span

    def append(self, event: dict, text: str) -> None:
        """Add an event with its block text (the TOML of its keys, without ``[[events]]``)."""
        self._texts.append(text)
        self._remember(len(self._texts) - 1, event)

    def append_span(self, event: dict, offset: int, length: int) -> None:
        """Add an event that lies in the save file at ``offset`` for ``length`` bytes.

        Raises:
            ValueError: the list has no ``read_span``, or the block is 16 MiB or longer.
        """
        if self._read_span is None or length >= _SPAN:
            raise ValueError("this event list cannot read events back from a file")
        self._texts.append(offset * _SPAN + length)
        self._remember(len(self._texts) - 1, event)

    def truncate(self, n: int) -> None:
        """Keep only the first ``n`` events (undoes appends that could not be saved)."""
        del self._texts[n:]
        for k in [k for k in self._cache if k >= n]:
            del self._cache[k]

    def text(self, index: int) -> str:
        """The TOML text of event ``index`` (0-based)."""
        item = self._texts[index]
        if isinstance(item, int):
            assert self._read_span is not None
            return self._read_span(item // _SPAN, item % _SPAN)
        return item

    def _remember(self, index: int, event: dict) -> None:
        self._cache[index] = event
        self._cache.move_to_end(index)
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)

    def _get(self, index: int) -> dict:
        ev = self._cache.get(index)
        if ev is None:
            ev = toml_memo.loads("[[events]]\n" + self.text(index))["events"][0]
            self._remember(index, ev)
        return ev

    def __len__(self) -> int:
        return len(self._texts)

    @overload
    def __getitem__(self, index: int) -> dict: ...

    @overload
    def __getitem__(self, index: slice) -> list[dict]: ...

    def __getitem__(self, index: int | slice) -> dict | list[dict]:
        if isinstance(index, slice):
            return [self._get(i) for i in range(*index.indices(len(self._texts)))]
        if index < 0:
            index += len(self._texts)
        if not 0 <= index < len(self._texts):
            raise IndexError("event index out of range")
        return self._get(index)

    def __iter__(self) -> Iterator[dict]:
        for i in range(len(self._texts)):
            yield self._get(i)

    def __eq__(self, other: Any) -> bool:
        if isinstance(other, EventList | list | tuple):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<EventList of {len(self)} events>"


class History(Sequence[Any]):
    """A lazy view of a session's events in words (``HistoryEntry`` items), for the log view.

    Built by ``Session.history()``; entries are made when asked for, so a view of a long game
    can draw only the lines on screen.
    """

    def __init__(self, session: Any) -> None:
        self._session = session

    @property
    def undone(self) -> frozenset[int]:
        """The seqs of the events undone now (a copy). An event's words never change once it
        is written; only whether it is undone does, so a view that keeps the lines it drew
        needs only this to draw them again."""
        return frozenset(self._session._undone)

    def __len__(self) -> int:
        return len(self._session.events)

    @overload
    def __getitem__(self, index: int) -> Any: ...

    @overload
    def __getitem__(self, index: slice) -> list[Any]: ...

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return [self._session.history_entry(i) for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("history index out of range")
        return self._session.history_entry(index)
