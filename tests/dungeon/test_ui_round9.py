"""Pilot tests of what a fresh tester found on the D6 Dungeon screen in session 9 (their
saves are in tests/fixtures/saves): the best-route line squeezed out at 80x24 by long
collections, a spell's pick that a refusal left on screen, notices laid over the log with
its numbers showing, and a drawn route through a Treasure Chest it cannot open."""

from __future__ import annotations

import shutil
from pathlib import Path

from d6tui.engine.session import Session
from d6tui.games.dungeon.crossing import shut_chests, walk_details
from d6tui.games.dungeon.scorer import best_route
from d6tui.games.dungeon.waffle import hole_index, own_index
from d6tui.ui.dungeon.panels import HeldLines, held_lines
from d6tui.ui.dungeon.screen import DungeonScreen
from d6tui.ui.dungeon.waffle import DungeonWaffle
from d6tui.ui.screens.modals import ChoiceModal
from tests.dungeon.helpers import pass_hand_over
from tests.dungeon.test_ui import _screen, until_modal
from tests.dungeon.test_ui_fixes import errors, start_cast
from tests.ui.helpers import make_app, settle, sync

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "saves"
#: Ann's walk does not cross; Bob holds 5 Swords and 9 Two Swords (both lists wrap at
#: 80x24); undone once, Ann places an Orc.
LONG = "dungeon-long-collections.toml"
#: Bob's last turn after Ann's claim, with Turn collected: turning A2 would spoil her route.
LAST_TURN = "dungeon-last-turn-spell.toml"
#: Ann's best route crosses by D2, whose Door takes her only key: the chest at D1 stays shut.
SHUT = "dungeon-shut-chest.toml"


def _open(saves: Path, name: str) -> Session:
    shutil.copyfile(FIXTURES / name, saves / name)
    return Session.load(saves / name)


def _visible(screen: DungeonScreen, wid: str) -> bool:
    """Whether widget ``wid`` of the side panel is laid out whole above the action bar."""
    w = screen.query_one(wid)
    actions = screen.query_one("#dg-actions").region
    return w.region.height >= 2 and w.region.bottom <= actions.y


async def _pause(pilot, times: int = 10) -> None:  # noqa: ANN001
    for _ in range(times):
        await pilot.pause(0.01)


def test_the_collections_count_faces_held_more_than_once(tmp_path: Path) -> None:
    """Bob's 5 Swords and 9 Two Swords are said as counts, Ann's one Key and one Sword
    by name."""
    s = Session.load(shutil.copyfile(FIXTURES / LONG, tmp_path / LONG))
    lines = held_lines(s.state).splitlines()
    assert lines[1] == " Bob: 23 swords, 0 keys, 0 Vorpal; 5\u00d7Sword, 9\u00d7Two Swords"
    assert lines[0].endswith("Three Swords, Two Swords, Sword, 2\u00d7Key")


@sync
async def test_the_best_route_line_shows_at_80x24_whatever_the_collections(
        saves: Path, monkeypatch) -> None:  # noqa: ANN001
    """The tester's game at 80x24, placing an Orc: the line "Best route now ... placed
    here" is on screen above the action bar; with collections of 14 lines it still is (the
    collections take the rows left and scroll), and with short ones they take their rows."""
    app = make_app(saves, session=_open(saves, LONG))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pass_hand_over(pilot)
        await pilot.press("u")
        await settle(pilot)
        screen = _screen(app)
        assert screen.placing()
        preview = screen.query_one("#dg-preview")
        assert "placed here" in str(preview.content)
        assert _visible(screen, "#dg-preview")
        held = screen.query_one("#dg-held", HeldLines)
        assert held.region.height == 5  # the rule, and two rows for each collection

        long = "\n".join(f"line {n} of the collections" for n in range(14))
        monkeypatch.setattr(DungeonScreen, "held_lines", lambda self, seen: long)
        screen.refresh_game()
        await _pause(pilot)
        assert _visible(screen, "#dg-preview") and "placed here" in str(preview.content)
        assert 2 <= held.region.height < 15 and held.max_scroll_y > 0

        monkeypatch.setattr(DungeonScreen, "held_lines", lambda self, seen: "one\ntwo")
        screen.refresh_game()
        await _pause(pilot)
        assert held.region.height == 3  # the rule and its two lines, no blank rows
        assert preview.region.y == held.region.bottom


