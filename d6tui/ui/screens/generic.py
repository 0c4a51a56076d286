"""The screen of a game that brings no screen of its own: its state as its seat may see it,
and its legal moves, run through the one move runner (docs/CONTRIBUTING.md).

A new game is playable from the first day it has a definition; a screen of its own can come
later. The moves list is the game's ``moves(state, seat)`` for the seat whose turn it is;
Enter (or the move's number) runs the highlighted move: its choices are asked in lists, its
dice are rolled by the app, or typed from table dice when ``t`` is on.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from d6tui.engine.game import Move
from d6tui.ui.screens.game import GameScreen
from d6tui.ui.widgets.event_log import EventLogView
from d6tui.ui.widgets.fitted_footer import FittedFooter


class GenericGameScreen(GameScreen):
    """A game's view and moves, for games without a screen of their own."""

    AT_A_TABLE = True
    CSS_PATH: ClassVar[Any] = [*GameScreen.CSS_PATH, Path(__file__).with_name("generic.tcss")]
    BINDINGS = [
        Binding("t", "table_dice", "Table dice", id="generic.table_dice",
                tooltip="Type the faces of real dice for this seat's rolls (on/off)"),
    ]
    HELP = (
        "This game has no screen of its own yet, so d6tui shows what the seat whose turn it "
        "is may see, and lists that seat's legal moves.\n\n"
        "- Enter or a digit runs the highlighted move; its choices are asked in lists.\n"
        "- `t` switches table dice on or off for the seat whose turn it is: when on, its "
        "rolls ask for the faces of the dice thrown (ctrl+r in the prompt lets d6tui roll "
        "that one); when off, d6tui rolls. The save keeps the choice.\n"
        "- `u` undoes, `ctrl+y` redoes (with the same dice), `l` shows the log."
    )

    def __init__(self, session: Any) -> None:
        super().__init__(session)
        self._moves: list[Move] = []

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        with Horizontal(id="generic-body"):
            with Vertical(id="generic-left"):
                yield Static("", id="generic-status", markup=False)
                yield Static("", id="generic-view", markup=False)
            with Vertical(id="generic-right") as box:
                box.border_title = "Moves"
                yield OptionList(id="generic-moves")
                log = EventLogView(id="log")
                log.display = False
                yield log
        yield FittedFooter()

    def seat(self) -> Any:
        """The seat whose eyes the screen shows: the seat whose turn it is, or at a shared
        table this terminal's own."""
        return self.seat_here(self.session.rules.seat_to_move(self.session.state))

    def render_state(self, state: Any) -> None:
        """Draw the seat's view and its moves."""
        rules = self.session.rules
        seat = self.seat()
        seen = rules.view(state, seat)
        seats = rules.seats(state)
        to_move = rules.seat_to_move(state)
        who = seats[to_move] if isinstance(to_move, int) and 0 <= to_move < len(seats) \
            else "nobody"
        table = "on" if self.session.table_dice_for(seat) else "off"
        here = f"  You: {self.session.seat_name()} at table {self.session.code}." \
            if self.at_table else ""
        self.query_one("#generic-status", Static).update(
            f"{rules.status(state)}\nTo move: {who}.{here}  Table dice: {table} (t)")
        body = rules.report(seen) if rules.report is not None else \
            json.dumps(rules.to_json(seen), indent=2, default=str)
        self.query_one("#generic-view", Static).update(body)
        self._moves = [m for m in self.session.moves(seat) if m.id not in ("undo", "redo")]
        moves = self.query_one("#generic-moves", OptionList)
        moves.clear_options()
        for i, m in enumerate(self._moves, 1):
            dice = "  [" + ", ".join(d.describe() for d in m.dice) + "]" if m.dice else ""
            moves.add_option(Option(Text(f"{i}. {m.label}{dice}"), id=str(i - 1)))
        if self._moves:
            moves.highlighted = 0
            moves.focus()
        elif self.at_table:
            moves.add_option(Option("Nothing to do now: waiting for the others.",
                                    disabled=True))

    def action_table_dice(self) -> None:
        """Switch table dice on or off for the seat to move (a ``table_dice`` event)."""
        seat = self.seat()
        if seat is None:
            return
        seats = set(self.session.table_seats) ^ {seat}
        self._guard(lambda: self.session.set_table_dice(sorted(seats)))

    def on_key(self, event: Any) -> None:
        """A digit runs that move of the list."""
        if event.character and event.character.isdigit() and event.character != "0":
            i = int(event.character) - 1
            if i < len(self._moves):
                event.stop()
                self.run_move(self._moves[i])
                return
        super().on_key(event)

    @on(OptionList.OptionSelected, "#generic-moves")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.run_move(self._moves[int(event.option.id or 0)])

    @work(exclusive=True, group="generic-move")
    async def run_move(self, move: Move) -> None:
        """Ask the move's choices, then its dice, then make it (``Session.play``)."""
        from d6tui.ui.screens.move_runner import ask_and_play

        await ask_and_play(self, move, lambda req: self.session.table_dice_for(
            req.seat if req.seat is not None else move.seat))
