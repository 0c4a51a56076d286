"""Keyboard flows through the app, driven by Pilot (DESIGN "Tests": UI)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Label

from d6tui.engine.session import Session
from d6tui.games.shooter.state import Phase
from d6tui.ui.screens.dice_prompt import TableDiceInput
from d6tui.ui.screens.home import HomeScreen
from d6tui.ui.screens.modals import ChoiceModal
from d6tui.ui.screens.new_game import NewGameForm
from d6tui.ui.shooter.screen import ShooterScreen
from tests.ui.helpers import SEED, make_app, new_shooter, settle, sync, to_game


async def _play_first_actions(pilot, steps: int) -> None:  # noqa: ANN001
    """Press the first action of the action bar ``steps`` times, answering any list."""
    for _ in range(steps):
        screen = pilot.app.screen
        assert isinstance(screen, ShooterScreen)
        if not screen.legal:
            return
        await pilot.press("1")
        await pilot.pause()
        while isinstance(pilot.app.screen, ChoiceModal):
            modal = pilot.app.screen
            if modal.multiple:
                for n in range(1, len(modal.options) + 1):
                    await pilot.press(str(n))
                await pilot.press("enter")
            else:
                await pilot.press("1")
            await pilot.pause()


@sync
async def test_new_game_form_errors_then_play_quit_reopen_same_state(saves: Path) -> None:
    """From the home screen: the new-game form shows the rules' error and keeps what was
    typed (Escape goes home, nothing saved); then a new game is made, played, quit and
    reopened in a second app, in the same state."""
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        await to_game(pilot, "shooter")
        await pilot.press("n")
        await pilot.pause()
        await pilot.press(*"Ann")
        await pilot.press("ctrl+s")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameForm)
        error = str(form.query_one("#players-error", Label).render())
        assert "2 to 4 players" in error  # under the players' field
        assert form.query_one("#players", Input).value == "Ann"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert not list(saves.glob("*.toml"))
        # the games list's cursor is still on D6 Shooter
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameForm)
        await pilot.press(*"Ann, Bob, Cid")
        await pilot.press("enter")  # to the title field
        await pilot.press(*"Flow test")
        await pilot.press("tab", *str(SEED))
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ShooterScreen)
        assert screen.session.title == "Flow test"
        await _play_first_actions(pilot, 5)
        state = screen.session.state
        events = len(screen.session.events)
        assert screen.session.log is not None
        path = screen.session.log.path
        assert events > 3
        await pilot.press("q")
    assert path == saves / "flow-test.toml"

    again = make_app(saves, open_path=path)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        reopened = again.screen
        assert isinstance(reopened, ShooterScreen)
        assert len(reopened.session.events) == events
        assert reopened.session.state == state


@sync
async def test_a_new_shooter_game_help_undo_redo_log_and_table_dice(saves: Path) -> None:
    """One new Shooter game at 80x24, in turn: a rule error is shown, not raised (a roll
    before the Bandit Card is drawn); help on the game screen; undo and redo of the draw
    and the log toggle; table dice refusing bad faces (nothing lost), then recording the
    table's roll; and help on the home screen."""
    from d6tui.games.shooter import commands
    from d6tui.ui.screens.help import HelpScreen

    session = new_shooter(saves)
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ShooterScreen)
        assert screen.do(commands.roll, dice=screen.session.dice) is None
        await pilot.pause()
        assert any("Drawing a Bandit Card" in n.message for n in app._notifications)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "Card Index: Reload" in app.screen.text
        assert any("Draw" in d for _, d in app.screen.keys)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen

        # undo and redo of the draw, and the log toggle
        before = screen.session.state
        await pilot.press("d")
        await pilot.pause()
        assert screen.session.state.phase == Phase.HUNT
        after = screen.session.state
        await pilot.press("u")
        await pilot.pause()
        assert screen.session.state == before
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert screen.session.state == after
        log = screen.query_one("#log")
        assert not log.display
        await pilot.press("l")
        assert log.display
        undone = [h for h in screen.session.history() if h.undone]
        assert not undone  # the redo brought it back
        assert [e["type"] for e in screen.session.events][-2:] == ["undone", "redone"]
        await pilot.press("l")  # the log hidden again, as at the start
        await pilot.pause()
        assert not log.display

        # table dice: bad faces refused, then the table's roll recorded
        assert screen.session.state.phase == Phase.HUNT
        await pilot.press("t")
        await pilot.pause()
        modal = app.screen
        assert isinstance(modal, TableDiceInput)
        await pilot.press(*"h q z")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is modal
        assert "not a face" in str(modal.query_one("#error", Label).render())
        assert modal.query_one("#faces", Input).value == "h q z"  # nothing lost
        field = modal.query_one("#faces", Input)
        field.value = ""
        await pilot.press(*"h s")
        await pilot.press("enter")
        await pilot.pause()
        assert "type 6 dice, not 2" in str(modal.query_one("#error", Label).render())
        field.value = ""
        await pilot.press(*"h h d d x j")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        last = screen.session.events[-1]
        assert last["type"] == "dice_rolled"
        assert last["roll"]["source"] == "table"
        assert last["roll"]["faces"] == ["heart", "heart", "diamond", "diamond", "skull",
                                         "joker"]
        assert "typed from table dice" in str(screen.query_one("#tray").render())

        # help on the home screen
        await pilot.press("escape")  # back home
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.help_title == "d6tui"


