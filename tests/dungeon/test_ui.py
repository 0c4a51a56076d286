"""Pilot tests of the D6 Dungeon screen: the hand-over, placing and turning a die, casting,
and the computer's turns (table dice, a Look shown to its caster and the finished game's
screen are in test_ui_fixes.py)."""

from __future__ import annotations

from pathlib import Path

from d6tui.engine.session import Session
from d6tui.games.dungeon.waffle import hole_index
from d6tui.ui.dungeon.screen import DungeonScreen, HandOver
from d6tui.ui.dungeon.waffle import DungeonWaffle
from d6tui.ui.screens.modals import ChoiceModal
from tests.dungeon.helpers import draw_roll, end, give, pass_hand_over, place, play
from tests.ui.helpers import make_app, settle, sync, until


def new_saved(saves: Path, seed: int = 3, **options: object) -> Session:
    from d6tui.paths import new_save_path

    return Session.new("dungeon", {"players": ["Ana", "Ben"], "seed": seed, **options},
                       path=new_save_path(saves, "Dungeon night"), title="Dungeon night")



async def until_modal(pilot, kind: type) -> None:  # noqa: ANN001
    """Wait for a box the move's worker waits on (settling would wait for the worker)."""
    for _ in range(200):
        if isinstance(pilot.app.screen, kind):
            return
        await pilot.pause(0.01)
    raise AssertionError(f"no {kind.__name__} opened")


def _screen(app) -> DungeonScreen:  # noqa: ANN001
    return next(s for s in app.screen_stack if isinstance(s, DungeonScreen))


@sync
async def test_a_hand_over_hides_every_side_and_c_claims_only_a_route(saves: Path) -> None:
    """One game at one keyboard, 80x24:

    - A hand-over hides every side between turns: the waffle is blank behind the cover,
      Enter shows the side of the player to move, Ben's cover comes after Ana's turn.
    - A tester saw C at every turn's end, even on an empty waffle, and a wrong claim end
      the turn: now the action bar offers C only when the claim would stand, and C pressed
      without a route says why and ends nothing ("End of the Game"). The footer shows the
      keys that act (README): C too, while a claim is offered, and not before.
    """
    from textual.widgets import Footer, Static
    from textual.widgets._footer import FooterKey

    from tests.dungeon.test_rules import _ben_idles, _route_for_ana

    session = new_saved(saves)
    give(session, "red", "sword")
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandOver)
        screen = _screen(app)
        assert screen.query_one(DungeonWaffle).picture.blank
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen and screen.shown == 0
        assert not screen.query_one(DungeonWaffle).picture.blank
        # C with no route: it says why, the turn goes on
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
        # e ends Ana's turn: Ben's cover hides her side
        await pilot.press("e")
        await settle(pilot)
        assert isinstance(app.screen, HandOver) and "Ben" in app.screen.who
        assert screen.query_one(DungeonWaffle).picture.blank
        await pilot.press("enter")
        await settle(pilot)
        assert screen.shown == 1 and screen.query_one(DungeonWaffle).picture.seat == 1
        # Ben idles, Ana builds a route: C is offered and the claim stands
        _ben_idles(session)
        _route_for_ana(session)
        screen.refresh_game()
        await settle(pilot)
        await pass_hand_over(pilot)
        assert " C  Claim a complete route" in actions.render().plain
        assert "C" in [k.key for k in footer.query(FooterKey)]
        await pilot.press("C")
        await settle(pilot)
        assert session.state.claimant == 0 and session.state.turn == 1


@sync
async def test_placing_a_die_with_turns_and_the_other_side_never_over_a_placed_die(
        saves: Path) -> None:
    """One game at 80x24:

    - While placing, the keys the footer has no room for (Enter, the arrows, r/R, f) are all
      in the action bar; r turns the die, f shows its other side, the arrows move it and
      Enter places it as previewed.
    - In Ana's next placing, with the cursor left on the die she placed, the cursor starts
      on a legal hole, never previewing over that die; forced back onto it, Enter says so
      in one line and places nothing.
    """
    session = new_saved(saves)
    draw_roll(session, "blue", "orc")
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # the hand-over to Ana
        await settle(pilot)
        screen = _screen(app)
        assert screen.placing()
        bar = screen.actions_text().plain
        for key in ("\u21b5", "\u2190\u2191\u2193\u2192", "r/R", " f "):
            assert key in bar, (key, bar)
        assert screen.query_one("#dg-actions").size.height >= 2
        start = screen.cursor
        pic = screen.query_one(DungeonWaffle).picture
        assert pic.preview is not None and pic.preview[1] == "orc" and start in pic.legal
        await pilot.press("r", "f", "right", "down")
        await settle(pilot)
        pic = screen.query_one(DungeonWaffle).picture
        assert pic.preview is not None and pic.preview[1] == "door"
        assert "placed here" in str(screen.query_one("#dg-preview").render())
        await pilot.press("enter")
        await settle(pilot)
        placed = start + 7
        h = session.state.holes[placed]
        assert h is not None and h.faces == ("door", "orc") and h.turns == (1, 3)
        assert session.state.phase == "after"

        # never previewing over the die already in a hole
        end(session)
        draw_roll(session, "blue", "orc")  # Ben's turn (his cursor is his own)
        play(session, "place", side="orc", hole="A1", turns="0")
        end(session)
        draw_roll(session, "red", "corner")  # Ana again, the cursor still on her die
        screen.cursor = placed
        screen.refresh_game()
        await settle(pilot)
        for _ in range(3):
            if isinstance(app.screen, HandOver):
                await pilot.press("enter")
                await settle(pilot)
        pic = screen.query_one(DungeonWaffle).picture
        assert screen.placing() and screen.cursor != placed and screen.cursor in pic.legal
        screen.cursor = placed  # forced back onto the taken hole: Enter says so in one line
        await pilot.press("enter")
        await settle(pilot)
        assert session.state.phase == "resolve"
        assert any("holds a die already" in n.message for n in app._notifications)


