"""The session launcher's own process (``python -P -m d6tui.server.launcher_main FD``):
d6tui and Textual imported once, then one session child forked per request from the
server's :class:`.launcher.Launcher` over the socket ``FD``; in each child, d6tui runs as
``python -m d6tui`` would on the pty it was given. The requests, the double fork and what
the child becomes are described in :mod:`.launcher`. Kept apart from it because the child
runs the command line (:mod:`d6tui.cli`), which the server's side is imported by.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import sys
from collections.abc import Sequence

from d6tui.server.launcher import LAUNCHER_COMM, RECORD, SESSION_COMM

#: Modules the launcher imports before it forks: the app, what its home screen loads, the
#: help, the lobby and a table's screens. None reads a file or the environment at import
#: time (their caches fill in the child, with the child's folders).
PREIMPORT = (
    "d6tui.cli", "d6tui.cli_play", "d6tui.config", "d6tui.themes", "d6tui.ui.app",
    "d6tui.ui.screens.too_small", "d6tui.engine.appender", "d6tui.engine.logfile",
    "d6tui.engine.logcheck", "d6tui.engine.session", "d6tui.server.table_client",
    "d6tui.server.seat_session", "d6tui.ui.screens.tables", "d6tui.ui.screens.game",
    "d6tui.ui.screens.dialog", "d6tui.ui.screens.help", "d6tui.ui.widgets.markdown_text",
    "d6tui.games.d6_board", "d6tui.games.dungeon", "d6tui.games.shooter",
    "d6tui.games.simple_six", "d6tui.games.tales",
    "d6tui.ui.d6_board", "d6tui.ui.dungeon", "d6tui.ui.shooter", "d6tui.ui.simple_six",
    "d6tui.ui.tales",
    "textual.drivers.linux_driver", "textual.widgets._data_table", "textual.scrollbar",
    "textual.layouts.horizontal", "textual.layouts.stream", "textual.renderables.styled",
    "textual.widgets._text_area", "textual.widgets._header",
)


PR_SET_NAME = 15


def set_title(comm: str, title: str | None = None) -> None:
    """Name this process for ``ps`` and ``top``: ``comm`` (at most 15 bytes, by
    ``prctl(PR_SET_NAME)``) and ``title`` (if given) as its command line, written over the
    process's own argument area (its bounds, ``arg_start`` and ``arg_end``, read from
    ``/proc/self/stat``), cut to that area's length and padded with NULs. Python keeps its
    own copy of the arguments (``sys.argv``), so nothing it reads changes. Nothing is done
    where Linux's ``/proc`` or ``prctl`` is missing."""
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_NAME, ctypes.c_char_p(comm.encode()[:15]), 0, 0, 0)
        if title is None:
            return
        with open("/proc/self/stat", "rb") as f:
            fields = f.read().rsplit(b")", 1)[1].split()
        start, end = int(fields[45]), int(fields[46])  # fields 48 and 49 of proc(5)
    except (OSError, AttributeError, ValueError, IndexError):
        return
    size = end - start
    if size <= 1:
        return
    data = title.encode("utf-8", "replace")[:size - 1].decode("utf-8", "ignore").encode()
    ctypes.memmove(start, data + b"\0" * (size - len(data)), size)


def serve(sock: socket.socket) -> tuple[dict, list[int]] | None:
    """Answer requests until the server closes its end (returns None, in the launcher),
    or return ``(request, fds)`` in a session child just forked."""
    while True:
        try:
            record, fds, _flags, _addr = socket.recv_fds(sock, RECORD, 16)
        except InterruptedError:  # pragma: no cover - a signal (retried since PEP 475)
            continue
        except OSError:
            return None
        if not record:
            for fd in fds:
                os.close(fd)
            return None
        try:
            request = json.loads(record)
            if len(fds) != 1 + len(request["fd_env"]):
                raise ValueError("the descriptors do not match the request")
            kid = _fork_twice(sock)
        except Exception as e:  # a bad request or a failed fork: say so, go on
            reply = {"error": f"{type(e).__name__}: {e}"}
        else:
            if kid == 0:  # the session child
                return request, fds
            reply = {"pid": kid}
        for fd in fds:
            os.close(fd)
        sock.send(json.dumps(reply).encode())


