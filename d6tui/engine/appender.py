"""Appending to a save: the locked, checked, fsynced append, and creating a new save whole
(DESIGN "The log"; the format is described in :mod:`d6tui.engine.log`).
"""

from __future__ import annotations

import errno
import io
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from d6tui.engine.errors import LogError, StaleLogError
from d6tui.engine.limits import MAX_EVENT_BYTES, check_piece
from d6tui.engine.logcheck import BLOCK_HEAD, LogHeader, parse_block, piece_end
from d6tui.engine.logfile import (
    FULL_ERRNOS,
    LogReader,
    event_block,
    lock_exclusive,
    lock_shared,
    split_pieces,
    unlock,
    why,
    write_atomic,
)


def _check_event_text(path: Path, block: str, seq: int) -> bytes:
    """The block's bytes, once it is known to load again (the loader's limits).

    Raises:
        LogError: it would not (too large, too deep...): nothing may be written.
    """
    data = block.encode("utf-8")
    if len(data) > MAX_EVENT_BYTES:
        raise LogError(path, f"this move's event is {len(data) // 1024} KiB, more than a save "
                       f"can load again ({MAX_EVENT_BYTES // (1024 * 1024)} MiB): nothing of "
                       "this move was saved", seq=seq)
    try:
        check_piece(path, block[len(BLOCK_HEAD):], seq)
    except LogError as e:
        raise LogError(path, f"{e.reason}, so this move could not be loaded again: nothing of "
                       "it was saved", seq=seq) from None
    return data


