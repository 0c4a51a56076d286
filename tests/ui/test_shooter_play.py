"""A long hot-seat game driven through the Shooter screen: every phase must draw, and keys
must run the actions the action bar offers. (The same seeded game is played headless in
tests/shooter/test_shooter_bot.py for the rules: legal moves, one event each, every phase.)"""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from d6tui.games.shooter.bot import choose
from d6tui.games.shooter.state import Phase
from d6tui.ui.shooter.screen import ACTION_KEYS, ShooterScreen
from d6tui.ui.widgets.dice_tray import DiceTray
from d6tui.ui.widgets.event_log import EventLogView
from d6tui.ui.widgets.state_view import StateView
from tests.ui.helpers import make_app, new_shooter, settle, sync


def _drawn(screen: ShooterScreen) -> str:
    """The texts of the screen's widgets for the state it was last given, drawn without a
    frame: every state widget's ``render_view``, the dice tray, the banner, the outcome
    and action lines, and the log's lines when it shows."""
    parts = [str(w.render()) for w in screen.query(StateView)]
    parts.append(str(screen.query_one(DiceTray).render()))
    parts += [str(screen.query_one(f"#{name}", Static).render())
              for name in ("banner", "outcome", "actions")]
    log = screen.query_one(EventLogView)
    if log.display:
        parts.append(log.drawn_text())
    return "\n".join(parts)


@sync
async def test_bot_game_through_the_screen(saves: Path) -> None:
    """Seed 76's game on the screen at 80x24, to its end. At every step the action bar says
    who acts (or who won), the bot's action is among those it offers, shown under the key
    the test would press and bound to it, and each action adds one event. The first time an
    action comes up it is run by its key, and the first time a phase comes up the screen
    draws a frame; the other steps are played through the screen's own ``play`` (what the
    key runs) and ``do``, their widgets' texts drawn for each state without a frame."""
    session = new_shooter(saves, "Long game", seed=76)
    app = make_app(saves, session=session)
    seen: set[Phase] = set()
    by_key: set[str] = set()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ShooterScreen)
        for _ in range(200):
            state = screen.session.state
            if state.phase not in seen:
                seen.add(state.phase)
                await pilot.pause()  # a frame of the screen in this phase
            assert _drawn(screen)
            bar = str(screen.query_one("#actions").render())
            if state.over:
                assert "is Marshal and wins" in bar
                break
            assert f"{state.players[state.pending].name} to act" in bar
            action, answers = choose(state)
            assert action.name in {a.name for a in screen.legal}
            before = len(screen.session.events)
            if not action.choices and not answers:
                index = [a.name for a in screen.legal].index(action.name) + 1
                key = ACTION_KEYS.get(action.name, str(index))
                assert screen.key_for(screen.legal[index - 1], index) == key
                assert f" {key} " in bar
                bound = screen.active_bindings[key]
                assert bound.enabled and bound.binding.action in (
                    f"act('{'roll' if key == 'r' else action.name}')", f"nth({index})")
                if action.name in by_key:
                    assert screen.play(action.name)  # what the key runs (perform, no choices)
                else:
                    by_key.add(action.name)
                    # press() returns once the screen has handled the key (no pause needed)
                    await pilot.press(key)
            else:
                assert screen.do(action.command, dice=screen.session.dice, **answers)
            assert len(screen.session.events) == before + 1, action.name
    # seed 76 reaches these within 200 actions, the game's end included
    assert {Phase.START, Phase.HUNT, Phase.CAPTURED, Phase.END, Phase.ESCAPE, Phase.JAIL_BREAK,
            Phase.CHALLENGE, Phase.REWARD, Phase.CONTEST, Phase.LAST_CHANCE, Phase.OVER} <= seen


@sync
async def test_brackets_in_names_and_titles_are_not_markup(saves: Path) -> None:
    from d6tui.engine.session import Session
    from d6tui.ui.screens.modals import ConfirmModal

    session = Session.new("shooter", {"players": ["[b]Ann", "Bob[/]"], "seed": 5},
                          path=saves / "odd.toml", title="[red]odd[/red] [/]")
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ShooterScreen)
        await pilot.press("l")  # the log shows names too
        phases: set[Phase] = set()
        for _ in range(60):  # draw every part of the screen with these names
            action, answers = choose(screen.session.state)
            assert screen.do(action.command, dice=screen.session.dice, **answers)
            # every state's texts; a frame of the whole screen in each new phase
            assert "[b]Ann" in _drawn(screen)
            if screen.session.state.phase not in phases:
                phases.add(screen.session.state.phase)
                await pilot.pause()
        assert "[b]Ann" in str(screen.query_one("#badge-0").render())
        await pilot.press("escape")  # home
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmModal)
        await pilot.press("y")
        await settle(pilot)
        assert any("odd.toml" in n.message for n in app._notifications)
