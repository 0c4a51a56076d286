"""The state of a Simple Six campaign folded from its log ("Campaign").

The campaign holds the settings, the roster (player characters and NPCs, each with a sheet,
wounds and a spell-caster's state), whether a session is running, the current combat, the
vehicles and chases, the roll that may still change, and its own copy of the content. Frozen
dataclasses: the fold (:mod:`.fold`) makes a new state for each event; commands read it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from d6tui.engine.errors import RuleError
from d6tui.games.simple_six import effects, magic, wounds
from d6tui.games.simple_six.body_points import BodyPoints
from d6tui.games.simple_six.content import in_use
from d6tui.games.simple_six.settings import CampaignSettings
from d6tui.games.simple_six.sheet import Character
from d6tui.games.simple_six.tables import CampaignContent
from d6tui.games.simple_six.tools import Tool
from d6tui.games.simple_six.vehicles import Chase, Vehicle
from d6tui.games.simple_six.wounds import WoundState

ORDER = "Order of Actions in a Round"


@dataclass(frozen=True)
class Reflex:
    """A combatant's reflex penalty.

    Attributes:
        who: the combatant's id.
        dice: dice off every roll (one a defense made without being declared).
        round: the round of the latest such defense.
    """

    who: str
    dice: int
    round: int


@dataclass(frozen=True)
class HeldDodge:
    """A full dodge that holds until the dodger's next turn.

    Attributes:
        who: the dodger's id.
        total: the Dodge roll's total (Traditional), or None under Fast Static Combat, where
            the static Dodge +10 is the target number.
        round: the round the full dodge began in.
    """

    who: str
    total: int | None
    round: int


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
        treated_at: the campaign minute this character was last given assisted healing
            ("Healing": once a day a patient), or None.
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
    treated_at: int | None = None

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
        defenses: declared actions each combatant spent this round outside his own turn: a
            declared Traditional defense, a skill check ("Multiple Actions", "Defensive
            Options").
        made: attacks and spells each combatant made in his turn, once the turn is over.
        tags: each combatant's key for the whole fight (id, tag): ``1``-``9``, then letters;
            kept when he falls or leaves, never given to another (:mod:`.fight_roster`).
        totals: each combatant's initiative total this round (id, total), as rolled or as
            the GM set it.
        held: combatants holding their turn this round, out of the order until they act.
    """

    ids: tuple[str, ...]
    round: int = 0
    order: tuple[str, ...] = ()
    current: int = 0
    actions: tuple[tuple[str, int], ...] = ()
    used: int = 0
    reflex: tuple[Reflex, ...] = ()
    dodging: tuple[HeldDodge, ...] = ()
    defenses: tuple[tuple[str, int], ...] = ()
    made: tuple[tuple[str, int], ...] = ()
    tags: tuple[tuple[str, str], ...] = ()
    totals: tuple[tuple[str, int], ...] = ()
    held: tuple[str, ...] = ()

    def tag(self, who: str) -> str:
        """``who``'s key in this fight ("" for one who was never in it)."""
        return dict(self.tags).get(who, "")

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
        clock_rounds: rounds of ten seconds past the clock's last whole minute (0-5), when
            time was let pass in rounds (:mod:`.clock`).
        casts: spells cast so far that left an effect (each effect names its cast).
        table_dice: every roll is typed from the table's dice (``table_dice_set``, the event
            of logs written before the engine's ``table_dice``: :mod:`.table_dice`).
        table_players: with ``table_dice``, only the player characters' rolls are typed;
            d6tui rolls the NPCs' (the GM's side).
        table_set_at: the seq of the latest ``table_dice_set`` folded (0: none), so the
            later of it and the engine's ``table_dice`` event decides.
        seated: ``(id, name)`` of every player character in the order each joined the
            roster, kept when one leaves it: seat ``i + 1`` is ``seated[i]`` for good, so
            removing a character never moves another's seat (:func:`.view.seats`).
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
    clock_rounds: int = 0
    casts: int = 0
    table_dice: bool = False
    table_players: bool = False
    table_set_at: int = 0
    seated: tuple[tuple[str, str], ...] = ()
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


F = TypeVar("F", bound=Callable[..., Any])


def own_content(command: F) -> F:
    """Run a campaign command (``command(state, ...)``) with the campaign's own copy of the
    content in use (:func:`.content.in_use`), so that what it reads of the tables (a weapon's
    damage, a perk's cost, a spell's TN) is what the fold of its event reads (DESIGN "The
    log": self-contained saves).

    Args:
        command: a command or check whose first argument is the :class:`Campaign`.

    Returns:
        The command, wrapped.
    """

    @functools.wraps(command)
    def run(state: Campaign, *args: Any, **kwargs: Any) -> Any:
        with in_use(state.content.rules if state.content is not None else None):
            return command(state, *args, **kwargs)

    return run  # type: ignore[return-value]
