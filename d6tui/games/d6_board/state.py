"""The state of a game of D6: Dungeons, Dudes, Dames...: frozen values, never changed in place.

Shapes (rulebook Part II "Components and Concepts"):

- :class:`Hero`: one hunter's class board (actions, hero card or chib, the four stat tiles,
  HP slots, skill markers, Cash Cube) and gather board (potion bottles, specialty and wild
  hides, backpack of bounties, delivered bounties and Guardians beside it), and hand.
- :class:`Enemy`: an enemy token (or a Cash Cube) on the map, with its HP and buff coins.
- :class:`Combat`: the fight in progress, step by step (rulebook "Step 1"-"Step 7").
- :class:`Prompt`: a question for one seat that the game waits for (a Wild reward, a GM's
  chance to play a red card, a hide to convert, a stat to drop to poison...).
- :class:`Board`: the whole table: map, bag, decks, the three bounties, compass dial, turn.

Spaces are named ``"V"`` (the Village), ``"S"`` (the Styx River) and ``"1"``-``"12"``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from d6tui.engine.frozen import evolve
from d6tui.games.d6_board.hide_state import HideCollection

#: The four stats in their order on the class board; the last is skill ("E. Skills").
STATS = ("strength", "stealth", "wits", "skill")
VILLAGE, STYX = "V", "S"
#: The id prefix of a Cash Cube "token" on the map (``cube:0`` is seat 0's Cube).
CUBE = "cube:"


@dataclass(frozen=True)
class Prompt:
    """A question the game waits for one seat to answer.

    Attributes:
        seat: who answers.
        kind: ``reward`` (Wild or Alchemy of a gather), ``gm_card`` (combat Step 2),
            ``convert`` (two wild hides), ``poison`` (a stat to drop), ``spawn`` (the GM
            places an enemy), ``swap_gather`` (the free gather of a swapped hero),
            ``fountain`` (which stat the Fountain of You raises), ``red_turn`` (another
            hunter's red card on the active hero's turn, outside a fight).
        reward: for ``reward``: ``wild`` or ``alchemy``.
        data: more detail (a face, a count), as plain values.
    """

    seat: int
    kind: str
    reward: str = ""
    data: int = 0


@dataclass(frozen=True)
class Hero:
    """One hunter: class board, gather board and hand (Part II "The Class Board",
    "The Gather Board").

    Attributes:
        name: the player's name.
        computer: a bot plays this seat.
        klass, hero, board: class board id, hero card id, gather board id ("" before setup).
        stats: the stat tiles in :data:`STATS` order (0 = no tile yet).
        hp: HP coins in the slots (the rest wait in the Village).
        gold: gold coins, 0-10.
        space: where the hero stands.
        chib: the hero card shows the chib side.
        hand: Advantage (``A..``) and Heroic Quest (``Q..``) cards.
        bottles: the two potion bottles: a potion id, or "" when in its recessed slot.
        used: skills holding a used marker (a skill twice when stacked).
        specialty: token ids in the three specialty hide slots ("" = empty).
        wild: token ids in the wild hide slots (0-2).
        backpack: bounty cards carried (at most 3).
        delivered: bounty cards dropped off in the Village.
        trophies: Guardian tokens beside the gather board (glory at the end).
        cube: where the Cash Cube is ("" = on its class board).
        stat_roll: a setup stat roll waiting for its stat (0 = none).
    """

    name: str
    computer: bool = False
    klass: str = ""
    hero: str = ""
    board: str = ""
    stats: tuple[int, int, int, int] = (0, 0, 0, 0)
    hp: int = 3
    gold: int = 0
    space: str = VILLAGE
    chib: bool = False
    hand: tuple[str, ...] = ()
    bottles: tuple[str, str] = ("", "")
    used: tuple[str, ...] = ()
    specialty: tuple[str, str, str] = ("", "", "")
    wild: tuple[str, ...] = ()
    backpack: tuple[str, ...] = ()
    delivered: tuple[str, ...] = ()
    trophies: tuple[str, ...] = ()
    cube: str = ""
    stat_roll: int = 0

    def stat(self, name: str) -> int:
        """The tile of stat ``name``."""
        return self.stats[STATS.index(name)]


@dataclass(frozen=True)
class Enemy:
    """An enemy on the map ("Know Thine Enemy"; "Buffs", "Extra HP").

    Attributes:
        token: ``T01``.. for a token from the bag, ``cube:N`` for seat N's Cash Cube.
        kind: the enemy id in the content (``gnoll``) or ``cash_cube``.
        space: where it stands.
        hp: its HP (one natural, plus HP coins).
        buffs: +1 buff coins on it.
    """

    token: str
    kind: str
    space: str
    hp: int = 1
    buffs: int = 0


@dataclass(frozen=True)
class Combat:
    """The fight in progress (Part II, combat "Step 1"-"Step 7").

    Attributes:
        enemy: the token fought.
        step: ``gm`` (others may buff or play red cards), ``weapon`` (transform, choose the
            weapon, roll), ``rolled`` (hero buffs, Dogmud, then resolve).
        transformed: the monster class it was turned into with specialty hides ("").
        dice: the sides of each hero die rolled; ``faces`` what they show.
        enemy_die, enemy_face: the enemy's die and face (0 for a Plant of Eden's attack).
        ranged: a Ranged weapon was played (a lost roll does no harm).
        critical: the roll counts double.
        plus: hero buffs added after the roll.
        ward: a Shield Wall was played (a lost roll does no harm).
        mesmerized: the enemy's buffs and environment bonus count for nothing.
    """

    enemy: str
    step: str = "gm"
    transformed: str = ""
    dice: tuple[int, ...] = ()
    faces: tuple[int, ...] = ()
    enemy_die: int = 0
    enemy_face: int = 0
    ranged: bool = False
    critical: bool = False
    plus: int = 0
    ward: bool = False
    mesmerized: bool = False


@dataclass(frozen=True)
class Board:
    """The whole table.

    Attributes:
        content: the house data copied into the first event (see :mod:`.content`).
        options: edition (``house``/``table``), map (``standard``/``advanced``), season
            (``standard``/``extended``), revision (the rules revision, see
            :data:`~d6tui.games.d6_board.rules.REVISION`).
        heroes: the hunters in turn order (seat 0 is player one, who reads the GM events).
        phase: ``setup`` (before the first event), ``choose``, ``stats``, ``environment``,
            ``spawn``, ``deal``, ``turn``, ``event``, ``over``.
        round: the compass dial's round (1..rounds).
        current: whose turn (or whose setup step).
        begun: the turn's spawn roll and open gather are done.
        actions: actions spent this turn; ``bonus`` extra actions granted.
        engaged: enemy tokens the current hero is engaged with.
        locked: the enemy the hero must fight next (it won the last roll) or "".
        combat: the fight in progress.
        sneak: the next stealth check succeeds without a roll (Shadow Brew, Bramble Step).
        tokens: every enemy token id -> enemy kind (70 in the house data).
        bag: the token ids in the bag.
        enemies: the enemies on the map (Cash Cubes included).
        environment: (space, piece) pairs placed; ``env_left`` pieces still to place.
        piles: deck name (``advantage``, ``heroic_quest``, ``bounty``) -> face-down ids.
        discards: deck name -> discarded ids.
        named: card id -> the card named at the table in its place (table edition: a
            physical card unlike any house card, :mod:`.card_spec`); read by :meth:`card`.
        bounties: the three face-up bounty cards.
        prompts: the questions the game waits for, first first.
        spawns_left: setup spawns still to make.
        gm_event: the GM event rolled and not yet carried out (its id) or "".
        event_roll: the d100 face of that event.
        history: (round, event id) of each GM event so far.
        fountain: a Fountain of You roll waiting for its stat (0 = none).
        winners: seats that won (set when the game is over).
        retry: a failed stealth check Dogmud may reroll: ``event`` (the action's payload),
            ``face`` and ``sides`` (see :mod:`.dogmud`), or None.
        note: what the latest move did, in a few words (for the screen).
        hc: the Hide Collection board of the solo and co-op modes (None in the standard
            game; Part III "Solo & Co-op").
        quiet: the space where the active hunter stays stealthy (the Quiet Space
            homebrew) or "".
        melee: the active hunter has fought a melee this turn (Melee Mode homebrew).
    """

    content: dict = field(default_factory=dict)
    options: dict = field(default_factory=dict)
    heroes: tuple[Hero, ...] = ()
    phase: str = "setup"
    round: int = 1
    current: int = 0
    begun: bool = False
    actions: int = 0
    bonus: int = 0
    engaged: tuple[str, ...] = ()
    locked: str = ""
    combat: Combat | None = None
    sneak: bool = False
    tokens: dict = field(default_factory=dict)
    bag: frozenset[str] = frozenset()
    enemies: tuple[Enemy, ...] = ()
    environment: tuple[tuple[str, str], ...] = ()
    env_left: tuple[str, ...] = ()
    piles: dict = field(default_factory=dict)
    discards: dict = field(default_factory=dict)
    named: dict = field(default_factory=dict)
    bounties: tuple[str, ...] = ()
    prompts: tuple[Prompt, ...] = ()
    spawns_left: int = 0
    gm_event: str = ""
    event_roll: int = 0
    history: tuple[tuple[int, str], ...] = ()
    fountain: int = 0
    winners: tuple[int, ...] = ()
    retry: dict | None = None
    note: str = ""
    hc: HideCollection | None = None
    quiet: str = ""
    melee: bool = False

    # -- look-ups -----------------------------------------------------------------------

    @property
    def hero(self) -> Hero:
        """The hero whose turn it is."""
        return self.heroes[self.current]

    @property
    def rules(self) -> dict:
        """The ``[rules]`` numbers of the house data."""
        return self.content["rules"]

    @property
    def map(self) -> dict:
        """The map in play."""
        return self.content["maps"][self.options.get("map", "standard")]

    @property
    def rounds(self) -> int:
        """How many rounds the hunting season has ("Choose the Length of Your Game")."""
        return int(self.map["rounds"][self.options.get("season", "standard")])

    @property
    def hunters_moon(self) -> bool:
        """Whether this round is a Hunters' Moon (monsters +2; "Enemy Engagement")."""
        return self.round in self.map["hunters_moon"][self.options.get("season", "standard")]

    @property
    def gm(self) -> int:
        """The current GM: the player to the active player's left ("The Role of the GM")."""
        return (self.current + 1) % len(self.heroes)

    @property
    def over(self) -> bool:
        """Whether the season has ended."""
        return self.phase == "over"

    @property
    def revision(self) -> int:
        """The rules revision the season is played by (1: saves before revision 2)."""
        return int(self.options.get("revision", 1))

    def enemy(self, token: str) -> Enemy | None:
        """The enemy ``token`` on the map, or None."""
        for e in self.enemies:
            if e.token == token:
                return e
        return None

    def at(self, space: str) -> tuple[Enemy, ...]:
        """The enemies in ``space``."""
        return tuple(e for e in self.enemies if e.space == space)

    def kind(self, token: str) -> dict:
        """The content entry of an enemy token (a Cash Cube's too)."""
        if token.startswith(CUBE):
            return self.content["cash_cube"]["cash_cube"]
        return self.content["enemies"][self.tokens[token]]

    def env_at(self, space: str) -> tuple[str, ...]:
        """The environment pieces in ``space``."""
        return tuple(p for s, p in self.environment if s == space)

    def links(self, space: str) -> tuple[str, ...]:
        """Where the arrows out of ``space`` lead (none from the Styx)."""
        return tuple(self.map["links"].get(space, ()))

    def spaces(self) -> tuple[str, ...]:
        """The numbered spaces of the map in play."""
        return tuple(str(i) for i in range(1, int(self.map["spaces"]) + 1))

    def card(self, cid: str) -> dict:
        """A card's content entry (Advantage ``A``, Heroic Quest ``Q``, Bounty ``B``,
        Alliance ``L``)."""
        if cid in self.named:
            return self.named[cid]
        deck = {"A": "advantage", "Q": "heroic_quest", "B": "bounty", "L": "alliance"}[cid[0]]
        return self.content[deck][cid]

    def with_hero(self, seat: int, **changes: Any) -> Board:
        """The board with hero ``seat`` changed."""
        heroes = list(self.heroes)
        heroes[seat] = evolve(heroes[seat], **changes)
        return evolve(self, heroes=tuple(heroes))


def space_name(space: str) -> str:
    """``"the Village"``, ``"the Styx River"`` or ``"space 4"``."""
    return {VILLAGE: "the Village", STYX: "the Styx River"}.get(space, f"space {space}")


def glory(state: Board, seat: int) -> int:
    """A hunter's glory points: bounties delivered and carried, and Guardians worth glory
    ("Things to Know: Object of the Game"; "Bounties": carried bounties count at the end).
    """
    h = state.heroes[seat]
    pts = sum(int(state.card(b)["glory"]) for b in (*h.delivered, *h.backpack))
    pts += sum(int(state.kind(t).get("glory", 0)) for t in h.trophies)
    return pts


def standings(state: Board) -> list[int]:
    """Seats from first to last: glory, then gold, then stat total ("The End of the Game")."""
    return sorted(range(len(state.heroes)), key=lambda s: tie_key(state, s), reverse=True)


def alliance(state: Board) -> bool:
    """Whether this is an Alliance (2v2) game (Part III "Alliance")."""
    return state.options.get("mode") == "alliance"


def same_team(state: Board, a: int, b: int) -> bool:
    """Whether seats ``a`` and ``b`` are one hunter or teammates (Alliance: teammates sit
    across, so seats 0 and 2 are one team, 1 and 3 the other; "Seating Order Matters")."""
    return a == b or (alliance(state) and a % 2 == b % 2)


def tie_key(state: Board, seat: int) -> tuple[int, int, int]:
    """What decides the end: glory, gold, stat total ("The End of the Game"); in Alliance
    the team's sums (house: the rulebook does not say how a team wins), so both teammates
    share a win."""
    seats = [s for s in range(len(state.heroes)) if same_team(state, seat, s)]
    return (sum(glory(state, s) for s in seats), sum(state.heroes[s].gold for s in seats),
            sum(sum(state.heroes[s].stats) for s in seats))
