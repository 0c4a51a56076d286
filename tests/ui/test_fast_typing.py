"""Keys typed faster than the app handles them land where the player meant them: a terminal
(or a fast typist, or tmux send-keys) hands the app a burst of keys before the first is
handled, so a key that moves the focus (Tab, Enter to the next field) must move it before
the next key of the burst is given to a field. (Keys typed while a form is still opening
are not held for it: a form takes the keys typed once its first field has the focus.)

Each test posts its whole burst with no pause between keys (Pilot's ``press`` waits for the
app to be idle after every key, which hides the race)."""

from __future__ import annotations

from pathlib import Path

from textual import events
from textual.pilot import Pilot
from textual.widgets import Input

from d6tui.engine.registry import game_info
from d6tui.engine.session import Session
from d6tui.ui.screens.new_game import NewGameForm
from d6tui.ui.simple_six.forms import CharacterForm, NumbersModal
from tests.ui.helpers import make_app, sync, until

#: Characters of the keys that are no printable character.
_CHARS = {"tab": "\t", "enter": "\r", "shift+tab": None, "space": " "}


def burst(pilot: Pilot, *keys: str) -> None:
    """Post ``keys`` (names as Pilot takes them: ``"tab"``, ``"K"``) to the app at once, none
    handled before the last is queued."""
    for key in keys:
        char = _CHARS.get(key, key if len(key) == 1 else None)
        name = {" ": "space", ",": "comma"}.get(key, key)
        pilot.app.post_message(events.Key(name, char))


def typed(text: str) -> list[str]:
    """The keys that type ``text``."""
    return list(text)


@sync
async def test_a_name_tab_and_dice_typed_at_once_fill_their_own_fields(saves: Path) -> None:
    """The tester's case on the Simple Six character form: "Kara", Tab, "3D", Tab, "3D" in
    one burst gave the name ``Kara3D3D``; each goes to its field. A Backspace just before
    Tab deletes in the field it was typed in (it was run for the next field, once the
    letters typed there were in); Enter moves on as Tab does, and shift+Tab back."""
    session = Session.new("simple_six", {"seed": 1}, path=saves / "c.toml")
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        assert await until(pilot, lambda: isinstance(app.screen, CharacterForm))
        form = app.screen
        assert await until(pilot, lambda: app.focused is form.query_one("#name"))
        burst(pilot, *typed("Karaa"), "backspace", "tab", *typed("3D"), "tab", *typed("3D"),
              "enter", *typed("2D"), "shift+tab", *typed("4D"), "tab", "tab", *typed("3D"))
        value = {i: lambda i=i: form.query_one(f"#{i}", Input).value for i in (
            "name", "attr-might", "attr-agility", "attr-wit", "attr-charm")}
        assert await until(pilot, lambda: value["attr-charm"]() == "3D")
        # shift+Tab back to Agility selects its "3D", which "4D" replaces
        assert {i: v() for i, v in value.items()} == {
            "name": "Kara", "attr-might": "3D", "attr-agility": "4D", "attr-wit": "2D",
            "attr-charm": "3D"}


@sync
async def test_numbers_typed_at_once_go_to_their_fields(saves: Path) -> None:
    """The numbers box (declared actions, CP awarded): "2", Enter, "3", Enter on the last
    field accepts both."""
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        results: list[object] = []
        app.push_screen(NumbersModal("How many?", [("a", "Ann", 0), ("b", "Bob", 0)]),
                        results.append)
        assert await until(pilot, lambda: isinstance(app.focused, Input))
        burst(pilot, "backspace", "2", "enter", "backspace", "3", "enter")
        assert await until(pilot, lambda: bool(results))
        assert results == [{"a": 2, "b": 3}]


@sync
async def test_a_heros_name_typed_as_the_tales_form_opens_is_the_heros(saves: Path) -> None:
    """The new-tale form focuses the hero's name as it opens (not the title, then the name
    a frame later): a name typed then is the hero's, and Tab then goes on to the race."""
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        form = NewGameForm(game_info("tales"))
        app.push_screen(form)
        assert await until(pilot, lambda: app.focused is not None and
                           app.focused.id == "hero-name")
        burst(pilot, *typed("Brin"))

        def name() -> str:
            field = form.query("#hero-name")
            return field.first(Input).value if field else ""

        assert await until(pilot, lambda: name() == "Brin")
        assert form.query_one("#title", Input).value == ""
        burst(pilot, "tab")
        assert await until(pilot, lambda: app.focused is form.query_one("#hero-race"))


@sync
async def test_players_enter_and_a_title_typed_at_once(saves: Path) -> None:
    """The Shooter form: players, Enter (to the empty title), a title and Enter, all in one
    burst once the form is open, start the game with those players and that title."""
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        results: list[object] = []
        form = NewGameForm(game_info("shooter"))
        app.push_screen(form, results.append)
        assert await until(pilot, lambda: isinstance(app.focused, Input) and
                           app.focused.screen is form)
        burst(pilot, *typed("Ann,Bob"), "enter", *typed("Duel"), "enter")
        assert await until(pilot, lambda: bool(results))
        request = results[0]
        assert request.options["players"] == ["Ann", "Bob"]  # type: ignore[attr-defined]
        assert request.title == "Duel"  # type: ignore[attr-defined]


@sync
async def test_a_dialog_closed_twice_closes_once(saves: Path) -> None:
    """Two Enters typed in one burst reach a dialog twice before it is gone: its second
    ``dismiss`` did pop whatever was on top then (the screen under it; with the home screen
    alone, a ScreenStackError that stopped the app). Now a dialog no longer on top does
    nothing, and the result given is the first one."""
    from d6tui.ui.screens.home import HomeScreen
    from d6tui.ui.screens.modals import TextPrompt

    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        results: list[object] = []
        prompt = TextPrompt("Name?", "")
        app.push_screen(prompt, results.append)
        assert await until(pilot, lambda: app.screen is prompt)
        prompt.dismiss("first")
        prompt.dismiss("second")
        await pilot.pause()
        assert results == ["first"]
        assert isinstance(app.screen, HomeScreen) and len(app.screen_stack) == 1
