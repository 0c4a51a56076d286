"""The state of a game of D6 Dungeon: a value, never changed in place.

Turn phases ("Course of Play"): ``draw`` (draw a die from the bag), ``roll`` (roll the die in
hand), ``resolve`` (act on the face it shows), ``after`` (cast spells, take the extra turn,
claim a route, end the turn) and ``over``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from d6tui.games.dungeon.content import Design
from d6tui.games.dungeon.faces import SWORDS
from d6tui.games.dungeon.scorer import Budget, RouteScore
from d6tui.games.dungeon.waffle import SIZE, HoleDie, side_grid

#: One collected die: ``(die id, the face it shows)``.
Kept = tuple[str, str]


@dataclass(frozen=True)
class Look:
    """What a Look showed its caster ("Item and Spell Dice Faces": Look).

    Attributes:
        target: ``"waffle"`` (the opponent's side) or ``"bag"``.
        turn_no: the turn it was cast in.
        side: for the waffle: ``(hole index, face, turns)`` of each die on the opponent's
            side at that moment, turns as the opponent sees them.
        bag: for the bag: ``(design id, count)`` of the dice in it at that moment.
    """

    target: str
    turn_no: int
    side: tuple[tuple[int, str, int], ...] = ()
    bag: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class ScoreCard:
    """A player's score at the end ("End of the Game": the points table).

    Attributes:
        route: the best route and detours on their side.
        special_items: Special Items held (1 point each).
        bonus: what a complete route was worth to them (5 first, 3 second).
    """

    route: RouteScore
    special_items: int
    bonus: int

    @property
    def total(self) -> int:
        """Every point: the route's and the Special Items'."""
        return self.route.points + self.special_items


@dataclass(frozen=True)
class DungeonState:
    """A game of D6 Dungeon.

    Attributes:
        players: the two names; seat 0 starts.
        computer: the seat the computer plays, or None.
        designs: design id -> design (copied from the first event).
        dice: die id -> design id, for all 36 dice.
        bag: the dice in the bag.
        holes: the 36 holes, row by row from the first player's side.
        collections: each seat's collected dice ``(die, face)``, in the order collected.
        turn: the seat whose turn it is.
        turn_no: turns begun, from 1.
        phase: ``draw``, ``roll``, ``resolve``, ``after`` or ``over``.
        hand: the die drawn (or re-rolled), until it is placed or collected.
        face: the face the die in hand shows, once rolled.
        extra_used: the extra turn was taken this turn.
        decayed: dice a Decay took off the waffle, going into the bag at the end of the turn.
        out: map dice rolled when no hole was empty: out of the game.
        claimant: the seat whose claimed route stood, or None.
        last_turn: the turn being played is the last one (after a claim that stood).
        looks: what each seat's latest Look showed them.
        wrong_claims: claims that did not stand, per seat.
        end: why the game ended (``bag_empty``, ``claimed``) or "".
        scores: the two score cards once the game is over.
    """

    players: tuple[str, ...] = ()
    computer: int | None = None
    designs: dict[str, Design] = field(default_factory=dict)
    dice: dict[str, str] = field(default_factory=dict)
    bag: frozenset[str] = frozenset()
    holes: tuple[HoleDie | None, ...] = (None,) * (SIZE * SIZE)
    collections: tuple[tuple[Kept, ...], tuple[Kept, ...]] = ((), ())
    turn: int = 0
    turn_no: int = 0
    phase: str = "setup"
    hand: str | None = None
    face: str | None = None
    extra_used: bool = False
    decayed: tuple[str, ...] = ()
    out: tuple[str, ...] = ()
    claimant: int | None = None
    last_turn: bool = False
    looks: tuple[Look | None, Look | None] = (None, None)
    wrong_claims: tuple[int, int] = (0, 0)
    end: str = ""
    scores: tuple[ScoreCard, ...] = ()

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.phase == "over"

    @property
    def player(self) -> str:
        """The name of the player whose turn it is."""
        return self.players[self.turn]

    def design_of(self, die: str) -> Design:
        """The design of die ``die``."""
        return self.designs[self.dice[die]]

    def faces_held(self, seat: int) -> list[str]:
        """The faces of ``seat``'s collected dice."""
        return [f for _, f in self.collections[seat]]

    def budget(self, seat: int) -> Budget:
        """The swords, keys and Vorpal Swords ``seat`` holds ("Item and Spell Dice Faces")."""
        held = self.faces_held(seat)
        return Budget(sum(SWORDS.get(f, 0) for f in held), held.count("key"),
                      held.count("vorpal_sword"))

    def side(self, seat: int) -> tuple[tuple[str, int] | None, ...]:
        """``seat``'s side of the waffle in their own frame (see :func:`.waffle.side_grid`)."""
        return side_grid(self.holes, seat)

    def empty_holes(self) -> list[int]:
        """The holes with no die, in order."""
        return [i for i, h in enumerate(self.holes) if h is None]
