"""Refreshing the event log view of a 2,000-event D6 Shooter game, against the same refresh
drawing every line afresh (the view before it kept its lines) and against a 20-event game.

Usage: ``python bench/log_view.py [--events 2000] [--samples 30]``

The Shooter screen is run headless at 120x40, where the log is open. Each sample makes one
move (``Session.do``, not timed), then times ``screen._show_history()``: what every move costs
the log view (read what changed, build the lines, hand them to Textual). Three ways:

- kept: the view as it is (lines of events already drawn are kept);
- afresh: the same view made to forget its lines and blocks before each refresh, so every
  drawn event is read back from the file, parsed, described and drawn again (the old full
  redraw);
- short: the kept view on a 20-event game, for scale.

Also times a refresh where nothing changed, and the Pilot pause after the move, in which
Textual lays out and paints the screen (not the view's own cost; shown for scale). Prints
medians and ratios; nothing is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from _common import endless_choice, median, write_long_shooter_log

from d6tui.engine.session import Session
from d6tui.ui.widgets.event_log import EventLogView, LineCache


async def _measure(path: Path, samples: int, afresh: bool) -> dict[str, float]:
    from d6tui.ui.app import D6App
    from d6tui.ui.shooter.screen import ShooterScreen

    session = Session.load(path)
    app = D6App(saves=path.parent, session=session, persist_theme=False)
    refresh, still, layout = [], [], []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ShooterScreen)
        log = screen.query_one(EventLogView)
        assert log.display
        for _ in range(samples):
            action, answers = endless_choice(screen.session.state)
            screen.session.do(action.command, dice=screen.session.dice, **answers)
            if afresh:  # forget the kept lines, and redraw every block
                log._lines = LineCache()
                log._blocks = [(widget, None) for widget, _ in log._blocks]
            t0 = time.perf_counter()
            screen._show_history()
            refresh.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            screen._show_history()
            still.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            await pilot.pause()
            layout.append(time.perf_counter() - t0)
    return {"refresh": median(refresh), "still": median(still), "layout": median(layout)}


def main() -> None:
    """Run the benchmark and print the figures."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", type=int, default=2000)
    ap.add_argument("--samples", type=int, default=30)
    args = ap.parse_args()
    folder = Path(tempfile.mkdtemp())
    long = write_long_shooter_log(folder / "long.toml", args.events)
    short = write_long_shooter_log(folder / "short.toml", 20)
    kept = asyncio.run(_measure(long, args.samples, afresh=False))
    fresh = asyncio.run(_measure(long, args.samples, afresh=True))
    small = asyncio.run(_measure(short, args.samples, afresh=False))
    ms = 1000
    print(f"log view refresh after a move, median of {args.samples} (ms)")
    print(f"  {args.events} events, lines kept      {kept['refresh'] * ms:8.2f}  (target < 2 ms)")
    print(f"  {args.events} events, drawn afresh    {fresh['refresh'] * ms:8.2f}")
    print(f"  20 events, lines kept          {small['refresh'] * ms:8.2f}")
    print(f"  {args.events} events, nothing changed {kept['still'] * ms:8.2f}")
    print(f"ratio afresh / kept              {fresh['refresh'] / kept['refresh']:8.1f}x")
    print(f"ratio kept {args.events} / kept 20      "
          f"{kept['refresh'] / small['refresh']:8.1f}x")
    print(f"Textual's layout and paint after a move (Pilot pause; not the view's own cost): "
          f"{kept['layout'] * ms:.2f} ms at {args.events} events, "
          f"{small['layout'] * ms:.2f} ms at 20")


if __name__ == "__main__":
    main()
