"""The board screen's fixes after a tester's season: the log after a resize, the log at
80x24 (room, focus, Home), the season-over panel at 80x24, safer move numbers."""

from __future__ import annotations

from pathlib import Path

from d6tui.ui.d6_board.screen import BoardScreen
from d6tui.ui.widgets.event_log import EventLogView
from tests.d6_board.ui_helpers import advanced_game, settle
from tests.ui.helpers import make_app, sync


@sync
async def test_log_filled_after_a_resize_to_200x50(saves: Path) -> None:
    """80x24 hides the log; a resize to 200x50 shows it with every event, not "Nothing has
    happened yet" (the hidden log keeps its history and draws it when shown)."""
    s = advanced_game(saves, 20)
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, BoardScreen)
        log = app.screen.query_one("#log", EventLogView)
        assert not log.display
        await pilot.resize_terminal(200, 50)
        for _ in range(10):
            await pilot.pause()
        assert log.display
        text = log.drawn_text()
        assert "Nothing has happened yet" not in text
        assert f"#{len(s.events)}" in text


@sync
async def test_log_at_80x24_has_room_and_takes_home(saves: Path) -> None:
    """At 80x24 on the season-over screen, ``l`` opens the log in the boards' place with
    the keys: Home shows the first event, End the newest; ``]`` brings the boards back."""
    app = make_app(saves, session=_finished(saves, 3))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, BoardScreen) and screen.board.over
        await pilot.press("l")
        await pilot.pause()
        log = screen.query_one("#log", EventLogView)
        assert log.display and screen.focused is log
        assert not screen.query_one("#boards").display
        assert log.size.height >= 8  # not 2 lines under the moves list
        assert log.max_scroll_y > 0
        await pilot.press("home")
        for _ in range(4):
            await pilot.pause()
        assert log.scroll_y == 0
        assert "#1 " in log.drawn_text().splitlines()[0] or log._start == 0
        await pilot.press("end")
        for _ in range(4):
            await pilot.pause()
        assert log.scroll_y == log.max_scroll_y
        await pilot.press("right_square_bracket")
        await pilot.pause()
        assert screen.query_one("#boards").display and not log.display


def _finished(saves: Path, players: int, seed: int = 3):  # noqa: ANN202
    import random

    from d6tui.engine.session import Session
    from d6tui.games.d6_board.bot import choose
    from d6tui.games.d6_board.moves import seat_to_move
    from d6tui.paths import new_save_path

    names = ["Annabelle", "Bartholomew", "Cyrus", "Dorothea"][:players]
    s = Session.new("d6_board", {"players": names, "seed": seed},
                    path=new_save_path(saves, "Season"), title="Season")
    rng = random.Random(seed)
    while not s.state.over:
        seat = seat_to_move(s.state)
        m, a = choose(s.state, seat, [x for x in s.moves(seat)
                                      if x.id not in ("undo", "redo")], rng)
        s.play(m, a)
    return s


@sync
async def test_season_over_fits_four_hunters_at_80x24(saves: Path) -> None:
    """The season-over panel shows the winner and all four hunters' lines at 80x24 without
    scrolling (seed 11: two of the lines wrap, 124 and 110 characters)."""
    app = make_app(saves, session=_finished(saves, 4, seed=11))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, BoardScreen) and screen.board.over
        ol = screen.query_one("#moves")
        assert ol.option_count == 5  # the winner, then each hunter
        assert ol.max_scroll_y == 0
        assert ol.size.height >= 7  # the two wrapped lines take two rows each


def test_no_ride_to_where_a_plain_move_goes() -> None:
    """Rent a Horse: from the Village a ride "to 4 via 1" is not listed when 4 is next
    door; every ride listed reaches a space no plain move reaches, two steps away."""
    from d6tui.games.d6_board.moves import moves as legal_moves
    from d6tui.games.d6_board.state import VILLAGE
    from tests.d6_board.helpers import begun, set_up

    state = begun(set_up(), VILLAGE, gold=6)
    ms = legal_moves(state, state.current)
    steps = {m.id.split(":")[1] for m in ms if m.id.startswith("move:")}
    rides = [m.id for m in ms if m.id.startswith("ride:")]
    assert steps and rides
    for r in rides:
        _, mid, to = r.split(":")
        assert mid in steps and to not in steps and to != VILLAGE
    two_steps = {to for mid in steps for to in state.links(mid)} - steps - {VILLAGE}
    assert {r.split(":")[2] for r in rides} == two_steps


def _turn_with_rides(saves: Path):  # noqa: ANN202
    from tests.d6_board.helpers import begun, put
    from tests.d6_board.ui_helpers import until_phase

    s = until_phase(advanced_game(saves, 0), "turn")
    s.state = begun(s.state, "4", gold=6, stats=(4, 4, 4, 4))
    s.state, tok = put(s.state, "goblin", "4")
    return s, tok


