"""A field's placeholder never looks like a value typed in: it is in italics (dimmed), and
an example says "e.g." (a tester took the character form's "3D" boxes for filled)."""

from __future__ import annotations

from pathlib import Path

from d6tui.engine.registry import game_info, games
from d6tui.games.simple_six.settings import CampaignSettings
from d6tui.ui.screens.new_game import NewGameForm
from d6tui.ui.simple_six.forms import CharacterForm
from d6tui.ui.widgets.field import Field
from tests.ui.helpers import make_app, sync, until


def _placeholders(screen: object) -> dict[str, str]:
    """Each field's id -> its placeholder, checked to be drawn in italics."""
    out = {}
    for field in screen.query(Field):  # type: ignore[attr-defined]
        if field.placeholder:
            assert field.get_component_rich_style("input--placeholder").italic, field.id
            out[str(field.id)] = field.placeholder
    return out


@sync
async def test_placeholders_are_examples_in_italics(saves: Path) -> None:
    """The Simple Six character form (every box an example), and the new-game form of each
    game: an example begins "e.g.", a default says it is what an empty field means."""
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        form = CharacterForm(CampaignSettings())
        app.push_screen(form)
        assert await until(pilot, lambda: bool(form.query(Field)))
        shown = _placeholders(form)
        assert shown["name"] == "e.g. Sir Baelen" and shown["attr-might"] == "e.g. 3D"
        assert all(p.startswith("e.g. ") for p in shown.values()), shown
        app.pop_screen()
        for game in games():
            form = NewGameForm(game_info(game.slug))
            app.push_screen(form)
            assert await until(pilot, lambda form=form: bool(form.query("#title")))
            shown = _placeholders(form)
            assert shown["title"] == "e.g. Saturday night"
            for key, text in shown.items():
                if key == "title" or key.startswith("set-"):
                    continue
                assert "e.g. " in text or text.endswith(" if left empty"), (game.slug, key, text)
            app.pop_screen()
            await pilot.pause()
