"""engine/ and games/ must never import Textual (DESIGN "Layers")."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import d6tui.engine
import d6tui.games


def test_rules_do_not_import_textual() -> None:
    mods = [m.name for pkg in (d6tui.engine, d6tui.games)
            for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + ".")]
    code = (
        "import importlib, sys\n"
        f"for m in {mods!r}: importlib.import_module(m)\n"
        "print('textual' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
