"""The tables of a d6tui server (only when run by ``d6tui serve``): the lobby.

The lobby lists the tables open on the server; ``n`` opens one for the game picked, ``j``
joins a free seat by its code, ``w`` watches, Enter takes (or takes back) a seat at the
highlighted table, ``L`` gives it up, ``c`` hands a seat whose player is away to the game's
computer player (the others may instead wait). A table is then played on the game's own screen (the
generic screen for a game without one), holding a
:class:`~d6tui.server.seat_session.SeatSession`: this seat's view, its moves checked by the
table, every change redrawn at once (:class:`~d6tui.ui.screens.game.TableChanged`).
"""

from __future__ import annotations

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from d6tui.server.seat_session import SeatSession, TableCalls
from d6tui.server.table_client import TableClient, TableRefused
from d6tui.ui.screens.dialog import DialogScreen
from d6tui.ui.screens.game import GameScreen, TableChanged
from d6tui.ui.widgets.field import Field
from d6tui.ui.widgets.fitted_footer import FittedFooter


class CodePrompt(DialogScreen[str | None]):
    """Ask for a table's code."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="tables.code_cancel")]

    def compose(self) -> ComposeResult:
        with Vertical(id="code-box"):
            yield Label("The table's code (four letters and digits):")
            yield Field(id="code", max_length=8)

    @on(Input.Submitted)
    def _done(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class TablesScreen(Screen):
    """The lobby: every table open on the server.

    Args:
        client: the connection to the server's tables.
    """

    TITLE = "Tables"
    BINDINGS = [
        Binding("escape,h", "app.pop_screen", "Home", id="tables.home"),
        # Short labels in a compact footer: at 80 columns every key of the lobby fits whole
        # (the help lists them in full).
        Binding("n", "open_table", "New", id="tables.new",
                tooltip="Open a new table for the highlighted game"),
        Binding("j", "join", "Join", id="tables.join", tooltip="Join a table by its code"),
        Binding("w", "watch", "Watch", id="tables.watch"),
        Binding("r", "refresh", "Refresh", id="tables.refresh", show=False),
        Binding("L", "leave", "Leave", id="tables.leave",
                tooltip="Give up your seat at the highlighted table"),
        Binding("c", "computer", "Computer", id="tables.computer",
                tooltip="Hand a seat whose player is away to the game's computer player"),
    ]
    HELP = ("Tables open on this server. n starts a table for a game, j joins a free seat "
            "by its code, w watches the highlighted table, Enter takes (or takes back) a "
            "seat at it, L gives up your seat there, c hands a seat whose player is away to the "
            "computer player (D6 Dungeon, the D6 board game), or you may wait for them; they "
            "take it back by joining again. At the table, Escape comes back here "
            "and keeps your seat.")

    def __init__(self, client: TableClient, calls: TableCalls | None = None) -> None:
        super().__init__()
        self.client = client
        self.calls = calls
        self._codes: list[str] = []
        self._tables: list[dict] = []

    def compose(self) -> ComposeResult:
        yield Static("Tables on this server", id="tables-title")
        yield OptionList(id="tables")
        yield Static("Games: pick one and press n to open a table for it", id="games-title")
        yield OptionList(id="games")
        yield FittedFooter(compact=True)

    def on_mount(self) -> None:
        self.action_refresh()

    def on_table_changed(self, message: TableChanged) -> None:
        self.action_refresh()

    @work(exclusive=True, group="tables-refresh")
    async def action_refresh(self) -> None:
        try:
            tables = await self.client.request("tables")
            games = await self.client.request("games")
        except TableRefused as e:
            self.notify(str(e), severity="error", markup=False)
            return
        listing = self.query_one("#tables", OptionList)
        # The highlight stays on the table it was on: the list is read again at every change
        # at any table (a computer's move, twice a second), and Enter must take the seat the
        # player picked, not the first table's.
        index = listing.highlighted
        picked = self._codes[index] if index is not None and index < len(self._codes) else None
        listing.clear_options()
        self._codes = [t["code"] for t in tables]
        self._tables = tables
        for t in tables:
            seats = ", ".join(f"{s['name']}: {seat_words(s)}" for s in t["seats"])
            watching = f"; watching: {', '.join(t['spectators'])}" if t["spectators"] else ""
            # Titles and names are players' text: a Text, never markup (a title such as
            # '[link=a:b]x' would otherwise crash every lobby that lists it).
            listing.add_option(Option(Text(f"{t['code']}  {t['name']} - {t['title']}  "
                                           f"({seats}{watching})  {t['status']}"),
                                      id=t["code"]))
        if not tables:
            listing.add_option(Option("No tables yet: pick a game below and press n.",
                                      disabled=True))
        elif picked in self._codes:
            listing.highlighted = self._codes.index(picked)
        elif listing.highlighted is None:
            listing.highlighted = 0  # Enter takes a seat at once
        picker = self.query_one("#games", OptionList)
        if picker.option_count == 0:
            for g in games:
                picker.add_option(Option(Text(g["name"]), id=g["slug"]))

    def on_descendant_focus(self, event) -> None:  # noqa: ANN001 - textual's DescendantFocus
        """A list Tabbed to shows its highlight at once (the first Down then moves it)."""
        widget = event.widget
        if isinstance(widget, OptionList) and widget.highlighted is None and \
                widget.option_count:
            widget.highlighted = 0

    def _highlighted_code(self) -> str | None:
        """The table highlighted in the tables list while that list has focus (w, L, c act
        on what the player sees picked, never on a dim highlight in the other list)."""
        listing = self.query_one("#tables", OptionList)
        index = listing.highlighted
        if not listing.has_focus:
            if self._codes:
                listing.focus()
                self.notify("Pick a table (up, down) and press the key again.",
                            markup=False)
            else:
                self.notify("No tables yet: pick a game and press n.", markup=False)
            return None
        return self._codes[index] if index is not None and index < len(self._codes) else None

    @work(exclusive=True, group="tables-new")
    async def action_open_table(self) -> None:
        from d6tui.engine.registry import game_info
        from d6tui.ui.screens.new_game import NewGameForm

        picker = self.query_one("#games", OptionList)
        if picker.highlighted is None or not picker.has_focus:
            picker.focus()
            if picker.highlighted is None and picker.option_count:
                picker.highlighted = 0
            self.notify("Pick a game (up, down) and press n.", markup=False)
            return
        slug = picker.get_option_at_index(picker.highlighted).id
        request = await self.app.push_screen_wait(NewGameForm(game_info(str(slug))))
        if request is None:
            return
        try:
            code = await self.client.request("open", game=request.game,
                                             options=request.options, title=request.title)
        except TableRefused as e:
            self.notify(str(e), title="Could not open the table", severity="error",
                        markup=False)
            return
        self._sit(code)

    @work(exclusive=True, group="tables-join")
    async def action_join(self) -> None:
        code = await self.app.push_screen_wait(CodePrompt())
        if code:
            await self._enter("join", code)

    @work(exclusive=True, group="tables-join")
    async def action_watch(self) -> None:
        code = self._highlighted_code()
        if code:
            await self._enter("watch", code)

    @on(OptionList.OptionSelected, "#tables")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self._take_seat(str(event.option.id))

    @work(exclusive=True, group="tables-join")
    async def _take_seat(self, code: str) -> None:
        await self._enter("join", code)

    async def _enter(self, op: str, code: str) -> None:
        try:
            await self.client.request(op, code=code)
        except TableRefused as e:
            self.notify(str(e), severity="error", markup=False)
            return
        self._sit(code.strip().upper())

    def _sit(self, code: str) -> None:
        """Play (or watch) table ``code`` on its game's screen."""
        if self.calls is None:
            self.notify("This d6tui has no line to the server's tables.", severity="error",
                        markup=False)
            return
        try:
            session = SeatSession.open(self.calls, code)
        except TableRefused as e:
            self.notify(str(e), severity="error", markup=False)
            return
        self.app.show_game(session)  # type: ignore[attr-defined]

    @work(exclusive=True, group="tables-computer")
    async def action_computer(self) -> None:
        """Hand an away seat of the highlighted table to the game's computer player (a
        choice when more than one seat is away)."""
        from d6tui.ui.screens.modals import ChoiceModal

        code = self._highlighted_code()
        table = next((t for t in self._tables if t["code"] == code), None)
        if table is None:
            return
        away = [s for s in table["seats"] if not s["present"] and not s.get("computer")]
        if not away:
            self.notify(f"Every seat at table {code} has its player there (or the computer).",
                        markup=False)
            return
        seat = away[0]["seat"]
        if len(away) > 1:
            seat = await self.app.push_screen_wait(ChoiceModal(
                "Which seat does the computer play?",
                [(f"{s['name']} ({seat_words(s)})", s["seat"]) for s in away]))
            if seat is None:
                return
        try:
            await self.client.request("computer", code=code, seat=seat)
        except TableRefused as e:
            self.notify(str(e), severity="error", markup=False)
            return
        name = next(s["name"] for s in table["seats"] if s["seat"] == seat)
        self.notify(f"The computer plays {name} at table {code} until their player joins "
                    "again.", markup=False)
        self.action_refresh()

    @work(exclusive=True, group="tables-leave")
    async def action_leave(self) -> None:
        """Give up this player's seat at the highlighted table."""
        code = self._highlighted_code()
        if code is None:
            return
        try:
            await self.client.request("leave", code=code)
        except TableRefused as e:
            self.notify(str(e), severity="error", markup=False)
            return
        self.notify(f"You left table {code}.", markup=False)
        self.action_refresh()


