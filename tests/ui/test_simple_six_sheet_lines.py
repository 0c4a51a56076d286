"""The sheet shows the defenses the campaign's combat system uses (static ones only under Fast
Static Combat; DR under Body Points), and the character form names a missing name once."""

from __future__ import annotations

from pathlib import Path

import pytest

from d6tui.engine.session import Session
from d6tui.games.simple_six import campaign, creation
from d6tui.games.simple_six.rules import RULES
from d6tui.games.simple_six.settings import CampaignSettings
from d6tui.ui.simple_six.forms import CharacterForm
from tests.simple_six.test_campaign import BAELEN, MIRA
from tests.ui.helpers import make_app, sync


@pytest.mark.parametrize(("options", "shown", "hidden"), [
    ({}, ["Block 10", "Soak 10(20)"], ["DR", "Resist"]),
    ({"combat": "traditional"}, ["Resist Might 3D+1 + armor"], ["Block", "Soak"]),
    ({"wounds": "body_points"}, ["Block", "DR "], ["Soak"]),
    ({"combat": "traditional", "wounds": "body_points"}, ["DR "], ["Block", "Soak"]),
])
def test_the_sheet_follows_the_systems(saves: Path, options: dict, shown: list[str],
                                       hidden: list[str]) -> None:
    @sync
    async def run(saves: Path) -> None:
        s = Session.new(RULES, {"seed": 2, **options}, path=saves / "s.toml", title="S")
        for d in (BAELEN, MIRA):
            s.do(campaign.add_character, d, dice=s.dice)
        app = make_app(saves, session=s)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            text = str(app.screen.query_one("#sheet").render())
            for word in shown:
                assert word in text
            for word in hidden:
                assert word not in text

    run(saves)


def test_a_missing_name_is_named_once() -> None:
    form = CharacterForm(CampaignSettings())
    form.draft = lambda: creation.Draft("", {"Might": "3D", "Agility": "3D", "Wit": "3D",
                                              "Charm": "3D"})  # type: ignore[method-assign]
    found = [p for p in form.problems() if "name" in p]
    assert len(found) == 1, found
