"""The D6 Dungeon screen: the whole two-player game at one keyboard, or against the computer.

Only one side of the Dungeon Waffle is ever on screen: the side of the player whose turn it
is, as ``view(state, seat)`` gives it. Between the turns of two players at one keyboard a
hand-over screen hides everything until the next player presses Enter. Against the computer
the screen always shows the human's side, and the computer's turns run by themselves in a
worker, one move at a time with a short pause.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Header, Static

from d6tui.engine.game import Move
from d6tui.engine.session import Session
from d6tui.games.dungeon.export import score_lines, totals_line
from d6tui.games.dungeon.faces import is_map
from d6tui.games.dungeon.scorer import best_route
from d6tui.games.dungeon.state import DungeonState
from d6tui.games.dungeon.view import view
from d6tui.games.dungeon.waffle import SIZE, hole_index, hole_name, own_index
from d6tui.ui.dungeon.help import HELP
from d6tui.ui.dungeon.notices import notices_over
from d6tui.ui.dungeon.panels import (
    HeldLines,
    ScoreLines,
    _pts,
    hand_text,
    hand_tray,
    held_lines,
    route_bonus,
)
from d6tui.ui.dungeon.pictures import PREVIEW_LIMIT, WafflePictures
from d6tui.ui.dungeon.running import DungeonMoveRunner
from d6tui.ui.dungeon.waffle import DungeonWaffle, WafflePicture, cursor_step
from d6tui.ui.screens.game import GameScreen
from d6tui.ui.screens.hand_over import HandOver, retarget_cover
from d6tui.ui.screens.table_dice import choose_table_seats, table_dice_words
from d6tui.ui.widgets.dice_tray import DiceTray
from d6tui.ui.widgets.event_log import EventLogView
from d6tui.ui.widgets.fitted_footer import FittedFooter
from d6tui.ui.widgets.static_text import put
from d6tui.words import plural


def _b(key: str, action: str, description: str, tooltip: str, show: bool = False,
       priority: bool = False) -> Binding:
    return Binding(key, action, description, id=f"dungeon.{action.split('(')[0]}",
                   tooltip=tooltip, show=show, priority=priority)


class DungeonScreen(WafflePictures, DungeonMoveRunner, GameScreen):
    """A game of D6 Dungeon (see the module docstring).

    Args:
        session: a D6 Dungeon session.
    """

    AT_A_TABLE = True
    CSS_PATH: ClassVar[Any] = [*GameScreen.CSS_PATH, Path(__file__).with_name("screen.tcss")]
    HELP = HELP

    BINDINGS = [
        _b("d", "draw", "Draw", "Draw a die from the bag (Course of Play)", True),
        _b("r", "roll_or_turn", "Roll / turn",
           "Roll the die in hand; while placing, turn it a quarter clockwise", True),
        _b("R", "turn_back", "Turn back", "While placing, turn the die a quarter anticlockwise"),
        _b("f", "flip", "Other side", "While placing, face the die's other map face to you"),
        _b("enter", "enter", "Place / pick", "Place the die in the hole under the cursor, "
           "or pick it as a spell's target"),
        # the cursor keys win over a focused scroll view (the log) while a hole is picked;
        # else (check_action) they go on to it
        _b("up", "cursor(0,-1)", "Up", "Move the cursor", priority=True),
        _b("down", "cursor(0,1)", "Down", "Move the cursor", priority=True),
        _b("left", "cursor(-1,0)", "Left", "Move the cursor", priority=True),
        _b("right", "cursor(1,0)", "Right", "Move the cursor", priority=True),
        _b("s", "set_aside", "Set aside", "Set the rolled item or spell aside (keep a "
           "Special Item)", True),
        _b("x", "trade", "Trade", "Trade the Special Item just rolled for one of theirs"),
        _b("w", "wish", "Wish", "Use the Wishing Ring: choose another side of the die"),
        _b("g", "catch", "Catch wish", "Catch the Wishing Ring with a free Dreamcatcher"),
        _b("m", "dream", "Dreamcatcher", "Use a Dreamcatcher pair: choose the die's side"),
        _b("c", "cast", "Cast", "Cast a collected spell (Decay, Turn, Pivot, Look)", True),
        _b("a", "extra", "Extra turn", "Pay a collected die and roll another again (Extra "
           "turn)", True),
        # Two bindings of C: shown in the footer when a claim is offered (a complete route),
        # and, in your turn without one, hidden but saying why not (same id, one key-map row).
        _b("C", "claim", "Claim route", "Claim a complete route (End of the Game)", True),
        Binding("C", "claim_why", "", id="dungeon.claim", show=False),
        _b("e", "end_turn", "End turn", "End your turn", True),
        _b("b", "route", "Route", "Show or hide your best route on the waffle", True),
        _b("v", "other_side", "Their side", "The other side: once the game is over, or what "
           "your Look showed", True),
        _b("p", "scores", "Score lines", "Both players' scores explained line by line "
           "(once the game is over)", True),
        _b("t", "table_dice", "Table dice", "Choose who types the colour drawn and the face "
           "rolled from real dice (kept in the save)"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        #: The seat whose side is on screen (None: nobody's yet, behind a hand-over).
        self.shown: int | None = None
        self.cursor = 2 * SIZE + 2
        self.side_choice = 0
        self.turns = 0
        self.target: Move | None = None
        self._drawn_state: DungeonState | None = None
        #: The best route drawn (``b``); None: as the game stands (drawn once it is over).
        self.show_route: bool | None = None
        self.show_other = False
        self._handing = False
        self._computer: Any = None
        #: ``(turn number, seat)`` last drawn: a new turn starts with the player's own side.
        self._turn_drawn: tuple[int, int] | None = None

    @property
    def dungeon(self) -> DungeonState:
        """The folded game state."""
        return self.session.state

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="dg-body"):
            with Vertical(id="dg-left"):
                yield DungeonWaffle(id="waffle")
            with Vertical(id="dg-right"):
                yield Static("", id="dg-status", markup=False)
                yield Static("", id="dg-latest", markup=False)
                yield DiceTray(id="dg-tray")
                yield Static("", id="dg-hand", markup=False)
                yield HeldLines("", id="dg-held", markup=False)
                yield Static("", id="dg-preview", markup=False)
                yield Static("", id="dg-actions")
            log = EventLogView(id="log")
            log.border_title = "Log (l)"
            yield log
        yield FittedFooter(compact=True)

    #: Below this width the log and the side panel do not both fit: the log, when open,
    #: takes the panel's place (``l`` again brings the panel back).
    WIDE = 120

    def on_mount(self) -> None:
        self.query_one("#log").display = self.app.size.width >= self.WIDE
        super().on_mount()
        self._fit_log()

    def action_toggle_log(self) -> None:
        """Show or hide the log; on a narrow terminal the open log replaces the side panel."""
        super().action_toggle_log()
        self._fit_log()

    def on_resize(self, event: events.Resize) -> None:
        """Fit the log and the side panel to the new width."""
        self._fit_log()

    def _fit_log(self) -> None:
        log = self.query_one("#log")
        narrow = self.app.size.width < self.WIDE
        self.query_one("#dg-right").display = not (narrow and log.display)
        log.styles.width = "1fr" if narrow else "34%"
        log.border_title = "Log (l: the panel again)" if narrow else "Log (l)"
        self.call_after_refresh(notices_over, self, log if log.display else
                                self.query_one("#dg-right"))

    # -- seats ----------------------------------------------------------------------------

    @property
    def computer(self) -> int | None:
        """The computer's seat, or None at one keyboard."""
        return self.dungeon.computer

    def wanted_seat(self) -> int:
        """The side that should be on screen now (at a shared table: this terminal's own;
        a spectator's view shows no face on either side)."""
        s = self.dungeon
        if self.at_table:
            return self.table_seat or 0
        if self.computer is not None:
            return 1 - self.computer
        if s.over:
            return self.shown if self.shown is not None else 0
        return s.turn

    def spectating(self) -> bool:
        """Whether this terminal watches a shared table without a seat (before the game is
        over, a spectator sees the dice placed on the waffle but no face: ``view(state,
        None)``)."""
        return self.at_table and self.table_seat is None and not self.dungeon.over

    def my_turn(self) -> bool:
        """Whether the player at the keyboard is the one to move."""
        s = self.dungeon
        if self.at_table and self.table_seat != s.turn:
            return False
        return not s.over and self.shown == s.turn and s.turn != self.computer

    def target_cells(self) -> frozenset[int]:
        """The cells (as the side is seen) the spell being cast may pick: its move's holes
        (in a last turn, only those that leave the claimed route whole)."""
        if self.target is None:
            return frozenset()
        return frozenset(own_index(hole_index(v), self.shown or 0)
                         for c in self.target.choices if c.name == "hole" for v, _ in c.options)

    def placing(self) -> bool:
        """Whether a rolled map die waits to be placed."""
        s = self.dungeon
        return (self.my_turn() and s.phase == "resolve" and s.face is not None
                and is_map(s.face) and bool(s.empty_holes()))

    # -- drawing --------------------------------------------------------------------------

    def render_state(self, state: DungeonState) -> None:
        """Show the side of the seat at the keyboard, or hand over first. A die being picked
        for a spell is dropped when the state changes under it (undo, redo, the file)."""
        if state is not self._drawn_state:
            self._drawn_state = state
            self.target = None
        want = self.wanted_seat()
        if self.computer is None and not self.at_table and not state.over and \
                (want != self.shown or self._handing):  # a cover up stays up, retargeted
            self._blank(state)
            if not self._handing:
                self._handing = True
                self.app.push_screen(HandOver(state.players[want], self.latest_text()),
                                     self._handed)
            else:  # the state changed under the cover (the file watch): name who is to move
                retarget_cover(self.app, state.players[want], self.latest_text())
            return
        self.shown = want
        seat = want
        if self._turn_drawn != (state.turn_no, state.turn):
            self._turn_drawn = (state.turn_no, state.turn)
            self.show_other = state.over and self.show_other
            self.target = None
        seen = view(state, None if self.spectating() else seat)
        if not self.placing():
            self.side_choice, self.turns = 0, 0
        self.query_one("#waffle", DungeonWaffle).update_view(self.picture(seen, seat))
        put(self.query_one("#dg-status", Static), self.status_text(state))
        latest = self.query_one("#dg-latest", Static)
        put(latest, "\u00bb " + self.latest_text())
        latest.set_class(state.over, "-over")  # the last line names both routes: room for it
        tray = self.query_one("#dg-tray", DiceTray)
        tray.roll = hand_tray(seen, self.preview_face(seen) if self.placing() else None,
                              self.hand_source())
        tray.display = tray.roll is not None
        hand = self.query_one("#dg-hand", Static)
        said = self.hand_text(seen)
        put(hand, said)
        hand.display = bool(said.plain)  # no blank line under the tray
        hand.set_class(not tray.display, "-first")
        held = self.query_one("#dg-held", HeldLines)
        if put(held, self.held_lines(seen)):
            held.fit()
        put(self.query_one("#dg-preview", Static), self.preview_text(seen, seat))
        put(self.query_one("#dg-actions", Static), self.actions_text())
        if state.turn == self.computer and not state.over:
            worker = self._computer
            if worker is None or worker.is_finished:
                self._computer = self.computer_turn()

    def _blank(self, state: DungeonState) -> None:
        self.query_one("#waffle", DungeonWaffle).update_view(WafflePicture(
            blank=True, caption="(hidden while the keyboard changes hands)"))
        for wid in ("#dg-hand", "#dg-held", "#dg-preview", "#dg-actions"):
            put(self.query_one(wid, Static), "")
        self.query_one("#dg-tray", DiceTray).display = False
        self.query_one("#dg-hand", Static).set_class(True, "-first")
        put(self.query_one("#dg-status", Static), self.status_text(state))

    def _handed(self, _: bool | None) -> None:
        self._handing = False
        self.shown = self.wanted_seat()
        self.refresh_game()

    def latest_text(self) -> str:
        """The latest event in effect, in words."""
        history = self.session.history()
        for i in range(len(history) - 1, -1, -1):
            entry = history[i]
            if not entry.undone and entry.event.get("type") not in ("undone", "redone",
                                                                    "retitled", "note"):
                return str(entry.text)
        return ""

    def status_text(self, state: DungeonState) -> str:
        """Whose turn and what the turn waits for."""
        return self.session.rules.status(state)

    def hand_text(self, seen: DungeonState) -> Text:
        """The die in hand and what it shows (the dice tray)."""
        placing = self.preview_face(seen) if self.placing() else None
        where = hole_name(own_index(self.cursor, self.shown or 0))
        return hand_text(seen, placing, self.turns, where,
                         table_dice_words(self.session, seen.players))

    def hand_source(self) -> str:
        """``"table"`` when the die in hand was rolled (or, not rolled yet, drawn) from the
        table's dice, else ``"app"``."""
        history = self.session.history()
        for i in range(len(history) - 1, max(-1, len(history) - 40), -1):
            entry = history[i]
            if entry.undone:
                continue
            dice = entry.event.get("roll") or entry.event.get("draw")
            if isinstance(dice, dict):
                return str(dice.get("source", "app"))
        return "app"

    def held_lines(self, seen: DungeonState) -> str:
        """Both collections (public) and what they are worth."""
        return held_lines(seen)

    def preview_text(self, seen: DungeonState, seat: int) -> str:
        """The best route now, and with the die under the cursor ("End of the Game")."""
        state = self.dungeon
        if state.over:
            parts = []
            for i, card in enumerate(state.scores):
                how = "a complete route" if card.route.complete else "no complete route"
                parts.append(f"{state.players[i]} {card.total} ({how})")
            return "Scores: " + ", ".join(parts) + ".  p: the score lines"
        budget = seen.budget(seat)
        bonus = route_bonus(state, seat, [m.id for m in self.session.moves(seat)])
        now = best_route(seen.side(seat), budget, bonus, limit=PREVIEW_LIMIT)
        # Worth 5 only if claimed (the bag's end gives 3): say so.
        claim = ", C claims it" if bonus == 5 and state.claimant is None else ""
        text = f"Best route now: {_pts(now)}" + (f" (complete{claim})" if now.complete else "")
        specials = seen.faces_held(seat).count("special_item")
        if specials:  # scored beside the route ("End of the Game"), so said beside it
            text += f", +{specials} for Special Items held"
        if self.placing():
            face, ops = self.preview_face(seen)
            cells = list(seen.side(seat))
            cells[self.cursor] = (face, ops)
            then = best_route(tuple(cells), budget, bonus, limit=PREVIEW_LIMIT)
            text += f"; placed here: {_pts(then)}" + (" (complete)" if then.complete else "")
        look = seen.looks[seat]
        if look is not None and look.target == "bag":
            counts = ", ".join(f"{n} {d}" for d, n in look.bag) or "nothing"
            text += f"\nYour Look into the bag (turn {look.turn_no}): {counts}"
        elif look is not None and look.turn_no == seen.turn_no:
            text += "\nYour Look: v shows the other side as it was"
        return text

    def actions_text(self) -> Text:
        """The keys that do something now."""
        out = Text()
        s = self.dungeon
        if s.over:
            out.append("Game over. ", "bold")
            out.append(" v ", "bold reverse")
            out.append(" other side  ")
            out.append(" b ", "bold reverse")
            out.append(" route  ")
            out.append(" p ", "bold reverse")
            out.append(" score lines")
            return out
        if s.turn == self.computer:
            out.append(f"{s.player} (the computer) is playing\u2026", "italic")
            return out
        names = {"draw": "d", "roll": "r", "place": "\u21b5", "collect": "s", "keep": "s",
                 "trade": "x", "wish": "w", "catch": "g", "dream": "m", "extra_turn": "a",
                 "claim": "C", "end_turn": "e", "give_back": "s", "end_game": "e"}
        seen_cast = False
        for m in self.session.moves(s.turn):
            if m.id.startswith("cast_"):
                if not seen_cast:
                    out.append(" c ", "bold reverse")
                    out.append(" cast  ")
                    seen_cast = True
                continue
            key = names.get(m.id)
            if key is None:
                continue
            out.append(f" {key} ", "bold reverse")
            label = "place" if m.id == "place" else m.label.split(':')[0].split('(')[0].strip()
            out.append(f" {label}  ")
        if self.target is not None:
            out.append(" \u2190\u2191\u2193\u2192 ", "bold reverse")
            out.append(" move  ")
            out.append(" \u21b5 ", "bold reverse")
            out.append(" pick the die  ")
            out.append(" Esc ", "bold reverse")
            out.append(" cancel  ")
        if self.placing():
            out.append(" \u2190\u2191\u2193\u2192 ", "bold reverse")
            out.append(" move  ")
            out.append(" r/R ", "bold reverse")
            out.append(" turn  ")
            out.append(" f ", "bold reverse")
            out.append(" other side")
        return out

    # -- running moves ----------------------------------------------------------------------

    def _move(self, move_id: str) -> Move | None:
        if not self.my_turn():
            return None
        for m in self.session.moves(self.dungeon.turn):
            if m.id == move_id:
                return m
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys only when they can act."""
        moves = {"draw": ("draw", "end_game"), "set_aside": ("collect", "keep", "give_back"),
                 "trade": ("trade",), "wish": ("wish",), "catch": ("catch",),
                 "dream": ("dream",), "extra": ("extra_turn",),
                 "end_turn": ("end_turn", "end_game")}
        if action == "claim":  # offered (and shown) with a claim that would stand
            return self._move("claim") is not None
        if action == "claim_why":  # else in your turn C says why it cannot
            return self.my_turn() and self._move("claim") is None
        if action in moves:
            return any(self._move(m) is not None for m in moves[action])
        if action == "roll_or_turn":
            return self._move("roll") is not None or self.placing()
        if action in ("turn_back", "flip"):
            return self.placing()
        if action in ("enter", "cursor"):
            return self.placing() or self.target is not None
        if action == "cast":
            return self.my_turn() and any(m.id.startswith("cast_")
                                          for m in self.session.moves(self.dungeon.turn))
        if action == "scores":
            return self.dungeon.over
        if action == "other_side":  # a Look into the bag shows no side: no v for it
            if self.dungeon.over:
                return True
            look = (view(self.dungeon, self.shown).looks[self.shown]
                    if self.shown is not None and self.my_turn() else None)
            return look is not None and look.target == "waffle"
        return super().check_action(action, parameters)

    def action_draw(self) -> None:
        """Draw a die (or end the game when the bag is empty)."""
        self.run_move("draw" if self._move("draw") else "end_game")

    def action_roll_or_turn(self) -> None:
        """Roll the die in hand, or turn the die being placed a quarter clockwise."""
        if self.placing():
            self.turns = (self.turns + 1) % 4
            self.refresh_game()
        else:
            self.run_move("roll")

    def action_turn_back(self) -> None:
        """Turn the die being placed a quarter anticlockwise."""
        self.turns = (self.turns - 1) % 4
        self.refresh_game()

    def action_flip(self) -> None:
        """Face the die's other map face to you."""
        self.side_choice = 1 - self.side_choice
        self.refresh_game()

    def action_cursor(self, dx: int, dy: int) -> None:
        """Move the cursor on the waffle (left and right as you see it), over the holes it
        may not stop on to the next one it may, straight on first (:func:`cursor_step`)."""
        seat, holes = self.shown or 0, self.dungeon.holes
        if self.placing():
            open_cells = {own_index(i, seat) for i, h in enumerate(holes) if h is None}
        elif self.target is not None:
            open_cells = set(self.target_cells())
        else:
            open_cells = set()
        self.cursor = cursor_step(self.cursor, dx, dy, frozenset(open_cells), SIZE)
        self.refresh_game()

    def action_enter(self) -> None:
        """Place the die under the cursor, or pick the hole for the spell being cast."""
        seat = self.shown or 0
        hole = hole_name(own_index(self.cursor, seat))
        if self.target is not None:
            holes = [v for c in self.target.choices if c.name == "hole" for v, _ in c.options]
            if hole not in holes:  # refused: the pick stays open (Escape still cancels it)
                self.notify(f"{hole} is not one of {', '.join(holes)}: move the cursor to "
                            "one of them (Escape: cancel).", severity="warning", markup=False)
                return
            # The pick ends here, whatever the move's worker meets next (a question
            # cancelled, a refusal): the caption, action bar and footer say so now.
            move, self.target = self.target, None
            self.refresh_game()
            self.run_move(move.id, {"hole": hole})
            return
        if self.placing():
            if self.cursor not in {own_index(i, seat) for i in self.dungeon.empty_holes()}:
                self.notify(f"{hole} holds a die already: move the cursor to a free hole "
                            "(they are highlighted).", severity="warning", markup=False)
                return
            seen = view(self.dungeon, seat)
            face, _ = self.preview_face(seen)
            self.run_move("place", {"side": face, "hole": hole, "turns": str(self.turns)})

    def on_key(self, event: events.Key) -> None:
        """Escape leaves target picking before it leaves the screen."""
        if event.key == "escape" and self.target is not None:
            event.stop()
            event.prevent_default()
            self.target = None
            self.refresh_game()
            return
        super().on_key(event)

    def action_set_aside(self) -> None:
        """Set the rolled item or spell aside, keep a Special Item, or give back a map die
        that has no hole."""
        for m in ("collect", "keep", "give_back"):
            if self._move(m):
                self.run_move(m)
                return

    def action_trade(self) -> None:
        """Trade the Special Item."""
        self.run_move("trade")

    def action_wish(self) -> None:
        """Use the Wishing Ring."""
        self.run_move("wish")

    def action_catch(self) -> None:
        """Catch the wish with a Dreamcatcher."""
        self.run_move("catch")

    def action_dream(self) -> None:
        """Use a Dreamcatcher pair."""
        self.run_move("dream")

    def action_extra(self) -> None:
        """Take the extra turn."""
        self.run_move("extra_turn")

    def action_claim(self) -> None:
        """Claim a complete route; without one, say why (the game's ``why_not``), and the
        turn goes on with nothing changed ("End of the Game")."""
        if self._move("claim") is None:
            why = self.session.rules.why_not(self.dungeon, self.dungeon.turn, "claim")
            self.notify(f"No claim: {why}. Your turn goes on.", severity="warning",
                        markup=False, timeout=8)
            return
        self.run_move("claim")

    def action_claim_why(self) -> None:
        """``C`` in your turn with no claim offered: say why (:meth:`action_claim`)."""
        self.action_claim()

    def action_end_turn(self) -> None:
        """End the turn (or the game, when the bag is empty)."""
        self.run_move("end_turn" if self._move("end_turn") else "end_game")

    def action_scores(self) -> None:
        """Both score cards, line by line, with the routes' budgets; both totals first, so
        they show at 80x24 without scrolling."""
        state = self.dungeon
        text = [totals_line(state)]
        for seat, name in enumerate(state.players):
            text += ["", f"{name} ({plural(state.scores[seat].total, 'point')}):"]
            text += [f"  {line}" for line in score_lines(state, seat, state.scores[seat])]
        self.app.push_screen(ScoreLines("The score lines (End of the Game)", "\n".join(text)))

    def action_route(self) -> None:
        """Show or hide the best route, and say what was drawn, or why nothing was."""
        self.show_route = not self.route_shown()
        self.refresh_game()
        self.notify(self.route_notice(), markup=False, timeout=8)

    def action_other_side(self) -> None:
        """Show the other side (after the game, or as a Look showed it)."""
        self.show_other = not self.show_other
        self.refresh_game()

    @work(exclusive=True, group="dungeon-table-dice")
    async def action_table_dice(self) -> None:
        """Choose whose colours drawn and faces rolled are typed from real dice (a
        ``table_dice`` event: the save keeps it); the computer's are d6tui's unless its
        seat is checked."""
        computers = frozenset() if self.computer is None else frozenset({self.computer})
        if await choose_table_seats(self, self.dungeon.players, computers) is not None:
            self.refresh_game()
