"""Simple Six screen flows at 80x24: table dice come back with the save, Body Points
recovered are typed from table dice, a helpless target is asked no defense, and the tracker
shows what a defense left until the defender's next turn."""

from __future__ import annotations

from pathlib import Path

from d6tui.engine.session import Session
from d6tui.games.simple_six import campaign
from d6tui.games.simple_six.rules import RULES
from d6tui.ui.screens.dice_prompt import TableDiceInput
from d6tui.ui.screens.modals import ChoiceModal, ConfirmModal
from d6tui.ui.simple_six.forms import NumbersModal, WildDiceInput
from d6tui.ui.simple_six.screen import SimpleSixScreen
from d6tui.ui.simple_six.widgets import GMTracker
from tests.simple_six.test_campaign import BAELEN, MELKOT, MIRA, ORC
from tests.simple_six.test_stunned import hit_by
from tests.ui.helpers import make_app, sync


def _party(saves: Path, name: str, options: dict) -> Session:
    s = Session.new(RULES, {"seed": 5, **options}, path=saves / name, title=name)
    for d in (BAELEN, MIRA, MELKOT, ORC):
        s.do(campaign.add_character, d, dice=s.dice)
    return s


@sync
async def test_table_dice_come_back_when_the_save_is_reopened(saves: Path) -> None:
    """Table dice set for every roll (as ``t`` sets them, from off: checked with the key in
    test_simple_six_tracker) come back when the save is reopened: the banner says so and a
    roll asks for the faces; ``t`` then goes to the players' dice only, then off, in the log
    too."""
    s = _party(saves, "table.toml", {})
    assert not s.state.table_dice
    s.set_table_dice(everyone=True)
    assert s.events[-1]["type"] == "table_dice" and s.events[-1]["all"] is True
    s.close()
    again = Session.load(saves / "table.toml")
    app = make_app(saves, session=again)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SimpleSixScreen) and screen.table_mode
        assert "[table dice]" in str(screen.query_one("#banner").render())
        screen.selected = "mira"
        await pilot.press("x", "2", "enter")  # Agility: the faces are asked for
        await pilot.pause()
        assert isinstance(app.screen, NumbersModal)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, WildDiceInput)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("t")  # the players' dice only, then off again, in the log too
        await pilot.pause()
        assert screen.table_setting == "players" and again.events[-1]["seats"] == [0]
        await pilot.press("t")
        await pilot.pause()
        assert not screen.table_mode and again.events[-1]["seats"] == []
        assert not again.events[-1].get("all")


@sync
async def test_body_points_recovered_are_typed_from_table_dice(saves: Path) -> None:
    s = _party(saves, "bp.toml", {"wounds": "body_points"})
    mira = s.state.member("mira")
    assert mira.body is not None
    s.do(campaign.start_combat, ["orc", "mira"])
    s.do(campaign.attack, "orc", "mira", skill="Axe", weapon="Axe", defense="dodge",
         typed={"attack": ([6, 6, 6], [6, 6, 2]), "damage": ([2] * 5, [4])})
    s.do(campaign.end_combat)
    hurt = s.state.member("mira").body
    assert hurt is not None and 0 < hurt.current < hurt.maximum - 3
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SimpleSixScreen)
        screen.selected = "mira"
        await pilot.press("t", "H", "1")  # natural healing
        await pilot.pause()
        assert isinstance(app.screen, NumbersModal)
        await pilot.press("ctrl+s")  # a day of rest
        await pilot.pause()
        modal = app.screen
        assert isinstance(modal, WildDiceInput) and modal.dice == 2  # Might 2D
        await pilot.press(*"4 w 4", "enter")  # 8: Easy, 1D back
        await pilot.pause()
        modal = app.screen
        assert isinstance(modal, TableDiceInput) and "Body Points" in modal.prompt
        await pilot.press("3", "enter")
        await pilot.pause()
    ev = s.events[-1]
    assert ev["type"] == "healed" and ev["roll"]["source"] == "table"
    assert ev["recovered"]["faces"] == [3] and ev["recovered"]["source"] == "table"
    body = s.state.member("mira").body
    assert body is not None and body.current == hurt.current + 3


