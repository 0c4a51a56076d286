"""The island map of J02: a 6x6 grid, columns I-VI and rows 1-6, and its roads (R02, R04).

Squares are numbered 0..35, row by row: index = (row - 1) * 6 + (column - 1). Directions are
compass letters: N goes towards row 1, S towards row 6, E towards column VI, W towards I.
"""

from __future__ import annotations

SIZE = 6
ROMAN = ("I", "II", "III", "IV", "V", "VI")
DIRS = "NESW"
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
STEP = {"N": (0, -1), "S": (0, 1), "E": (1, 0), "W": (-1, 0)}
ROTATIONS = (0, 90, 180, 270)


def index(col: int, row: int) -> int:
    """The square at column ``col`` (1-6) and row ``row`` (1-6).

    Args:
        col: the column, 1-6 (I-VI).
        row: the row, 1-6.
    """
    return (row - 1) * SIZE + (col - 1)


def col_row(i: int) -> tuple[int, int]:
    """``(column, row)``, both 1-6, of square ``i``.

    Args:
        i: the square, 0..35.
    """
    return i % SIZE + 1, i // SIZE + 1


def name(i: int) -> str:
    """The square's name as the journal writes it: ``"III-3"``.

    Args:
        i: the square, 0..35.
    """
    c, r = col_row(i)
    return f"{ROMAN[c - 1]}-{r}"


def parse_name(text: str) -> int:
    """The square named ``"III-3"`` (case-insensitive).

    Args:
        text: a name like "III-3".
    Raises:
        ValueError: not a square of the island.
    """
    try:
        c, r = text.strip().upper().split("-")
        col = ROMAN.index(c) + 1
        row = int(r)
    except ValueError:
        raise ValueError(f"'{text}' is not a square; write it like III-3") from None
    if not 1 <= row <= SIZE:
        raise ValueError(f"'{text}' is not a square; rows run 1-6")
    return index(col, row)


def neighbour(i: int, d: str) -> int | None:
    """The square next to ``i`` in direction ``d``, or None for the water (R04).

    Args:
        i: the square.
        d: N, E, S or W.
    """
    c, r = col_row(i)
    dc, dr = STEP[d]
    c, r = c + dc, r + dr
    if 1 <= c <= SIZE and 1 <= r <= SIZE:
        return index(c, r)
    return None


def rotate(exits: str, degrees: int) -> str:
    """The exits of a road turned clockwise by ``degrees`` (0, 90, 180 or 270), as "NESW" order.

    Args:
        exits: the road's exits, as compass letters.
        degrees: the clockwise turn.
    Raises:
        ValueError: not a quarter turn.
    """
    if degrees not in ROTATIONS:
        raise ValueError(f"a road turns by 0, 90, 180 or 270 degrees, not {degrees}")
    k = degrees // 90
    turned = {DIRS[(DIRS.index(d) + k) % 4] for d in exits}
    return "".join(d for d in DIRS if d in turned)


def distance(a: int, b: int) -> int:
    """Squares between ``a`` and ``b`` along rows and columns.

    Args:
        a: a square.
        b: another square.
    """
    (ca, ra), (cb, rb) = col_row(a), col_row(b)
    return abs(ca - cb) + abs(ra - rb)
