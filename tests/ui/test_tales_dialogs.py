"""The dialogs a 6x6 Tales roll opens: the table dice hint for one die, and the Hobbit's
cookie, asked only when it changes the roll (R03)."""

from __future__ import annotations

from pathlib import Path

from textual.screen import Screen
from textual.widgets import Input, Static

from d6tui.ui.screens.dice_prompt import TableDiceInput
from d6tui.ui.screens.help import HelpScreen
from d6tui.ui.screens.modals import ChoiceModal
from d6tui.ui.tales import offers
from d6tui.ui.tales.screen import TalesScreen
from d6tui.ui.widgets.fitted_footer import FittedFooter
from d6tui.ui.widgets.markdown_text import MarkdownText
from tests.ui.helpers import make_app, settle, sync, until
from tests.ui.tales_helpers import new_tale


def footer_keys(screen: Screen) -> list[tuple[str, str]]:
    """The keys and words on ``screen``'s own footer."""
    (footer,) = screen.query(FittedFooter)
    return [(k.key_display, k.description) for k in footer.children]  # type: ignore[attr-defined]


@sync
async def test_cookie_dialog_says_escape_keeps_the_dice(saves: Path) -> None:
    app = make_app(saves, session=new_tale(saves, race="hobbit", seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TalesScreen)
        await pilot.press("r")  # the castle: every cookie move changes the square (R02)
        await pilot.pause()
        await pilot.pause()
        modal = app.screen
        assert isinstance(modal, ChoiceModal)
        text = " ".join(str(s.render()) for s in modal.query(Static))
        assert "Escape keeps the dice as rolled" in text
        assert "cancels" not in text  # one hint for Escape, not two that disagree
        # The dialog's own keys in its own footer, over the screen's (whose keys wait)
        want = [("⏎", "Accept"), ("esc", "Cancel"), ("?", "Help")]
        assert await until(pilot, lambda: footer_keys(modal) == want)
        await pilot.press("question_mark")  # the dialog's help, then the game's
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        ids = set(help_screen.ids)
        assert {"modal.accept", "modal.cancel", "dialog.help", "app.quit"} <= ids
        assert "game.undo" not in ids  # the game's keys do not work under a dialog
        source = help_screen.query_one(MarkdownText).source
        assert source.index("Every key of this dialog") < source.index("## 6x6 Tales")
        assert screen.HELP.splitlines()[0] in source
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is modal
        n = len(screen.session.events)
        await pilot.press("escape")
        await settle(pilot)
        assert len(screen.session.events) == n + 1
        assert "cookie" not in screen.session.events[-1]
        hero = screen.tale.hero
        assert hero is not None and "Cookie" in hero.items


def test_eating_the_mango_warns_when_quest_e38_needs_it() -> None:
    from d6tui.games.tales import commands, legal
    from tests.tales.test_events import base, with_quest

    eat: legal.Action = (commands.use_item, ("Mango",), {})
    assert "E38" not in offers.backpack_label(eat, base())
    label = offers.backpack_label(eat, with_quest(base(), "mango", "E38", "VI-6"))
    assert "quest E38 needs it" in label


async def _wait_for(pilot, kind):  # noqa: ANN001, ANN202
    for _ in range(50):
        await pilot.pause()
        if isinstance(pilot.app.screen, kind):
            return pilot.app.screen
    raise AssertionError(f"no {kind.__name__} (on {type(pilot.app.screen).__name__})")


@sync
async def test_dice_hints_the_news_line_a_road_with_no_way_off_and_the_meeple(
        saves: Path) -> None:
    """One app on a new tale (a dwarf, seed 3) at 80x24, four checks in turn: the one-die
    hint has a one-die example (and a text field's help key is f1); the news line shows only
    what the latest event changed ((Gold 1→0) follows the event that cost the gold, not every
    later one of the turn); a road with no way off is marked in the step bar's label; then a
    hero with a Meeple (J08): the typed dice are held, the Meeple's re-roll is typed in the
    same dice prompt, and keeping it records the combined roll (R03, J08)."""
    from d6tui.games.tales import commands, island, movement, play, sheet
    from d6tui.games.tales.state import evolve
    from tests.tales.util import at_step, begin, rolls, sq

    session = new_tale(saves, race="dwarf", seed=3)
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TalesScreen)
        for count, example in ((1, "e.g. '3'."), (2, "e.g. '3 5'.")):
            app.push_screen(TableDiceInput("Roll", count))
            await pilot.pause()
            hints = " ".join(str(s.render()) for s in app.screen.query(".modal-hint")
                             if isinstance(s, Static))
            assert example in hints
            if count == 1:  # a text field has the focus: it takes ?, so f1 is the help key
                assert await until(pilot, lambda: footer_keys(app.screen) == [
                    ("esc", "Cancel"), ("f1", "Help")])
                await pilot.press("question_mark")
                await pilot.pause()
                assert app.screen.query_one(Input).value == "?"
                await pilot.press("f1")
                await pilot.pause()
                assert isinstance(app.screen, HelpScreen)
                await pilot.press("escape")
                await pilot.pause()
                assert isinstance(app.screen, TableDiceInput)
            await pilot.press("escape")
            await pilot.pause()

        a = screen.tale
        assert a.hero is not None
        b = evolve(a, hero=evolve(a.hero, gold=a.hero.gold + 2), news=("a chest",))
        c = evolve(b, news=("nothing happens",))
        screen.render_state(b)
        assert f"(Gold {a.hero.gold}→{a.hero.gold + 2})" in str(screen.step_text(b))
        screen.render_state(c)
        assert "Gold" not in str(screen.step_text(c))
        screen.refresh_game()  # the tale as it is again
        await settle(pilot)

        s = at_step(begin(), "movement", "III-3")
        s = play.settle(movement.teleport(s, sq("I-1")))
        s = rolls(s, 6, 1)  # a bend; turned 270° both arms run into the water
        shut = offers.label_of(s, (commands.place_road, ("270",), {}))
        assert shut.endswith("no way off")
        assert "no way off" not in offers.label_of(s, (commands.place_road, ("90",), {}))

        session.state = sheet.add_item(screen.tale, "Meeple")  # found in a dungeon (J08)
        screen.refresh_game()
        await settle(pilot)
        await pilot.press("t")
        await _wait_for(pilot, TableDiceInput)
        await pilot.press("3", "space", "3", "enter")
        modal = await _wait_for(pilot, ChoiceModal)
        labels = [label for label, _ in modal.options]
        assert labels[0].startswith("keep") and labels[-1] == "Meeple: roll again (J08)"
        assert screen.session.events[-1]["type"] == "dice_rolled"
        await pilot.press(str(len(labels)))  # the Meeple
        await _wait_for(pilot, TableDiceInput)
        await pilot.press("5", "space", "2", "enter")
        modal = await _wait_for(pilot, ChoiceModal)
        assert [label for label, _ in modal.options][0].startswith("keep")
        assert screen.session.events[-1]["type"] == "meeple_rerolled"
        await pilot.press("escape")  # keeps the dice as re-rolled
        await settle(pilot)
        kept = screen.session.events[-1]
        assert kept["type"] == "roll_kept" and "cookie" not in kept
        assert screen.tale.held is None
        assert screen.tale.pos == island.index(5, 2)  # column 5, row 2 (R02): the castle
        assert screen.tale.hero is not None and "Meeple" not in screen.tale.hero.items
