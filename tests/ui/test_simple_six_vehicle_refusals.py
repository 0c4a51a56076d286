"""The vehicles view refuses with a notice, never a crash: `r` on a destroyed vehicle, `c` on
a destroyed one, `f` with nobody able to fire, and a rule refusal escaping a key handler."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from d6tui.games.simple_six import vehicle_commands as vc
from d6tui.games.simple_six.vehicle_log import put, vehicle
from d6tui.games.simple_six.vehicle_stats import templates
from d6tui.games.simple_six.wounds import WoundLevel
from d6tui.ui.screens.modals import ChoiceModal
from d6tui.ui.simple_six.vehicles_view import VehiclesScreen
from tests.ui.helpers import make_app, settle, sync
from tests.ui.test_simple_six_vehicles import crew_session


def notices(app) -> list[str]:  # type: ignore[no-untyped-def]
    return [str(n.message) for n in app._notifications]


@sync
async def test_repair_and_crew_of_a_destroyed_vehicle_are_refused_at_80x24(
        saves: Path) -> None:
    s = crew_session(saves)
    by = {t.name: t for t in templates()}
    s.do(vc.add_vehicle, by["Star Fighter"], "Red Five")
    s.do(vc.add_vehicle, by["Star Yacht"], "Lucky Lady")
    s.do(vc.crew_vehicle, "Red Five", "ace")
    # Red Five is shot to pieces (the state as a Dead-level hit leaves it)
    s.state = put(s.state, replace(vehicle(s.state, "Red Five"), level=WoundLevel.DEAD,
                                   pilot=None))
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("V")
        await pilot.pause()
        view = app.screen
        assert isinstance(view, VehiclesScreen) and view.selected == "red-five"
        await pilot.press("r")
        await settle(pilot)
        assert app.is_running and app.screen is view
        assert any("nothing left to repair" in n for n in notices(app))
        await pilot.press("c")
        await settle(pilot)
        assert app.screen is view
        assert any("nobody can crew it" in n for n in notices(app))
        # Lucky Lady: nobody aboard another vehicle has a gun, nobody carries a ranged weapon
        await pilot.press("j", "f")
        await settle(pilot)
        assert app.screen is view
        assert any("Nobody can fire on Lucky Lady" in n for n in notices(app))
        # Ace is free (Red Five lost its pilot): crewing Lucky Lady lists him, not Red Five's
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceModal)
        await pilot.press("2")
        await pilot.pause()
        if isinstance(app.screen, ChoiceModal):  # who else is aboard: nobody
            await pilot.press("enter")
        await settle(pilot)
        assert vehicle(s.state, "Lucky Lady").pilot == "ace"
        assert "Ace (pilot)" in str(view.query_one("#vdetails").render())


@sync
async def test_a_refusal_escaping_a_key_handler_is_a_notice(saves: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from d6tui.engine.errors import RuleError
    from d6tui.games.simple_six import vehicles as vr

    s = crew_session(saves)
    by = {t.name: t for t in templates()}
    s.do(vc.add_vehicle, by["Star Fighter"], "Red Five")

    def broken(v, part):  # type: ignore[no-untyped-def]
        raise RuleError("no such repair", "Repairing Vehicles")

    monkeypatch.setattr(vr, "damaged_parts", lambda v: ["structure"])
    monkeypatch.setattr(vr, "repair_job", broken)
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("V")
        await pilot.pause()
        await pilot.press("r")
        await settle(pilot)
        assert app.is_running
        assert any("no such repair" in n for n in notices(app))
