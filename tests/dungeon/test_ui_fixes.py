"""Pilot tests of what a fresh tester found on the D6 Dungeon screen: notices that outlived
their cause, the other side's view carried into a new turn, the extra turn's second list,
undo against the computer, the 80x24 layout, the help's key-map example and table dice after
an undo."""

from __future__ import annotations

import shutil
from pathlib import Path

from d6tui.engine.session import Session
from d6tui.ui.dungeon.panels import ScoreLines
from d6tui.ui.dungeon.screen import DungeonScreen
from d6tui.ui.dungeon.waffle import DungeonWaffle
from d6tui.ui.screens.dice_prompt import TableDiceInput
from d6tui.ui.screens.modals import ChoiceModal, TextPrompt
from tests.dungeon.helpers import end, give, pass_hand_over, play
from tests.dungeon.test_ui import _screen, new_saved, until_modal
from tests.ui.helpers import make_app, settle, sync, table_dice_seats


async def start_cast(pilot, screen: DungeonScreen) -> None:  # noqa: ANN001
    """``c``, then Enter on the spell list if one opens, until the screen waits for the
    spell's target (a die on the waffle)."""
    app = pilot.app
    await pilot.press("c")
    for _ in range(100):
        if screen.target is not None or isinstance(app.screen, ChoiceModal):
            break
        await pilot.pause(0.01)
    if isinstance(app.screen, ChoiceModal):
        await pilot.press("enter")
        for _ in range(100):
            if screen.target is not None:
                break
            await pilot.pause(0.01)


def errors(app) -> list[str]:  # noqa: ANN001
    return [n.message for n in app._notifications if n.severity in ("error", "warning")]


def notices(app) -> list[str]:  # noqa: ANN001
    return [n.message for n in app._notifications]


def footer_keys(screen: DungeonScreen) -> set[str]:
    from textual.widgets._footer import FooterKey

    return {k.key for k in screen.query(FooterKey)}


@sync
async def test_a_right_entry_clears_the_notices_of_wrong_ones(saves: Path) -> None:
    """Both players throw real dice: a colour not in the bag says so in one line under the
    field, which keeps it (no toast); the right one, typed over it, is the die drawn (from
    the table), and the face typed is the face rolled, placed with Enter."""
    session = new_saved(saves)
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pass_hand_over(pilot)
        await table_dice_seats(pilot, 1, 2)
        await pilot.press("d")
        await until_modal(pilot, TextPrompt)
        prompt = app.screen
        await pilot.press(*"purple", "enter")  # no such colour: one line, the text kept
        await pilot.pause()
        assert app.screen is prompt
        assert "purple" in str(prompt.query_one("#error").render())
        assert prompt.query_one("#text").value == "purple"
        assert errors(app) == []
        await pilot.press("ctrl+u", *"white", "enter")
        await settle(pilot)
        assert session.state.hand is not None
        assert errors(app) == []
        assert session.state.dice[session.state.hand] == "white"
        assert session.events[-1]["draw"]["source"] == "table"
        screen = _screen(app)
        await pilot.press("r")
        await until_modal(pilot, TableDiceInput)
        await pilot.press(*"goblins", "enter")
        await settle(pilot)
        assert session.state.face == "goblins" and screen.placing()
        taken = screen.cursor
        for key in ("enter", "e"):  # place it, then refuse nothing: the turn ends
            await pilot.press(key)
            await settle(pilot)
        assert session.state.holes[taken] is not None and errors(app) == []


@sync
async def test_the_other_side_seen_by_a_look_is_not_carried_into_the_next_turn(
        saves: Path) -> None:
    """Only Look in hand: ``c`` opens the list (one entry), so ``c 1`` casts on purpose and
    Escape casts nothing. Then the Look is cast at the waffle: ``v`` shows the other side
    to Ana in that turn, and in her next turn her own side shows again, with no Look."""
    session = new_saved(saves)
    give(session, "green", "look")
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pass_hand_over(pilot)
        n = len(session.events)
        await pilot.press("c")
        await until_modal(pilot, ChoiceModal)
        await pilot.press("escape")
        await settle(pilot)
        assert len(session.events) == n and session.state.looks[0] is None
        screen = _screen(app)
        play(session, "cast_look", target="waffle")
        screen.refresh_game()
        await settle(pilot)
        await pass_hand_over(pilot)
        await pilot.press("v")
        await settle(pilot)
        assert screen.query_one(DungeonWaffle).picture.seat == 1  # the Look, shown to Ana
        await pilot.press("e")
        await settle(pilot)
        await pass_hand_over(pilot)
        give(session, "red", "sword")  # Ben's turn
        end(session)
        screen.refresh_game()
        await settle(pilot)
        await pass_hand_over(pilot)
        assert screen.shown == 0 and not screen.show_other
        pic = screen.query_one(DungeonWaffle).picture
        assert pic.seat == 0 and pic.caption == "Ana's side" and not pic.looked


