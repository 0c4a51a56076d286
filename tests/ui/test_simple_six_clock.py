"""The Simple Six screen's "let time pass" (key T; its palette entry is checked in
test_simple_six_flows, on an empty campaign): a span typed in natural
units, a bad one told in one line with the text kept, then one time_passed event that heals at
rest and tells what the time brought ("Healing", "Order of Actions in a Round"). On the same
wounded party: the session's records (R), a Potion of Healing through the moves key (M, the
one move runner) and the Heal spell from the magic key ("The Grimoire")."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Label

from d6tui.engine.session import Session
from d6tui.games.simple_six import campaign
from d6tui.games.simple_six.rules import RULES
from d6tui.games.simple_six.wounds import WoundLevel
from d6tui.ui.screens.modals import ChoiceModal
from d6tui.ui.simple_six.screen import SimpleSixScreen
from d6tui.ui.simple_six.time_ui import SpanPrompt
from tests.simple_six.test_campaign import BAELEN, MELKOT, MIRA, ORC
from tests.ui.helpers import make_app, pick_number, pick_value, sync


def _wounded_mira(saves: Path) -> Session:
    """Baelen, Mira, Melkot (a sorcerer) and an orc in a session; the orc's axe has left Mira
    Wounded and the fight is over."""
    s = Session.new(RULES, {"seed": 5}, path=saves / "rec.toml", title="Record")
    for d in (BAELEN, MIRA, MELKOT, ORC):
        s.do(campaign.add_character, d, dice=s.dice)
    s.do(campaign.start_session)
    s.do(campaign.start_combat, ["orc", "mira"])
    s.do(campaign.attack, "orc", "mira", skill="Axe", weapon="Axe", defense="dodge",
         typed={"attack": ([6, 6, 6], [6, 6, 2]), "damage": ([2] * 5, [4])})
    s.do(campaign.end_combat)
    assert s.state.member("mira").wounds.level == WoundLevel.WOUNDED
    return s


@sync
async def test_records_rest_natural_healing_a_potion_and_the_heal_spell(saves: Path) -> None:
    """One campaign's screen, Mira Wounded by an orc, in turn: ``R`` writes the session's
    record, the GM's and the players' (no NPC statistics there), and says where; ``T`` lets
    time pass: "3 dayz" is told in one line with the text kept, "3 days" is read back, and
    everyone at rest makes one time_passed event that heals Mira or not by her roll against
    TN 6; that time undone, natural healing (``H`` 1) offers the rest the Wounded level still
    needs, three days on the clock, for everyone at rest ("Healing"); that rest undone,
    ``M`` gives Mira a Potion of Healing through the move runner ("Potions"); that undone,
    Melkot's Heal (``m``) asks for the patient only and its TN is 15, then 25 for a second
    cast the same day, a success lowering Mira's wound level ("The Grimoire")."""
    s = _wounded_mira(saves)
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SimpleSixScreen)
        # R: the records
        await pilot.press("R")
        for _ in range(20):
            await pilot.pause()
            if (saves / "records" / "rec-session-1-players.md").exists():
                break
        gm = (saves / "records" / "rec-session-1.md").read_text()
        players = (saves / "records" / "rec-session-1-players.md").read_text()
        assert gm.startswith("# Record: Session 1") and "### Orc (NPC)" in gm
        assert "(players' record)" in players and "### Orc" not in players
        assert any("rec-session-1-players.md" in str(n.message) for n in app._notifications)
        # T: three days at rest
        await pilot.press("T")
        await pilot.pause()
        prompt = app.screen
        assert isinstance(prompt, SpanPrompt)
        field = prompt.query_one("#text", Input)
        field.value = "3 dayz"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is prompt and field.value == "3 dayz"  # kept, to fix
        error = str(prompt.query_one("#error", Label).render())
        assert "'dayz' is not a unit of time" in error and "\n" not in error
        field.value = "3 days"
        await pilot.pause()
        assert "= 3 days" in str(prompt.query_one("#error", Label).render())
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("1")  # everyone rests
        for _ in range(30):
            await pilot.pause()
            if s.events[-1]["type"] == "time_passed":
                break
        ev = s.events[-1]
        assert ev["type"] == "time_passed" and ev["minutes"] == 3 * 24 * 60 and ev["rest"]
        check = ev["checks"][0]
        assert check["who"] == "mira" and check["tn"] == 6
        healed = check["roll"]["total"] >= 6
        assert (s.state.member("mira").wounds.level == WoundLevel.STUNNED) == healed
        # H: natural healing, on the three days undone
        s.undo()
        assert s.state.member("mira").wounds.level == WoundLevel.WOUNDED
        screen.refresh_game()
        screen.selected = "mira"
        await pilot.press("H", "1")  # natural healing
        await pilot.pause()
        prompt = app.screen
        assert isinstance(prompt, SpanPrompt)
        assert prompt.query_one("#text", Input).value == "3 days"
        await pilot.press("enter")
        for _ in range(20):
            await pilot.pause()
            if s.events[-1]["type"] == "time_passed":
                break
        ev = s.events[-1]
        assert ev["type"] == "time_passed" and ev["rest"] and ev["checks"][0]["who"] == "mira"
        # M, on the rest undone: a Potion of Healing through the one move runner, as
        # `d6tui play` makes it ("Potions": the wound level one step lower)
        s.undo()
        assert s.state.member("mira").wounds.level == WoundLevel.WOUNDED
        screen.refresh_game()
        await pilot.press("M")
        await pick_value(pilot, "heal_potion")
        await pick_value(pilot, "mira")
        for _ in range(20):
            if s.state.member("mira").wounds.level < WoundLevel.WOUNDED:
                break
            await pilot.pause()
        assert s.state.member("mira").wounds.level == WoundLevel.WOUNDED - 1
        assert s.events[-1]["type"] == "healed"
        # Heal from the magic key, on the potion undone: the screen asks for the patient
        # only, not a TN nor the castings today (counted from the log: a second Heal the
        # same day is +10), and a success lowers the patient's wound level ("The Grimoire")
        for _ in range(20):
            if app.screen is screen:
                break
            await pilot.pause()
        s.undo()
        assert s.state.member("mira").wounds.level == WoundLevel.WOUNDED
        screen.refresh_game()
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


