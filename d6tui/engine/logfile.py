"""Reading and writing save files: event blocks, atomic writes, and the streaming reader.

The format is described in :mod:`d6tui.engine.log`, which is the public face of this module,
:mod:`d6tui.engine.appender` and :mod:`d6tui.engine.logcheck`.
"""

from __future__ import annotations

import errno
import os
import re
from collections.abc import Callable, Iterator, Mapping
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any

import tomli_w

from d6tui.engine.errors import LogError, TruncatedLogError
from d6tui.engine.limits import (
    MAX_EVENT_BYTES,
    check_piece,
    open_save,
    piece_too_large,
)
from d6tui.engine.logcheck import (
    BLOCK,
    BLOCK_HEAD,
    EDITED,
    INT_MAX,
    INT_MIN,
    LogHeader,
    PieceEnd,
    clean,
    complete_prefix,
    end_mark,
    file_version,
    header_of,
    parse,
    parse_block,
    piece_end,
    unmarked_last,
)

try:  # POSIX: advisory whole-file lock. Windows has no fcntl; appends there are unlocked.
    import fcntl

    def lock_exclusive(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX)

    def lock_shared(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_SH)

    def unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)

except ImportError:  # pragma: no cover - not exercised on the POSIX CI

    def lock_exclusive(fd: int) -> None:
        return None

    def lock_shared(fd: int) -> None:
        return None

    def unlock(fd: int) -> None:
        return None


#: errno values that mean the disk (or the user's quota) is full.
FULL_ERRNOS = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)}


def now() -> datetime:
    """The current time in UTC to the second, as events store it."""
    return datetime.now(UTC).replace(microsecond=0)


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")  # fullmatch: "$" would let a final "\n" in


#: A string TOML takes as it is between double quotes: no quote, backslash or control
#: character but tab (what tomli_w would escape).
_PLAIN_STR = re.compile(r'[^\x00-\x08\x0a-\x1f"\\\x7f]*')


def _scalar(value: Any) -> str:
    """``value`` as TOML, exactly as tomli_w writes it; the common kinds (whole numbers,
    booleans, plain strings, time stamps) without its machinery, which cost most of writing
    an event."""
    t = type(value)
    if t is int or t is datetime:
        return str(value)
    if t is str and _PLAIN_STR.fullmatch(value):
        return f'"{value}"'
    if t is bool:
        return "true" if value else "false"
    return _scalar_tomli_w(value)


def _scalar_tomli_w(value: Any) -> str:
    """``value`` as TOML, formatted by tomli_w."""
    return tomli_w.dumps({"v": value})[4:-1]


def _inline(value: Any, key: str = "") -> str:
    """``value`` as one-line TOML (inline tables and arrays), as tomli_w formats it, made
    TOML-ready on the way as :func:`~.logcheck.clean` does (None left out of tables, tuples
    as arrays, whole numbers range-checked), in one walk.

    Raises:
        RuleError: an integer outside TOML's range, named by its key.
    """
    t = type(value)
    if t is str:  # the common leaves first: the ABC checks below cost more
        return _scalar(value)
    if t is int:
        if not INT_MIN <= value <= INT_MAX:
            clean(value, key)  # raises the message for it
        return str(value)
    if t is dict or (t is not list and t is not tuple and isinstance(value, Mapping)):
        items = ", ".join(f"{_key(k)} = {_inline(v, str(k))}" for k, v in value.items()
                          if v is not None)
        return "{ " + items + " }" if items else "{}"
    if t is list or t is tuple or isinstance(value, list | tuple):
        return "[" + ", ".join(_inline(v, key) for v in value) + "]"
    clean(value, key)  # an int subclass out of range raises here
    return _scalar(value)


def _key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else _scalar(key)


def event_block(event: Mapping[str, Any]) -> str:
    """One event as the ``[[events]]`` block appended to a log: one ``key = value`` line per
    key (nested values inline), its end mark, then a blank line. tomli_w escapes newlines in
    strings, so the only blank line is the last.

    Args:
        event: the event.

    Returns:
        The block's text.

    Raises:
        RuleError: an integer is outside TOML's range.
    """
    lines = ["[[events]]"]
    lines.extend(f"{_key(k)} = {_inline(v, str(k))}" for k, v in event.items()
                 if v is not None)
    block = "\n".join(lines) + "\n"
    return block + end_mark(block) + "\n"


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


def unlink_quietly(path: Path) -> None:
    """Remove a temp file; in a read-only folder there is none, and unlink says EROFS."""
    try:
        path.unlink(missing_ok=True)
    except OSError:
        pass


