"""Vehicles in Simple Six in play: the damage they take, chases, ramming, salvos, repairs
(what a kind of vehicle is, its stats and templates, is :mod:`.vehicle_stats`).

"Vehicles" defines every vehicle by Skill, Scale, Body, Maneuverability (MNV), Move, Crew,
Passengers, Weapons and Cargo; "Vehicle Costs" rates the price from ``$`` to ``$$$$$$``;
"Vehicle Movement" sorts them into four speed categories. The SRD's sample vehicles have names
and no numbers, so the shipped templates are house values (:mod:`.vehicle_stats`).

Where the SRD is silent, d6tui decides (each is named where it applies):

- A 6 on the 1D damage chart (the SRD lists 1-5) is Structural Damage, like 4-5.
- The wound chart's severity is the wound a Structural hit deals (with the chart's notes, so
  repeated hits climb); Maneuverability and System hits always cost 1D, as the SRD says.
- A structural wound level takes its character penalty (Stunned and Wounded 1D, Severely 2D,
  Incapacitated 3D) off the pilot's rolls with the vehicle until it is repaired; Mortally
  Wounded vehicles stop running, Dead ones are destroyed.
- A System hit picks the system with 1D spread over the vehicle's list (three systems: 1-2,
  3-4, 5-6); a vehicle with no systems listed takes it as structural damage.
- A pilot roll that penalties leave below 1D rolls the wild die alone.
- Salvo difficulty: one level per doubling of the guns (2 Easy, 3-4 Moderate, 5-8 Difficult,
  9-16 Very Difficult, more Heroic).
- Repairs count a structural wound as dice lost by its penalty (Mortally Wounded 4D).
- A damaged system changes a number where its name says which (:data:`SYSTEM_STATS`): dice
  lost on armor, shields, plating or hull lower the Body rolled to resist damage (never below
  1D); dice lost on engines, boilers, levitation or repulsors lower Move (never below 0D).
  Every other system (sensors, radio, rigging...) is bookkeeping for the GM: the view says
  so. Only dice lost count: an unrated system that breaks changes no number.
- The severity of a structural hit is the wound level the chart gives for the damage that
  got through, as for a character ("Wound Level Chart", with its notes): the SRD's "one wound
  level" is read as one wound, of the severity the chart decided, so a large margin can
  destroy a vehicle at once.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from d6tui.engine.errors import RuleError
from d6tui.games.simple_six.codes import DieCode
from d6tui.games.simple_six.difficulty import difficulty_tn
from d6tui.games.simple_six.vehicle_stats import _DMG, SPEED_CATEGORIES, VehicleStats
from d6tui.games.simple_six.wounds import PENALTY_DICE, WoundLevel, next_level

#: The 1D damage chart ("Vehicle Combat"); 6 is d6tui's (house): structural, like 4-5.
DAMAGE_CHART = {1: "maneuverability", 2: "system", 3: "system", 4: "structure",
                5: "structure", 6: "structure"}


#: Faces of the damage chart that are house values (the SRD's chart stops at 5).
HOUSE_FACES = frozenset({6})


#: System name words -> the stat its lost dice lower (house: "System Damaged" names armor and
#: shielding among the systems; the SRD does not say which numbers they stand for).
SYSTEM_STATS: tuple[tuple[str, str], ...] = (
    ("armor", "body"), ("armour", "body"), ("shield", "body"), ("plating", "body"),
    ("hull", "body"), ("engine", "move"), ("boiler", "move"), ("levitation", "move"),
    ("repulsor", "move"),
)


def system_stat(name: str) -> str | None:
    """The stat a system's lost dice lower: ``"body"``, ``"move"``, or None (bookkeeping).

    Args:
        name: the system's name, matched by the words of :data:`SYSTEM_STATS` (any case).
    """
    low = name.lower()
    for word, stat in SYSTEM_STATS:
        if word in low:
            return stat
    return None


#: Chase ranges, nearest first ("Chases").
RANGES = ("short", "medium", "long")


#: "Repairing Vehicles": dice lost -> (difficulty, percent of the new price, time).
REPAIRS = {1: ("Easy", 10, "1 hour"), 2: ("Moderate", 15, "4 hours"),
           3: ("Difficult", 20, "1 day")}


#: Dice lost counted for a structural wound when repairing it (house): its penalty, 4D when
#: Mortally Wounded.
STRUCTURE_DICE = {**PENALTY_DICE, WoundLevel.MORTALLY_WOUNDED: 4}


@dataclass(frozen=True)
class Vehicle:
    """A vehicle on the campaign's roster and the damage it carries.

    Attributes:
        id: a short id from the name, unique among the campaign's vehicles.
        name: its own name ("The Dawn Treader").
        stats: what kind of vehicle it is.
        level: its structural wound level ("Structural Damage").
        mnv_lost: dice of Maneuverability lost.
        systems: system name -> dice lost (a system without a rating at 1 is broken).
        pilot: the roster id of whoever drives it, or None.
        crew: roster ids of everyone else aboard.
    """

    id: str
    name: str
    stats: VehicleStats
    level: WoundLevel = WoundLevel.UNHARMED
    mnv_lost: int = 0
    systems: tuple[tuple[str, int], ...] = ()
    pilot: str | None = None
    crew: tuple[str, ...] = ()

    @property
    def maneuverability(self) -> DieCode:
        """Maneuverability now: the stat less the dice lost (may be negative)."""
        return self.stats.maneuverability - DieCode.of(self.mnv_lost)

    def _lost_on(self, stat: str) -> int:
        return sum(d for n, d in self.systems if system_stat(n) == stat)

    @property
    def body(self) -> DieCode:
        """Body now: the stat less the dice lost on armor and shield systems, never below 1D
        (house, see :data:`SYSTEM_STATS`)."""
        code = self.stats.body - DieCode.of(self._lost_on("body"))
        return code if code.dice >= 1 else DieCode.of(1)

    @property
    def move(self) -> DieCode:
        """Move now: the stat less the dice lost on engine systems, never below 0D (house)."""
        code = self.stats.move - DieCode.of(self._lost_on("move"))
        return code if code.total_pips >= 0 else DieCode.of(0)

    @property
    def running(self) -> bool:
        """It still moves: not Mortally Wounded or destroyed."""
        return self.level < WoundLevel.MORTALLY_WOUNDED

    @property
    def destroyed(self) -> bool:
        """Dead: the vehicle is destroyed."""
        return self.level == WoundLevel.DEAD

    @property
    def penalty(self) -> int:
        """Dice its structural wounds take off the pilot's rolls (house reading of "treat these
        like character wound levels")."""
        return PENALTY_DICE.get(self.level, 3)

    def lost(self, system: str) -> int:
        """Dice lost on ``system`` (0 when undamaged)."""
        return dict(self.systems).get(system, 0)

    def broken(self, system: str) -> bool:
        """The system no longer works: hit with no rating, or its rating is gone."""
        lost = self.lost(system)
        for s in self.stats.systems:
            if s.name == system:
                return lost > 0 and (s.rating is None or lost >= s.rating.dice)
        return False

    def damage_words(self) -> str:
        """Its damage in a few words: ``Wounded, MNV -1D, Sensors broken``."""
        parts = [] if self.level == WoundLevel.UNHARMED else [self.level.label]
        if self.destroyed:
            parts = ["destroyed"]
        elif self.level == WoundLevel.MORTALLY_WOUNDED:
            parts = ["stopped (Mortally Wounded)"]
        if self.mnv_lost:
            parts.append(f"MNV -{self.mnv_lost}D")
        for name, lost in self.systems:
            if lost:
                parts.append(f"{name} broken" if self.broken(name) else f"{name} -{lost}D")
        return ", ".join(parts) or "undamaged"


