"""Simple Six with table dice on: adding an NPC whose Body Points the campaign rolls asks the
table for that roll and keeps the faces typed ("Nonplayer Characters", "Body Points"). The
NPC move took no typed rolls, so the app stopped with a TypeError at the template's name."""

from __future__ import annotations

from pathlib import Path

from d6tui.engine.session import Session
from d6tui.paths import new_save_path
from d6tui.ui.screens.modals import ChoiceModal
from d6tui.ui.simple_six.forms import WildDiceInput
from tests.ui.helpers import make_app, sync


@sync
async def test_an_npc_added_with_table_dice_takes_the_body_points_typed(saves: Path) -> None:
    s = Session.new("simple_six", {"seed": 3, "wounds": "body_points", "body_points": "rolled"},
                    path=new_save_path(saves, "Table NPC"), title="Table NPC")
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("t")  # table dice on, for every seat
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceModal)
        await pilot.press("1", "enter")  # the first template, then its own name
        for _ in range(10):
            if isinstance(app.screen, WildDiceInput):
                break
            await pilot.pause()
        prompt = app.screen
        assert isinstance(prompt, WildDiceInput), type(prompt).__name__
        faces = ["4", "2", "6", "1", "3"][:prompt.dice]
        await pilot.press(*" ".join(faces), "enter")
        for _ in range(10):
            if not isinstance(app.screen, WildDiceInput):
                break
            await pilot.pause()
    added = Session.load(next(saves.glob("*.toml"))).events[-1]
    assert added["type"] == "character_added" and added["sheet"]["name"].startswith("Bandit")
    roll = added["body_roll"]
    assert roll["source"] == "table" and roll["label"] == "Body Points"
    assert [*roll["faces"], *roll["wild"]] == [int(f) for f in faces]
