"""The Shooter screen at 80x24 keeps what matters: the top line keeps what the turn waits for
(a long title gives way), a jail too long for its line says "+N more (j)" and ``j`` shows
every jail in full, and the Footer keeps "? Help"."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Footer

from d6tui.engine.session import Session
from d6tui.games.shooter.bot import choose
from d6tui.ui.screens.modals import MessageModal
from d6tui.ui.shooter.screen import ShooterScreen
from d6tui.ui.shooter.widgets import jail_parts
from tests.ui.helpers import make_app, sync, until

LONG_TITLE = "A very long title for the night of the great shoot-out in town"
PLAYERS = ["Maximilian the Magni", "Ben", "Cy", "Dora Delacroix-Smith"]


def _long_jail_game(saves: Path) -> Session:
    """A 4-player game played by the bot until one jail holds 4 cards (seed 11: Ben's)."""
    session = Session.new("shooter", {"players": PLAYERS, "seed": 11},
                          path=saves / "long.toml", title=LONG_TITLE)
    while max(len(p.jail) for p in session.state.players) < 4:
        action, answers = choose(session.state)
        session.do(action.command, dice=session.dice, **answers)
    return session


def _footer_keys(screen: ShooterScreen) -> list[str]:
    footer = screen.query_one(Footer)
    return [str(getattr(w, "description", "")) for w in footer.query("FooterKey")]


@sync
async def test_top_line_jails_and_footer_at_80x24(saves: Path) -> None:
    session = _long_jail_game(saves)
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ShooterScreen)
        state = screen.shooter_state
        # the status is whole; the title gives way with an ellipsis
        assert screen.sub_title == screen.header_status(state)
        title = str(screen.title)
        assert title.endswith("\u2026") and LONG_TITLE.startswith(title[:-1])
        assert len(f"{screen.title} \u2014 {screen.sub_title}") <= 80 - 18
        # a long jail is cut at a whole name and says how many more
        full = max(range(len(PLAYERS)), key=lambda i: len(state.players[i].jail))
        parts = jail_parts(state, state.players[full])
        line = str(screen.query_one(f"#jail-{full}").render())
        assert "more (j)" in line and line.rstrip().endswith(" more (j)")
        shown = line.split("jail: ", 1)[1].split(", +")[0]
        assert shown in ", ".join(parts)
        # the Footer keeps Help; the actions are in the action bar instead
        keys = _footer_keys(screen)
        assert "Help" in keys and "Jails" in keys and "Roll" not in keys
        await pilot.press("j")
        await pilot.pause()
        modal = app.screen
        assert isinstance(modal, MessageModal)
        for part in parts:
            assert part in " ".join(modal.message.split())
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        # wider, the whole title comes back
        await pilot.resize_terminal(140, 40)
        # the app passes the new size on to the screen in a message of its own, which one
        # pause did not always see handled (the title was still cut after a long test)
        assert await until(pilot, lambda: screen.title == LONG_TITLE), screen.title


@sync
async def test_a_long_message_scrolls_inside_the_window(saves: Path) -> None:
    from textual.containers import VerticalScroll

    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        modal = MessageModal("Hands and jails", "\n".join(f"line {i}" for i in range(60)))
        app.push_screen(modal)
        await pilot.pause()
        box = modal.query_one(".modal-box")
        assert box.region.height <= 24
        body = modal.query_one("#message", VerticalScroll)
        assert body.max_scroll_y > 0
        await pilot.press("pagedown")
        for _ in range(20):  # the scroll lands in a later frame on a busy machine
            await pilot.pause()
            if body.scroll_y > 0:
                break
        assert body.scroll_y > 0