def why(e: OSError) -> str:
    """A failed write's cause in a player's words (a full disk, a read-only folder).

    Args:
        e: the error.

    Returns:
        One short phrase.
    """
    if e.errno in FULL_ERRNOS:
        return "the disk is full"
    if e.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return f"the folder cannot be written ({e.strerror or e})"
    return e.strerror or str(e)


def write_atomic(path: str | os.PathLike[str], text: str | bytes, *, replace: bool = True
                 ) -> None:
    """Write ``text`` to ``path`` through a temp file, fsync and rename.

    Args:
        path: the file.
        text: its whole content.
        replace: when False, refuse to overwrite an existing file.

    Raises:
        LogError: the file exists and ``replace`` is False, or the write failed (a read-only
            folder, a full disk); no temp file is left behind.
    """
    path = Path(path)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    data = text.encode("utf-8") if isinstance(text, str) else text
    try:
        with open(tmp, "wb") as f:
            f.write(data)
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
                unlink_quietly(tmp)
        _fsync_dir(path.parent)
    except OSError as e:
        unlink_quietly(tmp)
        raise LogError(path, f"could not write the file: {why(e)}") from None


_CHUNK = 1 << 16
_SEP = BLOCK.encode()
#: A piece may be this much longer than an event: the blank lines and the next block's head.
_SLACK = 64


#: Stands, in the text read, for the bytes from the first one that is not UTF-8 on: no
#: TOML value or end mark holds it, so what comes before it reads as whole or cut short.
DAMAGE = "\ufffd"


def text_to_damage(path: Path, data: bytes, seq: int | None = None, *,
                   tail: bool = True) -> tuple[str, bool]:
    """``data`` as text, and whether bytes that are not UTF-8 were cut from its end.

    Such bytes in the last piece of a save (after its last ``[[events]]`` line) are damage at
    its end, as a cut or a tail of NULs is: the text stops before the first of them, with
    :data:`DAMAGE` in their place, so the events before them are kept by ``d6tui recover``.

    Args:
        path: the file, for messages.
        data: a piece of it, or (``tail=False``) the whole file.
        seq: the event the piece holds, for messages.
        tail: ``data`` is the file's last piece; with False it is the whole file and the
            bad bytes count as damage at the end only past its last ``[[events]]`` line.

    Raises:
        LogError: bytes that are not UTF-8 elsewhere (the header, an event before the last).
    """
    try:
        return data.decode("utf-8"), False
    except UnicodeDecodeError as e:
        at = e.start
        if not tail and (data.rfind(_SEP, 0, at) < 0 or data.find(_SEP, at) >= 0):
            raise LogError(path, f"not UTF-8 text (byte {at + 1} of the file)",
                           seq=seq) from None
        return data[:at].decode("utf-8") + DAMAGE, True


def split_pieces(f: Any, path: Path) -> Iterator[tuple[int, bytes]]:
    """Split a file, read in chunks, on ``[[events]]`` lines: ``(byte offset, piece)`` pairs,
    the header first. Each event piece excludes its ``[[events]]`` line.

    Args:
        f: the file, open in binary mode at its start.
        path: its path, for messages.

    Yields:
        ``(offset, piece_bytes)``.

    Raises:
        LogError: a piece is longer than any header or event can be (checked before the
            whole of it is read).
    """
    buf = b""
    offset = 0
    index = 0
    while True:
        chunk = f.read(_CHUNK)
        buf += chunk
        start = 0
        while (i := buf.find(_SEP, start)) >= 0:
            if i - start > MAX_EVENT_BYTES + _SLACK:
                raise piece_too_large(path, i - start, index or None)
            yield offset + start, buf[start:i]
            index += 1
            start = i + len(_SEP)
        buf = buf[start:]
        offset += start
        if len(buf) > MAX_EVENT_BYTES + _SLACK + len(_SEP):
            raise piece_too_large(path, len(buf), index or None)
        if not chunk:
            yield offset, buf
            return


