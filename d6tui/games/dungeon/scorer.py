"""The exact route scorer: the best route through one side of the Dungeon Waffle, with its
detours, for the swords, keys and Vorpal Swords a player holds (rulebook "End of the Game").

A player enters from the left or right edge of their side and walks the corridors; a walk
may go down side passages and come back, and everything it overcomes stays overcome, so a
walk is worth what the *set* of places it reaches is worth. The scorer therefore chooses
which gates to open:

- **gated places**: Orc (1 sword), Giant Rat (2), Goblins (4, treasure), Dragon (5,
  treasure), Door (1 key), Curse (no cost but -1 point, once however often it is crossed);
- **gated arms**: each arm of a Spider Web costs one sword the first time it is used;
- free places (Corner, Treasure Chamber, Treasure Chest) are always walked into when
  reachable; a Treasure Chest is opened with a spare key for its treasure.

A Vorpal Sword beats one enemy whole (Dragon, Goblins, a whole Spider Web, a Rat, an Orc):
it is given to the dearest ones. Swords on one die can be split, so swords are one pool.

The search grows the set of opened gates one gate at a time from an entrance (every gate
added touches what is already reachable, which reaches every minimal set of gates), keeps
each set once (memoised by the bitmask of opened gates), drops sets the budget cannot pay
for (paying more never gets cheaper) and prunes a set whose value plus every treasure and
route bonus still out of reach cannot beat the best found. :func:`brute_force` checks every
subset of gates instead, for tests and the benchmark on small waffles.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from d6tui.games.dungeon.faces import MAP_FACES, E, N, S, W

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


@dataclass(frozen=True)
class RouteScore:
    """The best a player can do on their side ("End of the Game").

    Attributes:
        points: route bonus + treasures - curses (special items are added by the caller).
        complete: the walk crosses from one side edge to the other.
        cells: the cells walked (indexes in the viewer's own frame, row by row).
        links: the corridors walked, as pairs of cell indexes.
        entrance: ``"left"``, ``"right"`` or ``""`` (the player does not enter).
        swords: swords spent; keys: keys spent; vorpals: Vorpal Swords spent.
        lines: the score explained, ``(words, points)`` per line; cell names are the
            viewer's own ``(row, column)`` pairs, turned into hole names by the caller.
        nodes: sets of gates the search looked at (for the benchmark).
        exact: False when a node limit stopped the search early (then ``points`` is the best
            found, a lower bound).
    """

    points: int = 0
    complete: bool = False
    cells: frozenset[int] = frozenset()
    links: frozenset[tuple[int, int]] = frozenset()
    entrance: str = ""
    swords: int = 0
    keys: int = 0
    vorpals: int = 0
    lines: tuple[tuple[str, int, int], ...] = field(default=())
    nodes: int = 0
    exact: bool = True


class _Board:
    """The side as a graph: cells, the two edges (L, R), gated cells and gated arms."""

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
        e = 0
        bits = opened
        while bits:
            if bits & 1:
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
            bits >>= 1
            e += 1
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


def _search(board: _Board, budget: Budget, bonus: int, limit: int | None = None
            ) -> tuple[int, int, int, int, int]:
    """The best ``(points, start, opened, comp, nodes)``: include-or-ban branching on the
    gates next to what is reachable, each connected set of gates tried once."""
    best = [0, -1, 0, 0]
    nodes = [0]
    positives = board.chambers | board.chests
    n_el = len(board.el_kind)
    el_cost = [0] * n_el
    for e, kind in enumerate(board.el_kind):
        el_cost[e] = _MONSTER.get(kind, 1 if kind == "arm" else 0)
    treasure_els = 0
    for e, kind in enumerate(board.el_kind):
        if kind in ("goblins", "dragon"):
            treasure_els |= 1 << e
    sys_limit = limit if limit is not None else 1 << 62

    def cheapest_reach(comp: int, opened: int, banned_els: int, banned: int, left: int,
                       keys_left: int, free_v: int, min_top: int) -> int:
        """The cells some path from ``comp`` reaches paying at most the swords left: each
        gate on the path costs its swords (at least ``min(cost, min_top)``, a Vorpal Sword
        in use being moved), a free Vorpal Sword makes one gate free, a door needs a key."""
        best: dict[tuple[int, int], int] = {}
        heap: list[tuple[int, int, int]] = []
        f = comp
        while f:
            low = f & -f
            u = low.bit_length() - 1
            f ^= low
            best[(u, 0)] = 0
            heap.append((0, 0, u))
        reached = comp
        node_el, el_kind = board.node_el, board.el_kind
        while heap:
            d, k, u = heapq.heappop(heap)
            if best.get((u, k), 1 << 30) < d:
                continue
            for v, e in board.adj[u]:
                if comp >> v & 1 or banned >> v & 1:
                    continue
                gates: list[int] = []
                if e >= 0 and not opened >> e & 1:
                    if banned_els >> e & 1:
                        continue
                    # With a Vorpal Sword a web may cost nothing more however many of its
                    # arms the path uses, so arms are free in this bound then.
                    if not budget.vorpals:
                        gates.append(1)
                g = node_el[v]
                if g >= 0 and not opened >> g & 1:
                    if banned_els >> g & 1:
                        continue
                    kind = el_kind[g]
                    if kind == "door":
                        if keys_left <= 0:
                            continue
                    elif kind != "curse":
                        c = el_cost[g]
                        gates.append(min(c, min_top) if min_top else c)
                options = [(d + sum(gates), k)]
                if gates and k < free_v:
                    options.append((d + sum(gates) - max(gates), k + 1))
                for nd, nk in options:
                    if nd > left or best.get((v, nk), 1 << 30) <= nd:
                        continue
                    best[(v, nk)] = nd
                    reached |= 1 << v
                    heapq.heappush(heap, (nd, nk, v))
        return reached

    def go(start: int, banned: int, opened: int, banned_els: int, comp: int) -> None:
        nodes[0] += 1
        if nodes[0] > sys_limit:
            return
        got = board.worth(opened, comp, budget, bonus)
        if got is None:
            return
        points, swords, keys, vorpals = got
        if points > best[0]:
            best[:] = [points, start, opened, comp]
        # Costs paid now, to know what one more gate could still cost at least.
        top: list[int] = []
        web_arms: dict[int, int] = {}
        if vorpals:
            costs = []
            for e in range(n_el):
                if opened >> e & 1:
                    kind = board.el_kind[e]
                    if kind == "arm":
                        for w in board.el_webs[e]:
                            web_arms[w] = web_arms.get(w, 0) + 1
                    elif kind in _MONSTER:
                        costs.append(el_cost[e])
            costs.extend(web_arms.values())
            costs.sort(reverse=True)
            top = costs[:vorpals]
        min_top = min(top) if top else 0
        doors = sum(1 for e in range(n_el) if opened >> e & 1 and board.el_kind[e] == "door")
        crossing = comp >> board.L & 1 and comp >> board.R & 1
        # A quick bound first: everything ever reachable from this entrance.
        loose = points + (0 if crossing or not start_reach[0] >> board.R & 1 else bonus)
        loose += (start_reach[0] & positives & ~comp).bit_count()
        loose += (start_reach[1] & ~opened).bit_count()
        if loose <= best[0]:
            return
        reach = cheapest_reach(comp, opened, banned_els, banned, budget.swords - swords,
                               budget.keys - doors, budget.vorpals - vorpals, min_top)
        crossing = comp >> board.L & 1 and comp >> board.R & 1
        potential = 0 if crossing or not (reach >> board.L & 1 and reach >> board.R & 1) \
            else bonus
        potential += (reach & board.chambers & ~comp).bit_count()
        potential += min(budget.keys - doors, (reach & board.chests & ~comp).bit_count())
        # Treasure monsters still to beat: as many as the swords and Vorpal Swords left pay.
        wanted = sorted(el_cost[e] for e in range(n_el)
                        if treasure_els >> e & 1 and not opened >> e & 1
                        and reach >> board.el_cell[e] & 1)
        left = budget.swords - swords
        k = 0
        for c in wanted:
            pay = min(c, min_top) if min_top else c
            if pay > left:
                break
            left -= pay
            k += 1
        potential += min(len(wanted), k + budget.vorpals - vorpals)
        if points + potential <= best[0]:
            return
        pick = -1
        rank_best = 99
        for u in range(board.n + 2):
            if not comp >> u & 1:
                continue
            for v, e in board.adj[u]:
                if comp >> v & 1 or banned >> v & 1:
                    continue
                if e >= 0 and not opened >> e & 1:
                    cand, rank = e, 2
                else:
                    cand = board.node_el[v]
                    if cand < 0 or opened >> cand & 1:
                        continue
                    kind = board.el_kind[cand]
                    rank = 0 if kind in ("goblins", "dragon") else 1 if kind == "door" else (
                        4 if kind == "curse" else 3)
                if banned_els >> cand & 1:
                    continue
                if rank < rank_best:
                    pick, rank_best = cand, rank
        if pick < 0:
            return
        nxt = opened | 1 << pick
        go(start, banned, nxt, banned_els, board.closure(start, nxt, banned))
        go(start, banned, opened, banned_els | 1 << pick, comp)

    start_reach = [0, 0]
    for start, banned in ((board.L, 0), (board.R, 1 << board.L)):
        every = board.closure(start, (1 << n_el) - 1, banned)
        start_reach[0] = every
        start_reach[1] = 0
        for e in range(n_el):
            if treasure_els >> e & 1 and every >> board.el_cell[e] & 1:
                start_reach[1] |= 1 << e
        go(start, banned, 0, 0, board.closure(start, 0, banned))
    return best[0], best[1], best[2], best[3], nodes[0]


def _explain(board: _Board, start: int, opened: int, comp: int, budget: Budget, bonus: int,
             nodes: int) -> RouteScore:
    got = board.worth(opened, comp, budget, bonus)
    assert got is not None
    points, swords, keys, vorpals = got
    cols = board.cols
    lines: list[tuple[str, int, int]] = []
    cells = comp & ((1 << board.n) - 1)
    complete = bool(comp >> board.L & 1 and comp >> board.R & 1)
    if complete:
        lines.append(("route across the dungeon", -1, bonus))
    # Costs: which monsters the Vorpal Swords take (the dearest).
    monsters: list[tuple[int, int, str]] = []
    web_arms: dict[int, int] = {}
    for e in range(len(board.el_kind)):
        if not opened >> e & 1:
            continue
        a, b = board.el_ends[e]
        if not (comp >> a & 1 and comp >> b & 1):
            continue
        kind = board.el_kind[e]
        if kind == "arm":
            for w in board.el_webs[e]:
                web_arms[w] = web_arms.get(w, 0) + 1
        elif kind in _MONSTER:
            monsters.append((_MONSTER[kind], board.el_cell[e], kind))
        elif kind == "door":
            lines.append(("Door unlocked with a key", board.el_cell[e], 0))
        elif kind == "curse":
            lines.append(("Curse suffered", board.el_cell[e], -1))
    monsters.extend((n, w, "spider_web") for w, n in web_arms.items())
    monsters.sort(key=lambda m: (-m[0], m[1]))
    for k, (cost, cell, kind) in enumerate(monsters):
        name = MAP_FACES[kind].name
        how = "with a Vorpal Sword" if k < vorpals else \
            f"with {cost} sword{'s' if cost != 1 else ''}"
        if kind == "spider_web":
            what = f"Spider Web cut ({cost} arm{'s' if cost != 1 else ''}) {how}"
        else:
            what = f"{name} defeated {how}"
        lines.append((what, cell, 1 if kind in ("goblins", "dragon") else 0))
    for i in range(board.n):
        if cells >> i & 1 and board.chambers >> i & 1:
            lines.append(("Treasure Chamber", i, 1))
    chest_keys = keys - sum(1 for t, _, _ in lines if t.startswith("Door"))
    for i in range(board.n):
        if cells >> i & 1 and board.chests >> i & 1 and chest_keys > 0:
            lines.append(("Treasure Chest opened with a key", i, 1))
            chest_keys -= 1
    links: set[tuple[int, int]] = set()
    for u in range(board.n):
        if not cells >> u & 1:
            continue
        for v, e in board.adj[u]:
            if v < board.n and cells >> v & 1 and (e < 0 or opened >> e & 1):
                links.add((min(u, v), max(u, v)))
    entrance = "" if not cells else ("left" if start == board.L else "right")
    del cols
    return RouteScore(points, complete, frozenset(i for i in range(board.n) if cells >> i & 1),
                      frozenset(links), entrance, swords, keys, vorpals, tuple(lines), nodes)


def best_route(cells: Sequence[Cell], budget: Budget, bonus: int = 5, rows: int = 6,
               cols: int = 6, limit: int | None = None) -> RouteScore:
    """The best route and detours on one side, exactly ("End of the Game").

    Args:
        cells: ``rows * cols`` cells row by row in the player's own frame (left to right as
            they see it): ``(face id, openings)`` or None.
        budget: the swords, keys and Vorpal Swords held.
        bonus: the points a complete route is worth to this player (5 first, 3 second).
        rows, cols: the size of the side (6x6 for the Dungeon Waffle; smaller in tests).
        limit: stop after this many sets of gates (a quick preview); None: search to the end.

    Returns:
        The best :class:`RouteScore`; an empty one (0 points) when entering gains nothing.

    Raises:
        ValueError: ``cells`` is not ``rows * cols`` long.
    """
    if len(cells) != rows * cols:
        raise ValueError(f"a side of {rows}x{cols} has {rows * cols} cells, not {len(cells)}")
    board = _Board(cells, rows, cols)
    board.finish()
    points, start, opened, comp, nodes = _search(board, budget, bonus, limit)
    exact = limit is None or nodes <= limit
    if start < 0:
        return RouteScore(nodes=nodes, exact=exact)
    return replace(_explain(board, start, opened, comp, budget, bonus, nodes), exact=exact)


def brute_force(cells: Sequence[Cell], budget: Budget, bonus: int = 5, rows: int = 6,
                cols: int = 6) -> int:
    """The best points by trying every subset of gates from both edges (small sides only).

    Args:
        cells, budget, bonus, rows, cols: as :func:`best_route`.

    Returns:
        The best points (0 when entering gains nothing).

    Raises:
        ValueError: more than 22 gates (too many subsets to try).
    """
    board = _Board(cells, rows, cols)
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
