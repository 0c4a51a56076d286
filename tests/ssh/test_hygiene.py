"""The SSH server stays out of the rest: the engine, the games and the table model import
neither asyncssh nor Textual, and the other commands do not load asyncssh."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize("module, banned", [
    ("d6tui.engine.session", ("asyncssh", "textual")),
    ("d6tui.games.shooter.rules", ("asyncssh", "textual")),
    ("d6tui.server.table", ("asyncssh", "textual")),
    ("d6tui.server.limits", ("asyncssh", "textual")),
    ("d6tui.server.service", ("asyncssh", "textual")),
    ("d6tui.server.table_client", ("asyncssh", "textual")),
    ("d6tui.server.ssh", ("textual",)),
    ("d6tui.cli", ("asyncssh",)),
])
def test_imports(module, banned):
    code = (f"import sys, {module}; "
            f"print(' '.join(m for m in {banned!r} if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, check=True).stdout.strip()
    assert out == "", f"{module} pulls in {out}"
