"""D6 System die codes: ``4D``, ``3D+2``, ``+2D+2``, and the pips they are made of.

A die code is a number of six-sided dice plus a few pips added to their sum. Three pips make a
die, so ``2D+3`` is the same code as ``3D`` and ``4D-1`` is ``3D+2`` ("Dice Basics",
"Splitting Dice" in "How to Make a Character"). :class:`DieCode` keeps the whole value as a
count of pips, which makes adding, subtracting and comparing codes plain arithmetic, and shows
itself in the normal form (dice, then ``+1`` or ``+2``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from d6tui.engine.errors import DiceError

#: Pips in one die ("Splitting Dice").
PIPS_PER_DIE = 3

#: The largest code d6tui reads, in dice (a Capital Ship's scale is +12D; room for more).
MAX_CODE_DICE = 99

_CODE = re.compile(r"^([+-]?)(\d+)D(?:([+-])(\d+))?$", re.IGNORECASE)
_DSIZE = re.compile(r"^[+-]?\d*D\d+", re.IGNORECASE)


@dataclass(frozen=True, order=True)
class DieCode:
    """A die code kept as its value in pips (``3D+2`` is 11 pips).

    Codes may be negative: a penalty such as ``-1D`` is a code too, and adding it to ``3D+2``
    gives ``2D+2`` ("Multiple Actions").

    Attributes:
        total_pips: the whole value in pips, three to a die.
    """

    total_pips: int

    @classmethod
    def of(cls, dice: int, pips: int = 0) -> DieCode:
        """The code ``{dice}D+{pips}`` (pips may be 3 or more, or negative; it is normalised).

        Args:
            dice: whole dice.
            pips: pips added (or taken away, when negative).

        Returns:
            The code, in pips.
        """
        return cls(dice * PIPS_PER_DIE + pips)

    @property
    def dice(self) -> int:
        """Whole dice of the normal form (``3D+2`` -> 3); negative codes count down."""
        sign = -1 if self.total_pips < 0 else 1
        return sign * (abs(self.total_pips) // PIPS_PER_DIE)

    @property
    def pips(self) -> int:
        """The pips left over after whole dice (0, 1 or 2; negative for negative codes)."""
        sign = -1 if self.total_pips < 0 else 1
        return sign * (abs(self.total_pips) % PIPS_PER_DIE)

    @property
    def static(self) -> int:
        """Dice times three plus pips: the static score of the code ("Static Defenses")."""
        return self.dice * PIPS_PER_DIE + self.pips

    def __add__(self, other: DieCode) -> DieCode:
        if not isinstance(other, DieCode):
            return NotImplemented
        return DieCode(self.total_pips + other.total_pips)

    def __sub__(self, other: DieCode) -> DieCode:
        if not isinstance(other, DieCode):
            return NotImplemented
        return DieCode(self.total_pips - other.total_pips)

    def __neg__(self) -> DieCode:
        return DieCode(-self.total_pips)

    def __mul__(self, factor: int) -> DieCode:
        if not isinstance(factor, int):
            return NotImplemented
        return DieCode(self.total_pips * factor)

    __rmul__ = __mul__

    def __str__(self) -> str:
        if self.total_pips < 0:
            # Both parts negative, so that the text reads back to the same code.
            pos = -self
            return f"-{pos.dice}D" + (f"-{pos.pips}" if pos.pips else "")
        pips = f"+{self.pips}" if self.pips else ""
        return f"{self.dice}D{pips}"

    def signed(self) -> str:
        """The code with its sign always shown: ``+2D+2``, ``-1D``, ``+0D``."""
        text = str(self)
        return text if text.startswith("-") else "+" + text


ZERO = DieCode(0)


def parse_code(text: str) -> DieCode:
    """Read a die code such as ``4D``, ``3D+2``, ``2D+3`` (read as ``3D``), ``4d-1`` or ``+2D+2``.

    Spaces are ignored and the ``D`` may be lower case. A leading ``+`` marks a bonus (weapon
    damage added to Might, "Low Tech Weapons"); a leading ``-`` marks a penalty.

    Args:
        text: what was typed or stored.

    Returns:
        The code, normalised.

    Raises:
        DiceError: the text is not a die code (with a hint at the right form), or is too large.
    """
    if not isinstance(text, str):
        raise DiceError(f"{text!r} is not a die code; write it like 4D or 3D+2")
    t = re.sub(r"\s+", "", text)
    if not t:
        raise DiceError("type a die code, like 4D or 3D+2")
    if _DSIZE.match(t):
        raise DiceError(
            f"'{text}' names a die size; Simple Six dice are all six-sided, so write the number"
            " of dice and any pips, like 3D or 3D+2 (Dice Basics)"
        )
    m = _CODE.match(t)
    if not m:
        if t.lstrip("+-").isdigit():
            raise DiceError(
                f"'{text}' has no D; write dice as 4D, or pips on top of dice as 3D+2"
            )
        raise DiceError(f"'{text}' is not a die code; write it like 4D, 3D+2 or +2D+2")
    dice = int(m.group(2))
    pips = int(m.group(4) or 0) * (-1 if m.group(3) == "-" else 1)
    if dice > MAX_CODE_DICE or abs(pips) > MAX_CODE_DICE * PIPS_PER_DIE:
        raise DiceError(f"'{text}' is larger than d6tui rolls (at most {MAX_CODE_DICE}D)")
    # A leading sign belongs to the dice; pips carry their own sign ("-1D-1" is 4 pips down).
    return DieCode.of(-dice if m.group(1) == "-" else dice, pips)


def as_code(value: DieCode | str | int) -> DieCode:
    """Accept a code, its text, or a whole number of dice.

    Args:
        value: ``DieCode``, text for :func:`parse_code`, or an int counted as whole dice.

    Returns:
        The code.

    Raises:
        DiceError: the text is not a die code.
    """
    if isinstance(value, DieCode):
        return value
    if isinstance(value, bool):
        raise DiceError(f"{value!r} is not a die code")
    if isinstance(value, int):
        return DieCode.of(value)
    return parse_code(value)
