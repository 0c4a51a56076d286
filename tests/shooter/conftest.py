"""Shooter tests never read the real user's config dir."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _isolated_config(tmp_path, monkeypatch):
    monkeypatch.setenv("D6TUI_CONFIG", str(tmp_path / "config"))
