"""The session launcher: a d6tui with Textual already imported that forks one session
child per login, so a login does not pay a Python start-up and Textual's imports.

The server starts it once (``python -P -m d6tui.server.launcher``, a session of its own, so
a Ctrl-C at the server's terminal does not reach it) and talks to it over a socket pair:
a request is one JSON record (the child's environment, its folder, the names of the
variables that carry the passed descriptors) with the pty's slave end and the tables'
sockets passed along (``SCM_RIGHTS``); the answer is ``{"pid": N}`` or ``{"error": ...}``.

The launcher forks twice: the middle process exits at once, so the session child is
re-parented to the server, which marks itself a child subreaper
(``PR_SET_CHILD_SUBREAPER``). The server therefore reaps its sessions itself (their exit
status, as for a child it started) and signals their process groups as before; a launcher
that dies takes no session with it, and is started again at the next login
(:class:`Launcher`). Where the subreaper or ``pidfd_open`` is missing (not Linux), the
server starts ``python -m d6tui`` for each session as before.

The child becomes what ``python -m d6tui`` on the pty would be: a session of its own with
the pty as its controlling terminal and as fds 0-2, no other descriptors than the passed
ones, default signal handlers, the environment and folder asked for, and standard streams
made again for the pty with the encoding a new Python would pick for that environment.
Known differences: ``/proc/<pid>/environ`` of a forked child shows the launcher's start-up
environment (the kernel keeps the one it was exec'd with; the child's ``os.environ`` is the
one asked for), and ``ps`` names it ``python -P -m d6tui.server.launcher``; all sessions
share the launcher's hash seed. Measured (``bench/ssh_login.py``, this 2-core machine,
shared): a forked login 0.25x the CPU of a fresh one and its home screen in 0.23x the
time; the launcher's own start about 0.4 s of CPU once a server. A forked child's
proportional memory (PSS) measured 20 MB against 28 MB for a fresh one (the launcher
17 MB).
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Sequence

#: Largest request or answer record, in bytes.
RECORD = 1 << 20

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

PR_SET_CHILD_SUBREAPER = 36


# --- the server's side ---------------------------------------------------------------


def _log():
    import logging

    return logging.getLogger("d6tui.server")


class LauncherError(OSError):
    """The launcher could not start a session (it is gone, timed out or refused)."""


def become_subreaper() -> bool:
    """Mark this process a child subreaper (Linux ``prctl``): orphaned descendants, the
    launcher's session children, are re-parented to it. Returns whether that worked and
    ``os.pidfd_open`` exists (what :class:`ForkedProcess` needs)."""
    if not sys.platform.startswith("linux") or not hasattr(os, "pidfd_open"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


class ForkedProcess:
    """A session child the launcher forked, re-parented to this process: the part of
    ``asyncio.subprocess.Process`` the server uses (``pid``, ``returncode``, ``wait()``).

    Args:
        pid: the child's pid (a child of this process, not yet reaped).

    Raises:
        OSError: ``pidfd_open`` failed (the pid is not there).
    """

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None
        self._loop = asyncio.get_running_loop()
        self._done: asyncio.Future = self._loop.create_future()
        self._fd = os.pidfd_open(pid)
        self._loop.add_reader(self._fd, self._exited)

    def _exited(self) -> None:
        self._loop.remove_reader(self._fd)
        os.close(self._fd)
        try:
            _, status = os.waitpid(self.pid, 0)
            self.returncode = os.waitstatus_to_exitcode(status)
        except ChildProcessError:  # reaped elsewhere: nothing more to know
            self.returncode = 255
        if not self._done.done():
            self._done.set_result(self.returncode)

    async def wait(self) -> int:
        """Wait until the child has finished; its exit status (negative: the signal)."""
        return await asyncio.shield(self._done)


class Launcher:
    """The server's handle on the launcher process: starts it, asks it for sessions, and
    starts it again when it has died.

    Args:
        env: the launcher's environment (the server's variables a session inherits; each
            session's own are sent with its request).
    """

    #: Seconds an answer may take (the first waits for the launcher's imports).
    TIMEOUT = 10.0

    def __init__(self, env: dict[str, str]) -> None:
        self.env = env
        self.proc: subprocess.Popen | None = None
        self.sock: socket.socket | None = None
        self.starts = 0
        self._lock: asyncio.Lock | None = None

    def start(self) -> None:
        """Start the launcher process (it imports while the server goes on).

        Raises:
            OSError: it could not be started.
        """
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self.proc = subprocess.Popen(
                [sys.executable, "-P", "-m", "d6tui.server.launcher", str(theirs.fileno())],
                env=self.env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL, pass_fds=(theirs.fileno(),), cwd="/",
                start_new_session=True)
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()
        ours.setblocking(False)
        self.sock = ours
        self.starts += 1
        _log().info("launcher started pid=%d", self.proc.pid)

    def close(self) -> None:
        """Stop the launcher (it exits when its socket closes; killed if it has not in
        a few seconds). Sessions it started go on."""
        if self.sock is not None:
            self.sock.close()
            self.sock = None
        if self.proc is not None:
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
            self.proc = None

    def _discard(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
        self.close()

    async def spawn(self, env: dict[str, str], cwd: str, slave: int,
                    passed: Sequence[tuple[str, int]] = ()) -> ForkedProcess:
        """A new session child on the pty whose slave end is ``slave``.

        Args:
            env: its environment.
            cwd: its working folder.
            slave: the pty's slave end (its controlling terminal and fds 0-2).
            passed: ``(variable, fd)`` pairs: descriptors it keeps, each named in its
                environment by that variable (with the child's number for it).

        Returns:
            The child.

        Raises:
            LauncherError: the launcher failed, and failed again once started afresh.
        """
        if self._lock is None:
            self._lock = asyncio.Lock()
        async with self._lock:
            for attempt in (1, 2):
                if self.sock is None or self.proc is None or self.proc.poll() is not None:
                    if self.starts:
                        _log().warning("launcher started again (the last one had ended or "
                                       "did not answer)")
                    self._discard()
                    self.start()
                try:
                    pid = await self._ask(env, cwd, slave, passed)
                except LauncherError:
                    self._discard()
                    if attempt == 2:
                        raise
                    continue
                return ForkedProcess(pid)
        raise AssertionError("unreachable")  # pragma: no cover

    async def _ask(self, env: dict[str, str], cwd: str, slave: int,
                   passed: Sequence[tuple[str, int]]) -> int:
        assert self.sock is not None
        record = json.dumps({"env": env, "cwd": cwd,
                             "fd_env": [name for name, _ in passed]}).encode()
        fds = [slave, *(fd for _, fd in passed)]
        loop = asyncio.get_running_loop()
        try:  # one small record into an empty socket: it does not block
            socket.send_fds(self.sock, [record], fds)
            answer = await asyncio.wait_for(loop.sock_recv(self.sock, RECORD), self.TIMEOUT)
        except (OSError, TimeoutError) as e:
            raise LauncherError(f"the session launcher did not answer ({e or 'timeout'})") from e
        if not answer:
            raise LauncherError("the session launcher is gone")
        reply = json.loads(answer)
        if "pid" not in reply:
            raise LauncherError(f"the session launcher failed: {reply.get('error')}")
        return int(reply["pid"])


# --- the launcher's side -------------------------------------------------------------


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
