"""Child process for the benchmarks: start an app headless, wait for its first frame, exit,
and print one JSON line with the peak memory (``maxrss_kb``) and ``first_frame_s`` (from
interpreter start to the first frame).

Usage: ``python bench/_probe.py bare`` | ``home SAVES_DIR`` | ``open FILE``.
"""

from __future__ import annotations

import json
import resource
import sys
import time


def _since_start() -> float:
    # time since the process started, from /proc (Linux); falls back to module import time
    try:
        with open("/proc/self/stat") as f:
            start_ticks = int(f.read().rsplit(")", 1)[1].split()[19])
        with open("/proc/uptime") as f:
            uptime = float(f.read().split()[0])
        import os

        return uptime - start_ticks / os.sysconf("SC_CLK_TCK")
    except OSError:
        return time.perf_counter() - T0


T0 = time.perf_counter()


def main() -> None:
    """Run the probe named by argv[1]."""
    mode = sys.argv[1]
    result: dict[str, float] = {}
    if mode == "bare":
        from textual.app import App, ComposeResult
        from textual.widgets import Static

        class Bare(App):
            def compose(self) -> ComposeResult:
                yield Static("d6tui baseline: one line")

        app = Bare()
        ready = None
    else:
        from pathlib import Path

        from d6tui.ui.app import D6App

        if mode == "home":
            app = D6App(saves=Path(sys.argv[2]))
            ready = None
        else:
            app = D6App(saves=Path(sys.argv[2]).parent, open_path=Path(sys.argv[2]))
            ready = "game"

    async def pilot_fn(pilot) -> None:  # noqa: ANN001
        await pilot.pause()
        if ready == "game":  # wait until the save is loaded and its screen shown
            from d6tui.ui.screens.game import GameScreen

            while not isinstance(pilot.app.screen, GameScreen):
                await pilot.pause(0.01)
            await pilot.pause()
        result["first_frame_s"] = time.perf_counter() - T0 + BOOT
        pilot.app.exit()

    app.run(headless=True, size=(80, 24), auto_pilot=pilot_fn)
    result["maxrss_kb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps(result))


BOOT = _since_start() - (time.perf_counter() - T0)

if __name__ == "__main__":
    main()
