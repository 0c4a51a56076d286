"""Heal from the magic key: the screen asks for the patient only, not a TN nor the castings
today (counted from the log: a second Heal the same day is +10), and a success lowers the
patient's wound level ("The Grimoire")."""

from __future__ import annotations

from pathlib import Path

from d6tui.engine.session import Session
from d6tui.games.simple_six import campaign
from d6tui.games.simple_six.rules import RULES
from d6tui.games.simple_six.wounds import WoundLevel
from d6tui.ui.screens.modals import ChoiceModal
from d6tui.ui.simple_six.screen import SimpleSixScreen
from tests.simple_six.test_campaign import BAELEN, MELKOT, MIRA, ORC
from tests.ui.helpers import make_app, pick_number, sync


@sync
async def test_heal_asks_for_the_patient(saves: Path) -> None:
    s = Session.new(RULES, {"seed": 5}, path=saves / "heal.toml", title="Heal")
    for d in (BAELEN, MIRA, MELKOT, ORC):
        s.do(campaign.add_character, d, dice=s.dice)
    s.do(campaign.start_combat, ["orc", "mira"])
    s.do(campaign.attack, "orc", "mira", skill="Axe", weapon="Axe", defense="dodge",
         typed={"attack": ([6, 6, 6], [6, 6, 2]), "damage": ([2] * 5, [4])})
    s.do(campaign.end_combat)
    assert s.state.member("mira").wounds.level == WoundLevel.WOUNDED
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SimpleSixScreen)
        screen.selected = "melkot"
        screen.table_mode = False
        for tn in (15, 25):
            if s.state.member("mira").wounds.level < WoundLevel.WOUNDED:
                break
            await pilot.press("m")
            await pilot.pause()
            labels = [label for label, _v in app.screen.options]
            assert "Heal (TN by the target's wounds)" in labels
            await pick_number(pilot, labels.index("Heal (TN by the target's wounds)") + 1)
            await pilot.pause()
            modal = app.screen
            assert isinstance(modal, ChoiceModal) and "heals whom" in modal.title_text
            assert [v for _l, v in modal.options] == ["mira"]
            await pilot.press("1")  # no question of castings today
            await pilot.pause()
            # Melkot's hero point: asked before the roll ("Hero Points")
            assert "Hero points on casting Heal" in app.screen.title_text
            await pick_number(pilot, 0)  # none
            await app.workers.wait_for_complete()
            await pilot.pause()
            ev = s.events[-1]
            assert ev["type"] == "spell_cast" and ev["target"] == "mira" and ev["tn"] == tn
            if ev["roll"]["total"] >= tn:
                assert s.state.member("mira").wounds.level == WoundLevel.STUNNED
            else:
                assert s.state.member("mira").wounds.level == WoundLevel.WOUNDED
