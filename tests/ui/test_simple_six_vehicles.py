"""The vehicles view at 80x24, from the keyboard: add vehicles from templates, crew one, fire
on the other (with d6tui's dice, then with table dice typed, the damage chart's 1D included),
a chase's turn, and a vehicle removed after asking."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input, Static

from d6tui.engine.session import Session
from d6tui.games.simple_six import campaign
from d6tui.games.simple_six.creation import Draft
from d6tui.games.simple_six.vehicle_log import vehicle
from d6tui.games.simple_six.vehicle_stats import templates
from d6tui.ui.screens.dice_prompt import TableDiceInput
from d6tui.ui.screens.modals import ChoiceModal, TextPrompt
from d6tui.ui.simple_six.forms import WildDiceInput
from d6tui.ui.simple_six.screen import SimpleSixScreen
from d6tui.ui.simple_six.vehicles_view import VehiclesScreen
from tests.ui.helpers import enter_faces, make_app, pick_number, settle, sync

ACE = Draft("Ace", {"Might": "2D", "Agility": "4D", "Wit": "3D", "Charm": "3D"},
            skills={"Pilot": "2D", "Gunnery": "1D", "Repair": "2D"}, npc=True)
RIVAL = Draft("Rival", {"Might": "2D", "Agility": "3D", "Wit": "2D", "Charm": "2D"},
              skills={"Pilot": "1D"}, npc=True)


def crew_session(saves: Path) -> Session:
    s = Session.new("simple_six", {"seed": 4, "combat": "traditional",
                                   "skill_list": "imperium"},
                    path=saves / "ships.toml", title="Ships")
    for d in (ACE, RIVAL):
        s.do(campaign.add_character, d, dice=s.dice)
    return s


async def add(pilot: Pilot, template: str, name: str) -> None:
    """Add a vehicle with ``a``: pick ``template`` in the template list by its number, then
    put ``name`` in place of the name offered and press Enter (typing in a text prompt is
    checked in tests of the prompts)."""
    await pilot.press("a")
    await pilot.pause()
    modal = pilot.app.screen
    assert isinstance(modal, ChoiceModal)
    index = [t.name for t in templates()].index(template)
    assert "\u2302" in modal.options[index][0]  # a house template, marked
    await pick_number(pilot, index + 1)
    await pilot.pause()
    prompt = pilot.app.screen
    assert isinstance(prompt, TextPrompt)
    prompt.query_one(Input).value = name
    await pilot.press("enter")
    await settle(pilot)


@sync
async def test_add_crew_fire_on_chase_and_remove_vehicles_at_80x24(saves: Path) -> None:
    """One campaign's screen at 80x24, in turn: ``V`` lists the vehicles; two are added from
    house templates (the one just added picked), Ace crews Red Five (a one-seat fighter asks
    no more) and fires on Lucky Lady, told in the view; with table dice every roll is asked,
    the damage chart's 1D too; then, the rival at the yacht's helm and a chase begun, the
    chase's turn asks close or open (the usual one first), and ``x`` asks before removing
    a vehicle (n keeps it, y removes it)."""
    s = crew_session(saves)
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, SimpleSixScreen)
        game = app.screen
        await pilot.press("V")
        await pilot.pause()
        view = app.screen
        assert isinstance(view, VehiclesScreen)
        await add(pilot, "Star Fighter", "Red Five")
        await add(pilot, "Star Yacht", "Lucky Lady")
        assert [v.name for v in s.state.vehicles] == ["Red Five", "Lucky Lady"]
        assert view.selected == "lucky-lady"  # the one just added is picked
        await pilot.press("k")
        assert view.selected == "red-five"  # Ace pilots it
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("2")  # 1 is "nobody", 2 is Ace; a one-seat fighter asks no more
        await settle(pilot)
        assert vehicle(s.state, "red-five").pilot == "ace"
        # pick the yacht and fire on it from Red Five, one gun, short range
        await pilot.press("j")
        assert view.selected == "lucky-lady"
        await pilot.press("f")
        await pilot.pause()
        shots = app.screen
        assert isinstance(shots, ChoiceModal)
        assert shots.options[0][0].startswith("Ace from Red Five: Laser Cannon")
        await pilot.press("1")
        await pilot.pause()
        await pilot.press("1")  # 1 gun
        await pilot.pause()
        await pilot.press("1")  # short range
        await settle(pilot)
        assert app.screen is view
        last = s.events[-1]
        assert last["type"] == "vehicle_attacked" and last["attacker"] == "ace"
        assert last["attack"]["rolled"] == "4D"
        text = str(view.query_one("#vlast", Static).render())
        assert "Ace fired Laser Cannon at Lucky Lady" in text
        svg = app.export_screenshot()
        for seen in ("Red&#160;Five&#160;\u2302", "Lucky&#160;Lady", "Laser&#160;Turret",
                     "Fire&#160;on"):
            assert seen in svg, seen
        # table dice: every roll is asked, the damage chart's 1D too
        await pilot.press("t")
        assert game.table_mode
        await pilot.press("f", "1", "1", "1")
        await pilot.pause()
        for faces in ("6 6 6 5", "3 3 2 2 2", "1 1 1 2", "4"):
            await pilot.pause()
            modal = app.screen
            assert isinstance(modal, WildDiceInput | TableDiceInput), modal
            await enter_faces(pilot, faces)
        await settle(pilot)
        last = s.events[-1]
        assert last["hits"][0]["location"] == {"dice": "1d6", "faces": [4], "source": "table",
                                               "label": "damage chart for Lucky Lady"}
        assert vehicle(s.state, "lucky-lady").level > 0
        import os
        if os.environ.get("VEH_SVG"):
            Path(os.environ["VEH_SVG"]).write_text(app.export_screenshot())
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is game
        # the rival crews the yacht and a chase begins at medium range, table dice off
        from d6tui.games.simple_six import vehicle_commands as vc
        from d6tui.ui.screens.modals import ConfirmModal

        s.do(vc.crew_vehicle, "Lucky Lady", "rival")
        s.do(vc.start_chase, "Red Five", "Lucky Lady", "medium")
        await pilot.press("t", "t")  # the players' only, then off
        assert not game.table_mode
        game.refresh_game()
        await pilot.press("V")
        await pilot.pause()
        view = app.screen
        assert isinstance(view, VehiclesScreen) and view.selected == "red-five"
        await pilot.press("h")
        await pilot.pause()
        await pilot.press("1")  # next turn
        await pilot.pause()
        moves = app.screen
        assert isinstance(moves, ChoiceModal)
        assert moves.options[0][1] == ("close", "open")  # the usual one first
        assert "Red Five would close (short)" in moves.options[0][0]
        await pilot.press("2")  # both open
        await settle(pilot)
        last = s.events[-1]
        assert last["type"] == "chase_turned"
        if last["winner"]:
            assert last["move"] == "open"
        # x asks first; n keeps the vehicle, y removes it
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmModal)
        await pilot.press("n")
        await settle(pilot)
        assert len(s.state.vehicles) == 2
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmModal)
        await pilot.press("y")
        await settle(pilot)
        assert [v.name for v in s.state.vehicles] == ["Lucky Lady"]
        assert s.events[-1]["type"] == "vehicle_removed"
        text = str(view.query_one("#vlast", Static).render())
        assert "Red Five left the roster" in text
        assert view.selected == "lucky-lady"
