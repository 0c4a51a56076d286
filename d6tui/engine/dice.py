"""Dice: notation, rolling, and faces typed in from dice rolled at the table.

Every roll is kept as a plain dict, the shape stored in a log event::

    {"dice": "2d6", "faces": [3, 5], "source": "app"}

``source`` is ``"app"`` when d6tui rolled and ``"table"`` when a person typed the faces of real
dice. Custom dice (the D6 Shooter dice) have named faces: ``faces`` then holds those names.
A seed may make rolls reproducible, but the faces are what a log replays (DESIGN "The log").
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass

from d6tui.engine.errors import DiceError

#: The die sizes the roller knows (d4-d20 and d100).
STANDARD_SIDES = (4, 6, 8, 10, 12, 20, 100)

#: The largest number of dice one notation may roll.
MAX_DICE = 100

#: The largest modifier (plus or minus) one notation may add.
MAX_MODIFIER = 1000

_NOTATION = re.compile(r"^\s*([0-9]*)\s*[dD]\s*([0-9]+|%)\s*(?:([+-])\s*([0-9]+))?\s*$")


def typed_number(text: str) -> int | None:
    """A whole number typed in the plain digits 0-9 ("3", "12"), or None for anything else.

    Python's ``int()`` takes far more: other scripts' digits (fullwidth ``３``, Arabic-Indic
    ``٣``), a sign, underscores (``1_2``) and spaces around. A typed face or total is read
    here only, so every game, the dice prompt and ``--dice`` take the same digits.
    """
    return int(text) if text and text.isascii() and text.isdigit() else None


def not_a_number(text: str, piece: str, example: str) -> DiceError:
    """The one-line error for typed faces ``text`` of which ``piece`` is not plain digits:
    it names what is allowed (the digits 0-9), the piece when the text holds more, and
    shows ``example`` ("3 5 6")."""
    if piece == text.strip():
        return DiceError(f"'{text}' is not dice faces: type numbers in the digits 0-9, "
                         f"like {example}")
    return DiceError(f"'{text}' is not dice faces: '{piece}' is not in the digits 0-9; type "
                     f"numbers like {example}")


@dataclass(frozen=True)
class Notation:
    """A parsed ``NdS+M`` notation.

    Attributes:
        count: number of dice, 1..MAX_DICE.
        sides: faces per die, one of STANDARD_SIDES.
        modifier: added to the sum (may be negative).
    """

    count: int
    sides: int
    modifier: int = 0

    def __str__(self) -> str:
        mod = f"{self.modifier:+d}" if self.modifier else ""
        return f"{self.count}d{self.sides}{mod}"


def parse_notation(text: str) -> Notation:
    """Parse dice notation such as ``3d6``, ``d20``, ``2d8+3``, ``4d6-1`` or ``d100``/``d%``.

    Raises:
        DiceError: the text is not notation, or names a die size or count d6tui does not roll.
    """
    m = _NOTATION.match(text)
    if not m:
        raise DiceError(f"'{text}' is not dice notation; write it like 3d6, d20 or 2d8+3")
    count = int(m.group(1)) if m.group(1) else 1
    sides = 100 if m.group(2) == "%" else int(m.group(2))
    if sides not in STANDARD_SIDES:
        sizes = ", ".join(f"d{s}" for s in STANDARD_SIDES)
        raise DiceError(f"there is no d{sides}; the dice are {sizes}")
    if not 1 <= count <= MAX_DICE:
        raise DiceError(f"roll between 1 and {MAX_DICE} dice, not {count}")
    modifier = int(m.group(4) or 0) * (-1 if m.group(3) == "-" else 1)
    if abs(modifier) > MAX_MODIFIER:
        raise DiceError(f"a modifier runs from -{MAX_MODIFIER} to +{MAX_MODIFIER}")
    return Notation(count, sides, modifier)


@dataclass(frozen=True)
class CustomDie:
    """A die with named faces, such as a D6 Shooter die.

    Attributes:
        name: what the die is called in notation and messages ("shooter").
        faces: the face names, one per side, in the order of a d6's pips 1..6.
        letters: one letter per face a player may type for it (``x`` for skull), or none.
    """

    name: str
    faces: tuple[str, ...]
    letters: tuple[str, ...] = ()

    def parse_face(self, text: str) -> str:
        """Read one typed face: its full name, a unique prefix, or its number 1..len(faces).

        A face's letter (``letters``) wins over a prefix: ``s`` is the spade, ``x`` the skull.

        Raises:
            DiceError: no face matches, or the prefix fits more than one face.
        """
        t = text.strip().lower()
        n = typed_number(t)
        if n is not None and 1 <= n <= len(self.faces):
            return self.faces[n - 1]
        if t and t in self.letters:
            return self.faces[self.letters.index(t)]
        if t in self.faces:
            return t
        matches = [f for f in self.faces if t and f.startswith(t)]
        if len(matches) == 1:
            return matches[0]
        names = ", ".join(self.faces)
        raise DiceError(f"'{text}' is not a face of the {self.name} die ({names}; or its "
                        f"number 1-{len(self.faces)} in the digits 0-9)")


class Dice:
    """The app's dice: a random source that returns rolls as log-ready dicts.

    Args:
        seed: makes every roll reproducible (tests, benchmarks); None uses system entropy.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def roll(self, count: int, sides: int = 6) -> dict:
        """Roll ``count`` dice of ``sides`` faces: ``{"dice": "3d6", "faces": [...], ...}``."""
        faces = [self._rng.randint(1, sides) for _ in range(count)]
        return {"dice": f"{count}d{sides}", "faces": faces, "source": "app"}

    def roll_custom(self, die: CustomDie, count: int) -> dict:
        """Roll ``count`` custom dice; ``faces`` holds face names."""
        faces = [self._rng.choice(die.faces) for _ in range(count)]
        return {"dice": f"{count} {die.name}", "faces": faces, "source": "app"}

    def roll_notation(self, notation: Notation) -> dict:
        """Roll parsed notation; the dict also holds ``modifier`` and ``total``."""
        r = self.roll(notation.count, notation.sides)
        r["dice"] = str(notation)
        r["modifier"] = notation.modifier
        r["total"] = sum(r["faces"]) + notation.modifier
        return r

    def shuffle(self, items: Sequence[str]) -> list[str]:
        """A shuffled copy of ``items`` (a deck); the order is stored in the event."""
        out = list(items)
        self._rng.shuffle(out)
        return out

    def choice(self, items: Sequence[str]) -> str:
        """One of ``items`` at random."""
        return self._rng.choice(list(items))

    def draw(self, pile: str, cards: Sequence[str], count: int = 1) -> dict:
        """Draw ``count`` cards at random from a face-down pile, deciding them only now.

        A deck is never stored shuffled: its cards are an unordered set until one is drawn,
        so a save holds no card before its time (DESIGN "The log"). The result has the shape
        of a roll, so undo keeps it on the table like any dice (see ``engine.session``)::

            {"dice": "draw game", "faces": ["B04"], "source": "app"}

        Args:
            pile: the pile's name ("game", "store"); it names the draw in the log.
            cards: the card ids in the pile (any order; sorted before drawing, so a seeded
                draw does not depend on how the pile was kept).
            count: how many to draw, 1..len(cards).

        Raises:
            DiceError: ``count`` is not between 1 and the pile's size.
        """
        pool = sorted(cards)
        if not 1 <= count <= len(pool):
            raise DiceError(f"cannot draw {count} from a pile of {len(pool)}")
        faces = self._rng.sample(pool, count)
        return {"dice": f"draw {pile}", "faces": faces, "source": "app"}


