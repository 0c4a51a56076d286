"""What no d6tui save can be, refused before a byte of it is parsed (DESIGN "The log").

A save is read by ``tomllib``, whose cost and stack depth follow the text: 500 nested arrays
overflow the stack, a dotted key of 20,000 parts costs quadratic time and gigabytes, and a
FIFO or ``/dev/zero`` never ends. So the loader first opens the file without blocking and
checks it is a regular file of sane size, then checks each piece (the header, each event
block) against these limits; the same checks refuse, before it is written, an event that
could not be loaded again.

The limits are far above what the games write (the largest event d6tui ships, D6 Shooter's
first with its copied content, is 14 KB with 660 keys and nests 4 deep).
"""

from __future__ import annotations

import os
import re
import stat
import threading
from collections import OrderedDict
from pathlib import Path
from typing import BinaryIO

from d6tui.engine.errors import LogError

#: The largest save file read (bytes). A 10,000-event game is about 3 MB.
MAX_SAVE_BYTES = 128 * 1024 * 1024
#: The largest event block, and the largest header (bytes); well under the 16 MiB an
#: :class:`~d6tui.engine.events.EventList` span can hold.
MAX_EVENT_BYTES = 4 * 1024 * 1024
#: The longest line (characters).
MAX_LINE_CHARS = 1024 * 1024
#: The deepest nesting of arrays and inline tables (``[[events]]`` itself counts 2).
MAX_DEPTH = 32
#: The most parts one dotted key may have (``a.b.c`` has 3).
MAX_KEY_PARTS = 16
#: The most ``key = value`` pairs in one piece (header or event block).
MAX_KEYS = 100_000

# Strings and comments, blanked before brackets, dots and ``=`` are counted (so a "[" or a
# "." inside a name is not counted). Every alternative is linear: no nested repetition.
_STRINGS = re.compile(
    r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:[^"\\\n]|\\.)*+"|\'[^\'\n]*+\'|#[^\n]*+')
# MAX_KEY_PARTS dots in a row, each followed by a key part: a key of more parts. Anchored
# on a dot, so each dot starts one bounded attempt.
_DOTTED = re.compile(r'(?:[ \t]*+\.[ \t]*+[A-Za-z0-9_"\'-]++){' + str(MAX_KEY_PARTS) + "}")
_BRACKETS = re.compile(r"[^\[\]{}]++")


#: Opening a FIFO without this waits for a writer forever (Windows has no FIFOs to fear).
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)


def _size_words(n: int) -> str:
    if n >= 1024 * 1024:
        return f"{n / (1024 * 1024):.0f} MiB"
    if n >= 1024:
        return f"{n / 1024:.0f} KiB"
    return f"{n} bytes"


