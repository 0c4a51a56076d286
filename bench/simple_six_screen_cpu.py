"""CPU of an app start and per key on the Simple Six screen, against the screen as it was
before its footer and its tracker and sheet stopped redoing work that changed nothing, in
the same run.

Usage: ``python bench/simple_six_screen_cpu.py [--keys 40] [--rounds 3]``

A campaign of three PCs and four goblins in a fight (round 1 rolled) is opened through a
Textual Pilot at 80x24 and at 160x45. Each figure is process CPU time:

- start: the app started on the campaign until its screen is up (the home screen under it);
- pick (per key, Pilot presses and pauses): ``j`` picks the next combatant (the tracker
  and sheet redrawn);
- box (per key): ``x`` opens the roll list and ``escape`` closes it (a modal pushed and
  popped over the screen, so the footers hear of the focus and stack changes).

Two ways, alternated round by round so the machine's load falls on both alike:

- new: the code as it is;
- old: the same code made to behave as before: the footer removes and mounts every key at
  each bindings signal and resize (Textual's Footer), and the tracker and sheet lay the
  whole screen out at every change (``layout=True`` reactives).

Prints medians and the ratio old / new; nothing is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.simple_six_keys import _campaign  # noqa: E402


def _old(on: bool) -> None:
    """Make the footer and the Simple Six widgets behave as before (``on``) or as now."""
    from d6tui.ui.simple_six.widgets import _CampaignWidget
    from d6tui.ui.widgets.fitted_footer import FittedFooter

    if on:
        async def refit(self: Any) -> None:
            if self.is_attached:
                await self.recompose()

        def redraw(self: Any) -> None:
            self.refresh(layout=True)

        FittedFooter._refit = refit  # type: ignore[method-assign]
        _CampaignWidget.redraw = redraw  # type: ignore[method-assign]
    else:
        FittedFooter._refit = _NEW["refit"]  # type: ignore[method-assign]
        _CampaignWidget.redraw = _NEW["redraw"]  # type: ignore[method-assign]


_NEW: dict[str, Any] = {}


async def _measure(size: tuple[int, int], keys: int) -> dict[str, float]:
    from d6tui.games.simple_six import campaign
    from d6tui.ui.app import D6App
    from d6tui.ui.simple_six.screen import SimpleSixScreen

    with tempfile.TemporaryDirectory() as tmp:
        s = _campaign(Path(tmp), ("Goblin",) * 4)
        s.do(campaign.start_combat, [m.id for m in s.state.members])
        s.do(campaign.start_round, dice=s.dice)
        app = D6App(saves=Path(tmp), session=s, persist_theme=False)
        out = {}
        c0 = time.process_time()
        async with app.run_test(size=size) as pilot:
            while not isinstance(app.screen, SimpleSixScreen):
                await pilot.pause()
            for _ in range(3):
                await pilot.pause()
            out["start"] = time.process_time() - c0
            c0 = time.process_time()
            for _ in range(keys):
                await pilot.press("j")
                await pilot.pause()
            out["pick"] = (time.process_time() - c0) / keys
            n = max(2, keys // 4)
            c0 = time.process_time()
            for _ in range(n):
                await pilot.press("x")
                await pilot.pause()
                await pilot.press("escape")
                await pilot.pause()
            out["box"] = (time.process_time() - c0) / (2 * n)
            if not isinstance(app.screen, SimpleSixScreen):
                raise RuntimeError("the roll list did not close")
        return out


def main() -> None:
    """Print the medians and ratios."""
    import textual._wait as wait

    from d6tui.ui.simple_six.widgets import _CampaignWidget
    from d6tui.ui.widgets.fitted_footer import FittedFooter

    parser = argparse.ArgumentParser()
    parser.add_argument("--keys", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    # as the tests' Pilot waits (tests/conftest.py quick_idle)
    wait.SLEEP_GRANULARITY = 1 / 200
    wait.SLEEP_IDLE = 1 / 200 / 20
    _NEW.update(refit=FittedFooter._refit, redraw=_CampaignWidget.redraw)
    asyncio.run(_measure((80, 24), 4))  # imports and first parses, not counted
    for size in ((80, 24), (160, 45)):
        got: dict[str, dict[str, list[float]]] = {"old": {}, "new": {}}
        for _ in range(args.rounds):
            for way in ("old", "new"):
                _old(way == "old")
                for k, v in asyncio.run(_measure(size, args.keys)).items():
                    got[way].setdefault(k, []).append(v)
        _old(False)
        for k in ("start", "pick", "box"):
            o = statistics.median(got["old"][k]) * 1000
            n = statistics.median(got["new"][k]) * 1000
            unit = "ms/app" if k == "start" else "ms/key"
            print(f"{size[0]}x{size[1]} {k:<5} old {o:6.1f} {unit}  new {n:6.1f} {unit}"
                  f"  ratio old / new {o / n:.2f}x")


if __name__ == "__main__":
    main()
