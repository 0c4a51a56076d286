"""The exact route scorer: the best route through one side of the Dungeon Waffle, with its
detours, for the swords, keys and Vorpal Swords a player holds (rulebook "End of the Game").

A player enters by one corridor from the left or right edge of their side and walks the
corridors (an edge is no corridor: each entrance is searched on its own, and a walk that
reaches the far edge has crossed, it does not go on from there); a walk may go down side
passages and come back, and everything it overcomes stays overcome, so a walk is worth
what the *set* of places it reaches is worth. The scorer therefore chooses
which gates to open:

- **gated places**: Orc (1 sword), Giant Rat (2), Goblins (4, treasure), Dragon (5,
  treasure), Door (1 key), Curse (no cost but -1 point, once however often it is crossed);
- **gated arms**: each arm of a Spider Web costs one sword the first time it is used;
- free places (Corner, Treasure Chamber, Treasure Chest) are always walked into when
  reachable; a Treasure Chest is opened with a spare key for its treasure.

A Vorpal Sword beats one enemy whole (Dragon, Goblins, a whole Spider Web, a Rat, an Orc):
it is given to the dearest ones. Swords on one die can be split, so swords are one pool.

The search is a best-first branch and bound over the places a walk reaches:

- a state is the set of cells reached from an entrance with the gates in it opened, and the
  steps it may no longer take (banned gates and Spider Web arms); it grows by one step
  touching it (a gate and the Spider Web arm leading to it at once). Its children are one
  step each, the steps that open the most cells first, and each child bans the steps of
  the children before it (binary branching: the k-th child holds the walks that take the
  k-th step and none before it), so every walk is met in one state only and the bounds of
  later children, which must go round the banned steps, fall fast;
- a state whose cells were reached before with no more arms paid on any web, and no more
  steps banned, is dropped (memoisation with a dominance test); a step the budget cannot
  pay is banned for the siblings after it too (a walk taking it could not pay either);
- a growth into a dead end with nothing to win, leading nowhere the state does not reach by
  a plain corridor, is dropped and banned (the smaller walk does at least as well);
- only walks worth their gates are looked for (:mod:`.route_worth`: forced ways gone on at
  once, dead-end gates dropped), and the bound counts a Spider Web walked into by one arm
  only as two arms (the paths then leave it for nothing); the answer stays exact;
- a state's bound is what it scores plus the most the prizes still open could add: every
  chamber, chest, Dragon, Goblins or the crossing needs a path from the state, so the walk
  pays at least the dearest of those paths plus the swords of the treasure monsters it
  beats, with the Vorpal Swords left split between the paths and the monsters (a Vorpal
  Sword in use may be moved to a monster, which then costs the swords of the enemy it
  leaves, at least the cheapest it beats now: at most one monster per such sword), and each
  Curse a path must pass costs a point (paths are found per number of Curses passed);
  when keys are short, the paths are found per number of Doors passed as well (a walk
  that opens d more Doors, at most its keys, has d keys fewer for chests, and its paths
  pass no more Curses than it suffers nor Doors than it opens); Curses in different
  directions add up: a room whose every way in is a Curse of its
  own, and a Curse on every way to a prize, is suffered when that prize is won (each prize
  adding its new such Curses, at most its own points);
- the keys the chests already reached hold are counted: a Door or a new chest beyond the
  keys they leave takes one of theirs (a point lost). A walk opening d Doors (suffering
  exactly c Curses, c under the count's cap; beating k of the treasure monsters counted)
  leaves shut all but d of the Doors (c of the Curses; k of the monsters) on every way to
  the rooms counted, and those rooms unwon: at least the points behind the cheapest of the
  gates it leaves (:mod:`.route_count`). Those gates on every way are found in one
  depth-first search (:meth:`.route_bound.ShareBound.dominators`); for the walks that
  suffer no more Curse, on every way that passes none. When a key is left for
  every chest within reach, each chest is such a room too, of one point (with fewer keys
  the nearest chests are counted instead, as many as the keys, with no gate in front of
  them: a walk may open others). A treasure monster no
  path paying its swords reaches is a wall for the paths (they pass the others for
  nothing, as their swords are counted apart);
- before those paths are searched, a cheap bound sums instead of taking the dearest: each
  room with a prize and each treasure monster still to win needs its own entrance, whose
  swords (owned by one room only) add up (:mod:`.route_bound`); and before the paths per
  Curse, every prize a path reaches at all is counted as won for nothing; the lowest
  bound is kept (the path searches are in :mod:`.route_paths`);
- states are grown highest bound first (ties: newest first, and of siblings the one
  opening the most cells: a dive, so a walk scoring the bound is met early); a child is kept
  under its parent's bound and its own is worked out only when it comes up; the search ends
  when no state left can beat the best found, which is then exact;
- with several ways in, a greedy route from each is walked before any search; a way still
  unsolved after ``SEED_AFTER`` states looks for one again (:mod:`.route_seed`), and after
  ``SEED_AGAIN`` the best states' walks are walked on greedily: their points are a lower
  bound, so every state that cannot beat them is dropped, and the answer stays exact.

:func:`brute_force` checks every subset of gates instead, for tests and the benchmark on
small waffles.
"""

