"""Pilot tests of what playing whole games in tmux found on the D6 Dungeon screen: `e`, which
the action bar offers when the bag is empty, ended nothing; placing at 80x24 pushed the
route preview under the action bar; "1 pts"."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from textual.widgets import Footer, Static
from textual.widgets._footer import FooterKey

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


@sync
async def test_c_is_offered_only_with_a_route_and_otherwise_says_why(saves: Path) -> None:
    """A tester saw C at every turn's end, even on an empty waffle, and a wrong claim end
    the turn: now the action bar offers C only when the claim would stand, and C pressed
    without a route says why and ends nothing ("End of the Game")."""
    from tests.dungeon.helpers import play
    from tests.dungeon.test_rules import _ben_idles, _route_for_ana

    session = new_saved(saves)
    give(session, "red", "sword")
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pass_hand_over(pilot)
        screen = _screen(app)
        actions = screen.query_one("#dg-actions", Static)
        assert " C " not in actions.render().plain and " e " in actions.render().plain
        footer = screen.query_one(Footer)
        assert "C" not in [k.key for k in footer.query(FooterKey)]
        before = len(session.events)
        await pilot.press("C")
        await settle(pilot)
        said = [n.message for n in app._notifications]
        assert said[-1] == ("No claim: no complete route yet: no line of corridors runs "
                            "across your side from its left edge to its right (End of the "
                            "Game). Your turn goes on.")
        assert len(session.events) == before and session.state.turn == 0
        assert session.state.phase == "after"
        play(session, "end_turn")
        _ben_idles(session)
        _route_for_ana(session)
        screen.refresh_game()
        await settle(pilot)
        await pass_hand_over(pilot)
        assert " C  Claim a complete route" in actions.render().plain
        # the footer shows the keys that act (README): C too, while a claim is offered
        assert "C" in [k.key for k in footer.query(FooterKey)]
        await pilot.press("C")
        await settle(pilot)
        assert session.state.claimant == 0 and session.state.turn == 1
