"""A cheap additive bound for the route scorer (:mod:`.scorer`): what the prizes still open
could add when the swords to reach them are summed, not just the dearest path.

The side is cut into *units*: each region of free cells joined by free corridors (Corners,
Treasure Chambers, Treasure Chests, the edges) that holds a prize, and each treasure
monster (Dragon, Goblins) on its own. A walk that wins a unit must step into it from a gate
next to it (its *entrance*), so it pays at least the cheapest entrance. Each gate's swords
are owned by one unit only (an Orc or a Giant Rat between two rooms counts for one of
them; of the arms of one Spider Web into rooms, one counts), so summing the entrances of the
units won never counts a gate twice, and a Vorpal Sword, which beats one enemy, frees at
most one unit's entrance. Doors and Curses cost no swords here (the other bound counts
them). A walk winning a set of units thus spends at least the sum of their entrances plus
the swords of the treasure monsters in it; a fractional knapsack of the units under the
swords left, with the free Vorpal Swords as the dearest units won free, bounds the points.
No Textual imports.
"""

from __future__ import annotations

from d6tui.games.dungeon.route_graph import _MONSTER, RouteGraph

#: An entrance that costs nothing (the unit is next to the walk already).
_FREE = ((0, 0, 0),)



class ShareBound:
    """The units of a side and their entrances, built once per side.

    Args:
        board: the side as a :class:`RouteGraph` (``finish()`` called).
    """

    def __init__(self, board: RouteGraph) -> None:
        n = board.n
        webs = 0
        for i, c in enumerate(board.cells):
            if c is not None and c[0] == "spider_web":
                webs |= 1 << i
        self.webs = webs
        rooms = board.free_cells & ~webs
        region = [-1] * (n + 2)
        regions: list[int] = []
        for s in range(n + 2):
            if not rooms >> s & 1 or region[s] >= 0:
                continue
            mask = frontier = 1 << s
            while frontier:
                nxt = 0
                f = frontier
                while f:
                    low = f & -f
                    nxt |= board.free_nbrs[low.bit_length() - 1]
                    f ^= low
                nxt &= rooms & ~mask
                mask |= nxt
                frontier = nxt
            m = mask
            while m:
                low = m & -m
                region[low.bit_length() - 1] = len(regions)
                m ^= low
            regions.append(mask)
        #: (cells, chests, own swords, chambers or the monster's treasure, right edge)
        units: list[tuple[int, int, int, int, bool]] = []
        for mask in regions:
            value = (mask & board.chambers).bit_count()
            chests = (mask & board.chests).bit_count()
            has_r = bool(mask >> board.R & 1)
            if value or chests or has_r:
                units.append((mask, chests, 0, value, has_r))
        for i in range(n):
            e = board.node_el[i]
            if e >= 0 and board.el_kind[e] in ("goblins", "dragon"):
                units.append((1 << i, 0, _MONSTER[board.el_kind[e]], 1, False))
        owner: dict[int, int] = {}
        #: per unit: its entrances (cells mask) and the owned price of each, as
        #: (swords, keys, curses); a gate owned by another unit is free here.
        self.units: list[tuple[int, int, int, int, int, bool, tuple]] = []
        for k, (mask, chests, own, value, has_r) in enumerate(units):
            around = 0
            prices: set[tuple[int, int, int]] = set()
            m = mask
            while m:
                low = m & -m
                u = low.bit_length() - 1
                m ^= low
                for v, _e in board.adj[u]:
                    if mask >> v & 1:
                        continue
                    around |= 1 << v
                    prices.add(self._price(board, v, k, owner))
            if (0, 0, 0) in prices:
                prices = {(0, 0, 0)}
            self.units.append((mask, around, own, value, chests, has_r, tuple(prices)))

    def _price(self, board: RouteGraph, v: int, unit: int, owner: dict[int, int]
               ) -> tuple[int, int, int]:
        """What stepping from gate ``v`` into ``unit`` counts for ``unit``, as (swords,
        keys, curses): the gate's own price (one arm for a Spider Web) if ``unit`` owns the
        gate, else nothing."""
        if self.webs >> v & 1:
            price = (1, 0, 0)
        else:
            e = board.node_el[v] if v < board.n else -1
            if e < 0:
                return (0, 0, 0)
            kind = board.el_kind[e]
            if kind in ("orc", "giant_rat"):
                price = (_MONSTER[kind], 0, 0)
            elif kind == "door":
                price = (0, 1, 0)
            elif kind == "curse":
                price = (0, 0, 1)
            else:
                return (0, 0, 0)
        if owner.setdefault(v, unit) != unit:
            return (0, 0, 0)
        return price

    def gain(self, comp: int, reach: int, cross: bool, bonus: int, keys: int,
             paid: list[int], swords: int, vorpals: int) -> int:
        """The most points the units not yet won could add (an upper bound).

        Args:
            comp: the cells reached (bitmask); reach: the cells any walk from this entrance
                could reach (units outside it are never won).
            cross: the crossing is still to win (then the right edge's unit is worth
                ``bonus``).
            keys: keys left for chests (none: chests add nothing).
            paid: the swords of each enemy already beaten (a Spider Web: its arms paid),
                any order.
            swords: the swords held in all; vorpals: the Vorpal Swords held in all.
        """
        live: list[tuple[int, int, int, tuple]] = []
        for mask, around, own, value, chests, has_r, prices in self.units:
            if mask & comp or not mask & reach:
                continue
            if has_r and cross:
                value += bonus
            if keys <= 0:
                chests = 0
            if not value and not chests:
                continue
            live.append((value, chests, own, _FREE if around & comp else prices))
        if not live:
            return 0
        free_value = 0
        items: list[tuple[int, int]] = []
        for value, chests, own, prices in live:
            weight = own + min(p[0] for p in prices)
            if weight:
                items.append((value + chests, weight))
            else:
                free_value += value + chests
        if not items:
            return free_value
        paid = sorted(paid, reverse=True)
        total = sum(paid)
        # k Vorpal Swords kept on enemies already beaten, the rest free units still to win.
        items.sort(key=lambda vw: vw[0] / vw[1], reverse=True)
        by_value = sorted((v for v, _ in items), reverse=True)
        best = 0.0
        for k in range(min(vorpals, len(paid)) + 1):
            room = swords - total + sum(paid[:k])
            if room < 0:
                continue
            got = float(sum(by_value[:vorpals - k]))
            for value, weight in items:
                if weight <= room:
                    room -= weight
                    got += value
                else:
                    got += value * room / weight
                    break
            best = max(best, got)
        return free_value + int(best + 1e-9)
