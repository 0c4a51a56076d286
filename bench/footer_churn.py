"""CPU of an app start and of screen pushes and pops with the footer as it is, against the
footer before it spared Textual's recompose churn (kept in this bench only), in the same run.

Usage: ``python bench/footer_churn.py [--rounds 5] [--size 80x24]``

Each round, for each footer (their order alternates), starts the app headless on a new D6
Shooter game (Pilot ``run_test``) and counts the process CPU time of: the start up to the
settled Shooter screen; three pushes and pops of the ``?`` help (a screen with a footer of
its own; its text is drawn once and kept, see markdown_text.py); three pushes and pops of a
choice list (a modal, no footer). Also counts FooterKey widgets mounted. Prints medians per
start and per push/pop, and the ratios old / new.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from textual import events  # noqa: E402
from textual.app import ComposeResult  # noqa: E402
from textual.widgets._footer import FooterKey  # noqa: E402

from d6tui.ui.widgets.fitted_footer import FittedFooter, fitted  # noqa: E402


def _old_compose(self: FittedFooter) -> ComposeResult:
    """The compose before: every key as is until the footer has a width."""
    items = list(super(FittedFooter, self).compose())
    if not items or not all(isinstance(i, FooterKey) for i in items) or not self.size.width:
        yield from items
        return
    yield from fitted(items, self.size.width, self.compact)  # type: ignore[arg-type]


def _old_on_resize(self: FittedFooter, event: events.Resize) -> None:
    """The resize handler before: a recompose of its own, besides the bindings' one."""
    if event.size.width != getattr(self, "_old_fitted_width", None):
        self._old_fitted_width = event.size.width
        if self._bindings_ready:
            self.call_after_refresh(self.recompose)


#: The methods FittedFooter had before: the others come from Textual's Footer and Widget.
OLD = {"compose": _old_compose, "on_resize": _old_on_resize}
NEWER = ("__init__", "_width", "bindings_changed", "_refit", "_reconcile", "_refit_width")


@contextmanager
def old_footer() -> Iterator[None]:
    """FittedFooter as it was, for the time of the ``with``."""
    saved = {name: FittedFooter.__dict__[name] for name in (*OLD, *NEWER)}
    try:
        for name in NEWER:
            delattr(FittedFooter, name)
        for name, method in OLD.items():
            setattr(FittedFooter, name, method)
        yield
    finally:
        for name, method in saved.items():
            setattr(FittedFooter, name, method)


_mounted = 0


def _count_mount(self: FooterKey, event: events.Mount) -> None:
    """Counts the FooterKeys mounted."""
    global _mounted
    _mounted += 1


FooterKey.on_mount = _count_mount  # type: ignore[attr-defined]


async def _settle(pilot) -> None:  # noqa: ANN001
    for _ in range(3):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()


async def _run(size: tuple[int, int]) -> dict[str, float]:
    """One app: CPU seconds of the start, of a help push/pop and of a modal push/pop."""
    from d6tui.engine.session import Session
    from d6tui.paths import new_save_path
    from d6tui.ui.app import D6App
    from d6tui.ui.screens.help import HelpScreen
    from d6tui.ui.screens.modals import ChoiceModal
    from d6tui.ui.shooter.screen import ShooterScreen

    global _mounted
    saves = Path(tempfile.mkdtemp(prefix="d6tui-bench-footer-"))
    session = Session.new("shooter", {"players": ["Ann", "Bob", "Cid"], "seed": 3},
                          path=new_save_path(saves, "bench"), title="bench")
    app = D6App(saves=saves, session=session, persist_theme=False)
    out: dict[str, float] = {}
    _mounted = 0
    start = time.process_time()
    async with app.run_test(size=size) as pilot:
        await _settle(pilot)
        assert isinstance(app.screen, ShooterScreen), app.screen
        out["start"] = time.process_time() - start
        out["start_keys"] = _mounted
        await pilot.press("question_mark")  # the help's text is drawn once, before timing
        await _settle(pilot)
        await pilot.press("escape")
        await _settle(pilot)
        _mounted = 0
        start = time.process_time()
        for _ in range(3):
            await pilot.press("question_mark")
            await _settle(pilot)
            assert isinstance(app.screen, HelpScreen)
            await pilot.press("escape")
            await _settle(pilot)
        out["help"] = (time.process_time() - start) / 3
        out["help_keys"] = _mounted / 3
        start = time.process_time()
        for _ in range(3):
            app.push_screen(ChoiceModal("Which one?", [("One", 1), ("Two", 2)]))
            await _settle(pilot)
            await pilot.press("escape")
            await _settle(pilot)
            assert isinstance(app.screen, ShooterScreen)
        out["modal"] = (time.process_time() - start) / 3
    return out


def main(argv: Sequence[str] | None = None) -> None:
    """Run the benchmark and print the figures."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--size", default="80x24")
    args = ap.parse_args(argv)
    size = tuple(int(n) for n in args.size.split("x"))
    asyncio.run(_run(size))  # type: ignore[arg-type]  # warm: imports, CSS
    runs: dict[str, list[dict[str, float]]] = {"old": [], "new": []}
    for i in range(args.rounds):
        for name in (("old", "new") if i % 2 == 0 else ("new", "old")):
            if name == "old":
                with old_footer():
                    runs[name].append(asyncio.run(_run(size)))  # type: ignore[arg-type]
            else:
                runs[name].append(asyncio.run(_run(size)))  # type: ignore[arg-type]

    def med(name: str, what: str) -> float:
        return statistics.median(r[what] for r in runs[name])

    print(f"Shooter screen at {args.size}, CPU (median of {args.rounds} rounds):")
    print(f"{'':24}{'old footer':>12}{'footer now':>12}{'old / now':>11}")
    for what, label in (("start", "app start"), ("help", "help push+pop"),
                        ("modal", "choice list push+pop")):
        o, n = med("old", what), med("new", what)
        print(f"{label:24}{o * 1000:9.1f} ms{n * 1000:9.1f} ms{o / n:10.2f}x")
    for what, label in (("start_keys", "FooterKeys mounted, start"),
                        ("help_keys", "FooterKeys mounted, help")):
        print(f"{label:28}{med('old', what):8.0f}{med('new', what):12.0f}")


if __name__ == "__main__":
    main()