class LogReader:
    """A log file read as a stream: its checked header, then each event block with its place
    in the file, so a long log is never held whole in memory.

    Attributes:
        path: the file.
        header: the checked header (upgraded to the current format version).
        version: the format version the file declares.
        size: the file's size in bytes when opened.
        pad: the file lacks its final blank line (the next append adds it).
        trimmed: a version-1 file lacks its final blank line, so its last event may have been
            cut at a line's end (the old checks cannot tell).
        strict: the blocks read so far must carry end marks (a version-2 file, or a
            version-1 file from its first marked block on).
        edited: the seqs of the events read so far whose end mark does not match.

    Raises (on construction):
        TruncatedLogError: a version-1 file ends mid-event; ``complete`` whole events precede
            the cut (a version-2 file's cut is found by :meth:`events`).
        LogError: not found, not a regular file, too large, not UTF-8, not TOML, not a d6tui
            log, a newer format version.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = p = Path(path)
        self.trimmed = False
        self.pad = False
        #: The seqs of the blocks read so far whose end mark does not match (edited by hand).
        self.edited: list[int] = []
        self._f = open_save(p)
        try:
            # A shared lock while reading: an append in progress finishes first, and none
            # starts until the reader is closed, so the size and the events agree.
            lock_shared(self._f.fileno())
            self.size = os.fstat(self._f.fileno()).st_size
            self.pad = not self._ends_with(b"\n\n")  # before the pieces start reading
            pieces = split_pieces(self._f, p)
            _, head_bytes = next(pieces)
            head = self._decode(head_bytes, None)
            # A file cut inside the first block's ``[[events]]`` line: the header is whole.
            tail = head[head.rfind("\n") + 1:]
            self._first_cut = bool(tail) and "[[events]]".startswith(tail)
            if self._first_cut:
                head = head[: -len(tail)]
            if "\r\n" in head:
                raise self._crlf()
            check_piece(p, head, None, 1)
            doc = parse(p, head + "\n")
            if "events" in doc:
                raise LogError(p, "'events' must be written as [[events]] blocks")
            self.version = file_version(p, doc)
            self.header = header_of(p, doc)
            #: Every later block must carry a matching end mark.
            self.strict = self.version >= 2
            if not self.strict:
                self._check_complete()
                self._f.seek(0)
                pieces = split_pieces(self._f, p)
                next(pieces)
            self._pieces = pieces
            self._line = head.count("\n") + 3  # the first block's first line
        except BaseException:
            self._f.close()
            raise

    def _crlf(self) -> LogError:
        return LogError(self.path, "the file has Windows line endings (CRLF); d6tui saves "
                        "use LF: convert it back (for example with dos2unix)")

    def _ends_with(self, tail: bytes) -> bool:
        if self.size < len(tail):
            return False
        self._f.seek(self.size - len(tail))
        found = self._f.read(len(tail)) == tail
        self._f.seek(0)
        return found

    def _decode(self, data: bytes, seq: int | None, offset: int = 0) -> str:
        """``data`` (from byte ``offset`` of the file) as text.

        Raises:
            LogError: it is not UTF-8; the message counts the bad byte from the file's
                start (1 is the first), as an editor's byte offset would.
        """
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as e:
            raise LogError(self.path, f"not UTF-8 text (byte {offset + e.start + 1} of the "
                           "file)", seq=seq) from None

    def _check_complete(self) -> None:
        """A version-1 file's end, by the old checks (it has no end marks to go by)."""
        if self._ends_with(b"\n\n"):
            return
        f = self._f
        f.seek(0)
        text, _ = text_to_damage(self.path, f.read(), tail=False)
        f.seek(0)
        if "\r\n" in text:
            raise self._crlf()
        if "\n\n" not in text:
            return  # not a d6tui log at all: the header check says so
        for i, piece in enumerate(text.split(BLOCK)):  # the limits, before tomllib sees it
            check_piece(self.path, piece, i or None)
        if text.endswith("\n"):
            # Complete but for the final blank line (an editor may trim it)? Then the last
            # block is whole TOML; if it still lacks a key, the load reports a cut.
            cut = text.rfind(BLOCK)
            try:
                parse(self.path, BLOCK_HEAD + text[cut + len(BLOCK):] if cut >= 0 else text)
            except LogError:
                pass
            else:
                self.trimmed = True
                return
        _, complete, junk = complete_prefix(self.path, text)
        raise TruncatedLogError(
            self.path, complete,
            f"after event {complete} the file holds text that is not an event" if junk
            else f"the file ends in the middle of event {complete + 1}")

    def events(
        self, known_type: Callable[[str], bool] | None = None
    ) -> Iterator[tuple[dict, int, int, str]]:
        """Each event in order: ``(event, byte_offset, byte_length, block_text)``.

        Args:
            known_type: tells whether a game event type exists; unknown types are refused.

        Raises:
            TruncatedLogError: the last block is not whole (no end mark, or one that does not
                match), or text follows the last whole event; the whole events come first.
            LogError: a block breaks the limits, is not valid TOML (with its file line), is
                not a well-formed event, or (before the last) has no matching end mark.
        """
        if self._first_cut and self.strict:
            raise TruncatedLogError(self.path, 0, "the file ends in the middle of event 1")
        pieces = iter(self._pieces)
        piece = next(pieces, None)
        index = 0
        while piece is not None:
            offset, data = piece
            piece = next(pieces, None)
            last = piece is None
            text, damaged = text_to_damage(self.path, data, index + 1) if last else \
                (self._decode(data, index + 1, offset), False)
            line_of = partial(int, self._line)
            check_piece(self.path, text, index + 1, self._line)
            end = piece_end(text)
            if damaged and end.status == "none" and not self.strict:
                yield from self._damaged_v1(text, index, offset, known_type, line_of)
            elif end.status == "none" and not self.strict:  # a version-1 block
                try:
                    ev = parse_block(self.path, text, index, known_type, line_of)
                except LogError as e:
                    if self.trimmed and last:
                        raise self.cut_at(index, e.reason) from None
                    raise
                yield ev, offset, len(data), text
            elif end.status == "none" and not last and self.version < 2:
                # A version-1 block between marked ones: an older d6tui appended it whole.
                yield parse_block(self.path, text, index, known_type, line_of), offset, \
                    len(data), text
            elif end.status == "none" and last and self.version < 2 and text.endswith("\n\n"):
                yield parse_block(self.path, text, index, known_type, line_of), offset, \
                    len(data), text
            else:
                yield from self._marked(end, index, offset, data, text, last, known_type,
                                        line_of)
            self._line += text.count("\n") + 2
            index += 1

    def _marked(self, end: PieceEnd, index: int, offset: int, data: bytes, text: str,
                last: bool, known_type: Callable[[str], bool] | None,
                line_of: Callable[[], int]) -> Iterator[tuple[dict, int, int, str]]:
        """One block under the end-mark rules (every block of a version-2 file, and the
        blocks of a version-1 file from its first marked one on)."""
        seq = index + 1
        if end.status == "ok":
            self.strict = True
            if end.edited:
                self.edited.append(seq)
            try:
                ev = parse_block(self.path, end.body, index, known_type, line_of)
            except LogError as e:
                if not end.edited:
                    raise
                raise LogError(self.path, e.reason + EDITED, seq=e.seq, line=e.line) from None
            yield ev, offset, len(data), text
            return
        if not last:
            what = ("has no end mark" if end.status == "none"
                    else "is followed by text that is not an event")
            raise LogError(self.path, f"the event {what}: the file was damaged or edited "
                           "here (d6tui writes an end mark after every event)",
                           seq=seq, line=self._line)
        if end.status == "none":
            raise unmarked_last(self.path, text, index, known_type)
        whole = text[: end.end]
        yield (parse_block(self.path, end.body, index, known_type, line_of), offset,
               len(whole.encode("utf-8")), whole)
        raise TruncatedLogError(
            self.path, seq, f"after event {seq} the file holds text that is not an event"
            if end.status == "junk" else f"the file ends in the middle of event {seq + 1}")

    def _damaged_v1(self, text: str, index: int, offset: int,
                    known_type: Callable[[str], bool] | None,
                    line_of: Callable[[], int]) -> Iterator[tuple[dict, int, int, str]]:
        """The last block of a version-1 file, which ends in bytes that are not UTF-8
        (:func:`text_to_damage`): its lines up to the last blank one before the damage, when
        they are a whole event, then the cut; with no end marks to tell, a block cut at a
        line's end cannot be told from a whole one (as :meth:`cut_at` says).

        Raises:
            TruncatedLogError: always, after the whole event if there is one.
        """
        cut = text.rfind("\n\n", 0, len(text) - len(DAMAGE))
        whole = text[:cut].rstrip("\n") + "\n\n" if cut > 0 else ""
        try:
            ev = parse_block(self.path, whole, index, known_type, line_of) if whole else None
        except LogError:
            ev = None
        if ev is None:
            raise TruncatedLogError(self.path, index, "the file ends in bytes that are not "
                                    f"text, in the middle of event {index + 1}")
        yield ev, offset, len(whole.encode("utf-8")), whole
        raise TruncatedLogError(self.path, index + 1, f"after event {index + 1} the file "
                                "holds text that is not an event")

    def cut_at(self, index: int, reason: str) -> TruncatedLogError:
        """The error for a version-1 file without its final blank line whose last event
        (``index``) does not fit: either cut short at a line's end or written there by hand;
        the message says both, since the two cannot be told apart.

        Args:
            index: the event's index (0-based).
            reason: why it does not fit.

        Returns:
            The error to raise.
        """
        return TruncatedLogError(
            self.path, index,
            f"the last event ({index + 1}) does not fit: {reason}; the file may have been cut"
            " off there, or the event edited by hand")

    def read_all(self) -> bytes:
        """The whole file's bytes (at most ``limits.MAX_SAVE_BYTES``)."""
        self._f.seek(0)
        return self._f.read()

    def close(self) -> None:
        """Close the file (which releases the shared lock)."""
        self._f.close()

    def __enter__(self) -> LogReader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


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
