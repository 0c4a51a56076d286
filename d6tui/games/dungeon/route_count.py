"""The path bound's count for one column of the route scorer (:mod:`.scorer`): over
thresholds t in order, what the prizes within t and the treasure monsters beaten could add
to a walk whose dearest path costs t swords (rulebook "End of the Game", "Dungeon Map Dice
Faces").

A column fixes how many Curses the walks counted suffer, how many Doors they open, and how
many Vorpal Swords go to monsters; each prize comes with the gates on every way to it. A
walk opening d Doors (suffering exactly c Curses; beating k of the treasure monsters
counted) leaves shut all but d of the Doors (c of the Curses; k of the monsters) on every
way to the rooms counted, and those rooms unwon: at least the points behind the cheapest
of the gates it leaves. No Textual imports.
"""

from __future__ import annotations

from bisect import insort

from d6tui.games.dungeon.route_bound import monsters_beaten

#: One prize or treasure monster of a column: ``(path swords, points, the monster's own
#: swords or -1, the room of its own Curse or -1, the Curses on every way to it as a mask,
#: those Curses as single bits (none unless counted exactly), and the Doors and the
#: treasure monsters on every way as single bits)``.
Event = tuple[int, int, int, int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def single_bits(mask: int) -> tuple[int, ...]:
    """The single bits of ``mask``, lowest first (as an :data:`Event` holds its gates)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return tuple(out)


def prize_tables(dists: list[list[int]], reachable: list[tuple[int, int]], cw: int, dw: int
                 ) -> list[tuple[int, int, list[int]]]:
    """Per prize ``(cell, kind)`` of ``reachable``, ``(cell, kind, table)``: ``table[i]`` the
    least swords of a path to it in layer ``i`` of ``dists`` (``(a * cw + c) * dw + d``: a
    Vorpal Swords, c Curses, d Doors, as :func:`.route_paths.joint_distances`) or in any
    layer with fewer of each, so a column counts the walks with at most that many."""
    block = cw * dw
    # The layers one fewer in each count (-1: none), the same for every prize.
    fewer = [(i, i - 1 if i % dw else -1, i - dw if i // dw % cw else -1, i - block)
             for i in range(1, len(dists))]
    out = []
    for v, kind in reachable:
        table = [layer[v] for layer in dists]
        for i, j1, j2, j3 in fewer:
            here = table[i]
            if j1 >= 0 and table[j1] < here:
                here = table[j1]
            if j2 >= 0 and table[j2] < here:
                here = table[j2]
            if j3 >= 0 and table[j3] < here:
                here = table[j3]
            table[i] = here
        out.append((v, kind, table))
    return out


def column_ceiling(upper: int, own: list[int], left: int, b: int, left_behind: list[int]
                   ) -> int:
    """The most a column could add when its prizes are won for nothing but only the
    treasure monsters a walk can beat count: ``upper`` counts every monster within reach
    (``own``, their swords, in any order) as beaten; at most the
    :func:`.route_bound.monsters_beaten` of them with all ``left`` swords and ``b`` Vorpal
    Swords are (at every threshold of :func:`count_column` fewer monsters, and fewer swords
    for them, beat no more), so the column adds no more than this."""
    if not own:
        return upper
    own.sort()
    return upper - len(own) + monsters_beaten(own, left, b, left_behind)


def count_column(events: list[Event], counted: int, opened_doors: int, chest_loss: int,
                 left: int, b: int, left_behind: list[int], best_gain: int) -> int:
    """The most the prizes of one column could add, or ``best_gain`` when that is more.

    Args:
        events: the column's prizes and treasure monsters, sorted (:data:`Event`).
        counted: the Curses the walks suffer (a point each); opened_doors: the Doors they
            open; chest_loss: the points of the chests reached that lose their key.
        left: the swords left; b: the Vorpal Swords free for the monsters; left_behind:
            the swords of the enemies the Vorpal Swords in use beat, cheapest first
            (:func:`.route_bound.monsters_beaten`).
        best_gain: the most found so far (over other columns).
    """
    loss = counted
    gain = 0
    cursed_rooms: set[int] = set()
    on_way = suffered = 0
    own: list[int] = []
    #: per Door (Curse) on every way to a prize within t, the points behind.
    behind: dict[int, int] = {}
    cursed: dict[int, int] = {}
    #: per treasure monster on every way to a prize within t, the points
    #: behind it.
    guards: dict[int, int] = {}
    for i, (t, pts, c, u, dm, dmb, lkb, gmb) in enumerate(events):
        gain += pts
        for low in gmb:
            guards[low] = guards.get(low, 0) + pts
        for low in lkb:
            behind[low] = behind.get(low, 0) + pts
        for low in dmb:
            cursed[low] = cursed.get(low, 0) + pts
        if c >= 0:
            insort(own, c)
        if u >= 0:
            cursed_rooms.add(u)
        if dm & ~on_way:
            suffered += min(pts, (dm & ~on_way).bit_count())
            on_way |= dm
        if i + 1 < len(events) and events[i + 1][0] == t or \
                gain - loss - chest_loss + len(own) <= best_gain:
            continue  # more within t, or not even every monster beaten would do better
        # A walk opening d Doors, of the k behind which prizes lie, leaves
        # k - d shut, and the prizes behind them unwon: at least those of
        # the (k - d)-th cheapest. So with the Curses, when it suffers
        # exactly c of them (c under the count's cap).
        shut = 0
        if len(behind) > opened_doors:
            shut = sorted(behind.values())[len(behind) - opened_doors - 1]
        if len(cursed) > counted:
            shut = max(shut, sorted(cursed.values())[len(cursed) - counted - 1])
        lost = loss + shut
        if len(cursed_rooms) > lost:
            lost = len(cursed_rooms)
        if suffered > lost:
            lost = suffered
        got = gain - lost - chest_loss
        if got + len(own) <= best_gain:
            continue
        beaten = monsters_beaten(own, left - t, b, left_behind)
        if len(guards) > beaten:
            # Beating k of the monsters guarding prizes leaves the others'
            # prizes unwon: at least those behind the cheapest.
            shut = max(shut, sorted(guards.values())[len(guards) - beaten - 1])
            got = gain - max(loss + shut, len(cursed_rooms), suffered) \
                - chest_loss
        got += beaten
        if got > best_gain:
            best_gain = got
    return best_gain
