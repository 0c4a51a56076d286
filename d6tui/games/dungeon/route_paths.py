"""The cheapest paths of the route scorer's bound (:mod:`.scorer`): from the cells a walk
reaches, the least swords a path pays to each cell of one side of the Dungeon Waffle, per
number of Vorpal Swords used on its gates and of Curses (or Doors, or both) passed (rulebook
"End of the Game", "Dungeon Map Dice Faces", "Item and Spell Dice Faces"). The scorer reads
each table as the least over fewer of each count, so a cell no cheaper in a layer than in
one with one count fewer is not kept there (every path on from it is matched from the
other). No Textual imports.
"""

from __future__ import annotations

from d6tui.games.dungeon.route_graph import _MONSTER, Budget, RouteGraph


class PathCosts:
    """Path searches over one side, for one budget.

    Args:
        board: the side (``finish()`` called).
        budget: what the player holds (only whether they hold a Vorpal Sword matters: an
            arm of a web already walked is then free, as that web's Vorpal Sword).
        shift: the bit where banned Spider Web arms start in a banned mask (the cells come
            below it).
    """

    def __init__(self, board: RouteGraph, budget: Budget, shift: int) -> None:
        self.board = board
        # A path never goes on from the far edge (a walk that reaches it has crossed).
        self.adj = [links if u != board.far else [] for u, links in enumerate(board.adj)]
        self.shift = shift
        self.cell_mask = (1 << shift) - 1
        self.is_web = [board._is_web(i) for i in range(board.n + 2)]
        #: per cell, its neighbours through any corridor (a bitmask).
        self.nbr_mask: list[int] = []
        for links in self.adj:
            mask = 0
            for v, _e in links:
                mask |= 1 << v
            self.nbr_mask.append(mask)
        #: per cell, the Spider Web arms of its corridors (a bitmask over arms).
        self.arm_mask = [sum({1 << e for _v, e in links if e >= 0}) for links in self.adj]
        #: the steps out of a cell for :func:`joint_distances` once the neighbours blocked
        #: and the arms banned are taken out, per ``(min_top, keys, cell, its neighbours
        #: blocked, its arms banned, a web walked)``: the same recur from state to state.
        self.joint_rows: dict[tuple[int, bool, int, int, int, bool],
                              list[tuple[int, int, int, int]]] = {}
        self.old_arm = 0 if budget.vorpals else 1
        self.el_cost = [_MONSTER.get(kind, 1 if kind == "arm" else 0) for kind in board.el_kind]
        self.treasure_els = 0
        for e, kind in enumerate(board.el_kind):
            if kind in ("goblins", "dragon"):
                self.treasure_els |= 1 << e
        self.step_cache: dict[tuple[int, bool, bool],
                              list[list[tuple[int, int, int, int, int]] | None]] = {}
        self.step_src: dict[tuple[int, bool, bool], tuple[list[int], int, int]] = {}

    def distances(self, comp: int, banned: int, left: int, keys_left: int, free_v: int,
                  min_top: int, monsters_too: bool, cap: int, doors: bool = False,
                  exits_paid: int = 0) -> list[list[int]]:
        """``dist[a * (cap + 1) + c][v]``: the least swords a path from
        ``comp`` pays to reach cell ``v`` with ``a`` Vorpal Swords on its gates and ``c``
        Curses not yet suffered on the way (``c == cap``: that many or more), for paths of at
        most ``left`` swords (more than ``left``: out of reach).

        Treasure monsters cost nothing unless ``monsters_too`` (their swords are counted
        apart, as prizes); a new Spider Web costs its two arms on the way in (a path never
        ends in a web); an arm of a web already walked costs one sword, or nothing when the
        player holds a Vorpal Sword (it may be that web's); a gate costs at least
        ``min(cost, min_top)`` (a Vorpal Sword in use being moved); a door needs a key
        left. With ``doors``, ``c`` counts the Doors on the way instead (at most ``cap``:
        one key each) and Curses are passed freely. Leaving a web of ``exits_paid`` (a
        bitmask of webs walked whose next arm the caller has counted) is free."""
        adj, is_web = self.adj, self.is_web
        keys = keys_left > 0
        steps = self.steps(min_top, keys, monsters_too)
        # The cells a path may not step into: those reached, and those banned.
        blocked = comp | banned & self.cell_mask
        nbr_mask = self.nbr_mask
        barms = banned >> self.shift
        walked_webs = comp & ~exits_paid
        cw = cap + 1
        width = (free_v + 1) * cw
        counted_kind = 2 if doors else 1
        if width == 1:  # no Vorpal Sword left and no Curse counted: one layer
            dist = [1 << 30] * len(adj)
            buckets: list[list[int]] = [[] for _ in range(left + 1)]
            f = comp
            while f:
                low = f & -f
                u = low.bit_length() - 1
                f ^= low
                dist[u] = 0
                if nbr_mask[u] & ~blocked:  # a cell reached with a way out
                    buckets[0].append(u)
            for d in range(left + 1):
                for u in buckets[d]:
                    if dist[u] != d:
                        continue
                    walked = walked_webs >> u & 1 and is_web[u]
                    row = steps[u]
                    if row is None:
                        row = self.cell_steps(min_top, keys, monsters_too, u)
                    for v, e, g, gw, _kind in row:
                        if blocked >> v & 1 or e >= 0 and barms >> e & 1:
                            continue
                        nd = d + (gw if walked else g)
                        if nd <= left and nd < dist[v]:
                            dist[v] = nd
                            buckets[nd].append(v)
            return [dist]
        # One layer (Vorpal Swords used, cells counted) at a time: a step only ever goes to
        # the same layer or a later one, so each layer is settled before the next starts.
        size = len(adj)
        layers = [[1 << 30] * size for _ in range(width)]
        # pending[layer][d]: the cells written at d into that layer, to settle there.
        pending = [[[] for _ in range(left + 1)] for _ in range(width)]
        first = layers[0]
        seeds = pending[0][0]
        f = comp
        while f:
            low = f & -f
            u = low.bit_length() - 1
            first[u] = 0
            if nbr_mask[u] & ~blocked:  # a cell reached with a way out
                seeds.append(u)
            f ^= low
        # Each cell's steps out, made when it is first settled: (to, gate swords, swords
        # with a web arm left), to cells not counted and to cells counted.
        out: list[tuple[list[tuple[int, int, int]], list[tuple[int, int, int]]] | None] = \
            [None] * size
        never = [1 << 30] * size
        for li in range(width):
            k, c = divmod(li, cw)
            here = layers[li]
            queue = pending[li]
            if k < free_v:
                later, later_q = layers[li + cw], pending[li + cw]
            else:
                later = later_q = None
            # Where a step into a counted cell goes: the next count, or (all counted) the
            # same layer for Curses, nowhere for Doors.
            if c < cap:
                c_here, c_q = layers[li + 1], pending[li + 1]
                c_later = layers[li + cw + 1] if later is not None else None
                c_later_q = pending[li + cw + 1] if later is not None else None
            elif doors:
                c_here = c_q = c_later = c_later_q = None
            else:
                c_here, c_q, c_later, c_later_q = here, queue, later, later_q
            # A cell met here no cheaper than in a layer one fewer in a count is not grown
            # from (as in :func:`joint_distances`).
            b1 = layers[li - 1] if c else never
            b2 = layers[li - cw] if k else never
            for d in range(left + 1):
                for u in queue[d]:
                    if here[u] != d or b1[u] <= d or b2[u] <= d:
                        continue
                    rows = out[u]
                    if rows is None:
                        walked = walked_webs >> u & 1 and is_web[u]
                        plain: list[tuple[int, int, int]] = []
                        counted: list[tuple[int, int, int]] = []
                        row = steps[u]
                        if row is None:
                            row = self.cell_steps(min_top, keys, monsters_too, u)
                        for v, e, g, gw, kind in row:
                            if not (blocked >> v & 1 or e >= 0 and barms >> e & 1):
                                (counted if kind == counted_kind else plain).append(
                                    (v, g, gw if walked else g))
                        rows = out[u] = (plain, counted)
                    # Nor is a cell kept in a layer where this one (one fewer in a count)
                    # or the layers one fewer than this one hold it as cheap.
                    for v, g, add in rows[0]:
                        nd = d + add
                        if nd <= left and nd < here[v] and b1[v] > nd and b2[v] > nd:
                            here[v] = nd
                            queue[nd].append(v)
                        if g and later is not None:
                            nd -= g
                            if nd <= left and nd < later[v] and here[v] > nd:
                                later[v] = nd
                                later_q[nd].append(v)
                    if c_here is None:
                        continue
                    for v, g, add in rows[1]:
                        nd = d + add
                        if nd <= left and nd < c_here[v] and here[v] > nd:
                            c_here[v] = nd
                            c_q[nd].append(v)
                        if g and c_later is not None:
                            nd -= g
                            if nd <= left and nd < c_later[v] and later[v] > nd and \
                                    c_here[v] > nd:
                                c_later[v] = nd
                                c_later_q[nd].append(v)
        return layers

    def steps(self, min_top: int, keys: bool, monsters_too: bool = False
              ) -> list[list[tuple[int, int, int, int, int]] | None]:
        """Per cell, its steps for the path searches before the cells reached and banned
        are taken out: ``(to, Spider Web arm or -1, gate swords, swords out of a web
        walked, 0 plain / 1 a Curse / 2 a Door)`` (see :meth:`distances`); None for a cell
        not yet asked for (:meth:`cell_steps` makes it)."""
        key = (min_top, keys, monsters_too)
        steps = self.step_cache.get(key)
        if steps is None:
            steps = self.step_cache[key] = [None] * len(self.adj)
            cost, curses = self.static_cost(min_top, keys, monsters_too, False)
            self.step_src[key] = (cost, curses,
                                  self.static_cost(min_top, keys, monsters_too, True)[1])
        return steps

    def cell_steps(self, min_top: int, keys: bool, monsters_too: bool, u: int
                   ) -> list[tuple[int, int, int, int, int]]:
        """The steps of cell ``u`` in the table of :meth:`steps` (called first), made now."""
        key = (min_top, keys, monsters_too)
        cost, curses, doors = self.step_src[key]
        old_arm = self.old_arm
        row = self.step_cache[key][u] = [
            (v, e, cost[v], cost[v] + old_arm if e >= 0 else cost[v],
             1 if curses >> v & 1 else 2 if doors >> v & 1 else 0)
            for v, e in self.adj[u] if cost[v] >= 0]
        return row

    def static_cost(self, min_top: int, keys: bool, monsters_too: bool, doors: bool
                    ) -> tuple[list[int], int]:
        """Per cell, the swords a path pays to step into it (-1: it may not; see
        :meth:`distances`), and the cells counted on the way as a bitmask (the Curses, or
        with ``doors`` the Doors), before the cells reached and banned are taken out."""
        adj, is_web = self.adj, self.is_web
        node_el, el_kind = self.board.node_el, self.board.el_kind
        cost = [0] * len(adj)
        cursed = 0
        web_in = min(2, min_top) if min_top else 2
        for v in range(len(adj)):
            if is_web[v]:
                cost[v] = web_in
            else:
                g = node_el[v]
                if g < 0:
                    continue
                kind = el_kind[g]
                if kind == "door":
                    cost[v] = 0 if keys else -1
                    if doors:
                        cursed |= 1 << v
                elif kind == "curse":
                    if not doors:
                        cursed |= 1 << v
                elif monsters_too or not self.treasure_els >> g & 1:
                    c = self.el_cost[g]
                    cost[v] = min(c, min_top) if min_top else c
        return cost, cursed


