"""Undo and redo with nothing to undo or redo say so; counts of one are singular."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from d6tui.games.shooter.state import SHOOTER_DIE
from d6tui.ui.screens.dice_prompt import TableDiceInput
from d6tui.ui.shooter.screen import ShooterScreen
from d6tui.words import plural
from tests.ui.helpers import make_app, new_shooter, sync


def _messages(app: object) -> list[str]:
    return [n.message for n in app._notifications]  # type: ignore[attr-defined]


@sync
async def test_undo_and_redo_with_nothing_to_do_say_so(saves: Path) -> None:
    """On a new Shooter game: undo and redo with nothing to do say so and record nothing; a
    move is undone and redone (U too); then a prompt for one table die says "1 face"."""
    app = make_app(saves, session=new_shooter(saves))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ShooterScreen)
        await pilot.press("u")
        await pilot.pause()
        assert any("Nothing to undo" in m for m in _messages(app))
        await pilot.press("U")
        await pilot.pause()
        assert any("Nothing to redo" in m for m in _messages(app))
        assert len(screen.session.events) == 1  # nothing was recorded
        await pilot.press("d")  # a move, then undo and redo work as before
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        assert not screen.session.can_undo and screen.session.can_redo
        await pilot.press("U")  # redo is on shift+U too (moved from test_app_setup.py)
        await pilot.pause()
        assert screen.session.can_undo and not screen.session.can_redo
        assert screen.session.events[-1]["type"] == "redone"
        # one table die is singular in the prompt's hint
        app.push_screen(TableDiceInput("Roll 1 Shooter die", 1, die=SHOOTER_DIE))
        await pilot.pause()
        hints = " ".join(str(s.render()) for s in app.screen.query(Static))
        assert "Type 1 face," in hints and "1 faces" not in hints


@sync
async def test_a_remapped_undo_key_says_so_too(saves: Path) -> None:
    from d6tui.config import Config

    app = make_app(saves, session=new_shooter(saves), config=Config(keymap={"game.undo": "z"}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("z")
        await pilot.pause()
        assert any("Nothing to undo" in m for m in _messages(app))


def test_plural() -> None:
    assert plural(1, "face") == "1 face"
    assert plural(2, "face") == "2 faces"
    assert plural(1, "die", "dice") == "1 die"
    assert plural(0, "die", "dice") == "0 dice"
