"""A yes/no option of the new-game form is a switch with a word a player reads ("Yes",
"No"), never a typed "False"; no option's help quotes a command-line flag."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Static, Switch

from d6tui.engine.registry import game_info, games, load_rules
from d6tui.ui.screens.new_game import NewGameForm, field_hint
from tests.ui.helpers import make_app, sync


def test_a_yes_or_no_option_names_itself_in_words():
    computer = next(f for f in load_rules("dungeon").options if f.kind == "bool")
    hint = field_hint(computer)
    assert hint == "Against the computer (the computer plays the second seat):"
    assert "False" not in hint and "empty" not in hint


@pytest.mark.parametrize("slug", sorted(g.slug for g in games()))
def test_no_option_help_quotes_a_command_line_flag(slug: str):
    """The form shows each option's help to players, who read words, not ``--flags``."""
    for f in load_rules(slug).options:
        assert "--" not in f.help, (slug, f.name, f.help)
        assert "--" not in field_hint(f), (slug, f.name)


@sync
async def test_the_computer_option_is_a_switch_that_says_yes_or_no(saves: Path) -> None:
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        form = NewGameForm(game_info("dungeon"))
        app.push_screen(form)
        await pilot.pause()
        switch = form.query_one("#vs_computer", Switch)
        word = form.query_one("#vs_computer-word", Static)
        assert not switch.value and str(word.render()).startswith("No")
        assert not form.query("Input#vs_computer")  # nothing to type "False" into
        form.query_one("#players", Input).value = "Ann"
        await pilot.press("tab", "space")
        await pilot.pause()
        assert app.focused is switch and switch.value
        assert str(word.render()).startswith("Yes")
        request = form.check()
        assert request.options["vs_computer"] is True
        assert request.options["players"] == ["Ann", "Computer"]
