"""Number and name ranges in the Simple Six forms at 80x24: the new-campaign form fits the
terminal (buttons, error line, Footer, scrolled as a whole), refuses a huge Rolling Limit or
CP limit, a CP limit without character-point dice, an added attribute that is no name and a
paranormal one that is not added; the end-of-session award refuses a huge number and moves
the focus to the field in error."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Button, Checkbox, Footer, Input, Label

from d6tui.engine.session import Session
from d6tui.games.simple_six import campaign
from d6tui.games.simple_six.creation import Draft
from d6tui.ui.simple_six.forms import NumbersModal
from d6tui.ui.simple_six.screen import SimpleSixScreen
from tests.ui.helpers import make_app, on_screen, open_simple_six_form, settle, sync


@sync
async def test_the_new_campaign_form_fits_refuses_and_starts(saves: Path) -> None:
    """The Simple Six new-campaign form at 80x24, opened once from the home screen, in turn:

    - it fits: it opens at its top (the first setting shown), its Start/Cancel buttons and
      the Footer with its keys are on screen; a bad die code's message shows without
      scrolling, above the buttons; the first setting is reached by scrolling the form as
      a whole;
    - it refuses a huge Rolling Limit or CP limit, a CP limit without character-point dice,
      an added attribute that is no name and a renamed one too long;
    - a paranormal attribute: its field scrolls into view with the buttons; a name that is
      not an added attribute is refused on the error line, on screen;
    - then it starts the campaign: the CP limit with character-point dice, Spiritual
      paranormal with no extra dice for it, and a mundane character has it at 0D.
    """
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_simple_six_form(pilot)
        await pilot.pause()
        # it opens at its top: the first setting is shown
        first = form.query_one("#set-skill_list")
        assert 0 <= first.region.y and first.region.bottom <= 23 and first.region.height
        for b in ("#start", "#cancel"):
            assert on_screen(form.query_one(b, Button), 24)
        footer = form.query_one(Footer)
        assert footer.region.bottom == 24
        assert "ctrl+s" in form.active_bindings
        # a bad die code: the message shows, without scrolling
        form.query_one("#set-attribute_dice", Input).value = "abc"
        await pilot.press("ctrl+s")
        await pilot.pause()
        error = form.query_one("#error", Label)
        assert "not a die code" in str(error.render())
        assert on_screen(error, 24) and error.region.bottom <= form.query_one(
            "#start", Button).region.y
        # the first setting is reached by scrolling the form as a whole
        first.focus()
        await pilot.pause()
        assert on_screen(first, 24)
        form.query_one("#set-attribute_dice", Input).value = ""
        # huge numbers and odd names
        form.query_one("#title", Input).value = "Huge"

        async def refused(key: str, value: str, words: str) -> None:
            field = form.query_one(f"#set-{key}", Input)
            field.value = value
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert app.screen is form, key
            assert words in str(error.render()), str(error.render())
            field.value = ""

        await refused("rolling_limit", "99999999999999999999", "0 to 99")
        await refused("cp_limit", "99999999999999999999999", "0 to 9999")
        await refused("cp_limit", "3", "only with")
        await refused("extra_attributes", "Perception, 99999", "not a name")
        await refused("attribute_names", "Power, Grace, Reason, " + "P" * 30, "longer than 20")
        # a paranormal attribute
        form.query_one("#set-extra_attributes", Input).value = "Spiritual, Perception"
        field = form.query_one("#set-paranormal_attributes", Input)
        field.focus()
        await pilot.pause()
        assert on_screen(field) and on_screen(form.query_one("#start", Button))
        # a name that is not an added attribute is refused on the error line
        field.value = "Might"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "not an added attribute" in str(error.render()) and on_screen(error)
        field.value = "Spiritual"
        # started
        form.query_one("#set-character_point_dice", Checkbox).value = True
        form.query_one("#set-cp_limit", Input).value = "3"
        await pilot.press("ctrl+s")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, SimpleSixScreen)
        s = screen.session.state.settings
        assert s.wild.cp_limit == 3
        assert s.paranormal_attributes == ("Spiritual",)
        assert str(s.attribute_dice) == "15D"  # no extra dice for the paranormal one
        # a mundane character with the gift at 0D
        screen.session.do(campaign.add_character, Draft(
            "Hal", {"Might": "4D", "Agility": "4D", "Wit": "3D", "Charm": "2D",
                    "Perception": "2D", "Spiritual": "0D"},
            skills={"Sword": "2D", "Dodge": "2D", "Search": "2D", "Command": "1D"}))
        assert str(screen.session.state.member("hal").sheet.attribute("Spiritual")) == "0D"


@sync
async def test_the_award_refuses_a_huge_number_then_the_numbers_box_and_example(
        saves: Path) -> None:
    """On one campaign's screen, in turn:

    - the end-of-session award refuses a huge number and moves the focus to the field in
      error;
    - Issue 12: ``Zed [red]Evil[/red]`` is a name, shown as typed in the numbers box
      ("Round 1: actions declared" lists every combatant by name), and the title's
      brackets too;
    - the example under a typed wild-die roll reads as the dice asked: the wild die alone
      is '6 2', two dice '3 w 6 2', and each example parses to those dice.
    """
    from d6tui.games.simple_six.typed_dice import parse_typed_wild
    from d6tui.ui.simple_six.forms import WildDiceInput

    s = Session.new("simple_six", {"seed": 3}, path=saves / "award.toml", title="Award")
    for name in ("Aria", "Bren"):
        s.do(campaign.add_character, Draft(
            name, {"Might": "3D", "Agility": "3D", "Wit": "3D", "Charm": "3D"},
            skills={"Search": "2D"}, perks=["Lucky", "Destiny", "Attractive"]), dice=s.dice)
    s.do(campaign.start_session)
    app = make_app(saves, session=s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("s")
        await pilot.pause()
        modal = app.screen
        assert isinstance(modal, NumbersModal)
        fields = list(modal.query(Input))
        fields[1].value = "99999999999999999999999"
        fields[0].focus()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is modal
        assert "0 to 9999" in str(modal.query_one("#error").render())
        assert app.focused is fields[1]
        await pilot.press("escape")  # the award put off
        await pilot.pause()
        assert isinstance(app.screen, SimpleSixScreen)
        app.push_screen(NumbersModal("Round 1: actions declared [b]",
                                     [("zed", "Zed [red]Evil[/red]", 1)]))
        await pilot.pause()
        shown = " ".join(str(w.render()) for w in app.screen.query(Label))
        assert "Zed [red]Evil[/red]" in shown
        assert "Round 1: actions declared [b]" in str(app.screen.query_one(
            ".modal-title").render())
        app.pop_screen()
        await pilot.pause()
        for dice, example in (("1D", "6 2"), ("2D", "3 w 6 2"), ("3D+1", "3 5 w 6 2")):
            app.push_screen(WildDiceInput("Zed's Dodge", {"dice": dice, "rolled": dice}))
            await pilot.pause()
            hint = " ".join(str(w.render()) for w in app.screen.query(".modal-hint"))
            assert f"e.g. '{example}'." in hint, hint
            faces, wild, _cp = parse_typed_wild(example, int(dice[0]))
            assert len(faces) == int(dice[0]) - 1 and wild == [6, 2]
            app.pop_screen()
            await pilot.pause()
