"""The island map of J02 as a widget: 6x6 squares in two sizes, 7x3 cells (up to 199
columns) and 15x5 cells with room for labels (from 200x50).

Whatever a square shows, each of its lines is exactly as wide as the square, so the roads
of the rows above and below line up; every text sits inside its own square with a gap
before the next one, so labels never run into each other.
"""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size
from rich.style import Style
from rich.text import Text
from textual.reactive import reactive
from textual.strip import Strip
from textual.visual import Visual, visualize

from d6tui.games.tales import booklet, island
from d6tui.games.tales.journal import ROAD_GLYPHS
from d6tui.games.tales.mapcells import CELL_H, CELL_W, square_rows
from d6tui.games.tales.state import Square
from d6tui.ui.tales.view import TalesView, ViewWidget

#: The terrain in a few more letters, on the big squares.
TERRAIN_WORDS = {"plains": "plains", "mountains": "mounts", "forest": "forest",
                 "swamp": "swamp", "village": "vill.", "castle": "CASTLE"}
#: What a square's centre column holds where it draws its road.
_ROAD_CHARS = frozenset("│─┼┴├┬┤└┌┐┘╵╶╷╴·@")
#: Width and height of one square on the big map (200x50 and larger).
BIG_W, BIG_H = 15, 5


def fit_cell(text: str, width: int = CELL_W) -> str:
    """``text`` padded or cut to exactly ``width`` cells, one line of a map square."""
    size = cell_len(text)
    if size < width:
        return text + " " * (width - size)
    return text if size == width else set_cell_size(text, width)


def _label(text: str, width: int) -> str:
    """A label centred in a square's line, a cell short of its edge so that two labels side
    by side always have a gap between them."""
    room = width - 1
    if cell_len(text) > room:
        text = set_cell_size(text, room - 1) + "…"
    return fit_cell(text.center(room), width)


