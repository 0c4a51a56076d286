"""What a client sends, made safe for the server's log and a player's environment.

A client chooses its ``TERM``, ``COLORTERM``, locale, command line and more; written into
``server.log`` as is, a line break would forge a log line of its own and a long value fill
the disk. Every such value is logged through :func:`quoted`, and the log's formatter
(:class:`OneLineFormatter`) escapes any line break left in a message. ``TERM`` and the
other variables a session takes from the client pass :func:`clean_term` /
:func:`clean_env_value` first.
"""

from __future__ import annotations

import logging
import re

#: The most characters of one client-given value written to the log.
LOG_CAP = 80

#: The longest TERM (or COLORTERM, locale) a session takes from a client.
TERM_MAX = 64

#: What a terminal type or locale is made of (``xterm-256color``, ``C.UTF-8``, ``truecolor``).
_TERM_CHARS = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+@-]*")


def quoted(value: object, cap: int = LOG_CAP) -> str:
    """``value`` for the log (``-`` for None): ``repr`` of its text (line breaks and
    control characters escaped, quoted), cut to ``cap`` characters with the length it had.

    >>> quoted("xterm\\n2026 INFO forged")
    "'xterm\\\\n2026 INFO forged'"
    """
    if value is None:
        return "-"
    text = str(value)
    if len(text) > cap:
        return f"{text[:cap]!r}...({len(text)} chars)"
    return repr(text)


def clean_term(value: str | None) -> str | None:
    """``value`` when it reads as a terminal type (letters, digits and ``._+@-``, at most
    :data:`TERM_MAX` characters), else None (the caller falls back to a default)."""
    if value and len(value) <= TERM_MAX and _TERM_CHARS.fullmatch(value):
        return value
    return None


def clean_env_value(value: object) -> str | None:
    """A client's ``COLORTERM``/``LANG``/``LC_*``/``NO_COLOR`` when short and made of
    terminal-type characters (``NO_COLOR=1``, ``LANG=en_US.UTF-8``), else None (dropped)."""
    text = str(value)
    if text == "" or clean_term(text) is not None:
        return text
    return None


class OneLineFormatter(logging.Formatter):
    """A formatter whose every record is one line: line breaks in the message (an
    exception's text, a value not passed through :func:`quoted`) are written as ``\\n``;
    tracebacks stay on their indented lines below."""

    def formatMessage(self, record: logging.LogRecord) -> str:  # noqa: N802 - logging's name
        """The record's line with ``\\r`` and ``\\n`` in its message escaped."""
        record.message = record.getMessage().replace("\r", "\\r").replace("\n", "\\n")
        return super().formatMessage(record)
