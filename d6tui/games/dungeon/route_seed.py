"""A quick legal route for the exact route scorer (:mod:`.scorer`) to start from: a greedy
walk that keeps taking the cheapest way to one more prize (rulebook "End of the Game",
"Dungeon Map Dice Faces").

The branch and bound only drops states that cannot beat the best route found so far, so
starting it with a real, payable route found cheaply leaves its answer exact and lets it
prune from the first state on. The walk starts at an entrance with the free cells it
reaches; each round it finds, from the cells reached, the cheapest way to every prize
still to win (a Treasure Chamber, a Treasure Chest, a Dragon or Goblins, the far edge),
weighing a gate by its swords (Orc 1, Giant Rat 2, Goblins 4, Dragon 5, a Spider Web arm
1), a Door at one sword and a Curse at three; it then opens the gates of the way whose
points gained per sword (a Vorpal Sword counted as two) are the most, among those the
budget pays for (:meth:`.route_graph.RouteGraph.worth` decides, with the Vorpal Swords
on the dearest enemies), and stops when no way adds a point. As the first way decides much,
the few best first ways are each walked on so, and the best walk is kept. On a side
still slow later, the walks of the scorer's most promising states are walked on the same
way (:func:`greedy_on`, through :func:`seed_best`). No Textual imports.
"""

from __future__ import annotations

import heapq

from d6tui.games.dungeon.route_graph import _MONSTER, Budget, RouteGraph

#: The first ways :func:`greedy_route` tries from each entrance when :func:`seed_best` asks.
SEED_STARTS = 3

#: The weight of a gate on the greedy walk's ways: its swords, a Door 1, a Curse 3.
_WEIGHT = {**_MONSTER, "arm": 1, "door": 1, "curse": 3}


def _prizes(board: RouteGraph, start: int, banned: int) -> int:
    """The cells a greedy walk from ``start`` heads for, as a bit mask: the chambers, the
    chests, the treasure monsters (Dragons, Goblins) and the far edge, less ``banned``."""
    prizes = board.chambers | board.chests | 1 << board.far
    for e, kind in enumerate(board.el_kind):
        if kind in ("goblins", "dragon"):
            prizes |= 1 << board.el_cell[e]
    return prizes & ~banned


def greedy_route(board: RouteGraph, budget: Budget, bonus: int, start: int,
                 banned: int, starts: int = 1) -> tuple[int, int, int]:
    """A payable route from one entrance, greedily (see the module's words).

    Args:
        board: the side (``finish()`` called).
        budget: what the player holds; bonus: the points of a complete route.
        start: the entrance's edge node (``board.start``); banned: cells never entered
            (``board.banned``, as the scorer does).
        starts: how many first ways to try (the best ``starts`` by points per sword), each
            walked on greedily; the best of those walks is kept.

    Returns:
        ``(points, opened, comp)``: what the route scores, the gates it opens (element
        bits) and the cells it reaches (``board.closure(start, opened, banned)``).
    """
    comp = board.closure(start, 0, banned)
    now = board.worth(0, comp, budget, bonus)
    assert now is not None  # nothing opened costs nothing
    prizes = _prizes(board, start, banned)
    best = (now[0], 0, comp)
    # The walks from different first ways often meet the same gates opened: their ways on
    # are found once (``_picks`` depends on the gates opened only).
    seen: dict[int, list[tuple[float, int, int, tuple[int, int, int, int]]]] = {}
    grown: dict[int, tuple[int, tuple[int, int, int, int] | None]] = {}
    firsts = sorted(_picks(board, budget, bonus, start, banned, prizes, 0, comp, now, grown),
                    key=lambda pick: -pick[0])[:starts]
    for _, opened, comp, now in firsts:
        now, opened, comp = _walk_on(board, budget, bonus, start, banned, prizes, opened,
                                     comp, now, seen, grown)
        if now[0] > best[0]:
            best = (now[0], opened, comp)
    return best


def _walk_on(board: RouteGraph, budget: Budget, bonus: int, start: int, banned: int,
             prizes: int, opened: int, comp: int, now: tuple[int, int, int, int],
             seen: dict, grown: dict) -> tuple[tuple[int, int, int, int], int, int]:
    """Take the best pick (:func:`_picks`, points per sword) from the walk ``(opened,
    comp)`` worth ``now`` until none adds a point; ``seen`` keeps each set of gates' picks
    and ``grown`` their walks between calls. Returns ``(worth, opened, comp)``."""
    while True:
        picks = seen.get(opened)
        if picks is None:
            picks = seen[opened] = _picks(board, budget, bonus, start, banned, prizes,
                                          opened, comp, now, grown)
        if not picks:
            return now, opened, comp
        _, opened, comp, now = max(picks, key=lambda pick: pick[0])


