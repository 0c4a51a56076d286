"""CPU of opening a save straight into its game screen (``d6tui FILE``, a server's seat): the
home screen left empty under the game until it shows, against the home screen made at once
under it (as before), in the same run.

Usage: ``python bench/open_game.py [--rounds 3] [--starts 6] [--size 80x24]``

Each round starts the app headless (Pilot ``run_test``) ``--starts`` times on a copy of each
example save in ``saves/`` with each home screen (the old one first in odd rounds, last in even
ones) and counts the process CPU time from the app's start to its first settled frame and
its exit (the garbage of the start before collected first, untimed). Prints the median CPU
per start of each and the ratio, per game.
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
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from textual.screen import Screen  # noqa: E402

from d6tui.engine.session import Session  # noqa: E402
from d6tui.ui.app import D6App  # noqa: E402
from d6tui.ui.screens.home import HomeScreen  # noqa: E402

SAVES = Path(__file__).resolve().parents[1] / "saves"


class EagerApp(D6App):
    """The app as it was: the home screen composed at start, under the game it opens."""

    def get_default_screen(self) -> Screen:
        home = HomeScreen(self.saves_dir, scan_at_start=False)
        home._composed = True
        return home


async def _starts(app_class: type[D6App], save: Path, folder: Path, size: tuple[int, int],
                  n: int) -> list[float]:
    out = []
    for _ in range(n):
        path = Path(shutil.copy(save, folder / "game.toml"))
        session = Session.load(path)
        gc.collect()  # the last start's garbage is not this start's cost
        t = time.process_time()
        app = app_class(saves=folder, persist_theme=False, session=session)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
        out.append(time.process_time() - t)
    return out


def main() -> None:
    """Run the benchmark and print the figures."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--starts", type=int, default=6)
    ap.add_argument("--size", default="80x24")
    args = ap.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    folder = Path(tempfile.mkdtemp(prefix="d6tui-bench-"))
    saves = sorted(SAVES.glob("*-example.toml"))
    times: dict[tuple[str, str], list[float]] = {}
    asyncio.run(_starts(D6App, saves[0], folder, size, 1))  # imports and caches warm
    for r in range(args.rounds):
        order = [("eager", EagerApp), ("lazy", D6App)]
        if r % 2:
            order.reverse()
        for save in saves:
            for name, cls in order:
                times.setdefault((save.stem, name), []).extend(
                    asyncio.run(_starts(cls, save, folder, size, args.starts)))
    print(f"{'save':32} {'home at once':>13} {'home when shown':>16} {'ratio':>6}"
          "  (ms CPU per start)")
    for save in saves:
        eager = statistics.median(times[(save.stem, "eager")]) * 1000
        lazy = statistics.median(times[(save.stem, "lazy")]) * 1000
        print(f"{save.stem:32} {eager:13.1f} {lazy:16.1f} {eager / lazy:5.2f}x")
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
