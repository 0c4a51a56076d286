"""The event log: one TOML file per game, append-only and durable (DESIGN "The log").

File shape::

    format = "d6tui-log"
    version = 1
    game = "shooter"
    title = "Saturday night"
    created = 2026-11-29T13:00:00Z

    [options]
    ...

    [[events]]
    seq = 1
    type = "game_started"
    at = 2026-11-29T13:00:04Z
    ...

The header is written once (temp file, fsync, rename). Each event is appended as its own
``[[events]]`` block followed by a blank line, in one write, then fsynced. A complete file
therefore always ends with a blank line; one that does not was cut off mid-append.
Events are plain dicts with ``seq`` (1, 2, 3...), ``type`` and ``at`` first, then the game's own
keys. TOML has no null, so keys whose value is None are left out.
"""

from __future__ import annotations

import os
import re
import shutil
import tomllib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any

import tomli_w

from d6tui.engine.errors import LogError, RuleError, StaleLogError, TruncatedLogError

try:  # POSIX: advisory whole-file lock. Windows has no fcntl; appends there are unlocked.
    import fcntl

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX)

    def _lock_shared(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_SH)

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)

except ImportError:  # pragma: no cover - not exercised on the POSIX CI

    def _lock(fd: int) -> None:
        return None

    def _lock_shared(fd: int) -> None:
        return None

    def _unlock(fd: int) -> None:
        return None


FORMAT = "d6tui-log"
#: The newest log format this code reads and writes.
VERSION = 1
#: Event types the engine itself writes, whatever the game.
ENGINE_EVENT_TYPES = frozenset({"undone", "redone", "retitled"})

#: Upgrades of older header+events documents, applied in a chain: version N -> N+1.
UPCASTERS: dict[int, Callable[[dict], dict]] = {}

_BLOCK = "\n[[events]]\n"
_BLOCK_HEAD = "[[events]]\n"
_LINE_RE = re.compile(r"at line (\d+)")


def now() -> datetime:
    """The current time in UTC to the second, as events store it."""
    return datetime.now(UTC).replace(microsecond=0)


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
            "options": _clean(self.options),
        }
        return tomli_w.dumps(doc) + "\n"


#: TOML integers are 64-bit signed ("Integer" in the TOML spec); larger ones are refused.
INT_MIN, INT_MAX = -(2**63), 2**63 - 1


def _clean(value: Any, key: str = "") -> Any:
    """Drop None values from dicts (TOML has no null), recursively; tuples become lists.

    Raises:
        RuleError: an integer outside TOML's 64-bit range (other TOML readers would refuse
            the file), named by its key.
    """
    if isinstance(value, Mapping):
        return {k: _clean(v, str(k)) for k, v in value.items() if v is not None}
    if isinstance(value, list | tuple):
        return [_clean(v, key) for v in value]
    if isinstance(value, int) and not isinstance(value, bool) and not (
            INT_MIN <= value <= INT_MAX):
        raise RuleError(f"{key or 'a number'} = {value} is too large to keep in a save"
                        " (TOML whole numbers stop at 9223372036854775807)")
    return value


_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def _scalar(value: Any) -> str:
    return tomli_w.dumps({"v": value})[4:-1]


def _inline(value: Any) -> str:
    """``value`` as one-line TOML (inline tables and arrays), formatted by tomli_w."""
    if isinstance(value, Mapping):
        if not value:
            return "{}"
        items = ", ".join(f"{_key(k)} = {_inline(v)}" for k, v in value.items())
        return "{ " + items + " }"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_inline(v) for v in value) + "]"
    return _scalar(value)


def _key(key: str) -> str:
    return key if _BARE_KEY.match(key) else _scalar(key)


def event_block(event: Mapping[str, Any]) -> str:
    """One event as the ``[[events]]`` block appended to a log: one ``key = value`` line per
    key (nested values inline), then a blank line. tomli_w escapes newlines in strings, so
    the only blank line is the last: a file whose last block lacks it was cut off.
    """
    lines = ["[[events]]"]
    lines.extend(f"{_key(k)} = {_inline(v)}" for k, v in _clean(event).items())
    return "\n".join(lines) + "\n\n"


