"""The tables of 6x6 Tales (J02, J03, J05, J09, R04, R07, R08, E03, E07-E36), and where a tale
gets them.

``d6tui/content/tales.toml`` marks each entry ``source = "rulebook"`` (with its section) or
``source = "house"``. A ``tales.toml`` in the user's config dir is merged over the shipped
file: each top-level key it holds replaces the shipped one (DESIGN "Content data").

A save is self-contained (DESIGN "The log"): when a tale starts, :func:`current_doc` (the
shipped file with the user's override) is copied into the ``tale_started`` event, and the
fold keeps the parsed :class:`Content` in the state (``Tale.content``). The rules read it
from there, never from these files, so neither a user override nor a new release changes how
a save replays. Saves written before the copy existed replay with :func:`frozen`: the content
as shipped then, kept in ``d6tui/content/frozen/tales-v1.toml`` and never edited.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from d6tui.engine import toml_memo
from d6tui.paths import read_content

CONTENT_DIR = Path(__file__).resolve().parents[2] / "content"
SHIPPED = CONTENT_DIR / "tales.toml"
#: The frozen content of saves that carry no copy, by version. Never edited: old saves
#: replay with exactly these values.
FROZEN = {1: CONTENT_DIR / "frozen" / "tales-v1.toml"}


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
    """Every table the rules read. Two contents are equal when their documents are (their
    ``digest``), so a tale folded from a save equals the tale that wrote it.

    Attributes:
        digest: a SHA-256 of the document, in canonical JSON.
        doc: the TOML document the tables were parsed from, as copied into a save.
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

    digest: str
    doc: dict = field(compare=False, repr=False)
    days_per_week: int = field(compare=False)
    day_events: dict[tuple[int, int], str] = field(compare=False)
    roads: dict[int, tuple[str, str]] = field(compare=False)
    terrains: dict[int, str] = field(compare=False)
    max_villages: int = field(compare=False)
    monsters: dict[tuple[int, str], MonsterData] = field(compare=False)
    specials: dict[str, MonsterData] = field(compare=False)
    scrolls: dict[str, ScrollData] = field(compare=False)
    treasure: dict[int, str] = field(compare=False)
    status: tuple[tuple[int, str], ...] = field(compare=False)
    house: frozenset[str] = field(compare=False)

    def road_exits(self, shape: str) -> str:
        """The unrotated exits of a road shape of J02 ("crossroads" -> "NESW").

        Args:
            shape: a road shape of the new-square table.
        Raises:
            KeyError: no road has that shape.
        """
        for name, exits in self.roads.values():
            if name == shape:
                return exits
        raise KeyError(shape)


def _monster(d: dict) -> MonsterData:
    return MonsterData(
        d["name"], int(d["atk"]), int(d["dmg"]), int(d["hp"]),
        tuple(d.get("abilities", ())), d.get("source") == "house",
    )


def digest(doc: dict) -> str:
    """A SHA-256 of a content document in canonical JSON (keys sorted), the same before and
    after a round trip through a save (R01: the components a tale is played with).

    Args:
        doc: a parsed content document.
    """
    text = json.dumps(doc, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def parse(doc: dict) -> Content:
    """Build :class:`Content` from a parsed TOML document (R01 components; DESIGN "Content
    data").

    Args:
        doc: the parsed ``tales.toml``, or the copy stored in a save.
    Raises:
        KeyError, TypeError, ValueError: a table or key the rules need is missing or
            malformed.
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
    _check_sizes(doc, day_events)
    return Content(
        digest=digest(doc),
        doc=doc,
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


#: The longest week and the latest week a calendar may have (J05 prints six days a week
#: and four weeks; the bounds keep a hostile save's copy from making a journal of millions
#: of days). The most villages: one per square of the 6x6 island (R04).
MOST_DAYS, MOST_WEEKS, MOST_VILLAGES = 14, 52, 36


def _check_sizes(doc: dict, day_events: dict) -> None:
    """The calendar and village counts are whole numbers in range (R04, J05).

    Raises:
        ValueError: the count out of range, named.
    """
    per = doc["calendar"]["days_per_week"]
    if type(per) is not int or not 1 <= per <= MOST_DAYS:
        raise ValueError(f"calendar: days_per_week must be 1 to {MOST_DAYS}")
    for week, day in day_events:
        if not (1 <= week <= MOST_WEEKS and 1 <= day <= MOST_DAYS):
            raise ValueError(f"day_events: week {week} day {day} is off the calendar "
                             f"(weeks 1-{MOST_WEEKS}, days 1-{MOST_DAYS})")
    most = doc["villages"]["max"]
    if type(most) is not int or not 0 <= most <= MOST_VILLAGES:
        raise ValueError(f"villages: max must be 0 to {MOST_VILLAGES}")


def current_doc() -> dict:
    """The content a new tale starts with (R01, R03): the shipped file with the user's
    ``tales.toml`` merged over it, read afresh (DESIGN "Content data"). Only a tale's start
    reads it; the tale then keeps its own copy.

    Raises:
        OSError, tomllib.TOMLDecodeError: a file cannot be read or is not TOML.
    """
    return read_content(SHIPPED)


def current() -> Content:
    """:func:`current_doc`, parsed (R01).

    Raises:
        OSError, tomllib.TOMLDecodeError: a file cannot be read or is not TOML.
        KeyError, TypeError, ValueError: a table the rules need is missing or malformed.
    """
    return parse(current_doc())


@cache
def frozen(version: int = 1) -> Content:
    """The content of saves that carry no copy of their own (written before version 2): the
    frozen file of that version, never the user's override (R01: the components as shipped
    then). Cached, as the file never changes.

    Args:
        version: the frozen content's version (only 1 so far).
    Raises:
        KeyError: no frozen content of that version.
    """
    path = FROZEN[version]
    return parse(toml_memo.loads(path.read_text(encoding="utf-8")))
