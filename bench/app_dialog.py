"""CPU of an app start on a game and of a dialog's open and close, with d6tui's shared UI code
as it is against the code before (kept in this bench only), in the same run.

Usage: ``python bench/app_dialog.py [--rounds 5] [--size 80x24] [--old css,footer,...]``

"Before" is, by part (``--old`` picks the parts put back; all of them by default):

- ``css``: Textual's own Stylesheet, which parses all the app's CSS again at every reparse
  (the app's start, each screen class's first CSS, a theme change), against
  :class:`d6tui.ui.stylesheet.SharedStylesheet`, which keeps parsed CSS for the process;
- ``footer``: the FittedFooter that made its keys only when the screen first said its
  bindings changed (after the screen's first layout), against the one that makes them with
  itself.

Each round, for each code (their order alternates), starts the app headless (Pilot
``run_test``) on a new D6 Shooter game and on a copy of the D6 Dungeon example, and counts the
process CPU time of: the start up to the first settled frame, and the exit; a yes/no question
(ConfirmModal) opened and closed with Escape, the first time in the app and then as the
median of 4 more; a choice list (ChoiceModal) opened and closed (median of 3); the ``?``
help opened and closed (median of 3). Prints medians per item and the ratios old / now.
With ``--calls`` it counts Python function calls instead (``sys.setprofile``): a measure of
the work done that a loaded machine does not change, as it changes CPU time. With
``--as-tests`` the apps run as in the test suite (its shared CSS parse and collector settings).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from textual.app import ComposeResult  # noqa: E402
from textual.css.stylesheet import Stylesheet  # noqa: E402
from textual.widgets import Footer  # noqa: E402
from textual.widgets._footer import FooterKey  # noqa: E402

import d6tui.ui.app as app_module  # noqa: E402
from d6tui.ui.screens.dialog import DialogScreen  # noqa: E402
from d6tui.ui.widgets.fitted_footer import KEPT, FittedFooter, fitted, keys_shown  # noqa: E402

SAVES = Path(__file__).resolve().parents[1] / "saves"


@contextmanager
def old_css() -> Iterator[None]:
    """The app with Textual's Stylesheet, for the time of the ``with``."""
    saved = app_module.SharedStylesheet
    app_module.SharedStylesheet = Stylesheet  # type: ignore[misc]
    try:
        yield
    finally:
        app_module.SharedStylesheet = saved  # type: ignore[misc]


def _old_compose(self: FittedFooter) -> ComposeResult:
    """FittedFooter.compose before: nothing until the bindings were ready, every key as is
    until the footer had a width."""
    self._row = keys_shown(self, self.screen) if self._bindings_ready else None
    items = list(super(FittedFooter, self).compose())
    if not items or not all(isinstance(i, FooterKey) for i in items) or not self.size.width:
        yield from items
        return
    self._fitted_width = self.size.width
    for key in items:
        if key.has_class("-command-palette"):
            key.set_class(key.compact, "-compact", update=False)
        else:
            key.set_reactive(FooterKey.compact, self.compact)
            key.set_class(self.compact, "-compact", update=False)
    items.sort(key=lambda k: (k.has_class("-command-palette"), k.action in KEPT))
    yield from fitted(items, self.size.width, self.compact)  # type: ignore[arg-type]


def _old_init(self: FittedFooter, *args, **kwargs) -> None:  # noqa: ANN002, ANN003
    super(FittedFooter, self).__init__(*args, **kwargs)


@contextmanager
def old_footer() -> Iterator[None]:
    """FittedFooter as it was, for the time of the ``with``."""
    saved = {name: FittedFooter.__dict__[name] for name in ("__init__", "compose")}
    FittedFooter.__init__ = _old_init  # type: ignore[method-assign]
    FittedFooter.compose = _old_compose  # type: ignore[method-assign]
    try:
        yield
    finally:
        for name, method in saved.items():
            setattr(FittedFooter, name, method)


def _old_extend_compose(self, widgets: list) -> None:  # noqa: ANN001
    super(DialogScreen, self)._extend_compose(widgets)


def _old_dialog_mount(self: DialogScreen) -> None:
    """DialogScreen.on_mount before: the footer mounted after the dialog's widgets."""
    if not self.query(Footer):
        self.mount(FittedFooter())


@contextmanager
def old_dialog() -> Iterator[None]:
    """DialogScreen as it was: its footer mounted from on_mount."""
    saved = DialogScreen.__dict__["_extend_compose"]
    DialogScreen._extend_compose = _old_extend_compose  # type: ignore[method-assign]
    DialogScreen.on_mount = _old_dialog_mount  # type: ignore[attr-defined]
    try:
        yield
    finally:
        DialogScreen._extend_compose = saved  # type: ignore[method-assign]
        del DialogScreen.on_mount


OLD = {"css": old_css, "footer": old_footer, "dialog": old_dialog}


@contextmanager
def code(old: bool, parts: Sequence[str]) -> Iterator[None]:
    """The code before (``old``: the ``parts`` put back) or as it is."""
    with ExitStack() as stack:
        if old:
            for part in parts:
                stack.enter_context(OLD[part]())
        yield


#: Python function calls counted so far (``--calls``: a measure of work that does not
#: change with the machine's load, unlike CPU time on a shared machine).
_calls = [0]
COUNTING = [False]


def _count(frame, event: str, arg) -> None:  # noqa: ANN001
    if event == "call" or event == "c_call":
        _calls[0] += 1