class IslandMap(ViewWidget):
    """The island of J02: 6x6 squares under column I-VI and beside row 1-6 labels.

    A small square (7x3 cells) shows its terrain (top left), picture (top right), road in
    box-drawing lines through the middle, village number and event (bottom). A big square
    (15x5, :attr:`big`) also has a line for the name the player gave it and a line for its
    event's title. The hero is ``@`` at the crossing of the road's arms; ``→n`` marks a square
    the hero can reach with n more steps this turn (beside, never over, a village's number);
    unrevealed squares are dark dots that still show what is written or drawn on them; the
    cursor square is drawn reversed.
    """

    COMPONENT_CLASSES = {
        "island-map--label", "island-map--hidden", "island-map--plains",
        "island-map--mountains", "island-map--forest", "island-map--swamp",
        "island-map--village", "island-map--castle", "island-map--road", "island-map--hero",
        "island-map--reach", "island-map--cursor", "island-map--new", "island-map--event",
        "island-map--name",
    }

    #: Draw the big squares (the screen sets it from the terminal's size).
    big: reactive[bool] = reactive(False, layout=True)

    _drawn: tuple | None = None
    #: Each square's lines as strips, by what the square shows (see :meth:`render_line`).
    _square_strips: dict[tuple, list[Strip]] | None = None
    #: The map's lines as strips, and the picture, size and squares' size they were made for.
    _lines: tuple[tuple, list[Strip]] | None = None

    @staticmethod
    def picture(view: TalesView) -> tuple:
        """All the map draws of ``view``: the squares, the hero's square, the reach, the
        squares changed this turn and the cursor (equal pictures draw the same map)."""
        state = view.state
        squares = state.squares
        changed = tuple(i for i, (a, b) in enumerate(zip(view.before.squares, squares,
                                                         strict=True)) if a != b)
        return squares, state.pos, tuple(sorted(view.reach.items())), changed, view.cursor

    def update_view(self, view: TalesView | None) -> bool:
        """Take ``view``; repaint only when the map it draws differs from the one drawn (most
        keys of a fight or an event change the tale but not the map, and a repaint of the
        36 squares costs more than the rest of the screen's frame).

        Returns:
            Whether the map was repainted.
        """
        drawn = None if view is None else self.picture(view)
        if drawn is not None and drawn == self._drawn and self.view is not None:
            self.set_reactive(IslandMap.view, view)
            return False
        self._drawn = drawn
        return super().update_view(view)

    @property
    def cell(self) -> tuple[int, int]:
        """The width and height of one square, in cells."""
        return (BIG_W, BIG_H) if self.big else (CELL_W, CELL_H)

    def notify_style_update(self) -> None:
        """The theme or CSS changed: forget the squares' strips too."""
        self._square_strips = None
        self._lines = None
        super().notify_style_update()

    def render_line(self, y: int) -> Strip:
        """Line ``y`` of the map, joined from each square's strips.

        A square's strips are made once for what it shows (its square, the hero, the reach,
        the turn's highlight, the cursor), the way Textual makes a widget's strips from its
        text; a repaint then redraws only the squares that changed, not all 36 (drawing the
        whole map as one text cost ~10 ms a key).
        """
        view = self.view
        if view is None or self._drawn is None or not self.shows(view):
            return super().render_line(y)
        key = (self._drawn, self.big, self.size)
        if self._lines is None or self._lines[0] != key:
            self._lines = (key, self._map_strips(view))
        lines = self._lines[1]
        if y < len(lines):
            return lines[y]
        return Strip.blank(self.size.width, self.visual_style.rich_style)

    def _strips(self, text: Text, width: int) -> list[Strip]:
        """``text`` as strips of ``width`` cells, as Textual renders a widget's text."""
        return Visual.to_strips(self, visualize(self, text), width, None, self.visual_style)

    def _map_strips(self, view: TalesView) -> list[Strip]:
        """The map's lines: the column labels, then each row's lines, made again only for
        a row whose squares show something new."""
        if self._square_strips is None:
            self._square_strips = {}
        cache = self._square_strips
        state = view.state
        height = self.cell[1]
        out = self._strips(self.render_empty(), self.size.width)[:1]
        top = 1
        for row in range(1, island.SIZE + 1):
            keys = []
            for col in range(1, island.SIZE + 1):
                i = island.index(col, row)
                sq = state.squares[i]
                keys.append((sq, i == state.pos, view.reach.get(i),
                             view.before.squares[i] != sq, i == view.cursor, self.big))
            row_key = (row, self.size.width, *keys)
            got = cache.get(row_key)
            if got is None:
                got = cache[row_key] = self._row_strips(view, row, keys, top)
            out.extend(got)
            top += height
        if len(cache) > 4096:  # squares drawn in many ways over a long tale
            cache.clear()
        return out

    def _row_strips(self, view: TalesView, row: int, keys: list[tuple], top: int
                    ) -> list[Strip]:
        """The lines of map row ``row`` (its squares' ``keys``), the first at line ``top``."""
        cache = self._square_strips if self._square_strips is not None else {}
        width, height = self.cell
        side = Text("\n".join(f"{row} " if k == height // 2 else "  " for k in range(height)),
                    self.style("island-map--label"), no_wrap=True)
        columns = [self._strips(side, 2)]
        for col, key in enumerate(keys, start=1):
            got = cache.get(key)
            if got is None:
                text = Text("\n", no_wrap=True).join(
                    self.square_lines(view, island.index(col, row)))
                got = cache[key] = self._strips(text, width)
            columns.append(got)
        # Each cell's text offset (for a mouse selection) is where it is in the whole map.
        return [Strip.join(parts).apply_offsets(0, top + k)
                for k, parts in enumerate(zip(*columns, strict=True))]

    def render_empty(self) -> Text:
        """Before a view: the column labels only."""
        out = Text(no_wrap=True, overflow="crop")
        label = self.style("island-map--label")
        out.append("  ", label)
        for roman in island.ROMAN:
            out.append(roman.center(self.cell[0]), label)
        return out

    def render_view(self, view: TalesView) -> Text:
        """The map, drawn from ``view``: the column labels, then the rows of squares."""
        out = self.render_empty()
        height = self.cell[1]
        label = self.style("island-map--label")
        for row in range(1, island.SIZE + 1):
            lines = [Text() for _ in range(height)]
            for k, line in enumerate(lines):
                line.append(f"{row} " if k == height // 2 else "  ", label)
            for col in range(1, island.SIZE + 1):
                i = island.index(col, row)
                for k, part in enumerate(self.square_lines(view, i)):
                    lines[k].append_text(part)
            for line in lines:
                out.append("\n")
                out.append_text(line)
        return out

    def square_lines(self, view: TalesView, i: int) -> list[Text]:
        """The lines of square ``i``, each exactly one square wide.

        Args:
            view: what is drawn.
            i: the square.
        """
        state = view.state
        sq = state.squares[i]
        hero = i == state.pos
        steps = view.reach.get(i)
        width, height = self.cell
        mid, centre = height // 2, width // 2
        if not sq.revealed:
            base = self.style("island-map--hidden")
            rows = (self._big_hidden(sq, hero, steps) if self.big
                    else square_rows(sq, hero, steps))
        else:
            base = self.style(f"island-map--{sq.terrain}") if sq.terrain else Style()
            rows = (self._big_road(sq, hero, steps) if self.big
                    else square_rows(sq, hero, steps))
        # Every line is exactly one square wide, or the roads of the rows below and above
        # stop lining up (a two-digit reach or village number included).
        rows = [fit_cell(text, width) for text in rows]
        if view.before.squares[i] != sq:
            base = base + self.style("island-map--new")
        if i == view.cursor:
            base = base + self.style("island-map--cursor")
        out = []
        road = base + self.style("island-map--road")
        for k, text in enumerate(rows):
            t = Text(text, base)
            if sq.revealed:
                if text[centre] in _ROAD_CHARS:  # not a label written over the road
                    t.stylize(road, centre, centre + 1)
                if k == mid:
                    t.stylize(road, 0, width)
            if hero and k == mid:
                t.stylize(base + self.style("island-map--hero"), centre, centre + 1)
            if k == height - 1 and sq.event:
                t.stylize(base + self.style("island-map--event"), width - 3, width)
            if self.big and k == 1 and sq.name:
                t.stylize(base + self.style("island-map--name"), 0, width)
            if self.big and k == 3 and sq.event and text.strip() not in ("", "│"):
                t.stylize(base + self.style("island-map--event"), 0, width)
            out.append(t)
        return out

    # -- the big squares --------------------------------------------------------------------

    @staticmethod
    def _big_hidden(sq: Square, hero: bool, steps: int | None) -> list[str]:
        reach = f"→{steps}" if steps is not None and not hero else ""
        return [
            f" ·     {sq.site:>7} " if sq.site else " ·     ·     · ",
            _label(sq.name, BIG_W) if sq.name else "",
            "       @       " if hero else f"  ·  {reach:^5}  · ",
            _label(booklet.TITLES.get(sq.event, ""), BIG_W) if sq.event else "",
            f" ·     ·    {sq.event or ' · '}",
        ]

    @staticmethod
    def _big_road(sq: Square, hero: bool, steps: int | None) -> list[str]:
        ex = sq.exits
        n = "│" if "N" in ex else " "
        s = "│" if "S" in ex else " "
        w = "───────" if "W" in ex else "       "
        e = "───────" if "E" in ex else "       "
        centre = "@" if hero else ROAD_GLYPHS.get(ex, "·")
        terrain = TERRAIN_WORDS.get(sq.terrain, "")
        site = "" if sq.site == "castle" else sq.site
        # Each line starts with a space: the square to the left never runs into this one.
        top = f" {terrain:<6}{n}{site:>7}"
        name = _label(sq.name, BIG_W) if sq.name else f"       {n}       "
        title = booklet.TITLES.get(sq.event, "") if sq.event and sq.event != "E00" else ""
        if sq.event == "E00":
            title = "done (E00)"
        middle = _label(title, BIG_W) if title else f"       {s}       "
        village = f"v{sq.village}" if sq.village else ""
        reach = f"→{steps}" if steps and not hero else ""
        bottom = f" {village:<3}{reach:>3}{s}    {sq.event or '   '}"
        return [top, name, f"{w}{centre}{e}", middle, bottom]
