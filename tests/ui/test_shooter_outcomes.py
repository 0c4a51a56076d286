"""What happened is said on the Shooter screen: the outcome line under the banner after every
action, a notification for a decisive outcome (a failed hunt, an Escape's or a Jail Break's
losses, a won contest, a promotion), and the dice really left for pressing on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import Static

from d6tui.games.shooter.bot import choose
from d6tui.games.shooter.state import Phase, dice_left
from d6tui.ui.shooter.screen import ANNOUNCED, ShooterScreen
from tests.ui.helpers import make_app, new_shooter, sync


def _text(screen: ShooterScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


@sync
async def test_outcomes_are_announced_and_press_on_shows_dice_left(saves: Path) -> None:
    session = new_shooter(saves, "Outcomes", seed=5)
    app = make_app(saves, session=session)
    announced: set[str] = set()
    captured_seen = False
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ShooterScreen)
        told: list[tuple[str, str]] = []
        notify = screen.notify

        def record(message: str, **kw: Any) -> None:
            told.append((str(message), str(kw.get("title"))))
            notify(message, **kw)

        screen.notify = record  # type: ignore[method-assign,assignment]
        for _ in range(200):
            state = screen.session.state
            if state.over:
                break
            action, answers = choose(state)
            shown = len(told)
            # the screen draws its widgets as do() returns: no need to wait for a paint
            assert screen.do(action.command, dice=screen.session.dice, **answers)
            state = screen.session.state
            # the outcome line always tells the latest event, in the log's words
            latest = screen.session.history()[-1].text
            assert latest[:60] in _text(screen, "#outcome")
            outcome = state.outcome.get("outcome", "")
            if outcome in ANNOUNCED:
                announced.add(outcome)
                assert len(told) == shown + 1
                assert told[-1] == (latest, ANNOUNCED[outcome][0])
                assert screen.query_one("#outcome").has_class("-loss") == ANNOUNCED[outcome][1]
            if state.phase == Phase.CAPTURED and state.dice.kept:
                captured_seen = True
                tray = str(screen.query_one("#tray").render())
                assert f"press on with {dice_left(state)} di" in tray
                assert "free dice" not in tray
        await pilot.pause()  # the screen is painted after the game without error
        assert app.screen is screen
    assert captured_seen
    assert {"failed", "won"} <= announced
