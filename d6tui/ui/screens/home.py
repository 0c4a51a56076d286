"""The home screen: the games to start and the recent saves to resume."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from d6tui.engine.registry import GameInfo, games
from d6tui.ui.widgets.fitted_footer import FittedFooter

if TYPE_CHECKING:
    from textual.widgets import DataTable
from d6tui.ui.saves_index import SaveSummary, scan_saves
from d6tui.ui.screens.saves_list import (
    OpenSave,
    SavesScanned,
    StartGame,
    saves_table,
    screen_available,
)

#: How many saves the home screen lists (the saves screen lists them all).
RECENT = 8


class HomeScreen(Screen):
    """The five games with their blurb, and recent saves with game, title, last played and
    status. Enter on a game starts a new one; Enter on a save resumes it."""

    CSS_PATH = Path(__file__).with_name("home.tcss")
    BINDINGS = [
        Binding("n", "new_game", "New game", id="home.new"),
        Binding("o", "open_save", "Open save", id="home.open"),
        Binding("s", "saves", "All saves", id="home.saves"),
        Binding("t", "app.change_theme", "Theme", id="home.theme"),
        Binding("tab", "app.focus_next", "Next list", show=False, id="home.next"),
        Binding("shift+tab", "app.focus_previous", "Previous list", show=False,
                id="home.previous"),
    ]

    HELP = """\
d6tui plays small d6 tabletop games in the terminal. Every game is a save file that
records each thing that happens, so you can stop at any moment and come back later to
exactly the same spot.

**Games** lists what d6tui can play. Pick one and press `n` (or Enter) to start:
you are asked for the players' names and, if you like, a title for the game.

**Recent saves** lists the games played last, newest first, with whose turn it is (or who
won). Press Enter (or `o`) on one to carry on. `s` shows every save, where you can rename
or delete them.

`ctrl+p` opens the command palette (themes, quitting, and in a game every game command).
`t` picks a colour theme; your choice is remembered.
"""

    def __init__(self, saves_dir: Path, *, scan_at_start: bool = True) -> None:
        """Args:
        saves_dir: the save folder listed under Recent saves.
        scan_at_start: read the folder when the screen first shows; False when the app
            opens a game at once (the list is read when the player comes back, and the
            two loads do not run side by side).
        """
        super().__init__()
        self.saves_dir = saves_dir
        self.saves: list[SaveSummary] = []
        self._table: DataTable | None = None
        self._skip_scan = not scan_at_start
        #: False while the screen is left empty under a game opened at start: its widgets
        #: are made only when it first shows (:meth:`show_now`), not laid out and drawn
        #: under the game for nothing (opening a save straight into its game takes 1.2-1.5x
        #: less CPU: ``python bench/open_game.py``).
        self._composed = scan_at_start

    def compose(self) -> ComposeResult:
        if not self._composed:
            return
        # A one-line title instead of Textual's Header: the home screen is the first frame,
        # and start-up must stay close to a bare app's (bench/startup.py).
        yield Static("d6tui \u2014 d6 tabletop games", id="home-title")
        with Vertical(id="games-box") as box:
            box.border_title = "Games"
            yield OptionList(*[self._game_option(g) for g in games()], id="games")
        with Vertical(id="saves-box") as box:
            box.border_title = "Recent saves"
            yield Static("Looking for saves...", id="saves-empty")
        yield FittedFooter()

    @staticmethod
    def _game_option(game: GameInfo) -> Option:
        text = Text.assemble((game.name, "bold"), "\n", (game.blurb, "italic"))
        if not screen_available(game):
            text.append("  (no screen in this version yet)", "dim")
        return Option(text, id=game.slug)

    def on_mount(self) -> None:
        self.title = "d6tui"
        self.sub_title = "d6 tabletop games"
        if self._composed:
            self.query_one("#games", OptionList).focus()

    async def on_screen_resume(self) -> None:
        # Also sent when the screen first shows: one scan at start, one on each return.
        if self._skip_scan:
            self._skip_scan = False
            return
        await self._compose_now()
        self.scan()

    def show_now(self) -> None:
        """Make the screen's widgets now if they were left out: it shows without being
        resumed (the game opened at start could not be shown, or a dialog opens over it)."""
        if not self._composed:
            self.call_later(self._compose_now)

    async def _compose_now(self) -> None:
        if self._composed:
            return
        self._composed = True
        await self.recompose()
        self.query_one("#games", OptionList).focus()

    @work(thread=True, exclusive=True, group="scan-saves")
    def scan(self) -> None:
        """Read the save folder in a thread; the result comes back as :class:`SavesScanned`."""
        self.post_message(SavesScanned(scan_saves(self.saves_dir, limit=RECENT)))

    @on(SavesScanned)
    async def _scanned(self, message: SavesScanned) -> None:
        from d6tui.ui.widgets.saves_table import SavesTable

        self.saves = message.saves
        table = self._table
        if table is None:  # made only now: the table is not needed for the first frame
            table = self._table = SavesTable(id="saves", cursor_type="row", zebra_stripes=True)
            await self.query_one("#saves-box").mount(table)
        empty = self.query_one("#saves-empty", Static)
        saves_table(table, self.saves, width=self._table_width())
        table.display = bool(self.saves)
        empty.display = not self.saves
        empty.update("No saves yet: pick a game above and press n to start one.")

    def _table_width(self) -> int:
        # The saves box's border takes two columns and the scrollbar may take one.
        return self.app.size.width - 3

    def on_resize(self) -> None:
        if self._table is not None and self.saves:
            row = self._table.cursor_row
            saves_table(self._table, self.saves, width=self._table_width())
            self._table.move_cursor(row=min(row, len(self.saves) - 1))

    # -- actions ----------------------------------------------------------------------------

    def selected_game(self) -> GameInfo | None:
        """The highlighted game."""
        listed = self.query_one("#games", OptionList)
        found = games()
        if listed.highlighted is None:
            return found[0] if found else None
        return found[listed.highlighted]

    def selected_save(self) -> SaveSummary | None:
        """The save under the table's cursor."""

        table = self._table
        if not self.saves or table is None or not table.display:
            return None
        return self.saves[min(table.cursor_row, len(self.saves) - 1)]

    def action_new_game(self) -> None:
        """Start a new game of the highlighted game."""
        game = self.selected_game()
        if game is None:
            return
        if not screen_available(game):
            self.notify(f"{game.name} cannot be played in this version of d6tui yet.",
                        severity="warning", markup=False)
            return
        self.post_message(StartGame(game))

    def action_open_save(self) -> None:
        """Resume the save under the cursor."""
        save = self.selected_save()
        if save is None:
            self.notify("There is no save to open yet.", severity="warning", markup=False)
            return
        self.post_message(OpenSave(save.path))

    def action_saves(self) -> None:
        """Show every save."""
        from d6tui.ui.screens.saves import SavesScreen

        self.app.push_screen(SavesScreen(self.saves_dir))

    @on(OptionList.OptionSelected, "#games")
    def _game_chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_new_game()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter on a save opens it."""
        event.stop()
        self.post_message(OpenSave(Path(str(event.row_key.value))))