@sync
async def test_stale_log_reloads_and_tells_the_player(
        saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The file watch (GameScreen.check_file) would usually fold the other window's move in
    # first; slowed down, the key comes first, as when a move lands between two polls.
    monkeypatch.setattr("d6tui.ui.screens.game.WATCH_EVERY", 3600.0)
    session = new_shooter(saves)
    assert session.log is not None
    path = session.log.path
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ShooterScreen)
        other = Session.load(path)  # a second window on the same game
        from d6tui.games.shooter import commands

        other.do(commands.draw, dice=other.dice)
        other.close()
        await pilot.press("d")
        await pilot.pause()
        assert screen.session.state.phase == Phase.HUNT  # the other window's draw
        assert len(screen.session.events) == 2
        assert any("Another window" in n.message for n in app._notifications)


@sync
async def test_too_small_notice_and_restore(saves: Path) -> None:
    app = make_app(saves)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        from d6tui.ui.screens.too_small import TooSmallScreen

        assert isinstance(app.screen, TooSmallScreen)
        text = str(app.screen.query_one("#too-small").render())
        assert "d6tui needs at least 80x24; this terminal is 60x20" in text
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        await pilot.resize_terminal(79, 30)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "79x30" in str(app.screen.query_one("#too-small").render())


@sync
async def test_game_without_a_screen_is_not_started(saves: Path, monkeypatch) -> None:  # noqa: ANN001
    from d6tui.engine.registry import GameInfo

    ghost = GameInfo("ghost", "Ghost Game", "not here", "d6tui.games.ghost.rules",
                     "d6tui.ui.ghost.screen:GhostScreen")
    monkeypatch.setattr("d6tui.ui.screens.home.games", lambda: (ghost,))
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert any("cannot be played" in n.message for n in app._notifications)
    assert not list(saves.glob("*.toml"))


def test_the_names_placeholder_fits_how_many_names_a_game_takes():
    """Issue 12: D6 Dungeon asks for two names, so its example is two names; a game of
    up to six players shows three."""
    from d6tui.engine.registry import load_rules
    from d6tui.ui.screens.new_game import field_placeholder

    def players(slug):
        return next(f for f in load_rules(slug).options if f.name == "players")

    assert field_placeholder(players("dungeon")) == "e.g. Ann, Bob"
    assert players("shooter").max is None or players("shooter").max >= 3
    assert field_placeholder(players("shooter")) == "e.g. Ann, Bob, Cid"
    board = {f.name: f for f in load_rules("d6_board").options}
    assert field_placeholder(board["players"]) == "e.g. Ann, Bob, Cid"
    # an optional list of things, not people: no names as its example
    assert field_placeholder(board["handcuff"]) == ""
    assert field_placeholder(board["homebrews"]) == ""