def joint_distances(paths: PathCosts, comp: int, banned: int, left: int, keys_left: int,
                    free_v: int, min_top: int, ccap: int, dcap: int, exits_paid: int = 0
                    ) -> list[list[int]]:
    """``dist[(a * (ccap + 1) + c) * (dcap + 1) + d][v]``: as :meth:`PathCosts.distances`,
    counting both the Curses (``c``, that many or more at ``ccap``) and the Doors (``d``, at
    most ``dcap``, one key each) on the way (leaving a web of ``exits_paid`` free)."""
    is_web = paths.is_web
    keys = keys_left > 0
    steps = paths.steps(min_top, keys)
    # The cells a path may not step into: those reached, and those banned.
    blocked = comp | banned & paths.cell_mask
    barms = banned >> paths.shift
    cw, dw = ccap + 1, dcap + 1
    width = (free_v + 1) * cw * dw
    size = len(paths.adj)
    layers = [[1 << 30] * size for _ in range(width)]
    # pending[layer][d]: the cells written at d into that layer, to settle there (made
    # when a layer is first written to).
    pending: list[list[list[int]] | None] = [None] * width
    seeds = [[] for _ in range(left + 1)]
    pending[0] = seeds
    nbr_mask, arm_mask, joint_rows = paths.nbr_mask, paths.arm_mask, paths.joint_rows
    f = comp
    while f:
        low = f & -f
        u = low.bit_length() - 1
        layers[0][u] = 0
        if nbr_mask[u] & ~blocked:  # a cell reached with a way out
            seeds[0].append(u)
        f ^= low
    # Each cell's steps out, made when first settled: (to, gate swords, swords with a web
    # arm left, 0 plain / 1 a Curse / 2 a Door).
    out: list[list[tuple[int, int, int, int]] | None] = [None] * size
    vorpal_step = cw * dw
    never = [1 << 30] * size
    # A cell met in a layer no cheaper than in a layer one fewer in a count (a Door, a
    # Curse, a Vorpal Sword) is not kept there: every path on from it is matched from the
    # other, at no more of each count (the counts only grow), and the callers take the
    # least over fewer.
    below = []
    for li in range(width):
        k, rest = divmod(li, vorpal_step)
        c, dd = divmod(rest, dw)
        below.append((layers[li - 1] if dd else never, layers[li - dw] if c else never,
                      layers[li - vorpal_step] if k else never))
    for li in range(width):
        k, rest = divmod(li, vorpal_step)
        c, dd = divmod(rest, dw)
        here, queue = layers[li], pending[li]
        if queue is None:
            continue  # nothing was written here
        # Where a step goes into a plain cell, a Curse or a Door (-1: nowhere).
        dest = (li, li + dw if c < ccap else li, li + 1 if dd < dcap else -1)
        more = k < free_v
        b1, b2, b3 = below[li]
        for d in range(left + 1):
            for u in queue[d]:
                if here[u] != d or b1[u] <= d or b2[u] <= d or b3[u] <= d:
                    continue
                rows = out[u]
                if rows is None:
                    # an arm of a web walked: old_arm more
                    walked = bool(comp >> u & 1 and is_web[u] and not exits_paid >> u & 1)
                    known = (min_top, keys, u, blocked & nbr_mask[u], barms & arm_mask[u],
                             walked)
                    rows = joint_rows.get(known)
                    if rows is None:
                        row = steps[u]
                        if row is None:
                            row = paths.cell_steps(min_top, keys, False, u)
                        rows = joint_rows[known] = [
                            (v, g, gw if walked else g, kind) for v, e, g, gw, kind in row
                            if not blocked >> v & 1 and not (e >= 0 and barms >> e & 1)]
                    out[u] = rows
                for v, g, add, kind in rows:
                    to = dest[kind]
                    if to < 0:
                        continue
                    nd = d + add
                    if nd <= left:
                        t = layers[to]
                        if nd < t[v]:
                            p1, p2, p3 = below[to]
                            if p1[v] > nd and p2[v] > nd and p3[v] > nd:
                                t[v] = nd
                                q = pending[to]
                                if q is None:
                                    q = pending[to] = [[] for _ in range(left + 1)]
                                q[nd].append(v)
                    if g and more:
                        to += vorpal_step
                        nd -= g
                        if nd <= left:
                            t = layers[to]
                            if nd < t[v]:
                                p1, p2, p3 = below[to]
                                if p1[v] > nd and p2[v] > nd and p3[v] > nd:
                                    t[v] = nd
                                    q = pending[to]
                                    if q is None:
                                        q = pending[to] = [[] for _ in range(left + 1)]
                                    q[nd].append(v)
    return layers