@sync
async def test_casting_turn_on_a_die_picked_with_the_cursor(saves: Path) -> None:
    session = new_saved(saves)
    place(session, "blue", "orc", "C3")
    end(session)
    give(session, "green", "sword")
    end(session)
    give(session, "blue", "turn")
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        screen = _screen(app)
        from tests.dungeon.test_ui_fixes import start_cast

        await start_cast(pilot, screen)  # c, then Enter on the spell list (one entry)
        assert screen.target is not None and screen.target.id == "cast_turn"
        assert screen.cursor == hole_index("C3")  # the only die
        await pilot.press("enter")
        await until_modal(pilot, ChoiceModal)
        await pilot.press("2")  # a half turn
        await settle(pilot)
        assert session.state.holes[hole_index("C3")].turns == (2, 2)
        assert "turn" not in session.state.faces_held(0)


def _footer_row(keys: list) -> list[tuple]:  # noqa: ANN001
    """What a Footer's keys show: key, words, action, state, the palette key's class."""
    return [(k.key, k.key_display, k.description, k.action, k._disabled,
             k.has_class("-command-palette")) for k in keys]


def _footer_afresh(footer) -> list:  # noqa: ANN001
    """The keys a Footer composed afresh would show now."""
    from textual._context import active_message_pump

    token = active_message_pump.set(footer)  # as when Textual composes it
    try:
        return list(footer.compose())
    finally:
        active_message_pump.reset(token)


@sync
async def test_the_computer_plays_its_turns_by_itself_and_the_footer_keeps_up(
        saves: Path) -> None:
    """One game against the computer, 80x24, to its end:

    - No hand-over. The Footer's row is updated in place as the keys of Ana's first turn
      come and go (draw, roll, set aside, end turn): after each key it shows exactly the
      keys a Footer composed afresh would show, in the same order, with the same words and
      states; the computer (Ben) then plays its turn by itself.
    - The rest of the game: Ana's turns played headless (the bot's choices), the screen
      told once each turn has passed; the computer plays every turn of its own.
    """
    from textual.widgets._footer import FooterKey

    from d6tui.ui.widgets.fitted_footer import FittedFooter

    session = new_saved(saves, vs_computer=True)
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, DungeonScreen) and screen.shown == 0  # no hand-over
        footer = screen.query_one(FittedFooter)
        lengths = {len(footer.children)}  # no undo yet: a key fewer
        for key in ("d", "r", "s", "e"):
            await pilot.press(key)
            await settle(pilot)
            shown = list(footer.children)
            assert all(isinstance(k, FooterKey) for k in shown)
            assert _footer_row(shown) == _footer_row(_footer_afresh(footer)), key
            lengths.add(len(shown))
        assert len(lengths) > 1  # a key came: rows of different lengths
        assert session.state.turn == 0 and len(session.events) > 4  # Ben played in between
        assert any(ev.get("by") == "Ben" for ev in session.events)
        # the whole game (as the settle after each move of the human's used to let it run):
        # the human's turns played headless, the screen told once each turn has passed
        for _ in range(200):
            if session.state.over:
                break
            while session.state.turn == 0 and not session.state.over:
                from d6tui.games.dungeon.bot import choose

                move_id, answers = choose(session.state)
                play(session, move_id, **answers)
            screen.refresh_game()
            await settle(pilot)
            await until(pilot, lambda: session.state.turn == 0 or session.state.over, 10.0)
            assert session.state.turn == 0 or session.state.over
            assert not isinstance(app.screen, HandOver)
        assert session.state.over
        assert any(ev.get("by") == "Ben" for ev in session.events)


def test_help_explains_the_orientation_model() -> None:
    """The screen's help text explains it; that ``?`` opens this help on the screen, with
    these words, is checked by tests/dungeon/test_ui_fixes.py
    (test_the_open_log_at_80_columns_and_the_dungeon_help_at_100x30)."""
    assert "Pivot" in DungeonScreen.HELP and "orientation model" in DungeonScreen.HELP
