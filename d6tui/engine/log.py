"""The event log: one TOML file per game, append-only and durable (DESIGN "The log").

File shape (format version 2)::

    format = "d6tui-log"
    version = 2
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
    # end crc32=1a2b3c4d

A new save appears whole or not at all: the header and the first event are written together
to a temp file, fsynced, and linked into place. Each later event is appended as its own
``[[events]]`` block, in one locked write, then fsynced, before the move is shown as done. A
short write or a full disk is an error: the file is cut back (``ftruncate``) to its last whole
event and the move is refused, so nothing half-written stays behind.

**End marks (format version 2).** Every block ends with the comment line
``# end crc32=XXXXXXXX``: the CRC-32 of the block's UTF-8 text from its ``[[events]]`` line
through the newline of its last key, then a blank line. Being a TOML comment, it leaves the
file valid TOML for any reader. A block is whole only when its end mark is there:

- a last block without an end mark was cut off (even at a line's end) and is not loaded:
  the load raises :class:`~d6tui.engine.errors.TruncatedLogError`, and :func:`recover`
  keeps the whole events before it; text after the last end mark is named the same way;
- an earlier block without one is damage in the middle of the file, which is refused;
- an end mark whose CRC does not match says the block was changed after it was written. A
  cut never leaves a mark behind (a block is written in one ``write``, the mark last), so
  this is an edit by hand, not a tear: the block is read on, like any event, and if it then
  fails to parse, the message says it was edited. (Saves edited by hand keep giving their
  own reason, such as a face that is not on the die.) The reader lists such blocks
  (``LogReader.edited``, ``Session.edited``): the fold's refusal of one says it was edited,
  and the command line warns in one line when it opens a file that has any.

**Version 1** files (no end marks; the three example saves) are still read, with the old
checks: the only blank line of a block is its last, so a file not ending in a blank line was
cut off, unless only that line is missing (then the last block is taken as whole when it
parses: a cut at a line's end inside it cannot be told, which is why version 2 has marks).
New events appended to a version-1 file carry end marks (the header is never rewritten);
from its first marked block on, the last block must carry a mark or end in the blank line
an older d6tui writes, so only a cut in the very first block this version appends to a
version-1 file can still pass for whole.

**Limits.** Nothing is parsed before it passes :mod:`d6tui.engine.limits`: the file must be
a regular file (opened with ``O_NONBLOCK``, then ``fstat``), at most 128 MiB; each piece (the
header, each block) at most 4 MiB, lines at most 1 MiB, nesting at most 32 deep, dotted keys
at most 16 parts, at most 100,000 keys. An append whose block breaks them is refused before
it is written, so a save never holds an event it could not load again.

Events are plain dicts with ``seq`` (1, 2, 3...), ``type`` and ``at`` first, then the game's own
keys. TOML has no null, so keys whose value is None are left out.

This module is the public face of the log: the reader is in :mod:`d6tui.engine.logfile`,
appending in :mod:`d6tui.engine.appender`, the checks in :mod:`d6tui.engine.logcheck`.
"""

from __future__ import annotations

import os
from pathlib import Path

from d6tui.engine.appender import EventLog, create_log
from d6tui.engine.errors import LogError, TruncatedLogError
from d6tui.engine.limits import open_save
from d6tui.engine.logcheck import (
    EDITED,
    ENGINE_EVENT_TYPES,
    FORMAT,
    INT_MAX,
    INT_MIN,
    UPCASTERS,
    VERSION,
    LogHeader,
    complete_prefix,
    header_of,
    parse,
    parse_block,
)
from d6tui.engine.logfile import (
    LogReader,
    event_block,
    now,
    read_log,
    text_to_damage,
    unlink_quietly,
    why,
    write_atomic,
)

__all__ = [
    "EDITED", "ENGINE_EVENT_TYPES", "FORMAT", "INT_MAX", "INT_MIN", "UPCASTERS", "VERSION",
    "EventLog", "LogHeader", "LogReader", "create_log", "event_block", "now", "parse_block",
    "read_log", "recover", "write_atomic",
]


def _backup(path: Path, data: bytes) -> Path:
    """Copy ``data`` (the damaged file) to a new ``NAME.damaged-STAMP[-N]`` beside it; never
    overwrites a file (two repairs in one second get two names)."""
    stamp = now().strftime("%Y%m%dT%H%M%S")
    for n in range(1, 1000):
        backup = path.with_name(f"{path.name}.damaged-{stamp}" + (f"-{n}" if n > 1 else ""))
        try:
            fd = os.open(backup, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            continue
        except OSError as e:
            raise LogError(path, f"could not copy the damaged file aside: {why(e)}; it was "
                           "left as it is") from None
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
        except OSError as e:
            unlink_quietly(backup)
            raise LogError(path, f"could not copy the damaged file aside: {why(e)}; it was "
                           "left as it is") from None
        return backup
    raise LogError(path, "too many damaged copies of this file already; it was left as it is")


def recover(path: str | os.PathLike[str], keep: int | None = None) -> tuple[Path | None, int]:
    """Keep every complete event of a log cut off mid-append.

    A whole file is left untouched. Otherwise the damaged file is first copied aside
    (``NAME.toml.damaged-YYYYmmddTHHMMSS``, with ``-2``, ``-3``... rather than overwrite a copy),
    then the log is rewritten (temp file, fsync, rename) with its header and whole events.

    Args:
        path: the save.
        keep: keep at most this many events (a load found event ``keep + 1`` cut short, in a
            way only folding it shows).

    Returns:
        ``(copy_of_damaged_file, events_kept)``; ``(None, events)`` when the file is whole and
        was left as it is.

    Raises:
        LogError: the file is not a log cut off at its end, or not one event is whole, or it
            cannot be rewritten; it is left as it is.
    """
    p = Path(path)
    spans: list[tuple[int, int]] = []
    try:
        reader = LogReader(p)
    except TruncatedLogError:  # a version-1 file, cut as its old checks tell
        with open_save(p) as f:
            data = f.read()
        text, _ = text_to_damage(p, data, tail=False)  # bytes not UTF-8 at its end: a cut
        prefix, kept, _ = complete_prefix(p, text)
        header_of(p, parse(p, prefix))
        out = prefix.encode("utf-8")
    else:
        with reader:
            cut = False
            try:
                for _, offset, length, _ in reader.events():
                    spans.append((offset, length))
            except TruncatedLogError as e:
                cut = True
                del spans[e.complete:]
            data = reader.read_all()
        kept = len(spans) if keep is None else min(keep, len(spans))
        if not cut and kept == len(spans):
            return None, kept
        if kept == 0:
            raise LogError(p, "not one event is whole, so there is no game to keep; the file "
                           "was left as it is")
        offset, length = spans[kept - 1]
        out = data[: offset + length]
        out += b"\n" * (2 - len(out) + len(out.rstrip(b"\n")))
    if kept == 0:
        raise LogError(p, "not one event is whole, so there is no game to keep; the file was "
                       "left as it is")
    backup = _backup(p, data)
    write_atomic(p, out)
    return backup, kept
