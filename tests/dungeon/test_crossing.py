"""A scored route named by its holes ("End of the Game": a route from the left or right
edge of your side to the other): the crossing in order, without its detours."""

from __future__ import annotations

from d6tui.games.dungeon.crossing import (
    crossing,
    entrances,
    route_words,
    shut_chests,
    walk_details,
)
from d6tui.games.dungeon.faces import E, N, S, W
from d6tui.games.dungeon.route_explain import RouteScore
from d6tui.games.dungeon.scorer import Budget, best_route

STRAIGHT = W | E


def test_a_straight_route_is_named_edge_to_edge() -> None:
    cells = [("corner", STRAIGHT), ("orc", STRAIGHT), ("corner", STRAIGHT)]
    r = best_route(cells, Budget(1), rows=1, cols=3)
    path = crossing(r, cells, cols=3)
    assert path in ((0, 1, 2), (2, 1, 0))
    assert path[0] in entrances(r, cells, cols=3)


def test_a_detour_is_not_part_of_the_crossing() -> None:
    # row 0: a corridor with a T down at the middle; row 1: a Treasure Chamber below it
    cells = [("corner", STRAIGHT), ("corner", W | E | S), ("corner", STRAIGHT),
             None, ("treasure_chamber", N), None]
    r = best_route(cells, Budget(), rows=2, cols=3)
    assert r.complete and 4 in r.cells  # the chamber is walked to...
    assert crossing(r, cells, cols=3) in ((0, 1, 2), (2, 1, 0))  # ...but not crossed


def test_a_web_at_the_edge_is_no_way_in_unless_its_edge_arm_was_paid() -> None:
    """A Spider Web on the left edge walked into from inside (2 arms paid, both inside) is
    not the entrance, even where it would make the crossing shorter."""
    web = ("spider_web", N | E | S | W)
    # 2x2: the web at (0,0), opening W onto the edge; the route enters at (1,0)
    cells = [web, ("corner", W | E), ("corner", N | W | E), ("corner", W | E)]
    links = frozenset({(0, 2), (0, 1), (2, 3)})
    base = dict(points=5, complete=True, cells=frozenset({0, 1, 2, 3}), links=links,
                entrance="left")
    inside = RouteScore(**base, web_arms=((0, 2),))
    assert entrances(inside, cells, cols=2) == [2]
    assert crossing(inside, cells, cols=2) == (2, 3)
    edge = RouteScore(**base, web_arms=((0, 3),))
    assert entrances(edge, cells, cols=2) == [0, 2]
    assert crossing(edge, cells, cols=2) == (0, 1)


def test_holes_are_named_as_the_seat_sees_its_side() -> None:
    """On the full waffle, the second player's own left column is hole F."""
    cells: list = [None] * 36
    for c in range(6):
        cells[12 + c] = ("corner", STRAIGHT)  # the third row, across
    r = best_route(cells, Budget())
    first = route_words(r, cells, 0)
    assert first in ("A3-B3-C3-D3-E3-F3", "F3-E3-D3-C3-B3-A3")
    # the same own-frame cells seen by the second player: their left column is F
    assert route_words(r, cells, 1) == "-".join(first.split("-")[::-1])
    walk = [None] * 36
    walk[12] = ("treasure_chamber", W)
    r = best_route(walk, Budget())
    assert not r.complete
    assert route_words(r, walk, 0) == "in at A3 from the left edge"
    assert route_words(r, walk, 1) == "in at F3 from the left edge"
    assert route_words(RouteScore(), walk, 0) == ""


def test_the_scorer_gives_the_arms_it_pays_for_each_web() -> None:
    """The crossing takes a Spider Web's paid arms from the scorer's answer (``web_arms``),
    the same count its score line gives."""
    cells = [("corner", STRAIGHT), ("spider_web", N | E | S | W), ("corner", STRAIGHT)]
    r = best_route(cells, Budget(2), rows=1, cols=3)
    assert r.web_arms == ((1, 2),)
    assert ("Spider Web cut (2 arms) with 2 swords", 1, 0) in r.lines


def test_a_walk_names_its_holes_its_treasures_and_the_chest_it_cannot_open() -> None:
    """Row 2 walked in from the left to a Dragon and a Treasure Chest, with 8 swords and
    no key: the Dragon is won, the chest stays shut; the walk does not cross, so its
    other holes are named too ("End of the Game")."""
    cells: list = [None] * 36
    for i, face in enumerate(("corner", "corner", "dragon", "treasure_chest")):
        cells[6 + i] = (face, STRAIGHT)
    r = best_route(tuple(cells), Budget(8, 0, 0), 5)
    assert not r.complete and r.cells == {6, 7, 8, 9}
    assert shut_chests(r, cells) == {9}
    assert route_words(r, cells, 0) == "in at A2 from the left edge"
    assert walk_details(r, cells, 0) == (
        "through B2, C2, D2; Dragon defeated with 5 swords at C2; a Treasure Chest at D2 "
        "stays shut: no key left for it")
    # With a key the chest is opened, and said so; Ben (seat 1) sees the holes mirrored.
    r = best_route(tuple(cells), Budget(8, 1, 0), 5)
    assert shut_chests(r, cells) == frozenset()
    assert walk_details(r, cells, 1) == (
        "through C2, D2, E2; Dragon defeated with 5 swords at D2; Treasure Chest opened "
        "with a key at C2")
