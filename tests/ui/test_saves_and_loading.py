"""The saves screen (rename, delete) and opening damaged saves."""

from __future__ import annotations

from datetime import UTC
from pathlib import Path

from textual.widgets import Footer, Input
from textual.widgets._footer import FooterKey

from d6tui.engine.session import Session
from d6tui.ui.screens.help import binding_rows
from d6tui.ui.screens.home import HomeScreen
from d6tui.ui.screens.load_error import LoadErrorModal
from d6tui.ui.screens.modals import ConfirmModal, RenameModal
from d6tui.ui.screens.saves import SavesScreen
from d6tui.ui.shooter.screen import ShooterScreen
from tests.ui.helpers import make_app, new_shooter, settle, sync


@sync
async def test_home_and_saves_screen_open_rename_and_delete_a_save(saves: Path) -> None:
    """One save ("Saturday night") and one app at 80x24, in turn: the home screen lists it
    and opens it (tab, Enter); back home, the saves screen's Enter opens the game once
    (Escape goes back to the list); r renames it, recording ``retitled`` and renaming the
    file; r with ctrl+f renames it keeping the file name; then deleting asks first: n keeps
    the file, y deletes it and empties the list."""
    new_shooter(saves, "Saturday night").close()
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        home = app.screen
        assert isinstance(home, HomeScreen)
        assert [s.title for s in home.saves] == ["Saturday night"]
        assert "Ann" in home.saves[0].status
        await pilot.press("tab", "enter")
        await settle(pilot)
        assert isinstance(app.screen, ShooterScreen)
        assert app.screen.session.title == "Saturday night"
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is home

        # the saves screen: Enter opens the game once, Escape goes back to the list
        await pilot.press("s")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ShooterScreen)
        assert sum(isinstance(s, ShooterScreen) for s in app.screen_stack) == 1
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, SavesScreen)

        # r renames: a retitled event, and the file renamed too
        await pilot.press("r")
        await pilot.pause()
        modal = app.screen
        assert isinstance(modal, RenameModal)
        assert modal.query_one("#title", Input).value == "Saturday night"
        await pilot.press("end", "ctrl+u", *"Sunday game", "enter")
        await settle(pilot)
        assert isinstance(app.screen, SavesScreen)
        assert [s.title for s in app.screen.saves] == ["Sunday game"]
        assert not (saves / "saturday-night.toml").exists()
        session = Session.load(saves / "sunday-game.toml")
        assert session.title == "Sunday game"
        assert session.events[-1]["type"] == "retitled"
        assert session.history()[-1].text == "renamed the game \u201cSunday game\u201d"
        session.close()

        # r with ctrl+f: renamed, the file name kept
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("ctrl+f")  # untick "rename the file too"
        await pilot.press("end", "ctrl+u", *"Other", "enter")
        await settle(pilot)
        path = saves / "sunday-game.toml"
        assert path.exists()
        kept = Session.load(path)
        assert kept.title == "Other"
        kept.close()

        # deleting asks first
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmModal)
        await pilot.press("n")
        await pilot.pause()
        assert path.exists()
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        await settle(pilot)
        assert not path.exists()
        assert isinstance(app.screen, SavesScreen)
        assert app.screen.saves == []


@sync
async def test_damaged_save_shows_one_line_reason(saves: Path) -> None:
    bad = saves / "bad.toml"
    bad.write_text('format = "d6tui-log"\nversion = 99\ngame = "shooter"\n\n')
    app = make_app(saves, open_path=bad)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        modal = app.screen
        assert isinstance(modal, LoadErrorModal)
        reason = str(modal.query_one("#reason").render())
        assert "newer d6tui" in reason and "\n" not in reason
        assert not modal.query("#keep")
        # Nothing to keep: k is offered neither in the footer nor in the dialog's help.
        footer = [k.key for k in modal.query_one(Footer).query(FooterKey)]
        assert "k" not in footer and "escape" in footer
        assert "load.keep" not in [row[2] for row in binding_rows(modal, app)]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
    assert "version = 99" in bad.read_text()  # left untouched


