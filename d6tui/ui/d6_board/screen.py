"""The D6 board game screen: 2-4 hunters at one keyboard, every board kept by the app.

At 80x24 one panel is shown at a time (the map with the compass dial and bounties, then
each hunter's class board and gather board): ``]`` and ``[`` turn the panels, and the map
cuts enemy names shorter rather than scroll. From 100x32 (120x40) the map, the class and
gather boards of the hunter to move (``]`` turns to the next hunter's) and the log are shown
together. On a large terminal every board is shown at once, with the log. The moves list
always holds what the seat the game waits for may do now (a digit or Enter runs one);
computer seats play by themselves.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import OptionList, Static

from d6tui.engine.game import Choice, Move, Pips
from d6tui.games.d6_board.describe import over_title
from d6tui.games.d6_board.moves import seat_to_move
from d6tui.games.d6_board.state import VILLAGE, Board
from d6tui.games.d6_board.view import view
from d6tui.ui.d6_board.help import GLORY_GOAL, HELP, HIDE_GOAL
from d6tui.ui.d6_board.hide_board import HideCollectionBoard, HideCompass
from d6tui.ui.d6_board.hide_help import (
    ALLIANCE_HELP,
    HIDE_HELP,
    PART_IV_HELP,
    PART_IV_OPTIONS,
)
from d6tui.ui.d6_board.widgets import ClassBoard, CompassDial, GameMap, GatherBoard
from d6tui.ui.screens.game import GameScreen
from d6tui.ui.screens.table_dice import choose_table_seats, table_dice_words, typed_by_seat
from d6tui.ui.widgets.event_log import EventLogView
from d6tui.ui.widgets.fitted_footer import FittedFooter
from d6tui.ui.widgets.static_text import put_kept, refill_options
from d6tui.ui.widgets.status_header import StatusHeader
from d6tui.words import plural

#: The size from which every board is shown at once.
LARGE = (150, 45)
#: The size from which the map, one hunter's class and gather boards and the log are shown
#: together (120x40: one hunter's boards at a time, ``]`` turns to the next hunter).
MEDIUM = (100, 32)


class BoardScreen(GameScreen):
    """A season of D6: Dungeons, Dudes, Dames... at one keyboard.

    Args:
        session: a ``d6_board`` session.
    """

    AT_A_TABLE = True
    CSS_PATH: ClassVar[Any] = [*GameScreen.CSS_PATH, Path(__file__).with_name("screen.tcss")]
    BINDINGS = [
        Binding("right_square_bracket,tab", "panel(1)", "Next board", id="d6_board.next",
                tooltip="Show the next board (map, class boards, gather boards)"),
        Binding("left_square_bracket,shift+tab", "panel(-1)", "Previous board",
                id="d6_board.prev", show=False, tooltip="Show the previous board"),
        Binding("m", "show_map", "Map", id="d6_board.map", show=False,
                tooltip="Show the map, the compass dial and the bounties"),
        Binding("t", "table_dice", "Table dice", id="d6_board.table_dice",
                tooltip="Choose whose rolls are typed from real dice (kept in the save)"),
        Binding("p", "quick_pass", "Pass", id="d6_board.pass", show=False,
                tooltip="Pass at once when asked for a red card (Step 2)"),
        Binding("x", "export", "Export", id="d6_board.export", show=False,
                tooltip="Write the season as Markdown beside the save"),
        Binding("G", "gm_tools", "GM tools", id="d6_board.gm_tools",
                tooltip="Table edition: the current GM's tools (gold, HP, stats, cards, "
                        "potions, heroes, enemies)"),
    ]
    HELP = HELP

    def __init__(self, session: Any) -> None:
        super().__init__(session)
        #: The panel shown at small sizes (0: map; then class and gather board per seat).
        self.panel = 0
        self._moves: list[Move] = []
        self._legal: list[Move] = []
        #: The moves keys may run: the seat to move's, when a person plays it.
        self._keys: list[Move] = []
        #: The rows of the moves list as last given to it (prompt, option id or None).
        self._rows: list[tuple[Text, str | None]] = []
        self._views: list[Any] = []
        self._rng = random.Random(session.header.options.get("seed", 0))
        self._bot_pending = False
        self._bot_timer: Any = None
        #: The human seat whose hand is on screen (None: nobody's, behind a hand-over).
        self.shown: int | None = None
        self._handing = False
        #: Digits typed so far of a move's number (a list of ten or more).
        self._typed = ""
        #: Whether ``l`` opened (True) or closed (False) the log; None: the layout's own
        #: choice (shown from 100x32, hidden below, where an open log takes the boards' place).
        self.log_open: bool | None = None
        #: The hunter whose turn the screen last drew (the medium layout follows it).
        self._current = session.state.current
        if session.state.hc is not None:
            #: The help of this game: the Hide Collection modes add their own sections
            #: and have their own goal (no glory).
            self.HELP = HELP.replace(GLORY_GOAL, HIDE_GOAL) + HIDE_HELP
        elif session.state.options.get("mode") == "alliance":
            self.HELP = HELP + ALLIANCE_HELP
        first = session.events[0] if session.events else {}
        if any(k in first for k in PART_IV_OPTIONS):
            self.HELP = (getattr(self, "HELP", None) or HELP) + PART_IV_HELP

    @property
    def board(self) -> Board:
        """The folded board."""
        return self.session.state

    def compose(self) -> ComposeResult:
        yield StatusHeader(show_clock=False)
        yield Static("", id="status", markup=False)
        yield Static("", id="note", markup=False)
        with Horizontal(id="body"):
            with VerticalScroll(id="boards"):
                with Vertical(id="panel-map", classes="panel"):
                    yield (HideCompass if self.board.hc is not None else CompassDial)(
                        id="compass")
                    yield GameMap(id="map")
                if self.board.hc is not None:
                    yield HideCollectionBoard(id="hides", classes="panel")
                for i in range(len(self.board.heroes)):
                    yield ClassBoard(id=f"class-{i}", classes="panel")
                    yield GatherBoard(id=f"gather-{i}", classes="panel")
            with Vertical(id="side"):
                yield OptionList(id="moves")
                log = EventLogView(id="log")
                log.border_title = "Log (l)"
                yield log
        yield FittedFooter()

    def on_mount(self) -> None:
        for i in range(len(self.board.heroes)):
            self.query_one(f"#class-{i}", ClassBoard).seat = i
            self.query_one(f"#gather-{i}", GatherBoard).seat = i
        self._layout()
        super().on_mount()

    def on_resize(self) -> None:
        self._layout()

    @property
    def large(self) -> bool:
        """Whether every board fits at once."""
        w, h = self.app.size
        return w >= LARGE[0] and h >= LARGE[1]

    def _panels(self) -> list[str]:
        out = ["panel-map"] + (["hides"] if self.board.hc is not None else [])
        for i in range(len(self.board.heroes)):
            out += [f"class-{i}", f"gather-{i}"]
        return out

    @property
    def medium(self) -> bool:
        """Whether the map, one hunter's boards and the log fit together (not large)."""
        w, h = self.app.size
        return not self.large and w >= MEDIUM[0] and h >= MEDIUM[1]

    def medium_seat(self) -> int:
        """The hunter whose boards the medium layout shows: the hunter to move, or the
        one ``]`` / ``[`` turned to."""
        n = max(1, len(self.board.heroes))
        return (self.board.current + self.panel) % n

    def _layout(self) -> None:
        large, medium = self.large, self.medium
        self.set_class(large, "-large")
        self.set_class(medium, "-medium")
        panels = self._panels()
        if medium:
            self.panel %= max(1, len(self.board.heroes))
            seat = self.medium_seat()
            shown = {"panel-map", "hides", f"class-{seat}", f"gather-{seat}"}
        else:
            self.panel %= len(panels)
            shown = set(panels) if large else {panels[self.panel]}
        for pid in panels:
            self.query_one(f"#{pid}").display = pid in shown
        log_shown = (large or medium) if self.log_open is None else self.log_open
        self.query_one("#log").display = log_shown
        small = not (large or medium)
        # at 80x24 an open log takes the boards' place, so that it has room to scroll
        self.set_class(small and log_shown, "-log")
        # and the season-over panel is as tall as the winner and every hunter's line
        self.set_class(small and self.board.over, "-over")
        self.call_after_refresh(self._fit_map)

    def _fit_map(self) -> None:
        """At 80x24 the map keeps to the lines the boards panel has (enemy names cut
        shorter to share lines), so the lowest row needs no scrolling."""
        game_map = self.query_one("#map", GameMap)
        if self.large or self.medium:
            game_map.budget = 0
            return
        room = self.query_one("#boards").size.height
        room -= self.query_one("#compass").outer_size.height
        game_map.budget = max(1, room)

    # -- drawing -----------------------------------------------------------------------------

    def seat(self) -> Any:
        """The seat the game waits for (at a shared table: this terminal's own)."""
        return self.seat_here(seat_to_move(self.board))

    def humans(self) -> list[int]:
        """The seats people play (not the computer)."""
        return [i for i, h in enumerate(self.board.heroes) if not h.computer]

    def keyboard_seat(self) -> int | None:
        """Whose hand may be on screen now: the seat to move when a person plays it; while
        a computer plays, the person who had the keyboard (or the only person)."""
        seat = self.seat()
        humans = self.humans()
        if seat is not None and seat in humans:
            return seat
        if len(humans) == 1:
            return humans[0]
        return self.shown

    def render_state(self, state: Board) -> None:
        """Draw every board as the person at the keyboard may see it, and the moves of the
        seat to move. At one keyboard with two people or more, a hand-over screen comes
        first whenever the seat to move passes to another person ("hands are hidden")."""
        seat = self.seat()
        want = self.keyboard_seat()
        if state.over and self._handing:  # the season ended behind a hand-over: no more
            self._drop_hand_over()        # hands to hide, nobody to pass the keyboard to
        if want != self.shown and not any(h.hand for h in state.heroes):
            self.shown = want  # nobody holds a card yet (setup): nothing to hide
        if (len(self.humans()) > 1 and not state.over and want is not None
                and (want != self.shown or self._handing)):  # a cover up stays up
            self._cover(state)
            from d6tui.ui.screens.hand_over import HandOver, retarget_cover

            if not self._handing:
                self._handing = True
                self.app.push_screen(HandOver(state.heroes[want].name, state.note,
                                              what="your hand and your moves"), self._handed)
            else:  # the state changed under the cover (the file watch): name who is to move
                retarget_cover(self.app, state.heroes[want].name, state.note)
            return
        if state.current != self._current:  # a new turn: its hunter's boards (medium)
            self._current = state.current
            if self.medium:
                self.panel = 0
            self._layout()
        elif state.over != self.has_class("-over") and not (self.large or self.medium):
            self._layout()
        seen = view(state, want)
        legal = [m for m in self.session.moves(seat) if m.id not in ("undo", "redo")]
        #: The legal moves in the game's order, for the computer.
        self._legal = legal
        self._moves = sorted(legal, key=_list_order)
        targets = frozenset(
            m.id.split(":")[-1] for m in self._moves if m.id.startswith(("move:", "ride:")))
        for w in self._board_views():
            if isinstance(w, GameMap):
                w.show(seen, targets)
            else:
                w.update_view(seen)
        status = self.session.rules.status(state)
        typed = table_dice_words(self.session, [h.name for h in state.heroes])
        table = f"  [{typed}]" if typed else ""
        put_kept(self.query_one("#status", Static), Text(status + table, style="bold"))
        put_kept(self.query_one("#note", Static), "\u00bb " + (state.note or ""))
        ol = self.query_one("#moves", OptionList)
        to_move = seat_to_move(state)
        who = state.heroes[to_move].name if to_move is not None and state.heroes else ""
        computer = to_move is not None and state.heroes and state.heroes[to_move].computer \
            and not self.at_table
        ol.border_title = f"{who} to move" + (" (computer)" if computer else "") if who else \
            over_title(state)
        # a computer's moves name its cards, and are its own: no key runs them
        listed = [] if computer else self._moves
        self._keys = listed
        wide = len(listed) >= 10
        rows: list[tuple[Text, str | None]] = []
        if computer:
            rows.append((Text("(the computer is choosing)"), None))
        for i, m in enumerate(listed, 1):
            dice = " [" + ", ".join(d.describe() for d in m.dice) + "]" if m.dice else ""
            num = f"{i:>2}." if wide else f"{i}."
            rows.append((Text(f"{num} {m.label}{dice}"), str(i - 1)))
        self._typed = ""
        ol.border_subtitle = ""
        if state.over:
            from d6tui.games.d6_board.describe import scoring, winner_line

            rows.append((Text(winner_line(state), style="bold"), None))
            rows.extend((Text(line), None) for line in scoring(state))
        if rows != self._rows:  # the same list again (a redraw, a key refused) stays put
            refill_options(ol, self._rows, rows)
            self._rows = rows
        if listed:
            ol.highlighted = 0
            ol.focus()
        if computer and not self._bot_pending and not state.over:
            self._bot_pending = True
            self._bot_timer = self.set_timer(0.05, self.bot_step)

    def _board_views(self) -> list[Any]:
        """The widgets drawn from the board's view (the map, its compass, every hunter's
        boards, the Hide Collection board), found once: the screen composes them once."""
        if not self._views:
            self._views = list(self.query("GameMap, ClassBoard, GatherBoard, CompassDial, "
                                          "HideCollectionBoard"))
        return self._views

    def _cover(self, state: Board) -> None:
        """Nobody's hand on screen (while the keyboard changes hands)."""
        hidden = view(state, None)
        for w in self._board_views():
            if not isinstance(w, HideCollectionBoard):
                w.update_view(hidden)
        self._moves, self._keys, self._legal = [], [], []
        self._rows = []
        self.query_one("#moves", OptionList).clear_options()

    def _drop_hand_over(self) -> None:
        """Take down a hand-over screen that no longer applies (the game is over)."""
        from d6tui.ui.screens.hand_over import HandOver

        if isinstance(self.app.screen, HandOver):
            self.app.screen.dismiss(None)  # its callback (_handed) redraws the boards
        else:
            self._handing = False

    def _handed(self, _: bool | None) -> None:
        self._handing = False
        self.shown = self.keyboard_seat()
        self.refresh_game()

    # -- actions -----------------------------------------------------------------------------

    def action_panel(self, step: int) -> None:
        """Show the next (or previous) board at small sizes; at a medium size the next
        (or previous) hunter's boards."""
        n = len(self.board.heroes) if self.medium else len(self._panels())
        self._close_small_log()
        self.panel = (self.panel + step) % max(1, n)
        self._layout()

    def action_toggle_log(self) -> None:
        """Show or hide the log; a shown log takes the keys (Home: the first event, End:
        the newest, Up / PageUp: earlier). At 80x24 it takes the boards' place."""
        log = self.query_one("#log", EventLogView)
        self.log_open = not log.display
        self._layout()
        if self.log_open:
            log.focus()
        else:
            self.query_one("#moves", OptionList).focus()

    def _close_small_log(self) -> None:
        """At 80x24 a board asked for takes its place back from the open log."""
        if self.has_class("-log"):
            self.log_open = None
            self.query_one("#moves", OptionList).focus()

    def action_show_map(self) -> None:
        """Show the map panel."""
        self._close_small_log()
        self.panel = 0
        self._layout()

    @work(exclusive=True, group="d6-board-table-dice")
    async def action_table_dice(self) -> None:
        """Choose whose rolls are typed from real dice (a ``table_dice`` event: the save
        keeps it); a computer's dice are d6tui's unless its seat is checked."""
        heroes = self.board.heroes
        computers = frozenset(i for i, h in enumerate(heroes) if h.computer)
        if await choose_table_seats(self, [h.name for h in heroes], computers) is not None:
            self.refresh_game()

    def action_quick_pass(self) -> None:
        """Pass at once when a red card is asked for."""
        for m in self._keys:
            if m.id == "pass":
                self.run_move(m)
                return

    def gm_tools(self) -> list[Move]:
        """The GM tools of the current GM (table edition), if they may be used now."""
        from d6tui.games.d6_board.table_tools import gm_seat, gm_tool_moves

        return gm_tool_moves(self.board, gm_seat(self.board))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show the GM tools key only in the table edition."""
        if action == "gm_tools":
            return self.board.options.get("edition") == "table"
        return super().check_action(action, parameters)

    @work(exclusive=True, group="d6-board-gm")
    async def action_gm_tools(self) -> None:
        """Pick one of the current GM's tools and use it."""
        from d6tui.games.d6_board.table_tools import gm_seat
        from d6tui.ui.screens.modals import ChoiceModal

        tools = self.gm_tools()
        if not tools:
            self.notify("No GM tool can be used now (a question is waiting).",
                        severity="warning", markup=False)
            return
        who = self.board.heroes[gm_seat(self.board)].name
        picked = await self.app.push_screen_wait(ChoiceModal(
            f"{who} (GM): which tool?", [(m.label, m) for m in tools]))
        if picked is not None:
            self.run_move(picked)

    def action_export(self) -> None:
        """Write the Markdown record beside the save (or in the saves folder)."""
        from d6tui.games.d6_board.export import export_markdown

        text = export_markdown(self.session)
        log = self.session.log
        path = (log.path.with_suffix(".md") if log is not None
                else Path.cwd() / "d6-board-season.md")
        try:
            path.write_text(text, encoding="utf-8")
        except OSError as e:
            self.notify(str(e), title="Could not export", severity="error", markup=False)
            return
        self.notify(f"Written to {path}", title="Exported", markup=False)

    def on_key(self, event: Any) -> None:
        """A digit runs that move of the list; in a list of ten or more the digits of a
        number are gathered (``1`` then ``2``: move 12), the move so far highlighted and
        shown on the list's border, and taken when no longer number can follow or on Enter
        (never after a wait: a slow second digit would run the wrong move). Escape or
        Backspace drops the digits typed."""
        if event.character and event.character.isdigit() and self._keys:
            event.stop()
            self._digit(event.character)
            return
        if event.key == "enter" and self._typed:
            event.stop()
            self._take_typed()
            return
        if event.key in ("escape", "backspace") and self._typed:
            event.stop()
            self._typed = ""
            self._show_typed()
            return
        super().on_key(event)

    def _show_typed(self) -> None:
        """Show the digits typed so far (on the moves list's border and the note line)."""
        ol = self.query_one("#moves", OptionList)
        note = self.query_one("#note", Static)
        if self._typed:
            ol.border_subtitle = f"move {self._typed}_"
            put_kept(note, f"\u00bb Move {self._typed}\u2026 (another digit, or Enter; "
                     "Escape clears)")
        else:
            ol.border_subtitle = ""
            put_kept(note, "\u00bb " + (self.board.note or ""))

    def _digit(self, d: str) -> None:
        n = len(self._keys)
        typed = wrong = self._typed + d
        if not 1 <= int(typed) <= n:
            typed = ""  # a wrong second digit runs nothing (not the move of that digit)
        self._typed = typed
        note = self.query_one("#note", Static)
        if not typed:
            self.query_one("#moves", OptionList).border_subtitle = ""
            put_kept(note, f"\u00bb No move {wrong} in the list: type "
                     + (f"1-{n}" if n > 1 else "1"))
            return
        if int(typed) * 10 > n:
            self._take_typed()
            return
        self.query_one("#moves", OptionList).highlighted = int(typed) - 1
        self._show_typed()

    def _take_typed(self) -> None:
        """Run the move whose number was typed."""
        typed, self._typed = self._typed, ""
        self._show_typed()
        if typed and 1 <= int(typed) <= len(self._keys):
            self.run_move(self._keys[int(typed) - 1])

    @on(OptionList.OptionSelected, "#moves")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.run_move(self._keys[int(event.option.id or 0)])

    def is_computer(self, seat: Any) -> bool:
        """Whether the computer plays ``seat`` here: undo then takes back its moves since
        the person's last one with that one, and redo brings the group back
        (:mod:`d6tui.engine.turn_undo`)."""
        heroes = self.board.heroes
        return (not self.at_table and seat is not None and 0 <= seat < len(heroes)
                and heroes[seat].computer)

    def stop_computer(self) -> None:
        """Drop a computer move about to be made (before an undo)."""
        if self._bot_timer is not None:
            self._bot_timer.stop()
            self._bot_timer = None
        self._bot_pending = False

    def bot_step(self) -> None:
        """A computer seat makes its move."""
        from d6tui.games.d6_board.bot import choose

        self._bot_pending = False
        seat = self.seat()
        if seat is None or not self.board.heroes[seat].computer or not self._legal:
            return
        m, answers = choose(self.board, seat, self._legal, self._rng)
        typed_for = typed_by_seat(self.session, m, (Pips,))
        if any(typed_for(req) for req in m.dice):
            self._bot_pending = True  # its dice are asked first; nothing else starts it
            self.bot_typed(m, answers)
            return
        self._guard(lambda: self.session.play(m, answers))

    @work(exclusive=True, group="d6-board-move")
    async def bot_typed(self, move: Move, answers: dict[str, Any]) -> None:
        """A computer's move whose dice (all or some) are thrown at the table: each is asked
        in the dice prompt (ctrl+r lets d6tui roll it), then the move is made. Escape leaves
        the computer waiting; ``t`` or any redraw asks again."""
        from d6tui.ui.screens.move_runner import ask_dice

        state = self.board
        who = state.heroes[move.seat].name if move.seat is not None else "The computer"
        typed = await ask_dice(self, move, typed_by_seat(self.session, move, (Pips,)),
                               who=f"{who} (computer): ")
        self._bot_pending = False
        if typed is None:
            self.notify(f"{who} waits for its dice: t lets d6tui roll them.",
                        severity="warning", markup=False)
            return
        if self.board is not state:
            return  # the game moved on while the dice were asked
        self._guard(lambda: self.session.play(move, answers, typed))

    @work(exclusive=True, group="d6-board-move")
    async def run_move(self, move: Move) -> None:
        """Ask the move's choices, then its dice (typed for the seats the table-dice setting
        names), then make it; a rest with actions unspent is confirmed first."""
        from d6tui.games.d6_board.turn import ACTIONS
        from d6tui.ui.screens.modals import ConfirmModal
        from d6tui.ui.screens.move_runner import ask_and_play

        left = ACTIONS - self.board.actions
        if move.id == "rest" and left > 0 and not await self.app.push_screen_wait(
                ConfirmModal(f"End the turn with {plural(left, 'action')} unspent? "
                             "A rest before all three actions draws no Heroic Quest "
                             "cards (Resting).", yes="Rest now", no="Keep playing")):
            return
        await ask_and_play(self, move, typed_by_seat(self.session, move, (Pips,)),
                           note=move.label, numbers_for=self.space_numbers)

    def space_numbers(self, choice: Choice) -> list[int] | None:
        """A choice of spaces is picked by the spaces' own numbers (0 for the Village)."""
        spaces = set(self.board.spaces())
        values = [v for v, _ in choice.options]
        if values and all(v in spaces or v == VILLAGE for v in values):
            return [0 if v == VILLAGE else int(v) for v in values]
        return None


def _list_order(m: Move) -> int:
    """Where a move goes in the list: the fights here and the hunt first, then the other
    moves in the game's order, Rent a Horse rides (up to a dozen) last, so the numbers of
    the fights, the hunt, the moves and the gather stay put when rides come and go."""
    if m.id.startswith("fight:"):
        return 0
    if m.id == "hunt":
        return 1
    return 3 if m.id.startswith("ride:") else 2
