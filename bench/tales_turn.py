"""6x6 Tales screen speed: a key press to the updated map and journal, and opening a tale.

Usage::

    python bench/tales_turn.py [--keys 400] [--runs 5]

1. **Key to frame.** A tale is played by the bot through the Tales screen (headless, 80x24):
   each key press is timed from ``pilot.press`` until ``pilot.pause()`` returns, by which
   time the key's command is recorded (appended and fsynced), the tale folded, the map,
   the booklet and the step bar re-rendered and the screen's frame composed. The same
   measure is taken in the same run on a bare one-line Textual app whose key updates its
   line. Prints the medians, the 90th percentiles and the ratio (aim: a median under one
   frame, 16 ms).
2. **Opening a finished tale.** ``saves/tales-example.toml`` opened by the app in a fresh
   process (load, fold, first frame of the map and journal), against the bare app's first
   frame in a fresh process (``bench/_probe.py``); and the load and fold alone, in process.
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

from bench._common import ROOT, median, probe  # noqa: E402

EXAMPLE = ROOT / "saves" / "tales-example.toml"


def _p90(xs: list[float]) -> float:
    return statistics.quantiles(xs, n=10)[-1] if len(xs) >= 10 else max(xs)


class _Frames:
    """Timestamps of the frames an app composes (``App._display``), each with a marker of
    what the frame shows, so a key's latency ends at the first frame showing its result."""

    def __init__(self, app, marker) -> None:  # noqa: ANN001 - an App, a () -> object
        self.stamps: list[tuple[float, object]] = []
        self.marker = marker
        display = app._display

        def timed(screen, renderable) -> None:  # noqa: ANN001
            display(screen, renderable)
            if renderable is not None:
                self.stamps.append((time.perf_counter(), marker()))

        app._display = timed

    async def time_key(self, pilot, key: str, before: object) -> float | None:  # noqa: ANN001
        """Press ``key``; seconds until the first frame whose marker is not ``before``."""
        self.stamps.clear()
        t0 = time.perf_counter()
        await pilot.press(key)
        await pilot.pause()
        for t, mark in self.stamps:
            if mark is not before and mark != before:
                return t - t0
        return None


async def _tales_keys(count: int, seed: int) -> list[float]:
    """Seconds from each key press to the first frame with the updated map and journal,
    over a bot's tales on the Tales screen (keys that only open a list are not counted)."""
    from d6tui.engine.session import Session
    from d6tui.games.tales.bot import Bot
    from d6tui.ui.app import D6App
    from d6tui.ui.screens.modals import ChoiceModal
    from d6tui.ui.tales.drive import keys_for
    from d6tui.ui.tales.screen import TalesScreen
    from d6tui.ui.tales.widgets import IslandMap, JournalBooklet

    out: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        while len(out) < count:
            path = Path(tmp) / f"t{seed}.toml"
            session = Session.new("tales", {"name": "Bench", "race": "dwarf", "seed": seed},
                                  path=path)
            app = D6App(saves=Path(tmp), persist_theme=False, session=session)
            bot = Bot(seed)

            def marker(app: D6App = app) -> object:
                screen = app.screen
                if not isinstance(screen, TalesScreen):
                    return None
                views = screen.query_one(IslandMap).view, screen.query_one(JournalBooklet).view
                return views[0] if views[0] is views[1] else None

            frames = _Frames(app, marker)
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                while len(out) < count:
                    screen = app.screen
                    if not isinstance(screen, TalesScreen) or screen.tale.over:
                        break
                    for key in keys_for(screen, bot.pick(screen.tale)):
                        took = await frames.time_key(pilot, key, marker())
                        if took is not None:
                            out.append(took)
                    for _ in range(100):  # a Meeple's question, or the worker's end
                        if isinstance(app.screen, ChoiceModal):
                            await pilot.press("1")
                        elif not any(w.is_running for w in app.workers):
                            break
                        await pilot.pause()
            seed += 1
    return out[:count]


async def _bare_keys(count: int) -> list[float]:
    """The same measure on a bare app: a key that rewrites its one line."""
    from textual.app import App, ComposeResult
    from textual.widgets import Static

    class Bare(App):
        BINDINGS = [("r", "bump", "Bump")]
        n = 0

        def compose(self) -> ComposeResult:
            yield Static("d6tui baseline: one line", id="line")

        def action_bump(self) -> None:
            self.n += 1
            self.query_one("#line", Static).update(f"d6tui baseline: key {self.n}")

    out: list[float] = []
    app = Bare()
    frames = _Frames(app, lambda: app.n)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(count):
            took = await frames.time_key(pilot, "r", app.n)
            if took is not None:
                out.append(took)
    return out


def _load_fold(path: Path, runs: int) -> float:
    from d6tui.engine.session import Session

    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        Session.load(path).close()
        times.append(time.perf_counter() - t0)
    return median(times)


def main(argv: list[str] | None = None) -> None:
    """Run both measures and print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--keys", type=int, default=400, help="key presses timed in each app")
    ap.add_argument("--runs", type=int, default=5, help="fresh processes per opening figure")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)

    bare = asyncio.run(_bare_keys(args.keys))
    tales = asyncio.run(_tales_keys(args.keys, args.seed))
    mb, mt = median(bare), median(tales)
    print(f"key press -> frame, {len(tales)} keys in a tale vs {len(bare)} on a bare app "
          "(80x24, headless)")
    print(f"  bare app     median {mb * 1e3:6.2f} ms   p90 {_p90(bare) * 1e3:6.2f} ms")
    print(f"  Tales screen median {mt * 1e3:6.2f} ms   p90 {_p90(tales) * 1e3:6.2f} ms")
    print(f"  ratio (median) {mt / mb:.2f}   under one frame (16 ms): "
          f"{'yes' if mt < 0.016 else 'no'}")

    opened = [probe("open", str(EXAMPLE)) for _ in range(args.runs)]
    bares = [probe("bare") for _ in range(args.runs)]
    fo = median([o["first_frame_s"] for o in opened])
    fb = median([b["first_frame_s"] for b in bares])
    with EXAMPLE.open("rb") as f:
        events = f.read().count(b"[[events]]")
    print(f"opening the finished example tale ({events} events), fresh process, "
          f"median of {args.runs}")
    print(f"  bare app first frame      {fb * 1e3:7.1f} ms")
    print(f"  tale: load, fold, journal {fo * 1e3:7.1f} ms   ratio {fo / fb:.2f}")
    print(f"  load and fold alone (in process) {_load_fold(EXAMPLE, args.runs) * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
