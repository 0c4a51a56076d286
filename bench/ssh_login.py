"""A login's session child: started afresh (``python -m d6tui`` on a pty) or forked by the
session launcher (d6tui/server/launcher.py), alternately in one run.

For each way, N children are started one after another on a 100x30 pty, each until its
home screen is drawn (``Recent saves``) and then quit with ``q``; printed: the median CPU
of one child (user + system, from its exit) and its wall time to the home screen, and the
ratios launcher/afresh. The launcher's own start (its imports, paid once per server) is
printed apart. No timed asserts.

Usage: ``python bench/ssh_login.py [--logins N]`` (default 8 of each).
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from d6tui.server.launcher import Launcher, become_subreaper  # noqa: E402
from d6tui.server.serve import start_launcher  # noqa: E402
from d6tui.server.terminal import PlayerDirs, Terminal, child_env  # noqa: E402

READY = b"Recent saves"


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


async def one_login(tmp: Path, n: int, launcher: Launcher | None) -> tuple[float, float]:
    """(CPU seconds of the child, wall seconds to its home screen)."""
    dirs = PlayerDirs.under(tmp, f"p{n}")
    dirs.saves.mkdir(parents=True)
    dirs.config.mkdir(parents=True)
    term = Terminal(child_env("xterm-256color", {}, dirs, f"p{n}"), 100, 30,
                    launcher=launcher)
    seen = bytearray()
    got = asyncio.Event()

    async def out(data: bytes) -> None:
        seen.extend(data)
        got.set()

    before = _children_cpu()
    start = time.perf_counter()
    await term.start()
    pump = asyncio.create_task(term.pump(out))
    while READY not in seen:
        got.clear()
        await asyncio.wait_for(got.wait(), 60)
    wall = time.perf_counter() - start
    await term.write(b"q")
    await asyncio.wait_for(term.process.wait(), 30)  # type: ignore[union-attr]
    pump.cancel()
    await term.stop()
    return _children_cpu() - before, wall


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--logins", type=int, default=8)
    args = ap.parse_args()
    if not become_subreaper():
        raise SystemExit("this system has no child subreaper or pidfd_open: no launcher")
    tmp = Path(tempfile.mkdtemp(prefix="d6-login-bench-"))
    launcher = start_launcher()
    assert launcher is not None
    await one_login(tmp / "warm", 0, launcher)  # waits for the launcher's imports
    fresh, forked = [], []
    for i in range(args.logins):
        fresh.append(await one_login(tmp / "fresh", i, None))
        forked.append(await one_login(tmp / "forked", i, launcher))
    before = _children_cpu()
    launcher.close()  # its CPU is counted once it has exited
    launcher_own = _children_cpu() - before
    for name, runs in (("afresh (python -m d6tui)", fresh), ("forked by the launcher", forked)):
        print(f"{name:<26} CPU a login median {statistics.median(c for c, _ in runs):.3f} s"
              f"   home screen after {statistics.median(w for _, w in runs):.3f} s"
              f"  (n={len(runs)})")
    cpu = statistics.median(c for c, _ in forked) / statistics.median(c for c, _ in fresh)
    wall = statistics.median(w for _, w in forked) / statistics.median(w for _, w in fresh)
    print(f"ratio launcher/afresh: CPU {cpu:.2f}x  wall to the home screen {wall:.2f}x")
    print(f"the launcher's own CPU (its imports, once a server): {launcher_own:.3f} s")


if __name__ == "__main__":
    asyncio.run(main())
