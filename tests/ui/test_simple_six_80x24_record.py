"""Simple Six at 80x24 for a new GM (the character form's every broken rule and how to save
are checked in test_simple_six_flows): refusals come at the first key; the tray and the
record tell failed healing, resisted spells with each target's TN, and every die."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from d6tui.engine.session import Session
from d6tui.games.simple_six import campaign, spellcast
from d6tui.games.simple_six.rules import RULES, export_markdown
from d6tui.games.simple_six.wounds import WoundLevel
from d6tui.ui.screens.modals import ChoiceModal
from d6tui.ui.simple_six.screen import SimpleSixScreen
from d6tui.ui.simple_six.widgets import GMTracker, fit_name
from tests.simple_six.test_campaign import MELKOT, MIRA, ORC
from tests.ui.helpers import enter_faces, make_app, sync


def _fight(saves: Path) -> Session:
    """Melkot (a sorcerer), Mira and an Orc in round 1, Melkot acting first."""
    s = Session.new(RULES, {"seed": 5}, path=saves / "fight.toml", title="Fight")
    for d in (MELKOT, MIRA, ORC):
        s.do(campaign.add_character, d, dice=s.dice)
    s.do(campaign.start_combat, ["melkot", "mira", "orc"])
    s.do(campaign.start_round, typed={"melkot": ([6], [6, 5]), "mira": ([3, 3, 3], [2]),
                                      "orc": ([1], [1])})
    return s


def _orc_dying(saves: Path) -> Session:
    """The fight of :func:`_fight`, the Orc Mortally Wounded by Mira, his roll still due."""
    s = _fight(saves)
    s.do(campaign.pass_turn)
    s.do(campaign.attack, "mira", "orc", skill="Bow", weapon="Bow", range_="short",
         typed={"attack": ([6, 6, 6, 6, 6], [4]), "damage": ([6, 6, 6], [5])})
    assert s.state.member("orc").wounds.level == WoundLevel.MORTALLY_WOUNDED
    return s


@sync
async def test_w_goes_to_the_one_whose_might_roll_is_due_and_the_fight_asks_first(
        saves: Path) -> None:
    """The Orc Mortally Wounded, his Might roll against death due, on one screen: ``w``
    with Mira picked (the acting one, whose wounds ask for nothing) goes to the Orc's roll;
    that roll undone, ending the fight asks about the due roll first (backed out: the fight
    goes on; "roll it now": it is rolled)."""
    s = _orc_dying(saves)
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.selected = "mira"  # the acting one, whose wounds ask for nothing
        screen.refresh_game()
        before = len(s.events)
        await pilot.press("w")
        for _ in range(20):
            await pilot.pause()
            if [e for e in s.events[before:] if e["type"] == "mortal_rolled"]:
                break
            if isinstance(app.screen, ChoiceModal) and "Orc: wounds" in app.screen.title_text:
                values = [v for _l, v in app.screen.options]
                await pilot.press(str(values.index("mortal") + 1))  # the Orc's, not Mira's
            elif isinstance(app.screen, ChoiceModal):
                await pilot.press("escape")  # character points after the roll: none
        rolled = [e for e in s.events[before:] if e["type"] == "mortal_rolled"]
        assert rolled and rolled[0]["who"] == "orc"
        for _ in range(20):
            if app.screen is screen:
                break
            if isinstance(app.screen, ChoiceModal):
                await pilot.press("escape")  # character points after the roll: none
            await pilot.pause()
        assert app.screen is screen
        # the roll undone: due again, and ending the fight asks about it first
        assert s.events[-1]["type"] == "mortal_rolled"
        s.undo()
        assert s.state.member("orc").wounds.level == WoundLevel.MORTALLY_WOUNDED
        screen.refresh_game()
        await pilot.press("f")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceModal)
        assert "Might against death is due this round for Orc" in app.screen.title_text
        await pilot.press("escape")  # backed out: the fight goes on
        await pilot.pause()
        assert s.state.combat is not None
        await pilot.press("f")
        await pilot.pause()
        before = len(s.events)
        await pilot.press("1")  # roll it now
        for _ in range(20):
            await pilot.pause()
            if [e for e in s.events[before:] if e["type"] == "mortal_rolled"]:
                break
        assert [e for e in s.events[before:] if e["type"] == "mortal_rolled"]


def _back_to(s: Session, seq: int) -> None:
    """Undo the log's effective events after the one numbered ``seq``."""
    while s.undo_target is not None and s.undo_target["seq"] > seq:
        s.undo()


