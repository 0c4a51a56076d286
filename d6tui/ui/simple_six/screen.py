"""The Simple Six screen: a GM's campaign at the table, at 80x24 and up.

The left column is the :class:`GMTracker` (roster, or the fight in initiative order); the right
is the :class:`CharacterSheet` of the character the GM picked (``j``/``k``). Under them the dice
tray shows the latest roll die by die, the wild die marked. Each key runs one command of
:mod:`d6tui.games.simple_six.campaign`; its questions are modals awaited in a worker. With table
dice on (``t``) every roll is typed from the real dice: the command is first tried with stand-in
dice to learn which rolls it makes and how many dice each throws, then the GM types each one.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Header, Static

from d6tui.engine.dice import Dice
from d6tui.engine.errors import DiceError, RuleError
from d6tui.engine.session import Session
from d6tui.games.simple_six import (
    advancement,
    campaign,
    helpless,
    reflexes,
    table_dice,
    wounds,
)
from d6tui.games.simple_six.campaign import Campaign, Member, add_from_template
from d6tui.games.simple_six.codes import DieCode
from d6tui.games.simple_six.content import content
from d6tui.games.simple_six.creation import NAME_MAX
from d6tui.games.simple_six.describe import names_in
from d6tui.games.simple_six.record import ROLL_KEYS, main_roll, rolls_of, spell_targets
from d6tui.games.simple_six.rules import describe
from d6tui.games.simple_six.sheet import Character, can_use_magic, melee_skills
from d6tui.games.simple_six.templates import Template, next_name, templates
from d6tui.games.simple_six.wild import describe_roll
from d6tui.ui.screens.game import GameScreen
from d6tui.ui.simple_six.guard import refusals_shown
from d6tui.ui.simple_six.held import HeldHistory, Holder
from d6tui.ui.simple_six.widgets import CharacterSheet, GMTracker
from d6tui.ui.widgets.dice_tray import DiceTray, TrayDie, TrayRoll
from d6tui.ui.widgets.event_log import EventLogView

_P = "simple_six"

#: The mark of a house value (DESIGN "Content data").
HOUSE = " \u2302"

#: Weapons whose skill is named differently from the weapon, by skill list spelling.
WEAPON_SKILLS: dict[str, tuple[str, ...]] = {
    "Sword, 2h": ("Sword", "Melee Weapons", "Melee"),
    "Rapier": ("Sword", "Melee Weapons", "Melee"),
    "Hatchet": ("Axe", "Axe/Mace", "Melee Weapons", "Melee"),
    "Axe": ("Axe", "Axe/Mace", "Melee Weapons", "Melee"),
    "Mace": ("Mace", "Axe/Mace", "Melee Weapons", "Melee"),
    "Club": ("Mace", "Axe/Mace", "Melee Weapons", "Melee"),
    "Warhammer": ("Mace", "Axe/Mace", "Melee Weapons", "Melee"),
    "Halberd": ("Pole Arm", "Melee Weapons", "Melee"),
    "Spear": ("Pole Arm", "Melee Weapons", "Melee"),
    "Staff": ("Pole Arm", "Melee Weapons", "Melee"),
    "Light Pistol": ("Pistol",),
    "Heavy Pistol": ("Pistol",),
    "Plasma Pistol": ("Pistol",),
    "Shotgun": ("Rifle",),
    "Plasma Rifle": ("Rifle",),
    "Plasma BFG": ("BFG",),
    "Plasma Sword": ("Plasma Sword", "Melee"),
}


def attack_skill(sheet: Character, weapon: str | None, c: Campaign) -> str:
    """The skill an attack with ``weapon`` uses in this campaign (bare hands: Brawling)."""
    lst = c.settings.skills
    if weapon is None:
        return "Brawling"
    for name in (weapon, *WEAPON_SKILLS.get(weapon, ())):
        canon = lst.canonical(name)
        if canon is not None:
            return canon
    if campaign.weapon_is_ranged(weapon):
        return lst.canonical("Throwing") or "Brawling"
    names = melee_skills(c.settings) or ["Brawling"]
    return max(names, key=lambda n: sheet.skill(n, c.settings))


def _most_actions(c: Campaign, who: str) -> int:
    """The most actions ``who`` may declare: as many as leave his best code 1D ("Multiple
    Actions": -1D on every roll for each action past the first)."""
    sheet = c.member(who).sheet
    codes = [code for _a, code in sheet.attributes]
    for e in sheet.skills:
        try:
            codes.append(sheet.skill(e.name, c.settings))
        except RuleError:
            continue
    return max([1, *(code.dice for code in codes)])


class _StandInDice(Dice):
    """Dice that always show 3 (never a 6): a dry run learns which rolls a command makes."""

    def __init__(self) -> None:
        super().__init__(0)

    def roll(self, count: int, sides: int = 6) -> dict:
        return {"dice": f"{count}d{sides}", "faces": [3] * count, "source": "app"}


_STAND_IN = _StandInDice()

_ROLL_KEYS = ROLL_KEYS

#: Events with no dice the tray still tells when they are the latest step.
_TRAY_WORDS = frozenset({"healed", "cp_spent", "flesh_wound_taken", "perk_used", "rested",
                         "time_passed", "concentration_dropped", "effect_ended",
                         "halfway_taken"})


#: Plain dice (no wild die) some commands roll after the wild-die rolls: the payload key, the
#: command's argument for faces typed from the table, and what to ask.
_PLAIN_DICE = (
    ("knockout", "knockout_faces",
     "{who} is knocked out: throw {count}D for the minutes (Wound Level Effects)"),
    ("recovered", "recovery_faces",
     "{who} recovers Body Points: throw {count}D (Body Points, Natural Healing)"),
)


def _typed_kwargs(shape: str, got: dict[str, tuple]) -> dict:
    if not got:
        return {}
    if shape == "map":
        return {"typed": {k: (v[0], v[1]) for k, v in got.items()}}
    if shape == "full":
        return {"typed": dict(got)}
    if shape == "body":
        faces, wild, _ = got["body_roll"]
        return {"body_typed": (faces, wild)}
    faces, wild, cps = got["roll"]
    if shape == "three":
        return {"typed": (faces, wild, cps)}
    return {"typed": (faces, wild)}


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
                tooltip="Add an NPC from a template"),
        Binding("s", "session", "Session", id=f"{_P}.session",
                tooltip="Start a session, or end it awarding CP and hero points"),
        Binding("f", "fight", "Fight", id=f"{_P}.fight",
                tooltip="Start a fight (pick the combatants), or end the one going on"),
        Binding("r", "round", "Round", id=f"{_P}.round",
                tooltip="Declare actions and roll initiative for the next round"),
        Binding("a", "attack", "Attack", id=f"{_P}.attack",
                tooltip="The acting combatant attacks"),
        Binding("space,p", "pass_turn", "Done", id=f"{_P}.pass",
                tooltip="The acting combatant is done; the next one acts"),
        Binding("w", "wounds", "Wounds", id=f"{_P}.wounds",
                tooltip="Stamina to stay up, the Mortally Wounded roll, a flesh wound"),
        Binding("H", "heal", "Heal", id=f"{_P}.heal",
                tooltip="Natural or assisted healing, or a potion"),
        Binding("m", "magic", "Magic", id=f"{_P}.magic",
                tooltip="Cast a spell at its targets, drop or end spells, let time pass,"
                        " tools and items"),
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
                tooltip="Type every roll from real dice (or let d6tui roll)"),
        Binding("X", "export_sheet", "Export sheet", show=False, id=f"{_P}.export",
                tooltip="Write the picked sheet as Markdown and TOML in sheets/ by the saves"),
        Binding("I", "import_sheet", "Import sheet", show=False, id=f"{_P}.import",
                tooltip="Add a character from a sheet TOML exported by another campaign"),
    ]

    HELP = """\
Simple Six for a game master: the whole campaign is one save. Characters and NPCs stay from
session to session; each session, fight, round, roll, wound and award is written in the log.
Sections of the SRD are named in quotes.

## The screen

- **Tracker** (left): the roster, or during a fight the combatants in initiative order,
  highest first, with the total rolled. ► marks who acts, ✓ who has acted, `x2` a combatant
  who declared two actions ("Multiple Actions": -1D on every roll for each extra action).
  P is a player character, N an NPC. The last column is the wound level and its penalty.
- **Character sheet** (right): the picked character (`j`/`k` or arrows), as on paper:
  attributes with their skills under them, specializations, perks, complications, gear with
  damage codes, Block, Dodge, Parry, Soak with armor in brackets, Move (or Body Points),
  wounds, hero points and character points.
- **Dice tray** (bottom): the latest roll; the wild die is marked, and the line says the
  total, the target number and the margin.

## Building the party ("How to Make a Character")

`c` opens the character form. Attributes share the campaign's attribute dice; skills are
written as the dice added on top of their attribute ("Sword 2D"); a die spent on a
specialization buys three ("Skill Specializations"); perks cost skill dice; at most two
complications. Every broken rule is listed as you type, with its section; the character is
added only when nothing is wrong. `n` adds an NPC from a template: the SRD gives stock NPCs no
numbers, so the shipped templates are house values, marked ⌂. Write your own in
`simple_six_npcs.toml` in the d6tui config folder.

## Sessions and fights

`s` starts a session; pressed again it ends it, asking the CP and hero points each player
character earned ("Experience"). `f` starts a fight between the characters you pick. `r`
declares actions and rolls initiative (Agility, "Order of Actions in a Round"). The acting
combatant attacks with `a`: pick the target, the weapon and the defense. Fast Static Combat
uses the target's Dodge, Block or Parry ("Static Defenses"), plus range; Traditional rolls
the defense, or uses 10 ("Combat"). Damage beats Soak (or a Might roll plus armor) and the
wound chart does the rest ("Wound Level Chart", "Wound Level Effects"). `space` ends the turn.

A defense not declared with the round's actions (Traditional) leaves -1D on every roll the
defender makes until his next turn, shown `r-1D` on his tracker row and named in each roll
("Defensive Options"). A full dodge (`FD`) meets every attack until the dodger's next turn,
rolled once in Traditional; the dodger cannot attack or cast meanwhile. A reflex penalty or
full dodge taken before the defender's own turn in a round also covers that turn (d6tui's
reading). A helpless target (knocked out, Mortally Wounded, not yet rolled to stay up, held
by a spell) makes
no defense and none is asked: the attack meets Very Easy (5) plus range and cover, a d6tui
decision where the SRD is silent. A declared defense is one of the defender's declared
actions (refused once they are spent). A target with hero points is asked for them: +6 each
to Damage Resistance under Body Points, else on his defense or resist roll. A bare-handed
blow parried with a weapon takes the weapon's damage.

`w` on the picked character makes the Stamina roll to stay up when Incapacitated, the Might
roll of the Mortally Wounded (both open to Destiny and character points), or spends a hero
point for "just a flesh wound". A knockout ends after its 10D minutes (time let pass, or
fight rounds at six a minute). The unconscious treat and repair no one. `H` heals
("Healing", "Potions"). `m` is magic ("The Grimoire"): cast a known spell (it asks for
the targets; a resisted spell rolls each target's attribute and adds it to the TN), read a
scroll, throw a held Lightning Bolt (this round with an action more, or the next), drop a
spell kept up, end a spell, let time pass (at rest, an hour clears the -1D of each failed
cast), and tools and items. Spells on a character show on the sheet and as a letter on the
tracker (B Bless, H Hasten, Z Slumber, c a spell kept up, which counts as an action);
a caster with hero points is asked how many go on the cast or the throw. Bless (+2 to the
total of every roll, named in the dice tray), Charm, Invisibility, Hasten, Growth, Resist
Elements, Potions and enchanted items change the rolls by themselves. Spells lasting rounds
run out as rounds start and end with the fight; hours when time is let pass; a found
Sorcerer's Tool works after three days.
A cast (known, Heal or scroll) is made in the caster's own turn, carries his reflex
penalty and not while he full dodges; Heal counts the day's Heals on the patient itself and
takes the Wand and Staff; a caster knocked out or killed drops the spells he kept up; the
thrown bolt meets the target's defense as any attack; Still Mind keeps out ESP, Illusions
and Possession.
`x` rolls anything on the sheet against a target, with hero points (+6 each, or doubling);
character points come after (below).
`v` spends CP: a skill pip costs its dice, a specialization half, an attribute ten times
("Spending Character Points"). `X` writes the picked sheet as Markdown (to print) and TOML
beside the save; `I` imports such a TOML sheet into this campaign.

## Campaigns that change the attributes ("Optional Rules")

The new-campaign form sets them. "Renaming Attributes": four names for Might, Agility, Wit
and Charm in that order (`Power, Grace, Reason, Poise`); the rules keep their roles (the
first still resists damage) and every screen, sheet and record shows the new names. "Expanded
Number of Attributes": added attributes (`Perception, Courage`) bring 3D more attribute dice
each unless the GM types the total; skill defaults move skills to them, written
`Perception: Search, Tracking; Courage: Command`. "No Attributes": every skill starts at 2D,
16D to spend, 4D at most in one; d6tui adds a Toughness skill that does Might's work (Soak,
Body Points, damage, Might rolls) and lets Dodge do Agility's (initiative). "Independent
Skills": the sheet lists each skill's own dice; `x` asks which attribute joins the skill for
this roll; attacks and defenses add the skill's usual attribute (Might + Sword); raising a
skill costs twice its own dice, 2 CP at the least. NPC templates fit these campaigns: an added
attribute copies the attribute its skills came from; with no attributes each skill keeps its
whole code.
"Quasi Skills" (paranormal abilities, `Spiritual, Etheric`) are bought with the attribute
dice in the character form, 0D allowed; `v` raises them a pip for their dice in CP, and the
first die of one begun at 0D costs the campaign's price (10 or 20 CP, "Adding Paranormal
Abilities"); `x` rolls those above 0D.
"Paranormal Attributes with Skills": added attributes named in the form's Paranormal field
may be 0D at creation and bring no extra attribute dice; while one is 0D its skills cannot
be bought, raised or rolled; its first die later costs the same first-die price (`v`).

## Vehicles

`V` opens the vehicles view ("Vehicles"): the campaign's vehicles with their damage, kept from
session to session. Add one from a template (the SRD's sample vehicles, with house numbers
marked ⌂), crew it from the roster, fire on it (the pilot's Drive/Pilot plus Maneuverability
replaces Dodge; Body resists; 1D says where the damage lands), ram, run chases and repair.
Its own `?` lists its keys and the choices d6tui makes where the SRD is silent.

## Perks and what follows a roll

`P` lists the picked character's once-per-session perks ("General Perks"); each can be used
once a session, counted from `s` (outside a session they wait for one). Lucky doubles the
character's next roll of any kind; Daredevil, in a fight, halves his Dodge, Block and Parry
and doubles his Might against damage until the end of the round; Favors, Perceptive and the
like are marked used with your note (Perceptive that reveals nothing is not spent). `x` asks
whether a roll is about looks when Attractive can double it. When the campaign lets
character points buy wild dice, the player sees the total of an `x` check, a spell or an
attack first and may add CP as extra wild dice before the verdict (never on a roll with hero
points, and no more than the campaign's limit per roll): while the question is open the
screen shows nothing of the outcome (no TN; tracker, sheet and log as before the roll), and
cancelling the dice the points call for goes back to the question. After a failed check, spell or
attack, Destiny offers a reroll; the new roll counts and both stay in the log (a miss made a
hit rolls its damage then). With "Halfway There" on, `x` offers the
automatic success when the dice are at least half the TN. The Dwarf adds +2 to Smithing,
Crafts and Repair ("Racial Perks"); a Robot is not healed but repaired: `H` asks who works
on him, with which skill and against which TN.

## Table dice

`t` switches table dice on: each roll asks for the faces you threw, ordinary dice first,
then the wild die and each reroll of a 6 (`3 5 2 w 6 4`). d6tui says how many dice to throw
after penalties. Typed rolls are saved as table dice; so is the switch itself, so the campaign
reopens the way the table plays. In a list of ten or more, type both digits (`1 2`) or one
and Enter.

Undo (`u`) keeps the undone step in the log, struck through. `d6tui export FILE --format
markdown` writes the campaign as a readable record.
"""

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        #: While the player may still add character points, the tray keeps the verdict back.
        self.hide_verdict = False
        self._holder = Holder()
        self.selected: str | None = None
        self._last_actor: str | None = None

    @property
    def campaign(self) -> Campaign:
        """The folded campaign."""
        return self.session.state

    def do(self, command: Callable[..., dict], *args: Any, **kwargs: Any) -> dict | None:
        """Run a command (as the game screen does), remembering the state before it so that
        the outcome can be held back while character points may be added (:mod:`.held`)."""
        self._holder.remember(self.session.state, len(self.session.events))
        return super().do(command, *args, **kwargs)

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
        """Every roll is typed from table dice (kept in the log: it comes back on reopening)."""
        return self.campaign.table_dice

    @table_mode.setter
    def table_mode(self, on: bool) -> None:
        if on != self.campaign.table_dice:
            self.do(table_dice.set_table_dice, on)

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
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#log").display = self.app.size.width >= 120
        super().on_mount()

    #: Below this width the log, the tracker and the sheet do not fit side by side.
    WIDE = 120

    def action_toggle_log(self) -> None:
        """Show or hide the log; on a narrow screen the log takes the tracker's column while
        it is open, so the sheet keeps its width (the banner still says who acts)."""
        super().action_toggle_log()
        self._fit_log()

    def on_resize(self) -> None:
        self._fit_log()

    def _fit_log(self) -> None:
        log = self.query_one("#log")
        self.query_one("#tracker-box").display = not (log.display
                                                      and self.app.size.width < self.WIDE)

    # -- drawing ----------------------------------------------------------------------------

    def render_state(self, state: Campaign) -> None:
        """Pass the campaign down and rebuild the banner and the tray."""
        ids = [m.id for m in state.members]
        actor = state.combat.actor if state.combat else None
        if actor is not None and actor != self._last_actor:
            self.selected = actor  # the GM follows the fight
        self._last_actor = actor
        if self.selected not in ids:
            self.selected = ids[0] if ids else None
        tracker = self.query_one("#tracker", GMTracker)
        tracker.initiative = self.initiative_totals()
        tracker.campaign = state
        tracker.selected = self.selected
        sheet = self.query_one("#sheet", CharacterSheet)
        sheet.campaign = state
        sheet.selected = self.selected
        self.query_one("#banner", Static).update(self.banner(state))
        self.query_one("#tray", DiceTray).roll = self.tray_roll()

    def banner(self, state: Campaign) -> Text:
        """One line: the session, the fight, who acts and what to press."""
        out = Text()
        if not state.members:
            out.append("An empty campaign: ", "bold")
            out.append("c makes a player character, n adds an NPC.")
        elif state.combat is not None:
            fight = state.combat
            if fight.round == 0 or fight.actor is None:
                out.append(f"Round {fight.round}: " if fight.round else "Fight: ", "bold")
                out.append("r rolls initiative for the next round, f ends the fight.")
            else:
                actor = state.member(fight.actor)
                name = actor.sheet.name
                if actor.wounds.dead or (actor.body is not None and actor.body.dead):
                    out.append(f"Round {fight.round}: {name} is dead. ", "bold")
                    out.append("space passes.")
                elif actor.out_of_action:
                    out.append(f"Round {fight.round}: {name} cannot act. ", "bold")
                    # "w" only when a wound roll is due (not for a sleeper or the stunned)
                    roll_due = actor.body is None and (actor.wounds.stay_up_pending or (
                        actor.wounds.level == wounds.WoundLevel.MORTALLY_WOUNDED
                        and actor.wounds.mortal_rolled_round != fight.round))
                    out.append("space passes; w for a wound roll." if roll_due
                               else "space passes.")
                elif reflexes.held_dodge(fight, actor.id) is not None:
                    # "Full Dodge": nothing but dodging until the next turn.
                    out.append(f"Round {fight.round}: {name} is full dodging. ", "bold")
                    out.append("x roll, space done.")
                else:
                    # "Multiple Actions": no more attacks or spells than were declared.
                    n, left = fight.declared(actor.id), fight.actions_left(actor.id)
                    if left == 0:
                        out.append(f"Round {fight.round}: {name} has made every action"
                                   " declared. ", "bold")
                        out.append("x roll, space done.")
                    else:
                        if n > 1:  # the count, in the room "x roll" took (x is in help)
                            out.append(f"Round {fight.round}: {name} acts ({left} left). ",
                                       "bold")
                            out.append("a attack, m magic, space done.")
                        else:
                            out.append(f"Round {fight.round}: {name} acts. ", "bold")
                            out.append("a attack, m magic, x roll, space done.")
            if fight.round:
                # Out of the initiative, the Mortally Wounded have no turn to prompt their
                # Might roll; say whose roll this round is still to come.
                due = [m.sheet.name for m in (state.member(i) for i in fight.ids)
                       if m.wounds.level == wounds.WoundLevel.MORTALLY_WOUNDED
                       and m.wounds.mortal_rolled_round != fight.round]
                if due:
                    out.append(f"  Might against death due: {', '.join(due)} (w).", "italic")
        elif state.in_session:
            out.append(f"Session {state.session}. ", "bold")
            out.append("f starts a fight, s ends the session.")
        else:
            out.append("Between sessions. ", "bold")
            out.append("s starts a session, v spends CP.")
        if self.table_mode:
            out.append("  [table dice]", "italic")
        return out

    def initiative_totals(self) -> dict[str, int]:
        """The initiative each combatant rolled this round (from the round's event)."""
        if self.campaign.combat is None or not self.campaign.combat.round:
            return {}
        rnd = self.campaign.combat.round
        events = self.session.events
        for i in range(len(events) - 1, -1, -1):
            ev = events[i]
            if ev.get("type") == "round_started" and ev.get("round") == rnd:
                entry = self.session.history_entry(i)
                if not entry.undone:
                    return {e["who"]: e["roll"]["total"] for e in ev["initiative"]}
        return {}

    def tray_roll(self) -> TrayRoll:
        """The latest roll, die by die, with the event in words."""
        events = self.session.events
        for i in range(len(events) - 1, max(-1, len(events) - 60), -1):
            ev = events[i]
            if ev.get("type") in ("undone", "redone", "retitled"):
                continue
            if self.session.history_entry(i).undone:
                continue
            first = main_roll(ev)
            if first is None:
                if i == len(events) - 1 and ev.get("type") in _TRAY_WORDS:
                    # a potion, a flesh wound, CP spent: no dice, but the tray says it
                    words = describe(ev, names_in(self.campaign))
                    if ev["type"] in ("healed", "flesh_wound_taken"):
                        m = self.campaign.member(str(ev["who"]))
                        if m.body is None:
                            words += f" \u2192 {m.sheet.name}: {m.wounds.level.label}"
                    return TrayRoll(caption=self.campaign.settings.rename(words))
                continue
            _key, roll = first
            if ev.get("type") == "round_started":
                return TrayRoll(caption=self.campaign.settings.rename(
                                    describe(ev, names_in(self.campaign))),
                                source=roll.get("source", "app"))
            dice = tuple(TrayDie(f) for f in roll["faces"]) + tuple(
                TrayDie(f, "wild") for f in roll["wild"])
            for chain in roll.get("cp_wild", ()):
                dice += tuple(TrayDie(f, "cp") for f in chain)
            hide = self.hide_verdict
            notes: tuple[str, ...] = (describe_roll(roll, verdict=not hide),)
            if roll.get("modifiers"):
                notes += ("; ".join(roll["modifiers"]),)
            targets = spell_targets(ev, lambda who: self.campaign.member(str(who)).sheet.name)
            if targets and not hide:  # "The Grimoire": each target's own TN
                notes += (targets,)
            caption = self.campaign.settings.rename(describe(ev, names_in(self.campaign)))
            if hide:
                caption = f"Total {roll['total']}: character points may still be added."
            return TrayRoll(dice, roll.get("source", "app"), caption, notes)
        return TrayRoll(caption="No dice rolled yet.")

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
        """Offer only the keys that make sense now."""
        c = self.campaign
        fight = c.combat
        if action in ("round",):
            return fight is not None
        if action in ("attack", "pass_turn"):
            return fight is not None and fight.actor is not None
        if action in ("wounds", "heal", "magic", "check", "export_sheet", "use_perk"):
            return bool(c.members)
        if action == "spend":
            return bool(c.members) and fight is None
        if action == "fight":
            return len(c.members) >= 2
        return super().check_action(action, parameters)

    # -- rolling ----------------------------------------------------------------------------

    async def roll_command(self, command: Callable[..., dict], *args: Any, shape: str = "one",
                           who: str = "", known: tuple[str, ...] = (),
                           **kwargs: Any) -> dict | None:
        """Run a command that rolls: with d6tui's dice, or with table dice typed one roll at a
        time (``shape`` says how the command takes them: ``one``, ``three``, ``map``,
        ``full`` (a map of whole typed rolls), ``body``). ``known``: rolls of the payload
        already set by the arguments, not asked for."""
        from d6tui.ui.screens.modals import TableDiceInput
        from d6tui.ui.simple_six.forms import WildDiceInput

        if not self.table_mode:
            return self.do(command, *args, dice=self.session.dice, **kwargs)
        got: dict[str, tuple] = {}
        while True:
            try:
                payload = command(self.campaign, *args, dice=_STAND_IN,
                                  **_typed_kwargs(shape, got), **kwargs)
            except (RuleError, DiceError) as e:
                self.notify(str(e), title="Not allowed", severity="error", timeout=6)
                return None
            need = [(k, r) for k, r in rolls_of(payload) if k not in got and k not in known]
            if not need:
                break
            key, roll = need[0]
            name = who
            if shape == "map" and key not in _ROLL_KEYS and not key.startswith("counter_"):
                name = self.campaign.member(key).sheet.name
            elif key in ("defense", "resist"):  # thrown by the one attacked, not the attacker
                name = self._defender(payload) or who
            label = roll.get("label", key)
            typed = await self.app.push_screen_wait(
                WildDiceInput(f"{label} for {name}".strip(), roll))
            if typed is None:
                return None
            got[key] = typed
        for key, arg, prompt in _PLAIN_DICE:
            if key in payload:
                count = len(payload[key]["faces"])
                plain = await self.app.push_screen_wait(TableDiceInput(
                    prompt.format(who=who, count=count), count))
                if plain is None:
                    return None
                kwargs[arg] = plain["faces"]
        return self.do(command, *args, dice=self.session.dice, **_typed_kwargs(shape, got),
                       **kwargs)

    def _defender(self, payload: dict) -> str | None:
        """The name of the one who throws a payload's defense and resist rolls: its target
        (or, for points or a reroll on the open roll, that roll's target)."""
        target = payload.get("target")
        if not isinstance(target, str) and self.campaign.last_roll is not None:
            target = self.campaign.last_roll.event.get("target")
        if not isinstance(target, str):
            return None
        try:
            return self.campaign.member(target).sheet.name
        except RuleError:
            return None

    def action_vehicles(self) -> None:
        """Open the vehicles view over the tracker."""
        from d6tui.ui.simple_six.vehicles_view import VehiclesScreen

        self.app.push_screen(VehiclesScreen(self))

    def action_table_mode(self) -> None:
        """Switch table dice on or off (a step in the log, so the save keeps it)."""
        if self.do(table_dice.set_table_dice, not self.table_mode) is None:
            return
        self.notify("Every roll now asks for the dice thrown at the table." if self.table_mode
                    else "d6tui rolls the dice again.", timeout=3)
        self.refresh_game()

    # -- the roster -------------------------------------------------------------------------

    @work(exclusive=True, group="simple-six")
    @refusals_shown
    async def action_create(self) -> None:
        """Make a player character with the form; every rule is checked as it is typed."""
        from d6tui.ui.simple_six.forms import CharacterForm

        draft = await self.app.push_screen_wait(CharacterForm(self.campaign.settings))
        if draft is None:
            return
        if await self.roll_command(campaign.add_character, draft, shape="body",
                                   who=draft.name):
            self.selected = campaign.slug(draft.name)
            self.refresh_game()

    @work(exclusive=True, group="simple-six")
    @refusals_shown
    async def action_add_npc(self) -> None:
        """Add an NPC from a template (house templates are marked ⌂)."""
        from d6tui.ui.screens.modals import ChoiceModal, TextPrompt

        try:
            found = templates()
        except (RuleError, OSError, ValueError) as e:
            self.notify(f"The NPC templates do not read: {e}", severity="error")
            return
        options: list[tuple[str, Template]] = [
            (f"{t.stars} {t.name}{HOUSE if t.house else ''}  {t.notes}", t) for t in found]
        template = await self.app.push_screen_wait(ChoiceModal(
            "Which NPC? (\u2302 = house template: the SRD gives no numbers)", options))
        if template is None:
            return
        taken = {m.sheet.name.lower() for m in self.campaign.members}
        name = next_name(template.name, taken)
        while True:  # a refused name is asked again, as typed
            name = await self.app.push_screen_wait(
                TextPrompt(f"Name of the {template.name}", name))
            if name is None:
                return
            if any(m.id == campaign.slug(name) for m in self.campaign.members):
                self.notify(f"There is already a character called {name}: pick another"
                            " name.", severity="warning", timeout=5)
            elif len(name) > NAME_MAX:
                self.notify(f"A name takes at most {NAME_MAX} characters, not {len(name)}.",
                            severity="warning", timeout=5)
            else:
                break
        if await self.roll_command(add_from_template, template, name, shape="body", who=name):
            self.selected = campaign.slug(name)
            self.refresh_game()

    # -- sessions ---------------------------------------------------------------------------

    @work(exclusive=True, group="simple-six")
    @refusals_shown
    async def action_session(self) -> None:
        """Start a session, or end it awarding CP and hero points to the player characters."""
        from d6tui.ui.simple_six.forms import NumbersModal

        c = self.campaign
        if not c.in_session:
            self.do(campaign.start_session)
            return
        pcs = [m for m in c.members if not m.sheet.npc]
        rows = [(f"cp:{m.id}", f"{m.sheet.name}: CP", 5) for m in pcs]
        rows += [(f"hp:{m.id}", f"{m.sheet.name}: hero points earned", 0) for m in pcs]
        got = await self.app.push_screen_wait(NumbersModal(
            f"End session {c.session}", rows,
            note="Three to seven CP is usual for a session (Experience)."))
        if got is None:
            return
        cp = {k[3:]: v for k, v in got.items() if k.startswith("cp:")}
        hp = {k[3:]: v for k, v in got.items() if k.startswith("hp:") and v}
        self.do(campaign.end_session, cp, hp)

    @work(exclusive=True, group="simple-six")
    @refusals_shown
    async def action_spend(self) -> None:
        """Spend the picked character's CP ("Spending Character Points")."""
        from d6tui.ui.screens.modals import ChoiceModal, TextPrompt

        m = self.picked()
        if m is None:
            return
        s = self.campaign.settings
        sh = m.sheet
        kinds = [("a skill pip", "skill"), ("a specialization pip", "specialization"),
                 ("an attribute pip", "attribute"), ("a perk", "perk")]
        if can_use_magic(sh, s):  # only those who can work magic learn spells
            kinds.append(("a spell", "spell"))
        kinds.append(("buy off a complication", "buy_off"))
        if s.quasi_skills:
            kinds.append(("a quasi skill", "quasi"))
        kind = await self.app.push_screen_wait(ChoiceModal(
            f"{sh.name} has {sh.character_points} CP. Spend them on", kinds))
        if kind is None:
            return
        price = None
        from_book = False
        target: str | None
        if kind == "skill":
            opts = [(f"{n} {sh.skill(n, s)}  ({advancement.skill_cost(sh, n, s)} CP)", n)
                    for n, _a in s.skills.skills]
            target = await self.app.push_screen_wait(ChoiceModal("Raise which skill?", opts))
        elif kind == "attribute":
            opts = [(f"{s.attribute_name(a)} {sh.attribute(a)}"
                     f"  ({advancement.attribute_price(sh, a, s)} CP)", a) for a in s.attributes]
            if not opts:
                self.notify("This campaign has no attributes (No Attributes).",
                            severity="warning")
                return
            target = await self.app.push_screen_wait(ChoiceModal("Raise which attribute?",
                                                                 opts))
        elif kind == "quasi":
            opts = []
            for q in s.quasi_skills:
                code = sh.quasi_code(q) or DieCode(0)
                cost = s.quasi_first_die if not code.total_pips else code.dice
                opts.append((f"{q} {code}  ({cost} CP)", q))
            target = await self.app.push_screen_wait(ChoiceModal("Raise which quasi skill?",
                                                                 opts))
        elif kind == "specialization":
            target = await self.app.push_screen_wait(TextPrompt(
                "Which specialization?", placeholder="Athletics: Running"))
        elif kind == "perk":
            opts = [(f"{p.name} ({advancement.PERK_COST_FACTOR * p.cost} CP)", p.name)
                    for p in content().perks.values()
                    if p.kind != "racial" and not sh.has_perk(p.name)]
            target = await self.app.push_screen_wait(ChoiceModal("Buy which perk?", opts))
        elif kind == "spell":
            opts = [(sp.name, sp.name) for sp in content().spells.values()
                    if sp.name not in sh.spells]
            target = await self.app.push_screen_wait(ChoiceModal("Learn which spell?", opts))
            if target is not None:
                book = await self.app.push_screen_wait(ChoiceModal(
                    "Learnt how?", [("on their own (2 CP)", False),
                                    ("from another's spell book holding it (1 CP)", True)]))
                if book is None:
                    return
                from_book = bool(book)
        else:
            opts = [(c, c) for c in sh.complications]
            if not opts:
                self.notify(f"{sh.name} has no complication.", severity="warning")
                return
            target = await self.app.push_screen_wait(ChoiceModal("Buy off which?", opts))
            if target is not None:
                text = await self.app.push_screen_wait(TextPrompt("The GM's price in CP"))
                if text is None:
                    return
                try:
                    price = int(text)
                except ValueError:
                    self.notify("The price is a whole number of CP.", severity="error")
                    return
        if target is None:
            return
        self.do(campaign.spend_cp, m.id, kind, target, price=price, from_book=from_book)

    # -- fights -----------------------------------------------------------------------------

    @work(exclusive=True, group="simple-six")
    @refusals_shown
    async def action_fight(self) -> None:
        """Start a fight between picked characters, or end the fight going on."""
        from d6tui.ui.screens.modals import ChoiceModal, ConfirmModal

        c = self.campaign
        if c.combat is not None:
            if await self.app.push_screen_wait(ConfirmModal(
                    f"End the fight after round {c.combat.round}?", "End it")):
                self.do(campaign.end_combat)
            return
        able = [m for m in c.members if not m.out_of_action]
        picked = await self.app.push_screen_wait(ChoiceModal(
            "Who fights? (space or a number picks, Enter starts)",
            [(f"{'NPC' if m.sheet.npc else 'PC '} {m.sheet.name}", m.id) for m in able],
            multiple=True, minimum=2))
        if picked:
            self.do(campaign.start_combat, picked)

    @work(exclusive=True, group="simple-six")
    @refusals_shown
    async def action_round(self) -> None:
        """Declare each combatant's actions, then roll initiative (highest acts first)."""
        from d6tui.ui.simple_six.forms import NumbersModal

        fight = self.campaign.combat
        if fight is None:
            return
        rows = [(i, self.campaign.member(i).sheet.name, 1) for i in fight.ids
                if not self.campaign.member(i).out_of_action]
        most = {i: _most_actions(self.campaign, i) for i, _n, _d in rows}
        got = await self.app.push_screen_wait(NumbersModal(
            f"Round {fight.round + 1}: actions declared", rows, minimum=1, maximum=most,
            note="Each action past the first costs -1D on every roll (Multiple Actions); at"
                 " most as many as leave the best roll 1D."))
        if got is None:
            return
        actions = {k: v for k, v in got.items() if v != 1}
        await self.roll_command(campaign.start_round, actions, shape="map")

    def action_pass_turn(self) -> None:
        """The acting combatant is done."""
        self.do(campaign.pass_turn)

    @work(exclusive=True, group="simple-six")
    @refusals_shown
    async def action_attack(self) -> None:
        """The acting combatant attacks: target, weapon, defense (and range, hero points)."""
        from d6tui.ui.screens.modals import ChoiceModal

        c = self.campaign
        fight = c.combat
        if fight is None or fight.actor is None:
            return
        a = c.member(fight.actor)
        try:  # refuse at the first key: the attack's own checks, before any question
            campaign.ready_to_attack(c, a.id)
        except RuleError as e:
            self.notify(str(e), title="Not allowed", severity="error", timeout=6)
            return
        targets = [m for m in (c.member(i) for i in fight.ids if i != a.id)
                   if not (m.body.dead if m.body is not None else m.wounds.dead)]
        if not targets:
            self.notify("There is no one left to attack.", severity="warning")
            return
        t = await self.app.push_screen_wait(ChoiceModal(
            f"{a.sheet.name} attacks whom?",
            [(f"{m.sheet.name}", m) for m in targets]))
        if t is None:
            return
        bare = "\x00bare"
        weapons: list[tuple[str, str]] = [
            (f"{w} ({attack_skill(a.sheet, w, c)})", w) for w in a.sheet.weapons]
        weapons.append(("bare hands (Brawling)", bare))
        choice_w = weapons[0][1]
        if len(weapons) > 1:
            choice_w = await self.app.push_screen_wait(ChoiceModal("With what?", weapons))
            if choice_w is None:
                return
        weapon = None if choice_w == bare else choice_w
        ranged = weapon is not None and campaign.weapon_is_ranged(weapon)
        range_ = None
        cover = 0
        if ranged:
            range_ = await self.app.push_screen_wait(ChoiceModal(
                "Range? (Missile Weapon Ranges)",
                [("short", "short"), ("medium +5", "medium"), ("long +10", "long"),
                 ("point blank -5", "point_blank")]))
            if range_ is None:
                return
            cover = await self.app.push_screen_wait(ChoiceModal(
                "Cover? (Attacking a Target)",
                [("none", 0), ("half +5", 50), ("three quarters +10", 75)]))
            if cover is None:
                return
        kw: dict[str, Any] = {"cover": cover} if ranged and cover else {}
        why = helpless.helpless_reason(c, t)
        held = reflexes.held_dodge(fight, t.id)
        if why is not None or held is not None:
            # No defense to ask for: a helpless target makes none, a full dodge holds.
            self.notify(f"{t.sheet.name} is {why}: no defense, Very Easy TN (Combat)."
                        if why is not None else
                        f"{t.sheet.name} is full dodging: the same dodge meets this attack.",
                        timeout=4)
        elif c.settings.combat == "static":
            # Block and Parry stop blows, not missiles ("Defensive Options").
            opts = [("Dodge", "dodge"), ("Dodge, full dodge +10", "full")]
            if not ranged:
                opts = [("the better of Block and Parry", "melee"), *opts,
                        ("Block", "block"), ("Parry", "parry")]
            choice = await self.app.push_screen_wait(ChoiceModal(
                f"{t.sheet.name}'s defense (Static Defenses)", opts))
            if choice is None:
                return
            kw["defense"] = "dodge" if choice == "full" else choice
            kw["full_dodge"] = choice == "full"
        else:
            if ranged:
                opts = [("no defense: TN 10", "none"), ("Dodge", "dodge"),
                        ("full dodge", "full_dodge")]
            else:
                opts = [("no defense: TN 5 (hand-to-hand -5)", "none"), ("Dodge", "dodge"),
                        ("Block", "block"), ("Parry", "parry"), ("full dodge", "full_dodge")]
            choice = await self.app.push_screen_wait(ChoiceModal(
                f"{t.sheet.name}'s defense (Defensive Options)", opts))
            if choice is None:
                return
            if choice != "none":
                kw["defense"] = choice
            if choice in ("dodge", "block", "parry"):
                declared = await self.app.push_screen_wait(ChoiceModal(
                    f"Did {t.sheet.name} declare the {choice} with this round's actions?"
                    " (Defensive Options)",
                    [("no: -1D on every roll until their next turn", False),
                     ("yes: no extra penalty", True)]))
                if declared is None:
                    return
                kw["defense_declared"] = declared
        if a.sheet.hero_points:  # NPC templates may give hero points too
            most = min(a.sheet.hero_points, 3)
            hp = await self.app.push_screen_wait(ChoiceModal(
                f"Hero points on the attack? ({a.sheet.hero_points} left, Hero Points)",
                [(str(n), n) for n in range(most + 1)]))
            if hp is None:
                return
            kw["hero_points"] = hp
        from d6tui.ui.simple_six import defender_ui, perks_ui

        if why is None and t.sheet.hero_points and not (
                c.settings.combat == "static" and c.settings.wounds == "levels"):
            spend = await defender_ui.ask_hero_points(self, c, t, kw.get("defense"))
            if spend is None:
                return
            kw["defender_hero_points"] = spend
        skill = attack_skill(a.sheet, weapon, c)

        event = await self.roll_command(campaign.attack, a.id, t.id, skill=skill, weapon=weapon,
                                        range_=range_, shape="map", who=a.sheet.name, **kw)
        if event:  # character points before the verdict, Destiny after a miss
            await perks_ui.after_roll(self, a.id)
            last = self.campaign.last_roll
            event = {**event, **(last.event if last is not None else {})}
        if event and event.get("hit"):
            after = self.campaign.member(t.id)
            if after.wounds.stay_up_pending:
                self.notify(f"{after.sheet.name} is Incapacitated: pick them and press w for"
                            " the Stamina roll to stay up.", timeout=6)

    # -- wounds, healing, magic, checks -----------------------------------------------------

    @work(exclusive=True, group="simple-six")
    @refusals_shown
    async def action_wounds(self) -> None:
        """What the picked character's wounds call for now."""
        from d6tui.ui.screens.modals import ChoiceModal

        m = self.picked()
        if m is None:
            return
        opts: list[tuple[str, str]] = []
        if m.wounds.stay_up_pending:
            opts.append(("Stamina roll to stay up (15)", "stay_up"))
        fight = self.campaign.combat
        rnd = fight.round if fight is not None else None
        mortal = m.wounds.level == wounds.WoundLevel.MORTALLY_WOUNDED
        rolled = mortal and rnd is not None and m.wounds.mortal_rolled_round == rnd
        if mortal and not rolled:  # one Might roll against death a round
            opts.append(("Might roll against death", "mortal"))
        flesh_used = m.body is None and m.wounds.level > 0 and m.wounds.flesh_wound_used
        if (m.body is None and m.wounds.level > 0 and m.sheet.hero_points
                and not m.wounds.flesh_wound_used):
            opts.append(("Just a flesh wound (a hero point)", "flesh"))
        if not opts:
            why = [f"{m.sheet.name}'s wounds ask for no roll now"]
            if rolled:
                why.append(f"the Might roll against death was made this round ({rnd})")
            if flesh_used:
                why.append("the flesh wound was already used this fight (once per combat)")
            self.notify("; ".join(why) + ".", timeout=5)
            return
        choice = opts[0][1] if len(opts) == 1 else await self.app.push_screen_wait(
            ChoiceModal(f"{m.sheet.name}: wounds", opts))
        if choice in ("stay_up", "mortal"):
            from d6tui.ui.simple_six import perks_ui

            command = campaign.stay_up if choice == "stay_up" else campaign.mortal_roll
            if await self.roll_command(command, m.id, who=m.sheet.name):
                # character points before the verdict, Destiny on a failure
                await perks_ui.after_roll(self, m.id)
        elif choice == "flesh":
            self.do(campaign.flesh_wound, m.id)

    @work(exclusive=True, group="simple-six")
    @refusals_shown
    async def action_heal(self) -> None:
        """Heal the picked character ("Healing", "Potions")."""
        from d6tui.games.simple_six.repair import repairable
        from d6tui.ui.screens.modals import ChoiceModal
        from d6tui.ui.simple_six import perks_ui
        from d6tui.ui.simple_six.forms import NumbersModal

        m = self.picked()
        if m is None:
            return
        c = self.campaign
        if repairable(m):  # "Racial Perks": the Robot does not heal; he is repaired
            await perks_ui.repair_flow(self, m)
            return
        opts = [(f"natural healing ({c.settings.rename('Might')}, after rest)", "natural"),
                ("assisted healing (a healer's Medicine)", "assisted")]
        if m.body is None:
            opts.append(("a Potion of Healing", "potion"))
        method = await self.app.push_screen_wait(ChoiceModal(f"Heal {m.sheet.name} how?",
                                                             opts))
        if method is None:
            return
        if method == "potion":
            self.do(campaign.heal, m.id, "potion")
            return
        healer = None
        if method == "assisted":
            healer = await self.app.push_screen_wait(ChoiceModal(
                f"Who treats {m.sheet.name}?", [(h.sheet.name, h.id) for h in c.members
                                                if not h.out_of_action and h.id != m.id]))
            if healer is None:
                return
        what = "minutes rested" if method == "natural" else "minutes since the last treatment"
        default = 60 * 24
        if method == "natural" and m.body is None and m.wounds.level in wounds.HEALING:
            default = wounds.HEALING[m.wounds.level].minutes  # the rest this level needs
        got = await self.app.push_screen_wait(NumbersModal(
            f"Heal {m.sheet.name}", [("minutes", what, default)],
            note="A day is 1440 minutes (Healing).", maximum=525600))
        if got is None:
            return
        await self.roll_command(campaign.heal, m.id, method, minutes=got["minutes"],
                                healer=healer, who=m.sheet.name)

    @work(exclusive=True, group="simple-six")
    @refusals_shown
    async def action_magic(self) -> None:
        """The magic menu of the picked character (see :mod:`.magic_menu`)."""
        from d6tui.ui.simple_six import magic_menu

        m = self.picked()
        if m is not None:
            await magic_menu.run(self, m)

    async def _cast_heal(self, m: Member) -> None:
        """Heal: pick the patient, the Spell Staff if ready, roll; the +10 for each Heal on
        the patient today is counted from the log ("The Grimoire")."""
        from d6tui.ui.screens.modals import ChoiceModal

        c = self.campaign
        hurt = [p for p in c.members if p.body is None
                and wounds.WoundLevel.WOUNDED <= p.wounds.level
                <= wounds.WoundLevel.MORTALLY_WOUNDED]
        if not hurt:
            self.notify("No one is Wounded or worse: Heal has no one to treat.", timeout=4)
            return
        target = await self.app.push_screen_wait(ChoiceModal(
            f"{m.sheet.name} heals whom? (TN 15 Wounded, 19 Incapacitated, 23 Mortally"
            " Wounded)", [(f"{p.sheet.name} ({p.wounds.level.label})", p.id) for p in hurt]))
        if target is None:
            return
        from d6tui.games.simple_six import spellcast
        from d6tui.ui.simple_six import magic_menu, perks_ui

        staff = await magic_menu.ask_staff(self, m)
        if staff is None:
            return
        self.notify("The caster concentrates 6 turns first; each Heal on the patient today"
                    " adds +10 (The Grimoire).", timeout=4)
        hp = await magic_menu.ask_hero_points(self, m, "casting Heal")
        if hp is None:
            return
        if await self.roll_command(spellcast.cast, m.id, campaign.HEAL_SPELL, shape="map",
                                   targets=[target], staff=staff, hero_points=hp,
                                   who=m.sheet.name):
            await perks_ui.after_roll(self, m.id)

    @work(exclusive=True, group="simple-six")
    @refusals_shown
    async def action_check(self) -> None:
        """Roll an attribute, skill or specialization against a target; then character points
        and Destiny (:mod:`.perks_ui`)."""
        from d6tui.games.simple_six import afterroll
        from d6tui.ui.screens.modals import ChoiceModal
        from d6tui.ui.simple_six import perks_ui
        from d6tui.ui.simple_six.forms import NumbersModal

        m = self.picked()
        if m is None:
            return
        s = self.campaign.settings
        sh = m.sheet
        opts = [(f"{s.attribute_name(a)} {sh.attribute(a)}", s.attribute_name(a))
                for a in s.attributes]
        opts += [(f"{q} {c}", q) for q, c in sh.quasi if c.total_pips]
        opts += [(f"{x.key} {sh.specialization_code(x.skill, x.name, s)}", x.key)
                 for x in sh.specializations]
        if s.independent_skills:
            opts += [(f"{n} {sh.own_dice(n)} + an attribute", n) for n, _a in s.skills.skills]
        else:
            opts += [(f"{n} {sh.skill(n, s)}", n) for n, _a in s.skills.skills]
        what = await self.app.push_screen_wait(ChoiceModal(f"{sh.name} rolls", opts))
        if what is None:
            return
        if s.independent_skills and s.skills.canonical(what) is not None:
            # "Independent Skills": the attribute is chosen for this roll
            pick = [(f"{s.attribute_name(a)} + {what}  {sh.skill(what, s, attribute=a)}",
                     f"{s.attribute_name(a)} + {what}") for a in s.attributes]
            what = await self.app.push_screen_wait(ChoiceModal(
                f"{sh.name} rolls {what} with which attribute?", pick))
            if what is None:
                return
        rows = [("target", "Target number (0: none; Moderate is 15)", 0),
                ("hero", f"Hero points ({sh.hero_points})", 0)]
        note = ("Character points are added after the roll, once its total is seen"
                " (Traditional OpenD6 Character Points)." if s.wild.character_point_dice else "")
        got = await self.app.push_screen_wait(NumbersModal(f"{sh.name}: {what}", rows,
                                                           note=note))
        if got is None:
            return
        target = got["target"] or None
        extras = await perks_ui.ask_check_extras(self, m, what, target, got["hero"])
        if extras is None:
            return
        appearance, halfway = extras
        if halfway and target:
            self.do(afterroll.take_halfway, m.id, what, target)
            return
        if await self.roll_command(campaign.roll_check, m.id, what, target=target,
                                   hero_points=got["hero"], appearance=appearance,
                                   shape="three", who=sh.name):
            await perks_ui.after_roll(self, m.id)

    @work(exclusive=True, group="simple-six")
    @refusals_shown
    async def action_use_perk(self) -> None:
        """Use a once-per-session perk of the picked character ("General Perks")."""
        from d6tui.ui.simple_six import perks_ui

        await perks_ui.use_perk(self)

    def action_export_sheet(self) -> None:
        """Write the picked sheet as Markdown (to print) and TOML (to import elsewhere)."""
        from d6tui.games.simple_six.export import sheet_markdown, sheet_toml

        m = self.picked()
        if m is None:
            return
        folder = (self.session.log.path.parent if self.session.log else Path.cwd()) / "sheets"
        base = folder / f"{m.id}-sheet"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            base.with_suffix(".md").write_text(
                sheet_markdown(m.sheet, self.campaign.settings,
                               m.body.current if m.body else None), encoding="utf-8")
            base.with_suffix(".toml").write_text(sheet_toml(m.sheet), encoding="utf-8")
        except OSError as e:
            self.notify(f"Could not write the sheet: {e}", severity="error")
            return
        self.notify(f"Wrote {base.name}.md and {base.name}.toml in {folder} (the rules'"
                    " attribute names are kept in the TOML, for import)", timeout=8,
                    markup=False)

    @work(exclusive=True, group="simple-six")
    @refusals_shown
    async def action_import_sheet(self) -> None:
        """Add a character from a sheet file another campaign exported (``X``)."""
        from d6tui.games.simple_six.export import read_sheet_toml
        from d6tui.games.simple_six.sheet import sheet_to_dict
        from d6tui.ui.screens.modals import TextPrompt

        folder = self.session.log.path.parent if self.session.log else Path.cwd()
        text = await self.app.push_screen_wait(TextPrompt(
            "Import a sheet: the TOML file's path",
            placeholder=str(folder / "sheets" / "name-sheet.toml")))
        if text is None:
            return
        path = Path(text).expanduser()
        if not path.is_absolute():
            path = folder / path
        try:
            sheet = read_sheet_toml(path.read_text(encoding="utf-8"))
        except (OSError, RuleError) as e:
            self.notify(str(e), title="Cannot import", severity="error", timeout=8)
            return
        if self.do(campaign.import_character, sheet_to_dict(sheet)):
            self.selected = campaign.slug(sheet.name)
            self.refresh_game()
