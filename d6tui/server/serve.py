"""Starting ``d6tui serve``: folders, host key, the log file, the loop until interrupted."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
from pathlib import Path

from d6tui.server.keys import AUTHORIZED_KEYS_NAME, AuthorizedKeys, host_key
from d6tui.server.launcher import Launcher, become_subreaper
from d6tui.server.limits import Limits
from d6tui.server.logtext import OneLineFormatter
from d6tui.server.ssh import ServerState, start_server
from d6tui.server.terminal import PASS_THROUGH

LOG_NAME = "server.log"


def setup_log(data: Path) -> Path:
    """Send the server's log (and asyncssh's warnings) to ``<data>/server.log``, never to
    stdout.

    Returns:
        The log file's path.
    """
    data.mkdir(parents=True, exist_ok=True)
    path = data / LOG_NAME
    handler = logging.FileHandler(path, encoding="utf-8")
    handler.setFormatter(OneLineFormatter("%(asctime)s %(levelname)s %(message)s"))
    ours = logging.getLogger("d6tui.server")
    ours.handlers[:] = [handler]
    ours.setLevel(logging.INFO)
    ours.propagate = False
    theirs = logging.getLogger("asyncssh")
    theirs.handlers[:] = [handler]
    theirs.setLevel(logging.WARNING)
    theirs.propagate = False
    return path


def default_authorized_keys(config: Path) -> Path:
    """The authorized keys file when ``--authorized-keys`` is not given."""
    return config / AUTHORIZED_KEYS_NAME


async def serve_forever(state: ServerState, host: str, port: int, config: Path,
                        ready: asyncio.Future | None = None) -> None:
    """Run the server until SIGINT/SIGTERM (or until cancelled).

    Args:
        state: what connections share.
        host, port: where to listen.
        config: the config folder (the host key).
        ready: set to the port listened on once listening (tests).

    Raises:
        OSError: the address cannot be listened on.
        KeyFileError: the host key cannot be read.
    """
    key = host_key(config)
    acceptor = await start_server(state, host, port, key)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (ValueError, RuntimeError):  # not the main thread (tests)
            pass
    bound = acceptor.get_port()
    logging.getLogger("d6tui.server").info("listening host=%s port=%d keys=%d", host, bound,
                                           len(state.keys))
    if ready is not None:
        ready.set_result(bound)
    else:
        print(f"d6tui serve: listening on {host}:{bound}; log in {state.data / LOG_NAME}",
              file=sys.stderr)
    try:
        await stop.wait()
    finally:
        state.stopping = True
        acceptor.close()
        await acceptor.wait_closed()
        if state.launcher is not None:
            state.launcher.close()
        for terminal in list(state.sessions):
            await terminal.stop()
        # let each session write its goodbye and its "server stopped" line
        for _ in range(100):
            if not state.sessions:
                break
            await asyncio.sleep(0.02)
        logging.getLogger("d6tui.server").info("stopped sessions_left=%d",
                                               len(state.sessions))


def serve(*, host: str, port: int, authorized_keys: Path, config: Path, data: Path,
          limits: Limits) -> int:
    """``d6tui serve``: listen until interrupted.

    Returns:
        The exit status (0).

    Raises:
        OSError, KeyFileError: as :func:`serve_forever`.
    """
    setup_log(data)
    keys = AuthorizedKeys(authorized_keys)
    if not len(keys):
        print(f"d6tui serve: no keys in {authorized_keys} yet; nobody can log in "
              "(add one: d6tui serve --add-key FILE.pub NAME)", file=sys.stderr)
    for problem in keys.problems:
        print(f"d6tui serve: {authorized_keys}: {problem}", file=sys.stderr)
    asyncio.run(serve_forever(ServerState(keys, limits, data, launcher=start_launcher()),
                              host, port, config))
    return 0


def start_launcher() -> Launcher | None:
    """The session launcher (:mod:`~d6tui.server.launcher`), started now so that it has
    imported d6tui by the first login; None where this system cannot have one (each session
    then starts ``python -m d6tui``) or it could not be started."""
    if not become_subreaper():
        return None
    env = {k: os.environ[k] for k in PASS_THROUGH if k in os.environ}
    env["LANG"] = "C.UTF-8"  # a session's own locale is set in the child (launcher_main.py)
    launcher = Launcher(env)
    try:
        launcher.start()
    except OSError as e:
        logging.getLogger("d6tui.server").error("launcher not started error=%s", e)
        return None
    return launcher
