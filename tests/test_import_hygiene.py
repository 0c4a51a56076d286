"""engine/ and games/ must never import Textual (DESIGN "Layers")."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import d6tui.engine
import d6tui.games


def test_rules_do_not_import_textual() -> None:
    # The packages' own folders: a test that found games on $D6TUI_GAMES_PATH has added its
    # folder to d6tui.games.__path__ in this process, which the subprocess does not see.
    mods = [m.name for pkg in (d6tui.engine, d6tui.games)
            for m in pkgutil.walk_packages([str(Path(pkg.__file__).parent)],
                                           pkg.__name__ + ".")]
    code = (
        "import importlib, sys\n"
        f"for m in {mods!r}: importlib.import_module(m)\n"
        "print('textual' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
