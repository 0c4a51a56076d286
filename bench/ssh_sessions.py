"""d6tui serve under load: N sessions at once over SSH on loopback.

Prints, for this machine and this run (no timed asserts):

- the resident memory of each session's d6tui child (one process per session, the design
  taken in d6tui/server/__init__.py), and of the server itself;
- for comparison, what one more app costs inside a shared process (headless D6Apps in
  one interpreter), the design not taken;
- key-to-frame latency: from writing a key (down arrow on the home screen) to the first
  bytes of the redraw, median and p95, over SSH and for a local d6tui on a pty in the same
  run, and their ratio;
- another seat's redraw: two of the sessions sit at a D6 Dungeon table on its own screen;
  the first draws a die (``d``) and undoes it (``u``), again and again, and the time from
  each key to the first bytes on the *other* player's terminal is taken (median, p95, and
  its ratio to the local key-to-frame). With ``--table tales`` the table is 6x6 Tales
  instead: the first session plays the hero's seat (``r`` rolls the castle's square, ``u``
  undoes it) and the other watches as a spectator.

Each session logs in with a key of its own (a player who logs in again closes their older
session).

Usage: ``python bench/ssh_sessions.py [--sessions N] [--keys K] [--table dungeon|tales]``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

from d6tui.server.terminal import PlayerDirs, Terminal, child_env

READY = b"Recent saves"
KEYS = (b"\x1b[B", b"\x1b[A")  # down, up: the games list's highlight moves


def rss_kb(pid: int) -> int:
    """A process's resident set size in kB (Linux /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class Screen:
    """Output arriving from one session, for waiting on."""

    def __init__(self) -> None:
        self.data = bytearray()
        self.event = asyncio.Event()

    def add(self, data: bytes) -> None:
        self.data += data
        self.event.set()

    async def wait_for(self, text: bytes, timeout: float = 30.0) -> None:
        end = time.monotonic() + timeout
        while text not in self.data:
            self.event.clear()
            await asyncio.wait_for(self.event.wait(), max(0.01, end - time.monotonic()))

    async def quiet(self, gap: float = 0.15) -> None:
        while True:
            self.event.clear()
            try:
                await asyncio.wait_for(self.event.wait(), gap)
            except TimeoutError:
                return


async def key_to_frame(send, screen: Screen, keys: int) -> list[float]:
    """Milliseconds from each key written to the first output after it."""
    out = []
    await screen.quiet()
    for i in range(keys):
        screen.event.clear()
        start = time.perf_counter()
        await send(KEYS[i % 2])
        await asyncio.wait_for(screen.event.wait(), 10)
        out.append((time.perf_counter() - start) * 1000)
        await screen.quiet()
    return out


