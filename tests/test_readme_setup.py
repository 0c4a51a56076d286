"""The README tells what a new user needs to set up: the test install with the pinned
versions of ``constraints.txt``, and every environment variable that moves d6tui's folders
(those ``d6tui/paths.py`` reads, and the XDG ones platformdirs honours on Linux)."""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

import pytest
from textual.binding import Binding

from d6tui import paths

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_test_install_uses_the_pinned_versions() -> None:
    assert 'pip install -c constraints.txt -e ".[test]" && python -m pytest -n auto' in README
    assert "`constraints.txt` pins" in README
    pins = dict(line.split("==") for line in (ROOT / "constraints.txt").read_text(
        encoding="utf-8").splitlines() if "==" in line and not line.startswith("#"))
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    textual = next(d for d in deps["project"]["dependencies"] if d.startswith("textual"))
    assert textual == f"textual=={pins['textual']}"  # the snapshots' Textual, both places


def test_every_folder_variable_of_paths_is_in_the_readme() -> None:
    read = set(re.findall(r'environ\.get\("(\w+)"\)', Path(paths.__file__).read_text(
        encoding="utf-8")))
    assert read >= {"D6TUI_SAVES", "D6TUI_DATA", "D6TUI_CONFIG"}
    assert [name for name in sorted(read) if f"`${name}`" not in README] == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG folders are Linux's")
def test_the_xdg_folders_move_saves_and_config_as_the_readme_says(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("D6TUI_SAVES", "D6TUI_DATA", "D6TUI_CONFIG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    assert paths.saves_dir() == tmp_path / "data" / "d6tui" / "saves"
    assert paths.data_dir() == tmp_path / "data" / "d6tui"
    assert paths.config_dir() == tmp_path / "config" / "d6tui"
    for words in ("`$XDG_DATA_HOME/d6tui`", "`$XDG_CONFIG_HOME/d6tui`", "(in `saves/`)"):
        assert words in README


def test_the_dialog_and_help_key_ids_are_listed_for_the_key_map() -> None:
    from d6tui.ui.screens.dialog import DialogScreen
    from d6tui.ui.screens.help import HelpScreen

    ids = {b.id for cls in (DialogScreen, HelpScreen) for b in cls.BINDINGS
           if isinstance(b, Binding)}
    assert ids >= {"dialog.help", "dialog.help_f1", "help.close", "help.down"}
    assert [i for i in sorted(ids) if f"`{i}`" not in README] == []
