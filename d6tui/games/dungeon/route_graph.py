"""One side of the Dungeon Waffle as the route scorer sees it (:mod:`.scorer`): the cells
and their corridors as a graph with the two side edges, its gated places (Orc, Giant Rat,
Goblins, Dragon, Door, Curse) and the gated arms of Spider Webs, and what a set of opened
gates is worth for what a player holds (rulebook "End of the Game", "Dungeon Map Dice
Faces"). No Textual imports.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from d6tui.games.dungeon.faces import E, N, S, W

#: A cell of one side: ``(face id, openings in the viewer's frame)``, or None for no die.
Cell = tuple[str, int] | None

_STEPS = ((N, -1, 0), (E, 0, 1), (S, 1, 0), (W, 0, -1))
_OPP = {N: S, S: N, E: W, W: E}

#: Sword cost of the monsters met whole ("Dungeon Map Dice Faces").
_MONSTER = {"orc": 1, "giant_rat": 2, "goblins": 4, "dragon": 5}


@dataclass(frozen=True)
class Budget:
    """What a player holds to get through ("Item and Spell Dice Faces").

    Attributes:
        swords: swords in all (a Two Swords face counts 2).
        keys: keys.
        vorpals: Vorpal Swords.
    """

    swords: int = 0
    keys: int = 0
    vorpals: int = 0


def entrances(cells: Sequence[Cell], rows: int, cols: int) -> list[tuple[int, str]]:
    """The ways into a side ("End of the Game": a corridor running from its left or right
    edge): ``(cell, "left")`` for each cell of the first column open to the west, top to
    bottom, then ``(cell, "right")`` for each of the last column open to the east."""
    ways = [(r * cols, "left") for r in range(rows)
            if (c := cells[r * cols]) is not None and c[1] & W]
    ways += [(r * cols + cols - 1, "right") for r in range(rows)
             if (c := cells[r * cols + cols - 1]) is not None and c[1] & E]
    return ways


class RouteGraph:
    """The side as a graph for a walk in by one entrance: cells, the two edges (L, R),
    gated cells and gated arms.

    A walk enters by one corridor from one edge and must not use an edge to go from one
    corridor to another ("End of the Game": one way in, a route through the dungeon to the
    other side). So the entrance's edge node (:attr:`start`: L for the left edge, R for the
    right) is joined to the entrance cell only, and the far edge node (:attr:`far`) to
    every cell open onto it, but a walk never goes on from it: reaching it is the crossing.
    The corridors themselves (:attr:`adj`) are kept both ways, so bounds that look at every
    way through the side stay true (they see more ways than a walk has, never fewer).

    Args:
        cells: the side's cells row by row (:data:`Cell`).
        rows: rows of the waffle; cols: its columns.
        entrance: ``(cell, "left" | "right")``, one of :func:`entrances`; None: no edge
            joined yet (:meth:`way_in` makes the board of each entrance from this one).
        banned: cells no walk from this entrance enters (a bitmask): those another
            entrance's search covers.
    """

    def __init__(self, cells: Sequence[Cell], rows: int, cols: int,
                 entrance: tuple[int, str] | None = None, banned: int = 0) -> None:
        n = rows * cols
        self.n, self.rows, self.cols = n, rows, cols
        self.L, self.R = n, n + 1
        self.cells = list(cells)
        #: the cells holding a Spider Web (a bitmask).
        self.webs = sum(1 << i for i, c in enumerate(cells) if _is_web_cell(c))
        self.adj: list[list[tuple[int, int]]] = [[] for _ in range(n + 2)]
        self.node_el = [-1] * (n + 2)
        self.el_kind: list[str] = []
        self.el_cell: list[int] = []
        self.el_webs: list[tuple[int, ...]] = []
        self.el_ends: list[tuple[int, int]] = []
        self.chambers = 0
        self.chests = 0
        self.curse_cells = 0
        self.door_cells = 0
        for i, c in enumerate(cells):
            if c is None:
                continue
            face = c[0]
            if face == "treasure_chamber":
                self.chambers |= 1 << i
            elif face == "treasure_chest":
                self.chests |= 1 << i
            elif face in _MONSTER or face in ("door", "curse"):
                self.node_el[i] = self._element(face, i, (), (i, i))
                if face == "curse":
                    self.curse_cells |= 1 << i
                elif face == "door":
                    self.door_cells |= 1 << i
        for i, c in enumerate(cells):
            if c is None:
                continue
            r, col = divmod(i, cols)
            for d, dr, dc in _STEPS:
                if not c[1] & d:
                    continue
                rr, cc = r + dr, col + dc
                if 0 <= rr < rows and 0 <= cc < cols:
                    j = rr * cols + cc
                    other = cells[j]
                    if j < i or other is None or not other[1] & _OPP[d]:
                        continue
                    self._link(i, j)
        #: the cells open onto the left edge and onto the right edge.
        self.edge_cells = {side: [i for i, _side in entrances(cells, rows, cols) if _side == side]
                           for side in ("left", "right")}
        if entrance is not None:
            self._open(entrance, banned)

    def _open(self, entrance: tuple[int, str], banned: int) -> None:
        """Join the edges for a walk in by ``entrance``: its own edge to it alone, the far
        edge to every cell open onto it."""
        n = self.n
        self.entrance_cell, self.side = entrance
        self.start, self.far = (n, n + 1) if self.side == "left" else (n + 1, n)
        self.banned = banned
        far_side = "right" if self.side == "left" else "left"
        self._link(self.entrance_cell, self.start)
        for i in self.edge_cells[far_side]:
            self._link(i, self.far)

    def way_in(self, entrance: tuple[int, str], banned: int = 0) -> RouteGraph:
        """This side (made with no ``entrance``) for a walk in by ``entrance``, a copy:
        the corridors inside are shared work, only the edges are joined anew."""
        g = copy.copy(self)
        g.adj = [list(links) for links in self.adj]
        g.el_kind, g.el_cell = list(self.el_kind), list(self.el_cell)
        g.el_webs, g.el_ends = list(self.el_webs), list(self.el_ends)
        g._open(entrance, banned)
        return g

    def _masks(self) -> None:
        """Bitmasks for the closure: neighbours through free corridors, arms, free cells."""
        n = self.n + 2
        self.free_nbrs = [0] * n
        self.arm_adj: list[tuple[tuple[int, int], ...]] = [()] * n
        arms: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for u in range(n):
            for v, e in self.adj[u]:
                if e < 0:
                    self.free_nbrs[u] |= 1 << v
                else:
                    arms[u].append((v, e))
        # A walk that reaches the far edge has crossed; it never goes on from there.
        self.free_nbrs[self.far] = 0
        arms[self.far] = []
        self.arm_adj = [tuple(a) for a in arms]
        self.free_cells = 0
        for u in range(n):
            if self.node_el[u] < 0:
                self.free_cells |= 1 << u
        #: the free entrances another board searched (banned here; never Spider Webs).
        self.covered_free = self.banned & self.free_cells & ~self.webs
        self.el_bit = [0] * len(self.el_kind)
        for e, kind in enumerate(self.el_kind):
            if kind != "arm":
                self.el_bit[e] = 1 << self.el_cell[e]

    def passable(self, opened: int) -> int:
        """The cells one may stand on with the gates ``opened``."""
        p = self.free_cells
        bits, e = opened, 0
        while bits:
            if bits & 1:
                p |= self.el_bit[e]
            bits >>= 1
            e += 1
        return p

    def _element(self, kind: str, cell: int, webs: tuple[int, ...],
                 ends: tuple[int, int]) -> int:
        self.el_kind.append(kind)
        self.el_cell.append(cell)
        self.el_webs.append(webs)
        self.el_ends.append(ends)
        return len(self.el_kind) - 1

    def finish(self) -> None:
        """Make the masks once every corridor is linked."""
        self._masks()

    def finished(self) -> RouteGraph:
        """This board, :meth:`finish` called."""
        self._masks()
        return self

    def free_flood(self, cell: int) -> int:
        """The cells joined to ``cell`` by corridors with no gate and no Spider Web arm
        (free cells only, besides ``cell``), as a bitmask; edges are not followed."""
        reach = 1 << cell
        todo = [cell]
        while todo:
            u = todo.pop()
            for v, e in self.adj[u]:
                if e < 0 and v < self.n and self.node_el[v] < 0 and not reach >> v & 1:
                    reach |= 1 << v
                    todo.append(v)
        return reach

    def _is_web(self, i: int) -> bool:
        c = self.cells[i] if i < self.n else None
        return c is not None and c[0] == "spider_web"

    def _link(self, i: int, j: int) -> None:
        webs = tuple(k for k in (i, j) if self._is_web(k))
        e = self._element("arm", i, webs, (i, j)) if webs else -1
        self.adj[i].append((j, e))
        self.adj[j].append((i, e))

    # -- closure and worth ---------------------------------------------------------------

    def closure(self, start: int, opened: int, banned: int, seed: int = 0) -> int:
        """The cells reachable from ``start`` (and the cells ``seed``) through free and
        opened gates."""
        allowed = self.passable(opened) & ~banned
        comp = frontier = (1 << start) | seed
        free_nbrs, arm_adj = self.free_nbrs, self.arm_adj
        while frontier:
            nxt = 0
            f = frontier
            while f:
                low = f & -f
                u = low.bit_length() - 1
                f ^= low
                nxt |= free_nbrs[u]
                for v, e in arm_adj[u]:
                    if opened >> e & 1:
                        nxt |= 1 << v
            nxt &= allowed & ~comp
            comp |= nxt
            frontier = nxt
        return comp

    def worth(self, opened: int, comp: int, budget: Budget, bonus: int
              ) -> tuple[int, int, int, int] | None:
        """``(points, swords, keys, vorpals)`` of walking ``comp`` with the gates in it
        opened, or None when the budget cannot pay; gates outside ``comp`` are not paid."""
        costs: list[int] = []
        web_arms: dict[int, int] = {}
        doors = curses = treasure = 0
        bits = opened
        while bits:
            low = bits & -bits
            bits ^= low
            e = low.bit_length() - 1
            a, b = self.el_ends[e]
            if comp >> a & 1 and comp >> b & 1:
                kind = self.el_kind[e]
                if kind == "arm":
                    for w in self.el_webs[e]:
                        web_arms[w] = web_arms.get(w, 0) + 1
                elif kind == "door":
                    doors += 1
                elif kind == "curse":
                    curses += 1
                else:
                    costs.append(_MONSTER[kind])
                    if kind in ("goblins", "dragon"):
                        treasure += 1
        if doors > budget.keys:
            return None
        costs.extend(web_arms.values())
        costs.sort(reverse=True)
        used_v = min(budget.vorpals, len(costs))
        swords = sum(costs[used_v:])
        if swords > budget.swords:
            return None
        cells = comp & ((1 << self.n) - 1)
        chests = min(budget.keys - doors, (cells & self.chests).bit_count())
        points = treasure - curses + (cells & self.chambers).bit_count() + chests
        if comp >> self.L & 1 and comp >> self.R & 1:
            points += bonus
        return points, swords, doors + chests, used_v


def _is_web_cell(c: Cell) -> bool:
    return c is not None and c[0] == "spider_web"


def entrance_boards(cells: Sequence[Cell], rows: int, cols: int) -> Iterator[RouteGraph]:
    """A :class:`RouteGraph` for each way in that needs a search of its own ("End of the
    Game": the player chooses one entrance), left edge first and each edge's Spider Webs
    last, finished, made as asked for.

    A walk holding an earlier entrance of the same edge that is not a Spider Web is met in
    that entrance's search at no greater cost, so the later boards ban it; so is one holding
    an earlier Spider Web entrance of the same edge when the board's own entrance is a web
    too (either way in costs the one sword of its edge arm); a walk in from the right
    holding a left entrance (not a web) is the same walk met from the left, so the right
    edge's boards ban those too (``board.banned``). An entrance (not a web) joined to a
    banned one by free corridors gets no board (its walks go on to that one for nothing)."""
    covered = {"left": 0, "right": 0}  # entrances given already, not Spider Webs
    webs = {"left": 0, "right": 0}  # Spider Web entrances given already
    base = RouteGraph(cells, rows, cols)
    # Each edge's Spider Web entrances come after its others: a web's board may ban them all.
    ways = entrances(cells, rows, cols)
    ways.sort(key=lambda way: (way[1] == "right", _is_web_cell(cells[way[0]])))
    for cell, side in ways:
        banned = covered[side] | (covered["left"] if side == "right" else 0)
        if _is_web_cell(cells[cell]):
            yield base.way_in((cell, side), banned | webs[side]).finished()
            webs[side] |= 1 << cell
            continue
        covered[side] |= 1 << cell
        # An entrance joined by free corridors to one given already needs no board: a walk
        # in by it goes on to that one for nothing, and is that one's walk.
        if not base.free_flood(cell) & banned:
            yield base.way_in((cell, side), banned).finished()
