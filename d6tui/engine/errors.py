"""The errors the engine raises. Every message is written for a player to read."""

from __future__ import annotations


class D6Error(Exception):
    """Base of every error d6tui shows to a person instead of a traceback."""


class RuleError(D6Error):
    """A command broke a rule of the game.

    Args:
        message: what is wrong, in the player's words.
        section: the rulebook section it comes from ("Cash Cube", "R10", "On Your Turn"...).
        field: the setup option it is about (an options-schema field's name), when one is,
            so a form can show the message next to that field.
    """

    def __init__(self, message: str, section: str | None = None, *,
                 field: str | None = None) -> None:
        self.reason = message
        self.section = section
        self.field = field
        super().__init__(f"{message} ({section})" if section else message)


class DiceError(D6Error):
    """Dice notation or typed dice faces that cannot be used (bad notation, face out of range,
    wrong count)."""


class EventError(D6Error):
    """An event that does not fit the state it is folded onto (a value out of range, a missing
    key, a card that is not there). Raised by a game's ``fold`` only for events that were never
    valid; the loader turns it into a :class:`LogError` naming the file and ``seq``."""


class LogError(D6Error):
    """A save file that cannot be loaded or written as asked.

    Args:
        path: the file.
        reason: what is wrong.
        seq: the event ``seq`` concerned, when there is one.
        line: the 1-based line number in the file, when known.
    """

    def __init__(
        self, path: object, reason: str, *, seq: int | None = None, line: int | None = None
    ) -> None:
        self.path = str(path)
        self.reason = reason
        self.seq = seq
        self.line = line
        where = self.path
        if seq is not None:
            where += f": event seq {seq}"
        if line is not None:
            where += f": line {line}"
        super().__init__(f"{where}: {reason}")


class TruncatedLogError(LogError):
    """The log ends in the middle of an event (a crash or a full disk while appending).

    ``complete`` is how many events before the cut are whole; :func:`d6tui.engine.log.recover`
    keeps them after copying the damaged file aside.
    """

    def __init__(self, path: object, complete: int, reason: str) -> None:
        self.complete = complete
        super().__init__(path, reason)


class StaleLogError(LogError):
    """Another process appended to the log since this one last read it; the append was refused
    so that nothing is lost or duplicated. ``new_events`` holds the events it appended."""

    def __init__(self, path: object, new_events: list[dict]) -> None:
        self.new_events = new_events
        super().__init__(
            path, f"{len(new_events)} event(s) were added by another window; the game was reloaded"
        )