def _fsync_dir(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:  # pragma: no cover - directories cannot be opened on some systems
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(fd)


def write_atomic(path: Path, text: str, *, replace: bool = True) -> None:
    """Write ``text`` to ``path`` through a temp file, fsync and rename.

    Args:
        replace: when False, refuse to overwrite an existing file.

    Raises:
        LogError: the file exists and ``replace`` is False, or the write failed.
    """
    path = Path(path)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if replace:
            os.replace(tmp, path)
        else:
            try:
                os.link(tmp, path)  # fails if path exists: no clobbering
            except FileExistsError:
                raise LogError(path, "a save with this name already exists") from None
            finally:
                tmp.unlink(missing_ok=True)
        _fsync_dir(path.parent)
    except OSError as e:
        tmp.unlink(missing_ok=True)
        raise LogError(path, f"could not write the file ({e.strerror or e})") from None


def _parse(path: Path, text: str) -> dict:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        m = _LINE_RE.search(str(e))
        line = int(m.group(1)) if m else None
        reason = str(e).split(" (at line")[0]
        raise LogError(path, f"not valid TOML: {reason}", line=line) from None


def _check_event_shape(path: Path, i: int, ev: Any, known: Callable[[str], bool] | None) -> None:
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


def _header(path: Path, doc: dict) -> LogHeader:
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
    while version < VERSION:
        doc = UPCASTERS[version](doc)
        version += 1
    game, title, created = doc.get("game"), doc.get("title"), doc.get("created")
    if not isinstance(game, str):
        raise LogError(path, "the header names no game")
    if not isinstance(title, str):
        raise LogError(path, "the header has no title")
    if not isinstance(created, datetime):
        raise LogError(path, "the header has no 'created' date")
    options = doc.get("options", {})
    if not isinstance(options, dict):
        raise LogError(path, "[options] must be a table")
    return LogHeader(game=game, title=title, created=created, options=options, version=version)


def _complete_prefix(path: Path, text: str) -> tuple[str, int, bool]:
    """For a log damaged at its end: the text of the whole events before the damage, how many,
    and whether the damage is text after a whole event (rather than an event cut short).

    Every block ends with the only blank line it has, so when the last block holds a blank
    line, what precedes it is a whole event and what follows is not part of it: that event is
    kept if it parses.

    Raises:
        LogError: the damage is not only at the end (the part before the last block is bad).
    """
    last_line = text.rfind("\n") + 1
    if text[last_line:] and "[[events]]".startswith(text[last_line:]):
        cut = last_line - 1  # the cut fell inside the next block's first line
    else:
        cut = text.rfind(_BLOCK)
    if cut < 0:
        raise LogError(path, "the file's header is incomplete")
    blank = text.find("\n\n", cut + len(_BLOCK))
    if blank >= 0 and text[blank + 2:].strip():
        whole = text[: blank + 2]
        try:
            doc = tomllib.loads(whole)
        except tomllib.TOMLDecodeError:
            pass
        else:
            _parse(path, whole)
            events = doc.get("events", [])
            return whole, len(events) if isinstance(events, list) else 0, True
    prefix = text[: cut + 1]
    if not prefix.endswith("\n\n"):
        prefix += "\n"
    doc = _parse(path, prefix)
    events = doc.get("events", [])
    return prefix, len(events) if isinstance(events, list) else 0, False


_CHUNK = 1 << 16
_SEP = _BLOCK.encode()


def _pieces(f: Any) -> Iterator[tuple[int, bytes]]:
    """Split a file, read in chunks, on ``[[events]]`` lines: ``(byte offset, piece)`` pairs,
    the header first. Each event piece excludes its ``[[events]]`` line."""
    buf = b""
    offset = 0
    while True:
        chunk = f.read(_CHUNK)
        buf += chunk
        start = 0
        while (i := buf.find(_SEP, start)) >= 0:
            yield offset + start, buf[start:i]
            start = i + len(_SEP)
        buf = buf[start:]
        offset += start
        if not chunk:
            yield offset, buf
            return


class LogReader:
    """A log file read as a stream: its checked header, then each event block with its place
    in the file, so a long log is never held whole in memory.

    Attributes:
        path: the file.
        header: the checked header.
        size: the file's size in bytes when opened.

    Raises (on construction):
        TruncatedLogError: the file ends mid-event; ``complete`` whole events precede the cut.
        LogError: not found, not UTF-8, not TOML, not a d6tui log, a newer format version.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = p = Path(path)
        #: The file lacks only its final blank line; the last event may still be cut short.
        self.trimmed = False
        try:
            self._f = open(p, "rb")  # noqa: SIM115 - closed by close() / __exit__
        except FileNotFoundError:
            raise LogError(p, "no such file") from None
        except IsADirectoryError:
            raise LogError(p, "this is a folder, not a save file") from None
        except OSError as e:
            raise LogError(p, f"cannot read it ({e.strerror or e})") from None
        try:
            # A shared lock while reading: an append in progress finishes first, and none
            # starts until the reader is closed, so the size and the events agree.
            _lock_shared(self._f.fileno())
            self.size = os.fstat(self._f.fileno()).st_size
            self._check_complete()
            self._pieces = _pieces(self._f)
            _, head_bytes = next(self._pieces)
            head = self._decode(head_bytes, None)
            doc = _parse(p, head + "\n")
            if "events" in doc:
                raise LogError(p, "'events' must be written as [[events]] blocks")
            self.header = _header(p, doc)
            self._line = head.count("\n") + 3  # the first block's first line
        except BaseException:
            self._f.close()
            raise

    def _decode(self, data: bytes, seq: int | None) -> str:
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as e:
            raise LogError(self.path, f"not UTF-8 text (byte {e.start})", seq=seq) from None

    def _check_complete(self) -> None:
        f = self._f
        if self.size >= 2:
            f.seek(self.size - 2)
            if f.read(2) == b"\n\n":
                f.seek(0)
                return
        f.seek(0)
        text = self._decode(f.read(), None)
        f.seek(0)
        if "\r\n" in text:
            raise LogError(self.path, "the file has Windows line endings (CRLF); d6tui saves "
                           "use LF: convert it back (for example with dos2unix)")
        if "\n\n" not in text:
            return  # not a d6tui log at all: the header check says so
        if text.endswith("\n"):
            # Complete but for the final blank line (an editor may trim it)? Then the last
            # block is whole TOML; if it still lacks a key, the load reports a cut.
            cut = text.rfind(_BLOCK)
            try:
                tomllib.loads(_BLOCK_HEAD + text[cut + len(_BLOCK):] if cut >= 0 else text)
            except tomllib.TOMLDecodeError:
                pass
            else:
                self.trimmed = True
                return
        _, complete, junk = _complete_prefix(self.path, text)
        raise TruncatedLogError(
            self.path, complete,
            f"after event {complete} the file holds text that is not an event" if junk
            else f"the file ends in the middle of event {complete + 1}")

    def events(
        self, known_type: Callable[[str], bool] | None = None
    ) -> Iterator[tuple[dict, int, int, str]]:
        """Each event in order: ``(event, byte_offset, byte_length, block_text)``.

        Raises:
            LogError: a block is not valid TOML (with its file line) or not a well-formed event.
        """
        pieces = iter(self._pieces)
        piece = next(pieces, None)
        index = 0
        while piece is not None:
            offset, data = piece
            piece = next(pieces, None)
            text = self._decode(data, index + 1)
            line = self._line
            try:
                ev = parse_block(self.path, text, index, known_type, partial(int, line))
            except LogError as e:
                if self.trimmed and piece is None:
                    raise self.cut_at(index, e.reason) from None
                raise
            self._line += text.count("\n") + 2
            yield ev, offset, len(data), text
            index += 1

    def cut_at(self, index: int, reason: str) -> TruncatedLogError:
        """The error for a file without its final blank line whose last event (``index``) does
        not fit: either cut short at a line's end or written there by hand; the message says
        both, since the two cannot be told apart."""
        return TruncatedLogError(
            self.path, index,
            f"the last event ({index + 1}) does not fit: {reason}; the file may have been cut"
            " off there, or the event edited by hand")

    def close(self) -> None:
        """Close the file (which releases the shared lock)."""
        self._f.close()

    def __enter__(self) -> LogReader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def parse_block(
    path: Path, block: str, index: int, known_type: Callable[[str], bool] | None = None,
    line_of: Callable[[], int] | None = None,
) -> dict:
    """Parse one event block's text (without its ``[[events]]`` line) and check its shape.

    Raises:
        LogError: not valid TOML, not exactly one event, or a bad seq, type or time stamp.
    """
    try:
        doc = tomllib.loads(_BLOCK_HEAD + block)
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
    _check_event_shape(path, index, events[0], known_type)
    return events[0]


def read_log(
    path: str | os.PathLike[str], known_type: Callable[[str], bool] | None = None
) -> tuple[LogHeader, list[dict], int]:
    """Read and check a whole log file.

    Args:
        path: the save file.
        known_type: tells whether a game event type exists; unknown types are rejected.

    Returns:
        ``(header, events, size_in_bytes)``; events are dicts with ``seq`` 1..n.

    Raises:
        TruncatedLogError: the file ends mid-event; ``complete`` whole events precede the cut.
        LogError: anything else wrong (not found, not TOML, wrong format, newer version,
            events out of order, unknown type), with the file, seq or line and the reason.
    """
    with LogReader(path) as reader:
        events = [ev for ev, *_ in reader.events(known_type)]
        return reader.header, events, reader.size


def recover(path: str | os.PathLike[str]) -> tuple[Path, int]:
    """Keep every complete event of a log cut off mid-append.

    The damaged file is first copied aside (``NAME.toml.damaged-YYYYmmddTHHMMSS``), then the
    log is rewritten (temp file, fsync, rename) with its header and whole events only.

    Returns:
        ``(copy_of_damaged_file, events_kept)``.

    Raises:
        LogError: the file is not a log cut off at its end, so it is left as it is.
    """
    p = Path(path)
    try:
        text = p.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise LogError(p, f"cannot read it ({e})") from None
    prefix, complete, _ = _complete_prefix(p, text)
    _header(p, _parse(p, prefix))
    stamp = now().strftime("%Y%m%dT%H%M%S")
    backup = p.with_name(f"{p.name}.damaged-{stamp}")
    shutil.copy2(p, backup)
    write_atomic(p, prefix)
    return backup, complete


class EventLog:
    """An open log file that events are appended to.

    Appends are locked and checked: if another process appended since this one last read the
    file, the append is refused with :class:`StaleLogError` carrying the newer events, so two
    windows on one game neither lose nor duplicate events.

    Use :func:`create_log` for a new file and :meth:`open` for an existing one.
    """

    def __init__(self, path: Path, header: LogHeader, last_seq: int, size: int) -> None:
        self.path = Path(path)
        self.header = header
        self.last_seq = last_seq
        self._size = size
        self._fd: int | None = None
        #: The file lacks its final blank line (trimmed by an editor): the next append adds it.
        self.pad = False

    @classmethod
    def open(
        cls, path: str | os.PathLike[str], known_type: Callable[[str], bool] | None = None
    ) -> tuple[EventLog, list[dict]]:
        """Read a log and keep it open for appending: ``(log, events)``.

        Raises:
            LogError, TruncatedLogError: as :func:`read_log`.
        """
        header, events, size = read_log(path, known_type)
        return cls(Path(path), header, len(events), size), events

    def _fileno(self) -> int:
        if self._fd is None:
            try:
                self._fd = os.open(self.path, os.O_RDWR | os.O_APPEND)
            except OSError as e:
                raise LogError(self.path, f"cannot open it to save ({e.strerror or e})") from None
        return self._fd

    def _read_tail(self, fd: int, size: int) -> list[dict]:
        data = os.pread(fd, size - self._size, self._size).decode("utf-8")
        doc = _parse(self.path, data)
        events = doc.get("events", [])
        for i, ev in enumerate(events):
            _check_event_shape(self.path, self.last_seq + i, ev, None)
        return events

    def append(self, event: Mapping[str, Any], block: str | None = None) -> None:
        """Append one event and fsync it before returning.

        Args:
            event: a dict whose ``seq`` is ``last_seq + 1``.
            block: ``event_block(event)`` when the caller has it already.

        Raises:
            StaleLogError: another process appended first; nothing was written, and the
                newer events are in the error (this log now counts them as read).
            LogError: the file shrank or cannot be written.
            ValueError: ``event["seq"]`` is not the next number.
        """
        if event.get("seq") != self.last_seq + 1:
            raise ValueError(f"event seq {event.get('seq')} does not follow {self.last_seq}")
        data = (("\n" if self.pad else "") + (block or event_block(event))).encode("utf-8")
        fd = self._fileno()
        _lock(fd)
        try:
            size = os.fstat(fd).st_size
            if size < self._size:
                raise LogError(self.path, "the file was shortened by something else; reopen it")
            if size > self._size:
                new = self._read_tail(fd, size)
                self._size = size
                self.last_seq += len(new)
                raise StaleLogError(self.path, new)
            try:
                os.write(fd, data)
                os.fsync(fd)
            except OSError as e:
                raise LogError(self.path, f"could not save the event ({e.strerror or e})") from None
            self._size += len(data)
            self.last_seq += 1
            self.pad = False
        finally:
            _unlock(fd)

    def read_span(self, offset: int, length: int) -> str:
        """The text of ``length`` bytes at ``offset`` (an event block read back on demand).

        Raises:
            LogError: the file cannot be read.
        """
        try:
            return os.pread(self._fileno(), length, offset).decode("utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise LogError(self.path, f"cannot read an event back ({e})") from None

    def close(self) -> None:
        """Close the file handle (appending later reopens it)."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __del__(self) -> None:  # pragma: no cover - best effort
        try:
            self.close()
        except Exception:
            pass


def create_log(path: str | os.PathLike[str], header: LogHeader) -> EventLog:
    """Write a new log's header (temp file, fsync, rename) and return it open for appending.

    Raises:
        LogError: the file already exists or cannot be written.
    """
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    text = header.to_toml()
    write_atomic(p, text, replace=False)
    return EventLog(p, header, 0, len(text.encode("utf-8")))
