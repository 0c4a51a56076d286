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

The same ownership tightens the scorer's path bound: a room whose every way in is a Curse
of its own (:meth:`ShareBound.own_curse`), and a Curse on every way to a prize
(:meth:`ShareBound.dominators`), is suffered when that prize is won. No Textual imports.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from d6tui.games.dungeon.route_graph import _MONSTER, RouteGraph


class ShareBound:
    """The units of a side and their entrances, built once per side.

    Args:
        board: the side as a :class:`RouteGraph` (``finish()`` called).
    """

    def __init__(self, board: RouteGraph) -> None:
        n = board.n
        self.board = board
        #: per cell, its neighbours through any corridor; every cell with a corridor.
        self.any_nbr = [0] * len(board.adj)
        self.every_cell = 0
        for u, links in enumerate(board.adj):
            for v, _e in links:
                self.any_nbr[u] |= 1 << v
            if links:
                self.every_cell |= 1 << u
        self.webs = webs = board.webs
        # The far edge is no room of its own: a walk never goes on from it, so the cells
        # open onto it are not joined through it (each region beside it holds the crossing).
        far = board.far
        rooms = board.free_cells & ~webs & ~(1 << far)
        beside_far = 0
        for u in range(n + 2):
            if board.free_nbrs[u] >> far & 1:
                beside_far |= 1 << u
        region = [-1] * (n + 2)
        regions: list[int] = []
        for s in range(n + 2):
            if not rooms >> s & 1 or region[s] >= 0:
                continue
            mask = flood(1 << s, board.free_nbrs, rooms)
            m = mask
            while m:
                low = m & -m
                region[low.bit_length() - 1] = len(regions)
                m ^= low
            regions.append(mask)
        #: (cells, chests, own swords, chambers or the monster's treasure, far edge)
        units: list[tuple[int, int, int, int, bool]] = []
        for mask in regions:
            value = (mask & board.chambers).bit_count()
            chests = (mask & board.chests).bit_count()
            has_r = bool(mask & beside_far)
            if value or chests or has_r:
                units.append((mask, chests, 0, value, has_r))
        # The far edge reached from a gate or a web beside it: a unit of its own, whose
        # entrances are those gates (a free cell beside it is in a region above).
        far_unit = -1
        if any(not rooms >> v & 1 for v, _e in board.adj[far]):
            far_unit = len(units)
            units.append((1 << far, 0, 0, 0, True))
        for i in range(n):
            e = board.node_el[i]
            if e >= 0 and board.el_kind[e] in ("goblins", "dragon"):
                units.append((1 << i, 0, _MONSTER[board.el_kind[e]], 1, False))
        owner: dict[int, int] = {}
        #: free cell -> the room unit holding it (:meth:`own_curse`).
        self.cell_unit: dict[int, int] = {}
        cursed_by: dict[int, int] = {}
        keyed_by: dict[int, int] = {}
        #: per unit: (cells, entrances, own swords, points, chests, far edge, the swords
        #: of its cheapest entrance, the point lost on the way in, a key needed on the way
        #: in); a gate owned by another unit is free here.
        self.units: list[tuple[int, int, int, int, int, bool, int, int, int]] = []
        for k, (mask, chests, own, value, has_r) in enumerate(units):
            around = 0
            share = 1 << 30
            loss = key = 1
            m = mask
            while m:
                low = m & -m
                u = low.bit_length() - 1
                m ^= low
                for v, _e in board.adj[u]:
                    if mask >> v & 1 or v == far:  # no walk comes in from the far edge
                        continue
                    if k == far_unit and rooms >> v & 1:
                        loss = key = 0  # a free way in: no Curse or Door needed
                        continue
                    around |= 1 << v
                    share = min(share, self._share(board, v, k, owner))
                    # A Curse this unit owns costs it a point; any other way in, none.
                    if not (board.curse_cells >> v & 1 and cursed_by.setdefault(v, k) == k):
                        loss = 0
                    # So does a Door it owns a key.
                    if not (board.door_cells >> v & 1 and keyed_by.setdefault(v, k) == k):
                        key = 0
            if not own:  # a room (a treasure monster has its own swords)
                m = mask
                while m:
                    low = m & -m
                    self.cell_unit[low.bit_length() - 1] = k
                    m ^= low
            self.units.append((mask, around, own, value, chests, has_r,
                               0 if share >= 1 << 30 else share, loss if around else 0,
                               key if around else 0))

    def dominators(self, targets: list[int], comp: int, banned: int, gates: int = -1
                   ) -> dict[int, int]:
        """For each cell of ``targets`` (bit numbers) reached from ``comp`` at all, the
        Curses (or the cells of ``gates``, a bitmask, such as the Doors) not in ``comp``
        that every way from ``comp`` to it passes, any gate counted as open and the cells
        ``banned`` closed, as a bitmask (cells with none are left out).

        One depth-first search from ``comp`` (as one cell) finds the cells that cut the
        side in two (a cell ``p`` whose child ``u`` in the search reaches no cell found
        before ``p`` but through ``p``): the cells on every way to a target are those
        cuts met going up from it.
        """
        out: dict[int, int] = {}
        gates = (self.board.curse_cells if gates < 0 else gates) & ~comp & ~banned
        if not gates or not targets:
            return out
        nbr = self.any_nbr
        allowed = self.every_cell & ~banned & ~comp
        root = len(nbr)
        near = 0
        f = comp
        while f:
            low = f & -f
            near |= nbr[low.bit_length() - 1]
            f ^= low
        near &= allowed
        disc = [0] * (root + 1)
        least = [0] * (root + 1)
        parent = [-1] * (root + 1)
        left = [0] * (root + 1)
        disc[root] = least[root] = 1
        left[root] = near
        clock = 1
        stack = [root]
        while stack:
            u = stack[-1]
            m = left[u]
            if m:
                low = m & -m
                left[u] = m ^ low
                w = low.bit_length() - 1
                if not disc[w]:
                    clock += 1
                    disc[w] = least[w] = clock
                    parent[w] = u
                    left[w] = nbr[w] & allowed
                    if u != root and near >> w & 1:
                        least[w] = 1  # a corridor back to the cells reached
                    stack.append(w)
                elif w != parent[u] and disc[w] < least[u]:
                    least[u] = disc[w]
            else:
                stack.pop()
                p = parent[u]
                if p >= 0 and least[u] < least[p]:
                    least[p] = least[u]
        for v in targets:
            if not disc[v]:
                continue
            cut = 0
            x = v
            p = parent[x]
            while p != root:
                if least[x] >= disc[p]:
                    cut |= 1 << p
                x, p = p, parent[p]
            cut &= gates
            if cut:
                out[v] = cut
        return out

    def own_curse(self, v: int, comp: int) -> int:
        """The unit holding free cell ``v`` when every way into it is a Curse of its own
        and none of them touches ``comp`` (winning it then costs that Curse), else -1."""
        k = self.cell_unit.get(v, -1)
        if k < 0:
            return -1
        unit = self.units[k]
        return k if unit[7] and not unit[1] & comp else -1

    def _share(self, board: RouteGraph, v: int, unit: int, owner: dict[int, int]) -> int:
        """The swords that stepping from gate ``v`` into ``unit`` counts for ``unit``: the
        gate's own swords (one arm for a Spider Web) if ``unit`` owns the gate, else 0."""
        if self.webs >> v & 1:
            cost = 1
        else:
            e = board.node_el[v] if v < board.n else -1
            if e < 0 or board.el_kind[e] not in ("orc", "giant_rat"):
                return 0
            cost = _MONSTER[board.el_kind[e]]
        if owner.setdefault(v, unit) != unit:
            return 0
        return cost

    def prepare(self, comp: int, reach: int, cross: bool, bonus: int, keys: int,
                paid: list[int], swords: int, vorpals: int) -> Prepared:
        """The units still to win from one state, ready for :meth:`gain`.

        Args:
            comp: the cells reached (bitmask); reach: the cells any walk from this entrance
                could reach (units outside it are never won).
            cross: the crossing is still to win (then the far edge's units are worth
                ``bonus``).
            keys: keys left for chests (none: chests add nothing).
            paid: the swords of each enemy already beaten (a Spider Web: its arms paid),
                any order.
            swords: the swords held in all; vorpals: the Vorpal Swords held in all.
        """
        free: list[tuple[int, int]] = []
        items: list[tuple[int, int, int]] = []
        # The keys bound: the units behind a Door of their own and the chests each take a
        # key; the other units add their points freely.
        keyed = 0
        key_items: list[int] = []
        for mask, around, own, value, chests, has_r, share, loss, key in self.units:
            if mask & comp or not mask & reach:
                continue
            if has_r and cross:
                value += bonus
            if around & comp:
                weight = own
                key = 0
            else:
                weight = own + share
                value -= loss
            if key:
                if value > 0:
                    key_items.append(value)
            elif value > 0:
                keyed += value
            key_items.extend([1] * chests)
            if keys > 0:
                value += chests
            if value <= 0:
                continue
            if weight:
                items.append((value, weight, mask))
            else:
                free.append((value, mask))
        items.sort(key=lambda it: it[0] / it[1], reverse=True)
        paid = sorted(paid, reverse=True)
        total = sum(paid)
        # k Vorpal Swords kept on enemies already beaten, the rest free units still to win.
        rooms = [(swords - total + sum(paid[:k]), vorpals - k)
                 for k in range(min(vorpals, len(paid)) + 1)]
        key_items.sort(reverse=True)
        keyed += sum(key_items[:max(0, keys)])
        return Prepared(free, items, [r for r in rooms if r[0] >= 0], keyed)

    def gain(self, prep: Prepared, allowed: int = -1) -> int:
        """The most points the units of ``prep`` that touch the cells ``allowed`` could add
        (an upper bound): a fractional knapsack of their entrances and own swords under the
        swords left, the free Vorpal Swords taking the dearest units whole. For all units
        (``allowed`` -1), no more than the keys bound either (:meth:`prepare`)."""
        got_free = sum(value for value, mask in prep.free if mask & allowed)
        items = [(v, w) for v, w, mask in prep.items if mask & allowed]
        if not items:
            return got_free if allowed != -1 else min(got_free, prep.keyed)
        by_value = sorted((v for v, _ in items), reverse=True)
        best = 0.0
        for room, free_v in prep.rooms:
            got = float(sum(by_value[:free_v]))
            for value, weight in items:
                if weight <= room:
                    room -= weight
                    got += value
                else:
                    got += value * room / weight
                    break
            best = max(best, got)
        got = got_free + int(best + 1e-9)
        return got if allowed != -1 else min(got, prep.keyed)


