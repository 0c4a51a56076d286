"""The command line of the SSH server: ``d6tui serve`` (and ``--add-key``).

asyncssh is imported only when the command runs, so the other commands start as fast.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any


def _count(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if n < 1:
        raise argparse.ArgumentTypeError("must be 1 or more")
    return n


def _seconds(text: str) -> float:
    try:
        n = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of seconds") from None
    if not n > 0:
        raise argparse.ArgumentTypeError("must be more than 0 seconds")
    return n


def _port(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a port number") from None
    if not 0 <= n <= 65535:
        raise argparse.ArgumentTypeError("a port runs from 0 to 65535")
    return n


def add_serve(sub: Any) -> None:
    """Add ``serve`` to the sub-command parsers."""
    sv = sub.add_parser("serve", help="run an SSH server: friends play d6tui with ssh -p PORT HOST")
    sv.add_argument("--host", default="127.0.0.1",
                    help="address to listen on (default 127.0.0.1; 0.0.0.0 for every one)")
    sv.add_argument("--port", type=_port, default=2222, help="port (default 2222)")
    sv.add_argument("--authorized-keys", type=Path, metavar="FILE",
                    help="keys that may log in, one name each "
                         "(default: authorized_keys in the config dir)")
    sv.add_argument("--add-key", nargs=2, metavar=("FILE", "NAME"),
                    help="add a public key (id_ed25519.pub) for player NAME, then stop")
    sv.add_argument("--data", type=Path, metavar="DIR",
                    help="players' saves and server.log (default: $D6TUI_DATA or the data dir)")
    sv.add_argument("--max-sessions", type=_count, default=50,
                    help="sessions at once (default 50)")
    sv.add_argument("--login-timeout", type=_seconds, default=30.0,
                    help="seconds to log in (default 30)")
    sv.add_argument("--idle-timeout", type=_seconds, default=3600.0,
                    help="seconds without a key before a session closes (default 3600)")
    sv.add_argument("--rate", type=_count, default=10,
                    help="connections per address per minute (default 10)")
    sv.add_argument("--max-width", type=_count, default=400,
                    help="widest terminal (default 400)")
    sv.add_argument("--max-height", type=_count, default=200,
                    help="tallest terminal (default 200)")


def cmd_serve(args: argparse.Namespace) -> int:
    """``d6tui serve [--host H] [--port P] [--authorized-keys FILE] [limits]`` or
    ``d6tui serve --add-key FILE NAME``."""
    from d6tui.paths import config_dir, data_dir
    from d6tui.server.keys import add_key
    from d6tui.server.limits import Limits
    from d6tui.server.serve import default_authorized_keys, serve

    config = config_dir()
    keys = args.authorized_keys or default_authorized_keys(config)
    if args.add_key:
        print(add_key(keys, Path(args.add_key[0]), args.add_key[1]))
        return 0
    limits = Limits(max_sessions=args.max_sessions, login_timeout=args.login_timeout,
                    idle_timeout=args.idle_timeout, rate=args.rate,
                    max_width=args.max_width, max_height=args.max_height)
    return serve(host=args.host, port=args.port, authorized_keys=keys, config=config,
                 data=args.data or data_dir(), limits=limits)
