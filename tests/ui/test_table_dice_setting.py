"""Table dice are the engine's one setting in the board game, D6 Dungeon and 6x6 Tales: the
key records whose rolls are typed (a ``table_dice`` event), the status line says so, it comes
back when the save is reopened (the next roll asks for the dice thrown), every prompt offers
ctrl+r ("roll this one for me"), and a computer seat's dice are d6tui's unless checked."""

from __future__ import annotations

from pathlib import Path

import pytest

from d6tui.engine.session import Session
from d6tui.ui.d6_board.screen import BoardScreen
from d6tui.ui.dungeon.screen import DungeonScreen
from d6tui.ui.screens.dice_prompt import DrawPrompt, TableDiceInput
from d6tui.ui.screens.modals import ChoiceModal
from d6tui.ui.tales.screen import TalesScreen
from tests.d6_board.ui_helpers import played_until, press_move
from tests.d6_board.ui_helpers import settle as board_settle
from tests.ui.helpers import make_app, settle, sync, table_dice_seats, until
from tests.ui.tales_helpers import new_tale


@pytest.fixture(autouse=True)
def quick_computer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(DungeonScreen, "COMPUTER_PAUSE", 0.0)


def _own_roll(state, move) -> bool:  # noqa: ANN001
    """A move of the seat to move whose dice are all that seat's own."""
    from d6tui.engine.game import Pips
    from d6tui.games.d6_board.moves import seat_to_move

    seat = seat_to_move(state)
    return bool(move.dice) and all(isinstance(d.die, Pips) and d.seat == seat
                                   for d in move.dice)


@sync
async def test_board_table_dice_for_one_hunter_come_back_after_reopening(saves: Path) -> None:
    s, move = played_until(saves, _own_roll)
    seat = move.seat
    name = s.state.heroes[seat].name
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await board_settle(pilot)
        assert "[table dice" not in str(app.screen.query_one("#status").render())
        await table_dice_seats(pilot, seat + 1)
        assert s.events[-1]["type"] == "table_dice" and s.events[-1]["seats"] == [seat]
        assert f"[table dice: {name}]" in str(app.screen.query_one("#status").render())
    again = Session.load(s.log.path)
    assert again.table_dice_for(seat) and not again.table_dice_for(None)
    app = make_app(saves, session=again)
    async with app.run_test(size=(80, 24)) as pilot:
        await board_settle(pilot)
        assert isinstance(app.screen, BoardScreen)
        assert f"[table dice: {name}]" in str(app.screen.query_one("#status").render())
        n = len(again.events)
        await press_move(pilot, move.id)
        await until(pilot, lambda: isinstance(app.screen, TableDiceInput))
        assert isinstance(app.screen, TableDiceInput) and app.screen.roll_for_me
        while isinstance(app.screen, TableDiceInput):  # ctrl+r: d6tui rolls this one
            await pilot.press("ctrl+r")
            await pilot.pause()
        await board_settle(pilot)
        assert len(again.events) == n + 1
        rolls = [v for v in again.events[-1].values() if isinstance(v, dict) and "faces" in v]
        assert rolls and all(r["source"] == "app" for r in rolls)


def _computer_begins(state, move) -> bool:  # noqa: ANN001
    from d6tui.games.d6_board.moves import seat_to_move

    seat = seat_to_move(state)
    return move.id == "begin" and seat is not None and state.heroes[seat].computer


@pytest.mark.parametrize("checked", [False, True])
@sync
async def test_board_a_computers_dice_are_asked_only_when_its_seat_is_checked(
        saves: Path, checked: bool) -> None:
    s, move = played_until(saves, _computer_begins, computers=["Bob"])
    bob = move.seat
    s.set_table_dice([0, bob] if checked else [0])  # Ann's rolls typed in both cases
    before = len(s.events)
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        if not checked:
            await until(pilot, lambda: len(s.events) > before)
            assert s.events[before]["type"] == "turn_began"
            assert not isinstance(app.screen, TableDiceInput)
            return
        await until(pilot, lambda: isinstance(app.screen, TableDiceInput))
        assert isinstance(app.screen, TableDiceInput)
        assert app.screen.prompt.startswith("Bob (computer): ")
        assert len(s.events) == before  # the computer waits for its dice
        while isinstance(app.screen, TableDiceInput):
            await pilot.press(*" ".join(["1"] * app.screen.count), "enter")
            await pilot.pause()
        await until(pilot, lambda: len(s.events) > before)
        ev = s.events[before]
        assert ev["type"] == "turn_began" and ev["gather"]["source"] == "table"