@sync
async def test_the_extra_turn_never_offers_the_die_just_paid(saves: Path) -> None:
    session = new_saved(saves)
    for i in range(7):
        give(session, "red" if i % 2 else "green", "sword")
        end(session)
        give(session, "blue" if i % 2 else "yellow", "key")
        end(session)
    give(session, "green", "sword")  # Ana's eighth: more than six collected
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pass_hand_over(pilot)
        screen = _screen(app)
        assert "a" in footer_keys(screen)  # the Footer shows the extra turn at 80x24
        await pilot.press("a")
        await until_modal(pilot, ChoiceModal)
        paid = app.screen.options[0][1]
        assert len(app.screen.options) == 8
        await pilot.press("1")
        for _ in range(100):
            if isinstance(app.screen, ChoiceModal) and len(app.screen.options) == 7:
                break
            await pilot.pause(0.01)
        values = [v for _, v in app.screen.options]
        assert paid not in values and len(values) == 7
        await pilot.press("escape")
        await settle(pilot)


@sync
async def test_undo_against_the_computer_during_its_turn_and_after_it(saves: Path) -> None:
    """One game against the computer at 80x24:

    - ``u`` during the computer's turn (it has made a move of it, not all) stops it and
      takes it back: Ana's first turn, before she ended it, and it does not replay.
    - ``u`` after the computer's whole turn takes its moves back with Ana's: her first turn
      again, before she ended it; it does not replay; when Ana ends her turn again, the
      computer draws the same die.
    """
    session = new_saved(saves, vs_computer=True)
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = _screen(app)
        name = session.state.players[1]
        screen.COMPUTER_PAUSE = 0.05
        give(session, "red", "sword")
        end(session)
        screen.refresh_game()
        for _ in range(200):  # the computer has made a move of its turn, not all of them
            if any(ev.get("by") == name for ev in session.events):
                break
            await pilot.pause(0.01)
        await pilot.press("u")
        await settle(pilot)
        state = session.state
        assert state.turn == 0 and state.turn_no == 1 and state.phase == "after"
        for _ in range(10):
            await pilot.pause(0.05)
        assert session.state.turn == 0 and session.state.turn_no == 1

        # after the computer's whole turn
        screen.COMPUTER_PAUSE = 0.0
        seen = len(session.events)
        await pilot.press("e")  # Ana ends her turn: the computer's turn starts
        for _ in range(300):
            if session.state.turn == 0 and session.state.turn_no == 3:
                break
            await pilot.pause(0.02)
        assert session.state.turn == 0 and session.state.turn_no == 3
        computer_events = [session.events[i] for i in range(seen, len(session.events))
                           if session.events[i].get("by") == name]
        assert computer_events
        drawn = next(ev["draw"]["faces"] for ev in computer_events if "draw" in ev)
        await pilot.press("u")
        await settle(pilot)
        # Back in Ana's first turn, before she ended it; the computer's turn is gone.
        state = session.state
        assert state.turn == 0 and state.turn_no == 1 and state.phase == "after"
        for _ in range(10):
            await pilot.pause(0.02)
        assert session.state.turn == 0 and session.state.turn_no == 1  # it does not replay
        seen = len(session.events)
        await pilot.press("e")  # Ana ends her turn again: the computer draws the same die
        for _ in range(300):
            if session.state.turn == 0 and session.state.turn_no == 3:
                break
            await pilot.pause(0.02)
        again = [session.events[i] for i in range(seen, len(session.events))
                 if session.events[i].get("by") == name and "draw" in session.events[i]]
        assert again and again[-1]["draw"]["faces"] == drawn


