"""The state of a D6 Shooter game: frozen dataclasses folded from the event log.

Everything a screen shows is here: the players (rank, jail, shackles, hand), the Game deck and
discard pile, the In Play area, the General Store, the six Shooter dice, the phase of the turn
and who must decide next. States are immutable; :func:`d6tui.games.shooter.fold.fold` builds a
new one per event with :func:`dataclasses.replace` on the parts that change.

Rulebook sections: "Components", "Setup", "On Your Turn", "Cashing in Reputation Points".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from d6tui.engine.dice import CustomDie
from d6tui.engine.frozen import evolve  # noqa: F401  (the states' fast replace, used by the fold)

#: The six faces of a Shooter die ("Components"): four suits, the wild Joker and the Skull.
SHOOTER_DIE = CustomDie("shooter", ("heart", "spade", "club", "diamond", "joker", "skull"),
                        letters=("h", "s", "c", "d", "j", "x"))

#: The four suit symbols printed on Bandit cards ("Bandit Cards").
SUITS: tuple[str, ...] = ("heart", "spade", "club", "diamond")

#: Badge ranks in order ("Cashing in Reputation Points"); reaching the last one wins.
RANKS: tuple[str, ...] = ("Bounty Hunter", "Deputy", "Sheriff", "Marshal")

#: Rep needed to leave each rank (Bounty Hunter 6, Deputy 8, Sheriff 10).
REP_NEEDED: tuple[int, ...] = (6, 8, 10)

#: Skull die re-rolls per turn for each rank ("Cashing in Reputation Points").
SKULL_REROLLS: tuple[int, ...] = (0, 1, 2, 2)

#: Shooter dice a player has each turn ("Components": 6 Shooter Dice).
DICE_PER_TURN = 6

#: Rolls allowed to capture one bandit, or to beat a dice event ("Drawing a Bandit Card").
ROLLS_PER_HUNT = 3

#: General Store cards a player may hold ("General Store Cards").
HAND_LIMIT = 2

#: General Store cards dealt face up ("Setup").
STORE_FACE_UP = 3

#: Dice each side holds in a Shooting Contest, and skulls needed to win it ("Card Index").
CONTEST_DICE = 3

#: Matching faces needed for Pan for Gold, Stop Bar Brawl, Stop Robbery and Dynamite.
CHALLENGE_NEEDED = 3

#: Rep a won Shooting Contest card is worth in its owner's jail (house decision).
CONTEST_REP = 2

#: The suit each dice challenge event needs ("Card Index").
CHALLENGE_SUIT: Mapping[str, str] = {
    "pan_for_gold": "diamond",
    "stop_bar_brawl": "heart",
    "stop_robbery": "club",
}

#: Event card kinds ("Card Index").
EVENT_KINDS: tuple[str, ...] = (
    "escape",
    "jail_break",
    "pan_for_gold",
    "stop_bar_brawl",
    "stop_robbery",
    "shooting_contest",
)

#: General Store card kinds ("Card Index").
STORE_KINDS: tuple[str, ...] = (
    "dynamite",
    "falsely_accused",
    "horseback",
    "night_watch",
    "reload",
    "shackles",
    "transfer_prisoner",
    "we_have_you_surrounded",
)

#: Display names of event and store kinds.
KIND_NAMES: Mapping[str, str] = {
    "escape": "Escape",
    "jail_break": "Jail Break",
    "pan_for_gold": "Pan for Gold",
    "stop_bar_brawl": "Stop Bar Brawl",
    "stop_robbery": "Stop Robbery",
    "shooting_contest": "Shooting Contest",
    "dynamite": "Dynamite",
    "falsely_accused": "Falsely Accused",
    "horseback": "Horseback",
    "night_watch": "Night Watch",
    "reload": "Reload",
    "shackles": "Shackles",
    "transfer_prisoner": "Transfer Prisoner",
    "we_have_you_surrounded": "We Have You Surrounded",
}


class Phase(StrEnum):
    """Where the current turn stands, i.e. which decision the state waits for ("On Your Turn").

    ``pending`` in :class:`ShooterState` names the player who must act in every phase (the
    current player, except the Dynamite target in ``DYNAMITE_DEFENSE``).
    """

    #: Before any event: nothing started yet.
    SETUP = "setup"
    #: Start phase ("On Your Turn"): buy, cash Rep, play store cards, then draw.
    START = "start"
    #: A card must be drawn (an Escape or Jail Break with nothing to hit was discarded).
    DRAW = "draw"
    #: A bandit is being hunted: roll, Reload, skull re-roll, We Have You Surrounded.
    HUNT = "hunt"
    #: Third roll missed but skull re-rolls could still capture: re-roll or give up.
    LAST_CHANCE = "last_chance"
    #: The bandit was captured: press on (draw again) or stop.
    CAPTURED = "captured"
    #: An Escape hit bandits in play and the player holds Horseback: play it or accept.
    ESCAPE = "escape"
    #: A Jail Break hit the player's jail and they hold Night Watch: play it or accept.
    JAIL_BREAK = "jail_break"
    #: Pan for Gold / Stop Bar Brawl / Stop Robbery: roll for three of the suit.
    CHALLENGE = "challenge"
    #: A dice challenge was won: take a face-up store card or decline.
    REWARD = "reward"
    #: A Shooting Contest against the player to the left: roll both sides.
    CONTEST = "contest"
    #: Dynamite was played and the target holds Night Watch: the target answers.
    DYNAMITE_DEFENSE = "dynamite_defense"
    #: Dynamite is being rolled: three skulls blow the target's jail.
    DYNAMITE = "dynamite"
    #: End phase: cash Rep, play store cards, end the turn.
    END = "end"
    #: Someone is Marshal; the game is over.
    OVER = "over"


@dataclass(frozen=True)
class Card:
    """One card of the game's card table, stored in the ``game_started`` event ("Components").

    Attributes:
        id: ``B01``-``B70`` bandits, ``E01``-``E20`` events, ``S01``-``S10`` General Store.
        kind: ``"bandit"``, ``"event"`` or ``"store"``.
        name: the name printed on the card.
        symbols: a bandit's suit symbols (1-5, matched as a multiset, order irrelevant).
        rep: Rep points of a bandit ("Bandit Cards").
        reward: reward money of a bandit, spent in the General Store ("Bandit Cards").
        effect: the event or store kind (one of :data:`EVENT_KINDS` / :data:`STORE_KINDS`);
            empty for bandits.
        price: what a store card costs in reward money (house value).
        source: ``"house"`` or ``"rulebook"`` (DESIGN "Content data").
    """

    id: str
    kind: str
    name: str
    symbols: tuple[str, ...] = ()
    rep: int = 0
    reward: int = 0
    effect: str = ""
    price: int = 0
    source: str = "house"


@dataclass(frozen=True)
class Shackle:
    """A Shackles card attached in a jail ("Card Index: Shackles").

    Attributes:
        card: the Shackles store card's id.
        bandits: the 1-2 jailed bandits it holds; it stays until one is cashed in.
    """

    card: str
    bandits: tuple[str, ...]


@dataclass(frozen=True)
class Player:
    """A bounty hunter at the table, with their badge, jail and hand ("Setup", "Badge Cards").

    Attributes:
        name: unique, non-empty.
        rank: index into :data:`RANKS` (0 Bounty Hunter ... 3 Marshal).
        jail: card ids in the jail: bandits, and won Shooting Contest cards (2 Rep each).
        shackles: Shackles cards attached in this jail.
        hand: General Store card ids held (at most :data:`HAND_LIMIT`).
        hidden: in a seat's view (``view.view``), how many cards of this hand are held but
            not shown (the hand is another player's); 0 in the game's own state.
    """

    name: str
    rank: int = 0
    jail: tuple[str, ...] = ()
    shackles: tuple[Shackle, ...] = ()
    hand: tuple[str, ...] = ()
    hidden: int = 0

    @property
    def rank_name(self) -> str:
        """The badge's title ("Cashing in Reputation Points")."""
        return RANKS[self.rank]

    @property
    def shackled(self) -> frozenset[str]:
        """Ids of the bandits held by a Shackles card ("Card Index: Shackles")."""
        return frozenset(b for s in self.shackles for b in s.bandits)


@dataclass(frozen=True)
class KeptDie:
    """A die set aside during a hunt or challenge ("Drawing a Bandit Card").

    Attributes:
        face: the face it shows ("heart", ..., "joker", "skull").
        symbol: the card symbol it fills (equal to ``face`` unless it is a wild joker); for a
            challenge or Dynamite, the face counted.
    """

    face: str
    symbol: str


@dataclass(frozen=True)
class Tray:
    """The six Shooter dice of the turn, or of a dice challenge ("Drawing a Bandit Card").

    Attributes:
        kept: dice set aside, each with the symbol it fills.
        free: dice that the next roll rolls.
        skulls: dice lost to skulls for the rest of the turn ("Skull Symbol"); always 0 in a
            challenge, where skulls count for nothing and are not lost.
    """

    kept: tuple[KeptDie, ...] = ()
    free: int = DICE_PER_TURN
    skulls: int = 0


@dataclass(frozen=True)
class Contest:
    """A Shooting Contest in progress ("Card Index: Shooting Contest").

    Attributes:
        opponent: index of the player to the current player's left.
        skulls: skulls kept so far by (current player, opponent); first to 3 wins.
        rounds: rounds rolled so far (ties start both sides over).
    """

    opponent: int
    skulls: tuple[int, int] = (0, 0)
    rounds: int = 0


@dataclass(frozen=True)
class ShooterState:
    """A whole D6 Shooter game at one moment ("Setup", "On Your Turn").

    Piles are tuples of card ids. The Game deck and the face-down store pile are unordered
    piles: a card is decided when it is drawn (:meth:`d6tui.engine.dice.Dice.draw` sorts the
    pile first, so the order kept here means nothing). Only a save written before that stored
    their order; while such a pile is followed, ``deck_ordered`` or ``store_ordered`` is set and
    its first item is the top card.

    Attributes:
        players: in turn order (play passes to the next in the tuple, "to the left").
        cards: the card table of this game, by id (from ``game_started``).
        deck: the Game deck: the cards not drawn yet (top first when ``deck_ordered``).
        discard: the Game discard pile, oldest first.
        in_play: the In Play area: captured bandits, then (during a hunt) the hunted one.
        hunting: id of the bandit being hunted, or ``""``.
        resolving: id of the event card (or Dynamite) being resolved, or ``""``.
        store_up: General Store cards face up (usually 3).
        store_down: the face-down General Store pile (top first when ``store_ordered``).
        store_discard: played or spent General Store cards.
        phase: what the turn waits for (see :class:`Phase`).
        current: index of the player whose turn it is.
        pending: index of the player who must act now.
        dice: the dice tray (hunt, challenge or Dynamite dice).
        rolls_used: rolls used on the current bandit, challenge or Dynamite (0-3).
        rerolls_left: skull re-rolls left this turn (Deputy 1, Sheriff 2).
        bought: whether a store card was bought this turn (one per turn).
        target: index of the Dynamite target, or -1.
        contest: the Shooting Contest being rolled, or None.
        last_roll: faces of the latest roll (of the current player in a contest).
        last_roll_other: the opponent's faces in the latest contest round, else ``()``.
        turn: how many turns have begun (1 = the first player's first turn).
        winner: index of the player promoted to Marshal, or -1.
        note: what the latest event did, in a few words (for a status line).
        deck_ordered: the Game deck's order comes from an old save (``deck`` in
            ``game_started``, or a ``reshuffled`` list); draws then take its top card.
        store_ordered: the same for the face-down store pile (``store`` in ``game_started``).
        outcome: the outcome facts of the latest event, the same keys and values its payload
            carries (see :data:`d6tui.games.shooter.fold.OUTCOME_KEYS`): ``outcome``
            (``"captured"``, ``"failed"``, ``"won"``...), ``captured``, ``lost`` and
            ``lost_names``, ``needs`` and ``dice_left``... Empty when the event decided
            nothing (a roll that leaves the hunt going, a purchase...).
    """

    players: tuple[Player, ...] = ()
    cards: Mapping[str, Card] = field(default_factory=dict)
    deck: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    in_play: tuple[str, ...] = ()
    hunting: str = ""
    resolving: str = ""
    store_up: tuple[str, ...] = ()
    store_down: tuple[str, ...] = ()
    store_discard: tuple[str, ...] = ()
    phase: Phase = Phase.SETUP
    current: int = 0
    pending: int = 0
    dice: Tray = Tray()
    rolls_used: int = 0
    rerolls_left: int = 0
    bought: bool = False
    target: int = -1
    contest: Contest | None = None
    last_roll: tuple[str, ...] = ()
    last_roll_other: tuple[str, ...] = ()
    turn: int = 0
    winner: int = -1
    note: str = ""
    outcome: Mapping[str, Any] = field(default_factory=dict)
    deck_ordered: bool = False
    store_ordered: bool = False

    # -- simple views ------------------------------------------------------------------------

    @property
    def player(self) -> Player:
        """The player whose turn it is."""
        return self.players[self.current]

    @property
    def pending_player(self) -> Player:
        """The player who must act now ("Card Index: Night Watch" lets a target answer)."""
        return self.players[self.pending]

    @property
    def over(self) -> bool:
        """True once a player is Marshal ("Cashing in Reputation Points")."""
        return self.winner >= 0

    @property
    def winner_name(self) -> str | None:
        """The Marshal's name, or None while the game goes on."""
        return self.players[self.winner].name if self.winner >= 0 else None

    @property
    def captured(self) -> tuple[str, ...]:
        """Bandits captured this turn and waiting in the In Play area."""
        return tuple(c for c in self.in_play if c != self.hunting)

    def card(self, card_id: str) -> Card:
        """The card with this id ("Components").

        Args:
            card_id: ``B01``..``S10``.

        Returns:
            The card.

        Raises:
            KeyError: no such card in this game.
        """
        return self.cards[card_id]


def current_player(state: ShooterState) -> Player:
    """The player whose turn it is ("On Your Turn").

    Args:
        state: the game.

    Returns:
        That player.
    """
    return state.players[state.current]


def rep_needed(rank: int) -> int:
    """Rep needed to be promoted from ``rank`` ("Cashing in Reputation Points").

    Args:
        rank: 0 Bounty Hunter, 1 Deputy, 2 Sheriff.

    Returns:
        6, 8 or 10.

    Raises:
        ValueError: a Marshal (rank 3) needs nothing more.
    """
    if not 0 <= rank < len(REP_NEEDED):
        raise ValueError(f"no promotion from rank {rank}")
    return REP_NEEDED[rank]


def card_rep(state: ShooterState, card_id: str) -> int:
    """Rep of a jailed card: a bandit's Rep, or 2 for a won Shooting Contest card.

    Args:
        state: the game (for its card table).
        card_id: a bandit or Shooting Contest card.

    Returns:
        The Rep it is worth ("Cashing in Reputation Points", "Card Index: Shooting Contest").
    """
    c = state.cards[card_id]
    return c.rep if c.kind == "bandit" else CONTEST_REP


def jail_rep(state: ShooterState, player: Player) -> int:
    """Total Rep in a player's jail ("Cashing in Reputation Points").

    Args:
        state: the game.
        player: whose jail.

    Returns:
        The sum of :func:`card_rep` over the jail.
    """
    return sum(card_rep(state, c) for c in player.jail)


def unmatched(state: ShooterState) -> tuple[str, ...]:
    """Symbols of the hunted bandit not yet filled by a kept die ("Drawing a Bandit Card").

    Args:
        state: the game.

    Returns:
        The missing symbols (as a multiset, in card order); ``()`` when nothing is hunted.
    """
    if not state.hunting:
        return ()
    filled = Counter(k.symbol for k in state.dice.kept)
    out = []
    for s in state.cards[state.hunting].symbols:
        if filled[s] > 0:
            filled[s] -= 1
        else:
            out.append(s)
    return tuple(out)


def dice_left(state: ShooterState) -> int:
    """Shooter dice the player can still use this turn: six minus the skulls out.

    This is the number to show for pressing on ("If you successfully capture a bandit you now
    have two options:"): the next bandit is hunted with every die that is not a skull, so the
    dice kept for the bandit just captured come back, and only skulls stay out. During a hunt
    it is the free dice plus the dice kept for the hunted bandit. In a dice challenge or a
    Dynamite roll (six fresh dice, skulls not lost) it is six. A drawn bandit with more symbols
    than this fails at once unless a rescue remains (:func:`can_rescue`).

    Args:
        state: the game.

    Returns:
        0 to 6.
    """
    return DICE_PER_TURN - state.dice.skulls



def all_cards(state: ShooterState) -> list[str]:
    """Every card id in every place of the game (for the conservation invariant).

    The places: Game deck, discard pile, In Play, the card being resolved, every jail and the
    Shackles attached there, every hand, the store face up, face down and its discard pile.

    Args:
        state: the game.

    Returns:
        A list that, in a sound state, holds each of the 100 card ids exactly once.
    """
    out = [*state.deck, *state.discard, *state.in_play]
    if state.resolving:
        out.append(state.resolving)
    for p in state.players:
        out.extend(p.jail)
        out.extend(s.card for s in p.shackles)
        out.extend(p.hand)
    out.extend(state.store_up)
    out.extend(state.store_down)
    out.extend(state.store_discard)
    return out


def hand_card(player: Player, state: ShooterState, effect: str) -> str:
    """The id of a store card of kind ``effect`` in a player's hand ("General Store Cards").

    Args:
        player: whose hand.
        state: the game (for its card table).
        effect: a store kind, such as ``"reload"``.

    Returns:
        The first such card's id, or ``""`` when the hand holds none.
    """
    for c in player.hand:
        if state.cards[c].effect == effect:
            return c
    return ""


def jailed_bandits(state: ShooterState, player: Player, *, unshackled: bool = False) -> tuple[
        str, ...]:
    """The bandit cards in a player's jail (not Shooting Contest cards).

    Args:
        state: the game.
        player: whose jail.
        unshackled: leave out bandits held by Shackles ("Card Index: Shackles").

    Returns:
        Their ids, in jail order.
    """
    held = player.shackled if unshackled else frozenset()
    return tuple(c for c in player.jail if state.cards[c].kind == "bandit" and c not in held)


def can_rescue(state: ShooterState) -> bool:
    """Whether the hunter still has a way to get dice back or win without rolling.

    A rescue is a skull re-roll left with a skull out, a Reload in hand with a skull out and a
    roll left, or We Have You Surrounded in hand before the bandit's first roll ("Cashing in
    Reputation Points", "Card Index: Reload", "Card Index: We Have You Surrounded").

    Args:
        state: a game in a hunt.

    Returns:
        True when one of those is possible.
    """
    p = state.players[state.current]
    skulls = state.dice.skulls
    if state.rerolls_left > 0 and skulls > 0:
        return True
    if skulls > 0 and state.rolls_used < ROLLS_PER_HUNT and hand_card(p, state, "reload"):
        return True
    return state.rolls_used == 0 and bool(hand_card(p, state, "we_have_you_surrounded"))
