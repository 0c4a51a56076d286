"""Table dice on a game's own screen at a shared table: ``t`` switches this seat's own dice
(the table's ``set_table_dice``; the other seats keep theirs), and the next draw of this seat
is asked in the prompt and reaches the table as typed."""

from __future__ import annotations

import asyncio

from tests.ssh.screen_wait import show
from tests.ssh.seats import ann_and_bob_dungeon
from tests.ui.helpers import make_app, until


def test_the_dungeon_screens_t_switches_this_seats_own_dice_at_a_table(service, tmp_path):
    from d6tui.ui.dungeon.screen import DungeonScreen
    from d6tui.ui.screens.dice_prompt import DrawPrompt

    table = ann_and_bob_dungeon(service)

    async def main():
        app = make_app(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            ann = DungeonScreen(service.seat("ann", table.code))
            await show(pilot, ann)
            await pilot.press("t")  # no list of seats at a table: Ann's own dice
            assert await until(pilot, lambda: table.session.table_dice_for(0))
            assert not table.session.table_dice_for(1)
            await pilot.press("d")
            assert await until(pilot, lambda: isinstance(app.screen, DrawPrompt))
            await pilot.press(*"white", "enter")
            assert await until(pilot, lambda: table.session.events[-1]["type"] == "die_drawn")
            assert table.session.events[-1]["draw"]["source"] == "table"

    asyncio.run(main())