@sync
async def test_the_finished_example_at_80x24(saves: Path) -> None:
    """The finished example game at 80x24, on one screen:

    - No hand-over once the game is over; Ana's side shows with her final route drawn.
    - The over keys v, b and p are in the footer; p opens the score lines with the OK button
      on screen, both totals first without scrolling, each route by its holes as the waffle
      names them, and the latest line not cut at two lines.
    - b hides and shows the final route, saying so ("End of the Game"); on Ben's side (v)
      it draws his walk, not across.
    - After the game both sides are shown (v); then u says why the game cannot go back and
      the game stays over; p opens the score lines from either side.
    """
    from d6tui.ui.screens.modals import MessageModal

    example = Path(__file__).resolve().parents[2] / "saves" / "dungeon-example.toml"
    shutil.copyfile(example, saves / "example.toml")
    session = Session.load(saves / "example.toml")
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, DungeonScreen)  # no hand-over once the game is over
        route = screen.dungeon.scores[0].route.cells
        pic = screen.query_one(DungeonWaffle).picture
        assert pic.seat == 0 and pic.route == route  # drawn at the end
        assert {"v", "b", "p"} <= footer_keys(screen)
        await pilot.press("p")
        await settle(pilot)
        assert isinstance(app.screen, ScoreLines)
        button = app.screen.query_one("#ok")
        assert button.region.height > 0 and button.region.bottom <= 24
        # both totals first, on screen without scrolling (Ben's came 18 rows down)
        message = app.screen.query_one("#message")
        assert app.screen.message.splitlines()[0] == "Ana 7, Ben 2: Ana wins"
        assert message.scroll_y == 0 and message.region.height >= 3
        assert message.region.y < app.screen.query_one("#ok").region.y
        # the route by its holes, as the waffle names them (Ben's left column is F)
        assert "route across the dungeon, A2-B2-C2-D2-E2-F2: +5" in app.screen.message
        assert "no complete route (in at F1 from the left edge)" in app.screen.message
        latest_line = screen.query_one("#dg-latest")
        assert latest_line.region.height >= 4  # not cut at two lines: the routes show
        latest = str(latest_line.render())
        assert latest.endswith("Ben 2, no complete route (in at F1 from the left edge)")
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen

        # b hides and shows the final route
        await pilot.press("b")
        await settle(pilot)
        assert notices(app)[-1] == "Route hidden (b draws it again)."
        assert not screen.query_one(DungeonWaffle).picture.route
        await pilot.press("b")
        await settle(pilot)
        assert screen.query_one(DungeonWaffle).picture.route == route
        assert notices(app)[-1] == ("Ana's route is drawn: A2-B2-C2-D2-E2-F2 (Goblins "
                                    "defeated with a Vorpal Sword at F2; Treasure Chest "
                                    "opened with a key at D1); Ana scores 7 in all (p: the "
                                    "score lines).")
        await pilot.press("v")  # Ben's side, with his walk
        await settle(pilot)
        assert screen.query_one(DungeonWaffle).picture.seat == 1
        await pilot.press("b", "b")
        await settle(pilot)
        assert notices(app)[-1] == ("Ben's walk, not across, is drawn: in at F1 from the "
                                    "left edge (Dragon defeated with 5 swords at F1); Ben "
                                    "scores 2 in all (p: the score lines).")
        # both sides shown: u says why the game cannot go back, and it stays over
        await pilot.press("u")
        await settle(pilot)
        assert screen.dungeon.over
        assert any("both sides of the waffle have been shown" in m for m in errors(app))
        assert not any(n.message.startswith("Undone") for n in app._notifications)
        await pilot.press("p")
        await settle(pilot)
        assert isinstance(app.screen, MessageModal)


@sync
async def test_table_dice_after_an_undo_must_be_the_face_the_app_rolled(saves: Path) -> None:
    session = new_saved(saves)
    play(session, "draw", {"bag": "green"})
    rolled = play(session, "roll")["roll"]["faces"][0]  # the app rolls it
    play(session, "undo")  # the roll is taken back; the die still lies on the table
    design = session.state.design_of(session.state.hand)
    other = next(f for f in design.faces if f != rolled)
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pass_hand_over(pilot)
        await table_dice_seats(pilot, 1, 2)
        await pilot.press("r")
        await until_modal(pilot, TableDiceInput)
        await pilot.press(*other, "enter")
        await settle(pilot)
        assert session.state.phase == "roll" and session.state.face is None
        assert any("type them as they lie" in e for e in errors(app))
        await pilot.press("r")
        await until_modal(pilot, TableDiceInput)
        await pilot.press(*rolled, "enter")
        await settle(pilot)
        assert session.state.face == rolled and errors(app) == []


