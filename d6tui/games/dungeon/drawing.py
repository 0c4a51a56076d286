"""The Dungeon Waffle as characters: each hole drawn as its corridors in box-drawing lines
with its feature's letter in the middle. Shared by the screen's widget and the Markdown
export (pure text; no Textual)."""

from __future__ import annotations

from d6tui.games.dungeon.faces import MAP_FACES, E, N, S, W
from d6tui.games.dungeon.waffle import COLUMNS, SIZE, own_index

#: The junction drawn where corridors meet, by openings.
JUNCTIONS = {
    0: "·", N: "╵", E: "╶", S: "╷", W: "╴",
    N | S: "│", E | W: "─", N | E: "└", N | W: "┘", S | E: "┌", S | W: "┐",
    N | E | S: "├", N | W | S: "┤", E | S | W: "┬", E | N | W: "┴", N | E | S | W: "┼",
}


def cell_lines(face: str | None, openings: int, width: int = 5, height: int = 3,
               hidden: bool = False) -> list[str]:
    """One hole, ``height`` lines of ``width`` characters (both odd).

    Args:
        face: the map face, or None for an empty hole.
        openings: its corridor ends (N/E/S/W bits) as the viewer sees them.
        hidden: a die is there but its face is not shown (``?`` in the middle).
    """
    cx, cy = width // 2, height // 2
    if face is None:
        mid = "?" if hidden else "·"
        return [" " * width if y != cy else " " * cx + mid + " " * (width - cx - 1)
                for y in range(height)]
    mark = MAP_FACES[face].mark
    centre = mark if mark.strip() else JUNCTIONS[openings]
    rows = []
    for y in range(height):
        if y < cy:
            line = " " * cx + ("│" if openings & N else " ") + " " * (width - cx - 1)
        elif y > cy:
            line = " " * cx + ("│" if openings & S else " ") + " " * (width - cx - 1)
        else:
            line = ("─" * cx if openings & W else " " * cx) + centre + (
                "─" * (width - cx - 1) if openings & E else " " * (width - cx - 1))
        rows.append(line)
    return rows


def column_labels(seat: int) -> str:
    """The column letters left to right as ``seat`` sees their side."""
    return COLUMNS if seat == 0 else COLUMNS[::-1]


def side_text(cells: tuple[tuple[str, int] | None, ...], seat: int, filled: set[int],
              route: frozenset[int] = frozenset(), width: int = 5, height: int = 3) -> str:
    """A whole side in text: ``cells`` in ``seat``'s own frame; ``filled`` are the own-frame
    cells holding a die whose face is not shown; ``route`` cells are marked with ``*``."""
    labels = column_labels(seat)
    out = ["   " + "".join(ch.center(width) for ch in labels)]
    for r in range(SIZE):
        block = [["" for _ in range(SIZE)] for _ in range(height)]
        for c in range(SIZE):
            i = r * SIZE + c
            cell = cells[i]
            lines = cell_lines(cell[0] if cell else None, cell[1] if cell else 0, width,
                               height, hidden=cell is None and i in filled)
            if i in route:
                lines[0] = "*" + lines[0][1:]
            for y in range(height):
                block[y][c] = lines[y]
        for y in range(height):
            label = str(r + 1) if y == height // 2 else " "
            out.append(f" {label} " + "".join(block[y]) + f" {label}")
    return "\n".join(out)


def own_to_hole(index: int, seat: int) -> int:
    """The hole (first player's frame) of cell ``index`` of ``seat``'s own view."""
    return own_index(index, seat)
