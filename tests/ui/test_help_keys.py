"""The help screen lists every key of the screen it is about, with the binding ids that
``[keymap]`` takes, including keys that wait for their moment; Textual's own keys are left out
and ctrl+p is listed once."""

from __future__ import annotations

import re
from pathlib import Path

from d6tui.config import Config
from d6tui.ui.screens.help import HelpScreen, keys_markdown
from d6tui.ui.shooter.screen import ShooterScreen
from d6tui.ui.widgets.markdown_text import MarkdownText
from tests.ui.helpers import make_app, new_shooter, sync


@sync
async def test_help_lists_the_screens_own_keys_with_ids(saves: Path) -> None:
    config = Config(keymap={"shooter.roll": "space"})
    app = make_app(saves, session=new_shooter(saves), config=config)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ShooterScreen)
        assert not screen.check_action("act", ("roll",))  # nothing to roll at the start
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        rows = {i: row for row, i in zip(help_screen.keys, help_screen.ids, strict=True)}
        for binding_id in ("game.undo", "game.redo", "game.log", "game.home", "shooter.draw",
                           "shooter.press_on", "shooter.stop", "shooter.buy",
                           "shooter.cash_rep", "shooter.jails", "app.quit", "app.help"):
            assert binding_id in rows, binding_id
        assert rows["shooter.roll"][0] == "space"  # as the key map sets it
        assert rows["game.redo"][0] == "^y / U"
        assert "shooter.action1 to action9" in rows
        assert rows["game.undo"][1] == "Undo the latest action (kept in the log)"
        assert rows["shooter.draw"][1].startswith("Draw")
        keys = [row[0] for row in help_screen.keys]
        assert keys.count("ctrl+p") == 1 and "^p" not in keys
        texts = " ".join(row[1] for row in help_screen.keys)
        assert "Focus" not in texts and "Copy" not in texts
        # Drawn as one widget: every word of the help and of the keys table is on a line,
        # and the keys scroll it.
        text = help_screen.query_one(MarkdownText)
        drawn = " ".join(strip.text for strip in text.lines(text.size.width))
        words = set(re.sub(r"[*`#|]", "", text.source).split()) - {"---------"}
        assert [w for w in words if w not in drawn] == []
        body = help_screen.query_one("#help-body")
        assert body.max_scroll_y > 20
        for key, y in (("j", 1), ("down", 2), ("space", 12), ("b", 2), ("k", 1), ("up", 0)):
            await pilot.press(key)
            await pilot.pause()
            assert body.scroll_y == y, key
        await pilot.press("pagedown")  # the scroll's own page key: a screenful
        await pilot.pause()
        assert body.scroll_y >= 10
        await pilot.press("pageup")
        await pilot.pause()
        assert body.scroll_y == 0


def test_keys_markdown_has_an_id_column() -> None:
    text = keys_markdown([("r", "Roll", "shooter.roll"), ("ctrl+p", "Palette", "")])
    assert "| key | what it does | id |" in text
    assert "| `r` | Roll | `shooter.roll` |" in text
    assert "| `ctrl+p` | Palette |  |" in text
