"""A session's events in words: the log view's lines (:class:`HistoryEntry`), each event's
words as the game described it when it was applied, and each seat's own words where the
game tells a seat less than the whole (``describe_for``: a shared table's log).

:class:`SessionWords` is the part of :class:`~d6tui.engine.session.Session` that reads
these words; the session fills them as it applies events.
"""

from __future__ import annotations

from dataclasses import dataclass

from d6tui.engine.events import EventList, History


@dataclass(frozen=True)
class HistoryEntry:
    """One line of the log view.

    Attributes:
        event: the stored event dict.
        text: the event in words.
        undone: True while the event is undone (shown struck through).
    """

    event: dict
    text: str
    undone: bool


class SessionWords:
    """The words of a session's events, oldest first (index 0 is the event with seq 1).

    Attributes read (set by the session as it applies events):
        events: every event in the log.
        _texts: each event's words (``describe`` of the game, or the engine's own).
        _seat_texts: for each event, its words by seat (``describe_for``), or None.
        _undone: the seqs undone now.
    """

    events: EventList
    _texts: list[str]
    _seat_texts: list[dict | None]
    _undone: set[int]

    def history(self) -> History:
        """Every event in words, oldest first: a lazy sequence of :class:`HistoryEntry`
        (entries are made when read, so a long game costs nothing until shown)."""
        return History(self)

    def history_entry(self, index: int) -> HistoryEntry:
        """Event ``index`` (0-based) in words, marked if it is undone."""
        ev = self.events[index]
        return HistoryEntry(ev, self._texts[index], ev["seq"] in self._undone)

    def text_of(self, index: int) -> str:
        """Event ``index`` (0-based) in words, without reading the event back."""
        return self._texts[index]

    def text_for(self, index: int, seat: int | None) -> str:
        """Event ``index`` (0-based) in words for ``seat`` (None: a spectator), as the
        game's ``describe_for`` made them when the event was applied; a seat the game did
        not have then reads a spectator's words (which tell the least)."""
        words = self._seat_texts[index]
        if words is None:
            return self._texts[index]
        return words.get(seat, words.get(None, self._texts[index]))

    def is_undone(self, seq: int) -> bool:
        """Whether event ``seq`` is undone now."""
        return seq in self._undone
