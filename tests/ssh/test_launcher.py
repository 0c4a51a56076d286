"""The session launcher's child sets up its standard streams as a new Python would for the
session's environment (d6tui.server.launcher_main.become_session): the encoding and error
handler a fresh ``python`` picks for the client's locale variables."""

from __future__ import annotations

import json
import subprocess
import sys

#: Locale variables a client may send (SendEnv LANG LC_*), as child_env passes them.
CASES = [
    {"LANG": "C.UTF-8"},
    {"LANG": "C"},
    {"LANG": "POSIX"},
    {"LANG": "en_US.UTF-8"},  # where it is not installed, Python falls back to C
    {"LANG": "C.UTF-8", "LC_ALL": "C"},
    {"LANG": "C", "LC_CTYPE": "C.utf8"},
]

#: Run in one Python started as the server starts the launcher (LANG=C.UTF-8): for each
#: case, the environment set as the child sets it, then what the launcher would pick.
PROBE = """
import json, os, sys
from d6tui.server.launcher_main import _surrogate_locale, stdio_encoding
out = []
for env in json.loads(sys.argv[1]):
    os.environ.clear()
    os.environ.update(env)
    out.append([stdio_encoding(), "surrogateescape" if _surrogate_locale() else "strict"])
print(json.dumps(out))
"""


def _fresh(env: dict[str, str]) -> list[str]:
    run = subprocess.run([sys.executable, "-c",
                          "import sys; print(sys.stdout.encoding, sys.stdout.errors)"],
                         env=env, capture_output=True, text=True, timeout=20, check=True)
    return run.stdout.split()


def test_the_childs_streams_are_a_new_pythons():
    import codecs

    run = subprocess.run([sys.executable, "-c", PROBE, json.dumps(CASES)],
                         env={"LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"},
                         capture_output=True, text=True, timeout=20, check=True)
    picked = json.loads(run.stdout)
    for env, (encoding, errors) in zip(CASES, picked, strict=True):
        want_encoding, want_errors = _fresh(env)
        assert (codecs.lookup(encoding).name, errors) == (
            codecs.lookup(want_encoding).name, want_errors), env


def test_a_launcher_that_cannot_start_fails_twice_then_says_so(monkeypatch):
    """A launcher process that exits at once (here ``/bin/false`` in place of Python) is
    started again once; when that one fails too, :class:`LauncherError` says so (the
    server then starts ``python -m d6tui``, d6tui/server/ssh.py)."""
    import asyncio
    import os

    import pytest

    from d6tui.server.launcher import Launcher, LauncherError

    monkeypatch.setattr(sys, "executable", "/bin/false")
    launcher = Launcher({"PATH": "/usr/bin:/bin"})

    async def main():
        master, slave = os.openpty()
        try:
            with pytest.raises(LauncherError, match="launcher"):
                await launcher.spawn({"TERM": "xterm"}, "/", slave)
        finally:
            os.close(master)
            os.close(slave)
            launcher.close()

    asyncio.run(main())
    assert launcher.starts == 2


#: Run in a Python of its own (it forks): children left as the launcher's strays would be,
#: and others, then what ``Launcher.reap_strays`` did with each.
STRAYS = """
import ctypes, json, os, signal, time
from d6tui.server.launcher import LAUNCHER_COMM, SESSION_COMM, Launcher, _stat

libc = ctypes.CDLL(None)

def child(comm, live):
    pid = os.fork()
    if pid == 0:
        if comm:
            libc.prctl(15, ctypes.c_char_p(comm.encode()), 0, 0, 0)
        if live:
            signal.pause()
        os._exit(0)
    return pid

def state(pid):
    stat = _stat(pid)
    return stat and stat[1]

middle = child(LAUNCHER_COMM, False)          # a launcher's middle process, exited
other = child(None, False)                     # a child of another name, exited
known = child(SESSION_COMM + "ana", False)     # a session handed over, exited
lost = child(SESSION_COMM + "bob", True)       # a session nobody heard of, running
for _ in range(500):  # until each is named (and the exited ones are zombies)
    if all(state(p) == "Z" for p in (middle, other, known)) and \\
            _stat(lost) and _stat(lost)[0] == SESSION_COMM + "bob":
        break
    time.sleep(0.01)
launcher = Launcher({})
launcher._kids.add(known)
reaped = launcher.reap_strays()
out = {"reaped": reaped, "middle": state(middle), "other": state(other),
       "known": state(known)}
_, status = os.waitpid(lost, 0)
out["lost"] = os.waitstatus_to_exitcode(status)
for pid in (other, known):
    os.waitpid(pid, 0)
print(json.dumps(out))
"""


