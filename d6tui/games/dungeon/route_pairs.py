"""Pairs of prizes for the route scorer's path bound (:mod:`.scorer`): the least swords a walk
pays on its paths to win two prizes at once, when they lie in different directions
(rulebook "End of the Game", "Dungeon Map Dice Faces").

The path bound of :mod:`.route_count` counts every prize within the dearest path as if all
lay on one path. A walk that wins two prizes ``p`` and ``q`` holds a tree of corridors from
the cells reached to both: the paths go together to a cell ``x`` (or part at once) and on
apart, so its path swords are at least::

    T(p, q) = min(d(p) + d(q), min over x not reached of d(x) + D(x, p) + D(x, q))

where ``d`` is the least path from the cells reached (what the bound's path search found)
and ``D(x, p)`` the least swords from ``x`` to ``p`` on the whole side, the cells banned and
reached counted as open (:class:`PairTrees`, made once per side): a lower bound, as a
walk's two ways on from ``x`` never share a gate, and neither passes the cells reached (a
way that did would be no cheaper than a path straight from them). When ``T`` is more than
the threshold the bound counts at, a walk winning both pays more on its paths, and so has
fewer swords for the treasure monsters (:func:`refine`). No Textual imports.
"""

from __future__ import annotations

import heapq
from operator import add
from collections.abc import Callable, Sequence

from d6tui.games.dungeon.route_bound import monsters_beaten
from d6tui.games.dungeon.route_paths import PathCosts

_FAR = 1 << 30


class PairTrees:
    """The least swords from every cell to each prize of one side, per way a gate is
    priced (made when first asked for).

    Args:
        paths: the side's path searches (:class:`.route_paths.PathCosts`), whose gate
            prices are used (:meth:`.route_paths.PathCosts.static_cost`).
    """

    def __init__(self, paths: PathCosts) -> None:
        self.paths = paths
        self.nbrs = [[v for v, _e in links] for links in paths.adj]
        self._to: dict[tuple[int, bool, int], list[int]] = {}
        self._cost: dict[tuple[int, bool], list[int]] = {}

    def to_cell(self, p: int, min_top: int, keys: bool) -> list[int]:
        """``D[x]``: the least swords a path from cell ``x`` to cell ``p`` pays, ``x``'s
        own gate not counted and ``p``'s counted (``1 << 30``: no path), the gates priced
        as in :meth:`.route_paths.PathCosts.distances` with ``min_top`` and ``keys``, no
        cell banned and none reached."""
        key = (min_top, keys, p)
        got = self._to.get(key)
        if got is not None:
            return got
        cost = self._cost.get((min_top, keys))
        if cost is None:
            cost = self._cost[(min_top, keys)] = \
                self.paths.static_cost(min_top, keys, False, False)[0]
        nbrs = self.nbrs
        dist = [_FAR] * len(nbrs)
        dist[p] = 0
        heap = [(0, p)]
        while heap:
            d, y = heapq.heappop(heap)
            if d != dist[y]:
                continue
            cy = cost[y]
            if cy < 0:
                continue  # a cell no path may step into: none goes on through it
            nd = d + cy
            for x in nbrs[y]:
                if nd < dist[x]:
                    dist[x] = nd
                    heapq.heappush(heap, (nd, x))
        self._to[key] = dist
        return dist


class StatePairs:
    """``T(p, q)`` of the module's words for one state of the search.

    Args:
        trees: the side's :class:`PairTrees`.
        layers: the path search's layers (:meth:`.route_paths.PathCosts.distances`), per
            cell the path swords from the cells reached (``1 << 30`` or more: out of
            reach); their least per cell is ``d`` (worked out when first needed).
        comp: the cells reached (bitmask); min_top, keys: the gate prices.
    """

    def __init__(self, trees: PairTrees, layers: Sequence[Sequence[int]], comp: int,
                 min_top: int, keys: bool) -> None:
        self.trees, self.min_top, self.keys = trees, min_top, keys
        self.layers, self.comp = layers, comp
        self.near: list[int] = []
        #: the cells a walk's paths may part at: not reached, within reach.
        self.xs: list[int] = []
        self._lifted: dict[int, tuple[list[int], list[int]]] = {}
        self._pair: dict[tuple[int, int], int] = {}

    def _ready(self) -> None:
        layers = self.layers
        near = self.near = list(layers[0]) if len(layers) == 1 else \
            [min(col) for col in zip(*layers, strict=True)]
        comp = self.comp
        self.xs = [x for x in range(len(near)) if near[x] < _FAR and not comp >> x & 1]

    def _rows(self, p: int) -> tuple[list[int], list[int]]:
        """Over the cells ``xs``: ``d(x) + D(x, p)`` and ``D(x, p)``."""
        rows = self._lifted.get(p)
        if rows is None:
            to = self.trees.to_cell(p, self.min_top, self.keys)
            near = self.near
            plain = [to[x] for x in self.xs]
            rows = self._lifted[p] = ([near[x] + d for x, d in zip(self.xs, plain,
                                                                   strict=True)], plain)
        return rows

    def tree(self, p: int, q: int) -> int:
        """The least path swords of a walk winning both cells ``p`` and ``q``."""
        if p > q:
            p, q = q, p
        got = self._pair.get((p, q))
        if got is None:
            if not self.near:
                self._ready()
            got = self.near[p] + self.near[q]
            if self.xs:
                parted = min(map(add, self._rows(p)[0], self._rows(q)[1]))
                if parted < got:
                    got = parted
            self._pair[(p, q)] = got
        return got