@sync
async def test_picking_a_die_for_a_spell_ends_with_escape_undo_or_redo(
        saves: Path) -> None:
    """A pending pick (Decay's die): Escape leaves the pick, not the game; and the pick
    belongs to the state it began in: undo drops it, and a redo after it does not bring it
    back."""
    from tests.dungeon.helpers import place

    session = new_saved(saves)
    place(session, "blue", "orc", "C3", side="door")
    end(session)
    give(session, "red", "decay")
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pass_hand_over(pilot)
        screen = _screen(app)
        await start_cast(pilot, screen)  # c, then Enter on the spell list (one entry)
        assert screen.target is not None
        await pilot.press("escape")
        await settle(pilot)
        assert screen.target is None and app.screen is screen
        await start_cast(pilot, screen)
        assert screen.target is not None and "pick the die" in \
            screen.query_one(DungeonWaffle).picture.caption
        await pilot.press("u")
        await settle(pilot)
        assert screen.target is None
        assert "pick the die" not in screen.query_one(DungeonWaffle).picture.caption
        await pilot.press("ctrl+y")
        await settle(pilot)
        assert screen.target is None and "decay" in session.state.faces_held(1)
        assert "pick the die" not in screen.query_one(DungeonWaffle).picture.caption


@sync
async def test_the_open_log_at_80_columns_and_the_dungeon_help_at_100x30(
        saves: Path) -> None:
    """Two games (a new one at each size):

    - At 80x24 the log and the side panel do not both fit: the open log replaces the panel
      (no one-word-a-line column) and ``l`` brings the panel back; opened at 160x50, both
      show.
    - Then resized to 100x30, ``?`` opens the screen's own help (Pivot, the orientation
      model), whose key-map example is a dungeon key, not a shooter one.
    """
    from d6tui.ui.screens.help import HelpScreen
    from d6tui.ui.widgets.markdown_text import MarkdownText

    session = new_saved(saves)
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pass_hand_over(pilot)
        screen = _screen(app)
        right, log = screen.query_one("#dg-right"), screen.query_one("#log")
        assert right.display and not log.display
        await pilot.press("l")
        await settle(pilot)
        assert log.display and not right.display and log.size.width >= 30
        await pilot.press("l")
        await settle(pilot)
        assert right.display and not log.display and right.size.width >= 30
    app = make_app(saves, session=new_saved(saves))
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        await pass_hand_over(pilot)
        screen = _screen(app)
        right, log = screen.query_one("#dg-right"), screen.query_one("#log")
        assert right.display and log.display and right.size.width >= 30

        # the help's key-map example, at 100x30
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        text = "\n".join(m.source for m in app.screen.query(MarkdownText))
        assert "Pivot" in text and "orientation model" in text  # the screen's own help
        assert "shooter." not in text
        assert '"dungeon.' in text.split("[keymap]", 1)[1].split("\n\n", 1)[0]


def test_the_tray_names_faces_in_whole_words_over_two_rows() -> None:
    """The dice tray draws long face names over two rows of five, not cut ("Dragn")."""
    from d6tui.ui.dungeon.panels import FACE_LABELS

    for face in ("dragon", "corner", "treasure_chamber", "goblins", "vorpal_sword"):
        rows = FACE_LABELS[face].split("\n")
        assert all(len(r) <= 5 for r in rows)
        assert "".join(r.rstrip("-") for r in rows).lower() in face.replace("_", "")


