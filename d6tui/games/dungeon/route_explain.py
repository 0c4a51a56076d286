"""The route scorer's answer (:mod:`.scorer`): the best walk of one side as a
:class:`RouteScore`, with its cells, corridors, spending and score lines (rulebook "End of
the Game"). No Textual imports.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from d6tui.games.dungeon.faces import MAP_FACES
from d6tui.games.dungeon.route_graph import _MONSTER, Budget
from d6tui.games.dungeon.route_graph import RouteGraph as _Board


@dataclass(frozen=True)
class RouteScore:
    """The best a player can do on their side ("End of the Game").

    Attributes:
        points: route bonus + treasures - curses (special items are added by the caller).
        complete: the walk crosses from one side edge to the other.
        cells: the cells walked (indexes in the viewer's own frame, row by row).
        links: the corridors walked, as pairs of cell indexes.
        entrance: ``"left"``, ``"right"`` or ``""`` (the player does not enter).
        entrance_cell: the cell the walk enters by (own frame), -1 when it does not.
        swords: swords spent; keys: keys spent; vorpals: Vorpal Swords spent.
        lines: the score explained, ``(words, points)`` per line; cell names are the
            viewer's own ``(row, column)`` pairs, turned into hole names by the caller.
        nodes: sets of gates the search looked at (for the benchmark).
        web_arms: ``(cell, arms)`` for each Spider Web the walk cuts through: how many of
            its arms are paid (one sword each), in the viewer's frame.
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
    web_arms: tuple[tuple[int, int], ...] = ()
    entrance_cell: int = -1


def explain_route(board: _Board, start: int, opened: int, comp: int, budget: Budget, bonus: int,
                  nodes: int) -> RouteScore:
    """The :class:`RouteScore` of the walk from edge node ``start`` (``board.start``) over
    the cells ``comp`` with the gates ``opened`` (bitmasks of the board's cells and gates),
    its score explained line by line: the Vorpal Swords go to the dearest enemies ("End of
    the Game").
    ``nodes``: the sets of gates the search looked at."""
    got = board.worth(opened, comp, budget, bonus)
    assert got is not None
    points, swords, keys, vorpals = got
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
    # The scorer's worth gives the Vorpal Swords to the dearest enemies; a player spends
    # one only where the swords held would not do, so the lines use as few as that needs.
    while vorpals and sum(m[0] for m in monsters[vorpals - 1:]) <= budget.swords:
        vorpals -= 1
    swords = sum(m[0] for m in monsters[vorpals:])
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
    entrance = "" if not cells else board.side
    del start
    return RouteScore(points, complete, frozenset(i for i in range(board.n) if cells >> i & 1),
                      frozenset(links), entrance, swords, keys, vorpals, tuple(lines), nodes,
                      web_arms=tuple(sorted(web_arms.items())),
                      entrance_cell=board.entrance_cell if cells else -1)
