"""One side of the Dungeon Waffle as the route scorer sees it (:mod:`.scorer`): the cells
and their corridors as a graph with the two side edges, its gated places (Orc, Giant Rat,
Goblins, Dragon, Door, Curse) and the gated arms of Spider Webs, and what a set of opened
gates is worth for what a player holds (rulebook "End of the Game", "Dungeon Map Dice
Faces"). No Textual imports.
"""

from __future__ import annotations

from collections.abc import Sequence
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


class RouteGraph:
    """The side as a graph: cells, the two edges (L, R), gated cells and gated arms.

    Args:
        cells: the side's cells row by row (:data:`Cell`).
        rows: rows of the waffle; cols: its columns.
    """

    def __init__(self, cells: Sequence[Cell], rows: int, cols: int) -> None:
        n = rows * cols
        self.n, self.rows, self.cols = n, rows, cols
        self.L, self.R = n, n + 1
        self.cells = list(cells)
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
                elif d == W and cc < 0:
                    self._link(i, self.L)
                elif d == E and cc >= cols:
                    self._link(i, self.R)

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
        self.arm_adj = [tuple(a) for a in arms]
        self.free_cells = 0
        for u in range(n):
            if self.node_el[u] < 0:
                self.free_cells |= 1 << u
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


def brute_force(cells: Sequence[Cell], budget: Budget, bonus: int = 5, rows: int = 6,
                cols: int = 6) -> int:
    """The best points by trying every subset of gates from both edges (small sides only).

    Args:
        cells, budget, bonus, rows, cols: as :func:`.scorer.best_route`.

    Returns:
        The best points (0 when entering gains nothing).

    Raises:
        ValueError: more than 22 gates (too many subsets to try).
    """
    board = RouteGraph(cells, rows, cols)
    board.finish()
    n = len(board.el_kind)
    if n > 22:
        raise ValueError(f"{n} gates are too many for the brute force")
    best = 0
    for start, banned in ((board.L, 0), (board.R, 0)):
        for opened in range(1 << n):
            comp = board.closure(start, opened, banned)
            got = board.worth(opened, comp, budget, bonus)
            if got is not None and got[0] > best:
                best = got[0]
    return best