def refine(prizes: Sequence[tuple[int, int, int]], chests: Sequence[tuple[int, int]],
           chest_keys: int, t: int, pairs: StatePairs, need: int, base: int, loss: int,
           chest_loss: int, left: int, left_behind: list[int]) -> bool:
    """Whether some walk of one column counted at threshold ``t`` may add more than
    ``need`` once the pairs of prizes it wins are priced (:class:`StatePairs`); False proves
    none does. No Vorpal Sword is free (``b == 0`` in the count).

    A walk counted at ``t`` wins some of the rooms, the far edge and the treasure monsters
    within ``t`` and some chests (any within reach: it may pass the nearest by); its paths
    pay at least ``t``, each chest's path and ``T`` of every pair it wins, and the
    monsters it beats take their swords from what is left.

    Args:
        prizes: ``(cell, points, own swords or -1)`` of the rooms, the far edge and the
            treasure monsters within ``t`` (no chest).
        chests: ``(path swords, cell)`` of every chest within reach, nearest first;
            chest_keys: the keys left for them (at most that many are won).
        t: the threshold (the dearest path of the walks counted).
        pairs: the state's :class:`StatePairs`; need: what must be beaten.
        base: the count's points at ``t`` before the monsters and the chests' lost keys
            (an upper bound on the prizes' points of every walk counted there); loss: the
            Curses the column suffers; chest_loss: the points of the chests reached that
            lose their key.
        left: the swords left; left_behind: as :func:`.route_bound.monsters_beaten`.
    """
    keyed = max(0, chest_keys)
    # (cell, points, own swords or -1, is a chest, the least its path pays)
    verts = [(cell, pts, own, False, t) for cell, pts, own in prizes]
    if keyed:
        verts.extend((c, 1, -1, True, max(t, d)) for d, c in chests)
    n = len(verts)
    # The swords the paths pay winning both of two prizes, when more than t.
    over = [[t] * n for _ in range(n)]
    clashes = False
    for i in range(n):
        ci = verts[i][0]
        row = over[i]
        for j in range(i + 1, n):
            tt = pairs.tree(ci, verts[j][0])
            if tt > t:
                row[j] = over[j][i] = tt
                clashes = True
    if not clashes and not (keyed and chests and chests[-1][0] > t):
        return True  # every pair fits within t: the count stands
    # The prizes worth most first, so a walk beating ``need`` is met early.
    order = sorted(range(n), key=lambda i: -verts[i][1] - (verts[i][2] >= 0))

    def value(pts: int, n_chests: int, own: list[int], paid: int) -> int:
        got = min(base, pts + min(n_chests, keyed) - loss) - chest_loss
        return got + monsters_beaten(sorted(own), left - paid, 0, left_behind)

    def beats(k: int, taken: list[int], pts: int, n_chests: int, own: list[int],
              paid: int) -> bool:
        """Whether winning the prizes ``taken`` and some of ``order[k:]`` may add more
        than ``need``."""
        # All of the rest, at no more path swords than now: an upper bound (more prizes
        # never add less, and the paths only pay more).
        all_pts, all_chests, all_own = pts, n_chests, own[:]
        for i in order[k:]:
            _c, p, o, is_chest, _d = verts[i]
            if is_chest:
                all_chests += 1
            else:
                all_pts += p
                if o >= 0:
                    all_own.append(o)
        if paid > left or value(all_pts, all_chests, all_own, paid) <= need:
            return False
        if k == n:
            return True  # the bound above was this choice's own value
        i = order[k]
        _c, p, o, is_chest, d = verts[i]
        more = max(paid, d)
        row = over[i]
        for j in taken:
            if row[j] > more:
                more = row[j]
        if beats(k + 1, taken + [i], pts + (0 if is_chest else p),
                 n_chests + (1 if is_chest else 0), own + [o] if o >= 0 else own, more):
            return True
        return beats(k + 1, taken, pts, n_chests, own, paid)

    return beats(0, [], 0, 0, [], t)
