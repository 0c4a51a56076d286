"""The holes a scored route walks, in words: the crossing from the edge it enters by to the
far edge, hole by hole, as the score lines, the log, the export and the screen name it
(rulebook "End of the Game": a route from the left or right edge of your side to the other).

The scorer (:mod:`.scorer`) gives a route as a set of cells and the corridors walked between
them, detours included; this module picks out the crossing itself, in order. No Textual.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from d6tui.games.dungeon.faces import E, W
from d6tui.games.dungeon.route_explain import RouteScore
from d6tui.games.dungeon.route_graph import Cell
from d6tui.games.dungeon.waffle import SIZE, hole_name, own_index


def _edge_cells(route: RouteScore, cells: Sequence[Cell], side: str, cols: int) -> list[int]:
    """The route's cells that open onto the ``side`` edge ("left"/"right") and that the walk
    may go out through: a Spider Web there only if its edge arm is among the arms paid."""
    col, way = (0, W) if side == "left" else (cols - 1, E)
    paid = dict(route.web_arms)
    out = []
    for i in sorted(route.cells):
        c = cells[i]
        if i % cols != col or c is None or not c[1] & way:
            continue
        if c[0] == "spider_web":
            inside = sum(1 for a, b in route.links if i in (a, b))
            if paid.get(i, 0) <= inside:  # every paid arm leads inside: not this way out
                continue
        out.append(i)
    return out


def entrances(route: RouteScore, cells: Sequence[Cell], cols: int = SIZE) -> list[int]:
    """The cell (``cells``' own frame) by which the route enters from its entrance edge, as
    a list (one way in, "End of the Game"); ``[]`` when the player does not enter."""
    if not route.entrance:
        return []
    if route.entrance_cell >= 0:
        return [route.entrance_cell]
    return _edge_cells(route, cells, route.entrance, cols)


def crossing(route: RouteScore, cells: Sequence[Cell], cols: int = SIZE) -> tuple[int, ...]:
    """The crossing of a complete route: its cells (own frame) from one entrance to a cell
    on the far edge, along the corridors the route walks, fewest holes first (ties go to
    the lowest cells). ``()`` when the route is not complete.

    Args:
        route: the scorer's answer for ``cells``.
        cells: the side it was scored on, row by row in the player's own frame.
        cols: columns of the side (6 on the Dungeon Waffle; smaller in tests).
    """
    if not route.complete:
        return ()
    far = "right" if route.entrance == "left" else "left"
    goals = set(_edge_cells(route, cells, far, cols))
    starts = entrances(route, cells, cols)
    nbrs: dict[int, list[int]] = {i: [] for i in route.cells}
    for a, b in sorted(route.links):
        nbrs[a].append(b)
        nbrs[b].append(a)
    came: dict[int, int | None] = {i: None for i in starts}
    todo = deque(starts)
    while todo:
        u = todo.popleft()
        if u in goals:
            path = [u]
            while (p := came[path[-1]]) is not None:
                path.append(p)
            return tuple(reversed(path))
        for v in sorted(nbrs[u]):
            if v not in came:
                came[v] = u
                todo.append(v)
    return ()


def hole_names(own_cells: Sequence[int], seat: int) -> list[str]:
    """Own-frame cells of ``seat``'s side as the waffle names their holes (``A1``-``F6``,
    the names the screen's column letters and row numbers show)."""
    return [hole_name(own_index(i, seat)) for i in own_cells]


def route_words(route: RouteScore, cells: Sequence[Cell], seat: int) -> str:
    """Where the route goes, in hole names: ``"A3-B3-C3-D3-E3-F3"`` for a complete route
    (entrance first); ``"in at A3 from the left edge"`` for a walk that does not cross;
    ``""`` when the player does not enter."""
    path = crossing(route, cells)
    if path:
        return "-".join(hole_names(path, seat))
    ways = entrances(route, cells)
    if not ways:
        return ""
    return (f"in at {' or '.join(hole_names(ways, seat))} from the {route.entrance} edge")


def why_no_route(cells: Sequence[Cell], cols: int = SIZE) -> str:
    """Why the scorer finds nothing to walk on a side (its :class:`RouteScore` has no cells),
    in a player's words ("End of the Game": you enter by a corridor on the left or right
    edge of your side, and a walk is worth something only if it crosses or wins treasure).

    Args:
        cells: the side, row by row in the player's own frame.
        cols: columns of the side (6 on the Dungeon Waffle).
    """
    edge = any(c is not None and ((i % cols == 0 and c[1] & W)
                                  or (i % cols == cols - 1 and c[1] & E))
               for i, c in enumerate(cells))
    if not edge:
        return "no corridor of your side opens onto its left or right edge yet"
    return ("no walk in from the edge gets across or reaches a treasure with what you hold "
            "yet")


def shut_chests(route: RouteScore, cells: Sequence[Cell]) -> frozenset[int]:
    """The cells (own frame) of the Treasure Chests the route walks through without
    opening: each chest takes a key the doors left over ("End of the Game"), and the
    scorer's lines name the chests it opens.

    Args:
        route: the scorer's answer for ``cells``; cells: the side, in its own frame.
    """
    opened = {cell for words, cell, _ in route.lines if words.startswith("Treasure Chest")}
    return frozenset(i for i in route.cells
                     if (c := cells[i]) is not None and c[0] == "treasure_chest"
                     and i not in opened)


def walk_details(route: RouteScore, cells: Sequence[Cell], seat: int) -> str:
    """What :func:`route_words` leaves out, in words: for a walk that does not cross, the
    other holes it walks; then the treasures it wins (each score line of a hole worth a
    point: a Treasure Chamber, a chest opened, Goblins or a Dragon defeated) and the chests
    it leaves shut ("a Treasure Chest at D1 stays shut: no key left for it"). ``""`` when
    there is nothing to add (a crossing that wins nothing and leaves no chest shut).

    Args:
        route: the scorer's answer for ``cells``; cells: the side, in its own frame;
        seat: whose side (for the hole names).
    """
    parts = []
    if not route.complete and route.cells:
        way_in = set(entrances(route, cells))
        rest = sorted((i for i in route.cells if i not in way_in),
                      key=lambda i: hole_names([i], seat)[0])
        if rest:
            parts.append("through " + ", ".join(hole_names(rest, seat)))
    won: dict[str, list[int]] = {}
    for words, cell, pts in route.lines:
        if cell >= 0 and pts > 0:  # a treasure: Chamber, Chest opened, Goblins, Dragon
            won.setdefault(words, []).append(cell)
    for words, where in won.items():
        parts.append(f"{words} at {' and '.join(sorted(hole_names(where, seat)))}")
    shut = sorted(hole_names(sorted(shut_chests(route, cells)), seat))
    if shut:
        chests = "a Treasure Chest" if len(shut) == 1 else "Treasure Chests"
        parts.append(f"{chests} at {' and '.join(shut)} "
                     f"{'stays' if len(shut) == 1 else 'stay'} shut: no key left for "
                     f"{'it' if len(shut) == 1 else 'them'}")
    return "; ".join(parts)
