"""One player's terminal: ``python -m d6tui`` under a pseudo-terminal, bytes relayed to and
from the SSH channel.

The child is an ordinary d6tui with Textual's own Linux driver on a real pty, so Escape,
resize (SIGWINCH from ``TIOCSWINSZ``), colours (the client's ``TERM``/``COLORTERM`` in its
environment) and restoring the terminal all work as they do locally. It runs in a session
of its own (``setsid``), so it is stopped by its process group id alone. Where the server
has a :class:`~d6tui.server.launcher.Launcher`, the child is forked from it (Textual already
imported) instead of started afresh; it is the same child on the same pty.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import signal
import struct
import sys
import termios
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from d6tui.server.logtext import clean_env_value, clean_term

if TYPE_CHECKING:
    from d6tui.server.launcher import ForkedProcess, Launcher

#: Written when a session ends whatever the child did: alternate screen off, cursor shown,
#: mouse, bracketed paste, focus reports and the kitty keyboard protocol off.
RESTORE = (b"\x1b[<u\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l\x1b[?2004l\x1b[?1004l"
           b"\x1b[?7h\x1b[?1049l\x1b[?25h")

#: The variables of the server's environment a child inherits (everything else comes from
#: the client or is set here): so the server's own TERM or COLORTERM never leaks in.
PASS_THROUGH = ("PATH", "PYTHONPATH", "D6TUI_GAMES_PATH", "VIRTUAL_ENV", "TZ")

#: The variables of the client's environment a child takes (OpenSSH sends TERM with the pty
#: request, the others only with ``SendEnv`` or ``SetEnv``).
FROM_CLIENT = ("COLORTERM", "NO_COLOR", "LANG", "LC_ALL", "LC_CTYPE")


@dataclass(frozen=True)
class PlayerDirs:
    """Where one player's things live on the server.

    Attributes:
        saves: their save folder.
        config: their config folder (theme, key map).
    """

    saves: Path
    config: Path

    @classmethod
    def under(cls, data: Path, name: str) -> PlayerDirs:
        """``<data>/players/<name>/saves`` and ``.../config``."""
        root = data / "players" / name
        return cls(root / "saves", root / "config")


def child_env(term: str, client_env: Mapping[str, str], dirs: PlayerDirs,
              name: str) -> dict[str, str]:
    """The environment of a player's d6tui: the client's terminal, the player's folders.

    Args:
        term: the client's ``TERM`` (one that does not read as a terminal type, see
            :func:`~d6tui.server.logtext.clean_term`, becomes ``xterm-256color``).
        client_env: the variables the client sent.
        dirs: the player's folders.
        name: the player's name (``D6TUI_PLAYER``).

    Returns:
        A new dict.
    """
    env = {k: os.environ[k] for k in PASS_THROUGH if k in os.environ}
    for k in FROM_CLIENT:  # short terminal-type words only (no control characters)
        value = clean_env_value(client_env[k]) if k in client_env else None
        if value is not None:
            env[k] = value
    env.setdefault("LANG", "C.UTF-8")
    env.update(TERM=clean_term(term) or "xterm-256color", HOME=str(dirs.config.parent),
               D6TUI_SAVES=str(dirs.saves), D6TUI_CONFIG=str(dirs.config),
               D6TUI_PLAYER=name)
    return env


def set_size(fd: int, width: int, height: int) -> None:
    """Set a pty's size (the child gets SIGWINCH)."""
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))


def _wake(future: asyncio.Future) -> None:
    if not future.done():
        future.set_result(None)