def _picks(board: RouteGraph, budget: Budget, bonus: int, start: int, banned: int,
           prizes: int, opened: int, comp: int, now: tuple[int, int, int, int],
           grown_of: dict[int, tuple[int, tuple[int, int, int, int] | None]]
           ) -> list[tuple[float, int, int, tuple[int, int, int, int]]]:
    """``(points per sword, opened, comp, worth)`` of each cheapest way from ``comp`` to a
    prize that the budget pays for and that adds a point (``grown_of``: the cells reached
    and their worth per set of gates opened, kept between calls)."""
    adj, node_el = board.adj, board.node_el
    weight = [_WEIGHT[kind] for kind in board.el_kind]
    # The cheapest ways from the cells reached (a step adds a little, so of equal ways the
    # shorter is kept).
    dist: dict[int, float] = {}
    back: dict[int, tuple[int, int]] = {}
    queue: list[tuple[float, int]] = []
    f = comp
    while f:
        low = f & -f
        u = low.bit_length() - 1
        f ^= low
        dist[u] = 0.0
        queue.append((0.0, u))
    while queue:
        d, u = heapq.heappop(queue)
        if d > dist[u] or u == board.far:  # a walk never goes on from the far edge
            continue
        for v, e in adj[u]:
            if banned >> v & 1:
                continue
            nd = d + 1e-3
            if e >= 0 and not opened >> e & 1:
                nd += weight[e]
            g = node_el[v]
            if g >= 0 and not opened >> g & 1:
                nd += weight[g]
            if nd < dist.get(v, 1e18):
                dist[v] = nd
                back[v] = (u, e)
                heapq.heappush(queue, (nd, v))
    picks = []
    todo = prizes & ~comp
    while todo:
        low = todo & -todo
        v = low.bit_length() - 1
        todo ^= low
        if v not in dist:
            continue
        nxt = opened
        x = v
        while not comp >> x & 1:
            u, e = back[x]
            if e >= 0:
                nxt |= 1 << e
            if node_el[x] >= 0:
                nxt |= 1 << node_el[x]
            x = u
        known = grown_of.get(nxt)
        if known is None:
            grown = board.closure(start, nxt, banned)
            known = grown_of[nxt] = (grown, board.worth(nxt, grown, budget, bonus))
        grown, got = known
        if got is None or got[0] <= now[0]:
            continue
        rate = (got[0] - now[0]) / (1 + got[1] - now[1] + 2 * (got[3] - now[3]))
        picks.append((rate, nxt, grown, got))
    return picks


def greedy_on(board: RouteGraph, budget: Budget, bonus: int, start: int, opened: int,
              known: dict) -> tuple[int, int, int]:
    """A payable route growing greedily from a walk already made (the gates ``opened``
    from entrance ``start``, which the budget pays for), as :func:`greedy_route` walks on
    after its first way; ``known`` is kept between calls on one side and entrance (the
    ways on from each set of gates, and the cells and worth of each). Returns ``(points,
    opened, comp)``."""
    banned = board.banned
    comp = board.closure(start, opened, banned)
    now = board.worth(opened, comp, budget, bonus)
    if now is None:  # not a walk the budget pays for: no route (0 points never raise a best)
        return 0, 0, board.closure(start, 0, banned)
    now, opened, comp = _walk_on(board, budget, bonus, start, banned, _prizes(board, start,
                                 banned), opened, comp, now, known.setdefault("picks", {}),
                                 known.setdefault("grown", {}))
    return now[0], opened, comp


def seed_best(board: RouteGraph, budget: Budget, bonus: int, best: list[int],
              walks: list[tuple[int, int]] | None = None) -> None:
    """Raise ``best`` (the scorer's ``[points, start, opened, comp]``, changed in place) to
    a better real route found greedily: with ``walks`` None, :func:`greedy_route` from
    each entrance (``SEED_STARTS`` first ways); else each walk ``(start, opened)`` (gates
    the budget pays for) walked on by :func:`greedy_on`."""
    if walks is None:
        start = board.start
        points, opened, comp = greedy_route(board, budget, bonus, start, board.banned,
                                            SEED_STARTS)
        if points > best[0]:
            best[:] = [points, start, opened, comp]
        return
    known: dict[int, dict] = {board.start: {}}
    for start, opened in walks:
        points, opened, comp = greedy_on(board, budget, bonus, start, opened, known[start])
        if points > best[0]:
            best[:] = [points, start, opened, comp]


def seed_ways(boards: list[RouteGraph], budget: Budget, bonus: int, best: list[int]
              ) -> RouteGraph | None:
    """Raise ``best`` (the scorer's ``[points, start, opened, comp]``, changed in place) to
    the best of a greedy route from each way in (one board each), before any is searched
    exactly: with a good walk known at once, every search prunes against it, the first one
    too. Returns the board of the walk ``best`` then holds, or None when it was not raised
    (nothing to do for a single way in, whose search seeds itself when slow)."""
    chosen = None
    if len(boards) > 1:
        for board in boards:
            points, opened, comp = greedy_route(board, budget, bonus, board.start, board.banned)
            if points > best[0]:
                best[:] = [points, board.start, opened, comp]
                chosen = board
    return chosen
