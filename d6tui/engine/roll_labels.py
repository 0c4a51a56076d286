"""The check that a loaded roll says what it holds: each roll in a save carries its label
(``dice = "2d6"``, ``"6 shooter"``, ``"4D+1"``, ``"draw game"``) beside its faces, and a label
that does not fit them, or asks for more dice than d6tui rolls, was edited by hand.

d6tui writes the label from the same request it rolls the faces for, so a save it wrote
always passes; the loader (``Session.load``) refuses one that does not, in one line naming
the event, rather than showing a roll of "99999999d6" that holds two dice.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from d6tui.engine.dice import MAX_DICE, DiceError, parse_notation
from d6tui.engine.errors import EventError
from d6tui.engine.session_dice import BOTH, rolls_of

#: ``3d6``, ``2d8+3``: dice notation, one face per die.
_NOTATION = re.compile(r"\d+d\d+(?:[+-]\d+)?")
#: ``6 shooter``, ``2 red``: so many dice of a named kind, one face per die.
_NAMED = re.compile(r"(\d+) [a-z_]+")
#: ``4D``, ``3D+2``: a D6 System die code; its wild die (and character-point dice) are kept
#: apart from ``faces``, so it holds fewer faces than it names dice.
_CODE = re.compile(r"(\d+)D(?:[+-]\d+)?")


def _count_word(n: int) -> str:
    return "1 face" if n == 1 else f"{n} faces"


def check_roll_labels(event: Mapping[str, Any]) -> None:
    """Check every roll of ``event`` (the app's and those typed at the table) against its
    label: dice notation names as many dice as the roll holds faces (a typed total holds
    none), within :data:`~d6tui.engine.dice.MAX_DICE` dice and the
    notation's limits; a named kind (``6 shooter``) as many dice as faces; a D6 System code
    (``4D+1``) at least as many dice as faces. Whether each face is on its die, a ``draw``
    and labels of other shapes are left to the game's fold.

    Raises:
        EventError: a label that does not fit its faces or the limits, in words.
    """
    for _name, roll in rolls_of(event, BOTH):
        label, faces = roll.get("dice"), roll["faces"]
        if not isinstance(label, str):
            continue
        where = f"a roll says dice = {label!r}"
        if _NOTATION.fullmatch(label):
            if not 1 <= int(label.split("d", 1)[0]) <= MAX_DICE:
                raise EventError(f"{where}: d6tui rolls 1 to {MAX_DICE} dice at once")
            try:
                notation = parse_notation(label)
            except DiceError as e:
                raise EventError(f"{where}: {e}") from None
            if not faces and "total" in roll:  # a total typed at the table
                continue
            if len(faces) != notation.count:
                raise EventError(f"{where} but holds {_count_word(len(faces))}")
            continue
        m = _NAMED.fullmatch(label) or _CODE.fullmatch(label)
        if m is None:
            continue
        count = int(m.group(1))
        if count > MAX_DICE:
            raise EventError(f"{where}: d6tui rolls 1 to {MAX_DICE} dice at once")
        named = m.re is _NAMED
        if (len(faces) != count) if named else (len(faces) > count):
            raise EventError(f"{where} but holds {_count_word(len(faces))}")
