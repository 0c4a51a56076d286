"""Themes, config, key map, the command palette's game commands, packaging and start-up."""

from __future__ import annotations

import inspect
import subprocess
import sys
from pathlib import Path

import pytest
from textual.binding import Binding

from d6tui.config import Config, load_config, save_config
from d6tui.ui.app import D6App, run_app
from d6tui.ui.screens.game import GameCommands
from d6tui.ui.shooter.screen import ShooterScreen
from d6tui.ui.themes import load_themes, theme_from_toml, theme_names
from tests.ui.helpers import make_app, new_shooter, settle, sync

ROOT = Path(__file__).resolve().parents[2]


def test_shipped_themes_load() -> None:
    themes, problems = load_themes()
    assert problems == []
    assert {"d6-dark", "d6-light", "d6-16color"} <= set(themes)
    assert themes["d6-16color"].ansi
    assert themes["d6-16color"].primary.startswith("ansi_")
    assert "textual-dark" in theme_names(themes)


def test_user_themes_load_and_bad_ones_are_reported(isolated: dict[str, Path]) -> None:
    folder = isolated["config"] / "themes"
    folder.mkdir(parents=True)
    (folder / "mine.toml").write_text('name = "mine"\nprimary = "#336699"\n')
    (folder / "broken.toml").write_text('name = "broken"\nprimary = "not-a-colour"\n')
    (folder / "junk.toml").write_text("this is not toml")
    themes, problems = load_themes()
    assert "mine" in themes
    assert len(problems) == 2
    assert any("broken.toml" in p and "not a colour" in p for p in problems)
    assert any("junk.toml" in p for p in problems)


def test_theme_file_needs_name(tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    path.write_text('primary = "red"\n')
    with pytest.raises(ValueError, match="'name' is missing"):
        theme_from_toml(path)


def test_unknown_theme_is_a_value_error_listing_names(saves: Path) -> None:
    with pytest.raises(ValueError) as info:
        run_app(saves=saves, theme="no-such-theme")
    assert "no-such-theme" in str(info.value)
    assert "d6-dark" in str(info.value) and "d6-16color" in str(info.value)


@sync
async def test_theme_choice_is_remembered(saves: Path) -> None:
    app = D6App(saves=saves, themes=load_themes()[0])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.theme = "d6-light"
        await pilot.pause()
    assert load_config()[0].theme == "d6-light"


@sync
async def test_keymap_from_config_rebinds_by_id(saves: Path) -> None:
    save_config(Config(keymap={"shooter.draw": "w"}))
    session = new_shooter(saves)
    app = make_app(saves, session=session, config=load_config()[0])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ShooterScreen)
        await pilot.press("d")
        await pilot.pause()
        assert len(screen.session.events) == 1
        # the action bar shows the configured key
        assert " w  Draw a card" in str(screen.query_one("#actions").render())
        await pilot.press("w")
        await pilot.pause()
        assert len(screen.session.events) == 2


@sync
async def test_palette_lists_the_game_commands_with_keys(saves: Path) -> None:
    session = new_shooter(saves)
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ShooterScreen)
        provider = GameCommands(screen)
        names = {name: help_text for name, help_text, _ in provider._commands()}
        assert "D6 Shooter: Draw" in names
        assert names["D6 Shooter: Draw"].startswith("key d")
        hits = [hit async for hit in provider.search("draw")]
        assert hits
        result = hits[0].command()
        if inspect.isawaitable(result):
            await result
        await pilot.pause()
        assert len(screen.session.events) == 2


def test_every_binding_has_description_and_id() -> None:
    from d6tui.ui.screens.game import GameScreen
    from d6tui.ui.screens.help import HelpScreen
    from d6tui.ui.screens.home import HomeScreen
    from d6tui.ui.screens.saves import SavesScreen

    for cls in (D6App, GameScreen, ShooterScreen, HomeScreen, SavesScreen, HelpScreen):
        for b in cls.BINDINGS:
            assert isinstance(b, Binding)
            assert b.description, (cls.__name__, b)
            assert b.id, (cls.__name__, b)


def test_themes_are_installed_as_a_package() -> None:
    # setup.py maps the top-level themes/ folder to d6tui.themes, so the wheel carries them
    from importlib.resources import files

    names = {p.name for p in files("d6tui.themes").iterdir()}
    assert {"d6-dark.toml", "d6-light.toml", "d6-16color.toml"} <= names
    setup = (ROOT / "setup.py").read_text()
    assert '"d6tui.themes": "themes"' in setup


def test_starting_the_app_does_not_import_game_rules() -> None:
    code = (
        "import sys, d6tui.ui.app\n"
        "bad = [m for m in sys.modules if m.startswith(('d6tui.games', 'd6tui.ui.shooter'))]\n"
        "print(bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


def test_no_color_keeps_an_ansi_theme_readable(
    saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from textual.filter import Monochrome, NoColor

    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(saves, theme="d6-16color", themes=load_themes()[0])
    assert app.no_color
    assert any(isinstance(f, NoColor) for f in app._filters)
    dark = make_app(saves, theme="d6-dark", themes=load_themes()[0])
    assert any(isinstance(f, Monochrome) for f in dark._filters)
