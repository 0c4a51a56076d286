"""The session launcher: a d6tui with Textual already imported that forks one session
child per login, so a login does not pay a Python start-up and Textual's imports.

The server starts it once (``python -P -m d6tui.server.launcher_main``, a session of its own, so
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
``ps`` shows it as ``d6tui session <player>`` (``top``: ``d6tui <player>``), the launcher
as ``python -P -m d6tui.server.launcher_main`` (``d6tui-launcher``).

Known differences: ``/proc/<pid>/environ`` of a forked child shows the launcher's start-up
environment (the kernel keeps the one it was exec'd with; the child's ``os.environ`` is the
one asked for), and all sessions share the launcher's string hash seed (Python draws it at
start-up; it cannot be drawn again after a fork). That is harmless here: the seed only
spreads a dict's keys against a flood of colliding ones, every piece of a save a session
reads is bounded in keys first (:mod:`d6tui.engine.limits`), and nothing d6tui keeps,
sends or rolls depends on a string's hash. The random streams are each child's own:
CPython seeds the ``random`` module again in a forked child, ``secrets`` reads the
system's, every game's dice are a ``random.Random`` made in the session (from a secret of
``secrets``, or the game's seed), and no module the launcher imports holds a
``random.Random`` of its own (``tests/ssh/test_launcher.py``).

Measured (``bench/ssh_login.py``, this 2-core machine, shared): a forked login 0.25x the
CPU of a fresh one and its home screen in 0.23x the time; the launcher's own start about
0.4 s of CPU once a server. A forked child's proportional memory (PSS) measured 20 MB
against 28 MB for a fresh one (the launcher 17 MB).
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
from collections.abc import Sequence
from functools import partial

#: Largest request or answer record, in bytes.
RECORD = 1 << 20

PR_SET_CHILD_SUBREAPER = 36

#: The launcher's process name (``/proc/PID/comm``, what ``top`` and ``ps -o comm`` show),
#: set as it starts (:func:`.launcher_main.set_title`). The middle process of its double
#: fork inherits it, and so does a session child until it names itself
#: (``d6tui <player>``), so the server knows a stray by it (:meth:`Launcher.reap_strays`).
LAUNCHER_COMM = "d6tui-launcher"
#: A session child's process name begins so, then the player's name (cut at 15 bytes).
SESSION_COMM = "d6tui "


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


def _children() -> list[int]:
    """This process's children (Linux ``/proc``: every thread's ``children`` list, else
    the processes whose parent is this one); none where ``/proc`` is missing."""
    me = os.getpid()
    pids: set[int] = set()
    try:
        for tid in os.listdir(f"/proc/{me}/task"):
            with open(f"/proc/{me}/task/{tid}/children") as f:
                pids.update(int(p) for p in f.read().split())
        return sorted(pids)
    except (OSError, ValueError):
        pass
    try:
        names = os.listdir("/proc")
    except OSError:
        return []
    for name in names:
        if name.isdigit():
            stat = _stat(int(name))
            if stat is not None and stat[2] == me:
                pids.add(int(name))
    return sorted(pids)


def _stat(pid: int) -> tuple[str, str, int] | None:
    """``(comm, state, parent pid)`` of process ``pid`` from ``/proc``, or None if gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            text = f.read()
    except OSError:
        return None
    head, _, tail = text.rpartition(b")")
    fields = tail.split()
    try:
        return head.split(b"(", 1)[1].decode(errors="replace"), fields[0].decode(), \
            int(fields[1])
    except (IndexError, ValueError):
        return None


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
        #: The session children handed over and not yet finished (their ForkedProcess
        #: reaps them; :meth:`reap_strays` leaves them alone).
        self._kids: set[int] = set()

    def start(self) -> None:
        """Start the launcher process (it imports while the server goes on).

        Raises:
            OSError: it could not be started.
        """
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self.proc = subprocess.Popen(
                [sys.executable, "-P", "-m", "d6tui.server.launcher_main", str(theirs.fileno())],
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
            self.reap_strays()
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
                    self.reap_strays()
                    if attempt == 2:
                        raise
                    continue
                kid = ForkedProcess(pid)
                self._kids.add(pid)
                kid._done.add_done_callback(partial(self._finished, pid))
                return kid
        raise AssertionError("unreachable")  # pragma: no cover

    def _finished(self, pid: int, _done: asyncio.Future) -> None:
        """A session handed over has been reaped by its ForkedProcess (its pid may be
        reused from now on)."""
        self._kids.discard(pid)

    def reap_strays(self) -> int:
        """End what a launcher that died in the middle of a request left behind: this
        process is their subreaper, and nothing else waits for them.

        A launcher killed between its two forks leaves its middle process, which exits and
        would stay a zombie here; one killed after the second fork leaves a session child
        the server never heard of, on the pty the server then gives to the next try. Both
        are known by their name (:data:`LAUNCHER_COMM`, or :data:`SESSION_COMM` once a child
        has named itself) among this process's children that are neither the launcher
        running now nor a session handed over: each zombie is reaped, each live one killed
        (and reaped by a later call). Called with no request in flight (each login, and
        after a launcher is given up). Children of any other name (``python -m d6tui``
        sessions, where there is no launcher) are left alone, their exit status kept for
        whoever waits for them.

        Returns:
            How many zombies were reaped.
        """
        import signal

        own = self.proc.pid if self.proc is not None else None
        reaped = 0
        for pid in _children():
            stat = _stat(pid)
            if pid == own or pid in self._kids or stat is None:
                continue
            comm, state, _ = stat
            if comm != LAUNCHER_COMM and not comm.startswith(SESSION_COMM):
                continue
            if state == "Z":
                try:
                    if os.waitpid(pid, os.WNOHANG)[0] == pid:
                        reaped += 1
                except ChildProcessError:
                    pass
                continue
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                continue
            _log().warning("stray session process killed pid=%d (its launcher died in the "
                           "middle of a login)", pid)
        if reaped:
            _log().info("stray launcher processes reaped count=%d", reaped)
        return reaped

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