def open_save(path: Path) -> BinaryIO:
    """Open a save for reading without ever blocking, and check it is a regular file of at
    most :data:`MAX_SAVE_BYTES`.

    A FIFO is opened with ``O_NONBLOCK`` (a plain open would wait for a writer forever) and
    then refused, as are devices (``/dev/zero`` never ends) and folders.

    Args:
        path: the file.

    Returns:
        The file, open in binary mode at its start.

    Raises:
        LogError: not found, not a regular file, too large, or unreadable (one line).
    """
    try:
        fd = os.open(path, os.O_RDONLY | _NONBLOCK | getattr(os, "O_CLOEXEC", 0)
                     | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise LogError(path, "no such file") from None
    except IsADirectoryError:
        raise LogError(path, "this is a folder, not a save file") from None
    except OSError as e:
        raise LogError(path, f"cannot read it ({e.strerror or e})") from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise LogError(path, "this is a folder, not a save file")
        if not stat.S_ISREG(st.st_mode):
            raise LogError(path, "this is not a regular file (a pipe, device or socket), "
                           "so it cannot be a save")
        if st.st_size > MAX_SAVE_BYTES:
            raise LogError(path, f"the file is {_size_words(st.st_size)}, larger than any "
                           f"d6tui save can be ({_size_words(MAX_SAVE_BYTES)})")
        if _NONBLOCK:  # reads of a regular file never block; the flag was for the open
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def is_regular_file(path: Path) -> bool:
    """Whether ``path`` is a regular file (following links), found without opening it.

    Args:
        path: the file.

    Returns:
        False for a FIFO, device, socket, folder or missing file.
    """
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def piece_too_large(path: Path, size: int, seq: int | None) -> LogError:
    """The error for a header or event block over :data:`MAX_EVENT_BYTES`.

    Args:
        path: the file.
        size: the piece's size in bytes.
        seq: the event's ``seq``, or None for the header.

    Returns:
        The error to raise.
    """
    what = "the header" if seq is None else f"event {seq}"
    return LogError(path, f"{what} is more than {_size_words(MAX_EVENT_BYTES)} long, larger "
                    "than any d6tui save holds", seq=seq)


#: Pieces that passed :func:`check_piece` twice (most recent last), so that reading a save
#: again and again in one process (a load that finds a cut, its repair, the load after it)
#: checks each at most twice: the checks depend only on the text and the limits. Bounded by
#: :data:`_PASSED_CHARS` of text.
_passed: OrderedDict[str, None] = OrderedDict()
_passed_chars = 0
_PASSED_CHARS = 1 << 19
#: The limits the kept pieces passed (a change of them forgets the pieces).
_passed_for: tuple[int, ...] = ()


def _limits() -> tuple[int, ...]:
    return (MAX_EVENT_BYTES, MAX_LINE_CHARS, MAX_DEPTH, MAX_KEY_PARTS, MAX_KEYS)


#: Hashes of the pieces that passed once: a piece is kept when it passes a second time (a
#: save read once keeps nothing); emptied when it holds 4096.
_passed_once: set[int] = set()
_passed_lock = threading.Lock()


def _remember_passed(text: str) -> None:
    global _passed_chars
    if len(text) < 256 or len(text) > _PASSED_CHARS:  # a short piece costs less to check
        return
    h = hash(text)
    with _passed_lock:  # the server folds moves in threads: one change at a time
        if h not in _passed_once:
            if len(_passed_once) >= 4096:
                _passed_once.clear()
            _passed_once.add(h)
            return
        if text in _passed:
            return
        _passed[text] = None
        _passed_chars += len(text)
        while _passed_chars > _PASSED_CHARS:
            old, _ = _passed.popitem(last=False)
            _passed_chars -= len(old)


def check_piece(path: Path, text: str, seq: int | None = None, line: int | None = None) -> None:
    """Check one piece of a save (the header, or one event block) against the limits, before
    it is parsed.

    Args:
        path: the file, for the message.
        text: the piece's text.
        seq: the event's ``seq`` (None for the header).
        line: the file line the piece starts on, for the message.

    Raises:
        LogError: the piece is too long, has too long a line, nests too deep, has too long a
            dotted key or too many keys: nothing d6tui writes looks like that.
    """
    global _passed_for, _passed_chars
    with _passed_lock:
        if _passed_for != _limits():
            _passed.clear()
            _passed_once.clear()
            _passed_chars = 0
            _passed_for = _limits()
        known = text in _passed
        if known:
            _passed.move_to_end(text)
    if known:
        return
    if len(text) > MAX_EVENT_BYTES:
        raise piece_too_large(path, len(text), seq)
    if len(text) > MAX_LINE_CHARS:
        lengths = list(map(len, text.split("\n")))
        longest = max(lengths)
        if longest > MAX_LINE_CHARS:
            at = None if line is None else line + lengths.index(longest)
            raise LogError(path, f"a line is {_size_words(longest)} long; no d6tui save has a "
                           f"line over {_size_words(MAX_LINE_CHARS)}", seq=seq, line=at)
    bare = _STRINGS.sub('""', text)
    if bare.count("=") > MAX_KEYS:  # all over the piece: named by its first line
        raise LogError(path, f"more than {MAX_KEYS} keys in one place; no d6tui save has "
                       "that many", seq=seq, line=line)
    if _DOTTED.search(bare):
        kept = _blank_keeping_lines(text)
        dotted = _DOTTED.search(kept)
        raise LogError(path, f"a dotted key of more than {MAX_KEY_PARTS} parts; no d6tui save "
                       "has one", seq=seq,
                       line=_line_at(kept, line, dotted.start() if dotted else None))
    brackets = _BRACKETS.sub("", bare)
    if len(brackets) > MAX_DEPTH and _too_deep(brackets):
        kept = _blank_keeping_lines(text)
        found = _where_too_deep(kept)
        raise LogError(path, f"values nested more than {MAX_DEPTH} deep; no d6tui save nests "
                       "so deep", seq=seq, line=_line_at(kept, line, found))
    _remember_passed(text)


def _too_deep(brackets: str) -> bool:
    """Whether ``brackets`` (only the ``[]{}`` of a blanked piece) open an array or inline
    table more than :data:`MAX_DEPTH` deep (the fast path of every piece read)."""
    depth = 0
    for ch in brackets:
        if ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif depth:
            depth -= 1
    return False


def _where_too_deep(text: str) -> int | None:
    """Where in ``text`` (blanked: no strings or comments) an array or inline table opens
    more than :data:`MAX_DEPTH` deep, or None (only for the line of an error)."""
    depth = 0
    for i, ch in enumerate(text):
        if ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return i
        elif ch in "]}" and depth:
            depth -= 1
    return None


def _blank_keeping_lines(text: str) -> str:
    """``text`` with strings and comments blanked as the checks read it, each keeping its
    line breaks, so that a place in it is on the same line as in ``text``. Slower than the
    plain blanking: only for the line of an error."""
    return _STRINGS.sub(lambda m: '""' + "\n" * m.group().count("\n"), text)


def _line_at(text: str, line: int | None, at: int | None) -> int | None:
    """The file line of place ``at`` in a piece ``text`` whose first line is ``line`` (None
    when either is unknown: the error then names no line)."""
    if line is None or at is None:
        return None
    return line + text.count("\n", 0, at)