@dataclass
class Prepared:
    """The units still to win from one state (:meth:`ShareBound.prepare`).

    Attributes:
        free: ``(points, cells)`` of the units whose entrance and monster cost no swords.
        items: ``(points, swords, cells)`` of the others, best points per sword first.
        rooms: ``(swords left for the units, Vorpal Swords free for them)`` per way of
            keeping Vorpal Swords on the enemies already beaten.
    """

    free: list[tuple[int, int]]
    items: list[tuple[int, int, int]]
    rooms: list[tuple[int, int]]
    keyed: int


def monsters_beaten(own: list[int], room: int, free: int, left_behind: list[int]) -> int:
    """The most treasure monsters (Dragons, Goblins) a walk can beat ("Dungeon Map Dice
    Faces", "Vorpal Sword"), for the path bound of :mod:`.scorer`.

    Args:
        own: the swords of each monster within reach, cheapest first.
        room: the swords left for them.
        free: Vorpal Swords not yet used (each beats a monster for nothing).
        left_behind: the swords of the enemies the Vorpal Swords in use beat now, cheapest
            first: moving one of them to a monster leaves that enemy to pay, so the
            monster costs at most that much.

    Returns:
        The largest k such that the k cheapest monsters cost at most ``room``: the dearest
        ``free`` of them for nothing, the next ones each at most the enemy a moved Vorpal
        Sword leaves (the dearest monster taking the cheapest enemy left behind), the rest
        in full.
    """
    if room < 0:
        return 0
    moved = len(left_behind)
    k = len(own)
    if not moved:
        # No Vorpal Sword to move: the ``free`` dearest for nothing, then the cheapest
        # while the swords last (the k-th cheapest paid only if the k-1 before it are).
        if k <= free:
            return k
        paid = 0
        for cost in own[:k - free]:
            room -= cost
            if room < 0:
                break
            paid += 1
        return free + paid
    while k > 0:
        paid = k - free
        if paid <= 0:
            return k
        full = max(0, paid - moved)
        cost = sum(own[:full])
        # own[paid - 1] is the dearest still to pay: it takes left_behind[0].
        for j in range(full, paid):
            m = left_behind[paid - 1 - j]
            cost += own[j] if own[j] < m else m
        if cost <= room:
            return k
        k -= 1
    return 0


def flood(seed: int, nbrs: Sequence[int], allowed: int) -> int:
    """The cells reached from ``seed`` stepping to neighbours inside ``allowed``.

    Args:
        seed: a bitset of cells to start from (kept whether allowed or not).
        nbrs: for each cell index, the bitset of its neighbours.
        allowed: the bitset of the cells a step may enter.

    Returns:
        The bitset of ``seed`` and every allowed cell joined to it.
    """
    grown = frontier = seed
    while frontier:
        nxt = 0
        f = frontier
        while f:
            low = f & -f
            nxt |= nbrs[low.bit_length() - 1]
            f ^= low
        nxt &= allowed & ~grown
        grown |= nxt
        frontier = nxt
    return grown
