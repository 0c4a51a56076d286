"""Fixes from a fresh tester's round of D6 Dungeon (issue 9): the hand-over cover follows the
file, the placing cursor, the lists of moves (the spell list even for one spell: in
test_ui_fixes.py, with the Look it casts)."""

from __future__ import annotations

from pathlib import Path

from d6tui.engine.session import Session
from d6tui.ui.dungeon.screen import HandOver
from tests.dungeon.helpers import end, give, pass_hand_over
from tests.dungeon.test_ui import _screen, new_saved
from tests.ui.helpers import make_app, settle, sync


@sync
async def test_the_hand_over_cover_follows_moves_from_another_writer(saves: Path) -> None:
    """Ben's cover is up; another writer ends Ben's turn: the cover now names Ana, and Enter
    shows Ana's side."""
    session = new_saved(saves)
    give(session, "red", "sword")
    assert session.log is not None
    path = session.log.path
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("e")  # Ana's turn ends: Ben's cover
        await settle(pilot)
        assert isinstance(app.screen, HandOver) and app.screen.who == "Ben"
        other = Session.load(path)
        give(other, "blue", "key")
        end(other)  # Ben's turn, played elsewhere: Ana's again
        other.close()
        screen = _screen(app)
        assert screen.check_file() > 0
        await settle(pilot)
        cover = app.screen
        assert isinstance(cover, HandOver) and cover.who == "Ana"
        words = " ".join(str(w.render()) for w in cover.query("Static"))
        assert "Pass the keyboard to Ana." in words and "Ben" not in words.split(".")[0]
        await pilot.press("enter")
        await settle(pilot)
        assert screen.shown == 0


def _step(at: str, key: str, taken: set[str]) -> str:
    from d6tui.games.dungeon.waffle import hole_index, hole_name
    from d6tui.ui.dungeon.waffle import cursor_step

    dx, dy = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}[key]
    free = frozenset(i for i in range(36) if hole_name(i) not in taken)
    return hole_name(cursor_step(hole_index(at), dx, dy, free))


def test_arrow_keys_skip_taken_holes_straight_on_first() -> None:
    """Placing: an arrow goes over dice already placed to the next empty hole that way."""
    assert _step("B1", "down", {"B2"}) == "B3"  # once stuck on B1
    assert _step("C2", "left", {"B2"}) == "A2"  # once jumped to B1
    assert _step("C2", "left", set()) == "B2"
    # a line full that way: the nearest hole in the next columns, nearest the line first
    assert _step("B2", "left", {"A1", "A2", "A3"}) == "A4"
    assert _step("C3", "right", {"D3", "E3", "F3", "D2", "D4"}) == "D1"
    # nothing free that way: the cursor stays
    assert _step("A1", "left", set()) == "A1"
    assert _step("B6", "down", set()) == "B6"
    assert _step("F2", "right", {"F1"}) == "F2"


@sync
async def test_the_cursor_jumps_over_a_placed_die_on_screen(saves: Path) -> None:
    from tests.dungeon.helpers import draw_roll, place

    session = new_saved(saves)
    place(session, "blue", "orc", "B2")
    end(session)
    give(session, "red", "sword")
    end(session)
    draw_roll(session, "blue", "orc")
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        screen = _screen(app)
        assert screen.placing()
        from d6tui.games.dungeon.waffle import hole_index, hole_name

        screen.cursor = hole_index("B1")
        await pilot.press("down")
        assert hole_name(screen.cursor) == "B3"
        screen.cursor = hole_index("C2")
        await pilot.press("left")
        assert hole_name(screen.cursor) == "A2"


def _long_game(saves: Path) -> Session:
    """A game whose log is longer than a 160x50 screen, at Ana's draw: each of 16 turns
    sets a sword or a key aside."""
    session = new_saved(saves)
    for colour, face in [("green", "sword")] * 6 + [("yellow", "sword")] * 6 + [
            ("black", "key")] * 4:
        give(session, colour, face)
        end(session)
    return session


@sync
async def test_arrows_move_the_placing_cursor_with_a_long_log_after_table_dice(
        saves: Path) -> None:
    """160x50, the log panel longer than the screen, the die typed from table dice: Up and
    Down move the placing cursor, whatever took the focus."""
    from textual.containers import ScrollableContainer

    session = _long_game(saves)
    app = make_app(saves, session=session)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        for _ in range(3):
            if isinstance(app.screen, HandOver):
                await pilot.press("enter")
                await settle(pilot)
        screen = _screen(app)
        from d6tui.ui.screens.dice_prompt import TableDiceInput
        from d6tui.ui.screens.modals import TextPrompt
        from tests.dungeon.test_ui import until_modal
        from tests.ui.helpers import table_dice_seats

        await table_dice_seats(pilot, 1, 2)  # both players throw real dice
        await pilot.press("d")
        await until_modal(pilot, TextPrompt)
        await pilot.press(*"blue", "enter")
        await settle(pilot)
        await pilot.press("r")
        await until_modal(pilot, TableDiceInput)
        await pilot.press(*"orc", "enter")
        await settle(pilot)
        assert screen.placing()
        log = screen.query_one("#log")
        assert log.display and log.max_scroll_y > 0  # longer than the screen
        scrolls = [w for w in screen.query(ScrollableContainer) if w.can_focus]
        for target in [None, *scrolls]:  # as the prompt left it, then each scroll view
            if target is not None:
                target.focus()
                await pilot.pause()
            start = screen.cursor
            await pilot.press("down")
            assert screen.cursor != start, f"down did not move with {target} focused"
            await pilot.press("up")
            assert screen.cursor == start, f"up did not move back with {target} focused"


