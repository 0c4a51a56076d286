"""The layout of 6x6 Tales' code (STYLE "Code habits"): modules of one idea, short enough to
read, importing each other at the top only and never in a circle."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("d6tui.games.tales", "d6tui.ui.tales")
#: A module longer than this holds more than one idea.
MAX_LINES = 600


def modules() -> dict[str, Path]:
    out = {}
    for package in PACKAGES:
        folder = ROOT.joinpath(*package.split("."))
        for path in sorted(folder.glob("*.py")):
            name = package if path.stem == "__init__" else f"{package}.{path.stem}"
            out[name] = path
    return out


MODULES = modules()


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports(path: Path) -> tuple[set[str], list[int]]:
    """The tales modules a module imports at run time, and the lines of imports that are not
    at the top level (inside a function or a class)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    nested: list[int] = []

    def visit(node: ast.AST, top: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child):
                continue  # only for the type checker: never run
            if isinstance(child, ast.Import | ast.ImportFrom):
                if not top:
                    nested.append(child.lineno)
                if isinstance(child, ast.Import):
                    found.update(a.name for a in child.names)
                elif child.module:
                    found.add(child.module)
                    found.update(f"{child.module}.{a.name}" for a in child.names)
            inner = top and not isinstance(
                child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda)
            visit(child, inner)

    visit(tree, True)
    return {m for m in found if m in MODULES}, nested


def test_the_split_modules_exist() -> None:
    for name in ("booklet", "rolls", "choices", "quests", "scoring", "tables", "commands",
                 "services", "legal", "payloads", "describe", "fold"):
        assert f"d6tui.games.tales.{name}" in MODULES
    for name in ("screen", "offers", "bindings", "help"):
        assert f"d6tui.ui.tales.{name}" in MODULES


@pytest.mark.parametrize("name", sorted(MODULES))
def test_every_module_is_under_600_lines(name: str) -> None:
    lines = MODULES[name].read_text(encoding="utf-8").count("\n")
    assert lines < MAX_LINES, f"{name} has {lines} lines"


@pytest.mark.parametrize("name", sorted(MODULES))
def test_imports_are_at_the_top(name: str) -> None:
    _, nested = imports(MODULES[name])
    assert not nested, f"{name} imports inside a function or class at lines {nested}"


def test_no_import_cycles() -> None:
    graph = {name: imports(path)[0] - {name} for name, path in MODULES.items()}
    done: set[str] = set()

    def walk(name: str, trail: list[str]) -> None:
        if name in trail:
            cycle = trail[trail.index(name):] + [name]
            raise AssertionError("import cycle: " + " -> ".join(cycle))
        if name in done:
            return
        for dep in sorted(graph[name]):
            walk(dep, [*trail, name])
        done.add(name)

    for name in sorted(graph):
        walk(name, [])


def test_the_rules_never_import_the_screens() -> None:
    for name, path in MODULES.items():
        if name.startswith("d6tui.games."):
            deps, _ = imports(path)
            assert not [d for d in deps if d.startswith("d6tui.ui.")], name
