"""Pilot tests of what playing whole games in tmux found on the D6 Dungeon screen: `e`, which
the action bar offers when the bag is empty, ended nothing; placing at 80x24 pushed the
route preview under the action bar; "1 pts". (C offered only with a route, and saying why
otherwise, is checked in test_ui.py with the hand-over of the same game.)"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from textual.widgets import Static

from d6tui.games.dungeon.scorer import RouteScore
from d6tui.ui.dungeon.panels import _pts
from tests.dungeon.helpers import draw_roll, end, give, pass_hand_over
from tests.dungeon.test_ui import _screen, new_saved
from tests.ui.helpers import make_app, settle, sync


@sync
async def test_e_ends_the_game_when_the_bag_is_empty_as_the_action_bar_says(saves: Path
                                                                           ) -> None:
    session = new_saved(saves)
    faces = {"red": "sword", "black": "sword", "green": "sword", "yellow": "sword",
             "blue": "key", "white": "two_swords"}
    for colour in [c for c in faces for _ in range(6)]:
        give(session, colour, faces[colour])
        end(session)
    assert not session.state.bag
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pass_hand_over(pilot)
        screen = _screen(app)
        assert " e  The bag is empty" in screen.query_one("#dg-actions", Static).render().plain
        await pilot.press("e")
        await settle(pilot)
        assert session.state.over and session.state.end == "bag_empty"


@sync
async def test_placing_at_80x24_keeps_the_route_preview_above_the_action_bar(saves: Path
                                                                           ) -> None:
    session = new_saved(saves)
    give(session, "blue", "key")
    end(session)
    draw_roll(session, "red", "dragon")
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pass_hand_over(pilot)
        screen = _screen(app)
        assert screen.placing()
        preview = screen.query_one("#dg-preview", Static)
        actions = screen.query_one("#dg-actions", Static)
        hand = screen.query_one("#dg-hand", Static)
        assert len(hand.render().plain.splitlines()) == 1
        assert "Best route now" in preview.render().plain
        assert preview.region.height >= 1
        assert preview.region.bottom <= actions.region.y


def test_one_point_is_one_pt() -> None:
    assert _pts(RouteScore(points=1)) == "1 pt"
    assert _pts(RouteScore(points=0)) == "0 pts"
    assert _pts(RouteScore(points=3, exact=False)) == "at least 3 pts"


def test_the_preview_counts_a_route_as_the_end_of_the_game_would() -> None:
    """Seen playing to an empty bag: the preview said '3 pts (complete)' (a claim's 5 less
    two Curses) while the game then ended at the bag and scored the route at 3."""
    from d6tui.ui.dungeon.panels import route_bonus
    from tests.dungeon.helpers import new_game

    s = new_game()
    assert route_bonus(s.state, 0, [m.id for m in s.moves(0)]) == 5
    faces = {"red": "sword", "black": "sword", "green": "sword", "yellow": "sword",
             "blue": "key", "white": "two_swords"}
    for colour in [c for c in faces for _ in range(6)]:
        give(s, colour, faces[colour])
        end(s)
    seat = s.state.turn
    assert route_bonus(s.state, seat, [m.id for m in s.moves(seat)]) == 3
    stood = replace(s.state, claimant=1)  # Ben's claim stood: 5 to him, 3 to Ana
    assert route_bonus(stood, 1, []) == 5 and route_bonus(stood, 0, []) == 3
