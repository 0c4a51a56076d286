"""The vehicles view of the Simple Six tracker (``V``): the campaign's vehicles and their damage,
with keys to add one from a template, crew it, fire on it, ram, run a chase and repair.

Each key runs one command of :mod:`d6tui.games.simple_six.vehicle_commands` through the game
screen (so undo, the log and saving work as everywhere); with table dice on, every roll is
asked for, the 1D of the damage chart included.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from d6tui.engine.errors import DiceError, RuleError
from d6tui.games.simple_six import vehicle_commands as vc
from d6tui.games.simple_six import vehicle_stats
from d6tui.games.simple_six import vehicles as vr
from d6tui.games.simple_six.campaign import Campaign
from d6tui.games.simple_six.describe import names_in
from d6tui.games.simple_six.move_rolls import table_rolls
from d6tui.games.simple_six.rules import describe
from d6tui.games.simple_six.typed_rolls import STAND_IN
from d6tui.games.simple_six.vehicle_log import FOLDS, chase_of, vehicle_rolls
from d6tui.games.simple_six.vehicle_moves import shots
from d6tui.games.simple_six.wild import describe_roll
from d6tui.ui.screens.dice_prompt import TableDiceInput
from d6tui.ui.screens.modals import ChoiceModal, ConfirmModal, TextPrompt
from d6tui.ui.simple_six.forms import WildDiceInput
from d6tui.ui.simple_six.guard import refusals_shown
from d6tui.ui.simple_six.host import SixHost
from d6tui.ui.widgets.fitted_footer import FittedFooter
from d6tui.words import plural

_P = "simple_six.vehicles"
HOUSE = " \u2302"

HELP = """\
Vehicles ("Vehicles" to "Sample Sci-Fi Vehicles"): the campaign's vehicles stay from session to
session with their damage; everything done here is written in the campaign's log (undo with
`u` on the tracker).

- `a` adds a vehicle from a template. The SRD's sample vehicles have no numbers, so the
  shipped templates are house values, marked ⌂; write your own `[[vehicles]]` in
  `simple_six_vehicles.toml` in the d6tui config folder (same keys) to replace them by name.
- `x` removes the picked vehicle from the roster (sold, sunk, left behind), after a yes/no
  question; its chases end, and what it did stays in the log (undo brings it back).
- `c` crews the picked vehicle: a pilot from the roster (his Drive or Pilot skill is rolled)
  and others aboard, up to Crew plus Passengers.
