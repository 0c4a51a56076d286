"""Simple Six perks from the keyboard: P uses Lucky and the next x roll is doubled; character
points are added after the roll is seen, before its verdict; Destiny rerolls a failure."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from d6tui.engine.session import Session
from d6tui.games.simple_six import campaign
from d6tui.games.simple_six.creation import Draft
from d6tui.ui.screens.modals import ChoiceModal, TextPrompt
from d6tui.ui.simple_six.forms import NumbersModal
from d6tui.ui.simple_six.screen import SimpleSixScreen
from d6tui.ui.widgets.dice_tray import DiceTray
from tests.ui.helpers import attack_box, enter_faces, make_app, pick_number, sync

LU = Draft("Lu", {"Might": "3D", "Agility": "3D", "Wit": "3D", "Charm": "3D"},
           skills={"Seduce": "1D", "Search": "1D"}, perks=["Lucky", "Destiny", "Attractive"],
           weapons=["Sword"])


def lu_campaign(saves: Path, options: dict | None = None) -> Session:
    s = Session.new("simple_six", {"seed": 11, **(options or {})},
                    path=saves / "lucky.toml", title="Fortune")
    s.do(campaign.add_character, LU, dice=s.dice)
    s.do(campaign.start_session)
    return s


def _option(screen: object, value: object) -> str:
    """The number key of the choice whose value is ``value``."""
    assert isinstance(screen, ChoiceModal)
    return str([v for _l, v in screen.options].index(value) + 1)


async def _roll_search(pilot, target: str) -> None:  # noqa: ANN001 - a Pilot
    app = pilot.app
    await pilot.press("x")
    await pilot.pause()
    modal = app.screen
    assert isinstance(modal, ChoiceModal)
    index = [v for _l, v in modal.options].index("Search")
    await pick_number(pilot, index + 1)
    await pilot.pause()
    assert isinstance(app.screen, NumbersModal)
    app.screen.query_one("#n0", Input).value = target
    await pilot.press("ctrl+s")
    await pilot.pause()
    # Lu has Attractive: is this roll about looks? no
    assert isinstance(app.screen, ChoiceModal) and "looks" in app.screen.title_text
    await pilot.press("1")
    await pilot.pause()


@sync
async def test_destiny_rerolls_a_missed_attack_then_lucky_doubles_a_roll(saves: Path) -> None:
    """Lu's session on one screen: in a fight with an Orc, with table dice, Destiny rerolls
    Lu's missed attack (the reroll typed, a hit, its damage typed); then, that fight
    undone and table dice off, ``P`` uses Lucky and the next ``x`` roll is doubled;
    failed, Destiny is offered and its reroll replaces the roll, still doubled; ``P`` again
    shows both spent this session."""
    from d6tui.games.simple_six.creation import Draft as _Draft
    from d6tui.ui.simple_six.forms import WildDiceInput

    session = lu_campaign(saves)
    began = session.events[-1]["seq"]
    session.do(campaign.add_character, _Draft(
        "Orc", {"Might": "3D", "Agility": "2D+1", "Wit": "1D+2", "Charm": "1D"},
        skills={"Axe": "1D", "Dodge": "0D+1"}, weapons=["Axe"], npc=True), dice=session.dice)
    session.do(campaign.start_combat, ["lu", "orc"])
    session.do(campaign.start_round, dice=session.dice)
    if session.state.combat.actor != "lu":
        session.do(campaign.pass_turn)
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SimpleSixScreen)
        await pilot.press("t", "a")
        await pilot.pause()
        # whom, with what, defense, hero points
        await attack_box(pilot, "orc", weapon="Sword", defense="parry", hero_points=0)
        assert isinstance(app.screen, WildDiceInput)
        await enter_faces(pilot, "1 1 1")  # 3 against Parry 7: a miss
        await pilot.pause()
        assert session.events[-1]["type"] == "attacked" and not session.events[-1]["hit"]
        assert isinstance(app.screen, ChoiceModal) and "Destiny" in app.screen.title_text
        await pilot.press("2")
        await pilot.pause()
        assert isinstance(app.screen, WildDiceInput)
        await enter_faces(pilot, "6 6 5")  # the reroll: 17, a hit
        await pilot.pause()
        assert isinstance(app.screen, WildDiceInput) and app.screen.dice == 5  # damage 5D+2
        await enter_faces(pilot, "1 1 1 1 2")
        await pilot.pause()
        ev = session.events[-1]
        assert ev["type"] == "destiny_rerolled" and ev["changes"]["hit"]
        assert ev["attack"]["source"] == "table" and ev["changes"]["damage"]["total"] == 8
        assert session.state.last_roll is not None and session.state.last_roll.event["hit"]
        # Lucky, the fight undone
        for _ in range(20):
            if app.screen is screen:
                break
            await pilot.pause()
        assert app.screen is screen
        while session.undo_target is not None and session.undo_target["seq"] > began:
            session.undo()
        screen.refresh_game()
        await pilot.press("t", "t")  # table dice: the players' only, then off
        await pilot.pause()
        assert session.state.combat is None and not screen.table_mode
        await pilot.press("P")
        await pilot.pause()
        modal = app.screen
        assert isinstance(modal, ChoiceModal)
        labels = [label for label, _v in modal.options]
        assert labels[0].startswith("Lucky: the next roll is doubled")
        assert any("Destiny (no roll of " in x and "s just made" in x for x in labels)
        await pilot.press(_option(modal, "Lucky"))
        await pilot.pause()
        assert session.events[-1]["type"] == "perk_used"
        assert "Lucky declared" in str(screen.query_one("#sheet").render())
        await _roll_search(pilot, "40")
        ev = session.events[-1]
        assert ev["type"] == "rolled" and ev["roll"]["doubled_by"] == ["Lucky"]
        tray = str(screen.query_one("#tray", DiceTray).render())
        assert "x2 Lucky" in tray
        # the roll failed: Destiny is offered, and the reroll replaces it
        assert not ev["roll"]["success"]
        assert isinstance(app.screen, ChoiceModal) and "Destiny" in app.screen.title_text
        await pilot.press("2")
        await pilot.pause()
        assert session.events[-1]["type"] == "destiny_rerolled"
        assert session.events[-1]["roll"]["doubled_by"] == ["Lucky"]
        assert "Lucky spent" in str(screen.query_one("#sheet").render())
        # P again: both spent this session
        await pilot.press("P")
        await pilot.pause()
        labels = [label for label, _v in app.screen.options]
        assert any("used Lucky this session" in x for x in labels)
        await pilot.press("escape")


@sync
async def test_character_points_after_the_roll_before_the_verdict(saves: Path) -> None:
    session = lu_campaign(saves, {"wild": {"character_point_dice": True, "cp_limit": 2}})
    session.do(campaign.end_session, {"lu": 5})
    session.do(campaign.start_session)
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SimpleSixScreen)
        await pilot.press("t")  # table dice: the extra wild dice are typed too
        await pilot.pause()
        await _roll_search(pilot, "25")
        await enter_faces(pilot, "2 2 2 3")
        await pilot.pause()
        assert session.events[-1]["roll"]["total"] == 9
        modal = app.screen
        assert isinstance(modal, NumbersModal)
        assert "rolled 9" in modal.title_text and "25" not in modal.title_text
        assert "0 to 2" in modal.rows[0][1]
        tray = str(screen.query_one("#tray", DiceTray).render())
        assert "failure" not in tray and "character points may still be added" in tray
        modal.query_one("#n0", Input).value = "2"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TextPrompt)
        app.screen.query_one(Input).value = "6 6 5 4"
        await pilot.press("enter")
        await pilot.pause()
        ev = session.events[-1]
        assert ev["type"] == "cp_added" and ev["cp_wild"] == [[6, 6, 5], [4]]
        assert ev["roll"]["total"] == 9 + 17 + 4 and ev["roll"]["success"]
        assert session.state.member("lu").sheet.character_points == 3
        tray = str(screen.query_one("#tray", DiceTray).render())
        assert "success" in tray
    again = Session.load(saves / "lucky.toml")
    assert again.state.members == session.state.members
