"""Widgets and modals on their own: the dice tray, the event log, table dice for d6s."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Input, Label

from d6tui.engine.session_words import HistoryEntry
from d6tui.ui.screens.dice_prompt import TableDiceInput
from d6tui.ui.themes import VARIABLE_DEFAULTS
from d6tui.ui.widgets.dice_tray import DiceTray, TrayDie, TrayRoll
from d6tui.ui.widgets.event_log import EventLogView
from d6tui.ui.widgets.faces import face_aliases, face_label
from tests.ui.helpers import sync


class _Host(App):
    def get_theme_variable_defaults(self) -> dict[str, str]:
        return dict(VARIABLE_DEFAULTS)  # d6tui's own variables ($die-face...)

    def compose(self) -> ComposeResult:
        yield DiceTray()
        yield EventLogView(id="log")


def test_face_labels_have_symbol_and_letter() -> None:
    assert face_label("heart") == "\u2665H"
    assert face_label("skull") == "\u2620X"
    assert face_label("joker") == "\u2605J"
    assert face_label(4) == "4"
    aliases = face_aliases(("heart", "spade", "club", "diamond", "joker", "skull"))
    assert aliases["s"] == "spade" and aliases["x"] == "skull" and aliases["\u2663"] == "club"


@sync
async def test_dice_tray_draws_pips_and_named_faces_with_their_source() -> None:
    app = _Host()
    async with app.run_test(size=(80, 24)) as pilot:
        tray = app.query_one(DiceTray)
        assert "No dice rolled yet" in str(tray.render())
        tray.roll = TrayRoll((TrayDie(3), TrayDie(6, "kept")), "table", "2d6")
        await pilot.pause()
        text = str(tray.render())
        assert "3" in text and "6" in text and "kept" in text
        assert "typed from table dice" in text
        tray.roll = TrayRoll((TrayDie("heart"), TrayDie("skull", "out", dim=True)), "app")
        await pilot.pause()
        text = str(tray.render())
        assert "\u2665H" in text and "\u2620X" in text and "rolled by d6tui" in text


@sync
async def test_dice_tray_folds_its_dice_into_rows_with_each_note_under_its_die() -> None:
    """Six dice in a tray 24 columns wide: two rows of three, the notes under their dice;
    the height the tray asks for is the lines it draws."""
    app = _Host()
    async with app.run_test(size=(80, 24)) as pilot:
        tray = app.query_one(DiceTray)
        dice = tuple(TrayDie(f, note, label=f"F{i}") for i, (f, note) in enumerate(
            (("orc", "you"), ("key", ""), ("turn", ""), ("look", ""), ("door", "them"),
             ("decay", ""))))
        tray.roll = TrayRoll(dice, "table", "The red die: Orc")
        await pilot.pause()
        lines = tray._text(24).plain.split("\n")
        assert lines[0] == "The red die: Orc" and lines[1] == "(table dice)"
        assert lines[2].split() == ["F0", "F1", "F2"] and lines[4].split() == ["F3", "F4",
                                                                            "F5"]
        # "you" under the first die of the first row, "them" under the middle of the second.
        assert lines[3].rstrip() == " you" and lines[5].rstrip() == "       them"
        assert tray.get_content_height(tray.size, tray.size, 24) == len(lines)
        wide = tray._text(80).plain.split("\n")
        assert len(wide) == 3 and "typed from table dice" in wide[0]
        assert wide[1].split() == ["F0", "F1", "F2", "F3", "F4", "F5"]


@sync
async def test_event_log_strikes_undone_events() -> None:
    app = _Host()
    async with app.run_test(size=(80, 24)) as pilot:
        log = app.query_one(EventLogView)
        log.show([
            HistoryEntry({"seq": 1, "type": "a"}, "Ann drew a card", False),
            HistoryEntry({"seq": 2, "type": "b"}, "Ann rolled", True),
            HistoryEntry({"seq": 3, "type": "undone", "target": 2}, "undid #2", False),
        ])
        await pilot.pause()
        text = log.render_lines_text(log._entries)
        assert "Ann rolled (undone)" in text.plain
        struck = [s for s in text.spans if "strike" in str(s.style)]
        assert struck and text.plain[struck[0].start:struck[0].end] == "Ann rolled"


@sync
async def test_table_dice_for_d6s() -> None:
    app = _Host()
    results: list[dict | None] = []
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(TableDiceInput("Roll 2d6", 2), results.append)
        await pilot.pause()
        modal = app.screen
        await pilot.press(*"3 7", "enter")
        await pilot.pause()
        assert "7 is not a face of a d6" in str(modal.query_one("#error", Label).render())
        modal.query_one("#faces", Input).value = ""
        await pilot.press(*"35", "enter")
        await pilot.pause()
    assert results == [{"dice": "2d6", "faces": [3, 5], "source": "table"}]


@sync
async def test_event_log_reaches_every_event_of_a_long_game() -> None:
    app = _Host()
    async with app.run_test(size=(80, 24)) as pilot:
        log = app.query_one(EventLogView)
        log.show([HistoryEntry({"seq": i, "type": "a"}, f"event number {i}", False)
                  for i in range(1, 1001)])
        await pilot.pause()
        shown = log.drawn_text()
        assert "events #601-#1000 of 1000" in shown and "event number 1000" in shown
        assert "event number 600" not in shown
        await pilot.pause()  # the blocks are laid out and the view has scrolled to the end
        log.focus()
        log.scroll_home(animate=False)
        await pilot.pause()
        await pilot.press("pageup")  # past the top of what is drawn: earlier events
        await pilot.pause()
        shown = log.drawn_text()
        assert "events #401-#800 of 1000" in shown and "event number 401" in shown
        await pilot.press("home")
        await pilot.pause()
        shown = log.drawn_text()
        assert "events #1-#400 of 1000" in shown and "#1   event number 1\n" in shown
        await pilot.press("end")
        await pilot.pause()
        assert "event number 1000" in log.drawn_text()