async def _home(pilot) -> None:  # noqa: ANN001 - a Pilot
    """Escape the dialogs open on the game screen, then forget the notices shown."""
    for _ in range(10):
        if isinstance(pilot.app.screen, SimpleSixScreen):
            break
        await pilot.press("escape")
        await pilot.pause()
    assert isinstance(pilot.app.screen, SimpleSixScreen)
    pilot.app.clear_notifications()


@sync
async def test_refusals_healing_the_record_mortal_rolls_and_a_flesh_wound(saves: Path) -> None:
    """One fight's screen (Melkot, Mira and an Orc in round 1), each part on the fight as it
    began (the part before undone):

    - refused at the first key: with a spell cast this turn the ``m`` menu leaves the spells
      out and says why; with every declared action made ``a`` refuses before asking whom;
      after the fight Mira (no sorcerer) has no spell to learn in ``v``, and perks are priced
      in CP;
    - failed healing tells its roll against the TN in the tray and the record, the hit its
      dice; a potion leaves a line in the tray;
    - a Might roll against death made this round is left off ``w``;
    - a Mortally Wounded target with a hero point is offered "just a flesh wound" and takes
      it (Incapacitated, the point spent); first numbered names keep their number when cut
      to fit, and at 80 columns ``l`` puts the log in the tracker's place (and back).
    """
    from d6tui.ui.screens.modals import ConfirmModal
    from d6tui.ui.simple_six.attack_box import AttackBox
    from d6tui.ui.simple_six.forms import WildDiceInput

    s = _fight(saves)
    began = s.events[-1]["seq"]
    s.do(spellcast.cast, "melkot", "Light", typed={"roll": ([2, 2, 2, 2, 2], [2])})
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SimpleSixScreen)
        # a spell cast this turn: the m menu leaves the spells out and says why
        await pilot.press("m")
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, ChoiceModal)
        labels = [label for label, _v in menu.options]
        assert not any(label.startswith("Bless") for label in labels)
        assert "only one spell may be cast a turn" in str(menu.title_text if hasattr(
            menu, "title_text") else menu.query_one(".modal-title", Static).render())
        await pilot.press("escape")
        await pilot.pause()
        # every declared action made: a refuses before asking whom
        await pilot.press("a")
        await pilot.pause()
        assert app.screen is screen
        assert any("Not allowed" in (n.title or "") for n in app._notifications)
        # Mira cannot learn a spell: no such option in v (after the fight)
        s.do(campaign.end_combat)
        screen.selected = "mira"
        screen.refresh_game()
        await pilot.press("v")
        await pilot.pause()
        spend = app.screen
        assert isinstance(spend, ChoiceModal)
        assert "spell" not in [v for _l, v in spend.options]
        await pilot.press("4")  # a perk: priced in CP
        await pilot.pause()
        perks = app.screen
        assert isinstance(perks, ChoiceModal)
        assert all(label.endswith(" CP)") for label, _v in perks.options)
        await _home(pilot)
        # failed healing and the dice in the record
        _back_to(s, began)
        s.do(campaign.pass_turn)
        s.do(campaign.attack, "mira", "orc", skill="Bow", weapon="Bow", range_="short",
             typed={"attack": ([6, 6, 6, 6, 6], [4]), "damage": ([4, 4, 4], [5])})
        s.do(campaign.end_combat)
        orc = s.state.member("orc")
        assert orc.wounds.level >= WoundLevel.WOUNDED, orc.wounds.level
        screen.refresh_game()
        await pilot.pause()
        screen.do(campaign.heal, "orc", "assisted", healer="melkot",
                  typed=([1, 1, 1, 1, 1], [1]))
        await pilot.pause()
        tray = str(screen.query_one("#tray").render())
        assert "failed" in tray and " vs " in tray
        text = export_markdown(s)
        line = next(x for x in text.splitlines() if "was treated" in x)
        assert "it failed" in line and "vs" in line and "[Medicine 1 1 1 1 1 w1]" in line
        hit = next(x for x in text.splitlines() if "attacked Orc" in x)
        assert "with Bow:" in hit and "[attack 6 6 6 6 6 w4; damage" in hit
        # a potion leaves a line in the tray
        screen.do(campaign.heal, "orc", "potion")
        await pilot.pause()
        assert "potion" in str(screen.query_one("#tray").render())
        # a mortal roll made this round is left off
        _back_to(s, began)
        s.do(campaign.pass_turn)
        s.do(campaign.attack, "mira", "orc", skill="Bow", weapon="Bow", range_="short",
             typed={"attack": ([6, 6, 6, 6, 6], [4]), "damage": ([6, 6, 6], [5])})
        assert s.state.member("orc").wounds.level == WoundLevel.MORTALLY_WOUNDED
        s.do(campaign.mortal_roll, "orc", typed=([6, 6], [6, 6, 2]))
        screen.refresh_game()
        await pilot.pause()
        screen.selected = "orc"
        before = len(s.events)
        await pilot.press("w")
        await pilot.pause()
        if isinstance(app.screen, ChoiceModal):  # only other wound choices are offered
            assert all(v != "mortal" for _l, v in app.screen.options)
            await pilot.press("escape")
            await pilot.pause()
        assert not [e for e in s.events[before:] if e["type"] == "mortal_rolled"]
        said = " ".join(n.message for n in app._notifications)
        flesh = [e for e in s.events[before:] if e["type"] == "flesh_wound_taken"]
        assert flesh or "made this round" in said
        await _home(pilot)
        # just a flesh wound
        _back_to(s, began)
        s.do(campaign.pass_turn)  # Mira acts
        s.set_table_dice(everyone=True)
        assert s.state.member("orc").sheet.hero_points == 1
        assert fit_name("Orc Warrior 1", 12) == "Orc Warri\u2026 1"
        assert fit_name("Reckless Raider", 13) == "Reckless Rai\u2026"
        screen.refresh_game()
        await pilot.pause()
        await pilot.press("l")  # the log takes the tracker's place at 80 columns
        await pilot.pause()
        assert not screen.query_one("#tracker-box").display
        assert screen.query_one("#sheet-box").size.width >= 40
        await pilot.press("l")  # and gives it back
        await pilot.pause()
        assert screen.query_one("#tracker-box").display
        assert screen.query_one("#tracker", GMTracker).display
        await pilot.press("a")
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, AttackBox):
                break
        await pilot.press(s.state.combat.tag("orc"), "enter")
        typed = iter(["6 6 6 6 6 4", "6 6 6 5"])  # a hit, Mortally Wounded
        for _ in range(40):
            await pilot.pause()
            if isinstance(app.screen, WildDiceInput):
                await enter_faces(pilot, next(typed))
            elif isinstance(app.screen, ConfirmModal):
                break
            elif isinstance(app.screen, ChoiceModal):
                await pilot.press("escape")  # no character points
        assert isinstance(app.screen, ConfirmModal), app.screen
        assert "just a flesh wound" in app.screen.question
        assert "Orc is Mortally Wounded" in app.screen.question
        await pilot.press("y")
        for _ in range(10):
            await pilot.pause()
        assert s.events[-1]["type"] == "flesh_wound_taken"
        assert s.state.member("orc").wounds.level == WoundLevel.INCAPACITATED
        assert s.state.member("orc").sheet.hero_points == 0
