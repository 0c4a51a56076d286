"""Walks worth their gates: the two cuts of the route search that rest on one argument
(rulebook "End of the Game": an obstacle overcome stays overcome, so a walk is worth the
set of places it reaches).

A walk holding a gate with no treasure of its own (Orc, Giant Rat, Door, Curse) or a Spider
Web that it could leave out (the gate is joined to the rest of the walk by one corridor)
scores no better than the same walk without it. The best walk with the fewest cells is
therefore a walk worth all its gates, and the search (:mod:`.scorer`) needs to meet only
such walks:

- a step into a worthless gate with one way on goes on that way at once, and on through
  chains of such gates (:func:`go_on`); a child whose bans shut one of those ways holds no
  such walk;
- a state holding a worthless gate that hangs by one corridor, every other way from it
  banned, holds none either (:func:`dead_end_gate`).

Every state on the way to the best walk with the fewest cells is kept, so the answer stays
exact. Cells are bit positions of a :class:`.route_graph.RouteGraph`; ``banned`` holds the
banned cells in its low bits and the banned Spider Web arms from bit ``shift`` up.
"""

from __future__ import annotations

from collections.abc import Callable

from d6tui.games.dungeon.route_graph import RouteGraph


def worthless_cells(board: RouteGraph, prize_bits: int, is_web: list[bool]) -> int:
    """The cells worth nothing walked into, as a bit mask: gates with no treasure of their own
    (Orc, Giant Rat, Door, Curse; ``prize_bits`` holds the cells with a prize) and Spider
    Webs (``is_web[cell]``)."""
    worthless = 0
    for x in range(board.n):
        if board.node_el[x] >= 0 and not prize_bits >> x & 1 or is_web[x]:
            worthless |= 1 << x
    return worthless


def dead_end_gate(adj: list, comp: int, banned: int, worthless: int, shift: int) -> bool:
    """Whether a cell of ``worthless`` in ``comp`` is joined to the rest of ``comp`` by one
    corridor and every other way from it is ``banned`` (``adj[cell]``: ``(next cell,
    Spider Web arm or -1)`` pairs): every walk growing from ``comp`` then does no better than
    the same walk without that cell, which is met in another state."""
    m = comp & worthless
    while m:
        low = m & -m
        m ^= low
        x = low.bit_length() - 1
        inside = 0
        for y, e in adj[x]:
            if comp >> y & 1:
                inside += 1
            elif not (banned >> y & 1 or e >= 0 and banned >> (shift + e) & 1):
                break  # a way on
        else:
            if inside == 1:
                return True
    return False


def go_on(board: RouteGraph, x: int, new: int, grown: int, banned: int, opened: int,
          shift: int, prize_bits: int, flood: Callable[[int, int, int], int]
          ) -> tuple[int, int, int]:
    """A step that reached ``x`` and grew the walk to ``new`` (``grown``: the cells the step
    added), gone on while it added only one cell with nothing to win and that cell has one
    way on (neither reached nor ``banned``): a walk worth its gates takes that way too.

    ``flood(cell, comp, banned)`` is ``comp`` with ``cell`` and the free cells joined to it.
    Returns ``(new, opened, later)``: the walk's cells, its opened gates and Spider Web arms
    (bits of the board's elements), and the ways taken on, as ``banned`` bits (a child
    whose own bans hold one of them has no such walk)."""
    adj, node_el = board.adj, board.node_el
    later = 0
    while grown == 1 << x and not prize_bits >> x & 1:
        ways = [(y, e) for y, e in adj[x] if not new >> y & 1 and not banned >> y & 1
                and not (e >= 0 and banned >> (shift + e) & 1)]
        if len(ways) != 1:
            break
        y, e = ways[0]
        if e >= 0:
            opened |= 1 << e
            later |= 1 << (shift + e)
        else:
            later |= 1 << y
        if node_el[y] >= 0:
            opened |= 1 << node_el[y]
        grown = flood(y, new, banned) & ~new
        new |= grown
        x = y
    return new, opened, later


def free_front(front: int, grown: int, free_nbrs: list[int]) -> int:
    """``front`` with the cells joined by a free corridor to a cell of ``grown`` (bitmasks;
    ``free_nbrs[cell]``: the cells a free corridor from it leads to). The scorer drops a
    step whose walk so touches a free entrance searched before (``board.covered_free``):
    the walk goes on there for nothing, so that entrance's search meets it."""
    while grown:
        low = grown & -grown
        front |= free_nbrs[low.bit_length() - 1]
        grown ^= low
    return front