def _now() -> float:
    """CPU seconds so far, or with ``--calls`` the function calls counted so far."""
    return float(_calls[0]) if COUNTING[0] else time.process_time()


async def _settle(pilot) -> None:  # noqa: ANN001
    for _ in range(2):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()


def _session(game: str, folder: Path):  # noqa: ANN202 - a Session
    from d6tui.engine.session import Session
    from d6tui.paths import new_save_path

    if game == "shooter":
        return Session.new("shooter", {"players": ["Ann", "Bob", "Cid"], "seed": 3},
                           path=new_save_path(folder, "bench"), title="bench")
    path = Path(shutil.copy(SAVES / f"{game}-example.toml", folder / f"{game}.toml"))
    return Session.load(path)


async def _run(game: str, size: tuple[int, int]) -> dict[str, float]:
    """One app: CPU seconds of its start, exit, dialogs and help."""
    from d6tui.ui.app import D6App
    from d6tui.ui.screens.help import HelpScreen
    from d6tui.ui.screens.modals import ChoiceModal, ConfirmModal

    folder = Path(tempfile.mkdtemp(prefix="d6tui-bench-dialog-"))
    session = _session(game, folder)
    gc.collect()  # the last app's garbage is not this one's cost
    out: dict[str, float] = {}
    start = _now()
    app = D6App(saves=folder, session=session, persist_theme=False)
    async with app.run_test(size=size) as pilot:
        await _settle(pilot)
        out["start"] = _now() - start
        game_screen = app.screen
        times = []
        for _ in range(5):
            start = _now()
            app.push_screen(ConfirmModal("Really?"))
            await _settle(pilot)
            assert isinstance(app.screen, ConfirmModal), app.screen
            await pilot.press("escape")
            await _settle(pilot)
            assert app.screen is game_screen, app.screen
            times.append(_now() - start)
        out["first dialog"] = times[0]
        out["dialog"] = statistics.median(times[1:])
        times = []
        for _ in range(3):
            start = _now()
            app.push_screen(ChoiceModal("Which one?", [("One", 1), ("Two", 2), ("Three", 3)]))
            await _settle(pilot)
            await pilot.press("escape")
            await _settle(pilot)
            assert app.screen is game_screen, app.screen
            times.append(_now() - start)
        out["choice list"] = statistics.median(times)
        times = []
        for _ in range(3):
            start = _now()
            await pilot.press("question_mark")
            await _settle(pilot)
            assert isinstance(app.screen, HelpScreen), app.screen
            await pilot.press("escape")
            await _settle(pilot)
            assert app.screen is game_screen, app.screen
            times.append(_now() - start)
        out["help"] = statistics.median(times)
        start = _now()
    out["exit"] = _now() - start
    shutil.rmtree(folder, ignore_errors=True)
    return out


def main(argv: Sequence[str] | None = None) -> None:
    """Run the benchmark and print the figures."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--size", default="80x24")
    ap.add_argument("--old", default=",".join(OLD),
                    help=f"the parts put back for 'before', of {', '.join(OLD)}")
    ap.add_argument("--games", default="shooter,dungeon")
    ap.add_argument("--calls", action="store_true",
                    help="count Python function calls instead of CPU time")
    ap.add_argument("--as-tests", action="store_true",
                    help="as the test suite runs apps: Textual's CSS parse shared by every "
                    "app (tests/shared_css.py) and the collector's thresholds of tests/conftest.py")
    args = ap.parse_args(argv)
    parts = [p for p in args.old.split(",") if p]
    size = tuple(int(n) for n in args.size.split("x"))
    games = args.games.split(",")
    if args.as_tests:
        from tests import shared_css
        from tests.conftest import GC_THRESHOLDS

        shared_css.install()
        gc.collect()
        gc.freeze()
        gc.set_threshold(*GC_THRESHOLDS)
    if args.calls:
        COUNTING[0] = True
        sys.setprofile(_count)
    for old in (True, False):  # warm both: imports, CSS of each
        with code(old, parts):
            asyncio.run(_run(games[0], size))  # type: ignore[arg-type]
    runs: dict[tuple[str, bool], list[dict[str, float]]] = {}
    for i in range(args.rounds):
        for game in games:
            for old in ((True, False) if i % 2 == 0 else (False, True)):
                with code(old, parts):
                    runs.setdefault((game, old), []).append(
                        asyncio.run(_run(game, size)))  # type: ignore[arg-type]
    what = "Python calls (thousands)" if args.calls else "CPU (ms)"
    scale = 1e-3 if args.calls else 1000
    print(f"{what} at {args.size}, median of {args.rounds} rounds; before = "
          f"{', '.join(parts)} as it was" + (", as in the tests" if args.as_tests else "") + ":")
    print(f"{'':26}{'before':>10}{'now':>10}{'before/now':>12}")
    totals = {True: 0.0, False: 0.0}
    for game in games:
        print(game)
        for item in runs[(game, True)][0]:
            o, n = (statistics.median(r[item] for r in runs[(game, old)])
                    for old in (True, False))
            totals[True] += o
            totals[False] += n
            print(f"  {item:24}{o * scale:10.1f}{n * scale:10.1f}{o / n:11.2f}x")
    print(f"{'all of the above':26}{totals[True] * scale:10.1f}{totals[False] * scale:10.1f}"
          f"{totals[True] / totals[False]:11.2f}x")


if __name__ == "__main__":
    main()