def _fork_twice(sock: socket.socket) -> int:
    """Fork a grandchild through a middle process that exits at once (so the grandchild
    is re-parented to the server). Returns its pid, or 0 in the grandchild.

    Raises:
        OSError: a fork failed.
    """
    import threading

    if threading.active_count() != 1:  # a fork copies one thread: the others' locks stay held
        raise OSError("the launcher has threads of its own: it does not fork")
    r, w = os.pipe()
    middle = os.fork()
    if middle == 0:  # the middle process: fork, tell the pid, exit
        os.close(r)
        try:
            kid = os.fork()
        except OSError:
            os._exit(1)
        if kid:
            os.write(w, b"%d" % kid)
            os._exit(0)
        os.close(w)
        return 0
    os.close(w)
    with os.fdopen(r, "rb") as pipe:
        said = pipe.read()
    os.waitpid(middle, 0)
    if not said:
        raise OSError("the second fork failed")
    return int(said)


def stdio_encoding() -> str:
    """The encoding a new Python would give its standard streams in this process's
    environment (call after setting it): the locale's (``LC_ALL``, ``LC_CTYPE``, ``LANG``),
    UTF-8 for the C or POSIX locale, an unknown one or UTF-8 mode (PEP 538, PEP 540)."""
    import locale

    try:
        name = locale.setlocale(locale.LC_CTYPE, "")
    except locale.Error:
        name = "C"
    if sys.flags.utf8_mode or name in ("C", "POSIX"):
        return "utf-8"
    return locale.getencoding()


def become_session(request: dict, fds: list[int]) -> None:
    """In the freshly forked child: become ``python -m d6tui`` on the pty (see the module
    docstring)."""
    import fcntl
    import termios

    slave, passed = fds[0], fds[1:]
    os.setsid()
    fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
    for n in (0, 1, 2):
        os.dup2(slave, n)
    keep = {0, 1, 2, *passed}
    for fd in sorted(int(n) for n in os.listdir("/proc/self/fd") if int(n) not in keep):
        try:
            os.close(fd)
        except OSError:  # the folder's own descriptor, already closed
            pass
    for sig in (signal.SIGCHLD, signal.SIGHUP, signal.SIGTERM, signal.SIGWINCH):
        signal.signal(sig, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    env = dict(request["env"])
    for name, fd in zip(request["fd_env"], passed, strict=True):
        env[name] = str(fd)
    player = env.get("D6TUI_PLAYER", "")
    set_title(SESSION_COMM + player, f"d6tui session {player}".strip())
    os.environ.clear()
    os.environ.update(env)
    os.chdir(request["cwd"])
    encoding = stdio_encoding()
    errors = "surrogateescape" if _surrogate_locale() else "strict"
    # as Python makes them at start-up (closefd=False: the launcher's, dropped here, never
    # closed fds 0-2 either)
    sys.stdin = sys.__stdin__ = _stdio(0, "rb", encoding, errors)
    sys.stdout = sys.__stdout__ = _stdio(1, "wb", encoding, errors)
    sys.stderr = sys.__stderr__ = _stdio(2, "wb", encoding, "backslashreplace")
    import d6tui

    sys.argv = [os.path.join(os.path.dirname(d6tui.__file__), "__main__.py")]


def _surrogate_locale() -> bool:
    """Whether a new Python would read and write its standard streams with
    ``surrogateescape`` here: UTF-8 mode, the C or POSIX locale or a C.UTF-8 one."""
    import locale

    return bool(sys.flags.utf8_mode) or locale.setlocale(locale.LC_CTYPE) in (
        "C", "POSIX", "C.UTF-8", "C.utf8", "UTF-8")


def _stdio(fd: int, mode: str, encoding: str, errors: str):
    import io

    return io.TextIOWrapper(open(fd, mode, closefd=False), encoding, errors, newline="\n",
                            line_buffering=os.isatty(fd))


def main(argv: Sequence[str]) -> int:
    """The launcher process: import, then serve the socket whose fd is ``argv[0]``; in each
    session child, run d6tui as ``python -m d6tui`` would."""
    import gc
    import importlib

    sock = socket.socket(fileno=int(argv[0]))
    set_title(LAUNCHER_COMM)  # its command line stays python's, ``-m`` and the module
    for name in PREIMPORT:
        try:
            importlib.import_module(name)
        except ImportError:  # pragma: no cover - a module renamed: imported in the child
            pass
    gc.freeze()  # what is loaded now stays shared with the children (copy-on-write)
    session = serve(sock)
    if session is None:
        return 0
    sock.detach()  # closed with the others: the object must not close a reused number
    become_session(*session)
    from d6tui.cli import main as d6tui_main

    return d6tui_main([])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