def table_roll(faces: Sequence[int], count: int, sides: int = 6) -> dict:
    """Check faces typed from dice rolled at the table and make them a roll.

    Args:
        faces: the pips read off the dice.
        count: how many dice the prompt asked for.
        sides: the die size.

    Raises:
        DiceError: the wrong number of faces, or a face outside 1..sides.
    """
    if len(faces) != count:
        raise DiceError(f"type {count} {'die' if count == 1 else 'dice'}, not {len(faces)}")
    for f in faces:
        if not isinstance(f, int) or isinstance(f, bool) or not 1 <= f <= sides:
            raise DiceError(f"{f} is not a face of a d{sides}: faces run from 1 to {sides}")
    return {"dice": f"{count}d{sides}", "faces": list(faces), "source": "table"}


def table_roll_custom(die: CustomDie, texts: Sequence[str], count: int) -> dict:
    """Check typed custom faces (names, prefixes or numbers) and make them a roll.

    Raises:
        DiceError: the wrong number of faces, or one that is not on the die.
    """
    if len(texts) != count:
        raise DiceError(f"type {count} {'die' if count == 1 else 'dice'}, not {len(texts)}")
    faces = [die.parse_face(t) for t in texts]
    return {"dice": f"{count} {die.name}", "faces": faces, "source": "table"}


def parse_typed_faces(text: str) -> list[str]:
    """Split what a person typed for table dice ("3 5 6", "3,5,6", "h s j") into pieces.

    Raises:
        DiceError: nothing was typed.
    """
    parts = [p for p in re.split(r"[\s,;]+", text.strip()) if p]
    if not parts:
        raise DiceError("type the faces of the dice you rolled, separated by spaces")
    return parts