def _dungeon(saves: Path, **options: object) -> Session:
    from d6tui.paths import new_save_path

    return Session.new("dungeon", {"players": ["Ana", "Ben"], "seed": 3, **options},
                       path=new_save_path(saves, "Dungeon night"), title="Dungeon night")


@sync
async def test_dungeon_table_dice_come_back_after_reopening(saves: Path) -> None:
    s = _dungeon(saves)
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # the hand-over
        await settle(pilot)
        await table_dice_seats(pilot, 1)  # Ana throws real dice; d6tui draws for Ben
        assert s.events[-1]["seats"] == [0]
        assert "[table dice: Ana]" in str(app.screen.query_one("#dg-hand").render())
    again = Session.load(s.log.path)
    app = make_app(saves, session=again)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, DungeonScreen)
        await pilot.press("d")
        await until(pilot, lambda: isinstance(app.screen, DrawPrompt))
        assert isinstance(app.screen, DrawPrompt)
        await pilot.press("ctrl+r")  # draw this one for me
        await settle(pilot)
        assert again.events[-1]["draw"]["source"] == "app"
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, TableDiceInput))
        assert isinstance(app.screen, TableDiceInput) and app.screen.roll_for_me
        await pilot.press("ctrl+r")
        await settle(pilot)
        assert again.events[-1]["roll"]["source"] == "app"


@sync
async def test_dungeon_the_computers_draw_is_asked_when_its_seat_is_checked(
        saves: Path) -> None:
    s = _dungeon(saves, vs_computer=True)
    computer = s.state.computer
    human = 1 - computer
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, ChoiceModal))
        rows = [label for label, _ in app.screen.options]
        assert rows[computer].endswith("(computer)")
        await pilot.press(str(computer + 1), "enter")
        await until(pilot, lambda: s.table_dice_for(computer))
        assert not s.table_dice_for(human)
        if s.state.turn == human:  # the person's turn first: d6tui's dice, then end it
            from d6tui.games.dungeon.bot import choose
            from tests.dungeon.helpers import play

            while s.state.turn == human:
                move_id, answers = choose(s.state)
                play(s, move_id, **answers)
            app.screen.refresh_game()
        await until(pilot, lambda: isinstance(app.screen, DrawPrompt))
        assert isinstance(app.screen, DrawPrompt)
        assert app.screen.title_text.startswith(f"{s.state.players[computer]} (computer): ")


@sync
async def test_tales_table_dice_for_every_roll_come_back_after_reopening(saves: Path) -> None:
    s = new_tale(saves, seed=3)
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("D")
        await until(pilot, lambda: s.table_dice_for(0))
        assert s.events[-1]["type"] == "table_dice"
        assert "[table dice]" in str(app.screen.query_one("#step").render())
    again = Session.load(s.log.path)
    app = make_app(saves, session=again)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TalesScreen)
        assert "[table dice]" in str(screen.query_one("#step").render())
        await pilot.press("r")  # the roll the tale waits for: typed, not rolled
        await until(pilot, lambda: isinstance(app.screen, TableDiceInput))
        assert isinstance(app.screen, TableDiceInput) and app.screen.roll_for_me
        await pilot.press("4", "space", "3", "enter")
        await settle(pilot)
        assert again.events[-1]["roll"] == {"dice": "2d6", "faces": [4, 3], "source": "table"}
        await pilot.press("D")  # off again: d6tui rolls
        await until(pilot, lambda: not again.table_dice_for(0))
        assert "[table dice]" not in str(screen.query_one("#step").render())


@sync
async def test_dungeon_a_wrong_colour_keeps_what_was_typed(saves: Path) -> None:
    """A colour the bag has not, typed in the draw prompt: the prompt stays open with the
    text kept and the reason under it (it closed, and opened again empty, with a toast);
    the colour fixed in place is the draw."""
    from textual.widgets import Input, Label

    s = _dungeon(saves)
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # the hand-over
        await settle(pilot)
        await table_dice_seats(pilot, 1)
        await pilot.press("d")
        await until(pilot, lambda: isinstance(app.screen, DrawPrompt))
        prompt = app.screen
        await pilot.press(*"purple", "enter")
        await pilot.pause()
        assert app.screen is prompt
        assert prompt.query_one("#text", Input).value == "purple"
        assert "purple" in str(prompt.query_one("#error", Label).render())
        assert not any("purple" in n.message for n in app._notifications)
        before = len(s.events)
        field = prompt.query_one("#text", Input)
        field.value = "red"
        await pilot.press("enter")
        await until(pilot, lambda: len(s.events) > before)
        drawn = [e for e in s.events[before:] if "draw" in e]
        assert drawn and drawn[0]["draw"]["source"] == "table"
