"""Dice typed from the table for a wild-die roll, checked before they are used: each
face 1-6, a wild chain that goes on only after a 6, and the text the GM types split into its
chains ("Dice Basics"; DESIGN "The log": typed faces are checked and stored as table dice).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from d6tui.engine.dice import not_a_number, typed_number
from d6tui.engine.errors import DiceError

#: A wild-die chain longer than this is refused (one in 6**50: a typing slip, not luck).
MAX_CHAIN = 50


def check_faces(faces: Sequence[int], count: int) -> list[int]:
    """Check typed ordinary dice: ``count`` faces, each 1-6.

    Args:
        faces: the typed faces.
        count: how many the roll needs.

    Returns:
        The faces as a list.

    Raises:
        DiceError: the wrong count or a face out of range.
    """
    if len(faces) != count:
        what = "die" if count == 1 else "dice"
        raise DiceError(f"type {count} ordinary {what} besides the wild die, not {len(faces)}")
    for f in faces:
        check_face(f)
    return list(faces)


def check_chain(chain: Sequence[int], what: str = "the wild die") -> list[int]:
    """Check a typed wild-die chain: 6s each followed by a reroll, ending on 1-5.

    Args:
        chain: the faces in the order rolled.
        what: names the die in messages.

    Returns:
        The chain as a list.

    Raises:
        DiceError: empty, a face out of range, ends on a 6, or a face follows a face that is
            not 6.
    """
    if not chain:
        raise DiceError(f"type the face of {what}")
    if len(chain) > MAX_CHAIN:
        raise DiceError(f"{what} was typed with {len(chain)} faces; that many sixes is a slip")
    for i, f in enumerate(chain):
        check_face(f)
        if i < len(chain) - 1 and f != 6:
            raise DiceError(
                f"{what} is rolled again only after a 6; {f} ends it, so nothing comes after"
            )
    if chain[-1] == 6:
        raise DiceError(f"{what} showed a 6, so it is rolled again: type the reroll too")
    return list(chain)


def check_face(f: object) -> None:
    """Refuse anything but a face of a d6 ("Dice Basics").

    Raises:
        DiceError: not a whole number from 1 to 6.
    """
    if not isinstance(f, int) or isinstance(f, bool) or not 1 <= f <= 6:
        raise DiceError(f"{f!r} is not a face of a d6: faces run from 1 to 6")


def parse_typed_wild(text: str, dice: int) -> tuple[list[int], list[int], list[list[int]]]:
    """Read the faces of a wild-die roll as a person types them.

    The ordinary dice come first, then the wild die and its rerolls, then any extra wild dice.
    Groups may be split with ``w``, ``/`` or ``|`` (``"3 5 2 w 6 4"``); without a separator
    the first ``dice - 1`` faces are the ordinary dice and the rest are chains, each ending at
    the first face that is not a 6 (the order "Dice Basics" gives: the last die rolled is the
    wild die). A run of single digits with no spaces (``"35264"``) is read a face per digit.

    Args:
        text: the typed faces.
        dice: dice thrown, the wild die included.

    Returns:
        ``(faces, wild, cp_chains)``, not yet range-checked (see :func:`table_wild`).

    Raises:
        DiceError: not numbers, too few faces, or faces left after the last chain.
    """
    groups = [g for g in re.split(r"\s*[wW/|]\s*", text.strip())]
    pieces: list[list[int]] = []
    for g in groups:
        parts = [p for p in re.split(r"[\s,;]+", g) if p]
        # Only a lone run of digits is read a face per digit: inside groups split by "w",
        # "16" is a slip for two dice, and is refused as a face rather than guessed at.
        if len(groups) == 1 and len(parts) == 1 and len(parts[0]) > 1 and \
                typed_number(parts[0]) is not None:
            parts = list(parts[0])
        nums = [n for n in map(typed_number, parts) if n is not None]
        if len(nums) != len(parts):
            wrong = next(p for p in parts if typed_number(p) is None)
            raise not_a_number(text, wrong, "3 5 2 w 6 4")
        pieces.append(nums)
    if len(pieces) > 1:
        faces, rest = pieces[0], [p for p in pieces[1:]]
        if not rest[0]:
            raise DiceError("type the wild die's face after the separator")
        return faces, rest[0], [p for p in rest[1:] if p]
    flat = pieces[0] if pieces else []
    if len(flat) < dice:
        raise DiceError(f"type {dice} dice (the last one is the wild die), not {len(flat)}")
    faces, tail = flat[: dice - 1], flat[dice - 1:]
    chains = split_chains(tail)
    return faces, chains[0], chains[1:]


def split_chains(faces: Sequence[int]) -> list[list[int]]:
    """Cut typed wild-die faces into chains, each running to its first face that is not a 6
    (``6 3 4`` is two wild dice: 6+3, and 4) ("The Wild Die").

    Raises:
        DiceError: the last chain ends on a 6, so its reroll is missing.
    """
    chains: list[list[int]] = []
    current: list[int] = []
    for f in faces:
        current.append(f)
        if f != 6:
            chains.append(current)
            current = []
    if current:
        raise DiceError("the last die typed is a 6, so it is rolled again: type the reroll too")
    return chains
