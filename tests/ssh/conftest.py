"""A real d6tui server on loopback and the real OpenSSH client, under tmux.

A test makes a server in a subprocess (its own config and data dirs, a free port) with
``server``, or shares the run's with ``shared_server`` when it needs nothing of the
server's own (no limit, no stop, no restart): a server start costs a Python start-up with
asyncssh (about 0.4 s of CPU), so one server serves every such test of a run (of an xdist
worker), whatever its module. Keys are made with ``ssh-keygen`` and known hosts kept in a
temp dir. Tests skip where ``ssh``, ``ssh-keygen`` or ``tmux`` are missing.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import pytest

NEEDED = ("ssh", "ssh-keygen", "tmux")


def wait_for(check, timeout=10.0, step=0.1):
    """Poll ``check()`` until it returns something true; that value, or the last one."""
    end = time.monotonic() + timeout
    value = check()
    while not value and time.monotonic() < end:
        time.sleep(step)
        value = check()
    return value


def child_pid(s: Server, name: str = "alice") -> int:
    """The process id of ``name``'s session child, from the server's connect line."""
    found = wait_for(lambda: re.search(rf"connect name={name} .* pid=(\d+)", s.log()), 30)
    assert found, s.log()
    return int(found.group(1))


def gone(pid: int) -> bool:
    """Whether process ``pid`` has finished (gone, or a zombie)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split()[2] == "Z"
    except FileNotFoundError:
        return True


class Server:
    """``d6tui serve`` in a subprocess on 127.0.0.1 and a free port."""

    def __init__(self, tmp: Path, *flags: str) -> None:
        self.tmp = tmp
        self.config = tmp / "config"
        self.data = tmp / "data"
        self.env = dict(os.environ, D6TUI_CONFIG=str(self.config), D6TUI_DATA=str(self.data),
                        D6TUI_GAMES_PATH=str(Path(__file__).parents[1] / "fixtures" / "games"))
        self.env.pop("COLORTERM", None)
        self.flags = flags
        self.proc: subprocess.Popen | None = None
        self.port = 0
        self._keys: dict[str, Path] = {}
        self._log_from = 0  # log() reads from here (see begin_test)

    def keygen(self, name: str, add: bool = True, by_cli: bool = False) -> Path:
        """A new ed25519 key pair made with ``ssh-keygen``; ``add``: listed for ``name`` in
        the server's authorized keys, by :func:`~d6tui.server.keys.add_key` (``by_cli``: by
        the command line's ``d6tui serve --add-key``, as the README does it, run in this
        process with the server's config folder: a Python start-up for it would cost
        about half a second; ``python -m d6tui serve`` itself is what :meth:`start`
        runs)."""
        key = self.tmp / f"id_{name}"
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)],
                       check=True, timeout=20)
        if add and by_cli:
            out = self.cli_here("serve", "--add-key", f"{key}.pub", name)
            assert f"for {name} to " in out, out
        elif add:
            from d6tui.server.keys import add_key
            from d6tui.server.serve import default_authorized_keys

            add_key(default_authorized_keys(self.config), Path(f"{key}.pub"), name)
        return key

    def cli_here(self, *args: str) -> str:
        """``d6tui ARGS`` run by :func:`d6tui.cli.main` in this process with the server's
        folders (its environment for the call); what it printed. Fails unless it exits 0."""
        import contextlib
        import io

        from d6tui.cli import main

        saved = {k: os.environ.get(k) for k in ("D6TUI_CONFIG", "D6TUI_DATA")}
        out = io.StringIO()
        try:
            os.environ.update(D6TUI_CONFIG=str(self.config), D6TUI_DATA=str(self.data))
            with contextlib.redirect_stdout(out):
                status = main(list(args))
        finally:
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v
        assert status == 0, out.getvalue()
        return out.getvalue()

    def start(self) -> Server:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "d6tui", "serve", "--port", "0", *self.flags],
            env=self.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert self.proc.stderr is not None
        line = ""
        while "listening" not in line:
            line = self.proc.stderr.readline()
            assert line, "the server stopped before listening"
        self.port = int(re.search(r":(\d+);", line).group(1))
        return self

    def key(self, name: str) -> Path:
        """``name``'s key pair, made and listed (:meth:`keygen`) the first time it is asked
        for: a server shared by many tests keeps one key a name."""
        if name not in self._keys:
            self._keys[name] = self.keygen(name)
        return self._keys[name]

    def full_log(self) -> str:
        """Everything the server logged (every test that shared it)."""
        path = self.data / "server.log"
        return path.read_text() if path.exists() else ""

    def log(self) -> str:
        """What the server logged since :meth:`begin_test` (since it started if never)."""
        return self.full_log()[self._log_from:]

    def sessions_open(self) -> int:
        """Sessions the log shows as started and not yet ended (lines that begin so: a
        client's TERM quoted in a line may read like one, see test_logtext.py)."""
        text = self.full_log()
        return (len(re.findall(r"^\S+ \S+ INFO connect name=", text, re.M))
                - len(re.findall(r"^\S+ \S+ INFO disconnect name=", text, re.M)))

    def begin_test(self) -> Server:
        """For a server shared by many tests: wait until the sessions of the tests
        before have ended (so none is still alice's, say, to be closed by this test's log in),
        then have :meth:`log` read only what is logged from now on."""
        assert wait_for(lambda: self.sessions_open() == 0, 30), self.full_log()
        self._log_from = len(self.full_log())
        return self

    def ssh_args(self, key: Path, *extra: str) -> list[str]:
        return ["ssh", "-p", str(self.port), "-o", "StrictHostKeyChecking=no",
                "-o", f"UserKnownHostsFile={self.tmp / 'known_hosts'}",
                "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes", "-o", "LogLevel=ERROR",
                "-F", "/dev/null", "-i", str(key), *extra, "player@127.0.0.1"]

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


