"""The attack dialog asks the target's hero points ("Hero Points", "Body Points")."""

from __future__ import annotations

from pathlib import Path

from d6tui.games.simple_six import campaign
from d6tui.ui.screens.modals import ChoiceModal
from tests.ui.helpers import make_app, sync
from tests.ui.test_simple_six_flows import new_campaign


@sync
async def test_the_target_spends_a_hero_point_on_his_dodge(saves: Path) -> None:
    s = new_campaign(saves, seed=9, options={"combat": "traditional"})
    s.do(campaign.start_session)
    s.do(campaign.start_combat, ["tam", "sir-baelen"])
    s.do(campaign.start_round, dice=s.dice,
         typed={"tam": ([6, 6, 6], [5]), "sir-baelen": ([1, 1], [1])})
    assert s.state.member("sir-baelen").sheet.hero_points == 1
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        await pilot.press("1")  # the only foe
        await pilot.pause()
        assert isinstance(app.screen, ChoiceModal) and "With what" in app.screen.title_text
        await pilot.press("3")  # bare hands
        await pilot.pause()
        assert "Defensive Options" in app.screen.title_text
        await pilot.press("2")  # dodge
        await pilot.pause()
        await pilot.press("2")  # declared
        await pilot.pause()
        assert "Hero points on the attack" in app.screen.title_text
        await pilot.press("1")  # none
        await pilot.pause()
        modal = app.screen
        assert isinstance(modal, ChoiceModal)
        assert "Sir Baelen's hero points against it" in modal.title_text
        assert "defense roll" in modal.title_text
        await pilot.press("2")  # one
        for _ in range(6):
            await pilot.pause()
            if isinstance(app.screen, ChoiceModal):
                await pilot.press("1")
        ev = next(e for e in reversed(s.events) if e["type"] == "attacked")
        assert ev["defender_hero_points"] == 1
        assert any("hero point" in n for n in ev["defense"]["roll"].get("modifiers", []))
        assert s.state.member("sir-baelen").sheet.hero_points == 0
