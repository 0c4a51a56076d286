"""The checks that tell a whole save from a damaged one: the header, each event block, and the
end mark that closes a block (see the format notes in :mod:`d6tui.engine.log`).

No file access here: these functions take text the reader has already checked against
:mod:`d6tui.engine.limits`.
"""

from __future__ import annotations

import re
import tomllib
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import tomli_w

from d6tui.engine import toml_memo
from d6tui.engine.errors import LogError, RuleError, TruncatedLogError
from d6tui.engine.text import control_problem

FORMAT = "d6tui-log"
#: The newest log format this code reads and writes. Version 2 closes every event block with
#: an end mark; version 1 (no end marks) is still read, and appended to with end marks.
VERSION = 2
#: Event types the engine itself writes, whatever the game.
ENGINE_EVENT_TYPES = frozenset({"undone", "redone", "retitled", "table_dice", "note"})


def _same_document(doc: dict) -> dict:
    """Version 1 -> 2: the document is unchanged; only the blocks' end marks are new."""
    return {**doc, "version": 2}


#: Upgrades of older header+events documents, applied in a chain: version N -> N+1.
UPCASTERS: dict[int, Callable[[dict], dict]] = {1: _same_document}

BLOCK = "\n[[events]]\n"
BLOCK_HEAD = "[[events]]\n"
_LINE_RE = re.compile(r"at line (\d+)")

#: How an end mark starts; the full line is ``# end crc32=XXXXXXXX`` (8 lowercase hex digits).
END_PREFIX = "# end crc32="
_END_LEN = len(END_PREFIX) + 8 + 1  # with its newline
_HEX = re.compile(r"[0-9a-f]{8}\n")


#: Added to the reason an edited event (its end mark does not match) is refused for.
EDITED = " (the event was changed after d6tui wrote it: its end mark does not match)"


def end_mark(block: str) -> str:
    """The end-mark line closing a block: a TOML comment carrying the CRC-32 of its UTF-8
    bytes.

    Args:
        block: the block's text from its ``[[events]]`` line through the newline of its last
            key.

    Returns:
        ``# end crc32=XXXXXXXX`` and a newline.
    """
    return f"{END_PREFIX}{zlib.crc32(block.encode('utf-8')):08x}\n"


@dataclass(frozen=True)
class PieceEnd:
    """How an event piece (its text after the ``[[events]]`` line) ends.

    Attributes:
        body: the keys' text, without the end mark.
        status: "ok" (an end mark, then at most blank lines), "none" (no end mark: the
            block was cut off), "junk" (an end mark followed by text), "next" (an end mark
            followed by the start of the next block's ``[[events]]`` line, cut short).
        end: the length of the whole event in characters (through its end mark's newline).
        edited: the end mark does not match the text: the block was changed after it was
            written (by hand, most likely; a cut never leaves an end mark behind).
    """

    body: str
    status: str
    end: int
    edited: bool = False


def piece_end(piece: str) -> PieceEnd:
    """Find and check the end mark of one event piece.

    Args:
        piece: the text between an ``[[events]]`` line and the next block (or the file's end).

    Returns:
        The piece's :class:`PieceEnd`.
    """
    i = piece.rfind("\n" + END_PREFIX) + 1
    if i == 0 and not piece.startswith(END_PREFIX):
        return PieceEnd(piece, "none", len(piece))
    mark = piece[i + len(END_PREFIX): i + _END_LEN]
    if not _HEX.fullmatch(mark):
        return PieceEnd(piece, "none", len(piece))
    body = piece[:i]
    end = i + _END_LEN
    edited = end_mark(BLOCK_HEAD + body) != piece[i:end]
    rest = piece[end:].lstrip("\n")
    if not rest:
        return PieceEnd(body, "ok", end, edited)
    if "[[events]]".startswith(rest.rstrip("\n")) and piece[end:].startswith("\n"):
        return PieceEnd(body, "next", end, edited)
    return PieceEnd(body, "junk", end, edited)


@dataclass(frozen=True)
class LogHeader:
    """What is written once at the top of a log.

    Attributes:
        game: the game's slug ("shooter").
        title: the name the player gave the game.
        created: when the log was made (UTC).
        options: the setup choices (players, variants, seed...), TOML-ready.
        version: the log format version.
    """

    game: str
    title: str
    created: datetime
    options: dict = field(default_factory=dict)
    version: int = VERSION

    def to_toml(self) -> str:
        """The header as TOML text, ending with a blank line."""
        doc = {
            "format": FORMAT,
            "version": self.version,
            "game": self.game,
            "title": self.title,
            "created": self.created,
            "options": clean(self.options),
        }
        return tomli_w.dumps(doc) + "\n"


