"""The state of a 6x6 Tales run: the hero sheet (J01), map (J02), backpack (J03), quests (J04),
daily records (J05), fights (J06), dungeon (J07), the step of the turn (R10), and the tables
the tale is played with (its own copy of the content).

Every value is frozen; the rules build a new state for each event.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from d6tui.engine.frozen import evolve  # noqa: F401  (the states' fast replace, used by the fold)
from d6tui.games.tales.content import Content, frozen

RACES = ("dwarf", "elf", "human", "hobbit")
STATS = ("atk", "dmg", "spd", "max_hp")
#: The name of a hero the player did not name: R03 makes the name optional.
DEFAULT_NAME = "the Hero"
#: How a stat (of the hero or a monster) is written in the news, as on the sheet.
STAT_WORDS = {"atk": "Atk", "dmg": "Dmg", "spd": "Spd", "max_hp": "Max HP", "hp": "HP"}

#: The R10 steps of a turn, in order. ``setup`` comes once, before week 1 day 1.
STEPS = (
    "setup", "new_day", "day_event", "poison_check", "level_up", "movement",
    "terrain_event", "square_event", "end_of_turn", "over",
)


@dataclass(frozen=True)
class Hero:
    """The hero sheet, J01 (starting values R03)."""

    name: str
    race: str
    atk: int = 1
    dmg: int = 1
    spd: int = 2
    max_hp: int = 4
    hp: int = 4
    poison: int = 0
    gold: int = 1
    fame: int = 0
    items: tuple[str, ...] = ()
    """Items of J01, one entry each, sorted: "Mango", "Ruby", "Meeple", "Potion",
    "Flaming Sword", "Cookie"."""
    scrolls: tuple[str, ...] = ()
    """The scroll backpack J03, one entry per scroll, sorted."""
    look: str = ""
    """The hero's portrait in the player's words (R03 invites a drawing)."""
    story: str = ""
    """The hero's story in the player's words."""

    def has(self, item: str) -> bool:
        """Whether the hero carries ``item``."""
        return item in self.items


@dataclass(frozen=True)
class Square:
    """One square of the map J02."""

    road: str = ""
    """The road shape ("crossroads", "junction", "straight", "bend"); "" while unrevealed."""
    exits: str = ""
    """Sides the road leaves by, in "NESW" order."""
    terrain: str = ""
    """plains, mountains, forest, swamp, village or castle."""
    event: str = ""
    """The EXX in the lower right corner ("E08", "E00"...); "" for none."""
    site: str = ""
    """The picture drawn in the middle (castle, tower, pyramid, lake, hut, rift, portal, cave)."""
    link: str = ""
    """The side the road was joined to when the square was revealed ("" if it joined none)."""
    village: int = 0
    """The village's number in order of discovery (R04), 0 if not a village."""
    name: str = ""
    """The name the player wrote on the square ("Misty Lake"), "" for none."""

    @property
    def revealed(self) -> bool:
        """Whether the square has a road type."""
        return bool(self.road)


@dataclass(frozen=True)
class Quest:
    """A line of J04."""

    qid: int
    kind: str
    """explore (E02), veteran (E19), mango (E38), scrolls (E22), water (E04), mirror (E07)."""
    recipient: str
    """The quest giver: a square ("III-3"), "Hero", "Water Spirit" or "Magic mirror"."""
    place: str
    """Where it is completed: a square or "Any"."""
    counts: bool = False
    """Whether it scores +15 fame at the end (given in the castle or a village, E17)."""
    mirror_hp: int = 0
    """The magic mirror's HP for a mirror quest (E11, E07)."""
    places: tuple[str, ...] = ()
    """Places the Water Spirit still wants visited (E20)."""
    done: bool = False


@dataclass(frozen=True)
class Task:
    """Something the rules wait for before the turn goes on: a roll, a choice, or an event
    still to read. Tasks form a stack; the last one is resolved first.

    Attributes:
        kind: what is awaited ("roll:terrain", "choose:e18", "goto", "shop", "fight"...).
        arg: detail of the task (the event to read, the shop, the shape and terrain...).
        n: a number the task carries (a square, a room...).
    """

    kind: str
    arg: str = ""
    n: int = 0


@dataclass(frozen=True)
class Fight:
    """The fight in progress (R09, J06)."""

    name: str
    atk: int
    dmg: int
    hp: int
    abilities: tuple[str, ...] = ()
    veteran: bool = False
    trophy: int = 0
    can_flee: bool = True
    kind: str = "monster"
    """monster, mirror, knight or dragon (the last three have their own rules)."""
    round: int = 1
    phase: str = "break"
    """break (choose: flee, item, scroll or attack) or attack (the attack roll only)."""
    spared: bool = False
    """The monster loses no HP this round (Ambush in round 1, or a failed flight)."""
    ignited: bool = False
    """The Flaming Sword burns (E33): +1 Atk, +1 Dmg."""
    win: str = ""
    """What follows a victory: an event ("E09") or a task kind ("choose:e10")."""
    dungeon: bool = False
    """Fought in a dungeon room: fleeing leads to the exit E13."""
    hero_hp: int = 0
    """The hero's HP when the fight began (J06)."""
    bonus: str = ""
    """The veteran's bonus rolled on R08's table."""