def _controlling_tty() -> None:  # pragma: no cover - runs in the child between fork and exec
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Terminal:
    """A d6tui child on a pty.

    Args:
        argv: the command (default: this Python's ``-m d6tui``).
        pass_fds: descriptors the child keeps (its end of the tables socket).
        env: its environment.
        width, height: the starting size.
        fd_names: the variable of ``env`` that names each of ``pass_fds`` (a forked child
            gets them under other numbers).
        launcher: fork the child from this :class:`~d6tui.server.launcher.Launcher`
            (already imported) instead of starting ``argv``; ignored when ``argv`` is
            given.
    """

    def __init__(self, env: dict[str, str], width: int, height: int,
                 argv: list[str] | None = None, pass_fds: tuple[int, ...] = (),
                 fd_names: tuple[str, ...] = (), launcher: Launcher | None = None) -> None:
        self.launcher = launcher if argv is None else None
        self.argv = argv or [sys.executable, "-m", "d6tui"]
        self.pass_fds = pass_fds
        self.fd_names = fd_names
        self.env = env
        self.size = (width, height)
        self.master = -1
        self.process: asyncio.subprocess.Process | ForkedProcess | None = None
        #: When the client last sent anything (for the idle timeout).
        self.last_input = time.monotonic()

    async def start(self) -> None:
        """Start the child.

        Raises:
            OSError: the pty or the process could not be made.
        """
        master, slave = os.openpty()
        try:
            set_size(slave, *self.size)
            if self.launcher is not None:
                self.process = await self.launcher.spawn(
                    self.env, self.env.get("HOME", "/"), slave,
                    tuple(zip(self.fd_names, self.pass_fds, strict=True)))
            else:
                self.process = await asyncio.create_subprocess_exec(
                    *self.argv, stdin=slave, stdout=slave, stderr=slave, env=self.env,
                    cwd=self.env.get("HOME"), start_new_session=True,
                    pass_fds=self.pass_fds, preexec_fn=_controlling_tty)
        except BaseException:
            os.close(master)
            raise
        else:
            os.set_blocking(master, False)
            self.master = master
        finally:
            os.close(slave)

    def resize(self, width: int, height: int) -> None:
        """Give the child a new size."""
        self.size = (width, height)
        if self.master >= 0:
            set_size(self.master, width, height)

    async def write(self, data: bytes) -> None:
        """Send the client's bytes to the child (waits while the pty is full)."""
        self.last_input = time.monotonic()
        loop = asyncio.get_running_loop()
        view = memoryview(data)
        while view and self.master >= 0:
            try:
                n = os.write(self.master, view)
                view = view[n:]
            except BlockingIOError:
                ready = loop.create_future()
                loop.add_writer(self.master, _wake, ready)
                try:
                    await ready
                finally:
                    loop.remove_writer(self.master)
            except OSError:  # the child is gone
                return

    async def pump(self, out: Callable[[bytes], Awaitable[None]]) -> None:
        """Relay the child's output to ``out`` until the child closes its terminal."""
        loop = asyncio.get_running_loop()
        while True:
            try:
                data = os.read(self.master, 65536)
            except BlockingIOError:
                ready = loop.create_future()
                loop.add_reader(self.master, _wake, ready)
                try:
                    await ready
                finally:
                    loop.remove_reader(self.master)
                continue
            except OSError:  # EIO: every holder of the slave has closed it
                return
            if not data:
                return
            await out(data)

    async def stop(self, grace: float = 2.0) -> int:
        """Stop the child (SIGHUP, then SIGKILL after ``grace`` seconds) and close the pty.

        Returns:
            Its exit status (negative: killed by that signal).
        """
        proc = self.process
        status = 0
        if proc is not None:
            if proc.returncode is None:
                self._signal(signal.SIGHUP)
                try:
                    await asyncio.wait_for(proc.wait(), grace)
                except TimeoutError:
                    self._signal(signal.SIGKILL)
                    await proc.wait()
            status = proc.returncode or 0
        if self.master >= 0:
            os.close(self.master)
            self.master = -1
        return status

    def _signal(self, sig: int) -> None:
        assert self.process is not None
        try:
            os.killpg(self.process.pid, sig)  # its own session: pgid == pid
        except ProcessLookupError:
            pass

    @property
    def pid(self) -> int | None:
        """The child's process id, once started."""
        return self.process.pid if self.process else None
