"""The package's shape (docs/CONTRIBUTING.md): no import cycles (function-level imports
included), no Textual in the rules, modules under ~600 lines."""

from __future__ import annotations

import ast
from pathlib import Path

import d6tui.games.d6_board as pkg

ROOT = Path(pkg.__file__).parent
PREFIX = "d6tui.games.d6_board."


def _imports() -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for f in ROOT.glob("*.py"):
        name = f.stem
        deps: set[str] = set()
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module.startswith(PREFIX):
                    deps.add(node.module[len(PREFIX):])
                elif node.module == "d6tui.games.d6_board":
                    deps.update(a.name for a in node.names)
        out[name] = deps - {name}
    return out


def test_no_import_cycles() -> None:
    graph = _imports()
    seen: dict[str, int] = {}

    def visit(n: str, path: list[str]) -> None:
        if seen.get(n) == 1:
            raise AssertionError("import cycle: " + " -> ".join([*path, n]))
        if seen.get(n) == 2:
            return
        seen[n] = 1
        for d in graph.get(n, ()):
            visit(d, [*path, n])
        seen[n] = 2

    for n in graph:
        visit(n, [])


def test_no_textual_and_short_modules() -> None:
    for f in ROOT.glob("*.py"):
        text = f.read_text(encoding="utf-8")
        assert "textual" not in text.replace("Textual", ""), f.name
        assert len(text.splitlines()) < 650, f.name
