"""The attribute options at 80x24: a campaign with renamed attributes set up in the new-game
form and a character made in it, an added attribute in the character form, and the ``x``
dialog asking for the attribute under "Independent Skills"."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Button, Checkbox, Input, Label, OptionList

from d6tui.engine.session import Session
from d6tui.games.simple_six import campaign
from d6tui.games.simple_six.creation import Draft
from d6tui.ui.screens.modals import ChoiceModal
from d6tui.ui.simple_six.forms import CharacterForm, NumbersModal
from d6tui.ui.simple_six.screen import SimpleSixScreen
from tests.ui.helpers import make_app, on_screen, open_simple_six_form, pick_number, settle, sync


@sync
async def test_a_renamed_campaign_from_the_form_and_a_character_in_it(saves: Path) -> None:
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_simple_six_form(pilot)
        # each new field scrolls into view when reached, the buttons stay on screen
        for key in ("price_max", "max_complications", "attribute_names", "extra_attributes",
                    "skill_attributes"):
            field = form.query_one(f"#set-{key}", Input)
            field.focus()
            await pilot.pause()
            assert on_screen(field), key
            assert on_screen(form.query_one("#start", Button))
        for key in ("no_attributes", "independent_skills"):
            box = form.query_one(f"#set-{key}", Checkbox)
            box.focus()
            await pilot.pause()
            assert on_screen(box), key
        # a slip in the names is shown on the error line, on screen
        names = form.query_one("#set-attribute_names", Input)
        names.focus()
        names.value = "Power, Grace"  # typing in the form: test_simple_six_flows
        await pilot.press("ctrl+s")
        await pilot.pause()
        error = form.query_one("#error", Label)
        assert "four names" in str(error.render()) and on_screen(error)
        names.value = "Power, Grace, Reason, Poise"
        form.query_one("#set-max_complications", Input).value = "3"
        form.query_one("#set-price_max", Input).value = "5D"
        form.query_one("#title", Input).value = "Swashbucklers"
        await pilot.press("ctrl+s")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, SimpleSixScreen)
        s = screen.session.state.settings
        assert s.attribute_names_shown == ("Power", "Grace", "Reason", "Poise")
        assert (s.max_complications, str(s.price_max)) == (3, "5D")
        # make a character: the form labels the attributes by the campaign's names
        await pilot.press("c")
        await pilot.pause()
        cform = app.screen
        assert isinstance(cform, CharacterForm)
        labels = [str(lab.render()) for lab in cform.query(".attr-label")]
        assert labels == ["Power", "Grace", "Reason", "Poise"]
        # the boxes in their order, each by the attribute's id (typing and Tab through the
        # form: test_simple_six_flows)
        for key, value in (("name", "Ysolde"), ("attr-might", "5D"), ("attr-agility", "3D"),
                           ("attr-wit", "2D"), ("attr-charm", "1D+1")):
            cform.query_one(f"#{key}", Input).value = value
        await pilot.pause()
        shown = str(cform.query_one("#problems").render())
        assert "Power 5D is above the most allowed in this campaign, 4D" not in shown  # 5D ok
        assert "attributes must use 12D exactly" in shown  # 5D costs 6D at a price
        cform.query_one("#attr-charm", Input).value = "0D+2"
        await pilot.pause()
        assert "Poise 0D+2 is below" in str(cform.query_one("#problems").render())
        cform.query_one("#attr-charm", Input).value = "1D"
        cform.query_one("#skills", Input).value = "Sword 2D, Dodge 2D, Ride 2D, Command 1D"
        cform.query_one("#complications", Input).value = "Crazy, Enemies, Gremlins"
        await pilot.pause()
        assert "\u2713" in str(cform.query_one("#problems").render())
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen
        sheet = screen.session.state.member("ysolde").sheet
        assert str(sheet.attribute("Might")) == "5D"
        text = str(screen.query_one("#sheet").render())
        assert "POWER 5D" in text and "POISE 1D" in text and "MIGHT" not in text
        # a roll of an attribute by its name, logged by that name
        await pilot.press("x")
        await pilot.pause()
        modal = app.screen
        assert isinstance(modal, ChoiceModal)
        values = [v for _l, v in modal.options]
        assert values[:4] == ["Power", "Grace", "Reason", "Poise"]
        await pick_number(pilot, 1)
        await pilot.pause()
        assert isinstance(app.screen, NumbersModal)
        await pilot.press("ctrl+s")
        await pilot.pause()
        ev = screen.session.events[-1]
        assert ev["type"] == "rolled" and ev["what"] == "Power"
        assert ev["roll"]["rolled"].startswith("5D")


@sync
async def test_an_added_attribute_in_the_character_form(saves: Path) -> None:
    session = Session.new("simple_six", {
        "seed": 3, "extra_attributes": ["Perception"],
        "skill_attributes": {"Search": "Perception"}}, path=saves / "c.toml")
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, CharacterForm)
        hints = " ".join(str(h.render()) for h in form.query(".modal-hint"))
        assert "15D among the 5" in hints
        for key, value in (("name", "Kel"), ("attr-might", "3D"), ("attr-agility", "3D"),
                           ("attr-wit", "3D"), ("attr-charm", "3D"), ("attr-perception", "3D"),
                           ("skills", "Search 2D, Bow 2D, Dodge 2D, Stealth 1D")):
            form.query_one(f"#{key}", Input).value = value
        await pilot.pause()
        assert "\u2713" in str(form.query_one("#problems").render())
        await pilot.press("ctrl+s")
        await pilot.pause()
        text = str(app.screen.query_one("#sheet").render())
        assert "PERCEPTION 3D" in text and "Search 5D" in text


@sync
async def test_independent_skills_ask_for_the_attribute(saves: Path) -> None:
    session = Session.new("simple_six", {"seed": 3, "independent_skills": True},
                          path=saves / "c.toml")
    session.do(campaign.add_character, Draft(
        "Sir Aldo", {"Might": "4D", "Agility": "3D", "Wit": "2D", "Charm": "3D"},
        skills={"Sword": "2D", "Ride": "2D", "Command": "2D", "Dodge": "1D"}))
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.selected = "sir-aldo"
        screen.refresh_game()
        await pilot.pause()
        assert "Sword 2D" in str(screen.query_one("#sheet").render())
        await pilot.press("x")
        await pilot.pause()
        sword = [i for i, (_l, v) in enumerate(app.screen.options) if v == "Sword"][0]
        app.screen.query_one("#choices", OptionList).highlighted = sword
        await pilot.press("enter")
        await pilot.pause()
        modal = app.screen
        assert isinstance(modal, ChoiceModal) and "which attribute" in modal.title_text
        assert [v for _l, v in modal.options] == [
            "Might + Sword", "Agility + Sword", "Wit + Sword", "Charm + Sword"]
        await pilot.press("3")  # Wit
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        ev = session.events[-1]
        assert ev["what"] == "Wit + Sword" and ev["roll"]["rolled"].startswith("4D")


@sync
async def test_quasi_skills_in_the_form_and_spent_on(saves: Path) -> None:
    session = Session.new("simple_six", {"seed": 3, "quasi_skills": ["Spiritual", "Etheric"]},
                          path=saves / "c.toml")
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("c")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, CharacterForm)
        for key, value in (("name", "Azrael"), ("attr-might", "2D"), ("attr-agility", "3D"),
                           ("attr-wit", "2D"), ("attr-charm", "3D"), ("quasi-spiritual", "2D"),
                           ("skills", "Sword 2D, Dodge 2D, Command 2D, Ride 1D")):
            form.query_one(f"#{key}", Input).value = value
        await pilot.pause()
        assert "\u2713" in str(form.query_one("#problems").render())
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "Quasi skills Spiritual 2D, Etheric 0D" in str(
            screen.query_one("#sheet").render())
        session.do(campaign.start_session)
        session.do(campaign.end_session, {"azrael": 12})
        screen.refresh_game()
        await pilot.press("v")
        await pilot.pause()
        kinds = [v for _l, v in app.screen.options]
        await pilot.press(str(kinds.index("quasi") + 1))
        await pilot.pause()
        assert [v for _l, v in app.screen.options] == ["Spiritual", "Etheric"]
        await pilot.press("2")  # Etheric, first die for 10 CP
        await pilot.pause()
        ev = session.events[-1]
        assert (ev["type"], ev["kind"], ev["cost"]) == ("cp_spent", "quasi", 10)
        assert str(session.state.member("azrael").sheet.quasi_code("Etheric")) == "1D"

