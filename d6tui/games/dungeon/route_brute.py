"""A brute-force route scorer for small sides, written apart from the exact scorer
(:mod:`.scorer`) so that each checks the other (rulebook "End of the Game", "Dungeon Map
Dice Faces", "Item and Spell Dice Faces").

It walks the rules as they read: the player picks one way in, a corridor from the left or
right edge; for every choice of which gates to open (Orcs, Giant Rats, Goblins, Dragons,
Doors, Curses, and each arm of each Spider Web) it walks from that entrance through the
corridors whose ends match, never out by an edge and back in by another, and prices the
walk: swords for the monsters met and the web arms opened (one pool, the Vorpal Swords
taking the dearest enemies, a whole web as one), a key per Door, a point lost per Curse, a
point per treasure won (Goblins, Dragon, Treasure Chamber, a Treasure Chest opened with a
key left over), and the route bonus when a cell of the far edge opening onto it is reached
(through its edge arm, for a web). It shares no code with the scorer but the face names.
No Textual imports.
"""

from __future__ import annotations

from collections.abc import Sequence

from d6tui.games.dungeon.faces import E, N, S, W

__all__ = ["MAX_GATES", "brute_force"]

#: Gates (gated cells and web arms) within reach of one entrance past which the brute force
#: refuses (it tries 2**gates walks).
MAX_GATES = 16

_SWORDS = {"orc": 1, "giant_rat": 2, "goblins": 4, "dragon": 5}
_GATED = {*_SWORDS, "door", "curse"}
_STEPS = ((N, -1, 0), (E, 0, 1), (S, 1, 0), (W, 0, -1))
_BACK = {N: S, S: N, E: W, W: E}


def brute_force(cells: Sequence[tuple[str, int] | None], budget: object, bonus: int = 5,
                rows: int = 6, cols: int = 6) -> int:
    """The best points a walk in by one entrance can score, by trying every set of gates.

    Args:
        cells: ``rows * cols`` cells row by row in the player's frame: ``(face id,
            openings)`` or None.
        budget: anything with ``swords``, ``keys`` and ``vorpals`` (a
            :class:`.route_graph.Budget`).
        bonus: the points of a complete route.
        rows, cols: the side's size.

    Returns:
        The best points (0 when entering gains nothing).

    Raises:
        ValueError: more than :data:`MAX_GATES` gates within reach of an entrance (too
            many sets to try).
    """
    swords, keys, vorpals = budget.swords, budget.keys, budget.vorpals  # type: ignore[attr-defined]
    gates: dict[tuple[int, int], int] = {}  # (cell, 0) for a gated cell, (web, way) an arm
    for i, c in enumerate(cells):
        if c is None:
            continue
        if c[0] in _GATED:
            gates[(i, 0)] = len(gates)
        elif c[0] == "spider_web":
            for way, _dr, _dc in _STEPS:
                if c[1] & way:
                    gates[(i, way)] = len(gates)

    def neighbour(i: int, way: int) -> int | None:
        r, col = divmod(i, cols)
        for d, dr, dc in _STEPS:
            if d == way:
                rr, cc = r + dr, col + dc
                if 0 <= rr < rows and 0 <= cc < cols:
                    j = rr * cols + cc
                    other = cells[j]
                    if other is not None and other[1] & _BACK[way]:
                        return j
        return None

    def through(i: int, way: int, opened: int) -> bool:
        """Whether the walk may leave cell ``i`` by ``way`` (a web's arm must be open)."""
        c = cells[i]
        assert c is not None
        return c[0] != "spider_web" or bool(opened >> gates[(i, way)] & 1)

    def enters(j: int, opened: int) -> bool:
        c = cells[j]
        assert c is not None
        return c[0] not in _GATED or bool(opened >> gates[(j, 0)] & 1)

    def walk_from(entry: int, opened: int) -> set[int]:
        """The cells a walk in by ``entry`` reaches with the gates ``opened``."""
        walk = {entry}
        todo = [entry]
        while todo:
            u = todo.pop()
            cu = cells[u]
            assert cu is not None
            for way, _dr, _dc in _STEPS:
                if not cu[1] & way or not through(u, way, opened):
                    continue
                v = neighbour(u, way)
                if v is None or v in walk or not enters(v, opened) or \
                        not through(v, _BACK[way], opened):
                    continue
                walk.add(v)
                todo.append(v)
        return walk

    ways_in = [(r * cols, W, E) for r in range(rows)] + \
        [(r * cols + cols - 1, E, W) for r in range(rows)]
    best = 0
    for entry, edge, far in ways_in:
        c0 = cells[entry]
        if c0 is None or not c0[1] & edge:
            continue
        far_col = cols - 1 if far == E else 0
        # Only the gates of cells some walk from here could reach matter: the others stay
        # shut (the walks that open them are the same walks).
        every = (1 << len(gates)) - 1
        near = [g for (i, _way), g in gates.items() if i in walk_from(entry, every)]
        if len(near) > MAX_GATES:
            raise ValueError(f"{len(near)} gates are too many for the brute force")
        for pick in range(1 << len(near)):
            opened = 0
            for k, g in enumerate(near):
                if pick >> k & 1:
                    opened |= 1 << g
            if not enters(entry, opened) or not through(entry, edge, opened):
                continue
            got = _price(cells, walk_from(entry, opened), opened, gates, far, far_col, cols,
                         swords, keys, vorpals, bonus)
            if got is not None and got > best:
                best = got
    return best


def _price(cells: Sequence[tuple[str, int] | None], walk: set[int], opened: int,
           gates: dict[tuple[int, int], int], far: int, far_col: int, cols: int,
           swords: int, keys: int, vorpals: int, bonus: int) -> int | None:
    """The points of one walk, or None when what the player holds cannot pay for it."""
    enemies: list[int] = []
    doors = curses = points = chests = 0
    complete = False
    for i in walk:
        c = cells[i]
        assert c is not None
        face = c[0]
        if face in _SWORDS:
            enemies.append(_SWORDS[face])
            points += face in ("goblins", "dragon")
        elif face == "door":
            doors += 1
        elif face == "curse":
            curses += 1
        elif face == "treasure_chamber":
            points += 1
        elif face == "treasure_chest":
            chests += 1
        elif face == "spider_web":
            arms = sum(1 for (w, way), g in gates.items()
                       if w == i and opened >> g & 1)
            enemies.append(arms)
        if i % cols == far_col and c[1] & far and \
                (face != "spider_web" or opened >> gates[(i, far)] & 1):
            complete = True
    if doors > keys:
        return None
    enemies.sort(reverse=True)
    if sum(enemies[vorpals:]) > swords:
        return None
    points += min(chests, keys - doors) - curses
    return points + (bonus if complete else 0)
