"""TOML text parsed once: a small memo of ``tomllib.loads`` results, keyed by the text.

A save is read again and again in one process: a load that finds a cut, its repair, and the
load after it; a reload when another process appended to the file; each seat of a shared
table. Every time, the same event blocks are parsed again, and ``tomllib`` (pure Python) is
most of a load's cost: D6 Shooter's first event, with its copied content, takes ~2 ms to
parse and ~0.1 ms to copy. So each parsed document is kept, bounded by the length of the
texts kept (:data:`MAX_CHARS`, least recently used dropped first), and every caller gets its
own fresh copy, which it may change as it likes.

A text is kept only when it is parsed a second time: its first parse notes the text's hash
(in a set of at most :data:`MAX_SEEN`, emptied when full) and returns the document itself, so
a process that reads a save once (the app opening a 10,000-event game) pays nothing, neither
a copy nor the memory of the kept documents.

Parsing is a pure function of the text, so a kept result is always the one a new parse would
give; a text that fails to parse is never kept (each call raises anew, with its line).
"""

from __future__ import annotations

import threading
import tomllib
from collections import OrderedDict
from typing import Any

#: The total length (in characters) of the texts whose parsed documents are kept.
MAX_CHARS = 1 << 19
#: Texts shorter than this are parsed each time (a parse that short costs no more than the
#: lookup and copy).
MIN_CHARS = 64

#: How many hashes of texts parsed once are noted before the note is emptied.
MAX_SEEN = 4096

_kept: OrderedDict[str, dict] = OrderedDict()
_chars = 0
_seen: set[int] = set()
_lock = threading.Lock()


def _copy(value: Any) -> Any:
    """A copy of a parsed TOML value: new dicts and lists, the same immutable leaves (str,
    int, float, bool, date, time, datetime)."""
    t = type(value)
    if t is dict:
        return {k: _copy(v) for k, v in value.items()}
    if t is list:
        return [_copy(v) for v in value]
    return value


def loads(text: str) -> dict:
    """``tomllib.loads(text)``, from the memo when this text was parsed twice before.

    Args:
        text: TOML text.

    Returns:
        The document, a new copy the caller owns.

    Raises:
        tomllib.TOMLDecodeError: not valid TOML (never kept, so raised on every call).
    """
    global _chars
    if len(text) < MIN_CHARS:
        return tomllib.loads(text)
    with _lock:  # the server folds moves in threads: one change of the memo at a time
        doc = _kept.get(text)
        if doc is not None:
            _kept.move_to_end(text)
    if doc is not None:
        return _copy(doc)  # kept documents are never changed, so no lock is needed
    doc = tomllib.loads(text)
    h = hash(text)
    with _lock:
        if h not in _seen:  # the first parse of this text: noted, not kept
            if len(_seen) >= MAX_SEEN:
                _seen.clear()
            _seen.add(h)
            return doc
        if len(text) <= MAX_CHARS and text not in _kept:
            _kept[text] = doc
            _chars += len(text)
            while _chars > MAX_CHARS:
                old, _ = _kept.popitem(last=False)
                _chars -= len(old)
    return _copy(doc)


def clear() -> None:
    """Forget every kept document."""
    global _chars
    with _lock:
        _kept.clear()
        _seen.clear()
        _chars = 0