- `f` fires on the picked vehicle: a weapon mounted on a vehicle the shooter is aboard (at
  that vehicle's scale) or a hand weapon. Several guns of one type fire as a salvo: a Command
  roll (Easy for 2, one level harder per doubling, house) and +1 pip per doubling. The
  pilot rolls Drive/Pilot plus Maneuverability in place of Dodge (10 with no pilot).
- Damage: a hit rolls damage against Body; 1D says where it lands: 1 MNV -1D (it may go
  negative, a penalty to the pilot), 2-3 a system (-1D or broken), 4-5 structure; 6, missing
  from the SRD's chart, is structural too (house ⌂). A structural hit is ONE wound, of the
  level the wound chart gives for the damage that got through (as for a character; a Wounded
  vehicle hit again climbs): a big hit can take an undamaged vehicle straight to Mortally
  Wounded (stopped) or Dead (destroyed). Its penalty falls on the pilot's rolls. The 1D
  decides where a hit lands, not its size: a big margin that lands on MNV or a system still
  costs that part one step (house reading; the SRD's chart gives no more).
- A character is aboard one vehicle at a time (crew lists leave out those aboard another);
  a destroyed vehicle takes nobody aboard, gives no chase, fires nothing and cannot be
  repaired ("Structural Damage").
- Damaged systems (house): dice lost on Armor, Shields, Plating or Hull lower Body (never
  below 1D); on Engines, a Boiler, Levitation or Repulsors lower Move (never below 0D); the
  table shows Body and Move as they stand. Other systems (sensors, radio, rigging, ...) are
  bookkeeping: the GM decides what a broken one means.
- In a fight, a combatant's shot, ram or chase turn (as the pursuer's pilot) is one of his
  actions: only in his turn, within the actions he declared, with the multiple-action and
  reflex penalties, never while full dodging. The pilot who evades rolls with his own
  penalties. Out of a fight the GM runs vehicle actions freely. Lucky, Bless and items count
  on vehicle rolls as on any roll.
- `R` rams with the picked vehicle (short range): its pilot must beat the target's; both
  take the rammer's Body plus the difference in Move, and the larger vehicle adds the scale
  difference to the damage it deals and to its Body.
- `h` starts a chase from the picked vehicle, or runs its next turn: each pilot rolls
  Drive/Pilot + MNV + Move, the faster speed category adding the difference (0D, 2D, 5D,
  10D); the higher closes or opens the range one band, as his side chose before the roll
  (the pursuer closes and the quarry opens unless you pick otherwise). Below Short is
  caught, beyond Long escaped.
- `r` repairs a damaged part: dice lost give the difficulty, cost and time ("Repairing
  Vehicles"); the repairer rolls Repair.
- `t` table dice, as on the tracker. `escape` or `V` goes back.
"""


def vehicle_table(c: Campaign, selected: str | None) -> Table:
    """The vehicles, one row each: name, scale, Body, MNV now, Move, pilot and damage."""
    t = Table(expand=True, box=None, padding=(0, 1), show_edge=False)
    for name, kw in (("", {"width": 1}), ("Vehicle", {"ratio": 3}), ("Scl", {}),
                     ("Body", {}), ("MNV", {}), ("Move", {}), ("Pilot", {"ratio": 1}),
                     ("Damage", {"ratio": 3})):
        t.add_column(name, no_wrap=name != "Damage", **kw)  # type: ignore[arg-type]
    names = names_in(c)
    for v in c.vehicles:
        mark = "\u25ba" if v.id == selected else ""
        style = "bold" if v.id == selected else ""
        mnv = str(v.maneuverability)
        t.add_row(mark, Text(v.name + (HOUSE if v.stats.house else ""), style=style),
                  f"{v.stats.scale}D",
                  Text(str(v.body), style="red" if v.body != v.stats.body else ""),
                  Text(mnv, style="red" if v.mnv_lost else ""),
                  Text(str(v.move), style="red" if v.move != v.stats.move else ""),
                  names.get(v.pilot, "-") if v.pilot else "-",
                  Text(v.damage_words(), style="red" if v.destroyed else ""))
    return t


def _lowers(system: vehicle_stats.System) -> str:
    """`` (→Body⌂)`` for a rated system whose lost dice lower a stat (house), else empty."""
    stat = vr.system_stat(system.name)
    return f" (\u2192{stat.capitalize()}{HOUSE})" if system.rating and stat else ""


def details(c: Campaign, v: vr.Vehicle) -> Text:
    """The picked vehicle's stats in a few lines: weapons, systems, crew, cargo, cost, chase."""
    s = v.stats
    names = names_in(c)
    out = Text()
    out.append(f"{v.name}", "bold")
    out.append(f"\u00a0({s.name}{HOUSE if s.house else ''}): {s.skill}, "
               f"{vehicle_stats.SPEED_CATEGORIES[s.speed][0]}, Crew {s.crew},"
               f" Psg {s.passengers}, Cargo {s.cargo or '-'}, {s.dollars}\n")
    guns = ", ".join(f"{w.name} {w.damage}" + (f" x{w.count}" if w.count > 1 else "")
                     + (f" (scale {w.scale}D)" if w.scale is not None else "")
                     for w in s.weapons)
    out.append(f"Weapons: {guns or 'none'}\n")
    systems = ", ".join(
        s_.name + (f" {s_.rating}" if s_.rating else "")
        + (" broken" if v.broken(s_.name) else f" -{v.lost(s_.name)}D" if v.lost(s_.name)
           else "")
        + _lowers(s_)
        for s_ in s.systems)
    out.append(f"Systems: {systems or 'none'}\n")
    if any(not _lowers(x) for x in s.systems):
        out.append("(systems without \u2192 are bookkeeping: no number changes)\n", "dim")
    aboard = ", ".join([*([f"{names.get(v.pilot, v.pilot)} (pilot)"] if v.pilot else []),
                        *(names.get(x, x) for x in v.crew)])
    out.append(f"Aboard: {aboard or '-'}\n")
    for ch in c.chases:
        if v.id in (ch.pursuer, ch.quarry):
            out.append(f"Chase: {names.get(ch.pursuer)} after {names.get(ch.quarry)},"
                       f" {ch.range} range\n", "italic")
    return out


def chase_moves(c: Campaign, ch: vr.Chase) -> list[tuple[str, tuple[str, str]]]:
    """The choices of a chase turn: what the pursuer and the quarry each do if they win
    ("Chases": the winner closes or opens the range "as desired"). The usual one comes first:
    the pursuer closes, the quarry opens."""
    names = names_in(c)
    p, q = names.get(ch.pursuer, ch.pursuer), names.get(ch.quarry, ch.quarry)

    def then(move: str) -> str:
        return vr.chase_step(ch.range, move)

    out = []
    for pm, qm in (("close", "open"), ("open", "open"), ("close", "close"), ("open", "close")):
        out.append((f"{p} would {pm} ({then(pm)}), {q} would {qm} ({then(qm)})", (pm, qm)))
    return out


class VehiclesScreen(Screen):
    """The vehicles of a Simple Six campaign, over the tracker.

    Args:
        game: the Simple Six screen whose session and table-dice setting it uses.
    """

    CSS: ClassVar[str] = """
    VehiclesScreen #vbanner { height: 1; padding: 0 1; background: $primary-background; }
    VehiclesScreen #vtable { height: auto; max-height: 12; }
    VehiclesScreen #vbox { height: 1fr; padding: 0 1; }
    VehiclesScreen #vlast { height: auto; max-height: 4; padding: 0 1;
                            border-top: hkey $panel; }
    """

    HELP = HELP

    BINDINGS = [
        Binding("down,j", "cursor(1)", "Next", show=False, id=f"{_P}.next",
                tooltip="Pick the next vehicle"),
        Binding("up,k", "cursor(-1)", "Previous", show=False, id=f"{_P}.previous",
                tooltip="Pick the previous vehicle"),
        Binding("a", "add", "Add", id=f"{_P}.add", tooltip="Add a vehicle from a template"),
        Binding("c", "crew", "Crew", id=f"{_P}.crew",
                tooltip="Put a pilot and others aboard the picked vehicle"),
        Binding("f", "fire", "Fire on", id=f"{_P}.fire",
                tooltip="Attack the picked vehicle (a vehicle's guns, a salvo, a hand weapon)"),
        Binding("R", "ram", "Ram", id=f"{_P}.ram",
                tooltip="The picked vehicle rams another at short range"),
        Binding("h", "chase", "Chase", id=f"{_P}.chase",
                tooltip="Start a chase, run its next turn, or end it"),
        Binding("r", "repair", "Repair", id=f"{_P}.repair",
                tooltip="Repair a damaged part of the picked vehicle"),
        Binding("x", "remove", "Remove", id=f"{_P}.remove",
                tooltip="Take the picked vehicle off the roster (asks first; its log stays)"),
        Binding("t", "table_mode", "Table dice", show=False, id=f"{_P}.table",
                tooltip="Type every roll from real dice (or let d6tui roll)"),
        Binding("escape,V", "back", "Back", id=f"{_P}.back",
                tooltip="Back to the tracker"),
    ]

    def __init__(self, game: SixHost) -> None:
        super().__init__()
        self.game = game
        self.selected: str | None = None
        self.title = "Simple Six: vehicles"

    @property
    def campaign(self) -> Campaign:
        """The folded campaign."""
        return self.game.campaign

    def compose(self) -> ComposeResult:
        yield Static(id="vbanner")
        with VerticalScroll(id="vbox"):
            yield Static(id="vtable")
            yield Static(id="vdetails")
        yield Static(id="vlast")
        yield FittedFooter()

    def on_mount(self) -> None:
        self.redraw()

    # -- drawing ----------------------------------------------------------------------------

    def picked(self) -> vr.Vehicle | None:
        """The vehicle the GM picked."""
        for v in self.campaign.vehicles:
            if v.id == self.selected:
                return v
        return None

    def redraw(self) -> None:
        """Draw the table, the picked vehicle and the latest vehicle event from the state."""
        c = self.campaign
        ids = [v.id for v in c.vehicles]
        if self.selected not in ids:
            self.selected = ids[0] if ids else None
        banner = Text()
        if self.game.table_mode:
            banner.append("[table dice] ", "italic")
        if not ids:
            banner.append("No vehicles yet: ", "bold")
            banner.append("a adds one from a template.")
        else:
            banner.append(f"{plural(len(ids), 'vehicle')}. ", "bold")
            banner.append("a add, c crew, f fire, R ram, h chase, r repair, x remove.")
        self.query_one("#vbanner", Static).update(banner)
        self.query_one("#vtable", Static).update(vehicle_table(c, self.selected))
        v = self.picked()
        self.query_one("#vdetails", Static).update(details(c, v) if v else "")
        self.query_one("#vlast", Static).update(self.last_event())

    def last_event(self) -> Text:
        """The latest vehicle event in words, with its first roll die by die."""
        session = self.game.session
        for i in range(len(session.events) - 1, -1, -1):
            ev = session.events[i]
            if ev.get("type") not in FOLDS or session.history_entry(i).undone:
                continue
            out = Text(describe(ev, names_in(self.campaign)))
            rolls = [r for _k, r in vehicle_rolls(ev) if "wild" in r]
            if rolls:
                out.append("\n" + describe_roll(rolls[0]), "dim")
            return out
        return Text("No vehicle action yet.", "dim")

    def action_cursor(self, delta: int) -> None:
        """Pick the next or previous vehicle."""
        ids = [v.id for v in self.campaign.vehicles]
        if not ids:
            return
        i = ids.index(self.selected) if self.selected in ids else 0
        self.selected = ids[(i + delta) % len(ids)]
        self.redraw()

    def action_back(self) -> None:
        """Back to the tracker."""
        self.app.pop_screen()

    def action_table_mode(self) -> None:
        """Switch table dice on or off (the tracker's setting)."""
        self.game.action_table_mode()
        self.redraw()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer only the keys that make sense now."""
        c = self.campaign
        if action in ("crew", "fire", "repair", "chase", "ram", "remove"):
            return self.picked() is not None and (action != "crew" or bool(c.members))
        return True

    # -- running commands -------------------------------------------------------------------

    async def run(self, move_id: str, answers: dict[str, Any], *, rolls: bool = True
                  ) -> dict | None:
        """Make the vehicle move ``move_id`` of the game's moves (:mod:`d6tui.games.
        simple_six.vehicle_moves`) through the game screen: with d6tui's dice, or, when
        table dice are on, asking for every roll first (a dry run with stand-in dice finds
        the next roll), handed to the move as its ``rolls``."""
        game = self.game
        if not rolls or not game.table_mode:
            out = game.play(move_id, answers)
        else:
            try:
                move = game.session.find_move(move_id)
            except RuleError as e:
                self.notify(str(e), title="Not allowed", severity="error", timeout=6)
                return None
            got: dict[str, Any] = {}
            while True:
                try:
                    payload = move.run(self.campaign, STAND_IN, **answers,
                                       rolls=table_rolls({"typed": got}))
                except (RuleError, DiceError) as e:
                    self.notify(str(e), title="Not allowed", severity="error", timeout=6)
                    return None
                need = [(k, r) for k, r in vehicle_rolls(payload) if k not in got]
                if not need:
                    break
                key, roll = need[0]
                label = roll.get("label", key)
                if "wild" in roll:
                    typed = await self.app.push_screen_wait(WildDiceInput(label, roll))
                    if typed is None:
                        return None
                    got[key] = (typed[0], typed[1])
                else:
                    plain = await self.app.push_screen_wait(
                        TableDiceInput(f"Throw 1D: {label}", 1))
                    if plain is None:
                        return None
                    got[key] = plain["faces"]
            out = game.play(move_id, {**answers, "rolls": table_rolls({"typed": got})})
        self.redraw()
        return out

    async def choose(self, title: str, options: list[tuple[str, Any]], **kw: Any) -> Any:
        """Ask one choice (None when cancelled)."""
        if not options:
            self.notify(f"{title}: nothing to choose from", severity="warning")
            return None
        return await self.app.push_screen_wait(ChoiceModal(title, options, **kw))

    def others(self, v: vr.Vehicle) -> list[tuple[str, str]]:
        """The other vehicles as choices."""
        return [(f"{o.name} ({o.stats.name})", o.id) for o in self.campaign.vehicles
                if o.id != v.id and not o.destroyed]

    # -- the keys ---------------------------------------------------------------------------

    @work(exclusive=True, group="simple-six-vehicles")
    @refusals_shown
    async def action_add(self) -> None:
        """Add a vehicle from a template (house templates are marked ⌂)."""
        try:
            c = self.campaign
            found = list(c.content.vehicles) if c.content is not None else vehicle_stats.templates()
        except (RuleError, DiceError, OSError, ValueError) as e:
            self.notify(f"The vehicle templates do not read: {e}", severity="error")
            return
        options = [(f"{t.name}{HOUSE if t.house else ''}  scale {t.scale}D, Body {t.body},"
                    f" {t.dollars}  {t.notes}", t) for t in found]
        stats = await self.choose("Which vehicle? (\u2302 = house numbers: the SRD gives none)",
                                  options)
        if stats is None:
            return
        taken = {v.name.lower() for v in self.campaign.vehicles}
        default = stats.name
        n = 2
        while default.lower() in taken:
            default, n = f"{stats.name} {n}", n + 1
        name = await self.app.push_screen_wait(TextPrompt(f"Name of the {stats.name}", default))
        if name is None:
            return
        event = await self.run("add_vehicle", {"template": stats.name, "name": name},
                               rolls=False)
        if event:
            self.selected = event["id"]
            self.redraw()

    @work(exclusive=True, group="simple-six-vehicles")
    @refusals_shown
    async def action_crew(self) -> None:
        """Pick the pilot and the others aboard."""
        v = self.picked()
        if v is None:
            return
        if v.destroyed and v.pilot is None and not v.crew:
            self.notify(f"{v.name} is destroyed: nobody can crew it (Structural Damage)",
                        timeout=5)
            return
        members = []
        for m in self.campaign.members:
            other = vc.aboard(self.campaign, m.id)
            if other is None or other.id == v.id:
                members.append((m.sheet.name, m.id))
        if v.destroyed:  # only taking everyone off is left
            members = []
        title = f"Who pilots {v.name}? ({v.stats.skill})"
        if len(members) < len(self.campaign.members) and not v.destroyed:
            title += "; those aboard another vehicle are not listed"
        pilot = await self.choose(title, [("nobody", ""), *members])
        if pilot is None:
            return
        rest = [(n, i) for n, i in members if i != pilot]
        aboard: list[str] = []
        if rest and v.stats.crew + v.stats.passengers > (1 if pilot else 0):
            picked = await self.choose(f"Who else is aboard {v.name}?", rest, multiple=True,
                                       minimum=0)
            if picked is None:
                return
            aboard = list(picked)
        await self.run("crew_vehicle", {"vehicle": v.id, "aboard": aboard,
                                        **({"pilot": pilot} if pilot else {})}, rolls=False)

    @work(exclusive=True, group="simple-six-vehicles")
    @refusals_shown
    async def action_fire(self) -> None:
        """Someone fires on the picked vehicle."""
        target = self.picked()
        if target is None:
            return
        c = self.campaign
        options = [(label, {"shot": value, "count": n})
                   for value, label, n in shots(c, target.id)]
        if not options:
            self.notify(f"Nobody can fire on {target.name}: no one is aboard another vehicle"
                        " with a gun, and no one on the roster carries a ranged hand weapon.",
                        timeout=6)
            return
        shot = await self.choose(f"Who fires on {target.name}?", options)
        if shot is None:
            return
        guns = 1
        if shot.get("count", 1) > 1:
            counts = sorted({1, *[2 ** k for k in range(1, 6) if 2 ** k <= shot["count"]],
                             shot["count"]})
            guns = await self.choose(
                "How many guns in one salvo? (Command roll; +1 pip per doubling)",
                [(f"{n} gun{'s' if n > 1 else ''}", n) for n in counts])
            if guns is None:
                return
        rng = await self.choose("Range", [("short", "short"), ("medium (+5)", "medium"),
                                          ("long (+10)", "long"),
                                          ("point blank (-5)", "point_blank")])
        if rng is None:
            return
        await self.run("fire_on_vehicle", {"target": target.id, "shot": shot["shot"],
                                           "range": rng, "guns": str(guns)})

    @work(exclusive=True, group="simple-six-vehicles")
    @refusals_shown
    async def action_ram(self) -> None:
        """The picked vehicle rams another."""
        v = self.picked()
        if v is None:
            return
        target = await self.choose(f"{v.name} rams which vehicle? (short range)",
                                   self.others(v))
        if target is None:
            return
        await self.run("ram", {"vehicle": v.id, "target": target})

    @work(exclusive=True, group="simple-six-vehicles")
    @refusals_shown
    async def action_chase(self) -> None:
        """Start a chase from the picked vehicle, or run its next turn, or end it."""
        v = self.picked()
        if v is None:
            return
        c = self.campaign
        mine = [ch for ch in c.chases if v.id in (ch.pursuer, ch.quarry)]
        names = names_in(c)
        options: list[tuple[str, Any]] = []
        for one in mine:
            pair = f"{names.get(one.pursuer)} after {names.get(one.quarry)}, {one.range}"
            options.append((f"Next turn: {pair}", ("turn", one)))
            options.append((f"End the chase: {pair}", ("end", one)))
        options.append((f"{v.name} gives chase to another vehicle", ("start", None)))
        what = await self.choose("Chase", options) if mine else ("start", None)
        if what is None:
            return
        kind, ch = what
        if kind == "turn" and ch is not None:
            moves = await self.choose(
                "What does the winner of this turn do? (decided before the roll)",
                chase_moves(c, ch))
            if moves is None:
                return
            await self.run("chase_turn", {"chase": f"{ch.pursuer}>{ch.quarry}",
                                          "pursuer_move": moves[0], "quarry_move": moves[1]})
            return
        if kind == "end" and ch is not None:
            await self.run("end_chase", {"chase": f"{ch.pursuer}>{ch.quarry}"}, rolls=False)
            return
        quarry = await self.choose(f"{v.name} chases which vehicle?",
                                   [o for o in self.others(v) if chase_of(c, v.id, o[1]) is None])
        if quarry is None:
            return
        rng = await self.choose("Starting range", [(r, r) for r in vr.RANGES])
        if rng is None:
            return
        await self.run("start_chase", {"pursuer": v.id, "quarry": quarry, "range": rng},
                       rolls=False)

    @work(exclusive=True, group="simple-six-vehicles")
    @refusals_shown
    async def action_remove(self) -> None:
        """Take the picked vehicle off the roster, after asking."""
        v = self.picked()
        if v is None:
            return
        chased = " Its chase ends." if any(v.id in (ch.pursuer, ch.quarry)
                                           for ch in self.campaign.chases) else ""
        sure = await self.app.push_screen_wait(ConfirmModal(
            f"Remove {v.name} ({v.stats.name}, {v.damage_words()}) from the roster? What it"
            f" did stays in the log; undo (u on the tracker) brings it back.{chased}",
            yes="Remove"))
        if not sure:
            return
        await self.run("remove_vehicle", {"vehicle": v.id}, rolls=False)

    @work(exclusive=True, group="simple-six-vehicles")
    @refusals_shown
    async def action_repair(self) -> None:
        """Repair one damaged part of the picked vehicle."""
        v = self.picked()
        if v is None:
            return
        jobs = []
        for part in vr.damaged_parts(v):
            job = vr.repair_job(v, part)
            jobs.append((f"{part}: {job.dice}D lost, {job.difficulty} ({job.tn}),"
                         f" {job.percent}% of {v.stats.dollars}, {job.time}", part))
        if not jobs:
            self.notify(f"{v.name} is destroyed: there is nothing left to repair (Structural"
                        " Damage)" if v.destroyed else f"{v.name} has nothing to repair",
                        timeout=5)
            return
        part = await self.choose(f"Repair which part of {v.name}?", jobs)
        if part is None:
            return
        who = await self.choose("Who repairs it? (Repair)",
                                [(m.sheet.name, m.id) for m in self.campaign.members])
        if who is None:
            return
        await self.run("repair_vehicle", {"vehicle": v.id, "who": who, "part": part})
