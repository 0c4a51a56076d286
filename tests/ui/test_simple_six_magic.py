"""The magic menu at 80x24: Bless cast on picked allies changes their next roll; a spell kept
up shows on the tracker and is dropped from the menu; time passing ends an hour's spell; a
resisted spell with table dice asks the target first; hero points are asked before a cast and
a bolt throw; a thrown bolt asks how the target defends."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from d6tui.engine.session import Session
from d6tui.games.simple_six import campaign, spellcast
from d6tui.games.simple_six.rules import RULES
from d6tui.ui.screens.modals import ChoiceModal
from d6tui.ui.simple_six.forms import NumbersModal
from d6tui.ui.simple_six.screen import SimpleSixScreen
from d6tui.ui.widgets.dice_tray import DiceTray
from tests.simple_six.test_campaign import BAELEN, MIRA, ORC
from tests.simple_six.test_spell_effects import archmage_sheet
from tests.ui.helpers import make_app, pick_value, sync


def _party(saves: Path) -> Session:
    s = Session.new(RULES, {"seed": 11}, path=saves / "magic.toml", title="Magic")
    for d in (BAELEN, MIRA, ORC):
        s.do(campaign.add_character, d, dice=s.dice)
    s.do(campaign.import_character, archmage_sheet())
    return s


@sync
async def test_bless_then_roll_concentration_dropped_paralysis_and_hero_points(
        saves: Path) -> None:
    """One party's screen, the archmage casting, in turn: Bless on picked allies (the
    caster's side picked to begin with) adds 2 to Mira's next roll by name; Charm kept up
    shows on the tracker and is dropped from the menu; an hour passing ends Bless; with
    table dice, Paralysis asks the target's resistance first and its TN is that roll plus
    the spell's; that undone, a cast and a Lightning Bolt throw take hero points before
    any roll ("Hero Points"), and with none left the throw is not asked about."""
    s = _party(saves)
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SimpleSixScreen)
        screen.selected = "archmage"
        screen.refresh_game()
        await pilot.press("m")
        await pilot.pause()
        await pick_value(pilot, "Bless")
        modal = app.screen
        assert isinstance(modal, ChoiceModal) and modal.multiple
        assert "30 feet" in modal.note
        values = [v for _l, v in modal.options]
        # the caster's side is picked to begin with: every player character who can act
        side = {v for v in values if not s.state.member(v).sheet.npc
                and not s.state.member(v).out_of_action}
        assert {values[i] for i in modal.picked} == side
        assert {"mira", "sir-baelen", "archmage"} <= side
        # Mira and Sir Baelen only: the others picked are unpicked
        for v in sorted(side - {"mira", "sir-baelen"}, key=values.index, reverse=True):
            await pilot.press(str(values.index(v) + 1))
        await pilot.press("enter")
        await pilot.pause()
        # the archmage has a hero point: asked before the roll ("Hero Points")
        modal = app.screen
        assert isinstance(modal, ChoiceModal) and "Hero points on casting Bless" in str(
            modal.title_text)
        await pick_value(pilot, 0)
        await app.workers.wait_for_complete()
        await pilot.pause()
        ev = s.events[-1]
        assert ev["type"] == "spell_cast" and ev["spell"] == "Bless"
        assert {t["who"] for t in ev["targets"]} == {"mira", "sir-baelen"}
        blessed = ev["roll"]["total"] >= ev["tn"]
        if not blessed:  # the dice failed: cast again until it takes
            for _ in range(6):
                s.do(campaign.rest, "archmage", 60)
                ev = s.do(spellcast.cast, "archmage", "Bless", targets=["mira", "sir-baelen"],
                          dice=s.dice)
                if ev["roll"]["total"] >= ev["tn"]:
                    break
            screen.refresh_game()
            await pilot.pause()
        assert [e.spell for e in s.state.member("mira").effects] == ["Bless"]
        tracker = str(screen.query_one("#tracker").render())
        assert "Mira" in tracker and " B " in tracker
        # Mira rolls Stealth with x: Bless adds 2
        screen.selected = "mira"
        screen.refresh_game()
        await pilot.pause()
        assert "Bless" in str(screen.query_one("#sheet").render())
        await pilot.press("x")
        await pilot.pause()
        await pick_value(pilot, "Stealth")
        assert isinstance(app.screen, NumbersModal)
        await pilot.press("ctrl+s")
        await app.workers.wait_for_complete()
        await pilot.pause()
        ev = s.events[-1]
        # Bless's +2 adds to the total by name; it is not two pips of the code
        assert ev["type"] == "rolled" and ev["roll"]["rolled"] == "6D"
        assert ev["roll"]["bonuses"] == [{"from": "Bless", "add": 2}]
        tray = str(screen.query_one("#tray", DiceTray).render())
        assert f"+2 Bless = {ev['roll']['total']}" in tray
        assert "other modifiers" not in tray
        # Charm kept up: a c on the tracker, then dropped from the menu
        screen.selected = "archmage"
        screen.refresh_game()
        await pilot.press("m")
        await pilot.pause()
        await pick_value(pilot, "Charm")
        await pick_value(pilot, 0)  # no hero point
        await app.workers.wait_for_complete()
        await pilot.pause()
        # seed 11: Charm (TN 15) takes on 10D
        assert s.state.member("archmage").caster.maintained == ("Charm",)
        assert "Archmage           Cc" in str(screen.query_one("#tracker").render())
        await pilot.press("m")
        await pilot.pause()
        cast_no = s.state.member("archmage").effects[-1].cast
        await pick_value(pilot, f"\x00drop:{cast_no}")
        await pilot.pause()
        assert s.events[-1]["type"] == "concentration_dropped"
        assert s.state.member("archmage").caster.maintained == ()
        # an hour passes: Bless ends
        await pilot.press("m")
        await pilot.pause()
        await pick_value(pilot, "\x00time")
        from d6tui.ui.simple_six.time_ui import SpanPrompt

        assert isinstance(app.screen, SpanPrompt)
        app.screen.query_one("#text", Input).value = "1 hour"
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("2")  # go on, not at rest
        for _ in range(20):
            await pilot.pause()
            if s.events[-1]["type"] == "time_passed":
                break
        assert s.events[-1]["type"] == "time_passed" and s.events[-1]["minutes"] == 60
        assert not s.state.member("mira").effects
        # Paralysis with table dice: the target's resistance is asked first
        from d6tui.ui.simple_six.forms import WildDiceInput

        screen.table_mode = True
        screen.selected = "archmage"
        screen.refresh_game()
        await pilot.press("m")
        await pilot.pause()
        await pick_value(pilot, "Paralysis")
        await pick_value(pilot, "orc")
        await pick_value(pilot, 0)  # no hero point
        modal = app.screen
        assert isinstance(modal, WildDiceInput) and "Orc" in modal.prompt
        modal.query_one("#faces", Input).value = "2 2 3"  # Might 3D: 7
        await pilot.press("enter")
        await pilot.pause()
        modal = app.screen
        assert isinstance(modal, WildDiceInput) and modal.dice == 10
        modal.query_one("#faces", Input).value = "4 4 4 4 4 4 4 4 4 2"  # 38
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        ev = s.events[-1]
        assert ev["type"] == "spell_cast" and ev["tn"] == 22
        assert ev["roll"]["source"] == "table"
        assert s.state.member("orc").spell_helpless == "paralysed (Paralysis)"
        assert "Para" in str(screen.query_one("#tracker").render())
        # Paralysis undone, table dice off: "Hero Points" are spent before any roll, the
        # cast and the Lightning Bolt throw too
        s.undo()
        assert not s.state.member("orc").spell_helpless
        screen.table_mode = False
        screen.selected = "archmage"
        screen.refresh_game()
        await pilot.press("m")
        await pilot.pause()
        await pick_value(pilot, "Lightning Bolt")
        assert "Hero points on casting Lightning Bolt? (1 left" in str(app.screen.title_text)
        await pick_value(pilot, 1)
        await app.workers.wait_for_complete()
        await pilot.pause()
        ev = s.events[-1]
        assert ev["type"] == "spell_cast" and ev["hero_points"] == 1
        assert ev["roll"]["hero"] == 6 and s.state.member("archmage").sheet.hero_points == 0
        assert "+6 hero" in str(screen.query_one("#tray", DiceTray).render())
        # no points left: the throw is not asked about
        await pilot.press("m")
        await pilot.pause()
        await pick_value(pilot, "\x00bolt")
        await pick_value(pilot, "orc")
        await pick_value(pilot, "short")
        await pick_value(pilot, {})  # static Dodge
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert s.events[-1]["type"] == "bolt_thrown" and "hero_points" not in s.events[-1]


@sync
async def test_a_thrown_bolt_asks_how_the_target_defends(saves: Path) -> None:
    s = Session.new(RULES, {"seed": 11, "combat": "traditional"}, path=saves / "bolt.toml",
                    title="Bolt")
    for d in (MIRA, ORC):
        s.do(campaign.add_character, d, dice=s.dice)
    s.do(campaign.import_character, archmage_sheet())
    s.do(campaign.start_combat, ["archmage", "orc"])
    s.do(campaign.start_round, {"archmage": 2}, dice=s.dice,
         typed={"archmage": ([6], [5]), "orc": ([1], [1])})
    assert s.state.combat.actor == "archmage"
    s.do(spellcast.cast, "archmage", "Lightning Bolt", typed={"roll": ([6] * 8, [5])})
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SimpleSixScreen)
        screen.table_mode = False
        screen.selected = "archmage"
        screen.refresh_game()
        await pilot.press("m")
        await pilot.pause()
        await pick_value(pilot, "\x00bolt")
        await pick_value(pilot, "orc")
        await pick_value(pilot, "short")
        modal = app.screen
        assert isinstance(modal, ChoiceModal) and "How does Orc defend" in modal.title_text
        await pick_value(pilot, {"dodge": True})  # a dodge not declared
        await pick_value(pilot, 0)  # no hero point on the throw
        await app.workers.wait_for_complete()
        await pilot.pause()
        ev = s.events[-1]
        assert ev["type"] == "bolt_thrown" and ev["defense"]["declared"] is False
        from d6tui.games.simple_six import reflexes

        assert reflexes.reflex_dice(s.state.combat, "orc") == 1
