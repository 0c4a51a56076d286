"""Number and name ranges in the Simple Six forms at 80x24: the new-campaign form refuses a
huge Rolling Limit or CP limit, a CP limit without character-point dice and an added
attribute that is no name; the end-of-session award refuses a huge number and moves the
focus to the field in error."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Checkbox, Input, Label

from d6tui.engine.session import Session
from d6tui.games.simple_six import campaign
from d6tui.games.simple_six.creation import Draft
from d6tui.ui.simple_six.forms import NumbersModal
from d6tui.ui.simple_six.screen import SimpleSixScreen
from tests.ui.helpers import make_app, open_simple_six_form, settle, sync


@sync
async def test_the_new_campaign_form_refuses_huge_numbers_and_odd_names(saves: Path) -> None:
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_simple_six_form(pilot)
        form.query_one("#title", Input).value = "Huge"
        error = form.query_one("#error", Label)

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
        form.query_one("#set-character_point_dice", Checkbox).value = True
        form.query_one("#set-cp_limit", Input).value = "3"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, SimpleSixScreen)
        assert app.screen.session.state.settings.wild.cp_limit == 3


@sync
async def test_the_award_refuses_a_huge_number_and_focuses_it(saves: Path) -> None:
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


@sync
async def test_the_numbers_box_and_the_table_dice_example(saves: Path) -> None:
    """Two dialogs pushed in turn on one app:

    - Issue 12: ``Zed [red]Evil[/red]`` is a name, shown as typed in the numbers box
      ("Round 1: actions declared" lists every combatant by name), and the title's
      brackets too;
    - the example under a typed wild-die roll reads as the dice asked: the wild die alone
      is '6 2', two dice '3 w 6 2', and each example parses to those dice.
    """
    from d6tui.games.simple_six.typed_dice import parse_typed_wild
    from d6tui.ui.simple_six.forms import WildDiceInput

    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
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
