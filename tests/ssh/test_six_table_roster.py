"""Simple Six at a shared table: the GM's seat makes the party with the tracker's own keys
(``c`` a player character, a move the table checks), each new character adds a seat its
player joins, and that player's screen opens on their own sheet with no NPC statistics and
a banner naming no keys (issue 12)."""

from __future__ import annotations

import asyncio

from d6tui.engine.registry import load_rules
from tests.ssh.screen_wait import show
from tests.ui.helpers import make_app, until


def test_the_gm_makes_a_character_and_its_player_joins_that_seat(service, tmp_path):
    from d6tui.ui.simple_six.forms import CharacterForm
    from d6tui.ui.simple_six.screen import SimpleSixScreen
    from d6tui.ui.simple_six.widgets import CharacterSheet, GMTracker
    from tests.ui.test_simple_six_flows import MIRA

    tables = service.service.tables
    table = service.do(lambda: tables.open(load_rules("simple_six"), {"seed": 4}, "gm"))
    assert table.session.rules.seats(table.session.state) == ("GM",)  # no player seat yet

    async def main():
        app = make_app(tmp_path)
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            gm = SimpleSixScreen(service.seat("gm", table.code))
            await show(pilot, gm)
            assert gm.check_action("create", ()) and gm.check_action("add_npc", ())
            assert "c makes a player character" in str(gm.query_one("#banner").render())
            await pilot.press("c")
            assert await until(pilot, lambda: isinstance(app.screen, CharacterForm))
            app.screen.dismiss(MIRA)  # the form's draft, every rule already checked
            assert await until(pilot, lambda: any(
                m.id == "mira" for m in table.session.state.members))
            ev = table.session.events[-1]
            assert ev["type"] == "character_added" and ev["sheet"]["name"] == "Mira"
            assert gm.play("add_npc", {"template": "Orc Warrior", "name": "Orc Warrior 1"})
            assert table.session.rules.seats(table.session.state) == ("GM", "Mira")
            assert gm.check_action("check", ())
            # the tools that write or read files on this machine are off at a table, and
            # their keys say so in one line (issue 12: X, R and I seemed to do nothing)
            before = len(table.session.events)
            for key, what in (("I", "Importing a sheet file"), ("X", "Exporting a sheet"),
                              ("R", "A session record")):
                await pilot.press(key)
                assert await until(pilot, lambda w=what: any(
                    n.message.startswith(f"{w} is off at a shared table")
                    for n in app._notifications)), key
            assert len(table.session.events) == before
            assert not (tmp_path / "sheets").exists() and not (tmp_path / "records").exists()
            app.pop_screen()

            assert service.do(lambda: table.join("mira")) == 1  # the seat named for her
            mira = SimpleSixScreen(service.seat("mira", table.code))
            await show(pilot, mira)
            assert mira.table_seat == 1 and mira.selected == "mira"  # her own sheet
            sheet = str(mira.query_one("#sheet", CharacterSheet).render())
            assert "Mira" in sheet and "Lightning Bolt" in sheet
            assert not mira.check_action("create", ()) and not mira.check_action("check", ())
            banner = str(mira.query_one("#banner").render())
            assert "The GM makes the moves" in banner and "c makes" not in banner
            mira.selected = "orc-warrior-1"
            mira.refresh_game()
            await pilot.pause(0.1)
            shown = str(mira.query_one("#sheet", CharacterSheet).render()) + str(
                mira.query_one("#tracker", GMTracker).render())
            assert "Orc Warrior 1" in shown
            assert "Axe" not in shown and "3D+2" not in shown  # no NPC statistics
            count = len(table.session.events)
            await pilot.press("c")  # a player's seat makes no character
            await pilot.pause(0.2)
            assert len(table.session.events) == count

    asyncio.run(main())
