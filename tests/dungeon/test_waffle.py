"""The orientation model of a die in its hole ("Course of Play", Turn, Pivot)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from d6tui.engine.errors import RuleError
from d6tui.games.dungeon.faces import MAP_FACES, E, N, S, W
from d6tui.games.dungeon.waffle import (
    hole_index,
    hole_name,
    own_index,
    pivoted,
    placed,
    rotate,
    side_grid,
    turned,
)

faces = st.sampled_from(sorted(MAP_FACES))
quarters = st.integers(0, 3)
seats = st.sampled_from([0, 1])


def test_hole_names_run_from_the_first_players_left() -> None:
    assert hole_index("A1") == 0 and hole_index("f6") == 35 and hole_index("C4") == 20
    assert hole_name(20) == "C4"
    with pytest.raises(RuleError, match="not a hole"):
        hole_index("G1")


def test_the_second_player_sees_the_columns_mirrored() -> None:
    assert own_index(hole_index("A1"), 1) == hole_index("F1")
    assert own_index(hole_index("C4"), 1) == hole_index("D4")
    assert own_index(hole_index("C4"), 0) == hole_index("C4")


def test_rotate_is_clockwise_quarter_turns() -> None:
    assert rotate(N, 1) == E and rotate(E, 1) == S and rotate(W, 1) == N
    assert rotate(W | N, 2) == E | S
    assert rotate(W | E, 4) == W | E


@given(faces, faces, quarters, seats)
def test_placing_sets_both_faces_upright_together(a: str, b: str, t: int, seat: int) -> None:
    h = placed("red1", seat, a, b, t)
    assert h.faces[seat] == a and h.faces[1 - seat] == b
    assert h.turns[seat] == t
    assert (h.turns[0] + h.turns[1]) % 4 == 0


@given(faces, faces, quarters, seats, quarters)
def test_turn_keeps_the_face_and_turns_the_other_side_back(a: str, b: str, t: int, seat: int,
                                                          q: int) -> None:
    h = placed("red1", 0, a, b, t)
    k = turned(h, seat, q)
    assert k.faces == h.faces
    assert k.turns[seat] == (h.turns[seat] + q) % 4
    assert k.turns[1 - seat] == (h.turns[1 - seat] - q) % 4
    assert turned(k, seat, -q) == h  # a Turn undone by the opposite Turn
    assert turned(turned(k, 1 - seat, q), seat, 0) == h  # the other side turning back
    assert turned(h, seat, 4) == h


@given(faces, faces, quarters, quarters)
def test_pivot_swaps_what_the_two_sides_see(a: str, b: str, t: int, q: int) -> None:
    h = placed("red1", 0, a, b, t)
    p = pivoted(h)
    assert p.faces == (b, a) and p.turns == (h.turns[1], h.turns[0])
    assert p.openings(0) == h.openings(1) and p.openings(1) == h.openings(0)
    assert pivoted(p) == h
    # A Turn of q for me then a Pivot is a Pivot then a Turn of q for the other player.
    assert pivoted(turned(h, 0, q)) == turned(pivoted(h), 1, q)
    assert (p.turns[0] + p.turns[1]) % 4 == 0


def test_each_side_sees_its_own_face_in_its_own_frame() -> None:
    holes: list = [None] * 36
    # Ana puts an Orc (west-east straight) in A1 turned once: north-south for her.
    holes[hole_index("A1")] = placed("blue1", 0, "orc", "door", 1)
    # Ben puts a Corner (W|N upright) in B1, upright as he sees it.
    holes[hole_index("B1")] = placed("red1", 1, "corner", "dragon", 0)
    ana, ben = side_grid(tuple(holes), 0), side_grid(tuple(holes), 1)
    assert ana[hole_index("A1")] == ("orc", N | S)
    assert ana[hole_index("B1")] == ("dragon", N | E | S | W)
    # Ben sees A1 on his right (own column 5) and B1 at own column 4.
    assert ben[5] == ("door", N | E | S | W)
    assert ben[4] == ("corner", W | N)
