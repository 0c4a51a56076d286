"""Naming things in a tale by keys (R03's portrait and story, J02's places, J06's beaten
monsters): each is an event in the log, undone like a move, and shown where it belongs; and
the personal quest of R03 can be left out on the new-tale form."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from d6tui.engine.registry import games
from d6tui.games.tales import island, naming, records
from d6tui.ui.screens.modals import ChoiceModal, TextPrompt
from d6tui.ui.screens.notes import NoteModal
from d6tui.ui.tales.screen import TalesScreen
from d6tui.ui.tales.widgets import JournalBooklet
from tests.ui.helpers import make_app, settle, sync
from tests.ui.tales_helpers import load_example


async def wait_for(pilot: Pilot, kind: type) -> None:
    for _ in range(40):
        await pilot.pause()
        if isinstance(pilot.app.screen, kind):
            return
    raise AssertionError(f"no {kind.__name__} (on {type(pilot.app.screen).__name__})")


async def back_to(pilot: Pilot) -> None:
    for _ in range(40):
        await pilot.pause()
        if isinstance(pilot.app.screen, TalesScreen) and not any(
                w.is_running for w in pilot.app.workers):
            return


@sync
async def test_the_heros_look_and_story_go_on_j01_and_undo_takes_them_back(
        saves: Path) -> None:
    app = make_app(saves, session=load_example(saves, 133))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TalesScreen)
        await pilot.press("i")
        await wait_for(pilot, NoteModal)
        await pilot.press(*"A red beard", "ctrl+s")
        await wait_for(pilot, NoteModal)
        await pilot.press(*"From the hills", "ctrl+s")
        await back_to(pilot)
        h = screen.tale.hero
        assert h is not None and (h.look, h.story) == ("A red beard", "From the hills")
        assert screen.session.events[-1]["type"] == "hero_described"
        page = screen.query_one(JournalBooklet).render().plain
        assert "A red beard" in page and "From the hills" in page
        await pilot.press("u")
        await settle(pilot)
        assert screen.tale.hero.look == ""  # type: ignore[union-attr]


@sync
async def test_the_personal_quest_is_optional_on_the_form(saves: Path) -> None:
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range([g.slug for g in games()].index("tales")):
            await pilot.press("down")
        await pilot.press("n")
        for _ in range(3):
            await pilot.pause()
        await pilot.press(*"Nell", "tab", "tab", "space")  # the quest's box, unticked
        await pilot.press("tab", "tab", *"5", "ctrl+s")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TalesScreen)
        assert screen.session.header.options["explore"] is False
        assert screen.tale.quests == ()


@sync
async def test_a_monster_a_note_and_a_place_named_by_keys_on_80x24(saves: Path) -> None:
    """One app on the example at #133, 80x24, three checks in turn: a beaten monster is
    named on J06; a note written by key shows under its day on J05 and undo takes it away;
    a place is named from the cursor and shows on J02 and (after the day ends) on J05, and a
    square still hidden cannot be named."""
    app = make_app(saves, session=load_example(saves, 133))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TalesScreen)
        first = naming.beaten(screen.tale)[0]
        await pilot.press("v")
        await wait_for(pilot, ChoiceModal)
        await pilot.press("1")
        await wait_for(pilot, TextPrompt)
        await pilot.press(*"Snaggletooth", "enter")
        await back_to(pilot)
        assert screen.tale.fights[first].name == "Snaggletooth"
        assert records.j06(screen.tale)[first].monster.endswith("'Snaggletooth'")

        await pilot.press("N")
        await wait_for(pilot, NoteModal)
        await pilot.press(*"Fog on the ford", "ctrl+s")
        await back_to(pilot)
        for _ in range(4):
            await pilot.press("right_square_bracket")
        await settle(pilot)
        page = screen.query_one(JournalBooklet).render().plain
        today = page.index("W2 D6")
        assert page.index("Fog on the ford") > today > page.index("W2 D5")
        assert page.index("Days ahead") > page.index("Fog on the ford")
        await pilot.press("u")  # a note is undone like a move: gone from J05
        await settle(pilot)
        assert "Fog on the ford" not in screen.query_one(JournalBooklet).render().plain

        here = screen.tale.pos
        assert here in naming.namable_places(screen.tale)
        await pilot.press("o")
        await wait_for(pilot, TextPrompt)
        await pilot.press(*"Mossy Ford", "enter")
        await back_to(pilot)
        assert screen.tale.squares[here].name == "Mossy Ford"
        assert "Mossy Ford" in screen.session.text_of(len(screen.session.history()) - 1)
        for _ in range(3):  # back from J05 (the note's check) to J02
            await pilot.press("left_square_bracket")
        await settle(pilot)
        assert screen.query_one(JournalBooklet).render().plain.startswith("J02")
        assert "'Mossy Ford'" in screen.query_one(JournalBooklet).render().plain
        await pilot.press("s")  # the day ends here: J05's final square carries the name
        await settle(pilot)
        days = records.j05(screen.tale)
        today = next(x for x in days if x.when == "today")
        assert today.final == f"{island.name(here)} (Mossy Ford)"
        # a square still hidden cannot be named
        hidden = next(i for i in range(36) if i not in naming.namable_places(screen.tale))
        screen.cursor = hidden
        assert not screen.check_action("name_place", ())
