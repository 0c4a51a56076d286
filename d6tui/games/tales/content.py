"""The tables of 6x6 Tales, read from ``d6tui/content/tales.toml``.

The file marks each entry ``source = "rulebook"`` (with its section) or ``source = "house"``.
A ``tales.toml`` in the user's config dir is merged over the shipped file: each top-level
key it holds replaces the shipped one (DESIGN "Content data").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

SHIPPED = Path(__file__).resolve().parents[2] / "content" / "tales.toml"


@dataclass(frozen=True)
class MonsterData:
    """One monster's printed (or house) numbers (R08, E10, E32...).

    Attributes:
        name: the monster's name.
        atk: the number an attack must reach (2d6 + Atk >= atk hits it).
        dmg: HP it takes from the hero when it hits.
        hp: its starting HP.
        abilities: its own special abilities ("ambush", "poison", "regeneration").
        house: True when the numbers are house values.
    """

    name: str
    atk: int
    dmg: int
    hp: int
    abilities: tuple[str, ...] = ()
    house: bool = False


@dataclass(frozen=True)
class ScrollData:
    """A scroll of J03/R07.

    Attributes:
        name: "Antidote", "Throw"...
        effect: "cure", "speed", "heal" or "damage".
        value: Spd gained, HP healed or damage dealt.
        prices: price by shop ("castle", "E08", "E15"); a shop missing here does not trade it.
        house: True when the effect is a house value.
    """

    name: str
    effect: str
    value: int
    prices: dict[str, int]
    house: bool = False

    @property
    def words(self) -> str:
        """The effect as J03 puts it: "Poison = 0", "+1 Spd", "heal 1", "damage 2"."""
        if self.effect == "cure":
            return "Poison = 0"
        if self.effect == "speed":
            return f"+{self.value} Spd"
        return f"{self.effect} {self.value}"


@dataclass(frozen=True)
class Content:
    """Every table the rules read.

    Attributes:
        days_per_week: days in a week of J05.
        day_events: ``(week, day) -> "E05"``.
        roads: road shape by the first die of the new-square roll, with unrotated exits.
        terrains: terrain by the second die.
        max_villages: villages the map may hold (R04).
        monsters: ``(week, terrain) -> MonsterData``.
        specials: event monsters by key ("bat", "ghoul", "mirror", "knight", "dragon"...).
        scrolls: ``name -> ScrollData``.
        treasure: E03, ``2d6 sum -> "gold:N" | "scroll:Name"``.
        status: J09 ``(lowest fame, title)``, ascending.
        house: names of the entries that are house values (for the UI's mark).
    """

    days_per_week: int
    day_events: dict[tuple[int, int], str]
    roads: dict[int, tuple[str, str]]
    terrains: dict[int, str]
    max_villages: int
    monsters: dict[tuple[int, str], MonsterData]
    specials: dict[str, MonsterData]
    scrolls: dict[str, ScrollData]
    treasure: dict[int, str]
    status: tuple[tuple[int, str], ...]
    house: frozenset[str]


def _monster(d: dict) -> MonsterData:
    return MonsterData(
        d["name"], int(d["atk"]), int(d["dmg"]), int(d["hp"]),
        tuple(d.get("abilities", ())), d.get("source") == "house",
    )


def parse(doc: dict) -> Content:
    """Build :class:`Content` from a parsed TOML document.

    Args:
        doc: the parsed ``tales.toml``.
    Raises:
        KeyError: a table or key the rules need is missing.
    """
    house = set()
    roads: dict[int, tuple[str, str]] = {}
    for r in doc["roads"]:
        for f in r["faces"]:
            roads[int(f)] = (r["shape"], r["exits"])
        if r.get("source") == "house":
            house.add(f"road:{r['shape']}")
    terrains = {int(f): t["terrain"] for t in doc["terrains"] for f in t["faces"]}
    monsters = {}
    for m in doc["monsters"]:
        monsters[(int(m["week"]), m["terrain"])] = _monster(m)
        if m.get("source") == "house":
            house.add(f"monster:{m['name']}")
    specials = {s["key"]: _monster(s) for s in doc["specials"]}
    house.update(f"monster:{s['name']}" for s in doc["specials"] if s.get("source") == "house")
    scrolls = {}
    for s in doc["scrolls"]:
        prices = {k: int(s[k]) for k in ("castle", "E08", "E15") if k in s}
        scrolls[s["name"]] = ScrollData(
            s["name"], s["effect"], int(s["value"]), prices, s.get("source") == "house"
        )
        if s.get("source") == "house":
            house.add(f"scroll:{s['name']}")
    treasure = {int(k): v for k, v in doc["treasure"].items() if k.isdigit()}
    status = tuple(sorted((int(s["fame"]), s["title"]) for s in doc["status"]))
    day_events = {(int(d["week"]), int(d["day"])): d["event"] for d in doc["day_events"]}
    if doc["calendar"].get("source") == "house":
        house.add("calendar")
    return Content(
        days_per_week=int(doc["calendar"]["days_per_week"]),
        day_events=day_events,
        roads=roads,
        terrains=terrains,
        max_villages=int(doc["villages"]["max"]),
        monsters=monsters,
        specials=specials,
        scrolls=scrolls,
        treasure=treasure,
        status=status,
        house=frozenset(house),
    )


@cache
def content() -> Content:
    """The tables in use: the shipped file with the user's override merged over it."""
    from d6tui.paths import read_content

    return parse(read_content(SHIPPED))