def test_the_strays_of_a_launcher_that_died_mid_login_are_reaped_or_killed():
    """A launcher killed between its two forks leaves its middle process a zombie of the
    server (their subreaper), and one killed after them a session child nobody knows of:
    the server reaps the one and kills the other, and leaves alone a session it handed
    over and any child of another name (whose exit status someone else waits for)."""
    run = subprocess.run([sys.executable, "-c", STRAYS], capture_output=True, text=True,
                         timeout=30, check=True)
    out = json.loads(run.stdout)
    assert out["reaped"] == 1 and out["middle"] is None  # reaped: gone from /proc
    assert out["other"] == "Z" and out["known"] == "Z"  # left for their own waiters
    assert out["lost"] == -9  # killed


#: Run in a Python of its own: the names ``ps`` and ``top`` show after ``set_title``.
TITLE = """
import json
from d6tui.server.launcher_main import set_title
set_title("d6tui ana", "d6tui session ana")
with open("/proc/self/cmdline", "rb") as f:
    cmdline = f.read()
with open("/proc/self/comm") as f:
    comm = f.read().strip()
print(json.dumps([cmdline.rstrip(b"\\0").decode(), comm]))
"""


def test_a_session_child_names_itself_for_ps():
    run = subprocess.run([sys.executable, "-P", "-c", TITLE], capture_output=True, text=True,
                         timeout=30, check=True)
    assert json.loads(run.stdout) == ["d6tui session ana", "d6tui ana"]


#: Run in a Python of its own: the ``random.Random`` objects held by any module after the
#: launcher's imports (a fork would copy each, state and all, into every session).
STREAMS = """
import importlib, json, random, sys
from d6tui.server.launcher_main import PREIMPORT
for name in PREIMPORT:
    importlib.import_module(name)
found = [f"{name}.{key}" for name, module in list(sys.modules.items()) if module
         for key, value in list(vars(module).items())
         if isinstance(value, random.Random) and not isinstance(value, random.SystemRandom)
         and value is not random._inst]
print(json.dumps(found))
"""


def test_no_module_the_launcher_imports_holds_a_random_stream_of_its_own():
    """Each forked session's randomness is its own: CPython seeds ``random``'s own stream
    again in a forked child, and no module imported before the fork holds another (it
    would give every session the same dice)."""
    run = subprocess.run([sys.executable, "-P", "-c", STREAMS], capture_output=True,
                         text=True, timeout=60, check=True)
    assert json.loads(run.stdout) == []


#: Run in a Python of its own: two session children forked as the launcher forks them
#: (``_fork_twice``) each write what they draw from ``random``, the app's dice and
#: ``secrets``.
DRAWS = """
import json, os, random, secrets
from d6tui.engine.dice import Dice
from d6tui.server.launcher_main import _fork_twice
random.seed(1)  # the launcher's own stream, fixed: a child that kept it would draw this
r, w = os.pipe()
for _ in range(2):
    if _fork_twice(None) == 0:
        draws = [random.random(), Dice().roll(10, 6)["faces"], secrets.randbits(63)]
        os.write(w, (json.dumps(draws) + "\\n").encode())
        os._exit(0)
os.close(w)
with os.fdopen(r) as f:
    print(json.dumps([json.loads(line) for line in f]))
"""


def test_two_forked_sessions_draw_different_dice():
    run = subprocess.run([sys.executable, "-P", "-c", DRAWS], capture_output=True, text=True,
                         timeout=30, check=True)
    first, second = json.loads(run.stdout)
    import random

    kept = random.Random(1).random()
    for a, b in zip(first, second, strict=True):
        assert a != b
    assert kept not in (first[0], second[0])
