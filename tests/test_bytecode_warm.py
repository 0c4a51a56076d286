"""The suite's bytecode warm-up (tests/bytecode_warm.py): stale modules are found, collected
once with bytecode writing on, and then count as fresh."""

from __future__ import annotations

import types
from pathlib import Path

import pytest

from tests import bytecode_warm


def _suite(root: Path) -> Path:
    tests = root / "tests"
    tests.mkdir()
    (tests / "conftest.py").write_text("")
    (tests / "test_a.py").write_text("def test_a():\n    assert 1 + 1 == 2\n")
    (tests / "helper.py").write_text("X = 1\n")
    return tests


def test_missing_and_edited_modules_are_stale_and_warm_caches_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tests = _suite(tmp_path)
    stale = bytecode_warm.stale_modules(tests)
    assert sorted(p.name for p in stale) == ["conftest.py", "test_a.py"]  # not helper.py

    monkeypatch.setattr(bytecode_warm, "MIN_STALE", 1)
    monkeypatch.delenv(bytecode_warm.WARMING, raising=False)
    monkeypatch.delenv("D6TUI_TESTS_NO_BYTECODE", raising=False)
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")  # the warm-up writes all the same
    bytecode_warm.warm(types.SimpleNamespace(rootpath=tmp_path))  # type: ignore[arg-type]
    assert bytecode_warm.stale_modules(tests) == []
    assert list((tests / "__pycache__").glob(f"test_a.{bytecode_warm._pytest_tag()}.pyc"))

    (tests / "test_a.py").write_text("def test_a():\n    assert 2 + 2 == 4\n")
    assert [p.name for p in bytecode_warm.stale_modules(tests)] == ["test_a.py"]


def test_warm_does_nothing_when_turned_off(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    tests = _suite(tmp_path)
    monkeypatch.setattr(bytecode_warm, "MIN_STALE", 1)
    monkeypatch.delenv(bytecode_warm.WARMING, raising=False)
    monkeypatch.setenv("D6TUI_TESTS_NO_BYTECODE", "1")
    bytecode_warm.warm(types.SimpleNamespace(rootpath=tmp_path))  # type: ignore[arg-type]
    assert len(bytecode_warm.stale_modules(tests)) == 2