@sync
async def test_the_list_order_and_a_first_digit_that_waits(saves: Path) -> None:
    """One turn with a fight and rides, on one screen:

    - The list's order: the fights here, the hunt, then the other moves, rides last.
    - In a list of ten or more, ``1`` waits (however long) for a second digit or Enter,
      shown on the list's border; a second digit past the list runs nothing.
    """
    s, tok = _turn_with_rides(saves)
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        listed = [m.id for m in screen._keys]
        assert listed[:2] == [f"fight:{tok}", "hunt"]
        rides = [i for i, m in enumerate(listed) if m.startswith("ride:")]
        assert rides and rides == list(range(len(listed) - len(rides), len(listed)))

        n = len(screen._keys)
        assert 10 <= n < 19
        before = len(s.events)
        await pilot.press("1")
        await pilot.pause(1.5)  # longer than the old wait that ran move 1 by itself
        ol = screen.query_one("#moves")
        assert ol.border_subtitle == "move 1_"
        assert "Move 1" in str(screen.query_one("#note").render())
        assert len(s.events) == before
        await pilot.press("9")  # 19: no such move
        await pilot.pause()
        assert len(s.events) == before and screen._typed == ""
        assert "No move 19" in str(screen.query_one("#note").render())
        assert ol.border_subtitle == ""
        await pilot.press("1", "escape")
        await pilot.pause()
        assert screen._typed == "" and ol.border_subtitle == ""


@sync
async def test_rest_with_actions_unspent_asks_first(saves: Path) -> None:
    """Rest before all three actions asks to confirm: "Keep playing" (n) changes nothing,
    "Rest now" (y) ends the turn."""
    from d6tui.ui.screens.modals import ConfirmModal

    async def press_move(pilot, mid: str) -> None:  # noqa: ANN001
        board = app.screen
        ids = [m.id for m in board._keys]
        await pilot.press(*str(ids.index(mid) + 1))
        if board._typed:
            await pilot.press("enter")

    s, _ = _turn_with_rides(saves)
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        before = len(s.events)
        await press_move(pilot, "rest")
        for _ in range(10):
            await pilot.pause()
            if isinstance(app.screen, ConfirmModal):
                break
        assert isinstance(app.screen, ConfirmModal)
        assert "3 actions unspent" in app.screen.question
        await pilot.press("n")
        for _ in range(5):
            await pilot.pause()
        assert len(s.events) == before and isinstance(app.screen, BoardScreen)
        await press_move(pilot, "rest")
        for _ in range(10):
            await pilot.pause()
            if isinstance(app.screen, ConfirmModal):
                break
        await pilot.press("y")
        for _ in range(10):
            await pilot.pause()
        assert len(s.events) == before + 1
        assert s.events[-1]["type"] == "turn_ended"


def test_bounty_stories_take_the_right_article() -> None:
    """House bounty stories read "An undead ...", never "A undead" (words.article)."""
    import tomllib

    from d6tui.words import article

    path = Path(__file__).parents[2] / "d6tui" / "content" / "d6_board_cards.toml"
    stories = [c["story"] for c in tomllib.loads(path.read_text("utf-8"))["bounty"]
               if "story" in c]
    assert len(stories) == 45
    for story in stories:
        first, noun = story.split(" ")[:2]
        assert f"{first.lower()} {noun}" == article(noun), story


def test_a_hunters_questions_come_together() -> None:
    """Rules revision 4: a Wild reward's own question (a bottle to place) comes before
    the other hunters' questions, and a turn's start groups the questions by hunter in
    turn order, so one hand-over serves each hunter."""
    from dataclasses import replace

    from d6tui.games.d6_board.state import Prompt
    from d6tui.games.d6_board.turn import together
    from tests.d6_board.helpers import play, set_up

    state = set_up()
    assert state.revision >= 4
    asked = (Prompt(1, "reward", "wild"), Prompt(2, "reward", "wild"))
    state = replace(state, prompts=asked)
    after = play(state, "wild:alchemy")
    assert [(p.seat, p.kind, p.reward) for p in after.prompts][:2] == [
        (1, "reward", "alchemy"), (2, "reward", "wild")]
    mixed = (Prompt(1, "reward", "wild"), Prompt(2, "reward", "wild"),
             Prompt(1, "red_turn"), Prompt(2, "red_turn"), Prompt(0, "reward", "wild"))
    assert [(p.seat, p.kind) for p in together(mixed, 0, 3)] == [
        (0, "reward"), (1, "reward"), (1, "red_turn"), (2, "reward"), (2, "red_turn")]
    token = (Prompt(1, "reward", "wild"), Prompt(0, "pick", "token", 3))
    assert together(token, 0, 3) == token  # a token to name keeps its place
