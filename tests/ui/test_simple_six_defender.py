"""The attack dialog asks the target's hero points ("Hero Points", "Body Points")."""

from __future__ import annotations

from pathlib import Path

from d6tui.games.simple_six import campaign
from d6tui.ui.screens.modals import ChoiceModal
from tests.ui.helpers import attack_box, make_app, sync
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
        box = app.screen
        assert "h hero points 0 (up to 1" in str(box.query_one("#attack-lines").render())
        # the only foe, bare hands, a declared dodge, no hero points on the attack
        await attack_box(pilot, "sir-baelen", weapon=None, defense="dodge", declared=True)
        modal = app.screen
        assert isinstance(modal, ChoiceModal)
        assert "Sir Baelen's hero points against it" in modal.title_text
        assert "defense roll" in modal.title_text
        await pilot.press("1")  # one: numbered by the points
        for _ in range(6):
            await pilot.pause()
            if isinstance(app.screen, ChoiceModal):
                await pilot.press("1")
        ev = next(e for e in reversed(s.events) if e["type"] == "attacked")
        assert ev["defender_hero_points"] == 1
        assert any("hero point" in n for n in ev["defense"]["roll"].get("modifiers", []))
        assert s.state.member("sir-baelen").sheet.hero_points == 0