def parse_typed_pips(text: str, count: int, sides: int = 6) -> dict:
    """Read typed pips ("3 5" or "35" for d6 and smaller) into a table roll.

    Raises:
        DiceError: not numbers, the wrong count, or a face out of range.
    """
    parts = parse_typed_faces(text)
    if sides == 100 and count == 1 and len(parts) in (1, 2):
        return table_roll([_percentile(parts, text)], 1, 100)
    if len(parts) == 1 and count > 1 and sides < 10 and typed_number(parts[0]) is not None:
        parts = list(parts[0])
    pips = [n for n in map(typed_number, parts) if n is not None]
    if len(pips) != len(parts):
        raise not_a_number(text, next(p for p in parts if typed_number(p) is None), "3 5 6")
    return table_roll(pips, count, sides)


def _percentile(parts: list[str], text: str) -> int:
    """A d100 read the percentile way: the tens die (00-90) and the D10 (0-9) added, where
    00 and 0 together make 100 (the D6 board game's "How to Roll for GM Events"). Typed as
    one number, ``00``, ``0`` and ``100`` are all 100; as two, ``20 4`` is 24, ``00 0`` 100.

    Raises:
        DiceError: not numbers, or a pair that is not a tens die and a D10.
    """
    nums = [n for n in map(typed_number, parts) if n is not None]
    if len(nums) != len(parts):
        wrong = next(p for p in parts if typed_number(p) is None)
        raise DiceError(f"'{wrong}' is not a number in the digits 0-9; type a number from 1 "
                        "to 100 (00 is 100)")
    if len(nums) == 1:
        return nums[0] or 100
    tens, units = nums
    if tens % 10 or not 0 <= tens <= 90 or not 0 <= units <= 9:
        raise DiceError(f"'{text}': type the percentile die (00-90) and the D10 (0-9), "
                        "like 20 4, or one number from 1 to 100")
    return tens + units or 100


def parse_typed_total(text: str, count: int, sides: int = 6) -> dict:
    """Read a total typed for the whole roll (``"=11"``) into a table roll with no faces:
    ``{"dice": "3d6", "faces": [], "total": 11, "source": "table"}``, for a request that
    takes a total (``DiceRequest.total_ok``).

    Raises:
        DiceError: not ``=`` and a number, or a total ``count`` dice cannot make.
    """
    body = text.strip().removeprefix("=").strip()
    total = typed_number(body)
    if total is None:
        raise DiceError(f"'{text}' is not a total; type = and the number in the digits 0-9, "
                        "like =11")
    if not count <= total <= count * sides:
        raise DiceError(f"{count}d{sides} make {count} to {count * sides}, not {total}")
    return {"dice": f"{count}d{sides}", "faces": [], "total": total, "source": "table"}


def is_total(text: str) -> bool:
    """Whether typed dice are a total (``"=11"``) rather than faces."""
    return text.strip().startswith("=")


def roll_sum(roll: dict) -> int:
    """What a roll adds up to: its faces, or the total typed for a roll with none."""
    if not roll.get("faces") and isinstance(roll.get("total"), int):
        return int(roll["total"])
    return sum(roll["faces"])


def check_roll(roll: object, *, sides: int | None = None, die: CustomDie | None = None,
               count: int | None = None, total_ok: bool = False) -> list:
    """Check a stored roll dict read from a log; return its faces (``[]`` for a total typed
    at the table, when ``total_ok``: then its ``total`` is checked against ``count`` dice of
    ``sides``).

    Raises:
        EventError: the roll is not a dict with ``faces``, or a face or the count is wrong.
    """
    from d6tui.engine.errors import EventError

    if not isinstance(roll, dict) or not isinstance(roll.get("faces"), list):
        raise EventError("a roll must be a table with a list of faces")
    faces = roll["faces"]
    if total_ok and not faces and "total" in roll:
        total = roll["total"]
        n, top = count or 1, sides or 6
        if (not isinstance(total, int) or isinstance(total, bool)
                or not n <= total <= n * top or roll.get("source") != "table"):
            raise EventError(f"a total typed for {n}d{top} is {n} to {n * top}")
        return []
    if count is not None and len(faces) != count:
        raise EventError(f"the roll has {len(faces)} faces where {count} dice were rolled")
    if roll.get("source", "app") not in ("app", "table"):
        raise EventError(f"unknown roll source {roll.get('source')!r}")
    for f in faces:
        if die is not None:
            if f not in die.faces:
                raise EventError(f"{f!r} is not a face of the {die.name} die")
        elif sides is not None and (
            not isinstance(f, int) or isinstance(f, bool) or not 1 <= f <= sides
        ):
            raise EventError(f"{f!r} is not a face of a d{sides}")
    return faces