from __future__ import annotations

__all__ = ["Budget", "Cell", "RouteScore", "best_route", "brute_force", "entrance_boards"]

import heapq
from collections.abc import Sequence
from dataclasses import replace

from d6tui.games.dungeon.route_bound import ShareBound
from d6tui.games.dungeon.route_bound import flood as flood_from
from d6tui.games.dungeon.route_brute import brute_force
from d6tui.games.dungeon.route_count import column_ceiling, count_column, prize_tables, single_bits
from d6tui.games.dungeon.route_explain import RouteScore, explain_route
from d6tui.games.dungeon.route_graph import _MONSTER, Budget, Cell, entrance_boards
from d6tui.games.dungeon.route_graph import RouteGraph as _Board
from d6tui.games.dungeon.route_paths import PathCosts, joint_distances
from d6tui.games.dungeon.route_seed import seed_best, seed_ways
from d6tui.games.dungeon.route_worth import dead_end_gate, free_front, go_on, worthless_cells

#: States grown before the greedy route of :mod:`.route_seed` is looked for (most sides
#: are solved sooner, and need no more).
SEED_AFTER = 40
#: States grown before the walks of the ``SEED_TOPS`` best states left are walked on too.
SEED_AGAIN, SEED_TOPS = 80, 2


def _search(board: _Board, budget: Budget, bonus: int, best: list[int], nodes: list[int],
            limit: int | None = None) -> None:
    """Raise ``best`` (``[points, start, opened, comp]``, changed in place) to the best walk
    in by the board's entrance: a best-first branch and bound over the places a player can
    reach, one gate more at a time (see the module's words), which stops once ``nodes[0]``
    (the sets of gates looked at, counted in place) reaches ``limit`` when one is given."""
    positives = board.chambers | board.chests
    n_el = len(board.el_kind)
    el_cost = [_MONSTER.get(kind, 1 if kind == "arm" else 0) for kind in board.el_kind]
    treasure_els = sum(1 << e for e, k in enumerate(board.el_kind) if k in ("goblins", "dragon"))
    sys_limit = limit if limit is not None else 1 << 62
    shift = board.n + 2  # banned Spider Web arms sit above the cells in a banned mask
    node_el, el_kind, adj = board.node_el, board.el_kind, board.adj
    far_node = board.far
    covered_free = board.covered_free
    free_nbrs, free_cells = board.free_nbrs, board.free_cells
    arm_bits = sum(1 << e for e, kind in enumerate(el_kind) if kind == "arm")
    #: (start, comp) -> the arm sets seen there (as web-arm counts), for the dominance test.
    seen: dict[tuple[int, int], list[tuple[int, ...]]] = {}
    web_cells = sorted({w for e in range(n_el) for w in board.el_webs[e]})
    web_index = {w: k for k, w in enumerate(web_cells)}
    #: (cell, kind) of every prize: 0 chamber, 1 chest, 2 treasure monster, 3 an edge.
    prize_cells: list[tuple[int, int]] = []
    for v in range(board.n):
        if board.chambers >> v & 1:
            prize_cells.append((v, 0))
        elif board.chests >> v & 1:
            prize_cells.append((v, 1))
        elif node_el[v] >= 0 and treasure_els >> node_el[v] & 1:
            prize_cells.append((v, 2))
    prize_cells.append((board.far, 3))
    #: the cells of the treasure monsters (Dragons, Goblins).
    monster_cells = sum(1 << v for v, kind in prize_cells if kind == 2)
    prize_bits = sum(1 << v for v, _kind in prize_cells)
    #: The bound's tools, made when a state first needs more than the loose bound (an
    #: entrance that cannot beat the best so far never needs them).
    tools: list = []
    any_nbr = [0] * len(adj)
    for u in range(len(adj)):
        for v, _e in adj[u]:
            any_nbr[u] |= 1 << v

    def outward(cells: int, inside: int) -> int:
        """The cells not ``inside`` that a corridor from ``cells`` leads to."""
        out = 0
        while cells:
            low = cells & -cells
            out |= any_nbr[low.bit_length() - 1]
            cells ^= low
        return out & ~inside

    def flood(v: int, comp: int, banned: int) -> int:
        """``comp`` with ``v`` and the free cells joined to ``v`` by free corridors."""
        return comp | flood_from(1 << v, free_nbrs, free_cells & ~banned & ~comp)

    def profile(opened: int) -> tuple[int, ...]:
        counts = [0] * len(web_cells)
        bits = opened & arm_bits
        while bits:
            low = bits & -bits
            for w in board.el_webs[low.bit_length() - 1]:
                counts[web_index[w]] += 1
            bits ^= low
        return tuple(counts)

    def dominated(start: int, comp: int, opened: int, banned: int) -> bool:
        prof = profile(opened)
        key = (start, comp)
        known = seen.get(key)
        if known is None:
            seen[key] = [(prof, banned)]
            return False
        for other, ob in known:
            if not ob & ~banned and all(a <= b for a, b in zip(other, prof, strict=True)):
                return True
        known[:] = [(o, ob) for o, ob in known
                    if banned & ~ob or not all(b <= a for a, b in zip(o, prof, strict=True))]
        known.append((prof, banned))
        return False

    def bound(start: int, opened: int, comp: int, banned: int, points: int, swords: int,
              vorpals: int) -> int:
        """The most points any walk growing from ``comp`` can still score.

        Every prize still to win (a chamber, a chest, a Dragon or Goblins, the crossing)
        needs a path from ``comp``; the walk pays at least the dearest of those paths plus
        the swords of the treasure monsters it beats, some of them with Vorpal Swords."""
        crossing = comp >> board.L & 1 and comp >> board.R & 1
        loose = points + (0 if crossing or not start_reach[0] >> board.far & 1 else bonus)
        loose += (start_reach[0] & positives & ~comp).bit_count()
        loose += (start_reach[1] & ~opened).bit_count()
        if loose <= best[0]:
            return loose
        if not tools:
            tools.extend((ShareBound(board), PathCosts(board, budget, shift)))
        shares, paths = tools
        distances = paths.distances
        # Costs paid now, to know what one more gate could still cost at least.
        costs = []
        web_arms: dict[int, int] = {}
        doors = 0
        bits = opened
        while bits:
            low = bits & -bits
            e = low.bit_length() - 1
            bits ^= low
            kind = el_kind[e]
            if kind == "arm":
                for w in board.el_webs[e]:
                    web_arms[w] = web_arms.get(w, 0) + 1
            elif kind in _MONSTER:
                costs.append(el_cost[e])
            elif kind == "door":
                doors += 1
        exits_paid = 0
        if 1 in web_arms.values():
            # A Spider Web walked into by one arm only is a dead end with nothing to win: a
            # walk worth its points leaves it by another arm (else the walk without it does
            # at least as well), so it pays two arms at least; the paths then leave it for
            # nothing (``exits_paid``), so no arm is counted twice.
            for w, arms in web_arms.items():
                if arms == 1:
                    exits_paid |= 1 << w
            costs.extend(max(2, arms) for arms in web_arms.values())
            paid = sorted(costs, reverse=True)
            swords = sum(paid[vorpals:])
            if swords > budget.swords:
                return points  # no such walk grows from here (this one is counted)
        else:
            costs.extend(web_arms.values())
        keys_left = budget.keys - doors
        # The chests already reached hold keys too: a key spent on a Door, or on a chest
        # further on, beyond those they leave is taken from one of them (a point lost).
        held = (comp & board.chests).bit_count()
        opened_held = min(held, keys_left)
        prep = shares.prepare(comp, start_reach[0], not crossing, bonus,
                              keys_left, costs, budget.swords, budget.vorpals)
        summed = points + shares.gain(prep)
        if summed <= best[0]:
            return summed
        # A Vorpal Sword in use may be moved to a new enemy, which then costs at most the
        # enemy it leaves, ``mu`` swords or more (the cheapest it beats now).
        mu = 0
        if vorpals:
            costs.sort(reverse=True)
            mu = costs[vorpals - 1]
        #: The enemies the Vorpal Swords in use beat, cheapest first: moving the j-th leaves
        #: it to pay.
        left_behind = costs[vorpals - 1::-1] if vorpals else []
        left = budget.swords - swords
        free_v = budget.vorpals - vorpals
        far = -1 if crossing else board.far

        # On paths a gate costs at least min(cost, mu) however many Vorpal Swords in use
        # are moved (a relaxation: the treasure monsters won take all the moves).
        full = distances(comp, banned, left, keys_left, free_v, mu, True, 0,
                         exits_paid=exits_paid)
        # The least over the Vorpal Swords used, per cell.
        near_all = full[0] if len(full) == 1 else [min(col) for col in zip(*full, strict=True)]
        # The prizes still to win that some path reaches at all.
        reachable = [(v, kind) for v, kind in prize_cells
                     if not comp >> v & 1 and (kind != 3 or v == far)
                     and near_all[v] <= left]
        # All of them won, for nothing: when even that cannot beat the best, stop here.
        chests = sum(1 for _, kind in reachable if kind == 1)
        quick = points + min(chests, max(0, keys_left - held)) + sum(
            bonus if kind == 3 else 1 for _, kind in reachable if kind != 1)
        if quick <= best[0]:
            return quick

        # A room or the far edge whose every way in is a Curse of its own costs that Curse
        # when won (:mod:`.route_bound`): the walk loses at least one point per such room
        # won, as well as one per Curse its dearest path counts. And a Curse on every way
        # from the state to a prize is suffered if the prize is won: each prize adds the new
        # such Curses, at most its own points (so a prize never costs more than it brings,
        # and the sum never counts a Curse twice).
        rooms = [v for v, kind in reachable if kind in (0, 3)]
        chest_cells = [v for v, kind in reachable if kind == 1]
        cursed_in = {v: shares.own_curse(v, comp) for v in rooms + chest_cells}
        # A path passes a treasure monster for nothing (its swords are counted apart, as a
        # prize), but never one that no walk can beat: one out of reach when a path pays
        # its swords too. Such monsters are walls, as the cells banned.
        walls = banned
        for v, kind in prize_cells:
            if kind == 2 and not comp >> v & 1 and near_all[v] > left:
                walls |= 1 << v

        def most(cap: int, dcap: int) -> int:
            """The most the prizes add (or ``best[0] - points`` when no more), paths found
            per number of Curses passed (a walk suffering c more loses c points) and,
            unless ``dcap`` is -1, per number of Doors opened (a walk opening d more, at
            most ``dcap``, has d keys fewer for chests)."""
            if dcap < 0:
                dists = distances(comp, walls, left, keys_left, free_v, mu, False, cap,
                                  exits_paid=exits_paid)
            else:
                dists = joint_distances(paths, comp, walls, left, keys_left, free_v, mu,
                                        cap, dcap, exits_paid)
            cw, dw = cap + 1, max(1, dcap + 1)
            block = cw * dw
            targets = prize_tables(dists, reachable, cw, dw)
            # The Curses, Doors (when counted: a walk opening d of them passes no more)
            # and treasure monsters (winning the prize beats them) on every way to a room
            # or a chest.
            gates = board.curse_cells | monster_cells & ~walls
            if dcap > 0:
                gates |= board.door_cells
            # Per room or chest: (points, its own Curse's room, the Curses on every way to
            # it as a mask, and as single bits, the Doors, the monsters, as single bits);
            # for the walks suffering no more Curse, the ways that pass none (made when a
            # column needs them).
            room_rows: dict[int, dict[int, tuple]] = {}

            def rows_for(shut: int) -> dict[int, tuple]:
                got = room_rows.get(shut)
                if got is None:
                    every = shares.dominators(rooms + chest_cells, comp, walls | shut,
                                              gates & ~shut)
                    got = room_rows[shut] = {}
                    for v in rooms + chest_cells:
                        m = every.get(v, 0)
                        got[v] = (bonus if v == far else 1, cursed_in[v],
                                  m & board.curse_cells, single_bits(m & board.curse_cells),
                                  single_bits(m & board.door_cells),
                                  single_bits(m & monster_cells))
                return got

            best_gain = max(-cap, best[0] - points)  # no more drops the state: not counted
            # Per column (Curses suffered and Doors opened, ``cd``; Vorpal Swords to the
            # monsters, ``b``): the most it could add, with all its prizes won for nothing,
            # worked out first; its prizes (and the gates on every way to them) are made
            # only if that could beat what the columns before it found.
            columns: list[tuple[int, int, int, int, int, list[int]]] = []
            for cd in range(block):
                counted, opened_doors = divmod(cd, dw)
                # The keys left for new chests, and the chests reached that lose theirs.
                chest_keys = keys_left - opened_doors - held
                chest_loss = max(0, opened_held - (keys_left - opened_doors))
                for b in range(free_v + 1):  # b free Vorpal Swords to the monsters
                    col = (free_v - b) * block + cd
                    total, n_chests, own = 0, 0, []  # own: the treasure monsters' swords
                    for v, kind, table in targets:
                        if table[col] > left:
                            continue
                        if kind == 1:
                            n_chests += 1
                        elif kind == 2:
                            total += 1
                            own.append(el_cost[node_el[v]])
                        else:
                            total += bonus if v == far else 1
                    # A key for every chest within reach, or the nearest as many as the keys.
                    total += n_chests if n_chests <= chest_keys else max(0, chest_keys)
                    upper = total - counted - chest_loss
                    if upper > best_gain:  # else not all of them, for nothing, do better
                        columns.append((upper, cd, b, chest_keys, chest_loss, own))
            # The columns that could add the most first: once the most found is as much as
            # a column could add, it and the rest (no more) need no count.
            columns.sort(key=lambda column: -column[0])
            for upper, cd, b, chest_keys, chest_loss, own in columns:
                if upper <= best_gain:
                    break
                if column_ceiling(upper, own, left, b, left_behind) <= best_gain:
                    continue  # not with the monsters a walk can beat
                counted, opened_doors = divmod(cd, dw)
                col = (free_v - b) * block + cd
                # No more Curse suffered: the Curses not reached are walls for the ways to
                # the prizes (so more gates may lie on every way).
                room_row = rows_for(board.curse_cells & ~comp if counted == 0 < cap else 0)
                events: list[tuple[int, int, int, int, int, tuple, tuple, tuple]] = []
                chests: list[tuple[int, int]] = []
                for v, kind, table in targets:
                    d = table[col]
                    if d > left:
                        continue
                    if kind == 1:
                        chests.append((d, v))
                    elif kind == 2:
                        events.append((d, 0, el_cost[node_el[v]], -1, 0, (), (), ()))
                    else:
                        pts, u, dm, dmb, lkb, gmb = room_row[v]
                        events.append((d, pts, -1, u, dm,
                                       dmb if counted < cap else (), lkb, gmb))
                if len(chests) <= chest_keys:
                    # A key for every chest within reach: each is a room of one point,
                    # won only with the Curses, Doors and monsters on every way to it.
                    for d, v in chests:
                        _pts, u, dm, dmb, lkb, gmb = room_row[v]
                        events.append((d, 1, -1, u, dm, dmb if counted < cap else (),
                                       lkb, gmb))
                else:
                    # The chests counted are the nearest (as many as the keys): not
                    # those a walk opens, so no Door or monster in front of them counts.
                    chests.sort()
                    events.extend((d, 1, -1, -1, 0, (), (), ())
                                  for d, _v in chests[:max(0, chest_keys)])
                # Thresholds t in order: the prizes within t, and the treasure monsters
                # within t beaten with the swords left after t (cheapest first) or a Vorpal
                # Sword.
                events.sort()
                best_gain = count_column(events, counted, opened_doors, chest_loss, left, b,
                                         left_behind, best_gain)
            return max(0, best_gain)

        # Curses counted up to three, and no more than a path can reach.
        curses = board.curse_cells & ~comp
        near = 0
        while curses and near < 3:
            low = curses & -curses
            curses ^= low
            if near_all[low.bit_length() - 1] <= left:
                near += 1
        # Keys are short when the Doors a walk could open, and the chests, outnumber them:
        # count the Doors too (up to the keys, and no more than a path can reach), with
        # the Curses, in one search.
        doors = board.door_cells & ~comp
        chests_open = (board.chests & ~comp).bit_count()
        dcap = -1
        if 0 < keys_left < doors.bit_count() + chests_open:
            dcap = 0
            while doors and dcap < keys_left:
                low = doors & -doors
                doors ^= low
                if near_all[low.bit_length() - 1] <= left:
                    dcap += 1
            if dcap == 0 and keys_left >= chests_open:
                dcap = -1  # no Door to open, and a key for every chest: as if free
        return min(points + most(near, dcap), summed)

    worthless = worthless_cells(board, prize_bits, [board._is_web(i) for i in range(shift)])

    def expand(start: int, banned: int, opened: int, comp: int
               ) -> list[tuple[int, int, int, tuple[int, int, int, int]]]:
        """The states one gate more than ``(opened, comp)`` that the budget pays for and no
        state seen before beats."""
        children: list[tuple[int, int, int, tuple[int, int, int, int]]] = []
        steps: list[tuple[int, int, int, tuple[int, int, int, int], int]] = []
        tried: set[tuple[int, int]] = set()
        front = 0
        f = comp
        while f:
            low = f & -f
            front |= free_nbrs[low.bit_length() - 1]
            f ^= low
        f = comp & ~(1 << far_node)  # a walk never goes on from the far edge
        while f:
            low = f & -f
            u = low.bit_length() - 1
            f ^= low
            for v, e in adj[u]:
                if comp >> v & 1 or banned >> v & 1 or (v, e) in tried or \
                        e >= 0 and banned >> (shift + e) & 1:
                    continue
                tried.add((v, e))
                nxt = opened
                if e >= 0:
                    nxt |= 1 << e
                g = node_el[v]
                if g >= 0:
                    nxt |= 1 << g
                if nxt == opened:
                    continue
                if nodes[0] >= sys_limit:
                    break
                nodes[0] += 1
                bit = 1 << (shift + e) if e >= 0 else 1 << v
                new = flood(v, comp, banned)
                grown = new & ~comp
                # A gate (or Spider Web) with nothing to win and one way on only: a walk
                # worth its points takes that way too (:mod:`.route_worth`).
                new, nxt, later = go_on(board, v, new, grown, banned, nxt, shift, prize_bits,
                                        flood)
                grown = new & ~comp
                if covered_free and free_front(front, grown, free_nbrs) & covered_free:
                    # A free corridor on to an entrance searched before: the walk goes on
                    # there for nothing, so it (and all it grows to) is met in that search.
                    banned |= bit
                    continue
                if not grown & prize_bits and not outward(grown, new | banned) & ~front:
                    # Nothing to win in it, and it leads nowhere the parent does not reach
                    # by a plain corridor: the parent does at least as well.
                    banned |= bit
                    continue
                value = board.worth(nxt, new, budget, bonus)
                if value is None:
                    banned |= bit
                    continue
                steps.append((bit, nxt, new, value, later))
        # Binary branching: each step's state also bans the steps before it, so a walk is
        # met once (in the state of the first of its steps); the steps that open the most
        # cells come first.
        steps.sort(key=lambda step: -step[2].bit_count())
        for bit, nxt, new, value, later in steps:
            mine = banned
            banned |= bit
            if not mine & later and not dead_end_gate(adj, new, mine, worthless, shift) and \
                    not dominated(start, new, nxt, mine):
                children.append((mine, nxt, new, value))
        return children

    # Best first: the state whose bound is highest is grown next, so the best walk is met
    # early and the search stops once no state left can beat it.
    heap: list[tuple[int, int, bool, int, int, int, int, tuple[int, int, int, int]]] = []
    start_reach: list[int] = [0, 0]
    reach_of: dict[int, tuple[int, int]] = {}
    tick = 0

    def offer(start: int, banned: int, opened: int, comp: int,
              value: tuple[int, int, int, int], top: int, exact: bool) -> None:
        """Keep a state for growing, under ``top`` (its own bound when ``exact``, else its
        parent's, which bounds it too: it is worked out only if the state comes up)."""
        nonlocal tick
        if value[0] > best[0]:
            best[:] = [value[0], start, opened, comp]
        if top > best[0]:
            tick += 1
            # Ties: newest first (a dive along one way finds a good walk early, which the
            # proof that nothing beats it then needs).
            heapq.heappush(heap, (-top, -tick, exact, start, banned, opened, comp, value))

    start, banned = board.start, board.banned
    every = board.closure(start, (1 << n_el) - 1, banned)
    monsters = 0
    for e in range(n_el):
        if treasure_els >> e & 1 and every >> board.el_cell[e] & 1:
            monsters |= 1 << e
    reach_of[start] = (every, monsters)
    comp = board.closure(start, 0, banned)
    got = board.worth(0, comp, budget, bonus)
    assert got is not None
    nodes[0] += 1
    offer(start, banned, 0, comp, got, 1 << 30, False)
    grown = 0
    while heap and nodes[0] < sys_limit:
        grown += 1
        if grown == SEED_AFTER or grown == SEED_AGAIN:
            # A slow side: real routes found cheaply let the rest prune (their points are a
            # lower bound, so the answer stays exact).
            tops = [(item[3], item[5]) for item in heapq.nsmallest(SEED_TOPS, heap)]
            seed_best(board, budget, bonus, best, tops if grown == SEED_AGAIN else None)
        neg, _, exact, start, banned, opened, comp, value = heapq.heappop(heap)
        if -neg <= best[0]:
            break
        if not exact:
            start_reach[:] = reach_of[start]
            top = min(-neg, bound(start, opened, comp, banned, value[0], value[1], value[3]))
            offer(start, banned, opened, comp, value, top, True)
            continue
        for mine, nxt, new, child in reversed(expand(start, banned, opened, comp)):
            offer(start, mine, nxt, new, child, -neg, False)


def best_route(cells: Sequence[Cell], budget: Budget, bonus: int = 5, rows: int = 6,
               cols: int = 6, limit: int | None = None) -> RouteScore:
    """The best route and detours on one side, exactly ("End of the Game").

    Each way in is searched on its own (:func:`entrance_boards`), the best so far bounding
    the next.

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
    best = [0, -1, 0, 0]
    nodes = [0]
    boards = list(entrance_boards(cells, rows, cols))
    chosen = seed_ways(boards, budget, bonus, best)
    for board in boards:
        if limit is not None and nodes[0] >= limit:
            break
        before = best[0]
        _search(board, budget, bonus, best, nodes, limit)
        if best[0] > before:
            chosen = board
    exact = limit is None or nodes[0] < limit  # the search stops at the limit: cut short
    if chosen is None:
        return RouteScore(nodes=nodes[0], exact=exact)
    _points, start, opened, comp = best
    return replace(explain_route(chosen, start, opened, comp, budget, bonus, nodes[0]),
                   exact=exact)
