"""CPU of a move on the 6x6 Tales and D6 Shooter screens: an example save's events made one
by one through the screen at 80x24 (as a player's keys make them), with the screen laid out
again only when a redraw may change its rows, against the code before, in the same run. Before,
on Tales the hidden page beside (``#booklet2``) and the step bar laid the screen out again on
every move; on Shooter each changed line (banner, outcome, action bar) and each changed card
or area did.

Usage: ``python bench/redraw_rows.py [--game tales|shooter|both] [--rounds 4] [--events 120]
[--size 80x24]``

Each round opens the example (``tests/fixtures/saves/tales-v1.toml``, ``saves/shooter-example
.toml``) cut after its first event, makes its next ``--events`` events through
``GameScreen.do`` with one Pilot pause after each (a frame drawn), with the old code first in
odd rounds and last in even ones, and counts the process CPU time of the moves only. Prints
the median CPU per move of each and the ratio.
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
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rich.text import Text  # noqa: E402
from textual.widgets import Static  # noqa: E402

from d6tui.engine.session import Session  # noqa: E402
from d6tui.ui.app import D6App  # noqa: E402
from d6tui.ui.shooter import widgets as shooter_widgets  # noqa: E402
from d6tui.ui.shooter.screen import ShooterScreen  # noqa: E402
from d6tui.ui.tales import widgets  # noqa: E402
from d6tui.ui.tales.screen import TalesScreen  # noqa: E402
from d6tui.ui.widgets.state_view import StateView  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = {"tales": ROOT / "tests" / "fixtures" / "saves" / "tales-v1.toml",
            "shooter": ROOT / "saves" / "shooter-example.toml"}


def _old_update_view(self, view):  # noqa: ANN001, ANN202 - JournalBooklet.update_view before
    if view is not None and not self.display:
        self.set_reactive(widgets.JournalBooklet.view, view)
        self.refresh()
        return True
    if view is None or self._drawn is None:
        return StateView.update_view(self, view)
    text = self._page_text(view)
    old = self._drawn[2]
    if text == old:
        self.set_reactive(widgets.JournalBooklet.view, view)
        self._drawn = (view, self.page, text)
        return False
    self._drawn = (view, self.page, text)
    if self._same_height(old, text):
        self.set_reactive(widgets.JournalBooklet.view, view)
        self.refresh()
        return True
    return StateView.update_view(self, view)


def _old_show_step(self, text: Text, *, force: bool = False) -> None:  # TalesScreen's before
    if force or text != self._step_shown:
        self._step_shown = text
        self.query_one("#step", Static).update(text)


def _old_shooter_show(self, name: str, text: Text) -> None:  # ShooterScreen._show before
    if self._shown.get(name) == text:
        return
    self._shown[name] = text
    self.query_one(f"#{name}", Static).update(text)


def _old_state_widget_update_view(self, view):  # noqa: ANN001, ANN202 - Shooter's before
    drawn = self._drawn
    if (view is not None and view is not self.view and self.view is not None
            and drawn is not None and drawn[0] and drawn[0] == self.size.width):
        text = self.render_view(view) if self.shows(view) else self.render_empty()
        if text == drawn[1]:
            self.set_reactive(shooter_widgets._StateWidget.view, view)
            return False
    return StateView.update_view(self, view)


#: (class, attribute, the code before) for each method this benchmark puts back.
OLD = [(widgets.JournalBooklet, "update_view", _old_update_view),
       (TalesScreen, "_show_step", _old_show_step),
       (ShooterScreen, "_show", _old_shooter_show),
       (shooter_widgets._StateWidget, "update_view", _old_state_widget_update_view)]


@contextmanager
def _old_code():  # noqa: ANN202
    new = [(cls, name, cls.__dict__[name]) for cls, name, _ in OLD]
    for cls, name, old in OLD:
        setattr(cls, name, old)
    try:
        yield
    finally:
        for cls, name, fn in new:
            setattr(cls, name, fn)


def _cut(folder: Path, example: Path) -> Path:
    parts = example.read_text(encoding="utf-8").split("[[events]]\n")
    out = folder / "game.toml"
    out.write_text("[[events]]\n".join(parts[:2]), encoding="utf-8")
    return out


async def _walk(folder: Path, example: Path, events: list[dict], size: tuple[int, int]
                ) -> float:
    """CPU seconds per move of making ``events`` (of ``example``) through the screen."""
    app = D6App(saves=folder, persist_theme=False, session=Session.load(_cut(folder, example)))
    async with app.run_test(size=size) as pilot:
        for _ in range(3):
            await app.workers.wait_for_complete()
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TalesScreen | ShooterScreen)
        gc.collect()
        t = time.process_time()
        for event in events:
            payload = {k: v for k, v in event.items() if k not in ("seq", "at", "note")}
            assert screen.do(lambda _state, p=payload: dict(p)) is not None
            await pilot.pause()
        spent = time.process_time() - t
    return spent / len(events)


def main() -> None:
    """Run the benchmark and print the figures."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", choices=["tales", "shooter", "both"], default="both")
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--events", type=int, default=120)
    ap.add_argument("--size", default="80x24")
    args = ap.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    folder = Path(tempfile.mkdtemp(prefix="d6tui-bench-"))
    for game in (["tales", "shooter"] if args.game == "both" else [args.game]):
        example = EXAMPLES[game]
        events = Session.load(example).events[1:1 + args.events]
        asyncio.run(_walk(folder, example, events[:5], size))  # imports and caches warm
        times: dict[str, list[float]] = {"old": [], "new": []}
        for r in range(args.rounds):
            for name in (["old", "new"] if r % 2 == 0 else ["new", "old"]):
                if name == "old":
                    with _old_code():
                        times[name].append(asyncio.run(_walk(folder, example, events, size)))
                else:
                    times[name].append(asyncio.run(_walk(folder, example, events, size)))
        old, new = (statistics.median(times[k]) * 1000 for k in ("old", "new"))
        print(f"{game}: {len(events)} moves at {args.size}, {args.rounds} rounds (ms CPU per"
              f" move): laid out every move {old:6.2f}, laid out when rows may change"
              f" {new:6.2f}, ratio {old / new:4.2f}x")
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
