"""The help screen lists every key of the screen it is about, with the binding ids that
``[keymap]`` takes, including keys that wait for their moment; Textual's own keys are left out
and ctrl+p is listed once."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

from textual.widgets import Static

from d6tui.config import Config
from d6tui.ui.screens.help import HelpScreen, binding_rows, keys_markdown, own_keys_line
from d6tui.ui.shooter.screen import ShooterScreen
from d6tui.ui.tales.screen import TalesScreen
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
        # The keys that scroll and close it are named above the page (out of its scroll)
        line = str(help_screen.query_one("#help-keys", Static).render())
        assert line == ("↓ j down · ↑ k up · pgdn space page down · pgup b page up · "
                        "esc q ? close help")
        assert help_screen.query_one("#help-keys").parent is help_screen
        # a page is every line in sight (it was 10 of the 19 at 80x24)
        page = body.scrollable_content_region.height
        assert page > 10
        for key, y in (("j", 1), ("down", 2), ("space", 2 + page), ("b", 2), ("k", 1),
                       ("up", 0)):
            await pilot.press(key)
            await pilot.pause()
            assert body.scroll_y == y, key
        await pilot.press("pagedown")  # a screenful
        await pilot.pause()
        assert body.scroll_y == page
        await pilot.press("pageup")
        await pilot.pause()
        assert body.scroll_y == 0


def test_keys_markdown_has_an_id_column() -> None:
    text = keys_markdown([("r", "Roll", "shooter.roll"), ("ctrl+p", "Palette", "")])
    assert "| key | what it does | id |" in text
    assert "| `r` | Roll | `shooter.roll` |" in text
    assert "| `ctrl+p` | Palette |  |" in text


def _app(keymap: dict[str, str]) -> SimpleNamespace:
    """What :func:`binding_rows` asks of the app: its key map and how it shows a key."""
    return SimpleNamespace(_keymap=keymap, get_key_display=lambda b: b.key)


def _node(cls: type) -> SimpleNamespace:
    return SimpleNamespace(_bindings=cls._merge_bindings())


def test_the_help_keys_line_follows_the_key_map() -> None:
    line = own_keys_line(_node(HelpScreen), _app({"help.down": "n", "help.close": "x"}))
    assert line.startswith("n down · up k up · ")
    assert line.endswith(" · x close help")


def test_each_6x6_tales_key_is_one_row_with_its_keys() -> None:
    """An arrow walks the hero or, when he cannot walk, scrolls the page or moves the map
    cursor: one key, one row (not "Move north" and "Walk north" both under the up arrow),
    and the key map moves both of its bindings."""
    rows = binding_rows(_node(TalesScreen), _app({}))
    keys = [k for row in rows for k in row[0].split(" / ")]
    assert sorted(k for k in set(keys) if keys.count(k) > 1) == []
    north = [row for row in rows if "north" in row[1].lower()]
    assert [(row[0], row[2]) for row in north] == [("up", "tales.north")]
    assert north[0][1].startswith("Walk north")
    moved = _node(TalesScreen)._bindings
    moved.apply_keymap({"tales.north": "w"})
    assert "up" not in moved.key_to_bindings
    assert {b.action for b in moved.key_to_bindings["w"]} == {"walk('N')", "step('N')"}


@sync
async def test_each_dialogs_help_names_it_and_lists_the_keys_that_act(saves: Path) -> None:
    """``?`` (f1) on a dialog starts with what the dialog is (its title); on the new-game
    form, where no game exists yet, it speaks of none; a text field's help lists Enter and
    not the letters typed into it (q); a multiple choice's footer shows its Space toggle."""
    from textual.widgets import Footer
    from textual.widgets._footer import FooterKey

    from d6tui.engine.registry import game_info
    from d6tui.ui.screens.dice_prompt import TableDiceInput
    from d6tui.ui.screens.help import dialog_help
    from d6tui.ui.screens.modals import ChoiceModal, ConfirmModal, MessageModal
    from d6tui.ui.screens.new_game import NewGameForm

    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        form = NewGameForm(game_info("shooter"))
        await app.push_screen(form)
        await pilot.pause()
        help_ = dialog_help(app, form)
        assert help_.text.startswith("**This dialog:** New game of D6 Shooter\n")
        assert "the game" not in help_.text.lower().replace("the game starts", "")
        assert ("enter" in [k for k, _ in help_.keys]
                and "q" not in [k for k, _ in help_.keys])
        form.dismiss(None)
        await pilot.pause()
        for dialog, first in ((ConfirmModal("Delete this save?", "Delete"),
                               "Delete this save?"),
                              (MessageModal("Save repaired", "Kept 3 events."),
                               "Save repaired")):
            await app.push_screen(dialog)
            await pilot.pause()
            assert dialog_help(app, dialog).text.startswith(f"**This dialog:** {first}\n")
            dialog.dismiss(None)
            await pilot.pause()
        dice = TableDiceInput("Roll 2 dice for Ann", 2)
        await app.push_screen(dice)
        await pilot.pause()
        help_ = dialog_help(app, dice)
        assert help_.text.startswith("**This dialog:** Table dice: Roll 2 dice for Ann\n")
        keys = [k for k, _ in help_.keys]
        assert "enter" in keys and "q" not in keys and "f1" in keys
        dice.dismiss(None)
        await pilot.pause()
        for multiple in (True, False):
            pick = ChoiceModal("Who rolls?", [("Ann", 0), ("Bob", 1)], multiple=multiple)
            await app.push_screen(pick)
            for _ in range(20):  # the footer's keys come a refresh or two after it
                await pilot.pause()
                footer = [k.key for k in pick.query_one(Footer).query(FooterKey)]
                if "enter" in footer:
                    break
            assert ("space" in footer) is multiple
            pick.dismiss(None)
            await pilot.pause()


@sync
async def test_keys_typed_at_once_in_help_each_scroll(saves: Path) -> None:
    """Ten ``j`` (and two PageDown) sent in one burst, none handled before the last is
    queued, scroll ten lines (two pages): each scroll was put off to the next refresh and
    counted from where the view was, so a burst moved it one line (found by a fresh
    tester)."""
    from textual import events
    from textual.containers import VerticalScroll

    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        body = app.screen.query_one("#help-body", VerticalScroll)
        assert body.scroll_y == 0
        for _ in range(5):
            app.post_message(events.Key("j", "j"))
        for _ in range(5):  # the body's own key, which the help's binding takes first
            app.post_message(events.Key("down", None))
        await pilot.pause()
        assert body.scroll_y == 10
        seen = body.scrollable_content_region.height
        for _ in range(2):
            app.post_message(events.Key("pagedown", None))
        await pilot.pause()
        assert body.scroll_y == min(10 + 2 * seen, body.max_scroll_y)