#: TOML integers are 64-bit signed ("Integer" in the TOML spec); larger ones are refused.
INT_MIN, INT_MAX = -(2**63), 2**63 - 1


def clean(value: Any, key: str = "") -> Any:
    """Drop None values from dicts (TOML has no null), recursively; tuples become lists.

    Args:
        value: the value to store.
        key: its key, for the message.

    Returns:
        The value, TOML-ready.

    Raises:
        RuleError: an integer outside TOML's 64-bit range (other TOML readers would refuse
            the file), named by its key.
    """
    t = type(value)
    if t is str or t is bool:  # the common leaves first: the ABC checks below cost more
        return value
    if t is dict or (t is not list and t is not tuple and isinstance(value, Mapping)):
        return {k: clean(v, str(k)) for k, v in value.items() if v is not None}
    if t is list or t is tuple or isinstance(value, list | tuple):
        return [clean(v, key) for v in value]
    if isinstance(value, int) and not isinstance(value, bool) and not (
            INT_MIN <= value <= INT_MAX):
        raise RuleError(f"{key or 'a number'} = {value} is too large to keep in a save"
                        " (TOML whole numbers stop at 9223372036854775807)")
    return value


def parse(path: Path, text: str) -> dict:
    """``text`` parsed as TOML.

    Args:
        path: the file, for messages.
        text: the text.

    Returns:
        The document.

    Raises:
        LogError: not valid TOML, with the line.
    """
    try:
        return toml_memo.loads(text)
    except tomllib.TOMLDecodeError as e:
        m = _LINE_RE.search(str(e))
        line = int(m.group(1)) if m else None
        reason = str(e).split(" (at line")[0]
        raise LogError(path, f"not valid TOML: {reason}", line=line) from None


def check_event_shape(path: Path, i: int, ev: Any, known: Callable[[str], bool] | None) -> None:
    """Check that event ``i`` (0-based) has the right ``seq``, a type and a time stamp.

    Args:
        path: the file, for messages.
        i: the event's index.
        ev: the parsed event.
        known: tells whether a game event type exists (None: any type).

    Raises:
        LogError: it does not.
    """
    if not isinstance(ev, dict):
        raise LogError(path, f"event {i + 1} is not a table")
    seq = ev.get("seq")
    if seq != i + 1 or isinstance(seq, bool):
        raise LogError(path, f"expected seq = {i + 1} here, found {seq!r}", seq=i + 1)
    t = ev.get("type")
    if not isinstance(t, str):
        raise LogError(path, "the event has no type", seq=seq)
    if not isinstance(ev.get("at"), datetime):
        raise LogError(path, "the event has no time stamp 'at'", seq=seq)
    if t not in ENGINE_EVENT_TYPES and known is not None and not known(t):
        raise LogError(path, f"unknown event type '{t}'", seq=seq)


def file_version(path: Path, doc: dict) -> int:
    """The format version a header document declares.

    Args:
        path: the file, for messages.
        doc: the parsed header.

    Returns:
        The version (1 up to :data:`VERSION`).

    Raises:
        LogError: not a d6tui log, or the version is not a number this code reads.
    """
    if doc.get("format") != FORMAT:
        raise LogError(path, "this is not a d6tui save (no format = \"d6tui-log\")")
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise LogError(path, f"the format version {version!r} is not a version number")
    if version > VERSION:
        raise LogError(
            path,
            f"written by a newer d6tui (log format {version}; this one reads up to {VERSION}); "
            "update d6tui to open it",
        )
    return version


def header_of(path: Path, doc: dict) -> LogHeader:
    """The checked header of a parsed header document, upgraded to :data:`VERSION`.

    Args:
        path: the file, for messages.
        doc: the parsed header.

    Returns:
        The header.

    Raises:
        LogError: not a d6tui log, a newer version, or a header key missing or wrong.
    """
    version = file_version(path, doc)
    while version < VERSION:
        doc = UPCASTERS[version](doc)
        version += 1
    game, title, created = doc.get("game"), doc.get("title"), doc.get("created")
    if not isinstance(game, str):
        raise LogError(path, "the header names no game")
    if not isinstance(title, str):
        raise LogError(path, "the header has no title")
    problem = control_problem("the header's title", title)
    if problem:  # an escape or a bell would reach the terminal raw in `list`, `replay`...
        raise LogError(path, problem)
    if not isinstance(created, datetime):
        raise LogError(path, "the header has no 'created' date")
    options = doc.get("options", {})
    if not isinstance(options, dict):
        raise LogError(path, "[options] must be a table")
    return LogHeader(game=game, title=title, created=created, options=options, version=version)


