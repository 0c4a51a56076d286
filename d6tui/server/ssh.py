"""The SSH side of ``d6tui serve``: authentication, refusals, limits and the log.

Public keys only, looked up in the authorized keys file; the player's name is the key's
name there. Only an interactive shell with a pty gets d6tui; an exec request, a
subsystem (SFTP), a session without a pty, forwarding of ports, agents or X11 are refused.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh

from d6tui.server.keys import AuthorizedKeys
from d6tui.server.launcher import Launcher, LauncherError
from d6tui.server.limits import Limits, RateLimiter
from d6tui.server.logtext import quoted
from d6tui.server.service import TableService
from d6tui.server.table_client import CALL_FD_ENV, FD_ENV
from d6tui.server.tables import Tables
from d6tui.server.terminal import RESTORE, PlayerDirs, Terminal, child_env

log = logging.getLogger("d6tui.server")

NO_COMMANDS = b"d6tui: this server runs d6tui only; connect without a command (ssh -p PORT HOST)\n"
NO_PTY = b"d6tui: d6tui needs a terminal; connect with ssh -t (or without -T)\n"


#: The ends of a session that exit 0 for the client although the child was stopped.
CLEAN_ENDS = frozenset({"idle", "logged in again", "server stopped"})


def end_reason(done: set[asyncio.Task], *, pump: asyncio.Task, kicked: asyncio.Task,
               watchdog: asyncio.Task) -> str:
    """Why a session ends, from the first of its tasks to finish.

    The relay of the child's output (``pump``) also ends when writing to a client that
    has gone fails: that is the client leaving, not the player quitting (a screen that was
    drawing when the connection dropped had been logged as a crash).

    Returns:
        ``logged in again``, ``quit``, ``client left`` or ``idle``.
    """
    if kicked in done:
        return "logged in again"
    if pump in done:
        return "client left" if not pump.cancelled() and pump.exception() else "quit"
    if watchdog in done:
        return "idle"
    return "client left"


def replaced_message(address: str) -> bytes:
    """What an older session is told when its player logs in again."""
    return (f"\r\nd6tui: you logged in again (from {address}), so this older session is "
            "closed; your games and seats are kept\r\n").encode()


@dataclass
class ServerState:
    """What the connections of one server share.

    Attributes:
        keys: the authorized keys.
        limits: the limits.
        data: the data folder (``players/``, the log).
        argv: the command each session runs (default ``python -m d6tui``).
        launcher: forks each session's d6tui already imported (None: each session starts
            ``python -m d6tui``; so does one whose launcher failed twice).
        sessions: the terminals open now.
        service: the shared tables (their saves under ``<data>/tables``).
        latest: each player's newest session: set its event (with the new address) to
            close it when the same key logs in again.
        stopping: set when the server is being stopped (its sessions end as
            ``server stopped``, not as crashes).
    """

    keys: AuthorizedKeys
    limits: Limits
    data: Path
    argv: list[str] | None = None
    launcher: Launcher | None = None
    rate: RateLimiter = field(init=False)
    sessions: set[Terminal] = field(default_factory=set)
    service: TableService = field(init=False)
    latest: dict[str, tuple[asyncio.Event, list[str]]] = field(default_factory=dict)
    stopping: bool = False

    def __post_init__(self) -> None:
        self.rate = RateLimiter(self.limits.rate, self.limits.rate_window)
        tables = Tables(self.data / "tables", players=self.keys.names)
        tables.reopen()  # the tables open before a restart, seats bound to the same keys
        self.service = TableService(tables)


class D6SSHServer(asyncssh.SSHServer):
    """One connection: its authentication and what it is refused."""

    def __init__(self, state: ServerState) -> None:
        self.state = state
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = "?"
        self.name: str | None = None
        self._candidate: str | None = None
        self._offered = 0
        self._refused = False

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?", 0)
        self.address = str(peer[0])
        if not self.state.rate.allow(self.address):
            self._refused = True
            log.warning("refused address=%s reason=too many connections (%d a %gs)",
                        self.address, self.state.limits.rate, self.state.limits.rate_window)
            asyncio.get_running_loop().call_soon(conn.abort)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.name is None and not self._refused:
            why = "unknown key" if self._offered else "no key offered or login timeout"
            log.warning("refused address=%s reason=%s (%d keys offered)%s", self.address, why,
                        self._offered, f" error={quoted(exc)}" if exc else "")

    def begin_auth(self, username: str) -> bool:
        return True

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def host_based_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        # asyncssh calls this for the probe and again for the signed request, so the
        # name kept is that of the key whose signature is checked last.
        self._offered += 1
        self._candidate = self.state.keys.name_of(key)
        return self._candidate is not None

    def auth_completed(self) -> None:
        self.name = self._candidate
        assert self.conn is not None
        self.conn.set_extra_info(d6tui_name=self.name)


async def run_session(state: ServerState, process: asyncssh.SSHServerProcess) -> None:
    """Serve one session channel: d6tui on a pty for a shell with a terminal, a refusal
    line for anything else."""
    name = process.get_extra_info("d6tui_name")
    address = (process.get_extra_info("peername") or ("?",))[0]
    if process.command is not None or process.subsystem is not None:
        what = process.command if process.command is not None else f"subsystem {process.subsystem}"
        log.warning("refused name=%s address=%s reason=command %s", name, address, quoted(what))
        process.stderr.write(NO_COMMANDS)
        process.exit(1)
        return
    given = process.term_type  # the client's: child_env takes it only if it reads as a TERM
    if not given:
        log.warning("refused name=%s address=%s reason=no pty", name, address)
        process.stderr.write(NO_PTY)
        process.exit(1)
        return
    limits = state.limits
    older = state.latest.get(name)
    if older is not None:  # one session per key: the older one is told and closed
        older[1].append(address)
        older[0].set()
    if len(state.sessions) - (older is not None) >= limits.max_sessions:
        log.warning("refused name=%s address=%s reason=full (%d sessions)", name, address,
                    limits.max_sessions)
        process.stdout.write(f"d6tui: the server is full ({limits.max_sessions} players); "
                             "try again later\r\n".encode())
        process.exit(1)
        return
    width, height = limits.clamp(*process.term_size[:2])
    dirs = PlayerDirs.under(state.data, name)
    status = 1
    started = time.monotonic()
    tables = state.service.connect(name)
    calls = state.service.connect(name, notices=False)
    env = child_env(given, process.env, dirs, name)
    env[FD_ENV] = str(tables.fileno())
    env[CALL_FD_ENV] = str(calls.fileno())
    terminal = Terminal(env, width, height, state.argv,
                        pass_fds=(tables.fileno(), calls.fileno()),
                        fd_names=(FD_ENV, CALL_FD_ENV), launcher=state.launcher)
    try:
        dirs.saves.mkdir(parents=True, exist_ok=True)
        dirs.config.mkdir(parents=True, exist_ok=True)
        try:
            await terminal.start()
        except LauncherError as e:  # started afresh and failed again: no fork this time
            log.error("launcher failed name=%s error=%s; starting python -m d6tui", name,
                      quoted(e))
            terminal.launcher = None
            await terminal.start()
    except OSError as e:
        tables.close()
        calls.close()
        log.error("failed name=%s address=%s error=%s", name, address, quoted(e))
        process.stdout.write(b"d6tui: the server could not start a session; tell its host\r\n")
        process.exit(1)
        return
    tables.close()  # the child holds its ends now
    calls.close()
    state.sessions.add(terminal)
    log.info("connect name=%s address=%s term=%s colorterm=%s size=%dx%d pid=%s sessions=%d",
             name, address, quoted(given), quoted(process.env.get("COLORTERM")), width,
             height, terminal.pid, len(state.sessions))
    reason = "quit"

    async def out(data: bytes) -> None:
        process.stdout.write(data)
        await process.stdout.drain()

    async def feed() -> None:
        while True:
            try:
                data = await process.stdin.read(65536)
            except asyncssh.TerminalSizeChanged as e:
                terminal.resize(*limits.clamp(e.width, e.height))
                continue
            except (asyncssh.Error, OSError):  # the connection went away
                return
            if not data:
                return
            await terminal.write(data)

    async def idle() -> None:
        while True:
            left = terminal.last_input + limits.idle_timeout - time.monotonic()
            if left <= 0:
                return
            await asyncio.sleep(min(left, 60.0))

    replaced = asyncio.Event()
    by: list[str] = []
    state.latest[name] = (replaced, by)
    pump = asyncio.create_task(terminal.pump(out))
    reader = asyncio.create_task(feed())
    watchdog = asyncio.create_task(idle())
    kicked = asyncio.create_task(replaced.wait())
    try:
        done, _ = await asyncio.wait({pump, reader, watchdog, kicked},
                                     return_when=asyncio.FIRST_COMPLETED)
        reason = end_reason(done, pump=pump, kicked=kicked, watchdog=watchdog)
        if reason == "quit":  # the player quit (or the child died): let it finish exiting
            await asyncio.wait({asyncio.ensure_future(terminal.process.wait())},  # type: ignore[union-attr]
                               timeout=2)
    finally:
        for task in (pump, reader, watchdog, kicked):
            task.cancel()
        if state.latest.get(name, (None,))[0] is replaced:
            del state.latest[name]
        status = await terminal.stop()
        if state.stopping:
            reason = "server stopped"
        elif reason == "quit" and status != 0:
            reason = "crashed"
        state.sessions.discard(terminal)
        try:
            process.stdout.write(RESTORE)
            if reason == "idle":
                process.stdout.write(b"\r\nd6tui: closed after no keys for a while; "
                                     b"your games are saved\r\n")
            elif reason == "logged in again":
                process.stdout.write(replaced_message(by[-1] if by else "?"))
            elif reason == "server stopped":
                process.stdout.write(b"\r\nd6tui: the server was stopped; your games and "
                                     b"seats are kept\r\n")
            process.exit(0 if status == 0 or reason in CLEAN_ENDS else 1)
        except (asyncssh.Error, OSError, BrokenPipeError):
            pass
        log.info("disconnect name=%s address=%s reason=%s status=%s seconds=%.0f sessions=%d",
                 name, address, reason, status, time.monotonic() - started,
                 len(state.sessions))


async def start_server(state: ServerState, host: str, port: int,
                       host_key: asyncssh.SSHKey) -> asyncssh.SSHAcceptor:
    """Listen for SSH connections.

    Args:
        state: what the connections share.
        host, port: where to listen (port 0: any free port; see the acceptor's
            ``get_port()``).
        host_key: the server's key.

    Returns:
        The acceptor (``close()`` it to stop).

    Raises:
        OSError: the address cannot be listened on.
    """

    async def process_factory(process: asyncssh.SSHServerProcess) -> None:
        try:
            await run_session(state, process)
        except Exception:  # one session's bug must not reach the others
            log.exception("session crashed")
            process.exit(1)

    return await asyncssh.create_server(
        lambda: D6SSHServer(state), host, port,
        server_host_keys=[host_key], process_factory=process_factory,
        encoding=None, line_editor=False, allow_pty=True,
        agent_forwarding=False, x11_forwarding=False, allow_scp=False, sftp_factory=None,
        login_timeout=state.limits.login_timeout,
        keepalive_interval=state.limits.keepalive, keepalive_count_max=3,
    )
