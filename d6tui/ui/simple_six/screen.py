"""The Simple Six screen: a GM's campaign at the table, at 80x24 and up.

The left column is the :class:`GMTracker` (roster, or the fight in initiative order); the right
is the :class:`CharacterSheet` of the character the GM picked (``j``/``k``). Under them the dice
tray shows the latest roll die by die, the wild die marked. Each key makes one of the game's
moves (:mod:`d6tui.games.simple_six.moves`) with ``Session.play``; its questions are modals
awaited in a worker. With table dice on (``t``) every roll is typed from the real dice: the
move is first tried with stand-in dice to learn which rolls it makes and how many dice each
throws, then the GM types each one. At a shared table the GM's seat plays every key; a
player's seat sees ``view(state, seat)`` and makes no move.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Header, Static

from d6tui.engine.errors import RuleError
from d6tui.engine.session import Session
from d6tui.games.simple_six import fight_roster, table_dice
from d6tui.games.simple_six.campaign import Campaign, Member
from d6tui.games.simple_six.view import GM, character_at
from d6tui.ui.screens.game import GameScreen
from d6tui.ui.screens.modals import ChoiceModal, ConfirmModal
from d6tui.ui.screens.move_runner import ask_and_play
from d6tui.ui.simple_six import (
    care_ui,
    fight_ui,
    help_text,
    magic_menu,
    order_ui,
    perks_ui,
    record_ui,
    roster_ui,
    table_rolls,
    time_ui,
)
from d6tui.ui.simple_six.attack_box import AttackPlan
from d6tui.ui.simple_six.banner import banner_line, initiative_totals, seat_acts, tray_roll
from d6tui.ui.simple_six.guard import refusals_shown
from d6tui.ui.simple_six.held import HeldHistory, Holder
from d6tui.ui.simple_six.vehicles_view import VehiclesScreen
from d6tui.ui.simple_six.widgets import CharacterSheet, GMTracker
from d6tui.ui.widgets.dice_tray import DiceTray
from d6tui.ui.widgets.event_log import EventLogView
from d6tui.ui.widgets.fitted_footer import FittedFooter

_P = "simple_six"

#: The screen's keys that act on the game (every one but picking a character).
_ACTS = frozenset({"create", "add_npc", "edit_entry", "session", "fight", "round", "attack",
                   "group_attack", "order", "pass_turn", "wounds", "heal", "magic", "time",
                   "check", "spend", "vehicles", "use_perk", "table_mode", "export_sheet",
                   "record", "import_sheet", "moves"})

#: Keys that are tools of the tracker at one keyboard, not the game's moves: they write or
#: read files on this machine (at a shared table, the server's), so a shared table offers
#: none of them (``M`` has ``import_character``, the sheet typed as text).
_NOT_MOVES = frozenset({"export_sheet", "record", "import_sheet"})


class SimpleSixScreen(GameScreen):
    """A Simple Six campaign: roster, sheets, sessions, fights and the wild die.

    Args:
        session: a Simple Six session (the campaign's log).
    """

    CSS_PATH: ClassVar[Any] = [*GameScreen.CSS_PATH, Path(__file__).with_name("screen.tcss")]

    BINDINGS = [
        Binding("down,j", "cursor(1)", "Next", show=False, id=f"{_P}.next",
                tooltip="Pick the next character"),
        Binding("up,k", "cursor(-1)", "Previous", show=False, id=f"{_P}.previous",
                tooltip="Pick the previous character"),
        Binding("c", "create", "New PC", id=f"{_P}.create",
                tooltip="Make a player character, every rule checked as you type"),
        Binding("n", "add_npc", "Add NPC", id=f"{_P}.npc",
                tooltip="Add an NPC from a template (a number adds that many: 4 Goblins)"),
        Binding("E", "edit_entry", "Edit entry", show=False, id=f"{_P}.edit",
                tooltip="Rename the picked character, set his hero points, or take him off"
                        " the roster"),
        Binding("s", "session", "Session", id=f"{_P}.session",
                tooltip="Start a session, or end it awarding CP and hero points"),
        Binding("f", "fight", "Fight", id=f"{_P}.fight",
                tooltip="Start a fight (pick the combatants), or end the one going on"),
        Binding("r", "round", "Round", id=f"{_P}.round",
                tooltip="Declare actions and roll initiative for the next round"),
        Binding("a", "attack", "Attack", id=f"{_P}.attack",
                tooltip="The acting combatant attacks"),
        Binding("g", "group_attack", "Group attack", id=f"{_P}.group_attack",
                tooltip="The acting NPC and the rest of his group (Goblin 1, 2...) still to"
                        " act attack together, on one box"),
        Binding("o", "order", "Order", id=f"{_P}.order",
                tooltip="The fight's order: add a combatant, take one out, set an initiative"
                        " total, delay or hold the turn, take a held turn"),
        Binding("space,p", "pass_turn", "Done", id=f"{_P}.pass",
                tooltip="The acting combatant is done; the next one acts"),
        Binding("w", "wounds", "Wounds", id=f"{_P}.wounds",
                tooltip="Stamina to stay up, the Mortally Wounded roll, a flesh wound"),
        Binding("H", "heal", "Heal", id=f"{_P}.heal",
                tooltip="Natural or assisted healing, or a potion"),
        Binding("m", "magic", "Magic", id=f"{_P}.magic",
                tooltip="Cast a spell at its targets, drop or end spells, let time pass,"
                        " tools and items"),
        Binding("T", "time", "Time passes", show=False, id=f"{_P}.time",
                tooltip="Let time pass for the campaign (\"3 days\", \"2 h\", \"10 rounds\"),"
                        " at rest or not: healing, spells ending, knock-outs, the dying"),
        Binding("x", "check", "Roll", id=f"{_P}.check",
                tooltip="Roll an attribute, skill or specialization, with points"),
        Binding("v", "spend", "Spend CP", id=f"{_P}.spend",
                tooltip="Spend character points on the picked character"),
        Binding("V", "vehicles", "Vehicles", id=f"{_P}.vehicles",
                tooltip="The campaign's vehicles: add, crew, fire on, ram, chase, repair"),
        Binding("P", "use_perk", "Use perk", id=f"{_P}.perk",
                tooltip="Use a once-per-session perk of the picked character (Lucky,"
                        " Daredevil, Destiny, Favors...)"),
        Binding("t", "table_mode", "Table dice", id=f"{_P}.table",
                tooltip="Table dice: every roll typed, then the players' only (d6tui rolls"
                        " the NPCs'), then off"),
        Binding("X", "export_sheet", "Export sheet", show=False, id=f"{_P}.export",
                tooltip="Write the picked sheet as Markdown and TOML in sheets/ by the saves"),
        Binding("R", "record", "Session record", show=False, id=f"{_P}.record",
                tooltip="Write a session's record as Markdown, the GM's and the players'"
                        " (no NPC statistics), in records/ by the save"),
        Binding("I", "import_sheet", "Import sheet", show=False, id=f"{_P}.import",
                tooltip="Add a character from a sheet TOML exported by another campaign"),
        Binding("M", "moves", "Moves", show=False, id=f"{_P}.moves",
                tooltip="Every move of the game's list, its choices asked one by one (the"
                        " GM's seat at a shared table plays them all from here)"),
    ]

    #: Plays at a shared table: the GM's seat sees everything and makes the game's moves; a
    #: player's seat sees the tracker and the sheets as ``view(state, seat)`` gives them (no
    #: NPC statistics) and has no keys that act, as the game gives its seat no moves.
    AT_A_TABLE: ClassVar[bool] = True

    HELP = help_text.HELP

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        #: While the player may still add character points, the tray keeps the verdict back.
        self.hide_verdict = False
        self._holder = Holder()
        self.selected: str | None = None
        self._last_actor: str | None = None
        #: The last attack box's choices of each attacker or group (:mod:`.fight_ui`).
        self.attack_plans: dict[str, AttackPlan] = {}

    @property
    def campaign(self) -> Campaign:
        """The folded campaign."""
        return self.session.state

    def do(self, command: Callable[..., dict], *args: Any, **kwargs: Any) -> dict | None:
        """Run a command (as the game screen does), remembering the state before it so that
        the outcome can be held back while character points may be added (:mod:`.held`)."""
        self._holder.remember(self.session.state, len(self.session.events))
        return super().do(command, *args, **kwargs)

    def play(self, move_id: str, answers: dict[str, Any] | None = None) -> dict | None:
        """Make the GM's move ``move_id`` (as the game screen does), remembering the state
        before it as :meth:`do` does."""
        self._holder.remember(self.session.state, len(self.session.events))
        return super().play(move_id, answers)

    def _held(self) -> tuple[Campaign, int] | None:
        """While the verdict is held back: the state before the roll, and the log's length."""
        return self._holder.held(len(self.session.events)) if self.hide_verdict else None

    def refresh_game(self) -> None:
        """Draw everything from the state, or from the state before the roll while its
        verdict is held back (:mod:`.held`)."""
        held = self._held()
        if held is None:
            super().refresh_game()
            return
        self.title = self.session.title
        self.sub_title = self.session.rules.status(held[0])
        self.render_state(held[0])
        self._show_history()
        self.refresh_bindings()

    def _show_history(self) -> None:
        held = self._held()
        if held is None:
            super()._show_history()
            return
        for log in self.query(EventLogView):
            if log.display:
                log.show(HeldHistory(self.session.history(), held[1]))

    def notify(self, message: str, **kwargs: Any) -> None:  # type: ignore[override]
        """Show a notification, with the campaign's names for the attributes in it
        ("Renaming Attributes": the rules write their own ids)."""
        super().notify(self.campaign.settings.rename(str(message)), **kwargs)

    @property
    def table_mode(self) -> bool:
        """Some rolls are typed from table dice (kept in the log: it comes back on
        reopening; :func:`.table_dice.mode` says whose)."""
        return self.table_setting != table_dice.OFF

    @table_mode.setter
    def table_mode(self, on: bool) -> None:
        self.set_table(table_dice.ALL if on else table_dice.OFF)

    @property
    def table_setting(self) -> str:
        """``off``, ``all`` or ``players`` (:mod:`d6tui.games.simple_six.table_dice`)."""
        return table_dice.mode(self.campaign, self.session)

    def typed_for(self, who: str | None) -> bool:
        """Whether a roll thrown by ``who`` (id or name; None: the GM's) is typed."""
        return table_dice.typed_for(self.campaign, self.session, who)

    def set_table(self, new: str) -> bool:
        """Switch table dice to ``new`` (the engine's ``table_dice`` event); a switch that
        changes nothing is told in one line. Returns whether it was recorded."""
        if new == self.table_setting:
            return False
        seats, everyone = table_dice.engine_setting(new)
        return self._guard(lambda: self.session.set_table_dice(seats, everyone=everyone)) \
            is not None

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="body"):
            with Vertical(id="main"):
                yield Static(id="banner")
                with Horizontal(id="table"):
                    with VerticalScroll(id="tracker-box") as box:
                        box.border_title = "Tracker"
                        yield GMTracker(id="tracker")
                    with VerticalScroll(id="sheet-box") as box:
                        box.border_title = "Character sheet"
                        yield CharacterSheet(id="sheet")
                yield DiceTray(id="tray")
            log = EventLogView(id="log")
            log.border_title = "Log (l)"
            yield log
        yield FittedFooter()

    def on_mount(self) -> None:
        self.query_one("#log").display = self.app.size.width >= 120
        self._fit_log()
        super().on_mount()

    #: Below this width the log, the tracker and the sheet do not fit side by side.
    WIDE = 120

    def action_toggle_log(self) -> None:
        """Show or hide the log; on a narrow screen the log takes the tracker's column while
        it is open, so the sheet keeps its width (the banner still says who acts)."""
        super().action_toggle_log()
        self._log_chosen = True
        self._fit_log()

    #: The GM showed or hid the log with ``l``: a resize no longer decides it.
    _log_chosen = False

    def on_resize(self) -> None:
        if not self._log_chosen:  # wide enough, the log stands beside the tracker
            self.query_one("#log").display = self.app.size.width >= self.WIDE
        self._fit_log()

    #: From this width the tracker is drawn wide: whole names and the defense columns.
    WIDEST = 150

    def _fit_log(self) -> None:
        self.set_class(self.app.size.width >= self.WIDEST, "-wide")
        log = self.query_one("#log")
        self.query_one("#tracker-box").display = not (log.display
                                                      and self.app.size.width < self.WIDE)

    # -- drawing ----------------------------------------------------------------------------

    def render_state(self, state: Campaign) -> None:
        """Pass the campaign down and rebuild the banner and the tray."""
        ids = [m.id for m in state.members]
        actor = state.combat.actor if state.combat else None
        player = self.at_table and self.table_seat != GM
        if actor is not None and actor != self._last_actor and not player:
            self.selected = actor  # the GM follows the fight (a player keeps his own sheet)
        self._last_actor = actor
        if self.selected not in ids:
            # a player's seat at a table opens on its own character's sheet
            own = character_at(state, self.table_seat) if self.at_table else None
            self.selected = own if own in ids else ids[0] if ids else None
        tracker = self.query_one("#tracker", GMTracker)
        sheet = self.query_one("#sheet", CharacterSheet)
        tracker.npc_stats = sheet.npc_stats = not player  # a player's view has none
        tracker.initiative = initiative_totals(self)
        tracker.campaign = state
        tracker.selected = self.selected
        sheet.campaign = state
        sheet.selected = self.selected
        self.query_one("#banner", Static).update(banner_line(self, state))
        self.query_one("#tray", DiceTray).roll = tray_roll(self)


    # -- picking ----------------------------------------------------------------------------

    def picked(self) -> Member | None:
        """The character the GM picked."""
        if self.selected is None:
            return None
        try:
            return self.campaign.member(self.selected)
        except RuleError:
            return None

    def action_cursor(self, delta: int) -> None:
        """Pick the next or previous character in the tracker's order."""
        rows = self.query_one("#tracker", GMTracker).rows(self.campaign)
        if not rows:
            return
        i = rows.index(self.selected) if self.selected in rows else 0
        self.selected = rows[(i + delta) % len(rows)]
        self.refresh_game()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer only the keys that make sense now (at a shared table, only the GM's seat
        gets the keys that act: the seat's role decides, not whether it has a legal move,
        as a player's own note makes ``undo`` legal for that seat)."""
        if action in _ACTS and self.at_table and not seat_acts(self):
            return False
        if action in _NOT_MOVES and self.at_table:
            return True  # the GM's key says why it is off here (:meth:`_off_at_table`)
        c = self.campaign
        fight = c.combat
        if action in ("round",):
            return fight is not None
        if action == "time":
            return fight is None
        if action in ("attack", "pass_turn"):
            return fight is not None and fight.actor is not None
        if action == "group_attack":
            return (fight is not None and fight.actor is not None
                    and len(fight_roster.group_of(c, fight.actor)) > 1)
        if action == "order":
            return fight is not None
        if action in ("wounds", "heal", "magic", "check", "export_sheet", "use_perk",
                      "edit_entry"):
            return bool(c.members)
        if action == "spend":
            return bool(c.members) and fight is None
        if action == "fight":
            return len(c.members) >= 2
        return super().check_action(action, parameters)

    # -- rolling ----------------------------------------------------------------------------

    async def roll_move(self, move_id: str, answers: dict[str, Any], *, shape: str | None = None,
                        who: str = "", known: tuple[str, ...] = (),
                        table: dict[str, Any] | None = None) -> dict | None:
        """Make a rolling move of the game's: with d6tui's dice, or the table's typed one
        roll at a time (:func:`.table_rolls.roll_move`)."""
        return await table_rolls.roll_move(self, move_id, answers, shape=shape, who=who,
                                           known=known, table=table)

    def action_vehicles(self) -> None:
        """Open the vehicles view over the tracker."""
        self.app.push_screen(VehiclesScreen(self))

    def action_table_mode(self) -> None:
        """Table dice: off, then every roll typed, then the players' rolls only (d6tui rolls
        the NPCs'), then off (a step in the log, so the save keeps it)."""
        new = table_dice.next_mode(self.campaign, self.session)
        if not self.set_table(new):
            return
        players, on = new == table_dice.PLAYERS, new != table_dice.OFF
        self.notify("The players' rolls ask for their dice; d6tui rolls the NPCs'." if players
                    else "Every roll now asks for the dice thrown at the table." if on
                    else "d6tui rolls the dice again.", timeout=3)
        self.refresh_game()

    # -- the roster -------------------------------------------------------------------------

    @work(exclusive=True, group="simple-six")
    @refusals_shown
    async def action_create(self) -> None:
        """Make a player character with the form; every rule is checked as it is typed."""
        await roster_ui.create(self)

    @work(exclusive=True, group="simple-six")
    @refusals_shown
    async def action_edit_entry(self) -> None:
        """Edit the picked roster entry (:func:`.roster_ui.edit`)."""
        await roster_ui.edit(self)

    @work(exclusive=True, group="simple-six")
    @refusals_shown
    async def action_add_npc(self) -> None:
        """Add an NPC from a template (house templates are marked ⌂)."""
        await roster_ui.add_npc(self)

    # -- sessions ---------------------------------------------------------------------------

    @work(exclusive=True, group="simple-six")
    @refusals_shown
    async def action_session(self) -> None:
        """Start a session, or end it awarding CP and hero points to the player characters."""
        await roster_ui.session(self)

    @work(exclusive=True, group="simple-six")
    @refusals_shown
    async def action_spend(self) -> None:
        """Spend the picked character's CP ("Spending Character Points")."""
        await roster_ui.spend(self)

    # -- fights -----------------------------------------------------------------------------

    @work(exclusive=True, group="simple-six")
    @refusals_shown
    async def action_fight(self) -> None:
        """Start a fight between picked characters, or end the fight going on."""
        await fight_ui.fight(self)

    @work(exclusive=True, group="simple-six")
    @refusals_shown
    async def action_round(self) -> None:
        """Declare each combatant's actions, then roll initiative (highest acts first)."""
        await fight_ui.round_(self)

    def action_pass_turn(self) -> None:
        """The acting combatant is done."""
        self.play("pass_turn")

    @work(exclusive=True, group="simple-six")
    @refusals_shown
    async def action_attack(self) -> None:
        """The acting combatant attacks: target, weapon, defense (and range, hero points)."""
        await fight_ui.attack(self)

    @work(exclusive=True, group="simple-six")
    @refusals_shown
    async def action_group_attack(self) -> None:
        """The acting NPC's group attacks together, on one box."""
        await fight_ui.attack(self, group=True)

    @work(exclusive=True, group="simple-six")
    @refusals_shown
    async def action_order(self) -> None:
        """The fight's order: join, leave, a total set, delay, hold (:mod:`.order_ui`)."""
        await order_ui.order(self)

    @work(exclusive=True, group="simple-six")
    async def action_home(self) -> None:
        """Leave for the home screen, once the GM says so (everything is saved already).
        At a shared table the screen goes back to the lobby, the seat kept: a player's
        seat leaves at once (the GM's fight goes on without him), the GM's asks only in a
        fight."""
        fight = self.campaign.combat
        if self.at_table:
            if fight is None or not seat_acts(self):
                super().action_home()
                return
            question = (f"Leave the fight (round {fight.round}) for the lobby? Your seat is"
                        " kept and the fight waits at the table for you.")
            if await self.app.push_screen_wait(ConfirmModal(question, "Leave", "Stay")):
                super().action_home()
            return
        question = ("Leave the tracker for the home screen? The campaign is saved."
                    if fight is None else
                    f"Leave the fight (round {fight.round}) for the home screen? It is saved"
                    " and goes on when the campaign is opened again.")
        if await self.app.push_screen_wait(ConfirmModal(question, "Leave", "Stay")):
            super().action_home()

    # -- wounds, healing, magic, checks -----------------------------------------------------

    @work(exclusive=True, group="simple-six")
    @refusals_shown
    async def action_wounds(self) -> None:
        """What the picked character's wounds call for now."""
        await care_ui.wound_rolls(self)

    @work(exclusive=True, group="simple-six")
    @refusals_shown
    async def action_heal(self) -> None:
        """Heal the picked character ("Healing", "Potions")."""
        await care_ui.heal(self)

    @work(exclusive=True, group="simple-six")
    @refusals_shown
    async def action_magic(self) -> None:
        """The magic menu of the picked character (see :mod:`.magic_menu`)."""
        m = self.picked()
        if m is not None:
            await magic_menu.run(self, m)


    @work(exclusive=True, group="simple-six")
    @refusals_shown
    async def action_time(self) -> None:
        """Let time pass for the whole campaign (:mod:`.time_ui`)."""
        await time_ui.let_time_pass(self)

    @work(exclusive=True, group="simple-six")
    @refusals_shown
    async def action_check(self) -> None:
        """Roll an attribute, skill or specialization against a target; then character
        points and Destiny (:mod:`.perks_ui`)."""
        await care_ui.check(self)

    @work(exclusive=True, group="simple-six")
    @refusals_shown
    async def action_use_perk(self) -> None:
        """Use a once-per-session perk of the picked character ("General Perks")."""
        await perks_ui.use_perk(self)

    @work(exclusive=True, group="simple-six")
    @refusals_shown
    async def action_record(self) -> None:
        """Write a session's record, the GM's and the players' (:mod:`.record_ui`)."""
        if self._off_at_table("A session record"):
            return
        await record_ui.write_record(self)

    def action_export_sheet(self) -> None:
        """Write the picked sheet as Markdown (to print) and TOML (to import elsewhere)."""
        if self._off_at_table("Exporting a sheet"):
            return
        roster_ui.export_sheet(self)

    def _off_at_table(self, what: str, instead: str = "") -> bool:
        """At a shared table, say in one line why a tool of one keyboard is off (it writes
        or reads files on the server's machine) and return True; False at one keyboard."""
        if not self.at_table:
            return False
        self.notify(f"{what} is off at a shared table: it writes or reads files on the"
                    f" server's machine{instead}.", severity="warning", timeout=6, markup=False)
        return True

    @work(exclusive=True, group="simple-six")
    @refusals_shown
    async def action_moves(self) -> None:
        """Pick one of the game's moves now and make it through the move runner (its
        choices in lists, its dice from the app: :func:`.move_runner.ask_and_play`)."""
        moves = [m for m in self.session.moves() if m.id not in ("undo", "redo")]
        if not moves:
            self.notify("This seat has no move to make now.", timeout=4)
            return
        picked = await self.app.push_screen_wait(ChoiceModal(
            "Which move?", [(m.label, m.id) for m in moves]))
        move = next((m for m in moves if m.id == picked), None)
        if move is not None:
            self._holder.remember(self.session.state, len(self.session.events))
            await ask_and_play(self, move, lambda req: False)

    @work(exclusive=True, group="simple-six")
    @refusals_shown
    async def action_import_sheet(self) -> None:
        """Add a character from a sheet file another campaign exported (``X``)."""
        if self._off_at_table("Importing a sheet file", " (M's import_character takes the"
                              " sheet typed as text)"):
            return
        await roster_ui.import_sheet(self)
