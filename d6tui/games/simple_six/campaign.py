"""A Simple Six campaign as an event-sourced log: state, fold and the GM's commands.

The campaign holds the settings, the roster (player characters and NPCs, each with a sheet,
wounds and a spell-caster's state), whether a session is running, and the current combat.
Commands validate against the state and return exactly one event payload (raising RuleError
when a rule is broken); :func:`fold` applies an event, raising EventError only for an event that
never fitted. Every die rolled is stored in its event, with ``source = "app"`` or ``"table"``.

Events (facts, past tense): ``campaign_started``, ``character_added``, ``session_started``,
``session_ended``, ``cp_spent``, ``combat_started``, ``round_started``, ``turn_passed``,
``attacked``, ``stay_up_rolled``, ``mortal_rolled``, ``flesh_wound_taken``, ``healed``,
``rolled``, ``spell_cast``, ``rested``, ``combat_ended``, ``table_dice_set``; the vehicle
events of :mod:`.vehicle_log`; from :mod:`.perks` and :mod:`.afterroll`: ``perk_used``,
``destiny_rerolled``, ``cp_added``, ``halfway_taken``; from :mod:`.repair`: ``repaired``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from d6tui.engine.dice import Dice, check_roll, table_roll
from d6tui.engine.errors import D6Error, DiceError, EventError, RuleError
from d6tui.games.simple_six import (
    advancement,
    combat,
    effects,
    helpless,
    magic,
    reflexes,
    wounds,
)
from d6tui.games.simple_six import table_dice as table
from d6tui.games.simple_six.codes import ZERO, DieCode, as_code
from d6tui.games.simple_six.content import in_use
from d6tui.games.simple_six.creation import Draft, create_character
from d6tui.games.simple_six.paranormal import PARANORMAL, check_skill_open, closed
from d6tui.games.simple_six.settings import TOUGHNESS, CampaignSettings
from d6tui.games.simple_six.sheet import (
    BODY_POINTS_BASE,
    NO_ATTRIBUTE_BASE,
    Character,
    armor_value,
    block,
    dodge,
    parry,
    sheet_from_dict,
    sheet_to_dict,
    soak,
    unarmed_damage,
    weapon_damage,
)
from d6tui.games.simple_six.tables import CampaignContent, from_doc, frozen_v1, installed_doc
from d6tui.games.simple_six.tools import Tool
from d6tui.games.simple_six.vehicle_log import FOLDS as _VEHICLE_FOLDS
from d6tui.games.simple_six.vehicles import Chase, Vehicle
from d6tui.games.simple_six.wild import (
    RollRequest,
    WildOptions,
    check_wild_roll,
    roll_wild,
    table_wild,
)
from d6tui.games.simple_six.wounds import BodyPoints, WoundState
from d6tui.words import plural

#: Typed dice for one roll: (ordinary faces, wild chain).
Typed = tuple[Sequence[int], Sequence[int]]

_ORDER = "Order of Actions in a Round"


# -- state ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Member:
    """One character on the roster.

    Attributes:
        id: a short id from the name, unique in the campaign.
        sheet: the character sheet.
        wounds: wound levels (used unless the campaign counts Body Points).
        body: Body Points, when the campaign uses them.
        caster: failures and maintained spells.
        perks_used: once-per-session perks spent this session ("General Perks", :mod:`.perks`).
        lucky: Lucky was declared and doubles the character's next roll.
        daredevil_round: the combat round Daredevil holds until (its end), or None.
        effects: spells working on this character (see :mod:`.effects`).
        tools: Sorcerer's Tools the character owns (see :mod:`.tools`).
        items: enchanted items the character carries ("Enchanted Items").
        heal_casts: the campaign minute of each Heal spell cast on this character (its
            day counts the +10 of "Heal"; see :func:`heals_today`).
    """

    id: str
    sheet: Character
    wounds: WoundState = WoundState()
    body: BodyPoints | None = None
    caster: magic.Caster = magic.Caster()
    perks_used: tuple[str, ...] = ()
    lucky: bool = False
    daredevil_round: int | None = None
    effects: tuple[effects.Effect, ...] = ()
    tools: tuple[Tool, ...] = ()
    items: tuple[str, ...] = ()
    heal_casts: tuple[int, ...] = ()

    @property
    def spell_helpless(self) -> str | None:
        """Why a spell holds this character helpless (``"paralysed (Paralysis)"``,
        ``"asleep (Slumber)"``, ``"a statue (Petrify)"``), or None. The one question combat
        asks about helplessness by magic."""
        return effects.helpless(self.effects)

    @property
    def out_of_action(self) -> bool:
        """Cannot act: knocked out, mortally wounded, dead, out of Body Points, or held
        helpless by a spell (:attr:`spell_helpless`)."""
        if self.spell_helpless is not None:
            return True
        if self.body is not None:
            return self.body.dead
        return wounds.penalty(self.wounds) is None


@dataclass(frozen=True)
class Combat:
    """The fight in progress.

    Attributes:
        ids: the combatants.
        round: the current round (0 before the first).
        order: who acts this round, highest initiative first.
        current: index in ``order`` of the one acting.
        actions: actions each combatant declared this round.
        used: attacks and spells the acting combatant has made this turn ("Multiple
            Actions": no more than were declared).
        reflex: reflex penalties carried until each one's next turn (:mod:`.reflexes`).
        dodging: full dodges held until each dodger's next turn (:mod:`.reflexes`).
        defenses: Traditional defenses each combatant made as one of his declared actions
            this round ("Multiple Actions", "Defensive Options").
        made: attacks and spells each combatant made in his turn, once the turn is over.
    """

    ids: tuple[str, ...]
    round: int = 0
    order: tuple[str, ...] = ()
    current: int = 0
    actions: tuple[tuple[str, int], ...] = ()
    used: int = 0
    reflex: tuple[reflexes.Reflex, ...] = ()
    dodging: tuple[reflexes.HeldDodge, ...] = ()
    defenses: tuple[tuple[str, int], ...] = ()
    made: tuple[tuple[str, int], ...] = ()

    @property
    def actor(self) -> str | None:
        """Whose turn it is, or None between rounds."""
        return self.order[self.current] if self.current < len(self.order) else None

    def declared(self, who: str) -> int:
        """Actions ``who`` declared this round (1 when none were declared)."""
        return dict(self.actions).get(who, 1)

    def actions_left(self, who: str) -> int | None:
        """Attacks or spells ``who`` may still make this turn, or None when it is not his turn
        (between rounds there is no count to keep)."""
        if self.actor is None or self.actor != who:
            return None
        return max(0, self.declared(who) - self.used - dict(self.defenses).get(who, 0))

    def actions_spent(self, who: str) -> int:
        """Declared actions ``who`` has spent this round: attacks and spells in his turn (done
        or going on) and defenses counted as declared actions."""
        done = dict(self.made).get(who, 0) + (self.used if self.actor == who else 0)
        return done + dict(self.defenses).get(who, 0)


@dataclass(frozen=True)
class LastRoll:
    """The roll just made, which Destiny may reroll or character points may improve until the
    next event (see :mod:`.afterroll`).

    Attributes:
        before: the campaign as it was before the roll's event.
        event: the roll's event as it now stands (its roll replaced by each change).
        key: the key of the roll in the event (``"roll"``).
        who: the roller's id.
    """

    before: Campaign
    event: dict
    key: str
    who: str

    @property
    def roll(self) -> dict:
        """The roll as it now stands."""
        return self.event[self.key]


@dataclass(frozen=True)
class Campaign:
    """A campaign folded from its log.

    Attributes:
        settings: the campaign's rules.
        members: the roster, in the order added.
        session: sessions started so far.
        in_session: a session is running.
        combat: the current fight, or None.
        vehicles: the campaign's vehicles and their damage ("Vehicles").
        chases: the chases going on ("Chases").
        last_roll: the roll just made, while it may still be changed (Destiny, character
            points), else None.
        minutes: the campaign clock: minutes the GM has let pass ("time passes"); hour and
            day durations, attunement and the Spell Staff's day run on it.
        casts: spells cast so far that left an effect (each effect names its cast).
        table_dice: every roll is typed from the table's dice (``table_dice_set``).
        content: the campaign's own copy of the content, from its first event (:mod:`.tables`);
            None before the campaign begins.
    """

    settings: CampaignSettings = CampaignSettings()
    members: tuple[Member, ...] = ()
    session: int = 0
    in_session: bool = False
    combat: Combat | None = None
    vehicles: tuple[Vehicle, ...] = ()
    chases: tuple[Chase, ...] = ()
    last_roll: LastRoll | None = None
    minutes: int = 0
    casts: int = 0
    table_dice: bool = False
    content: CampaignContent | None = field(default=None, compare=False, repr=False)

    def member(self, who: str) -> Member:
        """The roster entry ``who`` (by id or name, any case).

        Raises:
            RuleError: no such character.
        """
        for m in self.members:
            if who.lower() in (m.id, m.sheet.name.lower()):
                return m
        raise RuleError(f"there is no character '{who}' in this campaign", "Campaign")

    def _put(self, member: Member) -> Campaign:
        return replace(self, members=tuple(member if m.id == member.id else m
                                           for m in self.members))


def slug(name: str) -> str:
    """The roster id for a name: lower case, words joined by ``-``."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "character"


# -- rolls ------------------------------------------------------------------------------------


def wild_options(settings: CampaignSettings) -> WildOptions:
    """The options new rolls are made with.

    "Halfway There" is taken as its own ``halfway_taken`` event, with no roll; a roll that is
    made counts its dice, so new rolls are not flagged ``halfway`` (old logs keep the flag and
    its meaning).
    """
    return replace(settings.wild, halfway_there=False)


def _roll(req: RollRequest, settings: CampaignSettings, dice: Dice | None,
          typed: Typed | None, *, lucky: bool = False) -> dict:
    if lucky:
        req = replace(req, doubled_by=(*req.doubled_by, LUCKY))
    if typed is not None:
        faces, wild = typed
        return table_wild(req, faces, wild, options=wild_options(settings))
    if dice is None:
        raise DiceError("roll the dice, or type the faces rolled at the table")
    return roll_wild(req, dice, wild_options(settings))


#: The perk that doubles a character's next roll once declared ("General Perks").
LUCKY = "Lucky"
#: The perk that halves a character's defenses and doubles his resistance for a round.
DAREDEVIL = "Daredevil"


class _Luck:
    """Whose declared Lucky this command's rolls spend: the first roll each such character
    makes ("General Perks": Lucky doubles the next roll). :meth:`mark` writes their ids into
    the payload as ``lucky``; fold clears the declaration."""

    def __init__(self, spent: Sequence[str] = ()) -> None:
        self.spent: list[str] = list(spent)

    def __call__(self, m: Member) -> bool:
        if m.lucky and m.id not in self.spent:
            self.spent.append(m.id)
            return True
        return False

    def mark(self, payload: dict) -> dict:
        if self.spent:
            payload["lucky"] = list(self.spent)
        return payload


def daredevil(state: Campaign, m: Member) -> bool:
    """Whether Daredevil holds for ``m`` now: in the fight, until the end of the round it was
    declared for (declared between rounds, that is the coming round)."""
    return (m.daredevil_round is not None and state.combat is not None
            and state.combat.round <= m.daredevil_round)


def _penalty(state: Campaign, m: Member) -> int:
    rnd = state.combat.round if state.combat else None
    p = wounds.penalty(m.wounds, rnd, relief=_relief(m.sheet))
    if m.body is not None:
        p = None if m.body.dead else 0
    if p is None:
        raise RuleError(f"{m.sheet.name} cannot act", "Wound Level Effects")
    return p


def able_to_treat(state: Campaign, m: Member, what: str) -> int:
    """The wound penalty (dice) on ``m``'s roll to treat, heal or repair someone, himself
    included; a character who is knocked out, Mortally Wounded, dead, or held helpless by a
    spell does nothing ("Wound Level Effects": the unconscious take no action; wounds cost
    dice on all actions).

    Raises:
        RuleError: ``m`` cannot act.
    """
    why = helpless.helpless_reason(state, m)
    if why is not None:
        raise RuleError(f"{m.sheet.name} is {why} and cannot {what} anyone",
                        "Wound Level Effects")
    return _penalty(state, m)


def _reflex(state: Campaign, m: Member) -> int:
    """Dice of reflex penalty ``m`` carries until his next turn ("Defensive Options")."""
    return reflexes.reflex_dice(state.combat, m.id)


def _check_not_dodging(state: Campaign, m: Member, what: str) -> None:
    """Refuse an attack or a spell by a combatant holding a full dodge."""
    if reflexes.held_dodge(state.combat, m.id) is not None:
        section = "Static Defenses" if state.settings.combat == "static" else (
            reflexes.DEFENSIVE_OPTIONS)
        raise RuleError(f"{m.sheet.name} is full dodging until their next turn and does"
                        f" nothing else: no {what}", section)


def check_can_cast(state: Campaign, m: Member) -> None:
    """Every cast's checks on the caster, whatever the spell or its source (a spell known,
    Heal, a scroll): in a fight only in his own turn ("Order of Actions in a Round"), able to
    act, one spell a turn ("Casting Spells"), nothing stopping him (Earthquake, Shape Change),
    an action left of those declared ("Multiple Actions"), and not holding a full dodge
    ("Defensive Options"). A character outside the fight casts as out of one.

    Raises:
        RuleError: one of these is broken.
    """
    fight = state.combat
    in_fight = fight is not None and m.id in fight.ids
    if in_fight and fight is not None and fight.actor is not None and fight.actor != m.id:
        actor = state.member(fight.actor).sheet.name
        raise RuleError(f"it is {actor}'s turn, not {m.sheet.name}'s", _ORDER)
    if m.out_of_action:
        raise RuleError(f"{m.sheet.name} cannot act", "Wound Level Effects")
    if m.caster.cast_this_turn and in_fight:
        raise RuleError("only one spell may be cast a turn", "Casting Spells")
    if (why := effects.blocked(m.effects, "cast")) is not None:
        raise RuleError(f"{m.sheet.name} cannot cast: {why}", "The Grimoire")
    _check_action_left(state, m, "spell")
    _check_not_dodging(state, m, "spell")


def heals_today(state: Campaign, patient: Member) -> int:
    """Heal spells cast on ``patient`` this campaign day (the day of the campaign clock, as the
    Spell Staff's), each +10 to the next ("The Grimoire": Heal)."""
    today = state.minutes // effects.DAY
    return sum(1 for t in patient.heal_casts if t // effects.DAY == today)


def check_heal_patient(patient: Member) -> None:
    """Refuse a Heal spell on a patient it cannot treat: one who does not heal (a Robot,
    "Racial Perks") or a campaign counting Body Points."""
    if not all(p.heals for p in patient.sheet.perk_data()):
        raise RuleError(_NO_HEALING.format(name=patient.sheet.name), "Racial Perks")
    if patient.body is not None:
        raise RuleError("Heal lowers a wound level; this campaign counts Body Points",
                        "The Grimoire")


def _round(state: Campaign) -> int | None:
    """The fight's round, or None out of a fight."""
    return state.combat.round if state.combat else None


def _relief(sheet: Character) -> int:
    return sum(p.wound_relief for p in sheet.perk_data())


def _actions(state: Campaign, who: str) -> int:
    """Actions counted for the multiple-action penalty: those declared, one more for each
    spell kept up ("Concentration (CONC)"), one fewer under Hasten (never below one)."""
    n = state.combat.declared(who) if state.combat else 1
    m = state.member(who)
    n += len(m.caster.maintained)
    if effects.hastened(m.effects):
        n -= 1
    return max(1, n)


def _fx(state: Campaign, m: Member, what: str) -> DieCode:
    """What spells and enchanted items change on ``m``'s roll of ``what`` (an attribute,
    skill, ``"damage"`` or ``"resist"``), see :func:`.effects.roll_modifier`."""
    from d6tui.games.simple_six import tools

    # "Renaming Attributes": an attribute rolled by its campaign name is read by its id, so
    # the Charm spell's dice follow a renamed Charm.
    named = state.settings.attribute_id(what)
    if named is not None:
        what = named
    attr = state.settings.skills.attribute_of(what.partition(":")[0].strip())
    mod, _why = effects.roll_modifier(m.effects, what, attr)
    return mod + tools.item_bonus(m.items, what)


def _flat(state: Campaign, m: Member, what: str) -> tuple[tuple[str, int, str], ...]:
    """The flat bonuses added to the total of ``m``'s roll of ``what`` (any roll, ``"damage"``
    and ``"resist"`` included): Bless's +2 ("The Grimoire") and the Dwarf's +2 to crafts
    ("Racial Perks"); ``(source, amount, section)`` for :attr:`.wild.RollRequest.flat`."""
    from d6tui.games.simple_six import perks

    return effects.roll_flat(m.effects) + perks.skill_bonuses(m.sheet, what)


def _check_hero(m: Member, spent: int) -> None:
    """Refuse hero points ``m`` does not have ("Hero Points": spent before any roll)."""
    if spent < 0 or spent > m.sheet.hero_points:
        raise RuleError(f"{m.sheet.name} has {m.sheet.hero_points} hero points", "Hero Points")


def _spend_hero(state: Campaign, who: str, e: dict) -> Campaign:
    """Fold the ``hero_points`` an event's roller spent (a cast, a Lightning Bolt throw).

    Raises:
        EventError: the roller did not have them.
    """
    spent = int(e.get("hero_points", 0))
    if not spent:
        return state
    m = _member(state, who)
    if spent < 0 or spent > m.sheet.hero_points:
        raise EventError(f"{m.sheet.name} had no hero points to spend")
    return state._put(replace(m, sheet=replace(m.sheet, hero_points=m.sheet.hero_points - spent)))


def _check_action_left(state: Campaign, m: Member, what: str) -> None:
    """Refuse an action past the number ``m`` declared for the round ("Multiple Actions")."""
    fight = state.combat
    if fight is None:
        return
    left = fight.actions_left(m.id)
    if left is not None and left <= 0:
        n = fight.declared(m.id)
        made = "it" if n == 1 else f"all {n}"
        raise RuleError(
            f"{m.sheet.name} declared {plural(n, 'action')} this round and has made"
            f" {made}; no further {what} this turn (declare more actions at the start of the"
            " round, at -1D each)", "Multiple Actions")


def _count_action(state: Campaign, who: str) -> Campaign:
    """One attack or spell made in ``who``'s turn."""
    fight = state.combat
    if fight is None or fight.actor != who:
        return state
    return replace(state, combat=replace(fight, used=fight.used + 1))


def _total(roll: object, what: str) -> int:
    try:
        return check_wild_roll(roll)
    except DiceError as e:
        raise EventError(f"the {what} roll: {e}") from None


def _code_for(state: Campaign, m: Member, what: str) -> DieCode:
    """An attribute or skill code by name ("Might", "Sword"), or a specialization; an
    attribute may be named by the campaign's name for it ("Renaming Attributes"), and
    ``"Wit + Sword"`` adds the attribute chosen for the roll to the skill's own dice
    ("Independent Skills")."""
    sheet = m.sheet
    s = state.settings
    if " + " in what:
        attr_text, _, skill = what.partition(" + ")
        attr = s.attribute_id(attr_text)
        if attr is None or attr not in s.attributes:
            raise RuleError(f"'{attr_text.strip()}' is not an attribute of this campaign",
                            "Attributes")
        check_skill_open(sheet, skill.strip(), s, attribute=attr)
        return sheet.skill(skill.strip(), s, attribute=attr)
    if ":" in what:
        skill, _, focus = what.partition(":")
        check_skill_open(sheet, skill.strip(), s)
        return sheet.specialization_code(skill.strip(), focus.strip(), s)
    attr = s.attribute_id(what)
    for a, code in sheet.attributes:
        if a == attr:
            if closed(a, code, s):
                raise RuleError(f"{sheet.name} has 0D in {s.attribute_name(a)}: no gift to"
                                " roll", PARANORMAL)
            return code
    quasi = sheet.quasi_code(what)
    if quasi is not None:
        if quasi.total_pips == 0:
            raise RuleError(f"{m.sheet.name} has 0D in {what.strip()}: no gift to roll",
                            "Adding Paranormal Abilities")
        return quasi
    check_skill_open(sheet, what.strip(), s)
    return sheet.skill(what.strip(), s)


# -- setting up -------------------------------------------------------------------------------


def check_options(options: dict) -> dict:
    """Normalise a new campaign's options (its settings, and an optional ``seed``).

    Raises:
        RuleError: a setting the rules do not allow.
    """
    try:
        settings = CampaignSettings.from_mapping(options)
    except DiceError as e:
        raise RuleError(str(e), "Making the Game Your Own") from None
    settings.check_new()
    out = settings.to_mapping()
    if "seed" in options:
        out["seed"] = options["seed"]
    return out


def start(options: dict, dice: Dice) -> dict:
    """The first event: the campaign's settings, and its own copy of the content (the shipped
    tables and templates with the user's overrides, as they are today: :mod:`.tables`)."""
    return {"type": "campaign_started",
            "settings": {k: v for k, v in options.items() if k != "seed"},
            "content": installed_doc()}


def new_state(options: dict) -> Campaign:
    """The state before any event."""
    return Campaign()


def add_character(
    state: Campaign,
    draft: Draft,
    *,
    dice: Dice | None = None,
    body_typed: Typed | None = None,
) -> dict:
    """Add a player character or an NPC (``draft.npc``), checked by the creation rules.

    Args:
        state: the campaign.
        draft: the character's choices.
        dice: the app's dice, for the Body Points roll when the campaign rolls them.
        body_typed: that roll typed from the table instead.

    Returns:
        A ``character_added`` payload.

    Raises:
        RuleError: a creation rule is broken, or the name is taken.
    """
    cid = slug(draft.name)
    if any(m.id == cid for m in state.members):
        raise RuleError(f"there is already a character called {draft.name}", "Campaign")
    s = state.settings
    payload: dict = {"type": "character_added", "id": cid}
    total = None
    if s.wounds == "body_points" and s.body_points == "rolled":
        might = _body_code(draft, s)  # checked by creation just below
        roll = _roll(RollRequest(might, label="Body Points"), s, dice, body_typed)
        payload["body_roll"] = roll
        total = roll["total"]
    sheet = create_character(draft, s, body_roll_total=total)
    payload["sheet"] = sheet_to_dict(sheet)
    return payload


def _body_code(draft: Draft, s: CampaignSettings) -> DieCode:
    """The code rolled for Body Points: Might as typed (by id or its campaign name), or the
    Toughness skill under "No Attributes"."""
    if s.no_attributes:
        added = next((v for k, v in draft.skills.items() if k.lower() == TOUGHNESS.lower()),
                     "0D")
        return NO_ATTRIBUTE_BASE + as_code(added)
    typed = next((v for k, v in draft.attributes.items() if s.attribute_id(str(k)) == "Might"),
                 "1D")
    return as_code(typed)


def import_character(state: Campaign, sheet: Mapping) -> dict:
    """Add a sheet exported from another campaign (as :func:`sheet_to_dict` wrote it).

    Args:
        state: the campaign.
        sheet: the stored sheet.

    Returns:
        A ``character_added`` payload marked ``imported``.

    Raises:
        RuleError: the sheet does not read, or the name is taken.
    """
    try:
        character = sheet_from_dict(dict(sheet))
    except EventError as e:
        raise RuleError(str(e), "Campaign") from None
    cid = slug(character.name)
    if any(m.id == cid for m in state.members):
        raise RuleError(f"there is already a character called {character.name}", "Campaign")
    have = tuple(a for a, _c in character.attributes)
    if have != state.settings.attributes:
        want = ", ".join(state.settings.attribute_name(a) for a in state.settings.attributes)
        raise RuleError(f"{character.name} has the attributes {', '.join(have) or 'none'};"
                        f" this campaign uses {want or 'none'}", "Attributes")
    return {"type": "character_added", "id": cid, "sheet": sheet_to_dict(character),
            "imported": True}


def start_session(state: Campaign) -> dict:
    """Mark the start of a session ("Definitions of Common Game Terms": Session).

    Raises:
        RuleError: a session is already running.
    """
    if state.in_session:
        raise RuleError("a session is already running; end it first", "Experience")
    return {"type": "session_started", "number": state.session + 1}


def end_session(state: Campaign, cp: Mapping[str, int],
                hero_points: Mapping[str, int] | None = None) -> dict:
    """End the session, awarding character points and noting hero points earned.

    Args:
        state: the campaign.
        cp: character id -> CP awarded (3 to 7 is usual, "Experience").
        hero_points: character id -> hero points earned.

    Raises:
        RuleError: no session, a fight still going, an unknown character, or a negative award.
    """
    if not state.in_session:
        raise RuleError("no session is running", "Experience")
    if state.combat is not None:
        raise RuleError("end the fight before the session", "Experience")
    hp = dict(hero_points or {})
    for who, n in [*cp.items(), *hp.items()]:
        state.member(who)
        if not isinstance(n, int) or n < 0:
            raise RuleError("awards are whole numbers, 0 or more", "Experience")
    return {"type": "session_ended", "number": state.session,
            "cp": {state.member(k).id: v for k, v in cp.items()},
            "hero_points": {state.member(k).id: v for k, v in hp.items()}}


_SPENDS = ("skill", "specialization", "attribute", "perk", "spell", "buy_off", "quasi")


def _spend(state: Campaign, m: Member, kind: str, target: str, from_book: bool,
           price: int | None) -> tuple[Character, int]:
    s = state.settings
    if kind == "skill":
        return advancement.raise_skill(m.sheet, target, s)
    if kind == "specialization":
        skill, _, focus = target.partition(":")
        return advancement.raise_specialization(m.sheet, skill.strip(), focus.strip(), s)
    if kind == "attribute":
        return advancement.raise_attribute(m.sheet, target, s)
    if kind == "perk":
        return advancement.buy_perk(m.sheet, target, s)
    if kind == "spell":
        return advancement.learn_spell(m.sheet, target, s, from_book=from_book)
    if kind == "buy_off":
        return advancement.buy_off_complication(m.sheet, target, price or 0)
    if kind == "quasi":
        return advancement.raise_quasi(m.sheet, target, s)
    raise RuleError(f"CP go to {', '.join(_SPENDS)}, not {kind!r}", "Spending Character Points")


def spend_cp(state: Campaign, who: str, kind: str, target: str, *, from_book: bool = False,
             price: int | None = None) -> dict:
    """Spend character points: raise a skill, specialization or attribute, buy a perk, learn a
    spell, or buy off a complication.

    Args:
        state: the campaign.
        who: the character.
        kind: ``"skill"``, ``"specialization"`` (target ``"Skill: Focus"``), ``"attribute"``,
            ``"perk"``, ``"spell"``, ``"buy_off"`` or ``"quasi"`` (a quasi skill).
        target: what is raised, bought, learnt or bought off.
        from_book: a spell learnt from a spell book.
        price: the GM's price for buying off a complication.

    Returns:
        A ``cp_spent`` payload.

    Raises:
        RuleError: the advancement rule is broken, or a fight is going on.
    """
    if state.combat is not None:
        raise RuleError("character points are spent between fights", "Spending Character Points")
    m = state.member(who)
    _new, cost = _spend(state, m, kind, target, from_book, price)
    payload = {"type": "cp_spent", "who": m.id, "kind": kind, "target": target, "cost": cost}
    if from_book:
        payload["from_book"] = True
    if price is not None:
        payload["price"] = price
    return payload


# -- combat -----------------------------------------------------------------------------------


def start_combat(state: Campaign, ids: Sequence[str]) -> dict:
    """Start a fight between the named characters.

    Args:
        state: the campaign.
        ids: the combatants, by id or name.

    Returns:
        A ``combat_started`` payload.

    Raises:
        RuleError: a fight is already on, fewer than two combatants, or an unknown name.
    """
    if state.combat is not None:
        raise RuleError("a fight is already going on", _ORDER)
    members = [state.member(i).id for i in ids]
    if len(set(members)) < 2:
        raise RuleError("a fight needs two combatants or more", _ORDER)
    return {"type": "combat_started", "ids": list(dict.fromkeys(members))}


def start_round(
    state: Campaign,
    actions: Mapping[str, int] | None = None,
    *,
    dice: Dice | None = None,
    typed: Mapping[str, Typed] | None = None,
) -> dict:
    """Declare actions and roll initiative: Agility for each combatant who can act.

    Args:
        state: the campaign.
        actions: id -> actions declared (1 when left out).
        dice: the app's dice.
        typed: id -> the Agility roll typed from the table.

    Raises:
        RuleError: no fight, or a declared count below one.
    """
    fight = state.combat
    if fight is None:
        raise RuleError("start a fight first", _ORDER)
    declared = {state.member(k).id: v for k, v in (actions or {}).items()}
    for who, n in declared.items():
        if who not in fight.ids:
            raise RuleError(f"{who} is not in this fight", _ORDER)
        combat.action_penalty(n)
    able = [i for i in fight.ids if not state.member(i).out_of_action]
    rnd = fight.round + 1
    rolls = []
    luck = _Luck()
    for who in able:
        m = state.member(who)
        pen = wounds.penalty(m.wounds, rnd, relief=_relief(m.sheet)) if m.body is None else 0
        agility = m.sheet.attribute("Agility")
        # A badly hurt combatant still takes a place in the order: the wild die alone.
        req = RollRequest(agility, wound_dice=pen or 0, modifier=_fx(state, m, "Agility"),
                          flat=_flat(state, m, "Agility"), label="initiative", wild_alone=True)
        t = (typed or {}).get(who)
        rolls.append(combat.Initiative(who, _roll(req, state.settings, dice, t, lucky=luck(m)),
                                       m.sheet.attribute("Agility")))
    order = combat.initiative_order(rolls)
    return luck.mark({"type": "round_started", "round": rnd,
                      "actions": {k: v for k, v in declared.items()},
                      "initiative": [{"who": i.who, "roll": i.roll} for i in order]})


def pass_turn(state: Campaign) -> dict:
    """The acting combatant is done; the next one in initiative order acts.

    Raises:
        RuleError: no round is running, or everyone has acted.
    """
    fight = state.combat
    if fight is None or fight.actor is None:
        raise RuleError("everyone has acted: start the next round", _ORDER)
    return {"type": "turn_passed", "round": fight.round, "who": fight.actor}


def ready_to_attack(state: Campaign, attacker: str) -> None:
    """Check that ``attacker`` may attack now, before anyone picks a target: a fight, his
    turn, an action left ("Multiple Actions"), not full dodging, no spell stopping him, and
    able to act ("Wound Level Effects"). :func:`attack` makes the same checks first.

    Raises:
        RuleError: the first of these that fails.
    """
    fight = state.combat
    if fight is None:
        raise RuleError("attacks happen in a fight: start one", _ORDER)
    a = state.member(attacker)
    if a.id not in fight.ids:
        raise RuleError(f"{a.sheet.name} is not in this fight", _ORDER)
    if fight.actor is not None and fight.actor != a.id:
        actor = state.member(fight.actor).sheet.name
        raise RuleError(f"it is {actor}'s turn, not {a.sheet.name}'s", _ORDER)
    _penalty(state, a)  # the dead, the knocked out and the dying cannot act
    _check_action_left(state, a, "attack")
    if (why := effects.blocked(a.effects, "attack")) is not None:
        raise RuleError(f"{a.sheet.name} cannot attack: {why}", "The Grimoire")
    _check_not_dodging(state, a, "attack")


def attack(
    state: Campaign,
    attacker: str,
    target: str,
    *,
    skill: str,
    weapon: str | None = None,
    defense: str | None = None,
    defense_declared: bool = False,
    range_: str | None = None,
    cover: int = 0,
    full_dodge: bool = False,
    hero_points: int = 0,
    defender_hero_points: int = 0,
    dice: Dice | None = None,
    typed: Mapping[str, Typed] | None = None,
) -> dict:
    """An attack, its damage and the wound it deals, in the campaign's combat system.

    Fast Static: the TN is the target's static Dodge (``defense="dodge"``, the default for a
    missile weapon), Block or Parry (default: the better one, in melee), plus range and cover,
    +10 on a full dodge; damage is against static Soak. Traditional: the TN is 10 plus range and
    cover, or the defender's roll when he blocks, parries or dodges (``defense``); damage is
    against a Might roll plus armor. A hit that beats the TN adds "Increasing Damage" when the
    campaign uses it; scale adds its dice. Under Body Points, damage less Damage Resistance
    comes off Body Points.

    A Traditional defense marked declared is one of the defender's declared actions: it is
    refused when he has spent them all this round (an undeclared defense costs -1D instead),
    and once made it leaves him one attack or spell fewer in his turn ("Multiple Actions",
    "Defensive Options"). A brawling attack parried with a weapon, and so missing, deals the
    weapon's damage to the attacker, resisted as any hit (``counter`` in the payload).

    The defender's hero points (``defender_hero_points``) go, under Body Points, +6 each to
    Damage Resistance ("Body Points"), spent only when the attack hits; under wound levels in
    Traditional combat, onto his defense roll when he makes one, else onto his resist roll when
    the attack hits ("Hero Points"). Static defenses are not rolled: under static wound levels
    a defender's hero point goes to "just a flesh wound" instead.

    Args:
        state: the campaign.
        attacker: who attacks; in a round it must be his turn.
        target: who is attacked.
        skill: the attack skill ("Sword", "Bow", "Brawling").
        weapon: the weapon, for damage; None strikes bare-handed.
        defense: ``"dodge"``, ``"block"``, ``"parry"``, ``"full_dodge"`` (traditional:
            rolled by the defender), or None.
        defense_declared: the traditional defense was declared with the round's actions.
        range_: range band of a missile attack; a brawling or melee attack is always
            hand-to-hand (-5, "Attacking a Target").
        cover: percent of the target behind cover.
        full_dodge: (static) the target is doing nothing but dodging.
        hero_points: hero points the attacker spends on the attack roll.
        defender_hero_points: hero points the target spends (see above).
        dice: the app's dice.
        typed: dice typed from the table by roll: ``"attack"``, ``"defense"``, ``"damage"``,
            ``"resist"``, and for a parried brawler ``"counter_damage"``,
            ``"counter_resist"``.

    Returns:
        An ``attacked`` payload with every roll.

    Raises:
        RuleError: out of turn, past the actions declared, a combatant who cannot act, not
            enough hero points, full cover, a block or parry against a missile, or a defense
            the system does not have.
    """
    fight = state.combat
    if fight is None:
        raise RuleError("attacks happen in a fight: start one", _ORDER)
    a, t = state.member(attacker), state.member(target)
    for m in (a, t):
        if m.id not in fight.ids:
            raise RuleError(f"{m.sheet.name} is not in this fight", _ORDER)
    ready_to_attack(state, a.id)
    if hero_points > a.sheet.hero_points:
        raise RuleError(f"{a.sheet.name} has {a.sheet.hero_points} hero points", "Hero Points")
    s = state.settings
    dhp = _defender_hero_points(state, t, defender_hero_points, hero_points if a is t else 0)
    typed = typed or {}
    ranged = weapon is not None and weapon_is_ranged(weapon)
    scale = combat.scale_effects(scale_of(a), scale_of(t))
    # "Racial Perks": the Elf's +1 on ranged attacks, the Reptoid's +1 unarmed damage.
    # Each is a flat bonus to the total, named by its perk ("+1 Elf ranged").
    ranged_flat = tuple((f"{p.name} ranged", p.ranged_attack, p.section)
                        for p in a.sheet.perk_data() if ranged and p.ranged_attack)
    luck = _Luck()
    req = RollRequest(
        _code_for(state, a, skill) + scale.attack, actions=_actions(state, a.id),
        wound_dice=_penalty(state, a), hero_points=hero_points, label=skill,
        modifier=_fx(state, a, skill), flat=ranged_flat + _flat(state, a, skill),
        reflex_dice=_reflex(state, a),
    )
    attack_roll = _roll(req, s, dice, typed.get("attack"), lucky=luck(a))
    payload: dict = {"type": "attacked", "round": fight.round, "attacker": a.id,
                     "target": t.id, "skill": skill, "system": s.combat}
    if weapon is not None:
        payload["weapon"] = weapon
    if hero_points:
        payload["hero_points"] = hero_points
    payload["attack"] = attack_roll

    if not ranged:
        # "Attacking a Target": hand-to-hand is -5 in both systems.
        range_ = combat.HAND_TO_HAND
    if ranged and defense in ("block", "parry"):
        raise RuleError(f"{defense.capitalize()} is only against brawling or melee attacks;"
                        " a missile is dodged", "Defensive Options")
    tn = defense_tn(state, t, scale=scale, ranged=ranged, defense=defense,
                    defense_declared=defense_declared, range_=range_, cover=cover,
                    full_dodge=full_dodge, dice=dice, typed=typed, luck=luck, payload=payload,
                    hero_points=dhp if s.wounds == "levels" else 0)
    if "defender_hero_points" in payload:  # spent on his defense roll
        dhp = 0
    payload["tn"] = tn
    margin = combat.hit_margin(attack_roll["total"], tn)
    payload["hit"] = margin >= 0
    if margin < 0:
        parried_with = _parried_with(state, t, payload, weapon, defense)
        if parried_with is not None:
            # "Defensive Options", Block/Parry: the brawler takes the weapon's damage.
            counter = hit_effects(state, t, a, parried_with, 0, dice=dice, luck=luck,
                                  typed={"damage": typed.get("counter_damage"),
                                         "resist": typed.get("counter_resist")})
            counter.pop("extra", None)
            payload["counter"] = {"weapon": parried_with, **counter}
            return _spellcast.lapsed(state, luck.mark(payload))
        return luck.mark(payload)
    payload.update(hit_effects(state, a, t, weapon, margin, dice=dice, typed=typed, luck=luck,
                               hero_points=dhp))
    if dhp:
        payload["defender_hero_points"] = dhp
    return _spellcast.lapsed(state, luck.mark(payload))


def defense_tn(state: Campaign, t: Member, *, scale: combat.ScaleEffects, ranged: bool,
               defense: str | None, defense_declared: bool, range_: str | None, cover: int,
               full_dodge: bool, dice: Dice | None, typed: Mapping[str, Typed], luck: _Luck,
               payload: dict, hero_points: int = 0) -> int:
    """The TN an attack on ``t`` meets, in the campaign's combat system: a helpless target's
    Very Easy base (:mod:`.helpless`), a full dodge held from earlier in the round, a static
    Dodge, Block or Parry (halved by Daredevil), or 10 or the defender's Traditional roll
    (with his wound, action and reflex penalties; an undeclared one costs -1D more), plus range
    and cover ("Attacking a Target", "Defensive Options", "Static Defenses", "General
    Perks"). Used by every attack, the thrown Lightning Bolt's too.

    Writes what the defense was into ``payload`` (``helpless``, ``dodge_held``,
    ``daredevil``, ``full_dodge``, ``defense``); fold reads them for the reflex penalty and
    the held full dodge (:func:`_defended`). A Traditional defense marked declared must have
    a declared action left for it (:func:`_check_defense_declared`). ``hero_points``: the
    defender's, put on his Traditional defense roll when he makes one (then written as
    ``defender_hero_points``).

    Raises:
        RuleError: a defense a helpless or full-dodging target cannot make, one the combat
            system does not have, or a declared defense with no declared action left.
    """
    fight = state.combat
    s = state.settings
    # "General Perks": Daredevil halves the target's Dodge, Block and Parry and doubles his
    # Might against damage for the round it was declared for.
    dd = daredevil(state, t)
    held = reflexes.held_dodge(fight, t.id)
    why = helpless.helpless_reason(state, t)
    if why is not None:
        # A marked decision (helpless.py): no defense at all, a Very Easy base TN.
        if defense is not None or full_dodge:
            raise RuleError(f"{t.sheet.name} is {why} and cannot dodge, block or parry",
                            "Combat")
        tn = helpless.helpless_tn(range_, cover)
        payload["helpless"] = why
    elif held is not None:
        if defense not in (None, "dodge", "full_dodge"):
            raise RuleError(f"{t.sheet.name} is full dodging until their next turn; every"
                            " attack meets that dodge", "Defensive Options"
                            if s.combat != "static" else "Static Defenses")
        if held.total is None or s.combat == "static":
            base = dodge(t.sheet, s) + scale.dodge.static
            if dd:  # Daredevil halves the dodge for the whole round ("General Perks")
                base //= 2
                payload["daredevil"] = True
            tn = combat.static_tn(base, range_=range_, cover=cover, full_dodge=True)
        else:
            tn = combat.traditional_tn(held.total, kind="full_dodge", range_=range_,
                                       cover=cover)
        payload["dodge_held"] = True
    elif s.combat == "static":
        kind = defense or ("dodge" if ranged else "melee")
        if kind == "dodge":
            base = dodge(t.sheet, s) + scale.dodge.static
        elif kind == "block":
            base = block(t.sheet, s)
        elif kind == "parry":
            base = parry(t.sheet, s)
        elif kind == "melee":
            base = max(block(t.sheet, s), parry(t.sheet, s))
        else:
            raise RuleError(f"static defenses are dodge, block and parry, not {kind!r}",
                            "Static Defenses")
        if dd:
            base //= 2
            payload["daredevil"] = True
        tn = combat.static_tn(base, range_=range_, cover=cover,
                              full_dodge=full_dodge and kind == "dodge")
        if full_dodge and kind == "dodge":
            payload["full_dodge"] = True  # it holds until the target's next turn
    else:
        if defense is None:
            tn = combat.traditional_tn(range_=range_, cover=cover)
        else:
            if defense not in ("dodge", "block", "parry", "full_dodge"):
                raise RuleError(f"a defense is dodge, block, parry or full_dodge, not {defense!r}",
                                "Defensive Options")
            dskill = {"dodge": "Dodge", "full_dodge": "Dodge", "block": "Brawling",
                      "parry": _best_melee(state, t)}[defense]
            extra = combat.reflex_penalty(defense_declared) if defense != "full_dodge" else 0
            if defense_declared and defense != "full_dodge" and fight is not None:
                _check_defense_declared(fight, t)
            dcode = _code_for(state, t, dskill) + (scale.dodge if "dodge" in defense else ZERO)
            on_defense = hero_points
            dreq = RollRequest(dcode, actions=_actions(state, t.id),
                               modifier=_fx(state, t, dskill), wound_dice=_penalty(state, t),
                               reflex_dice=_reflex(state, t) + extra, label=dskill,
                               halved_by=(DAREDEVIL,) if dd else (),
                               hero_points=on_defense, flat=_flat(state, t, dskill))
            droll = _roll(dreq, s, dice, typed.get("defense"), lucky=luck(t))
            payload["defense"] = {"kind": defense, "roll": droll}
            if defense_declared:
                payload["defense"]["declared"] = True
            if on_defense:
                payload["defender_hero_points"] = on_defense
            tn = combat.traditional_tn(droll["total"], kind=defense, range_=range_, cover=cover)
    return tn


def _defender_hero_points(state: Campaign, t: Member, n: int, taken: int) -> int:
    """Check the hero points a defender spends on an attack (see :func:`attack`).

    Raises:
        RuleError: fewer than 0, more than he has, or a campaign with no rolled use for them
            (static wound levels).
    """
    if n == 0:
        return 0
    if n < 0:
        raise RuleError("hero points spent are 0 or more", "Hero Points")
    if n + taken > t.sheet.hero_points:
        raise RuleError(f"{t.sheet.name} has {t.sheet.hero_points} hero points", "Hero Points")
    if state.settings.wounds == "levels" and state.settings.combat == "static":
        raise RuleError("static defenses and Soak are not rolled: a defender's hero point"
                        " makes a wound 'just a flesh wound' instead", "Hero Points")
    return n


def _check_defense_declared(fight: Combat, t: Member) -> None:
    """Refuse a declared defense when the defender has spent every declared action.

    Raises:
        RuleError: no declared action is left for it.
    """
    n = fight.declared(t.id)
    if fight.actions_spent(t.id) >= n:
        raise RuleError(
            f"{t.sheet.name} declared {plural(n, 'action')} this round and has"
            " spent them: this defense was not declared (it costs -1D until his next turn)",
            "Multiple Actions")


def _parried_with(state: Campaign, t: Member, payload: dict, weapon: str | None,
                  defense: str | None) -> str | None:
    """The melee weapon a defender parried a bare-handed (brawling) attack with, or None.

    A parry is the Traditional ``parry`` roll, or in Fast Static an explicit ``parry`` or the
    default melee defense when his Parry is higher than his Block. The weapon is the first
    melee weapon on his sheet; without one nothing hurts the attacker.
    """
    from d6tui.games.simple_six.content import content

    if weapon is not None or "helpless" in payload or payload.get("dodge_held"):
        return None
    s = state.settings
    if s.combat == "static":
        parried = defense == "parry" or (
            defense is None and parry(t.sheet, s) > block(t.sheet, s))
    else:
        parried = isinstance(payload.get("defense"), dict) and (
            payload["defense"]["kind"] == "parry")
    if not combat.parry_hurts_attacker(True, parried):
        return None
    return next((w for w in t.sheet.weapons if content().weapon(w).kind != "ranged"), None)


def hit_effects(state: Campaign, a: Member, t: Member, weapon: str | None, margin: int, *,
                dice: Dice | None, typed: Mapping[str, Typed | None], luck: _Luck,
                hero_points: int = 0) -> dict:
    """What a hit does, for :func:`attack` (and an attack roll changed after it was made,
    :mod:`.afterroll`): the damage roll, the target's resistance (static Soak, a Might roll
    plus armor, or armor under Body Points; Daredevil doubles the Might), and "Increasing
    Damage" from the margin.

    Under Body Points the larger target adds the scale difference to its Damage Resistance,
    as to Soak ("Scaling"), and each of the target's ``hero_points`` adds +6 to it ("Body
    Points"); under Traditional wound levels the hero points go on the resist roll.

    Returns:
        ``damage``, ``resistance``, ``extra`` and, as they apply, ``resist`` and
        ``daredevil``.
    """
    s = state.settings
    scale = combat.scale_effects(scale_of(a), scale_of(t))
    # "Racial Perks": the Reptoid's claws add +1 to the damage total, not a pip of the code.
    claws = tuple((f"{p.name} claws", p.unarmed_damage, p.section) for p in a.sheet.perk_data()
                  if weapon is None and p.unarmed_damage)
    dd = daredevil(state, t)
    out: dict = {}
    dmg_code = (weapon_damage(a.sheet, weapon, s) if weapon else unarmed_damage(a.sheet, s))
    dmg_code = dmg_code + scale.damage + _fx(state, a, "damage")
    if weapon is not None:
        from d6tui.games.simple_six.tools import weapon_bonus

        dmg_code = dmg_code + weapon_bonus(a.items, weapon, t.sheet.name)
    out["damage"] = _roll(RollRequest(dmg_code, label="damage",
                                      flat=claws + _flat(state, a, "damage")),
                          s, dice, typed.get("damage"),
                          lucky=luck(a))
    if s.wounds == "body_points":
        out["resistance"] = (armor_value(t.sheet) + scale.soak.static
                             + wounds.BP_HERO_DR * hero_points)
    elif s.combat == "static":
        # Daredevil doubles the Might in Soak, not the armor.
        might = t.sheet.attribute("Might").static if dd else 0
        out["resistance"] = soak(t.sheet) + scale.soak.static + might
        if dd:
            out["daredevil"] = True
    else:
        rreq = RollRequest(t.sheet.attribute("Might") + scale.soak + _fx(state, t, "resist"),
                           label="resist", doubled_by=(DAREDEVIL,) if dd else (),
                           hero_points=hero_points, flat=_flat(state, t, "resist"))
        rroll = _roll(rreq, s, dice, typed.get("resist"), lucky=luck(t))
        out["resist"] = rroll
        out["resistance"] = rroll["total"] + armor_value(t.sheet)
    out["extra"] = (wounds.extra_damage(margin, s.increasing_damage)
                    if s.increasing_damage else 0)
    return out


def scale_of(m: Member) -> int:
    """A character's scale in dice with Growth, Animal Growth or Shape Change on him
    ("Scaling", "The Grimoire")."""
    return effects.scaled(m.sheet.scale, effects.scale_steps(m.effects))


def weapon_is_ranged(weapon: str) -> bool:
    """Whether a weapon of the tables is a missile weapon."""
    from d6tui.games.simple_six.content import content

    return content().weapon(weapon).kind == "ranged"


def _best_melee(state: Campaign, m: Member) -> str:
    from d6tui.games.simple_six.sheet import melee_skills

    names = melee_skills(state.settings) or ["Brawling"]
    return max(names, key=lambda n: m.sheet.skill(n, state.settings))


def stay_up(state: Campaign, who: str, *, dice: Dice | None = None,
            typed: Typed | None = None, knockout_faces: Sequence[int] | None = None) -> dict:
    """The newly Incapacitated character's Stamina roll (Moderate, 15) and, on a failure, the
    10D minutes he is out ("Wound Level Effects").

    Args:
        state: the campaign.
        who: the Incapacitated character.
        dice: the app's dice.
        typed: the Stamina roll typed from the table.
        knockout_faces: the 10D typed from the table.

    Returns:
        A ``stay_up_rolled`` payload.

    Raises:
        RuleError: the character is not waiting on this roll.
    """
    m = state.member(who)
    if m.wounds.level != wounds.WoundLevel.INCAPACITATED or not m.wounds.stay_up_pending:
        raise RuleError(f"{m.sheet.name} has no roll to stay up", "Wound Level Effects")
    # The Stamina skill by name, even in a stored campaign whose renamed attribute is called
    # Stamina too ("Renaming Attributes" refuses that name for new campaigns).
    code = m.sheet.skill("Stamina", state.settings) if state.settings.skills.canonical(
        "Stamina") else m.sheet.attribute("Might")
    luck = _Luck()
    roll = _roll(RollRequest(code, target=wounds.STAY_UP_TN, label="Stamina",
                             modifier=_fx(state, m, "Stamina"),
                             flat=_flat(state, m, "Stamina")),
                 state.settings, dice, typed, lucky=luck(m))
    payload: dict = luck.mark({"type": "stay_up_rolled", "who": m.id, "roll": roll})
    if roll["total"] < wounds.STAY_UP_TN:
        if knockout_faces is not None:
            payload["knockout"] = table_roll(list(knockout_faces), wounds.KNOCKOUT_DICE)
        elif dice is not None:
            payload["knockout"] = dice.roll(wounds.KNOCKOUT_DICE)
        else:
            raise DiceError("roll 10D for the minutes the character is out")
    return _spellcast.lapsed(state, payload)


def mortal_roll(state: Campaign, who: str, *, dice: Dice | None = None,
                typed: Typed | None = None) -> dict:
    """A Mortally Wounded character's Might roll for the round ("Wound Level Effects").

    Args:
        state: the campaign.
        who: the Mortally Wounded character.
        dice: the app's dice.
        typed: the roll typed from the table.

    Returns:
        A ``mortal_rolled`` payload.

    Raises:
        RuleError: the character is not Mortally Wounded, or has rolled in this combat round
            already (one roll a round).
    """
    m = state.member(who)
    if m.wounds.level != wounds.WoundLevel.MORTALLY_WOUNDED:
        raise RuleError(f"{m.sheet.name} is not Mortally Wounded", "Wound Level Effects")
    rnd = state.combat.round if state.combat else None
    if rnd is not None and m.wounds.mortal_rolled_round == rnd:
        raise RuleError(f"{m.sheet.name} has rolled Might against death this round; the next"
                        f" roll comes in round {rnd + 1}", "Wound Level Effects")
    luck = _Luck()
    # The roll fails below the whole minutes spent at this level: with one or more it has
    # that target, so Destiny and character points can change a failure.
    minutes = m.wounds.mortal_rounds // wounds.ROUNDS_PER_MINUTE
    roll = _roll(RollRequest(m.sheet.attribute("Might"), label="Might",
                             target=minutes or None,
                             modifier=_fx(state, m, "Might"), flat=_flat(state, m, "Might")),
                 state.settings, dice,
                 typed, lucky=luck(m))
    return _spellcast.lapsed(state, luck.mark({"type": "mortal_rolled", "who": m.id,
                                                "roll": roll}))


def flesh_wound(state: Campaign, who: str) -> dict:
    """Spend a hero point: "just a flesh wound" lowers the wound level one step.

    Args:
        state: the campaign.
        who: the wounded character.

    Returns:
        A ``flesh_wound_taken`` payload.

    Raises:
        RuleError: the rule's conditions are not met (see :func:`.wounds.just_a_flesh_wound`).
    """
    m = state.member(who)
    if state.settings.wounds != "levels":
        raise RuleError("flesh wounds lower wound levels; this campaign counts Body Points",
                        "Hero Points")
    wounds.just_a_flesh_wound(m.wounds, m.sheet.hero_points, state.settings.wild.hero_points)
    return {"type": "flesh_wound_taken", "who": m.id}


def heal(
    state: Campaign,
    who: str,
    method: str,
    *,
    minutes: int | None = None,
    healer: str | None = None,
    dice: Dice | None = None,
    typed: Typed | None = None,
    recovery_faces: Sequence[int] | None = None,
) -> dict:
    """Heal a character: ``"natural"`` (a Might roll after rest), ``"assisted"`` (a healer's
    Medicine roll, once a day) or ``"potion"`` (a Potion of Healing) ("Healing", "Potions").

    Args:
        state: the campaign.
        who: the patient.
        method: how.
        minutes: minutes rested (natural) or since the last treatment (assisted; None: never).
        healer: the character who rolls Medicine (assisted).
        dice: the app's dice.
        typed: the check typed from the table.
        recovery_faces: under Body Points, the recovered dice typed from the table.

    Raises:
        RuleError: the healing rule is broken (rest too short, nothing to heal, natural healing
            for a combatant in the middle of a fight...), or the healer cannot act (knocked
            out, Mortally Wounded, dead, helpless; :func:`able_to_treat`). The healer's wound
            penalty is on his Medicine roll.
    """
    m = state.member(who)
    s = state.settings
    extra = sum(p.healing_tn for p in m.sheet.perk_data())
    heals = all(p.heals for p in m.sheet.perk_data())
    payload: dict = {"type": "healed", "who": m.id, "method": method}
    if minutes is not None:
        payload["minutes"] = minutes
    if not heals:
        raise RuleError(_NO_HEALING.format(name=m.sheet.name), "Racial Perks")
    luck = _Luck()
    if method == "potion":
        if m.body is not None:
            raise RuleError("a potion heals a wound level; this campaign counts Body Points",
                            "Potions")
        wounds.potion_of_healing(m.wounds)
        return payload
    if method not in ("natural", "assisted"):
        raise RuleError(f"healing is natural, assisted or potion, not {method!r}", "Healing")
    if method == "natural" and state.combat is not None and m.id in state.combat.ids:
        # Natural healing is rest (days of it); a combatant cannot rest mid-fight.
        raise RuleError(f"{m.sheet.name} is fighting: natural healing needs rest, after the"
                        " fight", "Healing" if m.body is None else
                        "Body Points (alternative to Wound Levels)")
    roller = m if method == "natural" else state.member(healer or "")
    what = "Might" if method == "natural" else "Medicine"
    # Natural healing is the body mending at rest; treating someone is an action.
    pen = 0
    if method == "assisted":
        payload["healer"] = roller.id
        pen = able_to_treat(state, roller, "treat")
        if roller.id == m.id:
            raise RuleError(f"{m.sheet.name} cannot treat themself: assisted healing is help"
                            " from another character", "Healing")
    if m.body is not None and m.body.current >= m.body.maximum:
        raise RuleError(f"{m.sheet.name} is at full Body Points ({m.body.current}): nothing to"
                        " heal", "Body Points (alternative to Wound Levels)")
    if m.body is not None:
        if method == "natural" and (minutes or 0) < 24 * 60:
            raise RuleError("Body Points heal after a full day of rest",
                            "Body Points (alternative to Wound Levels)")
        if method == "assisted" and minutes is not None and minutes < wounds.ASSISTED_EVERY:
            raise RuleError("a patient can be treated once a day",
                            "Body Points (alternative to Wound Levels)")
        roll = _roll(RollRequest(_code_for(state, roller, what), label=s.rename(what),
                                 wound_dice=pen,
                                 modifier=_fx(state, roller, what),
                                 flat=_flat(state, roller, what)), s, dice, typed,
                     lucky=luck(roller))
        payload["roll"] = roll
        _new, rec = wounds.bp_heal(m.body, roll["total"], dice=dice, faces=recovery_faces)
        if rec is not None:
            payload["recovered"] = rec
        return luck.mark(payload)
    if m.wounds.level == wounds.WoundLevel.STUNNED and method == "natural":
        wounds.natural_healing(m.wounds, None, minutes or 0, heals=heals)
        return payload
    if method == "natural":
        wounds.natural_healing(m.wounds, 99, minutes or 0, extra_tn=extra, heals=heals)
    else:
        wounds.assisted_healing(m.wounds, 99, minutes, extra_tn=extra, heals=heals)
    tn = (wounds.natural_healing_tn(m.wounds, extra) if method == "natural"
          else wounds.assisted_healing_tn(m.wounds, extra))
    if tn is not None:  # for the record: a failed treatment says so, with its TN
        payload["tn"] = tn
    roll = _roll(RollRequest(_code_for(state, roller, what), label=s.rename(what),
                             wound_dice=pen,
                             modifier=_fx(state, roller, what),
                             flat=_flat(state, roller, what)), s, dice, typed,
                 lucky=luck(roller))
    payload["roll"] = roll
    return luck.mark(payload)


#: Why a Robot is refused healing ("Racial Perks": he does not heal, he is repaired).
_NO_HEALING = ("{name} does not heal (no rest, potion or Heal spell): he is repaired."
               " A repair is a skill roll the GM sets (H: Repair or a craft skill against"
               " the GM's TN).")


def roll_check(
    state: Campaign,
    who: str,
    what: str,
    *,
    target: int | None = None,
    hero_points: int = 0,
    character_points: int = 0,
    modifier: DieCode | str = ZERO,
    appearance: bool = False,
    dice: Dice | None = None,
    typed: tuple[Sequence[int], Sequence[int], Sequence[Sequence[int]]] | None = None,
) -> dict:
    """Any attribute, skill or specialization roll (``"Wit"``, ``"Stealth"``,
    ``"Athletics: Running"``), with wound and action penalties, points spent, and a target.

    Args:
        state: the campaign.
        who: the character rolling.
        what: the attribute, skill or ``"Skill: Focus"``.
        target: the target number, if any.
        hero_points: hero points spent on the roll.
        character_points: character points spent for extra wild dice.
        modifier: any other change to the code.
        appearance: the action is about the character's looks: Attractive doubles the result,
            once a session ("General Perks"; the payload names the perk, fold spends it).
        dice: the app's dice.
        typed: (faces, wild chain, extra wild chains) typed from the table.

    Returns:
        A ``rolled`` payload. A declared Lucky doubles it too; a perk's skill bonus (the
        Dwarf's +2 to crafts, "Racial Perks") is a named line of the breakdown.

    Raises:
        RuleError: not enough hero or character points, Attractive asked for by a character
            who does not have it or has used it this session, a full dodger (he does nothing
            else until his next turn), or a rule of the roll is broken.
    """
    from d6tui.games.simple_six import perks

    m = state.member(who)
    # A full dodger does nothing but dodge until his next turn ("Defensive Options").
    _check_not_dodging(state, m, "skill check")
    doubled: tuple[str, ...] = ()
    if appearance:
        perks.check_unused(state, m, perks.ATTRACTIVE)
        doubled = (perks.ATTRACTIVE,)
    if hero_points > m.sheet.hero_points:
        raise RuleError(f"{m.sheet.name} has {m.sheet.hero_points} hero points", "Hero Points")
    if character_points > m.sheet.character_points:
        raise RuleError(f"{m.sheet.name} has {m.sheet.character_points} character points",
                        "Traditional OpenD6 Character Points")
    req = RollRequest(
        _code_for(state, m, what), actions=_actions(state, m.id), wound_dice=_penalty(state, m),
        modifier=as_code(modifier) + _fx(state, m, what), hero_points=hero_points,
        character_points=character_points, target=target, label=what,
        flat=_flat(state, m, what),
        doubled_by=doubled + ((LUCKY,) if m.lucky else ()), reflex_dice=_reflex(state, m),
    )
    if typed is not None:
        faces, wild, cp = typed
        roll = table_wild(req, faces, wild, cp, options=wild_options(state.settings))
    else:
        if dice is None:
            raise DiceError("roll the dice, or type the faces rolled at the table")
        roll = roll_wild(req, dice, wild_options(state.settings))
    payload: dict = {"type": "rolled", "who": m.id, "what": what, "roll": roll}
    if hero_points:
        payload["hero_points"] = hero_points
    if character_points:
        payload["character_points"] = character_points
    if appearance:
        payload["perk"] = perks.ATTRACTIVE
    if m.lucky:
        payload["lucky"] = [m.id]
    return payload


def cast_spell(
    state: Campaign,
    who: str,
    spell: str,
    tn: int | None,
    *,
    target: str | None = None,
    castings_today: int = 0,
    hero_points: int = 0,
    dice: Dice | None = None,
    typed: Typed | None = None,
) -> dict:
    """Cast a known spell: a Magic roll, less a die for each failure since the last rest,
    against the spell's TN (see :func:`.magic.spell_tn`) ("Casting Spells").

    Heal ("The Grimoire") takes a ``target`` instead of a TN and is cast by
    :func:`.spellcast.cast` (the one path of Heal, known or from a scroll): 15 for the Wounded
    or Severely Wounded, 19 for the Incapacitated, 23 for the Mortally Wounded, +10 for each
    Heal cast on the target this campaign day (counted from the log, :func:`heals_today`);
    success lowers the target's wound level one step (in fold). The six turns of
    concentration before the cast are the GM's to count.

    Args:
        state: the campaign.
        who: the caster.
        spell: a spell the caster knows.
        tn: its target number (None for Heal, whose TN the target's wounds set).
        target: Heal's patient.
        castings_today: Heal spells cast on that patient today that the log does not hold
            (cast before the campaign kept count); added to those it does.
        hero_points: hero points the caster spends on the Magic roll ("Hero Points").
        dice: the app's dice.
        typed: the roll typed from the table.

    Returns:
        A ``spell_cast`` payload (with ``target`` for Heal).

    Raises:
        RuleError: the caster does not know the spell, cannot work magic, or one of
            :func:`check_can_cast`'s rules is broken; Heal with no target, a target it
            cannot treat, or a campaign counting Body Points.
    """
    from d6tui.games.simple_six import spellcast
    from d6tui.games.simple_six.content import content
    from d6tui.games.simple_six.sheet import can_use_magic

    m = state.member(who)
    sp = content().spell(spell)
    if sp.name == HEAL_SPELL:
        if target is None:
            raise RuleError("Heal is cast on someone: name the target", "The Grimoire")
        if castings_today < 0:
            raise RuleError("castings today are 0 or more", "The Grimoire")
        return spellcast.cast(state, m.id, sp.name, targets=[target],
                              castings_today=castings_today, dice=dice,
                              typed={"roll": typed} if typed is not None else None)
    if not can_use_magic(m.sheet, state.settings):
        raise RuleError(f"{m.sheet.name} cannot work magic", "Access to Magic")
    if sp.name not in m.sheet.spells:
        raise RuleError(f"{m.sheet.name} does not know {sp.name}", "Casting Spells")
    check_can_cast(state, m)
    _check_hero(m, hero_points)
    if tn is None:
        raise RuleError(f"{sp.name} needs a target number", "The Grimoire")
    code = magic.casting_code(_code_for(state, m, "Magic"), m.caster)
    req = RollRequest(code, actions=_actions(state, m.id), wound_dice=_penalty(state, m),
                      target=tn, label=sp.name, modifier=_fx(state, m, "Magic"),
                      flat=_flat(state, m, "Magic"), reflex_dice=_reflex(state, m),
                      hero_points=hero_points)
    luck = _Luck()
    roll = _roll(req, state.settings, dice, typed, lucky=luck(m))
    payload = {"type": "spell_cast", "who": m.id, "spell": sp.name, "tn": tn, "roll": roll}
    if hero_points:
        payload["hero_points"] = hero_points
    return luck.mark(payload)


#: The spell that lowers a wound level ("The Grimoire").
HEAL_SPELL = "Heal"


def rest(state: Campaign, who: str, minutes: int) -> dict:
    """A caster rests; an hour clears the failure penalty ("Casting Spells").

    Raises:
        RuleError: a rest of less than nothing, or by a combatant in the middle of a fight
            (rest must be uninterrupted).
    """
    m = state.member(who)
    if minutes < 0:
        raise RuleError("rest is counted in minutes, 0 or more", "Casting Spells")
    if state.combat is not None and m.id in state.combat.ids:
        raise RuleError(f"{m.sheet.name} is fighting: an hour's rest with no interruption"
                        " comes after the fight", "Casting Spells")
    return {"type": "rested", "who": m.id, "minutes": minutes}


def end_combat(state: Campaign) -> dict:
    """End the fight.

    Raises:
        RuleError: there is none.
    """
    if state.combat is None:
        raise RuleError("there is no fight to end", _ORDER)
    return {"type": "combat_ended", "round": state.combat.round}


# -- fold -------------------------------------------------------------------------------------


def _need(event: dict, key: str) -> Any:
    if key not in event:
        raise EventError(f"a {event['type']} event needs '{key}'")
    return event[key]


def _member(state: Campaign, who: object) -> Member:
    try:
        return state.member(str(who))
    except RuleError:
        raise EventError(f"there is no character {who!r}") from None


def _check(fn, *args, **kwargs):  # type: ignore[no-untyped-def]
    """Call a rules function inside fold: a broken rule means the event never fitted."""
    try:
        return fn(*args, **kwargs)
    except D6Error as e:
        if isinstance(e, EventError):
            raise
        raise EventError(str(e)) from None


def fold(state: Campaign, event: dict) -> Campaign:
    """Apply one event.

    Args:
        state: the campaign.
        event: a stored event.

    Returns:
        The new state.

    Raises:
        EventError: the event does not fit the campaign (unknown type, missing key, a roll whose
            faces do not add up, a character who is not there).
    """
    from d6tui.games.simple_six import knockout
    from d6tui.games.simple_six.perks import after

    t = event.get("type")
    handler = _FOLDS.get(str(t))
    if handler is None:
        raise EventError(f"unknown event type {t!r}")
    # the campaign's own tables, never the files (DESIGN "The log": self-contained)
    with in_use(state.content.rules if state.content is not None else None):
        # "Concentration (CONC)": a caster knocked out, Mortally Wounded or dead keeps no
        # spell up.
        folded = _spellcast.release_fallen(after(state, handler(state, event), event))
        # a 10D-minute knockout counts the time this event lets pass (:mod:`.knockout`)
        return knockout.after(state, folded, event)


def _later(module: str, name: str) -> Any:
    """A fold handler kept in another module of this package, imported when first used (those
    modules import this one)."""

    def handler(state: Campaign, event: dict) -> Campaign:
        from importlib import import_module

        fn = getattr(import_module(f"d6tui.games.simple_six.{module}"), name)
        return fn(state, event)  # type: ignore[no-any-return]

    return handler


def _f_started(state: Campaign, e: dict) -> Campaign:
    # a save from before campaigns kept their copy replays with the content shipped then
    try:
        own = from_doc(e["content"]) if "content" in e else frozen_v1()
    except (D6Error, KeyError, TypeError, ValueError) as err:
        raise EventError(f"the campaign's copy of its content does not read: {err}") from None
    with in_use(own.rules):
        settings = _check(CampaignSettings.from_mapping, _need(e, "settings"), own.rules)
    return replace(state, settings=settings, content=own)


def _f_added(state: Campaign, e: dict) -> Campaign:
    sheet = sheet_from_dict(_need(e, "sheet"))
    cid = str(_need(e, "id"))
    if any(m.id == cid for m in state.members):
        raise EventError(f"the id {cid} is taken")
    body = None
    if state.settings.wounds == "body_points":
        if sheet.body_points is None:
            raise EventError("this campaign counts Body Points; the sheet has none")
        if "body_roll" in e:
            total = _total(e["body_roll"], "Body Points")
            if sheet.body_points != BODY_POINTS_BASE + total:
                raise EventError("the Body Points do not match their roll")
        body = wounds.BodyPoints(sheet.body_points, sheet.body_points)
    return replace(state, members=(*state.members, Member(cid, sheet, body=body)))


def _f_session_started(state: Campaign, e: dict) -> Campaign:
    if state.in_session or _need(e, "number") != state.session + 1:
        raise EventError("a session starts only after the last one ended, numbered next")
    members = tuple(replace(m, sheet=advancement.begin_session(m.sheet)) for m in state.members)
    return replace(state, session=state.session + 1, in_session=True, members=members)


def _f_session_ended(state: Campaign, e: dict) -> Campaign:
    if not state.in_session:
        raise EventError("no session is running")
    cp, hp = dict(e.get("cp", {})), dict(e.get("hero_points", {}))
    for who in {*cp, *hp}:
        m = _member(state, who)
        sheet = _check(advancement.award, m.sheet, int(cp.get(who, 0)), int(hp.get(who, 0)))
        state = state._put(replace(m, sheet=sheet))
    return replace(state, in_session=False)


def _f_cp_spent(state: Campaign, e: dict) -> Campaign:
    m = _member(state, _need(e, "who"))
    sheet, cost = _check(_spend, state, m, str(_need(e, "kind")), str(_need(e, "target")),
                         bool(e.get("from_book", False)), e.get("price"))
    if cost != e.get("cost"):
        raise EventError(f"the cost was {e.get('cost')}, the rules say {cost}")
    return state._put(replace(m, sheet=sheet))


def _f_combat_started(state: Campaign, e: dict) -> Campaign:
    if state.combat is not None:
        raise EventError("a fight is already going on")
    ids = tuple(_member(state, i).id for i in _need(e, "ids"))
    members = tuple(
        replace(m, wounds=wounds.new_combat(m.wounds)) if m.id in ids else m
        for m in state.members
    )
    return replace(state, combat=Combat(ids), members=members)


def _f_round_started(state: Campaign, e: dict) -> Campaign:
    fight = state.combat
    if fight is None or _need(e, "round") != fight.round + 1:
        raise EventError("a round starts in a fight, numbered next")
    order = []
    for entry in _need(e, "initiative"):
        who = _member(state, entry["who"]).id
        if who not in fight.ids:
            raise EventError(f"{who} is not in this fight")
        _total(entry["roll"], "initiative")
        order.append(who)
    actions = tuple((str(k), int(v)) for k, v in dict(e.get("actions", {})).items())
    members = tuple(
        replace(m, caster=magic.next_turn(m.caster)) if m.id in fight.ids else m
        for m in state.members
    )
    # Spells lasting rounds count down as each round starts ("The Grimoire").
    members = tuple(replace(m, effects=effects.pass_rounds(m.effects)) if m.effects else m
                    for m in members)
    return replace(state, members=members, combat=reflexes.round_started(replace(
        fight, round=fight.round + 1, order=tuple(order), current=0, actions=actions, used=0,
        defenses=(), made=())))


def _f_turn_passed(state: Campaign, e: dict) -> Campaign:
    fight = state.combat
    if fight is None or fight.actor is None or e.get("who") != fight.actor:
        raise EventError("only the acting combatant passes the turn")
    members = tuple(
        replace(m, caster=magic.next_turn(m.caster)) if m.id == fight.actor else m
        for m in state.members
    )
    made = _add_count(fight.made, fight.actor, fight.used)
    return replace(state, members=members, combat=reflexes.turn_started(
        replace(fight, current=fight.current + 1, used=0, made=made)))


def _add_count(counts: tuple[tuple[str, int], ...], who: str, n: int
               ) -> tuple[tuple[str, int], ...]:
    """``counts`` (id -> number) with ``n`` more for ``who``."""
    if n <= 0:
        return counts
    had = dict(counts).get(who, 0)
    return (*((k, v) for k, v in counts if k != who), (who, had + n))


def _f_attacked(state: Campaign, e: dict) -> Campaign:
    a = _member(state, _need(e, "attacker"))
    t = _member(state, _need(e, "target"))
    attack_total = _total(_need(e, "attack"), "attack")
    # Counted, not refused: logs written before the limit was enforced still load.
    state = _count_action(state, a.id)
    spent = int(e.get("hero_points", 0))
    if spent:
        if spent > a.sheet.hero_points:
            raise EventError(f"{a.sheet.name} had no hero points to spend")
        state = state._put(replace(a, sheet=replace(a.sheet,
                                                     hero_points=a.sheet.hero_points - spent)))
        t = _member(state, t.id)
    if "defense" in e:
        _total(e["defense"]["roll"], "defense")
    state = _defended(state, t.id, e)
    tn = int(_need(e, "tn"))
    hit = attack_total >= tn
    if hit != bool(e.get("hit")):
        raise EventError("the attack's hit does not match its roll and TN")
    dhp = int(e.get("defender_hero_points", 0))
    if dhp and (hit or "defense" in e):  # spent on the defense roll, or on a hit's DR/resist
        t = _member(state, t.id)
        if dhp > t.sheet.hero_points:
            raise EventError(f"{t.sheet.name} had no hero points to spend")
        state = state._put(replace(t, sheet=replace(t.sheet,
                                                     hero_points=t.sheet.hero_points - dhp)))
    if not hit:
        counter = e.get("counter")
        if isinstance(counter, dict):  # a brawler parried with a weapon takes its damage
            state = _take_damage(state, a.id, counter, 0)
        return state
    return _take_damage(state, t.id, e, int(e.get("extra", 0)))


def _take_damage(state: Campaign, who: str, e: Mapping, extra: int) -> Campaign:
    """Fold a hit's damage (``damage``, ``resistance``, a ``resist`` roll) onto ``who``."""
    t = _member(state, who)
    damage_total = _total(_need(dict(e, type="attacked"), "damage"), "damage")
    if "resist" in e:
        _total(e["resist"], "resist")
    resistance = int(_need(dict(e, type="attacked"), "resistance"))
    rnd = state.combat.round if state.combat else None
    if damage_total + extra > resistance:
        state = _spell_hurt(state, t.id)
        t = _member(state, t.id)
    if t.body is not None:
        return state._put(replace(t, body=wounds.bp_hit(t.body, damage_total + extra,
                                                        resistance)))
    margin = damage_total + extra - resistance
    return state._put(replace(t, wounds=wounds.take_hit(t.wounds, margin, rnd)))


def _f_stay_up(state: Campaign, e: dict) -> Campaign:
    m = _member(state, _need(e, "who"))
    total = _total(_need(e, "roll"), "Stamina")
    ko = e.get("knockout")
    faces = check_roll(ko, sides=6, count=wounds.KNOCKOUT_DICE) if ko is not None else None
    new, _ = _check(wounds.stay_up, m.wounds, total, knockout_faces=faces,
                    dice=None if faces is not None else _NO_DICE)
    return state._put(replace(m, wounds=new))


def _defended(state: Campaign, target: str, e: dict) -> Campaign:
    """What an attack's defense leaves on the target until his next turn: a reflex penalty
    for a defense not declared, a full dodge that holds ("Defensive Options")."""
    fight = state.combat
    if fight is None or "dodge_held" in e or "helpless" in e:
        return state
    if e.get("full_dodge"):  # Fast Static: the static Dodge +10 holds
        fight = reflexes.start_full_dodge(fight, target, None)
    d = e.get("defense")
    if isinstance(d, dict):
        if d.get("kind") == "full_dodge":
            fight = reflexes.start_full_dodge(fight, target, int(d["roll"]["total"]))
        elif not d.get("declared"):
            fight = reflexes.add_reflex(fight, target, combat.reflex_penalty(False))
        else:
            # Counted, not refused: logs written before the count still load.
            fight = replace(fight, defenses=_add_count(fight.defenses, target, 1))
    return replace(state, combat=fight)


class _NoDice(Dice):
    """Stands in for dice inside fold, where every face must come from the event."""

    def roll(self, count: int, sides: int = 6) -> dict:
        raise EventError("the event is missing the dice it rolled")


_NO_DICE = _NoDice(0)


def _f_mortal(state: Campaign, e: dict) -> Campaign:
    m = _member(state, _need(e, "who"))
    total = _total(_need(e, "roll"), "Might")
    new = _check(wounds.mortal_round, m.wounds, total)
    # Noted, not refused: logs written before the once-a-round check still load.
    rnd = state.combat.round if state.combat else None
    return state._put(replace(m, wounds=replace(new, mortal_rolled_round=rnd)))


def _f_flesh(state: Campaign, e: dict) -> Campaign:
    m = _member(state, _need(e, "who"))
    new, left = _check(wounds.just_a_flesh_wound, m.wounds, m.sheet.hero_points,
                       state.settings.wild.hero_points)
    new = wounds.stunned_now(new, _round(state))
    return state._put(replace(m, wounds=new, sheet=replace(m.sheet, hero_points=left)))


def _f_healed(state: Campaign, e: dict) -> Campaign:
    m = _member(state, _need(e, "who"))
    method = _need(e, "method")
    minutes = e.get("minutes")
    extra = sum(p.healing_tn for p in m.sheet.perk_data())
    heals = all(p.heals for p in m.sheet.perk_data())
    if method == "potion":
        healed = wounds.stunned_now(_check(wounds.potion_of_healing, m.wounds), _round(state))
        return state._put(replace(m, wounds=healed))
    if m.body is not None:
        bp_total = _total(_need(e, "roll"), "healing")
        rec = e.get("recovered")
        faces = check_roll(rec, sides=6) if rec is not None else None
        body, _ = _check(wounds.bp_heal, m.body, bp_total, faces=faces, dice=_NO_DICE)
        return state._put(replace(m, body=body))
    if method == "natural":
        might = _total(e["roll"], "Might") if "roll" in e else None
        new, _ = _check(wounds.natural_healing, m.wounds, might, minutes or 0, extra_tn=extra,
                        heals=heals)
    elif method == "assisted":
        new, _ = _check(wounds.assisted_healing, m.wounds, _total(_need(e, "roll"), "Medicine"),
                        minutes, extra_tn=extra,
                        heals=heals)
    else:
        raise EventError(f"unknown healing method {method!r}")
    return state._put(replace(m, wounds=wounds.stunned_now(new, _round(state))))


def _f_rolled(state: Campaign, e: dict) -> Campaign:
    m = _member(state, _need(e, "who"))
    _total(_need(e, "roll"), "check")
    hp, cp = int(e.get("hero_points", 0)), int(e.get("character_points", 0))
    if hp > m.sheet.hero_points or cp > m.sheet.character_points:
        raise EventError(f"{m.sheet.name} spent points he did not have")
    if not hp and not cp:
        return state
    sheet = replace(m.sheet, hero_points=m.sheet.hero_points - hp,
                    character_points=m.sheet.character_points - cp)
    return state._put(replace(m, sheet=sheet))


def _f_spell_cast(state: Campaign, e: dict) -> Campaign:
    from d6tui.games.simple_six.content import content

    m = _member(state, _need(e, "who"))
    total = _total(_need(e, "roll"), "Magic")
    spell = str(_need(e, "spell"))
    conc = spell if _check(content().spell, spell).concentration else None
    # Out of a fight, or outside it (a bystander), each cast is a turn of its own.
    own_turn = state.combat is None or m.id not in state.combat.ids
    if own_turn:
        m = replace(m, caster=magic.next_turn(m.caster))
    caster, ok = _check(magic.cast, m.caster, total, int(_need(e, "tn")),
                        concentration=conc)
    if own_turn:
        caster = magic.next_turn(caster)
    state = _count_action(state, m.id)
    state = _spend_hero(state._put(replace(m, caster=caster)), m.id, e)
    if "target" in e:
        patient = _member(state, e["target"])
        patient = replace(patient, heal_casts=(*patient.heal_casts, state.minutes))
        if ok:
            patient = replace(patient, wounds=wounds.stunned_now(
                _check(wounds.heal_one_level, patient.wounds), _round(state)))
        state = state._put(patient)
    return _spell_landed(state, e, total)


def _f_rested(state: Campaign, e: dict) -> Campaign:
    m = _member(state, _need(e, "who"))
    return state._put(replace(m, caster=magic.rest(m.caster, int(_need(e, "minutes")))))


def _f_combat_ended(state: Campaign, e: dict) -> Campaign:
    if state.combat is None:
        raise EventError("there is no fight to end")
    ids = state.combat.ids
    members = tuple(replace(m, wounds=wounds.end_combat(m.wounds)) if m.id in ids else m
                    for m in state.members)
    # Spells lasting rounds (Hasten, Growth, a held Lightning Bolt, Earthquake) end with the
    # fight: the clock does not run in a fight, and a fight's rounds are its only measure.
    members = tuple(replace(m, effects=effects.end_rounds(m.effects)) if m.effects else m
                    for m in members)
    return replace(state, combat=None, members=members)


_FOLDS = {
    "campaign_started": _f_started,
    "character_added": _f_added,
    "session_started": _f_session_started,
    "session_ended": _f_session_ended,
    "cp_spent": _f_cp_spent,
    "combat_started": _f_combat_started,
    "round_started": _f_round_started,
    "turn_passed": _f_turn_passed,
    "attacked": _f_attacked,
    "stay_up_rolled": _f_stay_up,
    "mortal_rolled": _f_mortal,
    "flesh_wound_taken": _f_flesh,
    "healed": _f_healed,
    "rolled": _f_rolled,
    "spell_cast": _f_spell_cast,
    "rested": _f_rested,
    "combat_ended": _f_combat_ended,
    **_VEHICLE_FOLDS,
    "perk_used": _later("perks", "fold_perk_used"),
    "destiny_rerolled": _later("afterroll", "fold_destiny"),
    "cp_added": _later("afterroll", "fold_cp_added"),
    "halfway_taken": _later("afterroll", "fold_halfway"),
    "repaired": _later("repair", "fold_repaired"),
    "table_dice_set": table.fold_table_dice,
}

# Spell effects, concentration, time and Sorcerer's Tools fold in their own module, which
# builds on everything above.
from d6tui.games.simple_six import spellcast as _spellcast  # noqa: E402

_spell_landed = _spellcast.fold_cast
_spell_hurt = _spellcast.hurt
_FOLDS.update(_spellcast.FOLDS)

#: Every event type a campaign log holds.
EVENT_TYPES = frozenset(_FOLDS)