class Tmux:
    """One tmux server of our own (its own socket) running one command in a window.

    The pane's output is also copied to a file (``pipe-pane``), so a wait reads the screen
    again (a ``tmux capture-pane``, a process of its own) only once the file has grown,
    and at least every :data:`RECAPTURE` seconds, instead of every tenth of a second: tmux
    draws what it read into the pane before it copies it out.
    """

    #: The longest a wait goes without reading the screen again, whatever the output.
    RECAPTURE = 0.5

    def __init__(self, command: list[str], width: int = 100, height: int = 30) -> None:
        self.socket = f"d6ssh-{uuid.uuid4().hex[:8]}"
        shell = " ".join(_quote(a) for a in command) + "; echo EXIT=$?; sleep 60"
        self._tmux("new-session", "-d", "-x", str(width), "-y", str(height), shell)
        fd, name = tempfile.mkstemp(prefix=f"{self.socket}-out-")
        os.close(fd)
        self._own_output = self._output = Path(name)
        self._tmux("pipe-pane", f"cat >> {_quote(name)}")

    def _tmux(self, *args: str) -> str:
        return subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True,
                              text=True, timeout=10).stdout

    def screen(self) -> str:
        return self._tmux("capture-pane", "-p")

    def _output_size(self) -> int:
        try:
            return self._output.stat().st_size
        except OSError:
            return -1

    def wait_until(self, check, timeout: float = 15.0, step: float = 0.02):
        """Read the screen until ``check(screen)`` returns something true; that value, or
        the last one after ``timeout`` seconds (as :func:`wait_for`). The screen is read
        again when the pane's output has grown since the last read, or after
        :data:`RECAPTURE` seconds."""
        end = time.monotonic() + timeout
        size = self._output_size()  # before the read: output after it makes a new read
        read_at = time.monotonic()
        value = check(self.screen())
        while not value and time.monotonic() < end:
            time.sleep(step)
            now = self._output_size()
            if now == size and time.monotonic() - read_at < self.RECAPTURE:
                continue
            size, read_at = now, time.monotonic()
            value = check(self.screen())
        return value

    def wait_text(self, text: str, timeout: float = 15.0) -> str:
        screen = self.wait_until(lambda now: now if text in now else "", timeout)
        assert screen, f"{text!r} never showed; the screen:\n{self.screen()}"
        return screen

    def keys(self, *keys: str) -> None:
        self._tmux("send-keys", *keys)

    def output(self) -> bytes:
        """Every byte the pane received from its start (until :meth:`record`, if called):
        the program's own output, escape sequences and all."""
        return self._own_output.read_bytes()

    def record(self, path: Path) -> None:
        """Copy everything the pane receives from now on into ``path`` (in place of the
        copy the waits watch, which then watch ``path``)."""
        self._tmux("pipe-pane", f"cat > {_quote(str(path))}")
        self._output = path

    def resize(self, width: int, height: int) -> None:
        self._tmux("resize-window", "-x", str(width), "-y", str(height))

    def kill(self) -> None:
        self._tmux("kill-server")
        self._own_output.unlink(missing_ok=True)


def _quote(arg: str) -> str:
    import shlex

    return shlex.quote(arg)


@pytest.fixture
def server(tmp_path):
    missing = [tool for tool in NEEDED if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"needs {', '.join(missing)}")
    made: list[Server] = []

    def make(*flags: str) -> Server:
        s = Server(tmp_path / f"s{len(made)}", *flags)
        s.tmp.mkdir()
        made.append(s)
        return s

    yield make
    for s in made:
        s.stop()


@pytest.fixture(scope="session")
def run_server(tmp_path_factory):
    """One ``d6tui serve`` (default limits, but a rate of connections no run reaches)
    shared by the tests of the run (of one xdist worker) that need nothing of their own
    from it: each test asks for :func:`shared_server`, which waits for the sessions before
    it to end and scopes the log to the test. Tables opened by earlier tests stay listed
    in the lobby, so a test finds its own by its code. A test that stops or restarts the
    server or sets a limit makes its own with :func:`server`."""
    missing = [tool for tool in NEEDED if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"needs {', '.join(missing)}")
    s = Server(tmp_path_factory.mktemp("shared-server"), "--rate", "1000")
    s.start()
    yield s
    s.stop()


@pytest.fixture
def shared_server(run_server):
    """The run's :func:`run_server`, ready for this test (:meth:`Server.begin_test`)."""
    return run_server.begin_test()


@pytest.fixture
def tmux():
    made: list[Tmux] = []

    def make(command: list[str], width: int = 100, height: int = 30) -> Tmux:
        t = Tmux(command, width, height)
        made.append(t)
        return t

    yield make
    for t in made:
        t.kill()


@pytest.fixture
def service():
    """A table service (in memory, no SSH) on its own thread, as the server runs it; the
    tests reach it as the seats' sessions do (``tests/ssh/service_thread.py``)."""
    from d6tui.server.tables import Tables
    from tests.ssh.service_thread import ServiceThread

    s = ServiceThread(Tables(None))
    yield s
    s.stop()

