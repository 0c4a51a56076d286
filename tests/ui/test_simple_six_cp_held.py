"""Character points after the roll, at 80x24 ("Traditional OpenD6 Character Points"): the
screen tells nothing of the outcome until the points are decided (no target in the question;
tracker, sheet and log drawn as before the roll), a number over the limit is refused inside
the question, and cancelling the dice the points call for goes back to the question."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from d6tui.engine.session import Session
from d6tui.games.simple_six import campaign
from d6tui.games.simple_six.creation import Draft
from d6tui.ui.screens.modals import ChoiceModal, TextPrompt
from d6tui.ui.simple_six.forms import NumbersModal, WildDiceInput
from d6tui.ui.simple_six.screen import SimpleSixScreen
from d6tui.ui.simple_six.widgets import CharacterSheet, GMTracker
from tests.ui.helpers import attack_box, enter_faces, make_app, sync

LU = Draft("Lu", {"Might": "3D", "Agility": "3D", "Wit": "3D", "Charm": "3D"},
           skills={"Seduce": "1D", "Search": "1D"},
           perks=["Lucky", "Destiny", "Attractive"], weapons=["Sword"])
ORC = Draft("Orc", {"Might": "3D", "Agility": "2D+1", "Wit": "1D+2", "Charm": "1D"},
            skills={"Axe": "1D", "Dodge": "0D+1"}, weapons=["Axe"], npc=True)


def duel(saves: Path, combat: str = "static") -> Session:
    wild = {"character_point_dice": True, "cp_limit": 2}
    s = Session.new("simple_six", {"seed": 11, "combat": combat, "wild": wild},
                    path=saves / "duel.toml", title="Duel")
    s.do(campaign.add_character, LU, dice=s.dice)
    s.do(campaign.add_character, ORC, dice=s.dice)
    s.do(campaign.start_session)
    s.do(campaign.end_session, {"lu": 5})
    s.do(campaign.start_session)
    s.do(campaign.start_combat, ["lu", "orc"])
    s.do(campaign.start_round, dice=s.dice)
    if s.state.combat.actor != "lu":
        s.do(campaign.pass_turn)
    return s


async def attack_orc(pilot, faces: str, defense: str = "parry") -> None:  # noqa: ANN001
    """Lu attacks the Orc with the Sword, the Orc parries (or ``defense``), no hero point;
    typed ``faces``."""
    app = pilot.app
    await pilot.press("t", "a")
    await pilot.pause()
    await attack_box(pilot, "orc", weapon="Sword", defense=defense, declared=False)
    while isinstance(app.screen, ChoiceModal):  # the defender's hero points: none
        await pilot.press("1")
        await pilot.pause()
    assert isinstance(app.screen, WildDiceInput)
    await enter_faces(pilot, faces)
    await pilot.pause()


def drawn(screen: SimpleSixScreen) -> tuple[str, str, str]:
    return (str(screen.query_one(GMTracker).render()),
            str(screen.query_one(CharacterSheet).render()), str(screen.sub_title))


@sync
async def test_the_outcome_held_back_then_over_the_limit_and_escape_on_damage(
        saves: Path) -> None:
    """Lu's duel with the Orc on one screen: a hit's outcome is held back until the points
    are decided (no target in the question; tracker, sheet and log drawn as before the
    roll); that attack undone and table dice on afresh, a number over the limit is refused
    inside the question, and cancelling the damage dice the points call for goes back to
    the question, nothing spent."""
    session = duel(saves)
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SimpleSixScreen)
        screen.selected = "orc"
        screen.refresh_game()
        await pilot.pause()
        before = drawn(screen)
        await attack_orc(pilot, "6 6 5")  # 17 against Parry 12 (the Axe carried): a hit
        prompts = []
        while isinstance(app.screen, WildDiceInput):  # parry, damage (and resist) dice
            prompts.append(app.screen.prompt)
            await enter_faces(pilot, "5 5 5 5 5"[:2 * app.screen.dice - 1])
            await pilot.pause()
        # the table is told who throws: the Orc his parry and resist, Lu her damage
        for text in prompts:
            who = "Lu" if text.lower().startswith("damage") else "Orc"
            assert f"for {who}\n" in text + "\n", prompts
        ev = session.events[-1]
        assert ev["type"] == "attacked" and ev["hit"]
        modal = app.screen
        assert isinstance(modal, NumbersModal)
        assert "rolled 17" in modal.title_text and "7" not in modal.title_text.split("17")[1]
        screen.selected = "orc"
        screen.refresh_game()
        await pilot.pause()
        assert drawn(screen) == before  # the wound is not shown yet
        # the tray says what the roll is against while the question is open, not the verdict
        caption = screen.query_one("#tray").roll.caption
        assert "Total 17 against TN 12: character points may still be added" in caption
        log = screen.query_one("#log")
        log.display = True  # the log pane (l) shows the history up to the roll
        screen._show_history()
        assert len(log._entries) == len(session.events) - 1  # the attack is not in the log pane yet
        modal.query_one("#n0", Input).value = "0"
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen.selected = "orc"
        screen.refresh_game()
        await pilot.pause()
        assert drawn(screen) != before
        assert len(log._entries) == len(session.events)
        # the attack undone, table dice off (then on again with the next attack)
        assert session.events[-1]["type"] == "attacked"
        session.undo()
        await pilot.press("t", "t")  # the players' only, then off
        await pilot.pause()
        assert not screen.table_mode
        screen.refresh_game()
        await pilot.pause()
        # 3 against Block 9 (Brawling = Might 3D; hand-to-hand goes on a Dodge only): a miss
        await attack_orc(pilot, "1 1 1", "block")
        modal = app.screen
        assert isinstance(modal, NumbersModal)
        modal.query_one("#n0", Input).value = "3"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is modal  # refused inside the question
        assert "0 to 2" in str(modal.query_one("#error").render())
        modal.query_one("#n0", Input).value = "2"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TextPrompt)
        app.screen.query_one(Input).value = "3 4"  # 3 + 7 = 10 beats Block 9: now a hit
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, WildDiceInput)  # the damage the hit calls for
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, NumbersModal)  # back to the question, nothing spent
        assert session.events[-1]["type"] == "attacked"
        assert session.state.member("lu").sheet.character_points == 5
        assert any("not spent" in str(n.message) for n in app._notifications)
        app.screen.query_one("#n0", Input).value = "0"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceModal) and "Destiny" in app.screen.title_text
        await pilot.press("1")  # no
        await pilot.pause()
        assert isinstance(app.screen, SimpleSixScreen)
        assert session.events[-1]["type"] == "attacked"


@sync
async def test_table_dice_name_the_defender_for_his_rolls(saves: Path) -> None:
    session = duel(saves, "traditional")
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await attack_orc(pilot, "6 6 5")
        prompts = []
        while isinstance(app.screen, WildDiceInput):  # parry, damage, resist
            prompts.append(app.screen.prompt)
            await enter_faces(pilot, "1 1 1 1 1 1 1 1"[:2 * app.screen.dice - 1])
            await pilot.pause()
        assert len(prompts) >= 2, prompts
        for text in prompts:
            who = "Lu" if text.lower().startswith("damage") else "Orc"
            assert f"for {who}\n" in text + "\n", prompts


@sync
async def test_halfway_there_shows_in_the_tray(saves: Path) -> None:
    from d6tui.games.simple_six import afterroll
    from d6tui.ui.widgets.dice_tray import DiceTray

    s = Session.new("simple_six", {"seed": 2, "wild": {"halfway_there": True}},
                    path=saves / "half.toml", title="Half")
    s.do(campaign.add_character, LU, dice=s.dice)
    s.do(campaign.roll_check, "lu", "Search", target=10, dice=s.dice)
    s.do(afterroll.take_halfway, "lu", "Agility", 6)
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        tray = str(app.screen.query_one("#tray", DiceTray).render())
        assert "Halfway There" in tray, tray