def start_server(tmp: Path, sessions: int) -> tuple[subprocess.Popen, int, dict]:
    env = dict(os.environ, D6TUI_CONFIG=str(tmp / "config"), D6TUI_DATA=str(tmp / "data"))
    proc = subprocess.Popen(
        [sys.executable, "-m", "d6tui", "serve", "--port", "0", "--rate", "100000",
         "--max-sessions", str(sessions + 1)],
        env=env, stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None
    line = ""
    while "listening" not in line:
        line = proc.stderr.readline()
        if not line:
            raise SystemExit("the server did not start")
    return proc, int(re.search(r":(\d+);", line).group(1)), env


async def over_ssh(port: int, keys_of: list[asyncssh.SSHKey], sessions: int,
                   keys: int) -> tuple[list[float], list, list, list]:
    conns, procs, screens = [], [], []
    for i in range(sessions):
        conn = await asyncssh.connect("127.0.0.1", port, client_keys=[keys_of[i]],
                                      known_hosts=None, username="bench")
        screen = Screen()
        proc = await conn.create_process(term_type="xterm-256color", term_size=(100, 30),
                                         encoding=None)

        async def read(proc=proc, screen=screen) -> None:
            while data := await proc.stdout.read(65536):
                screen.add(data)

        asyncio.create_task(read())
        conns.append(conn)
        procs.append(proc)
        screens.append(screen)
    for screen in screens:
        await screen.wait_for(READY, 60)

    async def send(data: bytes) -> None:
        procs[0].stdin.write(data)

    return await key_to_frame(send, screens[0], keys), conns, procs, screens


async def table_redraw(tmp: Path, procs: list, screens: list[Screen], keys: int,
                       game: str = "dungeon") -> list[float]:
    """Sessions 0 and 1 at one table: milliseconds from each key of session 0 to the first
    bytes on session 1's terminal. D6 Dungeon: two seats, draw then undo; 6x6 Tales: the
    hero's seat rolls then undoes, session 1 watches."""
    a, b = procs[0].stdin, procs[1].stdin

    async def keys_to(stdin, screen: Screen, *seq: bytes, wait: bytes | None = None) -> None:
        for k in seq:
            stdin.write(k)
            await asyncio.sleep(0.3)
        if wait is not None:
            await screen.wait_for(wait, 30)
        await screen.quiet(0.3)

    await keys_to(a, screens[0], b"T", wait=b"Tables on this server")
    if game == "tales":
        await keys_to(a, screens[0], b"\t", *[b"\x1b[B"] * 4, b"n",
                      wait=b"New game of 6x6 Tales")
        await keys_to(a, screens[0], b"Brin", b"\x13", wait=b"Roll 2d6")
        await keys_to(b, screens[1], b"T", wait=b"Tables on this server")
        await keys_to(b, screens[1], b"w", wait=b"Watching table")
        return await _alternate(a, screens, keys, b"r", b"u")
    # the games list: the board game, D6 Dungeon, D6 Shooter, Simple Six, 6x6 Tales
    await keys_to(a, screens[0], b"\t", b"\x1b[B", b"n", wait=b"New game of D6 Dungeon")
    await keys_to(a, screens[0], b"Ann,Bob", b"\x13", wait=b"Ann's side")
    index = (tmp / "data" / "tables" / "tables.toml").read_text()
    code = re.search(r'code = "(\w{4})"', index).group(1)
    await keys_to(b, screens[1], b"T", wait=b"Tables on this server")
    await keys_to(b, screens[1], b"j", wait=b"The table's code")
    await keys_to(b, screens[1], code.encode(), b"\r", wait=b"Bob's side")
    return await _alternate(a, screens, keys, b"d", b"u")


async def _alternate(a, screens: list[Screen], keys: int, do: bytes, undo: bytes) -> list[float]:
    """Session 0 sends ``do`` and ``undo`` in turn; each key's time to session 1's bytes."""
    out = []
    await screens[1].quiet()
    for i in range(keys):
        screens[1].event.clear()
        start = time.perf_counter()
        a.write(do if i % 2 == 0 else undo)
        await asyncio.wait_for(screens[1].event.wait(), 10)
        out.append((time.perf_counter() - start) * 1000)
        await screens[1].quiet(0.3)
        await screens[0].quiet(0.05)
    return out


async def local(tmp: Path, keys: int) -> list[float]:
    dirs = PlayerDirs.under(tmp / "local", "me")
    dirs.saves.mkdir(parents=True)
    dirs.config.mkdir(parents=True)
    term = Terminal(child_env("xterm-256color", {}, dirs, "me"), 100, 30)
    await term.start()
    screen = Screen()

    async def out(data: bytes) -> None:
        screen.add(data)

    pump = asyncio.create_task(term.pump(out))
    await screen.wait_for(READY, 60)
    times = await key_to_frame(term.write, screen, keys)
    pump.cancel()
    await term.stop()
    return times


IN_PROCESS = """
import asyncio, contextlib, sys, tempfile
from pathlib import Path
from d6tui.ui.app import D6App

def rss():
    for line in open('/proc/self/status'):
        if line.startswith('VmRSS:'):
            return int(line.split()[1])

async def main(n):
    tmp = Path(tempfile.mkdtemp())
    async with contextlib.AsyncExitStack() as stack:
        first = D6App(saves=tmp / 'a0', persist_theme=False)
        pilot = await stack.enter_async_context(first.run_test(size=(100, 30)))
        await pilot.pause(0.5)
        base = rss()
        for i in range(1, n + 1):
            app = D6App(saves=tmp / f'a{i}', persist_theme=False)
            p = await stack.enter_async_context(app.run_test(size=(100, 30)))
            await p.pause(0.2)
        sys.stderr.write(f"{base} {(rss() - base) / n:.0f}\\n")

asyncio.run(main(int(sys.argv[1])))
"""


def shared_process_cost(n: int, env: dict) -> tuple[int, float]:
    run = subprocess.run([sys.executable, "-c", IN_PROCESS, str(n)], capture_output=True,
                         text=True, env=env, timeout=300)
    base, each = run.stderr.strip().splitlines()[-1].split()
    return int(base), float(each)


def summary(name: str, ms: list[float]) -> tuple[float, float]:
    ms = sorted(ms)
    med = statistics.median(ms)
    p95 = ms[min(len(ms) - 1, int(round(0.95 * (len(ms) - 1))))]
    print(f"{name:<26} key-to-frame median {med:6.1f} ms  p95 {p95:6.1f} ms  (n={len(ms)})")
    return med, p95


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sessions", type=int, default=10)
    ap.add_argument("--keys", type=int, default=40)
    ap.add_argument("--table", choices=("dungeon", "tales"), default="dungeon",
                    help="the game of the two sessions' table (default dungeon)")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="d6ssh-bench-"))
    sessions = max(2, args.sessions)
    keys_of = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(sessions)]
    (tmp / "config").mkdir(parents=True)
    (tmp / "config" / "authorized_keys").write_text("".join(
        f"{k.export_public_key().decode().split()[0]} "
        f"{k.export_public_key().decode().split()[1]} bench{i}\n"
        for i, k in enumerate(keys_of)))
    server, port, env = start_server(tmp, sessions)
    try:
        t0 = time.perf_counter()
        ssh_ms, conns, procs, screens = await over_ssh(port, keys_of, sessions, args.keys)
        print(f"{sessions} sessions over SSH ready in {time.perf_counter() - t0:.1f} s")
        log = (tmp / "data" / "server.log").read_text()
        pids = [int(p) for p in re.findall(r"connect name=bench\d+ .* pid=(\d+)", log)]
        kids = [rss_kb(p) for p in pids]
        print(f"per session (child d6tui): median {statistics.median(kids) / 1024:.1f} MB "
              f"resident, max {max(kids) / 1024:.1f} MB; server {rss_kb(server.pid) / 1024:.1f}"
              f" MB with {len(pids)} sessions")
        seat_ms = await table_redraw(tmp, procs, screens, args.keys, args.table)
        local_ms = await local(tmp, args.keys)
        for conn in conns:
            conn.close()
    finally:
        server.terminate()
        server.wait(10)
    s_med, s_p95 = summary(f"over SSH ({sessions} open)", ssh_ms)
    l_med, l_p95 = summary("local pty", local_ms)
    print(f"ratio SSH/local: median {s_med / l_med:.2f}x  p95 {s_p95 / l_p95:.2f}x")
    t_med, t_p95 = summary(f"other seat's redraw ({args.table} table)", seat_ms)
    print(f"ratio other seat/local key: median {t_med / l_med:.2f}x  p95 {t_p95 / l_p95:.2f}x"
          " (a move at the table, then the other terminal's first bytes)")
    base, each = shared_process_cost(min(sessions, 10), env)
    print(f"one process, many apps (not taken): first app {base / 1024:.1f} MB, each more "
          f"app +{each / 1024:.1f} MB")


if __name__ == "__main__":
    asyncio.run(main())
