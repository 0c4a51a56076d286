"""The suite's compiled test modules, made once before the xdist workers start.

pytest rewrites the ``assert`` statements of every test module, conftest and plugin it
imports, and caches the result beside the source (``__pycache__/*-pytest-*.pyc``). Where the
environment sets ``PYTHONDONTWRITEBYTECODE`` (as some CI machines and containers do), nothing
is cached, and every worker of every run rewrites and compiles all of it again: about 8 s of
CPU per worker here, with 4 workers on 2 cores about 16 s of the run's wall time, where
reading the cache takes 1.4 s per worker.

:func:`warm` (called by ``tests/conftest.py`` in the controlling process only) finds the test
modules whose cached rewrite is missing or stale and has them collected by one
``pytest --collect-only`` per CPU, with bytecode writing on, before the workers start: the
cache is written once and every worker reads it. pytest reads a cached rewrite whatever
``PYTHONDONTWRITEBYTECODE`` says, so the workers' own settings are left as they are.
``D6TUI_TESTS_NO_BYTECODE=1`` turns this off (nothing is written beside the sources).
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

#: Set in the collecting subprocesses, so that their own conftest does not warm again.
WARMING = "D6TUI_TESTS_WARMING"
#: Fewer stale modules than this are left to the workers (rewriting one takes ~20 ms).
MIN_STALE = 10


def _pytest_tag() -> str:
    """The tag pytest gives its rewritten modules' caches (e.g. ``cpython-311-pytest-8.4.2``)."""
    return f"{sys.implementation.cache_tag}-pytest-{pytest.__version__}"


def _fresh(source: Path, tag: str) -> bool:
    """Whether ``source`` has a cached rewrite for this Python and pytest that matches its
    modification time and size (the header pytest writes: magic, flags, mtime, size)."""
    pyc = source.parent / "__pycache__" / f"{source.stem}.{tag}.pyc"
    try:
        with open(pyc, "rb") as fp:
            head = fp.read(16)
        stat = source.stat()
    except OSError:
        return False
    return (len(head) == 16 and head[:4] == importlib.util.MAGIC_NUMBER
            and int.from_bytes(head[8:12], "little") == int(stat.st_mtime) & 0xFFFFFFFF
            and int.from_bytes(head[12:16], "little") == stat.st_size & 0xFFFFFFFF)


def stale_modules(tests: Path) -> list[Path]:
    """The test modules and conftests under ``tests`` whose cached rewrite is missing or out
    of date, biggest first."""
    tag = _pytest_tag()
    found = [p for p in tests.rglob("*.py")
             if (p.name.startswith("test_") or p.name == "conftest.py")
             and "__pycache__" not in p.parts and not _fresh(p, tag)]
    return sorted(found, key=lambda p: -p.stat().st_size)


def warm(config: pytest.Config) -> None:
    """Collect the stale test modules in one subprocess per CPU, with bytecode writing on, so
    that their rewritten caches exist before the workers import them. Does nothing in a
    worker, in a collecting subprocess, with ``D6TUI_TESTS_NO_BYTECODE=1``, or when fewer
    than :data:`MIN_STALE` modules are stale. A subprocess that fails costs only time: the
    workers then rewrite what is missing, as pytest always does."""
    if (hasattr(config, "workerinput") or os.environ.get(WARMING)
            or os.environ.get("D6TUI_TESTS_NO_BYTECODE")):
        return
    root = config.rootpath
    stale = stale_modules(root / "tests")
    if len(stale) < MIN_STALE:
        return
    parts = max(1, min(os.cpu_count() or 1, len(stale) // MIN_STALE))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env[WARMING] = "1"
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "pytest", "--collect-only", "-q", "-n", "0",
             "-p", "no:cacheprovider", *map(str, stale[i::parts])],
            cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for i in range(parts)
    ]
    for proc in procs:
        try:
            proc.wait(timeout=120)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