@sync
async def test_a_refused_spell_ends_the_pick_and_says_so(saves: Path) -> None:
    """Bob's last turn: Turn cast on A2 and a quarter turn chosen is refused (it spoils
    Ann's claimed route). The pick is over: the caption and the action bar no longer ask
    for a die or offer Escape to cancel, and the refusal is said. A pick whose question is
    cancelled (Escape on the quarter turns) ends the same way."""
    app = make_app(saves, session=_open(saves, LAST_TURN))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pass_hand_over(pilot)
        screen = _screen(app)
        waffle = screen.query_one(DungeonWaffle)
        for cancel in (True, False):
            await start_cast(pilot, screen)
            assert screen.target is not None
            assert "pick the die" in waffle.picture.caption
            screen.cursor = own_index(hole_index("A2"), 1)
            await pilot.press("enter")
            await until_modal(pilot, ChoiceModal)
            await pilot.press("escape" if cancel else "1")
            for _ in range(100):
                if app.screen is screen and (cancel or errors(app)):
                    break
                await pilot.pause(0.01)
            await _pause(pilot)
            assert screen.target is None
            assert "pick the die" not in waffle.picture.caption
            assert "Esc" not in screen.actions_text().plain
            assert "pick the die" not in screen.actions_text().plain
        assert any("claimed route" in e for e in errors(app))
        assert screen.session.state.turn == 1  # nothing was played


@sync
async def test_notices_cover_the_log_or_the_panel_edge_to_edge(saves: Path) -> None:
    """At 200x50 the notices of ``b`` lie over the log from its left edge to the right
    (none of its ``#NN`` numbers show beside them); at 80x24 over the side panel, and over
    the log once it is open in the panel's place."""
    from textual.widgets._toast import Toast

    for size, keys, column in (((200, 50), (), "#log"), ((80, 24), (), "#dg-right"),
                               ((80, 24), ("l",), "#log")):
        app = make_app(saves, session=_open(saves, LONG))
        async with app.run_test(size=size, notifications=True) as pilot:
            await settle(pilot)
            await pass_hand_over(pilot)
            for key in keys:
                await pilot.press(key)
                await settle(pilot)
            screen = _screen(app)
            await pilot.press("b")
            await _pause(pilot, 20)
            region = screen.query_one(column).region
            toasts = list(screen.query(Toast))
            assert toasts, size
            for toast in toasts:
                assert (toast.region.x, toast.region.right) == (region.x, size[0]), (size, keys)


@sync
async def test_the_drawn_route_marks_the_chest_it_leaves_shut(saves: Path) -> None:
    """Ann's best route crosses row 2; its Door takes her one key, so the Treasure Chest at
    D1 it walks through stays shut: drawn struck through (the Treasure Chamber at C1 is
    not), named in the caption, and in the words of ``b``."""
    app = make_app(saves, session=_open(saves, SHUT))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pass_hand_over(pilot)
        screen = _screen(app)
        waffle = screen.query_one(DungeonWaffle)
        assert waffle.picture.shut == frozenset()  # no route drawn yet
        await pilot.press("b")
        await _pause(pilot)
        d1, c1 = hole_index("D1"), hole_index("C1")
        assert waffle.picture.shut == {d1} and {c1, d1} <= waffle.picture.route
        assert "chest D1 shut" in waffle.picture.caption
        notice = screen.route_notice()
        assert notice.startswith("Your best route is drawn: A2-B2-C2-D2-E2-F2 (")
        assert "Treasure Chamber at C1" in notice
        assert "a Treasure Chest at D1 stays shut: no key left for it" in notice
        drawn = waffle.render_view(waffle.picture)
        marks = {span.style.strike for span in drawn.spans  # type: ignore[union-attr]
                 if drawn.plain[span.start:span.end] in ("c", "$")}
        assert marks == {True, None} or marks == {True, False}


def test_a_walk_that_does_not_cross_names_its_holes_and_treasures(tmp_path: Path) -> None:
    """Ann's walk in the tester's game enters at A2 and does not cross: the words name
    the other holes it walks and what it wins (the chest it opens with its spare key)."""
    s = Session.load(shutil.copyfile(FIXTURES / LONG, tmp_path / LONG))
    s.undo()
    cells = s.state.side(0)
    route = best_route(cells, s.state.budget(0), 5, limit=1000)
    assert not route.complete and shut_chests(route, cells) == frozenset()
    assert walk_details(route, cells, 0) == (
        "through B2, C1, C2, D1, D2, E2, E3; Treasure Chamber at C1 and E3; "
        "Treasure Chest opened with a key at D1")
