"""The session launcher's child sets up its standard streams as a new Python would for the
session's environment (d6tui.server.launcher_main.become_session): the encoding and error
handler a fresh ``python`` picks for the client's locale variables."""

from __future__ import annotations

import json
import subprocess
import sys

#: Locale variables a client may send (SendEnv LANG LC_*), as child_env passes them.
CASES = [
    {"LANG": "C.UTF-8"},
    {"LANG": "C"},
    {"LANG": "POSIX"},
    {"LANG": "en_US.UTF-8"},  # where it is not installed, Python falls back to C
    {"LANG": "C.UTF-8", "LC_ALL": "C"},
    {"LANG": "C", "LC_CTYPE": "C.utf8"},
]

#: Run in one Python started as the server starts the launcher (LANG=C.UTF-8): for each
#: case, the environment set as the child sets it, then what the launcher would pick.
PROBE = """
import json, os, sys
from d6tui.server.launcher_main import _surrogate_locale, stdio_encoding
out = []
for env in json.loads(sys.argv[1]):
    os.environ.clear()
    os.environ.update(env)
    out.append([stdio_encoding(), "surrogateescape" if _surrogate_locale() else "strict"])
print(json.dumps(out))
"""


def _fresh(env: dict[str, str]) -> list[str]:
    run = subprocess.run([sys.executable, "-c",
                          "import sys; print(sys.stdout.encoding, sys.stdout.errors)"],
                         env=env, capture_output=True, text=True, timeout=20, check=True)
    return run.stdout.split()


def test_the_childs_streams_are_a_new_pythons():
    import codecs

    run = subprocess.run([sys.executable, "-c", PROBE, json.dumps(CASES)],
                         env={"LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"},
                         capture_output=True, text=True, timeout=20, check=True)
    picked = json.loads(run.stdout)
    for env, (encoding, errors) in zip(CASES, picked, strict=True):
        want_encoding, want_errors = _fresh(env)
        assert (codecs.lookup(encoding).name, errors) == (
            codecs.lookup(want_encoding).name, want_errors), env


def test_a_launcher_that_cannot_start_fails_twice_then_says_so(monkeypatch):
    """A launcher process that exits at once (here ``/bin/false`` in place of Python) is
    started again once; when that one fails too, :class:`LauncherError` says so (the
    server then starts ``python -m d6tui``, d6tui/server/ssh.py)."""
    import asyncio
    import os

    import pytest

    from d6tui.server.launcher import Launcher, LauncherError

    monkeypatch.setattr(sys, "executable", "/bin/false")
    launcher = Launcher({"PATH": "/usr/bin:/bin"})

    async def main():
        master, slave = os.openpty()
        try:
            with pytest.raises(LauncherError, match="launcher"):
                await launcher.spawn({"TERM": "xterm"}, "/", slave)
        finally:
            os.close(master)
            os.close(slave)
            launcher.close()

    asyncio.run(main())
    assert launcher.starts == 2
