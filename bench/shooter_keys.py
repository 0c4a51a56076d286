"""D6 Shooter screen: the CPU a game's actions cost on the screen, with the state widgets and
the banner, outcome and action lines that repaint only when their text changes, against the
old code that repainted every one of them on every action.

Usage: ``python bench/shooter_keys.py [--runs 3] [--seed 76]``

The bot plays one seeded game to its end through the Shooter screen (headless, 80x24): each
action goes through the screen's own ``play``/``do`` (what its key runs), then
``pilot.pause()`` composes the frame. The CPU of the whole game (process time) is taken with
the widgets' :meth:`~d6tui.ui.shooter.widgets._StateWidget.update_view` and the screen's
``_show`` (new) and with the base :meth:`~d6tui.ui.widgets.state_view.StateView.update_view`
and a line update every time (old: every new state repaints and lays out every widget),
alternating, in the same run. Prints the medians and their ratio.

First, one game in each mode composes the whole screen after every action and compares
the text: the two must draw the same screen at every step (else the script stops).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def _mode(new: bool) -> None:
    """Use the widgets' own ``update_view`` and the screen's ``_show`` (new), or the base
    class's ``update_view`` and a ``_show`` that updates its line every time (old)."""
    from d6tui.ui.shooter.screen import ShooterScreen
    from d6tui.ui.shooter.widgets import _StateWidget
    from d6tui.ui.widgets.state_view import StateView

    def show_always(screen, name, text) -> None:  # noqa: ANN001
        screen.query_one(f"#{name}").update(text)

    _StateWidget.update_view = _OWN[0] if new else StateView.update_view  # type: ignore
    ShooterScreen._show = _OWN[1] if new else show_always  # type: ignore


#: The widgets' own ``update_view`` and the screen's ``_show``, kept before any mode
#: replaces them.
_OWN: list = []


async def _game(saves: Path, seed: int, screens: list[str] | None) -> float:
    """Play the game; return its CPU seconds (the app's start not counted)."""
    from d6tui.engine.session import Session
    from d6tui.games.shooter.bot import choose
    from d6tui.ui.app import D6App

    path = saves / f"bench-{time.monotonic_ns()}.toml"
    session = Session.new("shooter", {"players": ["Ann", "Bob", "Cid"], "seed": seed},
                          path=path, title="Bench")
    app = D6App(saves=saves, session=session, persist_theme=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        start = time.process_time()
        for _ in range(400):
            state = screen.session.state
            if state.over:
                break
            action, answers = choose(state)
            if not action.choices and not answers:
                screen.play(action.name)
            else:
                screen.do(action.command, dice=screen.session.dice, **answers)
            await pilot.pause()
            if screens is not None:
                strips = screen._compositor.render_strips()
                screens.append("\n".join(s.text for s in strips))
        spent = time.process_time() - start
    return spent


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=76)
    args = parser.parse_args()

    import textual._wait as wait

    wait.SLEEP_GRANULARITY = 1 / 200  # as the test suite's quick_idle
    wait.SLEEP_IDLE = 1 / 200 / 20
    from d6tui.ui.shooter.screen import ShooterScreen
    from d6tui.ui.shooter.widgets import _StateWidget

    _OWN.extend([_StateWidget.__dict__["update_view"], ShooterScreen.__dict__["_show"]])
    with tempfile.TemporaryDirectory() as tmp:
        saves = Path(tmp)
        drawn: dict[bool, list[str]] = {}
        for new in (True, False):
            _mode(new)
            drawn[new] = []
            asyncio.run(_game(saves, args.seed, drawn[new]))
        if drawn[True] != drawn[False]:
            pairs = enumerate(zip(drawn[True], drawn[False], strict=True))
            step = next(i for i, (a, b) in pairs if a != b)
            sys.exit(f"the screens differ after action {step + 1}")
        print(f"same screen after each of {len(drawn[True])} actions in both modes")
        times: dict[bool, list[float]] = {True: [], False: []}
        for _ in range(args.runs):
            for new in (False, True):
                _mode(new)
                times[new].append(asyncio.run(_game(saves, args.seed, None)))
    old, new = statistics.median(times[False]), statistics.median(times[True])
    n = len(drawn[True])
    print(f"old: {old:.2f} s CPU for {n} actions ({old / n * 1000:.1f} ms each)")
    print(f"new: {new:.2f} s CPU for {n} actions ({new / n * 1000:.1f} ms each)")
    print(f"new/old: {new / old:.2f}")


if __name__ == "__main__":
    main()