def seat_words(seat: dict) -> str:
    """A seat of the lobby's list in words: its player (``at table K7QP`` when they have no
    terminal at this table but one at another, ``away`` when at none), ``kept for ben,
    away`` (a free seat named after a player: nobody else may take it), ``free``, or
    ``computer``."""
    kept = seat.get("kept_for")
    if seat.get("computer"):
        holder = seat["holder"] or kept
        return "computer" + (f" (for {holder})" if holder else "")
    if seat["holder"] is None:
        return f"kept for {kept}, away" if kept else "free"
    if seat["present"]:
        return seat["holder"]
    elsewhere = seat.get("elsewhere") or []
    if elsewhere:
        many = "tables" if len(elsewhere) > 1 else "table"
        return f"{seat['holder']} (at {many} {', '.join(elsewhere)})"
    return f"{seat['holder']} (away)"


async def attach(app) -> TableClient | None:  # noqa: ANN001 - the D6App
    """Connect ``app`` to the server's tables when ``d6tui serve`` started it.

    Returns:
        The client, or None when d6tui runs locally.
    """

    def changed(code: str) -> None:
        for screen in app.screen_stack:
            if isinstance(screen, TablesScreen | GameScreen):
                screen.post_message(TableChanged(code))

    client = TableClient.from_env(changed)
    if client is not None:
        await client.start()
        app.tables_calls = TableCalls.from_env()
    return client
