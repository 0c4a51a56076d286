"""The character sheet is drawn with the campaign's own copy of the content, as its rules read
it, even when the user's override has changed since the campaign began (DESIGN "The log")."""

from __future__ import annotations

import os
import re
from pathlib import Path

from d6tui.engine.session import Session
from d6tui.ui.simple_six.screen import SimpleSixScreen
from d6tui.ui.simple_six.widgets import CharacterSheet
from tests.simple_six.test_campaign import party
from tests.ui.helpers import make_app, sync

#: Chainmail 9 and Shield 4 in this campaign (the shipped Chainmail is 6).
ARMOR = """
[[armor]]
name = "Leather"
value = 1

[[armor]]
name = "Chainmail"
value = 9

[[armor]]
name = "Shield"
value = 4
shield = true
"""


@sync
async def test_the_sheet_shows_the_campaigns_armor(saves: Path) -> None:
    override = Path(os.environ["D6TUI_CONFIG"]) / "simple_six.toml"
    override.parent.mkdir(parents=True, exist_ok=True)
    override.write_text(ARMOR, encoding="utf-8")
    party(path=saves / "armor.toml")
    override.unlink()
    app = make_app(saves, session=Session.load(saves / "armor.toml"))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SimpleSixScreen)
        screen.selected = "sir-baelen"  # Chainmail and Shield
        screen.refresh_game()
        await pilot.pause()
        text = str(screen.query_one(CharacterSheet).render())
        base, total = map(int, re.search(r"Soak (\d+)\((\d+)\)", text).groups())
        assert total - base == 9 + 4