@sync
async def test_truncated_save_offers_to_keep_complete_events(saves: Path) -> None:
    from d6tui.games.shooter import commands

    session = new_shooter(saves, "Cut short")
    session.do(commands.draw, dice=session.dice)
    assert session.log is not None
    path = session.log.path
    session.close()
    text = path.read_text()
    path.write_text(text[: len(text) - 25])  # cut the last event off mid-way
    app = make_app(saves, open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        modal = app.screen
        assert isinstance(modal, LoadErrorModal)
        assert modal.truncated
        assert "k" in [k.key for k in modal.query_one(Footer).query(FooterKey)]
        assert "load.keep" in [row[2] for row in binding_rows(modal, app)]
        await pilot.press("k")
        await settle(pilot)
        assert isinstance(app.screen, ShooterScreen)
        assert len(app.screen.session.events) == 1
        note = " ".join(n.message for n in app._notifications)
        assert "Kept 1 complete event." in note
        backups = list(saves.glob("cut-short.toml.damaged-*"))
        assert len(backups) == 1 and str(backups[0]) in note


@sync
async def test_opening_a_save_at_start_lists_saves_on_return_home(saves: Path) -> None:
    path = new_shooter(saves, "Saturday night").log.path
    app = make_app(saves, open_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ShooterScreen)
        home = app.screen_stack[0]
        assert isinstance(home, HomeScreen) and home.saves == []  # not read while opening
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is home
        assert [s.title for s in home.saves] == ["Saturday night"]


def test_every_saves_column_fits_80_columns_with_a_board_game_save() -> None:
    """The Game column shows each game's short name ("D6 board game", not the board game's
    54-character full name), so at 80 columns the title, "Last played" and the status fit
    beside it (the home screen and the saves screen fill their tables with these widths)."""
    from datetime import datetime

    from d6tui.engine.registry import games
    from d6tui.ui.saves_index import SaveSummary
    from d6tui.ui.screens.saves_list import column_widths, short_game

    board = next(g for g in games() if g.slug == "d6_board")
    assert len(board.name) > 40 and short_game(board.name) == "D6 board game"
    assert short_game("D6 Shooter") == "D6 Shooter" and short_game("Old game") == "Old game"
    when = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)
    saves = [SaveSummary(Path("b.toml"), board.name, "A season of hunts", when,
                         "Ann's turn: round 3"),
             SaveSummary(Path("s.toml"), "D6 Shooter", "Saturday night", when, "Bob won")]
    title_w, status_w = column_widths(saves, 80)
    game_w = max(len(short_game(s.game)) for s in saves)
    assert game_w + title_w + len(saves[0].when) + status_w + 4 * 2 <= 80
    assert status_w >= len("Ann's turn: round 3")


@sync
async def test_home_and_end_go_to_the_first_and_last_save(saves: Path) -> None:
    """In the saves screen's list and the home screen's, End puts the cursor on the last
    save and Home on the first (DataTable's own keys scrolled the columns sideways)."""
    from textual.widgets import DataTable

    for title in ("One", "Two", "Three"):
        new_shooter(saves, title).close()
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        home = app.screen
        await pilot.press("tab")  # the home screen's list of recent saves
        table = home.query_one("#saves", DataTable)
        assert app.focused is table and table.row_count == 3
        await pilot.press("end")
        assert table.cursor_row == 2 and table.scroll_x == 0
        await pilot.press("home")
        assert table.cursor_row == 0
        await pilot.press("s")
        await settle(pilot)
        table = app.screen.query_one("#all-saves", DataTable)
        assert app.focused is table and table.row_count == 3
        await pilot.press("end")
        assert table.cursor_row == 2 and table.scroll_x == 0
        await pilot.press("home")
        assert table.cursor_row == 0
