"""The new-game form refuses what the rules refuse, and says why under the form: an empty
name between commas, a seed with letters (not dropped key by key), names and seeds beyond the
rules' limits (``NAME_MAX``, ``SEED_MAX``)."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input, Label

from d6tui.engine.registry import game_info
from d6tui.games.shooter.rules import NAME_MAX, SEED_MAX
from d6tui.ui.app import D6App
from d6tui.ui.screens.new_game import NewGameForm, read_players, seed_problem
from tests.ui.helpers import make_app, sync


def test_read_players_keeps_an_empty_name_between_commas() -> None:
    assert read_players("Ana,,Ben") == ["Ana", "", "Ben"]
    assert read_players(" Ana , Ben, ") == ["Ana", "Ben"]  # one trailing comma is forgiven
    assert read_players("  ") == []


def test_seed_problem() -> None:
    assert seed_problem("", SEED_MAX) == ""
    assert seed_problem(" 42 ", SEED_MAX) == ""
    assert str(SEED_MAX) in seed_problem("abc", SEED_MAX)
    assert "'-3'" in seed_problem("-3", SEED_MAX)


#: What the Shooter form is given, what it says, and the field it says it next to (None:
#: under the form).
REFUSED = [
    ("Ana,,Ben", "", "player 2 has no name", "players"),
    ("Ana, Ben", "abc", "digits only", "seed"),
    ("Ana, Ben", "9" * 50, str(SEED_MAX), "seed"),
    ("Ana, " + "M" * (NAME_MAX + 1), "", f"at most {NAME_MAX} characters", "players"),
    ("Ana, ana", "", "differ only by case", "players"),
    ("Ana, Ana", "", "two players have the same name", "players"),
]


async def _refuses_and_explains_letters_at_once(app: D6App, pilot: Pilot) -> None:
    """A fresh Shooter form for each check: each of :data:`REFUSED` keeps the form open with
    the rules' message next to its field (focused; else under the form) and the names as
    typed; letters typed in the seed are shown and explained at once, and the message goes
    when they are taken back."""
    home = app.screen
    for players, seed, expected, where in REFUSED:
        form = NewGameForm(game_info("shooter"))
        app.push_screen(form)
        await pilot.pause()
        form.query_one("#players", Input).value = players
        form.query_one("#seed", Input).value = seed
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        case = (players, seed, expected)
        assert app.screen is form, case  # still open, nothing typed is lost
        # Next to the field it is about, which has the focus; else under the form.
        error = form.query_one(f"#{where}-error" if where else "#error", Label)
        assert expected in str(error.render()), case
        assert error.display, case
        if where:
            assert app.focused is form.query_one(f"#{where}", Input), case
        assert form.query_one("#players", Input).value == players, case
        app.pop_screen()
        await pilot.pause()
        assert app.screen is home

    form = NewGameForm(game_info("shooter"))
    app.push_screen(form)
    await pilot.pause()
    form.query_one("#seed", Input).focus()
    await pilot.press("1", "a")
    await pilot.pause()
    assert form.query_one("#seed", Input).value == "1a"
    assert "digits only" in str(form.query_one("#seed-error", Label).render())
    await pilot.press("backspace")
    await pilot.pause()
    assert str(form.query_one("#seed-error", Label).render()) == ""
    app.pop_screen()
    await pilot.pause()
    assert app.screen is home


async def _keys_typed_right_after_tab_go_to_the_next_field(app: D6App, pilot: Pilot) -> None:
    """A burst from a terminal ("ki", Tab, "ad" in one read) reaches the app before any key
    is handled; Tab must move the focus before the letter after it is given to a field."""
    from textual import events

    form = NewGameForm(game_info("d6_board"))
    app.push_screen(form)
    await pilot.pause()
    await pilot.press("k", "i", "tab", "a", "d")  # one call, as the tester typed
    for key, char in (("tab", "\t"), ("Y", "Y")):  # and as one burst, unwaited
        app.post_message(events.Key(key, char))
    for _ in range(5):
        await pilot.pause()
    assert form.query_one("#players", Input).value == "ki"
    assert form.query_one("#mode", Input).value == "ad"
    assert form.query_one("#team_cards", Input).value == "Y"
    app.pop_screen()
    await pilot.pause()


async def _the_long_board_game_form_scrolls_to_the_focused_field(
        app: D6App, pilot: Pilot, size: tuple[int, int]) -> None:
    """Every field of the D6 board game's schema can be reached and is on screen when
    focused; a bad value is shown next to its field, focused; the Footer has the form's
    keys."""
    from textual.widgets import Footer

    form = NewGameForm(game_info("d6_board"))
    app.push_screen(form)
    await pilot.pause()
    scroll = form.query_one("#new-game-fields")
    region = scroll.region
    if size == (80, 24):  # PageDown scrolls the fields (then back to the first)
        await pilot.press("pagedown")
        await pilot.wait_for_scheduled_animations()
        assert scroll.scroll_y > 0
        scroll.scroll_home(animate=False)
        await pilot.pause()
    for f in form.fields:
        box = form.query_one(f"#{f.name}")  # an Input, or a yes/no Switch
        assert app.focused is box
        # The focus scrolls the field into view by an animation (here one step):
        # wait for it to end, not for one frame (on a busy machine a frame came
        # mid-scroll, the field still partly out of view)
        await pilot.wait_for_scheduled_animations()
        assert region.contains_region(box.region), f.name
        await pilot.press("tab")
    await pilot.pause()
    form.query_one("#players", Input).value = "Ann, Bob"
    gm = form.query_one("#gm_events", Input)
    gm.value = "lots"
    form.query_one("#players", Input).focus()
    await pilot.pause()
    await pilot.press("ctrl+s")
    error = form.query_one("#gm_events-error", Label)
    for _ in range(40):  # the scroll lands after a refresh or two
        await pilot.pause(0.05)
        if region.contains_region(error.region):
            break
    assert app.screen is form
    assert app.focused is gm
    assert "not a whole number" in str(error.render())
    assert region.contains_region(error.region)
    footer = form.query_one(Footer)
    keys = {b.action for _, b, *_ in form.active_bindings.values()}
    assert "submit" in keys and footer.screen is form
    app.pop_screen()
    await pilot.pause()


async def _the_tales_form_shows_its_error_and_buttons_at_80x24(app: D6App, pilot: Pilot) -> None:
    """6x6 Tales' form (a setup widget above the title and seed) scrolls as a whole at 80x24:
    a seed beyond the rules' range is shown with the Start and Cancel buttons inside the box,
    and every widget Tab reaches, in the form's order, is inside the box when focused."""
    from textual.widgets import Button

    form = NewGameForm(game_info("tales"))
    app.push_screen(form)
    await pilot.pause()
    box = form.query_one("#new-game").content_region
    form.query_one("#seed", Input).value = "99999999999999999999"
    await pilot.press("ctrl+s")
    for _ in range(3):
        await pilot.pause()
    error = form.query_one("#seed-error", Label)
    assert "a seed runs from 0" in str(error.render())
    for shown in (error, form.query_one("#seed", Input), *form.query(Button)):
        assert box.contains_region(shown.region), shown
    seen: list = []
    for _ in range(7):
        await pilot.press("tab")
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()
        seen.append(app.focused.id)
        assert box.contains_region(app.focused.region), app.focused
    # in the form's order, from the seed on (not the docked buttons before the seed)
    assert seen == ["start", "cancel", "hero-name", "hero-race", "hero-explore", "title",
                    "seed"]
    app.pop_screen()
    await pilot.pause()