@sync
async def test_the_tracker_shows_a_reflex_penalty_and_a_full_dodge(saves: Path) -> None:
    s = _party(saves, "reflex.toml", {"combat": "traditional"})
    s.do(campaign.start_combat, ["orc", "sir-baelen", "mira"])
    s.do(campaign.attack, "orc", "sir-baelen", skill="Axe", weapon="Axe", defense="parry",
         typed={"attack": ([1, 1, 1], [2]), "defense": ([6, 6, 6], [5])})
    s.do(campaign.attack, "orc", "mira", skill="Axe", weapon="Axe", defense="full_dodge",
         typed={"attack": ([1, 1, 1], [2]), "defense": ([6] * 5, [5])})
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SimpleSixScreen)
        rows = str(screen.query_one("#tracker", GMTracker).render()).splitlines()
        baelen = next(r for r in rows if "Sir Baelen" in r)
        mira = next(r for r in rows if "Mira" in r)
        assert baelen.rstrip().endswith("r-1D") and mira.rstrip().endswith("FD")
        screen.selected = "mira"
        screen.refresh_game()
        await pilot.pause()
        assert "full dodge" in str(screen.query_one("#sheet").render())


@sync
async def test_a_full_dodger_then_a_knocked_out_target_is_asked_no_defense(
        saves: Path) -> None:
    """The party on one screen, each fight from the party as it was (the one before
    undone): the banner says a full dodger only dodges and ``a`` is refused at once,
    before any question; then a knocked-out target is asked no defense (one line says
    why, with TN 0) and is attacked after "Attack anyway"."""
    s = _party(saves, "dodger.toml", {})
    made = s.events[-1]["seq"]
    s.do(campaign.start_combat, ["orc", "mira"])
    s.do(campaign.start_round, typed={"orc": ([6], [5]), "mira": ([1, 1, 1], [2])})
    s.do(campaign.attack, "orc", "mira", skill="Axe", weapon="Axe", defense="dodge",
         full_dodge=True, typed={"attack": ([1, 1, 1], [2])})
    s.do(campaign.pass_turn)
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SimpleSixScreen)
        assert "Mira is full dodging" in str(screen.query_one("#banner").render())
        await pilot.press("a")  # refused at once, before any question
        await pilot.pause()
        assert app.screen is screen
        assert any("full dodging" in str(n.message) for n in app._notifications)
        assert s.events[-1]["type"] == "turn_passed"
        # a knocked-out target, in a fight begun afresh
        app.clear_notifications()
        while s.undo_target is not None and s.undo_target["seq"] > made:
            s.undo()
        s.do(campaign.start_combat, ["sir-baelen", "orc"])
        hit_by(s, "sir-baelen", "orc", 10, skill="Sword", weapon="Sword", defense="parry")
        s.do(campaign.stay_up, "orc", typed=([1, 1], [2]), knockout_faces=[3] * 10)
        s.do(campaign.start_round, dice=s.dice)
        assert s.state.combat.order == ("sir-baelen",)  # the Orc is out: no initiative
        screen.refresh_game()
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        box = app.screen
        assert box.plan.target == "orc"  # the only one to attack: picked already
        # no defense to choose: one line says why, with the TN
        assert [r.value for r in box.defenses()] == [""]
        assert "none: knocked out -> TN 0" in str(box.query_one("#attack-lines").render())
        await pilot.press("enter")
        await pilot.pause()
        asked = []
        for _ in range(6):
            modal = app.screen
            if isinstance(modal, ConfirmModal) and "flesh wound" in modal.question:
                await pilot.press("escape")  # the orc keeps his hero point
                await pilot.pause()
            elif isinstance(modal, ConfirmModal):  # helpless: asked first
                asked.append(modal.question)
                await pilot.press("y")
                await pilot.pause()
            elif isinstance(modal, ChoiceModal):
                asked.append(modal.title_text)
                await pilot.press("1")
                await pilot.pause()
            else:
                break
        assert not any("defense" in t for t in asked), asked
        assert any("knocked out" in t and "Attack anyway" in t for t in asked), asked
        ev = s.events[-1]
        assert ev["type"] == "attacked" and ev["helpless"] == "knocked out" and ev["tn"] == 0