class EventLog:
    """An open log file that events are appended to.

    Appends are locked and checked: if another process appended since this one last read the
    file, the append is refused with :class:`StaleLogError` carrying the newer events, so two
    windows on one game neither lose nor duplicate events. An append is written whole and
    fsynced, or refused with the file cut back to its last whole event.

    Use :func:`create_log` for a new file and :meth:`open` for an existing one.

    Args:
        path: the file.
        header: its header.
        last_seq: the ``seq`` of its last event (0: none yet).
        size: its size in bytes, which this log has read up to.
        strict: its blocks carry end marks (version 2, or a version-1 file appended to by
            this version), so new blocks read back from it must carry them too.
    """

    def __init__(self, path: Path, header: LogHeader, last_seq: int, size: int,
                 strict: bool = True) -> None:
        self.path = Path(path)
        self.header = header
        self.last_seq = last_seq
        self._size = size
        self._fd: int | None = None
        self._read_only = False
        self.strict = strict
        #: The file lacks its final blank line (trimmed by an editor): the next append adds it.
        self.pad = False

    @classmethod
    def open(
        cls, path: str | os.PathLike[str], known_type: Callable[[str], bool] | None = None
    ) -> tuple[EventLog, list[dict]]:
        """Read a log and keep it open for appending.

        Args:
            path: the save.
            known_type: tells whether a game event type exists.

        Returns:
            ``(log, events)``.

        Raises:
            LogError, TruncatedLogError: as :func:`read_log`.
        """
        with LogReader(path) as reader:
            events = [ev for ev, *_ in reader.events(known_type)]
            log = cls(Path(path), reader.header, len(events), reader.size, reader.strict)
            log.pad = reader.pad
        return log, events

    @property
    def size(self) -> int:
        """How many bytes of the file this log has read or written (the end of its last
        whole event)."""
        return self._size

    def changed_on_disk(self) -> bool:
        """Whether the file's size differs from what this log has read or written (another
        window appended, or something cut it); a cheap ``stat``, for polling.

        Returns:
            True when :meth:`read_new` has something to read (or to report).
        """
        try:
            return os.stat(self.path).st_size != self._size
        except OSError:
            return False

    def _fileno(self) -> int:
        if self._fd is None:
            try:
                self._fd = os.open(self.path, os.O_RDWR | os.O_APPEND)
            except OSError as e:
                if e.errno not in (errno.EROFS, errno.EACCES, errno.EPERM):
                    raise LogError(self.path, f"cannot open it to save ({e.strerror or e})"
                                   ) from None
                try:  # a read-only file or disk: still readable, for the log view and refresh
                    self._fd = os.open(self.path, os.O_RDONLY)
                except OSError:
                    raise LogError(self.path, f"cannot open it ({e.strerror or e})") from None
                self._read_only = True
        return self._fd

    def _tail(self, fd: int, size: int) -> list[tuple[dict, int, int]]:
        """The events another process appended past :attr:`size`, each with its place in the
        file; only the new bytes are read.

        Raises:
            LogError: the file shrank, or the new text is not whole events.
        """
        if size < self._size:
            raise LogError(self.path, "the file was shortened by something else; reopen it")
        data = os.pread(fd, size - self._size, self._size)
        lead = 1 if data.startswith(b"\n") else 0  # a blank line put back by the other writer
        if not data[lead:].startswith(BLOCK_HEAD.encode()):
            raise LogError(self.path, "something other than d6tui added text to the file; "
                           "reopen it")
        base = self._size + lead - 1
        pieces = split_pieces(io.BytesIO(b"\n" + data[lead:]), self.path)
        next(pieces)
        out = []
        index = self.last_seq
        piece = next(pieces, None)
        while piece is not None:
            offset, raw = piece
            piece = next(pieces, None)
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                raise LogError(self.path, "an event added by another window is not UTF-8 text",
                               seq=index + 1) from None
            check_piece(self.path, text, index + 1)
            end = piece_end(text)
            if end.status == "ok":
                self.strict = True
                ev = parse_block(self.path, end.body, index)
            elif end.status == "none" and not self.strict and (
                    piece is not None or text.endswith("\n\n")):
                ev = parse_block(self.path, text, index)  # an older d6tui's version-1 block
            else:
                raise LogError(self.path, "an event added by another window is not whole "
                               "(cut short or damaged); reopen the game", seq=index + 1)
            out.append((ev, base + offset, len(raw)))
            index += 1
        self.pad = not data.endswith(b"\n\n")
        return out

    def read_new(self) -> list[tuple[dict, int, int]]:
        """Read the events another window appended since this log last read or wrote the
        file (only the new bytes are read), and count them as read.

        Returns:
            ``(event, byte_offset, byte_length)`` for each, in order.

        Raises:
            LogError: the file shrank, or the new text is not whole events.
        """
        fd = self._fileno()
        lock_shared(fd)
        try:
            size = os.fstat(fd).st_size
            if size == self._size:
                return []
            new = self._tail(fd, size)
            self._size = size
            self.last_seq += len(new)
            return new
        finally:
            unlock(fd)

    def append(self, event: Mapping[str, Any], block: str | None = None) -> None:
        """Append one event and fsync it before returning.

        Args:
            event: a dict whose ``seq`` is ``last_seq + 1``.
            block: ``event_block(event)`` when the caller has it already.

        Raises:
            StaleLogError: another process appended first; nothing was written, and the
                newer events are in the error (this log now counts them as read).
            LogError: the file shrank, cannot be written, the disk is full (the file is cut
                back to its last whole event: nothing of the move stays), or the event is
                too large to load again.
            ValueError: ``event["seq"]`` is not the next number.
        """
        if event.get("seq") != self.last_seq + 1:
            raise ValueError(f"event seq {event.get('seq')} does not follow {self.last_seq}")
        data = _check_event_text(self.path, block or event_block(event), self.last_seq + 1)
        if self.pad:
            data = b"\n" + data
        fd = self._fileno()
        if self._read_only:
            raise LogError(self.path, "the save cannot be written (a read-only file or disk): "
                           "nothing of this move was saved")
        lock_exclusive(fd)
        try:
            size = os.fstat(fd).st_size
            if size != self._size:
                new = self._tail(fd, size)
                self._size = size
                self.last_seq += len(new)
                raise StaleLogError(self.path, [ev for ev, _, _ in new])
            self._write(fd, data)
            self._size += len(data)
            self.last_seq += 1
            self.pad = False
        finally:
            unlock(fd)

    def _write(self, fd: int, data: bytes) -> None:
        """Write all of ``data`` and fsync it, or cut the file back to :attr:`size` and raise.

        Raises:
            LogError: the write or fsync failed (full disk, I/O error); the file was put back
                to its last whole event (the message says so, or that it could not be).
        """
        view = memoryview(data)
        done = 0
        try:
            while done < len(data):
                n = os.write(fd, view[done:])
                if not n:  # a write that makes no progress: the disk takes no more
                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
                done += n
            os.fsync(fd)
        except OSError as e:
            reason = ("the disk is full" if e.errno in FULL_ERRNOS
                      else f"could not save the move ({e.strerror or e})")
            try:
                os.ftruncate(fd, self._size)
            except OSError:
                raise LogError(self.path, f"{reason}, and the file could not be cut back to "
                               "its last whole event: reopen the game, which offers to keep "
                               "its complete events") from None
            try:
                os.fsync(fd)
            except OSError:  # the cut shows to every reader; a crash now leaves at most an
                pass  # unmarked tail, which the loader finds torn
            raise LogError(self.path, f"{reason}: nothing of this move was saved") from None

    def read_span(self, offset: int, length: int) -> str:
        """The text of ``length`` bytes at ``offset`` (an event block read back on demand).

        Args:
            offset: where the block's text starts.
            length: its length in bytes.

        Returns:
            The text.

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


def create_log(
    path: str | os.PathLike[str], header: LogHeader, first: Mapping[str, Any] | None = None,
    block: str | None = None,
) -> EventLog:
    """Write a new log (temp file, fsync, link into place) and return it open for appending.

    With ``first``, the header and the first event appear together or not at all, so no save
    is ever left with a header and no events.

    Args:
        path: the new file.
        header: its header.
        first: the first event (``seq`` 1); None writes the header alone.
        block: ``event_block(first)`` when the caller has it already.

    Returns:
        The log, its ``last_seq`` 1 (or 0 without ``first``).

    Raises:
        LogError: the file already exists or cannot be written (the folder cannot be made or
            is read-only, the disk is full).
        ValueError: ``first["seq"]`` is not 1.
    """
    p = Path(path)
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise LogError(p.parent, f"cannot make the save folder: {why(e)}") from None
    data = header.to_toml().encode("utf-8")
    last = 0
    if first is not None:
        if first.get("seq") != 1:
            raise ValueError(f"the first event has seq {first.get('seq')}, not 1")
        data += _check_event_text(p, block or event_block(first), 1)
        last = 1
    write_atomic(p, data, replace=False)
    return EventLog(p, header, last, len(data))
