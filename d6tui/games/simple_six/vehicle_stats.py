"""What a kind of vehicle is in Simple Six: its stats, weapons and systems, as read from
the templates ("Vehicles", "Vehicle Costs", "Vehicle Movement").

The SRD's sample vehicles have names and no numbers, so the shipped templates in
``d6tui/content/simple_six_vehicles.toml`` are house values (``source = "house"``); a GM's
file of the same name in the config dir replaces its ``[[vehicles]]`` entries by name. A
campaign plays with the copy it was begun with (:mod:`.tables`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from d6tui.engine import toml_memo
from d6tui.engine.errors import RuleError
from d6tui.games.simple_six.codes import DieCode, as_code
from d6tui.paths import user_content_file

SHIPPED = Path(__file__).resolve().parents[2] / "content" / "simple_six_vehicles.toml"


_V = "Vehicles"


_DMG = "Effects of Damage"


#: "Vehicle Movement": speed category -> (name, bonus dice of its speed factor).
SPEED_CATEGORIES: dict[str, tuple[str, int]] = {
    "primitive": ("Primitive Craft / Muscle Powered", 0),
    "ground": ("Motorized Ground / Water Craft", 2),
    "air": ("Aircraft", 5),
    "space": ("Spacecraft", 10),
}


#: "Vehicle Costs": dollar signs -> what they mean.
COSTS = {
    1: "Trivial cost",
    2: "Affordable to most",
    3: "Affordable to the very wealthy, governments, and corps",
    4: "Only the richest individuals, most governments",
    5: "Only large governments and megacorps can purchase",
    6: "World governments and star empires only",
}


@dataclass(frozen=True)
class Weapon:
    """A weapon mounted on a vehicle ("Vehicles": Weapons).

    Attributes:
        name: what it is ("Laser Cannon").
        damage: its damage code.
        count: how many of this type are mounted (a salvo combines them).
        skill: the gunner's skill.
        scale: its scale in dice, or None for the vehicle's ("Vehicle Combat").
    """

    name: str
    damage: DieCode
    count: int = 1
    skill: str = "Gunnery"
    scale: int | None = None


@dataclass(frozen=True)
class System:
    """A system that a System hit can damage ("Effects of Damage": System Damaged).

    Attributes:
        name: "Sensors", "Shields", "Rigging"...
        rating: its rating when it has one (a hit takes 1D off), or None (a hit breaks it).
    """

    name: str
    rating: DieCode | None = None


@dataclass(frozen=True)
class VehicleStats:
    """What a kind of vehicle is ("Vehicles").

    Attributes:
        name: the kind ("Tank").
        skill: the skill that drives or pilots it ("Drive", "Pilot").
        scale: scale in dice ("Scaling").
        body: the code rolled to resist damage.
        maneuverability: added to the pilot's rolls (may be negative).
        move: the Move dice, between vehicles of one speed category.
        speed: a key of :data:`SPEED_CATEGORIES`.
        crew: the number needed to operate it.
        passengers: non-crew capacity.
        weapons: mounted weapons.
        systems: what a System hit can damage (at most six).
        cargo: how much it carries, in words.
        cost: 1-6 dollar signs ("Vehicle Costs").
        notes: a line for the GM.
        house: a house value (the SRD gives no numbers), shown with a mark.
    """

    name: str
    skill: str
    scale: int
    body: DieCode
    maneuverability: DieCode
    move: DieCode
    speed: str
    crew: int = 1
    passengers: int = 0
    weapons: tuple[Weapon, ...] = ()
    systems: tuple[System, ...] = ()
    cargo: str = ""
    cost: int = 1
    notes: str = ""
    house: bool = False

    @property
    def dollars(self) -> str:
        """The cost as dollar signs: ``$$$``."""
        return "$" * self.cost

    def weapon(self, name: str) -> Weapon:
        """A mounted weapon by name (any case).

        Raises:
            RuleError: no such weapon on this vehicle.
        """
        for w in self.weapons:
            if w.name.lower() == name.strip().lower():
                return w
        raise RuleError(f"the {self.name} carries no '{name}'", _V)


def stats_from_dict(e: Mapping) -> VehicleStats:
    """Read a vehicle's stats from a template entry or an event.

    Raises:
        RuleError: a missing or wrong value (names the vehicle).
        DiceError: a code that does not read.
    """
    name = str(e.get("name", "")).strip()
    if not name:
        raise RuleError("a vehicle needs a name", _V)
    for key in ("skill", "scale", "body", "maneuverability", "move", "speed"):
        if key not in e:
            raise RuleError(f"the vehicle {name} needs '{key}'", _V)
    speed = str(e["speed"])
    if speed not in SPEED_CATEGORIES:
        raise RuleError(f"{name}: speed is one of {', '.join(SPEED_CATEGORIES)}, not {speed!r}",
                        "Vehicle Movement")
    cost = int(e.get("cost", 1))
    if cost not in COSTS:
        raise RuleError(f"{name}: cost is 1 to 6 dollar signs, not {cost}", "Vehicle Costs")
    weapons = tuple(
        Weapon(str(w["name"]), as_code(str(w["damage"])), int(w.get("count", 1)),
               str(w.get("skill", "Gunnery")),
               int(w["scale"]) if "scale" in w else None)
        for w in e.get("weapons", ()))
    if any(w.count < 1 for w in weapons):
        raise RuleError(f"{name}: a weapon is mounted at least once", _V)
    systems = tuple(
        System(str(s["name"]), as_code(str(s["rating"])) if "rating" in s else None)
        if isinstance(s, Mapping) else System(str(s))
        for s in e.get("systems", ()))
    if len(systems) > 6:
        raise RuleError(f"{name}: at most six systems (one die picks the one hit)", _DMG)
    return VehicleStats(
        name=name, skill=str(e["skill"]), scale=int(e["scale"]), body=as_code(str(e["body"])),
        maneuverability=as_code(str(e["maneuverability"])), move=as_code(str(e["move"])),
        speed=speed, crew=int(e.get("crew", 1)), passengers=int(e.get("passengers", 0)),
        weapons=weapons, systems=systems, cargo=str(e.get("cargo", "")), cost=cost,
        notes=str(e.get("notes", "")), house=e.get("source") == "house")


def stats_to_dict(v: VehicleStats) -> dict:
    """The stats as TOML values (the inverse of :func:`stats_from_dict`)."""
    out: dict = {"name": v.name, "skill": v.skill, "scale": v.scale, "body": str(v.body),
                 "maneuverability": str(v.maneuverability), "move": str(v.move),
                 "speed": v.speed, "crew": v.crew, "passengers": v.passengers,
                 "cargo": v.cargo, "cost": v.cost}
    weapons = []
    for w in v.weapons:
        d: dict = {"name": w.name, "damage": str(w.damage), "count": w.count, "skill": w.skill}
        if w.scale is not None:
            d["scale"] = w.scale
        weapons.append(d)
    out["weapons"] = weapons
    out["systems"] = [{"name": s.name, **({"rating": str(s.rating)} if s.rating else {})}
                      for s in v.systems]
    if v.notes:
        out["notes"] = v.notes
    if v.house:
        out["source"] = "house"
    return out


def templates(user: Path | None = None) -> list[VehicleStats]:
    """The shipped vehicle templates with the GM's own merged over them by name (the installed
    ones; a campaign plays with the copy in its save, ``Campaign.content.vehicles``).

    Args:
        user: the GM's file; by default ``simple_six_vehicles.toml`` in the config dir, if any.

    Raises:
        RuleError, DiceError: an entry that does not read.
        OSError, tomllib.TOMLDecodeError: a file that cannot be read.
    """
    return [stats_from_dict(e) for e in entries(user)]


def entries(user: Path | None = None) -> list[dict]:
    """The ``[[vehicles]]`` entries of the shipped file with the GM's own merged over them by
    name, as TOML values (what a new campaign copies into its save).

    Args:
        user: the GM's file; by default ``simple_six_vehicles.toml`` in the config dir, if any.

    Raises:
        OSError, tomllib.TOMLDecodeError: a file that cannot be read.
    """
    shipped = list(toml_memo.loads(SHIPPED.read_text(encoding="utf-8")).get("vehicles", ()))
    path = user if user is not None else user_content_file(SHIPPED.name)
    if path is None:
        return shipped
    own = list(toml_memo.loads(path.read_text(encoding="utf-8")).get("vehicles", ()))
    names = {str(e.get("name", "")).lower() for e in own if isinstance(e, dict)}
    return [e for e in shipped if str(e.get("name", "")).lower() not in names] + own
