"""The SSH server stays out of the rest: the engine, the games and the table model import
neither asyncssh nor Textual, and the other commands do not load asyncssh.

Each module is imported in a process of its own with nothing else imported: one Python is
started for them all, and forks a child for each module before importing anything (a
fork of a bare interpreter is as clean as a new one, without its start-up).
"""

from __future__ import annotations

import subprocess
import sys

import pytest

CASES = [
    ("d6tui.engine.session", ("asyncssh", "textual")),
    ("d6tui.games.shooter.rules", ("asyncssh", "textual")),
    ("d6tui.server.table", ("asyncssh", "textual")),
    ("d6tui.server.limits", ("asyncssh", "textual")),
    ("d6tui.server.service", ("asyncssh", "textual")),
    ("d6tui.server.table_client", ("asyncssh", "textual")),
    ("d6tui.server.ssh", ("textual",)),
    ("d6tui.cli", ("asyncssh",)),
]

#: Run as ``python -c`` with the cases as arguments (``module:banned,banned``); it imports
#: only ``os`` and ``sys``, both loaded at every start-up, and prints one line a case:
#: ``module=`` then the banned modules found loaded (or ``ERROR`` and why).
PROBE = """
import os, sys
for case in sys.argv[1:]:
    module, banned = case.split(":")
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        try:
            __import__(module)
            found = " ".join(m for m in banned.split(",") if m in sys.modules)
        except BaseException as e:
            found = "ERROR " + repr(e).replace(chr(10), " ")
        os.write(w, found.encode())
        os._exit(0)
    os.close(w)
    data = b""
    while True:
        chunk = os.read(r, 65536)
        if not chunk:
            break
        data += chunk
    os.close(r)
    os.waitpid(pid, 0)
    print(module + "=" + data.decode())
"""


@pytest.fixture(scope="module")
def loaded() -> dict[str, str]:
    """Each case's module: the banned modules its import loaded (space-separated)."""
    args = [f"{module}:{','.join(banned)}" for module, banned in CASES]
    out = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True,
                         text=True, timeout=60, check=True).stdout
    found = dict(line.split("=", 1) for line in out.splitlines())
    assert set(found) == {module for module, _ in CASES}, out
    return found


@pytest.mark.parametrize("module, banned", CASES)
def test_imports(loaded, module, banned):
    assert loaded[module] == "", f"{module} pulls in {loaded[module]}"