@sync
async def test_at_80x24_the_look_caption_and_the_tray_are_whole(saves: Path) -> None:
    """A Look at the other side is shown to its caster (Ben, after Enter on the hand-over:
    ``v`` shows Ana's side as he saw it, the door in C3); its heading fits the waffle's width
    at 80 columns, and the tray's second row carries the rest of the long names."""
    from d6tui.games.dungeon.waffle import hole_index
    from tests.dungeon.helpers import draw_roll, place

    session = new_saved(saves)
    place(session, "blue", "orc", "C3", side="door")
    end(session)
    give(session, "green", "look")
    play(session, "cast_look", target="waffle")
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pass_hand_over(pilot)  # Ben takes the keyboard
        screen = _screen(app)
        assert screen.shown == 1
        await pilot.press("v")
        await settle(pilot)
        waffle = screen.query_one(DungeonWaffle)
        pic = waffle.picture
        assert pic.looked and pic.seat == 0 and pic.cells[hole_index("C3")][0] == "door"
        caption = waffle.picture.caption
        assert caption.startswith("Ana's side") and "Look" in caption
        assert waffle.render().plain.split("\n")[0].rstrip() == caption
    session = new_saved(saves)
    draw_roll(session, "red", "dragon")
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pass_hand_over(pilot)
        from d6tui.ui.widgets.dice_tray import DiceTray

        text = _screen(app).query_one("#dg-tray", DiceTray).render().plain
        assert "Drag-" in text and "on" in text.split("Drag-")[1] and "Dragn" not in text


@sync
async def test_the_dialogs_sit_beside_the_waffle_and_the_cursor_shows_without_colour(
        saves: Path) -> None:
    """A move's question (here Turn's, how far) is docked beside the waffle, so the die it
    is about stays in sight; the cursor picking that die is marked in plain text."""
    from tests.dungeon.helpers import place

    session = new_saved(saves)
    place(session, "blue", "orc", "C3", side="door")
    end(session)
    give(session, "white", "turn")
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pass_hand_over(pilot)
        screen = _screen(app)
        await start_cast(pilot, screen)
        assert screen.target is not None
        waffle = screen.query_one(DungeonWaffle)
        assert "\u250f" in waffle.render().plain and "\u251b" in waffle.render().plain
        await pilot.press("enter")
        await until_modal(pilot, ChoiceModal)
        box = app.screen.query_one(".modal-box").region
        assert not box.overlaps(waffle.region), (box, waffle.region)
        await pilot.press("escape")
        await settle(pilot)


def test_a_static_is_updated_only_when_its_text_changed() -> None:
    """``put`` skips the update (and its relayout) for an equal string or Text, and makes
    it for new characters, another base style or a string where a Text was."""
    from rich.text import Text

    from d6tui.ui.widgets.static_text import put

    class Shown:  # what put uses of a Static: its content and update
        def __init__(self) -> None:
            self.content: object = ""
            self.updates = 0

        def update(self, content: object) -> None:
            self.content, self.updates = content, self.updates + 1

    s = Shown()
    assert not put(s, "")  # type: ignore[arg-type]
    assert put(s, "» Ana drew") and not put(s, "» Ana drew")  # type: ignore[arg-type]
    assert put(s, Text("» Ana drew"))  # type: ignore[arg-type]
    assert not put(s, Text("» Ana drew"))  # type: ignore[arg-type]
    assert put(s, Text("» Ana drew", style="bold"))  # type: ignore[arg-type]
    assert put(s, Text("» Ana rolled", style="bold"))  # type: ignore[arg-type]
    assert s.updates == 4 and s.content == Text("» Ana rolled", style="bold")


@sync
async def test_the_computers_extra_turn_reroll_names_the_die(saves: Path) -> None:
    """Against the computer, with its dice thrown at the table: the prompt for the die it
    rolls again after paying for an extra turn names that die and says it is the extra
    turn's ("Extra turn"), as the move's dice request does; it said "Roll the die"."""
    from d6tui.games.dungeon.bot import choose

    session = new_saved(saves, seed=2, vs_computer=True)
    computer = session.state.computer
    for _ in range(400):  # the bot plays both seats up to the computer's paid re-roll
        s = session.state
        if s.turn == computer and s.phase == "roll" and s.extra_used:
            break
        move_id, answers = choose(s)
        play(session, move_id, **answers)
    s = session.state
    assert s.turn == computer and s.phase == "roll" and s.extra_used and s.hand is not None
    name = s.design_of(s.hand).name.lower()
    roll = next(m for m in session.moves(computer) if m.id == "roll")
    assert roll.dice[0].label == f"the {name} die again (Extra turn)"
    session.set_table_dice([computer])
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_modal(pilot, TableDiceInput)
        asked = str(app.screen.prompt)
        who = session.state.players[computer]
        assert asked.startswith(f"{who} (computer): Roll the {name} die again (Extra turn)")
