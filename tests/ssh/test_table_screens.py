"""The games' own screens at a shared table, with the tables service in a thread: each
terminal plays its own seat (no hand-over), a move goes to the table, and another seat's
screen redraws on the change notice."""

from __future__ import annotations

import asyncio
import os

import pytest

from d6tui.engine.registry import GAMES_PATH_ENV, load_rules
from d6tui.ui.screens.game import TableChanged
from tests.ssh.screen_wait import screen_over, show
from tests.ssh.seats import ann_and_bob_dungeon
from tests.ui.helpers import make_app, until

TOY_GAMES = os.path.join(os.path.dirname(__file__), "..", "fixtures", "games")



@pytest.fixture
def toy_games(monkeypatch):
    import d6tui.games

    monkeypatch.setenv(GAMES_PATH_ENV, TOY_GAMES)
    monkeypatch.setattr(d6tui.games, "__path__", list(d6tui.games.__path__))



def test_the_generic_screen_plays_one_seat_and_redraws_on_a_notice(service, toy_games,
                                                                   tmp_path):
    from d6tui.ui.screens.generic import GenericGameScreen

    tables = service.service.tables
    table = service.do(lambda: tables.open(load_rules("toy_dice"),
                                           {"players": ["Ann", "Bob"], "target": 20,
                                            "seed": 3}, "ann"))
    service.do(lambda: table.join("bob"))

    async def main():
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            ann = GenericGameScreen(service.seat("ann", table.code))
            await show(pilot, ann)
            status = str(ann.query_one("#generic-status").render())
            assert f"To move: Ann.  You: Ann (seat 1) at table {table.code}." in status
            await pilot.press("1")  # roll
            assert await until(pilot, lambda: len(table.session.events) == 2)
            assert table.session.events[-1]["table_seat"] == 0
            bob = GenericGameScreen(service.seat("bob", table.code))
            await show(pilot, bob)
            moves = bob.query_one("#generic-moves")
            assert "waiting for the others" in str(moves.get_option_at_index(0).prompt)
            before = len(bob.session.events)
            service.do(lambda: table.play("ann", "hold") if table.session.state.pot else
                       table.play("bob", "roll"))
            bob.post_message(TableChanged(table.code))
            assert await until(pilot, lambda: len(bob.session.events) == before + 1)
            assert bob.session.state == table.view("bob")

    asyncio.run(main())


def test_the_dungeon_screen_shows_this_seats_side_with_no_hand_over(service, tmp_path):
    from d6tui.ui.dungeon.screen import DungeonScreen
    from d6tui.ui.dungeon.waffle import DungeonWaffle

    table = ann_and_bob_dungeon(service)

    async def main():
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            bob = DungeonScreen(service.seat("bob", table.code))
            await show(pilot, bob)
            assert app.screen is bob  # no hand-over screen at a table
            assert bob.query_one("#waffle", DungeonWaffle).picture.caption == "Bob's side"
            assert not bob.my_turn() and bob._move("draw") is None
            await pilot.press("d")  # not Bob's turn: nothing is sent
            await pilot.pause(0.1)
            assert len(table.session.events) == 1
            service.do(lambda: table.play("ann", "draw"))
            bob.post_message(TableChanged(table.code))
            assert await until(pilot, lambda: bob.dungeon.phase == "roll")
            assert "Ann drew" in str(bob.query_one("#dg-latest").render())

    asyncio.run(main())


def test_the_shooter_screen_waits_for_the_seat_to_move(service, tmp_path):
    from d6tui.ui.shooter.screen import ShooterScreen

    tables = service.service.tables
    table = service.do(lambda: tables.open(load_rules("shooter"),
                                           {"players": ["Ann", "Bob"], "seed": 2}, "ann"))
    service.do(lambda: table.join("bob"))

    async def main():
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            bob = ShooterScreen(service.seat("bob", table.code))
            await show(pilot, bob)
            bar = str(bob.query_one("#actions").render())
            assert "Waiting for Ann to act." in bar and "You: Bob (seat 2)" in bar
            assert bob.legal == []
            assert "Bob's hand" in str(bob.query_one("#store").render())
            ann = ShooterScreen(service.seat("ann", table.code))
            await show(pilot, ann)
            assert ann.legal and "Ann to act:" in str(ann.query_one("#actions").render())
            await pilot.press("d")  # draw
            assert await until(pilot, lambda: len(table.session.events) == 2)

    asyncio.run(main())


