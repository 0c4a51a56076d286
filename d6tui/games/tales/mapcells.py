"""One small square of the island (J02) as text: the one layout both the screen's map
(``d6tui.ui.tales.island_map.IslandMap``, which colours it and fits it to its cells) and the
journal export (:mod:`d6tui.games.tales.keepsake`) draw.

A square is :data:`CELL_W` x :data:`CELL_H` characters: terrain (top left) and picture (top
right, two letters and a space, so the next square's terrain never runs into it) with the
road's north arm between them, the road through the middle (``@`` for the hero), then the
village number (or how many steps away a reachable square is) and the event number (E00
included), with the road's south arm between them. A square not yet revealed is dots, with
its picture and event if they were drawn or written there. Pure functions of the state; no
Textual, no Rich.
"""

from __future__ import annotations

from d6tui.games.tales.journal import ROAD_GLYPHS
from d6tui.games.tales.state import Square

#: Three letters per terrain, written in each square's top left corner.
TERRAIN_ABBR = {"plains": "pln", "mountains": "mtn", "forest": "for", "swamp": "swp",
                "village": "vlg", "castle": "CST"}
#: Two letters per picture (R02, E05, E25...), top right corner, then a space.
SITE_ABBR = {"castle": "", "tower": "tw", "pyramid": "py", "lake": "lk", "hut": "ht",
             "rift": "rf", "portal": "pt", "cave": "cv"}
#: Width and height of one small square on the map, in characters.
CELL_W, CELL_H = 7, 3


def _site(sq: Square) -> str:
    return SITE_ABBR.get(sq.site, sq.site[:2]).rjust(2) + " "


def square_rows(sq: Square, hero: bool, steps: int | None = None) -> list[str]:
    """Square ``sq`` in :data:`CELL_H` lines of text (each :data:`CELL_W` characters unless a
    number is longer than its room; the screen fits each line to its cells).

    Args:
        sq: the square.
        hero: the hero stands on it (``@`` in the middle).
        steps: the steps left to reach it this turn (``→n``), or None (the journal: no
            reach marks).

    Returns:
        Three strings, top to bottom.
    """
    if not sq.revealed:
        rows = [f" ·  {_site(sq)}" if sq.site else " ·   · ",
                "   ·   " if steps is None else f"  →{steps}",
                " ·  " + (sq.event or "·  ")]
        if hero:
            rows[1] = "   @   "
        return rows
    ex = sq.exits
    n = "│" if "N" in ex else " "
    s = "│" if "S" in ex else " "
    w = "───" if "W" in ex else "   "
    e = "───" if "E" in ex else "   "
    centre = "@" if hero else ROAD_GLYPHS.get(ex, "·")
    terrain = TERRAIN_ABBR.get(sq.terrain, "   ")
    site = _site(sq)
    # Right-aligned, so the event of the square to the left never touches it.
    left = f"v{sq.village}".rjust(3) if sq.village else "   "
    if steps and not hero:
        if sq.village:  # a village has no picture: its reach goes top right instead
            site = f"→{steps}".ljust(3)
        else:
            left = f"→{steps}".rjust(3)
    event = sq.event or "   "
    return [f"{terrain}{n}{site}", f"{w}{centre}{e}", f"{left}{s}{event}"]
