"""The tables of a d6tui server (only when run by ``d6tui serve``): the lobby and a first,
plain table screen.

The lobby lists the tables open on the server; ``n`` opens one for the game picked, ``j``
joins a free seat by its code, ``w`` watches. The table screen shows the status, what this
player's seat may see (the game's view, as the server sent it) and the seat's moves; Enter
makes the highlighted one. It redraws whenever the server says the table changed. Moves
that ask for choices get a list per choice (one pick, or several with space and
ctrl+s); the server rolls the dice (typed table dice are not asked for here yet). The
game's own screens at a table are the next step.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, Label, OptionList, SelectionList, Static
from textual.widgets.option_list import Option

from d6tui.server.table_client import TableClient, TableRefused


@dataclass
class TableChanged(Message):
    """The server says something changed at table ``code``."""

    code: str


class CodePrompt(ModalScreen[str | None]):
    """Ask for a table's code."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="tables.code_cancel")]

    def compose(self) -> ComposeResult:
        with Vertical(id="code-box"):
            yield Label("The table's code (four letters and digits):")
            yield Input(id="code", max_length=8)

    @on(Input.Submitted)
    def _done(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ChoicePrompt(ModalScreen[object]):
    """Ask one of a move's choices (as the server sent it): one value, or a list when
    several may be picked; None when cancelled.

    Args:
        choice: ``{"name", "prompt", "options": [[value, label], ...], "min", "max"}``.
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="tables.choice_cancel"),
                Binding("ctrl+s", "done", "Done", id="tables.choice_done")]

    def __init__(self, choice: dict) -> None:
        super().__init__()
        self.choice = choice

    def compose(self) -> ComposeResult:
        c = self.choice
        with Vertical(id="choice-box"):
            if c["max"] == 1:
                yield Label(c["prompt"])
                yield OptionList(*[Option(label, id=str(i))
                                   for i, (_, label) in enumerate(c["options"])], id="pick")
            else:
                yield Label(f"{c['prompt']} ({c['min']}-{c['max']}; space picks, ctrl+s done)")
                yield SelectionList(*[(label, i) for i, (_, label) in enumerate(c["options"])],
                                    id="picks")

    def on_mount(self) -> None:
        if self.choice["max"] == 1:
            pick = self.query_one("#pick", OptionList)
            pick.highlighted = 0
            pick.focus()
        else:
            self.query_one("#picks", SelectionList).focus()

    @on(OptionList.OptionSelected, "#pick")
    def _one(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.choice["options"][int(str(event.option.id))][0])

    def action_done(self) -> None:
        if self.choice["max"] == 1:
            return
        picked = self.query_one("#picks", SelectionList).selected
        if not self.choice["min"] <= len(picked) <= self.choice["max"]:
            self.notify(f"Pick {self.choice['min']} to {self.choice['max']}.", markup=False)
            return
        self.dismiss([self.choice["options"][i][0] for i in sorted(picked)])

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
        Binding("n", "open_table", "New table", id="tables.new"),
        Binding("j", "join", "Join by code", id="tables.join"),
        Binding("w", "watch", "Watch", id="tables.watch"),
        Binding("r", "refresh", "Refresh", id="tables.refresh"),
    ]
    HELP = ("Tables open on this server. n starts a table for a game, j joins a free seat "
            "by its code, w watches the highlighted table, Enter goes to a table you sit at.")

    def __init__(self, client: TableClient) -> None:
        super().__init__()
        self.client = client
        self._codes: list[str] = []

    def compose(self) -> ComposeResult:
        yield Static("Tables on this server", id="tables-title")
        yield OptionList(id="tables")
        yield Static("Games: pick one and press n to open a table for it", id="games-title")
        yield OptionList(id="games")
        yield Footer()

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
        listing.clear_options()
        self._codes = [t["code"] for t in tables]
        for t in tables:
            seats = ", ".join(f"{s['name']}: {s['holder'] or 'free'}" for s in t["seats"])
            watching = f"; watching: {', '.join(t['spectators'])}" if t["spectators"] else ""
            listing.add_option(Option(f"{t['code']}  {t['name']} - {t['title']}  "
                                      f"({seats}{watching})  {t['status']}", id=t["code"]))
        if not tables:
            listing.add_option(Option("No tables yet: pick a game below and press n.",
                                      disabled=True))
        picker = self.query_one("#games", OptionList)
        if picker.option_count == 0:
            for g in games:
                picker.add_option(Option(g["name"], id=g["slug"]))

    def _highlighted_code(self) -> str | None:
        listing = self.query_one("#tables", OptionList)
        index = listing.highlighted
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
        self.app.push_screen(TableScreen(self.client, code))

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
        self.app.push_screen(TableScreen(self.client, code.strip().upper()))


class TableScreen(Screen):
    """One table, from this player's seat (or as a spectator).

    Args:
        client: the connection to the server's tables.
        code: the table's code.
    """

    BINDINGS = [
        Binding("escape,h", "app.pop_screen", "Lobby", id="table.lobby"),
        Binding("L", "leave", "Leave seat", id="table.leave"),
    ]
    HELP = ("A table shared over SSH. Your seat's moves are listed: Enter makes the "
            "highlighted one. Everyone at the table sees it at once. Escape goes back to the "
            "lobby and keeps your seat; L gives it up.")

    def __init__(self, client: TableClient, code: str) -> None:
        super().__init__()
        self.client = client
        self.code = code
        self._moves: list[dict] = []

    def compose(self) -> ComposeResult:
        yield Static(id="table-status")
        yield Static(id="table-view")
        yield OptionList(id="table-moves")
        yield Footer()

    def on_mount(self) -> None:
        self.title = f"Table {self.code}"
        self.refresh_state()

    def on_table_changed(self, message: TableChanged) -> None:
        if message.code == self.code:
            self.refresh_state()

    @work(exclusive=True, group="table-state")
    async def refresh_state(self) -> None:
        try:
            state = await self.client.request("state", code=self.code)
        except TableRefused as e:
            self.notify(str(e), severity="error", markup=False)
            return
        who = "watching" if state["seat"] is None else f"seat {state['seat'] + 1}"
        self.query_one("#table-status", Static).update(
            f"Table {self.code} ({who}): {state['status']}")
        self.query_one("#table-view", Static).update(
            json.dumps(state["view"], indent=1, default=str)[:4000])
        self._moves = list(state["moves"])
        moves = self.query_one("#table-moves", OptionList)
        moves.clear_options()
        for m in self._moves:
            moves.add_option(Option(m["label"], id=m["id"]))
        if not self._moves:
            moves.add_option(Option("Nothing to do now: waiting for the others.",
                                    disabled=True))

    @on(OptionList.OptionSelected, "#table-moves")
    def _play(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self._send(str(event.option.id))

    @work(exclusive=True, group="table-play")
    async def _send(self, move: str) -> None:
        found = next((m for m in self._moves if m["id"] == move), None)
        answers: dict[str, object] = {}
        for choice in found["choices"] if found else []:
            answer = await self.app.push_screen_wait(ChoicePrompt(choice))
            if answer is None:
                return
            answers[choice["name"]] = answer
        try:
            await self.client.request("play", code=self.code, move=move, answers=answers)
        except TableRefused as e:
            self.notify(str(e), severity="error", markup=False)

    @work(exclusive=True, group="table-leave")
    async def action_leave(self) -> None:
        try:
            await self.client.request("leave", code=self.code)
        except TableRefused as e:
            self.notify(str(e), severity="error", markup=False)
            return
        self.app.pop_screen()


async def attach(app) -> TableClient | None:  # noqa: ANN001 - the D6App
    """Connect ``app`` to the server's tables when ``d6tui serve`` started it.

    Returns:
        The client, or None when d6tui runs locally.
    """

    def changed(code: str) -> None:
        for screen in app.screen_stack:
            if isinstance(screen, TablesScreen | TableScreen):
                screen.post_message(TableChanged(code))

    client = TableClient.from_env(changed)
    if client is not None:
        await client.start()
    return client
