"""No module of d6tui imports itself again through others (the issue "One way for a game to
plug in": modules of one idea each, imports pointing one way).

The graph is read from the source with ``ast``: every ``import`` and ``from ... import`` in a
module, at its top level, under ``if``/``try`` (``TYPE_CHECKING`` too: a cycle of types is
still a cycle of ideas) and inside functions, relative imports resolved. ``from pkg import
name`` is an edge to the module ``pkg.name`` when there is one, else to the package's
``__init__``; ``import a.b.c`` is an edge to ``a.b.c``. A submodule's parent packages are not
counted as its imports (Python runs them first, but they are a namespace, not an idea).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "d6tui"

#: Cycles known when this test was written, outside Simple Six, to be untangled by the
#: engineers working there. Each entry is one cycle's modules; the test fails when a cycle is
#: not listed here, and when a listed one is gone (so the list only shrinks).
ALLOWED: tuple[frozenset[str], ...] = (
)


def modules() -> dict[str, tuple[Path, bool]]:
    """Every module under d6tui/: dotted name -> (file, is a package's ``__init__``)."""
    out = {}
    for path in ROOT.rglob("*.py"):
        parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
        package = parts[-1] == "__init__"
        if package:
            parts.pop()
        out[".".join(parts)] = (path, package)
    return out


def imports(name: str, path: Path, package: bool, known: set[str]) -> set[str]:
    """The modules of d6tui that module ``name`` imports, anywhere in its file."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if package else name.split(".")[:-1]
                base = base[:len(base) - (node.level - 1)]
                where = ".".join([*base, *([node.module] if node.module else [])])
            else:
                where = node.module or ""
            subs = {f"{where}.{a.name}" for a in node.names} & known
            out.update(subs)
            if len(subs) < len(node.names):  # some names are the package's own
                out.add(where)
    # ``import d6tui.x.y`` reaching a module under it: the nearest known module
    found = set()
    for mod in out:
        while mod and mod not in known:
            mod = mod.rpartition(".")[0]
        if mod and mod != name:
            found.add(mod)
    return found


def graph() -> dict[str, set[str]]:
    """module -> the d6tui modules it imports."""
    mods = modules()
    known = set(mods)
    return {name: imports(name, path, package, known) for name, (path, package) in mods.items()}


def cycles(g: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected groups of more than one module (Tarjan), and modules that
    import themselves."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[frozenset[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(g.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1 or v in g.get(v, ()):
                out.append(frozenset(group))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return out


def path_through(g: dict[str, set[str]], group: frozenset[str]) -> list[str]:
    """One cycle inside ``group``, as the chain of imports (for the failure message)."""
    start = min(group)
    seen = {start: [start]}
    todo = [start]
    while todo:
        v = todo.pop(0)
        for w in sorted(g[v] & group):
            if w == start:
                return [*seen[v], start]
            if w not in seen:
                seen[w] = [*seen[v], w]
                todo.append(w)
    return sorted(group)


@pytest.fixture(scope="module")
def d6tui_graph() -> dict[str, set[str]]:
    """The graph of the d6tui source, read once for this module's tests (nothing changes
    the source while they run)."""
    return graph()


def test_the_graph_sees_imports(tmp_path: Path, d6tui_graph: dict[str, set[str]]) -> None:
    """The graph reads relative, function-level and package imports."""
    pkg = tmp_path / "d6tui" / "x"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("WHOLE = 1\n")
    (pkg / "a.py").write_text("from . import b\nfrom .b import THING\n")
    (pkg / "b.py").write_text("def f():\n    from d6tui.x import WHOLE\n    import d6tui.x.c\n")
    (pkg / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                              "    from d6tui.x.a import f\n")
    known = {"d6tui.x", "d6tui.x.a", "d6tui.x.b", "d6tui.x.c"}
    assert imports("d6tui.x.a", pkg / "a.py", False, known) == {"d6tui.x.b"}
    assert imports("d6tui.x.b", pkg / "b.py", False, known) == {"d6tui.x", "d6tui.x.c"}
    assert imports("d6tui.x.c", pkg / "c.py", False, known) == {"d6tui.x.a"}
    assert "d6tui.engine.errors" in d6tui_graph["d6tui.engine.session"]


def test_no_import_cycles(d6tui_graph: dict[str, set[str]]) -> None:
    g = d6tui_graph
    new = [c for c in cycles(g) if c not in ALLOWED]
    assert not new, "import cycles:\n" + "\n".join(
        " -> ".join(path_through(g, c)) + f"  (all of: {', '.join(sorted(c))})" for c in new)


def test_the_allowed_cycles_are_still_there(d6tui_graph: dict[str, set[str]]) -> None:
    """An allowed cycle that was untangled comes off :data:`ALLOWED`, so it cannot return."""
    found = cycles(d6tui_graph)
    gone = [sorted(c) for c in ALLOWED if c not in found]
    assert not gone, f"these cycles are gone: take them off ALLOWED: {gone}"


def test_a_cycle_is_found() -> None:
    g = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}}
    assert sorted(map(sorted, cycles(g))) == [["a", "b", "c"], ["e"]]
