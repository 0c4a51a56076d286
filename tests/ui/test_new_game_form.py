"""The new-game form refuses what the rules refuse, and says why under the form: an empty
name between commas, a seed with letters (not dropped key by key), names and seeds beyond the
rules' limits (``NAME_MAX``, ``SEED_MAX``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Label

from d6tui.engine.registry import game_info
from d6tui.games.shooter.rules import NAME_MAX, SEED_MAX
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


@pytest.mark.parametrize(("players", "seed", "expected"), [
    ("Ana,,Ben", "", "player 2 has no name"),
    ("Ana, Ben", "abc", "digits only"),
    ("Ana, Ben", "9" * 50, str(SEED_MAX)),
    ("Ana, " + "M" * (NAME_MAX + 1), "", f"at most {NAME_MAX} characters"),
    ("Ana, ana", "", "differ only by case"),
])
def test_the_form_refuses_with_the_rules_message(
    saves: Path, players: str, seed: str, expected: str
) -> None:
    @sync
    async def run() -> None:
        app = make_app(saves)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            form = NewGameForm(game_info("shooter"))
            app.push_screen(form)
            await pilot.pause()
            form.query_one("#players", Input).value = players
            form.query_one("#seed", Input).value = seed
            await pilot.pause()
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert app.screen is form  # still open, nothing typed is lost
            assert expected in str(form.query_one("#error", Label).render())
            assert form.query_one("#players", Input).value == players

    run()


@sync
async def test_letters_in_the_seed_are_shown_and_explained_at_once(saves: Path) -> None:
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        form = NewGameForm(game_info("shooter"))
        app.push_screen(form)
        await pilot.pause()
        form.query_one("#seed", Input).focus()
        await pilot.press("1", "a")
        await pilot.pause()
        assert form.query_one("#seed", Input).value == "1a"
        assert "digits only" in str(form.query_one("#error", Label).render())
        await pilot.press("backspace")
        await pilot.pause()
        assert str(form.query_one("#error", Label).render()) == ""