@sync
async def test_the_new_game_forms_refuse_scroll_and_take_keys(saves: Path) -> None:
    """One app, each form pushed fresh over the home screen and closed again, in turn
    (:func:`_refuses_and_explains_letters_at_once`,
    :func:`_keys_typed_right_after_tab_go_to_the_next_field`, then with scrolls that jump
    to their end :func:`_the_tales_form_shows_its_error_and_buttons_at_80x24` and
    :func:`_the_long_board_game_form_scrolls_to_the_focused_field` at 80x24 and, resized,
    at 160x50)."""
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _refuses_and_explains_letters_at_once(app, pilot)
        await _keys_typed_right_after_tab_go_to_the_next_field(app, pilot)
        # scrolls jump to their end (as with TEXTUAL_ANIMATIONS=none): where a field lands
        # is what is checked, not the glide there
        app.animation_level = "none"
        await _the_tales_form_shows_its_error_and_buttons_at_80x24(app, pilot)
        await _the_long_board_game_form_scrolls_to_the_focused_field(app, pilot, (80, 24))
        await pilot.resize_terminal(160, 50)
        await pilot.pause()
        await _the_long_board_game_form_scrolls_to_the_focused_field(app, pilot, (160, 50))


@sync
async def test_the_tales_forms_refusal_is_said_under_the_name(saves: Path) -> None:
    """A hero's name the rules refuse (too long): the reason is shown right under the name
    field, which keeps the text and gets the focus, not at the foot of the form."""
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        form = NewGameForm(game_info("tales"))
        app.push_screen(form)
        await pilot.pause()
        name = form.query_one("#hero-name", Input)
        name.value = "B" * 45
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form
        said = form.query_one("#name-error", Label)
        assert said.display and "at most 40 characters" in str(said.render())
        assert not form.query_one("#error", Label).display
        assert said.region.y == name.region.bottom  # the line under the field
        assert app.focused is name and name.value == "B" * 45