def damage_part(face: int, stats: VehicleStats) -> str:
    """The part a 1D roll on the damage chart hits ("Vehicle Combat").

    Args:
        face: the 1D (1-6).
        stats: the vehicle (with no systems listed, a System hit is structural).

    Returns:
        ``"maneuverability"``, ``"system"`` or ``"structure"``.

    Raises:
        RuleError: not a face of a d6.
    """
    if face not in DAMAGE_CHART:
        raise RuleError(f"the damage chart is rolled on 1D, not {face}", "Vehicle Combat")
    part = DAMAGE_CHART[face]
    if part == "system" and not stats.systems:
        return "structure"
    return part


def system_hit(face: int, stats: VehicleStats) -> str:
    """The system a 1D picks: the faces spread over the list in order (house).

    Raises:
        RuleError: the vehicle lists no systems, or not a face of a d6.
    """
    if not stats.systems:
        raise RuleError(f"the {stats.name} lists no systems", _DMG)
    if not 1 <= face <= 6:
        raise RuleError(f"a system is picked with 1D, not {face}", _DMG)
    return stats.systems[(face - 1) * len(stats.systems) // 6].name


def apply_damage(v: Vehicle, margin: int, part: str, system: str | None = None) -> Vehicle:
    """A hit that beat the Body roll by ``margin``, landing on ``part`` ("Effects of Damage").

    Maneuverability loses 1D (and may go negative); a system loses 1D of its rating or breaks;
    structure takes the wound the chart gives for ``margin``, with the chart's notes.

    Args:
        v: the vehicle.
        margin: damage less the Body roll (0 or less: nothing happens).
        part: from :func:`damage_part`.
        system: the system hit, for ``part == "system"``.

    Returns:
        The damaged vehicle.

    Raises:
        RuleError: an unknown part, or a system the vehicle does not have.
    """
    if margin <= 0 or v.destroyed:
        return v
    if part == "maneuverability":
        return replace(v, mnv_lost=v.mnv_lost + 1)
    if part == "system":
        names = [s.name for s in v.stats.systems]
        if system not in names:
            raise RuleError(f"the {v.stats.name} has no system {system!r}", _DMG)
        rating = next(s.rating for s in v.stats.systems if s.name == system)
        top = rating.dice if rating is not None else 1
        lost = min(top, v.lost(system) + 1)
        rest = tuple((n, d) for n, d in v.systems if n != system)
        return replace(v, systems=(*rest, (system, lost)))
    if part == "structure":
        return replace(v, level=next_level(v.level, margin))
    raise RuleError(f"a hit lands on maneuverability, a system or the structure, not {part!r}",
                    _DMG)


def pilot_code(skill: DieCode, v: Vehicle, *, move: bool = False, bonus: int = 0) -> DieCode:
    """The pilot's roll with a vehicle: skill plus Maneuverability (which may be negative),
    less the structural penalty; in a chase plus the Move dice and the speed bonus; never below
    the wild die alone (house).

    Args:
        skill: the pilot's Drive or Pilot code (after his own wounds).
        v: the vehicle.
        move: add its Move dice ("Chases").
        bonus: speed-category bonus dice (:func:`speed_bonus`).

    Returns:
        The code to roll.
    """
    code = skill + v.maneuverability - DieCode.of(v.penalty) + DieCode.of(bonus)
    if move:
        code = code + v.move
    return code if code.dice >= 1 else DieCode.of(1)


def speed_bonus(mine: str, theirs: str) -> int:
    """Bonus Move dice of the faster category over the slower ("Vehicle Movement").

    Args:
        mine, theirs: speed categories (keys of :data:`SPEED_CATEGORIES`).

    Returns:
        The difference of the two speed factors when ``mine`` is faster, else 0 (an aircraft
        chasing a tank: 5D - 2D = 3D).

    Raises:
        RuleError: an unknown category.
    """
    for s in (mine, theirs):
        if s not in SPEED_CATEGORIES:
            raise RuleError(f"speed is one of {', '.join(SPEED_CATEGORIES)}, not {s!r}",
                            "Vehicle Movement")
    return max(0, SPEED_CATEGORIES[mine][1] - SPEED_CATEGORIES[theirs][1])


def chase_step(range_: str, move: str) -> str:
    """The range after the winner of a chase turn closes or opens it one band ("Chases").

    Args:
        range_: ``short``, ``medium`` or ``long``.
        move: ``"close"`` or ``"open"``.

    Returns:
        The new range, or ``"caught"`` (below short) or ``"escaped"`` (beyond long).

    Raises:
        RuleError: an unknown range or move.
    """
    if range_ not in RANGES:
        raise RuleError(f"a chase is at short, medium or long range, not {range_!r}", "Chases")
    i = RANGES.index(range_) + {"close": -1, "open": 1}.get(move, 99)
    if abs(i) > 90:
        raise RuleError(f"the winner closes or opens the range, not {move!r}", "Chases")
    if i < 0:
        return "caught"
    if i >= len(RANGES):
        return "escaped"
    return RANGES[i]


def ram_damage(rammer: VehicleStats | Vehicle, target: VehicleStats | Vehicle) -> DieCode:
    """What a successful ram deals to both vehicles: the rammer's Body plus the relative Move
    ("Ramming"): the difference of the two Move codes.

    Args:
        rammer, target: the stats, or vehicles in play (their Body and Move as they stand,
            lowered by damaged armor and engines).

    Returns:
        The damage code (before scale).
    """
    return rammer.body + DieCode(abs(rammer.move.total_pips - target.move.total_pips))


def salvo_pips(guns: int) -> int:
    """Pips of damage a salvo adds: one per doubling of the guns ("Multiple Weapons on
    Vehicles"): 2-3 guns +1, 4-7 +2, 8-15 +3.

    Raises:
        RuleError: fewer than one gun.
    """
    if guns < 1:
        raise RuleError("a salvo fires at least one gun", "Multiple Weapons on Vehicles")
    return guns.bit_length() - 1


#: Salvo difficulty by the most guns at each level (house: one level per doubling).
SALVO_DIFFICULTY = ((2, "Easy"), (4, "Moderate"), (8, "Difficult"), (16, "Very Difficult"))


def salvo_difficulty(guns: int) -> tuple[str, int]:
    """The Command roll to fire ``guns`` (2 or more) as one salvo (house levels).

    Returns:
        (difficulty name, target number).

    Raises:
        RuleError: fewer than two guns.
    """
    if guns < 2:
        raise RuleError("a salvo combines two guns or more", "Multiple Weapons on Vehicles")
    for most, name in SALVO_DIFFICULTY:
        if guns <= most:
            return name, difficulty_tn(name)
    return "Heroic", difficulty_tn("Heroic")


@dataclass(frozen=True)
class Chase:
    """A chase between two vehicles ("Chases").

    Attributes:
        pursuer: the vehicle trying to catch up (its id).
        quarry: the vehicle trying to get away.
        range: ``short``, ``medium`` or ``long``.
        turns: chase turns rolled so far.
    """

    pursuer: str
    quarry: str
    range: str = "medium"
    turns: int = 0


@dataclass(frozen=True)
class Repair:
    """One repair job ("Repairing Vehicles").

    Attributes:
        part: ``maneuverability``, ``structure`` or a system's name.
        dice: dice lost on it.
        difficulty: the difficulty's name.
        tn: its target number.
        percent: the cost, in percent of a new vehicle's price.
        time: how long it takes.
    """

    part: str
    dice: int
    difficulty: str
    tn: int
    percent: int
    time: str


def repair_row(dice: int) -> tuple[str, int, str]:
    """The repair table's row for ``dice`` lost: (difficulty, percent of cost, time).

    Raises:
        RuleError: nothing is lost.
    """
    if dice < 1:
        raise RuleError("there is nothing to repair", "Repairing Vehicles")
    return REPAIRS[min(3, dice)]


def repair_job(v: Vehicle, part: str) -> Repair:
    """What repairing ``part`` of ``v`` takes.

    Args:
        v: the vehicle.
        part: ``maneuverability``, ``structure`` or a system's name.

    Raises:
        RuleError: the part is undamaged, the vehicle is destroyed, or no such part.
    """
    if v.destroyed:
        raise RuleError(f"{v.name} is destroyed: there is nothing left to repair",
                        "Structural Damage")
    if part == "maneuverability":
        dice = v.mnv_lost
    elif part == "structure":
        dice = STRUCTURE_DICE.get(v.level, 0)
    elif any(s.name == part for s in v.stats.systems):
        dice = v.lost(part)
    else:
        raise RuleError(f"{v.name} has no part {part!r} to repair", "Repairing Vehicles")
    diff, pct, time = repair_row(dice)
    return Repair(part, dice, diff, difficulty_tn(diff), pct, time)


def repaired(v: Vehicle, part: str) -> Vehicle:
    """The vehicle with ``part`` restored (a successful repair)."""
    if part == "maneuverability":
        return replace(v, mnv_lost=0)
    if part == "structure":
        return replace(v, level=WoundLevel.UNHARMED)
    return replace(v, systems=tuple((n, d) for n, d in v.systems if n != part))


def damaged_parts(v: Vehicle) -> list[str]:
    """The parts of ``v`` a repair can fix, in the order the GM sees them (none when it is
    destroyed: "Structural Damage")."""
    if v.destroyed:
        return []
    out = ["maneuverability"] if v.mnv_lost else []
    if v.level != WoundLevel.UNHARMED and not v.destroyed:
        out.append("structure")
    out += [n for n, d in v.systems if d]
    return out
