"""The Dungeon Waffle's geometry: holes, the two sides, and a die's orientation in its hole
(rulebook "Course of Play", "Item and Spell Dice Faces": Turn, Pivot).

The model, once and exactly:

- The waffle stands between the players. Holes are named from the first player's side:
  columns ``A``-``F`` left to right as the first player sees them, rows ``1``-``6`` top to
  bottom. The second player looks at the other side, so for them column ``F`` is on the left
  and ``A`` on the right; top and bottom are the same for both.
- A die in a hole shows one map face to each side: ``faces[seat]``. Each side sees its face
  turned ``turns[seat]`` quarter turns clockwise *as that player looks at it*.
- A die has eight ways to sit in a hole: which of its two map faces faces the first player,
  times four quarter turns. Seen from one side there are four orientations of the face
  facing you. Turning the die a quarter clockwise for one player turns it a quarter
  anticlockwise for the other, so ``turns[0] + turns[1]`` is the same (0 mod 4) in every
  orientation: a die is placed with both faces upright at once.
- **Turn** (the spell) spins the die in its hole: the same face still faces you, both faces
  turn together, ``turns[you] += q`` and ``turns[other] -= q``.
- **Pivot** takes the die out and puts it back the other way round with top and bottom kept
  (a half turn about the upright axis): each player now sees exactly what the other saw
  before, the same face the same way up. So a Pivot swaps ``(faces[0], turns[0])`` and
  ``(faces[1], turns[1])``; two Pivots, or four quarter Turns, give the die back as it was,
  and a Turn of ``q`` for you followed by a Pivot is a Pivot followed by a Turn of ``q`` for
  the other player.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from d6tui.engine.errors import RuleError
from d6tui.games.dungeon.faces import DIRECTIONS, MAP_FACES, E, N, S, W

#: The waffle is a square of this many holes a side ("Contents": the Dungeon Waffle).
SIZE = 6

#: Column letters from the first player's left.
COLUMNS = "ABCDEF"

#: Every hole name, row by row from the first player's side.
HOLES: tuple[str, ...] = tuple(f"{c}{r}" for r in range(1, SIZE + 1) for c in COLUMNS)

#: The step in (row, column) of each direction, in the viewer's own frame.
STEP: dict[int, tuple[int, int]] = {N: (-1, 0), E: (0, 1), S: (1, 0), W: (0, -1)}

#: The direction opposite each direction.
OPPOSITE: dict[int, int] = {N: S, S: N, E: W, W: E}


def hole_index(name: str) -> int:
    """The index 0..35 of a hole name (``"C4"`` -> 20), row by row, first player's frame.

    Raises:
        RuleError: not a hole of the waffle ("Course of Play").
    """
    text = name.strip().upper()
    if len(text) == 2 and text[0] in COLUMNS and text[1] in "123456":
        return (int(text[1]) - 1) * SIZE + COLUMNS.index(text[0])
    raise RuleError(f"{name!r} is not a hole of the Dungeon Waffle (A1 to F6)", "Course of Play")


def hole_name(index: int) -> str:
    """The name of hole ``index`` (20 -> ``"C4"``)."""
    return HOLES[index]


def own_index(index: int, seat: int) -> int:
    """Where hole ``index`` is in ``seat``'s own view (row by row, left to right as they see
    it): the second player sees the columns mirrored."""
    if seat == 0:
        return index
    r, c = divmod(index, SIZE)
    return r * SIZE + (SIZE - 1 - c)


def rotate(openings: int, turns: int) -> int:
    """``openings`` (N/E/S/W bits) turned ``turns`` quarter turns clockwise."""
    out = openings
    for _ in range(turns % 4):
        out = ((out << 1) | (out >> 3)) & 0xF
    return out


def opening_names(openings: int) -> str:
    """The corridor ends as letters, ``"NES"``."""
    return "".join(n for d, n in zip(DIRECTIONS, "NESW", strict=True) if openings & d)


@dataclass(frozen=True)
class HoleDie:
    """A die in a hole of the Dungeon Waffle, as both sides see it.

    Attributes:
        die: the die's id (``red3``).
        faces: the map face facing each seat, ``(first player's, second player's)``; None
            where a view hides it.
        turns: quarter turns clockwise of each seat's face as that seat sees it (0-3);
            ``turns[0] + turns[1]`` is 0 mod 4. None where a view hides it.
    """

    die: str
    faces: tuple[str | None, str | None]
    turns: tuple[int | None, int | None]

    def openings(self, seat: int) -> int:
        """The corridor ends (N/E/S/W bits) ``seat`` sees, in their own frame (0 if hidden)."""
        face, turns = self.faces[seat], self.turns[seat]
        if face is None or turns is None:
            return 0
        return rotate(MAP_FACES[face].openings, turns)

    def hidden_from(self, seat: int) -> HoleDie:
        """This die with the face facing ``seat``'s opponent taken out (a view)."""
        other = 1 - seat
        faces = list(self.faces)
        turns = list(self.turns)
        faces[other] = None
        turns[other] = None
        return replace(self, faces=(faces[0], faces[1]), turns=(turns[0], turns[1]))


def placed(die: str, seat: int, face: str, other_face: str, turns: int) -> HoleDie:
    """A die just placed by ``seat`` with ``face`` facing them, turned ``turns`` quarter
    turns clockwise as they see it; ``other_face`` (the opposite side) faces the opponent,
    turned the other way ("Course of Play": any orientation)."""
    t = turns % 4
    if seat == 0:
        return HoleDie(die, (face, other_face), (t, (-t) % 4))
    return HoleDie(die, (other_face, face), ((-t) % 4, t))


def turned(hole: HoleDie, seat: int, quarter_turns: int) -> HoleDie:
    """The die spun in its hole by ``quarter_turns`` clockwise as ``seat`` sees it; the same
    face still faces them ("Item and Spell Dice Faces": Turn)."""
    t = list(hole.turns)
    q = quarter_turns % 4
    if t[seat] is not None:
        t[seat] = (t[seat] + q) % 4  # type: ignore[operator]
    other = 1 - seat
    if t[other] is not None:
        t[other] = (t[other] - q) % 4  # type: ignore[operator]
    return replace(hole, turns=(t[0], t[1]))


def pivoted(hole: HoleDie) -> HoleDie:
    """The die taken out and put back the other way round, top and bottom kept: each side
    now sees what the other side saw ("Item and Spell Dice Faces": Pivot)."""
    return replace(hole, faces=(hole.faces[1], hole.faces[0]),
                   turns=(hole.turns[1], hole.turns[0]))


def side_grid(holes: tuple[HoleDie | None, ...], seat: int) -> tuple[tuple[str, int] | None, ...]:
    """``seat``'s side of the waffle in their own frame: 36 cells row by row, left to right
    as they see it, each ``(face, openings)`` or None (empty or hidden)."""
    out: list[tuple[str, int] | None] = [None] * (SIZE * SIZE)
    for i, h in enumerate(holes):
        if h is None or h.faces[seat] is None:
            continue
        out[own_index(i, seat)] = (h.faces[seat], h.openings(seat))  # type: ignore[assignment]
    return tuple(out)