@sync
async def test_no_their_side_key_after_a_look_into_the_bag(saves: Path) -> None:
    from tests.dungeon.helpers import play
    from tests.dungeon.test_ui_fixes import footer_keys

    session = new_saved(saves)
    give(session, "green", "look")
    end(session)
    give(session, "red", "sword")
    end(session)
    play(session, "cast_look", target="bag:red")  # Ana looks into the bag
    app = make_app(saves, session=session)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        await pass_hand_over(pilot)
        screen = _screen(app)
        assert screen.my_turn() and session.state.looks[0] is not None
        assert "v" not in footer_keys(screen)
        assert not screen.check_action("other_side", ())



def test_every_map_face_has_its_own_mark_whatever_the_case() -> None:
    """Dragon and Door once differed only by case (D, d)."""
    from d6tui.games.dungeon.faces import MAP_FACES
    from d6tui.ui.dungeon.help import HELP

    marks = [f.mark.casefold() for f in MAP_FACES.values() if f.mark.strip()]
    assert len(marks) == len(set(marks))
    for f in MAP_FACES.values():  # and the help's legend names each
        if f.mark.strip():
            assert f"`{f.mark}` {f.name}" in HELP


def test_the_export_legend_is_made_from_the_marks() -> None:
    """The Markdown export's legend at the end names each face by the mark it is drawn
    with."""
    import shutil

    example = Path(__file__).resolve().parents[2] / "saves" / "dungeon-example.toml"
    path = Path(__import__("tempfile").mkdtemp()) / "example.toml"
    shutil.copyfile(example, path)
    s = Session.load(path)
    assert s.state.over
    text = s.rules.export_markdown(s)
    assert "# Door" in text and "D Dragon" in text and "d Door" not in text


def _last_turn_with_decay(saves: Path) -> Session:
    """Ana claims a route along row 1 with one die off it (A3); Ben, holding a Decay, plays
    the last turn: only A3 may be decayed."""
    from tests.dungeon.helpers import place

    session = new_saved(saves)
    dice = ["blue"] * 6
    for col in "ABCDEF":
        place(session, dice.pop(0), "orc", f"{col}1")
        end(session)
        if col == "A":
            give(session, "red", "decay")
        else:
            give(session, "green", "sword")
        end(session)
    place(session, "black", "orc", "A3")
    end(session)
    give(session, "green", "sword")
    end(session)
    give(session, "red", "three_swords")
    end(session)
    give(session, "yellow", "sword")
    end(session)
    give(session, "red", "three_swords")
    from tests.dungeon.helpers import play

    play(session, "claim")
    assert session.state.last_turn and session.state.turn == 1
    return session


@sync
async def test_a_refused_target_keeps_the_pick_open(saves: Path) -> None:
    from d6tui.games.dungeon.waffle import hole_index, own_index
    from tests.dungeon.test_ui_fixes import errors, start_cast

    session = _last_turn_with_decay(saves)
    decay = next(m for m in session.moves() if m.id == "cast_decay")
    assert [v for v, _ in decay.choices[0].options] == ["A3"]
    app = make_app(saves, session=session)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        await pass_hand_over(pilot)
        screen = _screen(app)
        assert screen.shown == 1
        await start_cast(pilot, screen)
        assert screen.target is not None and screen.target.id == "cast_decay"
        screen.cursor = own_index(hole_index("C1"), 1)  # on Ana's route
        await pilot.press("enter")
        await pilot.pause()
        assert screen.target is not None  # still picking
        assert any("C1 is not one of A3" in e for e in errors(app))
        await pilot.press("escape")
        await pilot.pause()
        assert screen.target is None and app.screen is screen  # Escape left the pick only


def test_the_bag_ran_out_scoring_names_its_rulebook_section() -> None:
    from d6tui.ui.dungeon.help import HELP

    words = " ".join(HELP.split())
    at = words.index("3 each if the bag ran out")
    assert "house decision" in words[at:at + 120] and '"End of the Game"' in words[at:at + 120]


def test_score_lines_of_no_points_alike_are_one_line() -> None:
    from d6tui.games.dungeon.export import score_lines
    from tests.dungeon.helpers import place, play
    from tests.dungeon.test_rules import _ben_idles

    s = Session.new("dungeon", {"players": ["Ana", "Ben"], "seed": 1})
    for col in "ABCDEF":
        place(s, "blue", "orc", f"{col}1")
        end(s)
        _ben_idles(s)
    give(s, "red", "three_swords")
    end(s)
    _ben_idles(s)
    give(s, "red", "three_swords")
    play(s, "claim")
    _ben_idles(s)
    assert s.state.over
    lines = score_lines(s.state, 0, s.state.scores[0])
    orcs = [line for line in lines if "Orc defeated" in line]
    assert orcs == ["6 x Orc defeated with 1 sword each at A1, B1, C1, D1, E1, F1: +0"], lines
