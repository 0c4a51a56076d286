"""One square of the island (J02) as text: the one layout both the screen's map
(``d6tui.ui.tales.widgets.IslandMap``, which colours it) and the journal export
(:mod:`d6tui.games.tales.keepsake`) draw.

A square is :data:`CELL_W` x :data:`CELL_H` characters: terrain (top left) and picture (top
right) with the road's north arm between them, the road through the middle (``@`` for the
hero), then the village number (or how many steps away a reachable square is) and the event
number, with the road's south arm between them. A square not yet revealed is dots, with its
event if one was written there. Pure functions of the state; no Textual, no Rich.
"""

from __future__ import annotations

from d6tui.games.tales.journal import ROAD_GLYPHS
from d6tui.games.tales.state import Square

#: Three letters per terrain, written in each square's top left corner.
TERRAIN_ABBR = {"plains": "pln", "mountains": "mtn", "forest": "for", "swamp": "swp",
                "village": "vlg", "castle": "CST"}
#: Three letters per picture (R02, E05, E25...), top right corner.
SITE_ABBR = {"castle": "", "tower": "twr", "pyramid": "pyr", "lake": "lak", "hut": "hut",
             "rift": "rft", "portal": "ptl", "cave": "cav"}
#: Width and height of one square on the map, in characters.
CELL_W, CELL_H = 7, 3


def _event(sq: Square) -> str:
    return sq.event if sq.event and sq.event != "E00" else ""


def square_rows(sq: Square, hero: bool, steps: int | None = None) -> list[str]:
    """Square ``sq`` in :data:`CELL_H` lines of text (each :data:`CELL_W` characters unless a
    number is longer than its room; the screen fits each line to its cells).

    Args:
        sq: the square.
        hero: the hero stands on it (``@`` in the middle).
        steps: the steps left to reach it this turn (``→n``), or None (the journal: no
            reach marks).
    """
    if not sq.revealed:
        middle = "   @   " if hero else "   ·   " if steps is None else f"  →{steps}"
        return [" ·   · ", middle, " ·  " + (_event(sq) or "·  ")]
    ex = sq.exits
    n = "│" if "N" in ex else " "
    s = "│" if "S" in ex else " "
    w = "───" if "W" in ex else "   "
    e = "───" if "E" in ex else "   "
    centre = "@" if hero else ROAD_GLYPHS.get(ex, "·")
    terrain = TERRAIN_ABBR.get(sq.terrain, "   ")
    site = SITE_ABBR.get(sq.site, sq.site[:3]).rjust(3)
    # Right-aligned, so the event number of the square to the left never touches it.
    left = f"v{sq.village}".rjust(3) if sq.village else "   "
    if steps and not hero:
        left = f"→{steps}".rjust(3)
    return [f"{terrain}{n}{site}", f"{w}{centre}{e}", f"{left}{s}{_event(sq) or '   '}"]
