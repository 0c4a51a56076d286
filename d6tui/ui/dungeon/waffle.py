"""The DungeonWaffle widget: one side of the Dungeon Waffle as its player sees it.

Each hole is drawn as its corridors in box-drawing lines with the feature's letter in the
middle (5x3 characters at 80x24, bigger when the terminal is bigger). A cursor picks a hole;
the die being placed is previewed in it; legal holes are shaded; the best route can be laid
over it. The widget draws the picture it is given (its view:
:class:`~d6tui.ui.widgets.state_view.StateView`) and never changes the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from rich.text import Text
from textual.reactive import reactive

from d6tui.games.dungeon.drawing import cell_lines, column_labels
from d6tui.games.dungeon.waffle import SIZE
from d6tui.ui.widgets.state_view import StateView

Cell = tuple[str, int] | None


@dataclass(frozen=True)
class WafflePicture:
    """What the widget draws, every index in the viewer's own frame (row by row, left to
    right as they see their side).

    Attributes:
        seat: whose side it is (for the column letters).
        cells: 36 cells ``(face, openings)`` or None.
        filled: cells holding a die whose face is not shown.
        legal: cells to shade (where the die may go, or which a spell may target).
        cursor: the cell under the cursor, or None.
        preview: ``(cell, face, openings)`` of the die being placed, or None.
        route: cells of the best route to lay over, when shown.
        shut: cells of the route holding a Treasure Chest it leaves shut (no key left
            for it): their mark is drawn faded and struck through, unlike a chest won.
        looked: the picture is what a Look showed (drawn in another colour).
        caption: one line above the waffle.
    """

    seat: int = 0
    cells: tuple[Cell, ...] = (None,) * (SIZE * SIZE)
    filled: frozenset[int] = frozenset()
    legal: frozenset[int] = frozenset()
    cursor: int | None = None
    preview: tuple[int, str, int] | None = None
    route: frozenset[int] = frozenset()
    shut: frozenset[int] = frozenset()
    looked: bool = False
    caption: str = ""
    blank: bool = field(default=False)


def cell_size(width: int, height: int) -> tuple[int, int]:
    """The largest cell (odd width and height, width about twice the height) for a widget of
    ``width`` x ``height`` characters: 5x3 at least."""
    h = max(3, (height - 2) // SIZE)
    if h % 2 == 0:
        h -= 1
    w = max(5, (width - 8) // SIZE)
    if w % 2 == 0:
        w -= 1
    w = min(w, 2 * h + 1)
    h = max(3, min(h, (w + 1) // 2 | 1))
    return w, h


class DungeonWaffle(StateView):
    """One side of the Dungeon Waffle (see the module docstring): its view is a
    :class:`WafflePicture`, given with :meth:`update_view` (a blank one at first)."""

    DEFAULT_CSS = Path(__file__).with_name("waffle.tcss").read_text(encoding="utf-8")

    COMPONENT_CLASSES = {
        "dungeon-waffle--label", "dungeon-waffle--corridor", "dungeon-waffle--feature",
        "dungeon-waffle--empty", "dungeon-waffle--hidden", "dungeon-waffle--legal",
        "dungeon-waffle--route", "dungeon-waffle--preview", "dungeon-waffle--cursor",
        "dungeon-waffle--looked", "dungeon-waffle--shut",
    }

    view: reactive[WafflePicture] = reactive(WafflePicture, layout=True)

    @property
    def picture(self) -> WafflePicture:
        """The picture drawn (the view, by its name here)."""
        view: WafflePicture = self.view
        return view

    #: The most room the waffle takes (cells grow up to this).
    max_cell: tuple[int, int] = (9, 5)

    def _cell_size(self) -> tuple[int, int]:
        # The screen's size, not the parent's: the parent is as wide as the waffle.
        size = self.app.size if self.is_attached else None
        width = int(size.width * 0.45) if size is not None else 36
        height = size.height - 4 if size is not None else 20
        w, h = cell_size(width, height)
        return min(w, self.max_cell[0]), min(h, self.max_cell[1])

    def get_content_width(self, container: object, viewport: object) -> int:
        """Labels and six cells."""
        w, _ = self._cell_size()
        return 4 + SIZE * w + 3

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        """The caption, the column letters and six rows of cells."""
        _, h = self._cell_size()
        return 2 + SIZE * h

    def render_view(self, pic: WafflePicture) -> Text:
        """Draw the side."""
        w, h = self._cell_size()
        style = self.get_component_rich_style
        label = style("dungeon-waffle--label")
        out = Text(no_wrap=True)
        out.append((pic.caption or " ")[: 4 + SIZE * w + 3], label)
        out.append("\n")
        out.append("    " + "".join(ch.center(w) for ch in column_labels(pic.seat)), label)
        if pic.blank:
            for _ in range(SIZE * h):
                out.append("\n")
            return out
        corridor = style("dungeon-waffle--looked" if pic.looked else "dungeon-waffle--corridor")
        feature = style("dungeon-waffle--feature")
        empty = style("dungeon-waffle--empty")
        hidden = style("dungeon-waffle--hidden")
        shut = style("dungeon-waffle--shut")
        for r in range(SIZE):
            rows = [Text(no_wrap=True) for _ in range(h)]
            for c in range(SIZE):
                i = r * SIZE + c
                cell = pic.cells[i]
                preview = pic.preview is not None and pic.preview[0] == i
                if preview:
                    assert pic.preview is not None
                    face, ops = pic.preview[1], pic.preview[2]
                else:
                    face, ops = (cell[0], cell[1]) if cell else (None, 0)
                lines = cell_lines(face, ops, w, h, hidden=face is None and i in pic.filled)
                back = None
                if i in pic.route:
                    back = style("dungeon-waffle--route")
                if i in pic.legal:
                    back = style("dungeon-waffle--legal")
                if preview:
                    back = style("dungeon-waffle--preview")
                if pic.cursor == i:
                    back = style("dungeon-waffle--cursor")
                    lines = cursor_marked(lines)
                for y, line in enumerate(lines):
                    base = corridor if face else (hidden if i in pic.filled else empty)
                    mid = h // 2
                    mark = feature if i not in pic.shut else shut
                    for x, ch in enumerate(line):
                        st = mark if (y == mid and x == w // 2 and face
                                      and ch.isalpha() or ch == "$") else base
                        if back is not None:
                            st = st + back
                        rows[y].append(ch, st)
            for y in range(h):
                out.append("\n")
                tag = f" {r + 1}  " if y == h // 2 else "    "
                out.append(tag, label)
                out.append_text(rows[y])
                out.append(f" {r + 1}" if y == h // 2 else "  ", label)
        return out


#: The heavy corners that mark the cursor's cell without colour (the corridors are light).
CURSOR_CORNERS = ("\u250f", "\u2513", "\u2517", "\u251b")


def cursor_marked(lines: list[str]) -> list[str]:
    """A cell's lines with heavy corners in its four corners where they are blank, so the
    cursor shows in plain text too (a screen reader, a monochrome terminal)."""
    out = [list(line) for line in lines]
    if not out or not out[0]:
        return lines
    last_y, last_x = len(out) - 1, len(out[0]) - 1
    for (y, x), mark in zip(((0, 0), (0, last_x), (last_y, 0), (last_y, last_x)),
                            CURSOR_CORNERS, strict=True):
        if x < len(out[y]) and out[y][x] == " ":
            out[y][x] = mark
    return ["".join(row) for row in out]


def cursor_step(cursor: int, dx: int, dy: int, open_cells: frozenset[int] | set[int],
                size: int = 6) -> int:
    """Where an arrow key takes the cursor: over the cells it may not stop on (a die
    already placed, while placing) to the next open cell in that direction, in a straight
    line first; when the line holds none, the nearest open cell in the next rows (or
    columns) that way, the nearest to the line first, then the lower index. With no open
    cell that way, the cursor stays; with no cells to skip (``open_cells`` empty), it moves
    one cell, stopping at the edge.

    Args:
        cursor: the cell index now (row * size + column, as the side is seen).
        dx, dy: the direction, one of them -1 or 1.
        open_cells: the cells the cursor may stop on (empty: every cell).
        size: the waffle's side.
    """
    r, c = divmod(cursor, size)
    if not open_cells:
        r = min(size - 1, max(0, r + dy))
        c = min(size - 1, max(0, c + dx))
        return r * size + c
    for step in range(1, size):  # straight on
        rr, cc = r + dy * step, c + dx * step
        if not (0 <= rr < size and 0 <= cc < size):
            break
        if rr * size + cc in open_cells:
            return rr * size + cc
    ahead = []  # the cells beyond the line that way: (how far ahead, off the line, index)
    for i in open_cells:
        ir, ic = divmod(i, size)
        far, off = ((ir - r) * dy, abs(ic - c)) if dy else ((ic - c) * dx, abs(ir - r))
        if far > 0:
            ahead.append((far, off, i))
    return min(ahead)[2] if ahead else cursor