@dataclass(frozen=True)
class DayRecord:
    """A line of J05."""

    week: int
    day: int
    day_event: str = ""
    final: str = ""
    notes: tuple[str, ...] = ()
    """What the rules write in the day's Notes (E35's tiredness, E39's ban)."""
    results: tuple[tuple[str, str], ...] = ()
    """What the day brought, in order, as ``(kind, words)``: ``head`` opens a part of the
    day (an event read, the terrain event, a fight, a level up) and each ``gain`` after it
    says what that part gave ("a lake on III-1", "+3 gold", "quest #2 taken")."""


@dataclass(frozen=True)
class FightRecord:
    """A line of J06."""

    monster: str
    notes: str
    result: str = ""
    week: int = 0
    day: int = 0
    square: str = ""
    """Where it was fought ("III-4")."""
    hp_before: int = 0
    """The hero's HP when the fight began."""
    hp_after: int = 0
    """The hero's HP when it ended."""
    bonus: str = ""
    """The veteran's bonus of R08 ("+1 Atk", "ambush"); "" for a monster that is none."""
    name: str = ""
    """The name the player gave the beaten monster, "" for none."""


@dataclass(frozen=True)
class HeldRoll:
    """Dice rolled and seen but not yet counted: the Hobbit's cookie (R03) or a Meeple (J08)
    may still change them, so the tale waits for the player to keep the roll or change it.

    Attributes:
        kind: what the dice are for: "roll" (the awaited roll task), "attack", "flee"
            (R09), "gamble" (R07) or "ruby" (E23).
        roll: the roll dict as rolled (``faces``, ``source``).
        again: the Meeple's second roll (J08), which counts instead; None before.
    """

    kind: str
    roll: dict
    again: dict | None = None

    @property
    def counted(self) -> dict:
        """The roll that counts now: the Meeple's second one once made."""
        return self.again if self.again is not None else self.roll


def empty_map() -> tuple[Square, ...]:
    """36 unrevealed squares."""
    return tuple(Square() for _ in range(36))


@dataclass(frozen=True)
class Tale:
    """A whole tale: everything the journal booklet holds, and where the turn stands."""

    hero: Hero | None = None
    squares: tuple[Square, ...] = field(default_factory=empty_map)
    pos: int = -1
    """The hero's square (0..35), -1 before the castle is placed."""
    week: int = 0
    day: int = 0
    step: str = "setup"
    tasks: tuple[Task, ...] = ()
    fight: Fight | None = None
    dungeon: str = ""
    """"pyramid" (E16) or "cave" (E27) while inside one (J07)."""
    room: int = 0
    quests: tuple[Quest, ...] = ()
    days: tuple[DayRecord, ...] = ()
    fights: tuple[FightRecord, ...] = ()
    villages: int = 0
    """Villages found so far (R04)."""
    moves: int = 0
    """Squares moved this turn."""
    spd_bonus: int = 0
    """Spd added this turn by Throw/Dash scrolls (J03)."""
    tired: bool = False
    """E35 [3]: -1 Spd today."""
    banned: str = ""
    """E39: the terrain the hero may not enter today."""
    healed: bool = False
    """E01: the castle's heal was used this turn."""
    gambled: bool = False
    """R07: the gamble was made this turn."""
    event_played: bool = False
    """R10: the square event was played (or passed) this turn."""
    over: bool = False
    won: bool = False
    final_fame: int = 0
    status: str = ""
    news: tuple[str, ...] = ()
    """What the last event did, in words."""
    held: HeldRoll | None = None
    """Dice seen but not yet counted (the cookie or a Meeple may change them)."""
    content: Content = field(default_factory=frozen)
    """The tables this tale is played with: copied into its first event when it started,
    or the frozen version 1 for a save that carries no copy (DESIGN "The log")."""

    @property
    def square(self) -> Square:
        """The hero's square."""
        return self.squares[self.pos]

    @property
    def top(self) -> Task | None:
        """The task awaited now, if any."""
        return self.tasks[-1] if self.tasks else None

    def quest(self, qid: int) -> Quest:
        """The quest numbered ``qid``.

        Raises:
            KeyError: no such quest.
        """
        for q in self.quests:
            if q.qid == qid:
                return q
        raise KeyError(qid)