def parse_block(
    path: Path, block: str, index: int, known_type: Callable[[str], bool] | None = None,
    line_of: Callable[[], int] | None = None,
) -> dict:
    """Parse one event block's text (without its ``[[events]]`` line) and check its shape.

    Args:
        path: the file, for messages.
        block: the block's text.
        index: the event's index (0-based; its ``seq`` should be ``index + 1``).
        known_type: tells whether a game event type exists.
        line_of: the file line the block starts on, for messages.

    Returns:
        The event.

    Raises:
        LogError: not valid TOML, not exactly one event, or a bad seq, type or time stamp.
    """
    try:
        doc = toml_memo.loads(BLOCK_HEAD + block)
    except tomllib.TOMLDecodeError as e:
        m = _LINE_RE.search(str(e))
        line = None
        if m and line_of is not None:
            line = line_of() + int(m.group(1)) - 2
        reason = str(e).split(" (at line")[0]
        raise LogError(path, f"not valid TOML: {reason}", seq=index + 1, line=line) from None
    events = doc.pop("events")
    if doc or len(events) != 1:
        raise LogError(path, "a table other than [[events]] follows the events", seq=index + 1)
    check_event_shape(path, index, events[0], known_type)
    return events[0]


def unmarked_last(path: Path, body: str, index: int,
                  known_type: Callable[[str], bool] | None) -> TruncatedLogError:
    """The error for a last event with no end mark (or one that does not match): cut off.

    When the text is not TOML the file plainly ends mid-event. When it is TOML but not a
    well-formed event, the reason is given, since it may have been written by hand.

    Args:
        path: the file.
        body: the last block's text.
        index: its index (0-based): the number of whole events before it.
        known_type: tells whether a game event type exists.

    Returns:
        The error to raise.
    """
    try:
        parse_block(path, body, index, known_type)
    except LogError as e:
        if e.reason.startswith("not valid TOML"):
            return TruncatedLogError(path, index, f"the file ends in the middle of event "
                                     f"{index + 1}")
        return TruncatedLogError(
            path, index,
            f"the last event ({index + 1}) does not fit: {e.reason}; the file may have been"
            " cut off there, or the event edited by hand")
    return TruncatedLogError(
        path, index, f"the file ends in the middle of event {index + 1} (it has no end "
        "mark: it was cut off at a line's end, or written by hand)")


def complete_prefix(path: Path, text: str) -> tuple[str, int, bool]:
    """For a version-1 log damaged at its end: the text of the whole events before the damage,
    how many, and whether the damage is text after a whole event (rather than an event cut
    short).

    Every block ends with the only blank line it has, so when the last block holds a blank
    line, what precedes it is a whole event and what follows is not part of it: that event is
    kept if it parses.

    Args:
        path: the file, for messages.
        text: the whole file.

    Returns:
        ``(prefix_text, whole_events, junk_after_a_whole_event)``.

    Raises:
        LogError: the damage is not only at the end (the part before the last block is bad).
    """
    last_line = text.rfind("\n") + 1
    if text[last_line:] and "[[events]]".startswith(text[last_line:]):
        cut = last_line - 1  # the cut fell inside the next block's first line
    else:
        cut = text.rfind(BLOCK)
    if cut < 0:
        raise LogError(path, "the file's header is incomplete")
    blank = text.find("\n\n", cut + len(BLOCK))
    if blank >= 0 and text[blank + 2:].strip():
        whole = text[: blank + 2]
        try:
            doc = toml_memo.loads(whole)
        except tomllib.TOMLDecodeError:
            pass
        else:
            parse(path, whole)
            events = doc.get("events", [])
            return whole, len(events) if isinstance(events, list) else 0, True
    prefix = text[: cut + 1]
    if not prefix.endswith("\n\n"):
        prefix += "\n"
    doc = parse(path, prefix)
    events = doc.get("events", [])
    return prefix, len(events) if isinstance(events, list) else 0, False