@sync
async def test_the_session_end_asks_for_complication_cp(saves: Path) -> None:
    """"Complications": the session's end asks which complications came up (one CP each);
    a White Wizard's CP is not asked, it comes by itself ("Magic Complications")."""
    from d6tui.games.simple_six.creation import Draft
    from d6tui.ui.screens.modals import ChoiceModal
    from d6tui.ui.simple_six.forms import NumbersModal

    s = Session.new(RULES, {"seed": 5}, path=saves / "cx.toml", title="Complications")
    s.do(campaign.add_character, Draft(
        "Vex", {"Might": "3D", "Agility": "3D", "Wit": "3D", "Charm": "3D"},
        skills={"Search": "2D"}, perks=["Lucky", "Destiny", "Attractive"],
        complications=["Enemies", "Crazy"]), dice=s.dice)
    s.do(campaign.start_session)
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, NumbersModal)
        app.screen.query_one("#n0", Input).value = "4"
        await pilot.press("ctrl+s")
        await pilot.pause()
        modal = app.screen
        assert isinstance(modal, ChoiceModal) and "Vex: which complications" in modal.title_text
        assert [v for _l, v in modal.options] == ["Enemies", "Crazy"]
        await pilot.press("2", "enter")  # Crazy came up
        for _ in range(20):
            await pilot.pause()
            if s.events[-1]["type"] == "session_ended":
                break
        ev = s.events[-1]
        assert ev["type"] == "session_ended" and ev["complications"] == {"vex": ["Crazy"]}
        assert s.state.member("vex").sheet.character_points == 5


@sync
async def test_with_table_dice_the_clocks_might_rolls_are_asked(saves: Path) -> None:
    from d6tui.ui.screens.dice_prompt import ROLL_FOR_ME
    from d6tui.ui.simple_six.forms import WildDiceInput
    from tests.simple_six.test_clock import _mortal
    from tests.simple_six.test_combat_audit import new

    s = new()
    _mortal(s)
    s.set_table_dice(everyone=True)
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("T")
        await pilot.pause()
        app.screen.query_one("#text", Input).value = "10 min"
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("2")  # they go on
        for _ in range(30):
            await pilot.pause()
            if isinstance(app.screen, WildDiceInput):
                break
        prompt = app.screen
        assert isinstance(prompt, WildDiceInput) and "for Ana" in prompt.prompt
        before = len(s.events)
        prompt.dismiss(([6] * len(prompt.roll["faces"]), [5] * len(prompt.roll["wild"]),
                        ()))
        for _ in range(30):
            await pilot.pause()
            if isinstance(app.screen, WildDiceInput):
                break
        assert isinstance(app.screen, WildDiceInput)  # the next minute's roll
        assert len(s.events) == before  # nothing written while asking
        app.screen.dismiss(ROLL_FOR_ME)  # d6tui rolls the rest
        for _ in range(30):
            await pilot.pause()
            if s.events[-1]["type"] == "time_passed":
                break
    ev = s.events[-1]
    assert ev["type"] == "time_passed"
    assert ev["checks"][0]["roll"]["source"] == "table"
    assert ev["checks"][0]["roll"]["faces"][0] == 6
    assert all(x["roll"]["source"] == "app" for x in ev["checks"][1:])
