"""At one keyboard the hunters' hands are hidden from each other: when the seat to move passes
to another person a hand-over screen asks them to take the keyboard before their hand shows;
no hand-over for a computer seat, nor when only one person plays."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from d6tui.games.d6_board.moves import seat_to_move
from d6tui.games.d6_board.view import HIDDEN
from d6tui.ui.d6_board.screen import BoardScreen
from d6tui.ui.d6_board.widgets import ClassBoard
from d6tui.ui.screens.hand_over import HandOver
from tests.d6_board.helpers import begun
from tests.d6_board.ui_helpers import advanced_game, press_move, until_phase
from tests.ui.helpers import make_app, sync
from tests.ui.helpers import settle as settle_workers


def _board(app) -> BoardScreen:  # noqa: ANN001
    return next(s for s in app.screen_stack if isinstance(s, BoardScreen))


def _hands_seen(app) -> list[tuple[str, ...]]:  # noqa: ANN001
    seen = _board(app).query_one("#class-0", ClassBoard).board
    assert seen is not None
    return [h.hand for h in seen.heroes]


@sync
async def test_hand_over_between_people(saves: Path) -> None:
    """Ann, Bob and Cy at one keyboard: each hand shows only after its hunter pressed Enter
    on the hand-over screen; behind it nobody's hand shows."""
    s = until_phase(advanced_game(saves, 0), "turn")
    s.state = begun(s.state, "V")
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle_workers(pilot)
        assert isinstance(app.screen, HandOver) and app.screen.who == "Ann"
        assert all(c == HIDDEN for hand in _hands_seen(app) for c in hand)
        assert _board(app).query_one("#moves", OptionList).option_count == 0
        await pilot.press("enter")
        await settle_workers(pilot)
        hands = _hands_seen(app)
        assert hands[0] == s.state.heroes[0].hand and HIDDEN not in hands[0]
        assert all(c == HIDDEN for c in hands[1] + hands[2])
        await press_move(pilot, "rest")
        await settle_workers(pilot)
        assert s.state.current == 1
        assert isinstance(app.screen, HandOver) and app.screen.who == "Bob"
        assert all(c == HIDDEN for hand in _hands_seen(app) for c in hand)
        await pilot.press("enter")
        await settle_workers(pilot)
        hands = _hands_seen(app)
        assert hands[1] == s.state.heroes[1].hand and HIDDEN not in hands[1]
        assert all(c == HIDDEN for c in hands[0] + hands[2])


@sync
async def test_computer_seats_play_by_themselves_with_no_hand_over(saves: Path) -> None:
    """Ann against two computer hunters (option ``computers``), one game at 80x24:

    - The bot plays those seats; the screen waits for the human: in Ann's turn nothing
      moves by itself. Ann begins and rests; Bob and Cy then play their whole turns.
    - No hand-over ever, Ann's hand stays on screen (the computers' hidden) and the
      computers' moves (which name their cards) are never listed, until Ann's next turn.
    """
    s = until_phase(advanced_game(saves, 0, computers=["Bob", "Cy"]), "turn")
    app = make_app(saves, session=s)
    saw_computer = False

    def no_hand_over_nor_computer_moves() -> None:
        nonlocal saw_computer
        assert not isinstance(app.screen, HandOver)
        hands = _hands_seen(app)
        assert all(c == HIDDEN for c in hands[1] + hands[2])
        to_move = seat_to_move(s.state)
        if to_move is not None and s.state.heroes[to_move].computer and _board(app)._moves:
            saw_computer = True
            ol = _board(app).query_one("#moves", OptionList)
            texts = [str(ol.get_option_at_index(i).prompt) for i in range(ol.option_count)]
            assert texts in ([], ["(the computer is choosing)"])

    async with app.run_test(size=(80, 24)) as pilot:
        await settle_workers(pilot)
        assert not isinstance(app.screen, HandOver)
        st = s.state
        assert st.heroes[1].computer and not st.heroes[0].computer
        assert s.rules.seat_to_move(st) == 0  # Ann's turn: nothing moves by itself
        n = len(s.events)
        await pilot.pause(0.3)
        assert len(s.events) == n
        # Ann begins and rests at once; Bob and Cy then play their whole turns.
        await press_move(pilot, "begin")
        await settle_workers(pilot)
        for _ in range(200):
            no_hand_over_nor_computer_moves()
            if s.rules.seat_to_move(s.state) == 0 and "rest" in [m.id for m in
                                                                app.screen._moves]:
                break
            if s.rules.seat_to_move(s.state) == 0:
                await pilot.press("1")
            await pilot.pause(0.05)
        await press_move(pilot, "rest")
        for _ in range(600):  # Bob's and Cy's turns; Ann answers her own questions
            no_hand_over_nor_computer_moves()
            st = s.state
            if st.current == 0 or st.phase != "turn":
                break
            if s.rules.seat_to_move(st) == 0:
                await pilot.press("1")
            await pilot.pause(0.05)
        assert s.state.current == 0 or s.state.phase == "event"
        assert sum(1 for e in s.events if e.get("type") == "turn_ended" and e["seq"] > n) >= 3
        for _ in range(600):  # on to Ann's next turn (past the round's event, if it came)
            no_hand_over_nor_computer_moves()
            if s.state.current == 0 and s.state.phase == "turn" and not s.state.prompts:
                break
            if seat_to_move(s.state) == 0 and _board(app)._keys:  # Ann answers a question
                await pilot.press("1")
            await pilot.pause(0.02)
        assert saw_computer, s.state.note
        assert s.state.current == 0, (s.state.current, s.state.phase, s.state.note)


@sync
async def test_hand_over_skips_the_computer(saves: Path) -> None:
    """Ann and Cy play, Bob is the computer: after Ann's rest the next hand-over is Cy's
    (Bob's moves need none, and Ann's eyes stay on screen meanwhile)."""
    s = until_phase(advanced_game(saves, 0, computers=["Bob"]), "turn")
    s.state = begun(s.state, "V")
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle_workers(pilot)
        assert isinstance(app.screen, HandOver) and app.screen.who == "Ann"
        await pilot.press("enter")
        await settle_workers(pilot)
        await press_move(pilot, "rest")
        who = []
        for _ in range(600):
            await pilot.pause(0.02)
            if isinstance(app.screen, HandOver):
                who.append(app.screen.who)
                break
            if s.state.current == 1:
                hands = _hands_seen(app)
                assert hands[0] == s.state.heroes[0].hand  # still Ann's eyes
        assert who == ["Cy"]  # Ann had the keyboard already; Bob is the computer


@sync
async def test_no_hand_over_while_nobody_holds_a_card(saves: Path) -> None:
    """Setup (boards, stats, pieces, spawns) passes from hunter to hunter with no hand-over:
    nothing is hidden before the cards are dealt."""
    s = advanced_game(saves, 0)
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle_workers(pilot)
        for _ in range(12):
            assert not isinstance(app.screen, HandOver)
            assert s.state.phase in ("choose", "stats", "environment", "spawn")
            await press_move(pilot, _board(app)._moves[0].id)
            for _ in range(40):  # the first option of each choice (no settle: a modal waits)
                await pilot.pause(0.02)
                if isinstance(app.screen, BoardScreen | HandOver):
                    break
                await pilot.press("enter")
            await settle_workers(pilot)
        assert s.state.current != 0 or s.state.phase != "choose"