def test_a_spectator_of_d6_dungeon_sees_the_dice_placed_but_no_face(service, tmp_path):
    from d6tui.games.dungeon.view import view
    from d6tui.ui.dungeon.screen import DungeonScreen
    from d6tui.ui.dungeon.waffle import DungeonWaffle

    table = ann_and_bob_dungeon(service)
    table.computer = {0, 1}  # the computer plays both seats until two dice are placed
    for _ in range(200):
        if sum(h is not None for h in table.session.state.holes) >= 2:
            break
        service.do(table.computer_move)
    table.computer = set()
    placed = [i for i, h in enumerate(table.session.state.holes) if h is not None]
    assert len(placed) >= 2 and not table.session.state.over
    service.do(lambda: table.watch("cy"))

    async def main():
        app = make_app(tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            cy = DungeonScreen(service.seat("cy", table.code))
            await show(pilot, cy)
            picture = cy.query_one("#waffle", DungeonWaffle).picture
            assert "Ann's side" not in picture.caption and "Watching" in picture.caption
            assert all(cell is None for cell in picture.cells)  # no face shown
            seen = view(table.session.state, None)
            assert len(picture.filled) == sum(h is not None for h in seen.holes) >= 2

    asyncio.run(main())


def test_the_simple_six_screen_plays_the_gms_seat_and_shows_a_player_no_npc_stats(
        service, tmp_path):
    """Issue 12: the GM's seat sees everything and makes the game's moves from its own
    screen; a player's seat sees the tracker and the sheets without NPC statistics
    (``view(state, seat)``) and its keys make nothing."""
    from d6tui.games.simple_six import campaign
    from d6tui.games.simple_six.campaign import add_from_template
    from d6tui.games.simple_six.templates import templates
    from d6tui.ui.simple_six.screen import SimpleSixScreen
    from d6tui.ui.simple_six.widgets import CharacterSheet, GMTracker
    from tests.ui.test_simple_six_flows import MIRA, TAM

    tables = service.service.tables
    table = service.do(lambda: tables.open(load_rules("simple_six"), {"seed": 4}, "gm"))
    orc = next(t for t in templates() if t.name == "Orc Warrior")

    def roster():
        s = table.session
        for d in (MIRA, TAM):
            s.do(campaign.add_character, d, dice=s.dice)
        s.do(add_from_template, orc, "Orc Warrior 1", dice=s.dice)

    service.do(roster)
    assert service.do(lambda: table.join("mira")) == 1

    async def main():
        app = make_app(tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            mira = SimpleSixScreen(service.seat("mira", table.code))
            await show(pilot, mira)
            assert mira.at_table and mira.table_seat == 1
            orc_seen = mira.campaign.member("orc-warrior-1")
            assert orc_seen.sheet.attributes == () and orc_seen.sheet.weapons == ()
            mira.selected = "orc-warrior-1"
            mira.refresh_game()
            await pilot.pause(0.1)
            shown = str(mira.query_one("#sheet", CharacterSheet).render()) + str(
                mira.query_one("#tracker", GMTracker).render())
            assert "Orc Warrior 1" in shown
            assert "Axe" not in shown and "3D+2" not in shown  # no NPC statistics
            assert not mira.check_action("session", ()) and not mira.check_action("moves", ())
            await pilot.press("s")  # a player's seat has no moves: nothing is sent
            await pilot.pause(0.1)
            count = len(table.session.events)
            gm = SimpleSixScreen(service.seat("gm", table.code))
            await show(pilot, gm)
            assert gm.campaign.member("orc-warrior-1").sheet.attributes  # the GM sees all
            gm.selected = "orc-warrior-1"
            gm.refresh_game()
            await pilot.pause(0.1)
            gm_sheet = str(gm.query_one("#sheet", CharacterSheet).render())
            assert "Axe" in gm_sheet and "3D+2" in gm_sheet
            assert gm.check_action("session", ())
            await pilot.press("s")  # the session starts: a move sent to the table
            assert await until(pilot, lambda: len(table.session.events) == count + 1)
            assert table.session.state.in_session
            app.pop_screen()
            mira.post_message(TableChanged(table.code))
            assert await until(pilot, lambda: mira.campaign.in_session)
            assert mira.campaign.member("orc-warrior-1").sheet.attributes == ()

    asyncio.run(main())


def test_simple_six_dice_typed_at_the_gms_seat_reach_the_table(service, tmp_path):
    """"The Wild Die": with table dice on for the GM's seat, a spell's Magic roll is typed in
    the screen's prompt (the dry run made on the GM's view) and the table records those
    faces ("Casting Spells")."""
    from d6tui.games.simple_six import campaign
    from d6tui.ui.simple_six.forms import WildDiceInput
    from d6tui.ui.simple_six.screen import SimpleSixScreen
    from tests.ui.test_simple_six_flows import MIRA

    tables = service.service.tables
    table = service.do(lambda: tables.open(load_rules("simple_six"), {"seed": 4}, "gm"))
    service.do(lambda: table.session.do(campaign.add_character, MIRA,
                                        dice=table.session.dice))
    service.do(lambda: table.set_table_dice("gm", True))

    async def main():
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            gm = SimpleSixScreen(service.seat("gm", table.code))
            await show(pilot, gm)
            assert gm.table_mode
            count = len(table.session.events)
            gm.run_worker(gm.roll_move("cast", {"caster": "mira", "spell": "Light"},
                                       shape="map", who="Mira"))
            assert await until(pilot, lambda: isinstance(app.screen, WildDiceInput))
            n = app.screen.dice
            keys = [k for face in ["4"] * (n - 1) + ["w", "3"] for k in (face, "space")]
            await pilot.press(*keys[:-1], "enter")
            assert await until(pilot, lambda: len(table.session.events) == count + 1)
            ev = table.session.events[-1]
            assert ev["type"] == "spell_cast" and ev["roll"]["source"] == "table"
            assert ev["roll"]["faces"] == [4] * (n - 1) and ev["roll"]["wild"][0] == 3

    asyncio.run(main())


def test_a_simple_six_player_who_wrote_a_note_still_has_no_gm_keys(service, tmp_path):
    """Issue 12: a player's note makes ``undo`` legal for that seat, yet the seat is still
    a player's: no ``c``, ``n``, ``M`` or any key that acts, and a banner naming none."""
    from d6tui.games.simple_six import campaign
    from d6tui.ui.simple_six.screen import SimpleSixScreen
    from tests.ui.test_simple_six_flows import MIRA, TAM

    tables = service.service.tables
    table = service.do(lambda: tables.open(load_rules("simple_six"), {"seed": 4}, "gm"))

    def roster():
        s = table.session
        for d in (MIRA, TAM):
            s.do(campaign.add_character, d, dice=s.dice)

    service.do(roster)
    assert service.do(lambda: table.join("ben")) == 1

    async def main():
        app = make_app(tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            ben = SimpleSixScreen(service.seat("ben", table.code))
            await show(pilot, ben)
            ben.session.write_note("Zed looks shifty")
            ben.refresh_game()
            await pilot.pause(0.1)
            assert any(m.id == "undo" for m in ben.session.moves())  # his note's undo
            for action in ("create", "add_npc", "session", "moves", "check", "fight"):
                assert not ben.check_action(action, ()), action
            banner = str(ben.query_one("#banner").render())
            assert "The GM makes the moves" in banner and "c makes" not in banner
            shown = {a.binding.action for a in ben.active_bindings.values()
                     if a.binding.show and a.enabled}
            assert not shown & {"create", "add_npc", "moves"}

    asyncio.run(main())


@pytest.mark.parametrize(("slug", "options", "own"), [
    ("tales", {"race": "human"}, True), ("simple_six", {}, True),
    ("dungeon", {"players": ["Ann", "Bob"]}, True), ("shooter", {"players": ["Ann", "Bob"]}, True),
    ("d6_board", {"players": ["Ann", "Bob"]}, True),
])
def test_each_games_screen_at_a_table_and_t_reaches_the_lobby_from_it(service, tmp_path, slug,
                                                                      options, own):
    """A screen that acts by its own commands gives way to the generic one at a table
    (``own``: the game's screen plays a seat itself). Issue 12: ``T`` is the server's Tables
    key on every game screen at a table (D6 Shooter's own ``T``, always table dice, and
    Simple Six's, time passes, give way there), and it is among the keys the Footer shows.
    One app per game for both."""
    from d6tui.engine.registry import game_info
    from d6tui.ui.screens.generic import GenericGameScreen

    tables = service.service.tables
    table = service.do(lambda: tables.open(load_rules(slug), {**options, "seed": 1}, "ann"))
    asked = []

    async def main():
        app = make_app(tmp_path)
        app.action_tables = lambda: asked.append(type(app.screen).__name__)
        async with app.run_test(size=(160, 40)) as pilot:
            app.bind("T", "tables", description="Tables")  # as a d6tui started by d6tui serve
            home = app.screen
            app.show_game(service.seat("ann", table.code))
            screen = await screen_over(pilot, home)
            own_screen = game_info(slug).screen.rpartition(":")[2]
            assert type(screen).__name__ == (own_screen if own else "GenericGameScreen")
            assert own or isinstance(screen, GenericGameScreen)
            assert screen.at_table and screen.table_seat == 0
            active = screen.active_bindings.get("T")
            assert active is not None and active.binding.action == "tables" and \
                active.binding.show, (slug, active)
            await pilot.press("T")
            await until(pilot, lambda: asked, 2.0)
            assert asked == [type(screen).__name__]

    asyncio.run(main())


def test_shooters_own_t_stays_at_one_keyboard(tmp_path):
    """Away from a table D6 Shooter's ``T`` still asks for table dice on every roll."""
    from d6tui.engine.session import Session
    from d6tui.ui.shooter.screen import ShooterScreen

    session = Session.new(load_rules("shooter"), {"players": ["Ann", "Bob"], "seed": 1})

    async def main():
        app = make_app(tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = ShooterScreen(session)
            await show(pilot, screen)
            await pilot.press("T")
            await until(pilot, lambda: session.table_all, 2.0)
            assert session.table_all

    asyncio.run(main())


def test_leaving_a_simple_six_fight_at_a_table(service, tmp_path):
    """Issue 12: a player's seat leaves the fight for the lobby at once (the GM's fight
    goes on); the GM is asked, with the lobby named, not the home screen."""
    from d6tui.games.simple_six import campaign
    from d6tui.ui.screens.modals import ConfirmModal
    from d6tui.ui.simple_six.screen import SimpleSixScreen
    from tests.ui.test_simple_six_flows import MIRA, TAM

    tables = service.service.tables
    table = service.do(lambda: tables.open(load_rules("simple_six"), {"seed": 4}, "gm"))

    def roster():
        s = table.session
        for d in (MIRA, TAM):
            s.do(campaign.add_character, d, dice=s.dice)
        s.do(campaign.start_session)
        s.do(campaign.start_combat, ["mira", "tam"])

    service.do(roster)
    assert service.do(lambda: table.join("ben")) == 1

    async def main():
        app = make_app(tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            ben = SimpleSixScreen(service.seat("ben", table.code))
            await show(pilot, ben)
            assert ben.campaign.combat is not None
            await pilot.press("escape")
            assert await until(pilot, lambda: app.screen is not ben)
            assert not isinstance(app.screen, ConfirmModal)
            gm = SimpleSixScreen(service.seat("gm", table.code))
            await show(pilot, gm)
            await pilot.press("escape")
            assert await until(pilot, lambda: isinstance(app.screen, ConfirmModal))
            words = " ".join(str(w.render()) for w in app.screen.query("Static"))
            assert "Leave the fight (round" in words and "for the lobby?" in words, words
            assert "home screen" not in words
            # the buttons say what each does: leave, or stay (not "Keep it")
            from textual.widgets import Button

            labels = [str(b.label) for b in app.screen.query(Button)]
            assert labels == ["Leave (y)", "Stay (n)"], labels

    asyncio.run(main())
