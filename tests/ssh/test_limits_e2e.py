"""The server's limits over real connections: sessions at once, idle and login timeouts,
connections per address, and one session stopped while another plays on. (Stopping the
server stops every session: checked with the restart in test_tables_e2e.py.)"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import time

from tests.ssh.conftest import child_pid, gone, wait_for


def test_a_session_over_the_limit_is_told_it_is_full_and_too_many_connections_are_cut(
        server, tmux):
    """Two limits on one server (``--max-sessions 1 --rate 4``), in one walk:

    - sessions at once: with alice's session open, bob's is refused with a line, status 1,
      and the server logs why (connections 1 and 2 of the address);
    - connections per address: two more connections (3 and 4, commands: refused with
      status 1) are let in, and the fifth within the minute is cut (status 255); the
      server logs why.
    """
    s = server("--max-sessions", "1", "--rate", "4")
    alice, bob = s.keygen("alice"), s.keygen("bob")
    s.start()
    t = tmux(s.ssh_args(alice, "-tt"))
    t.wait_text("Recent saves")
    run = subprocess.run(s.ssh_args(bob, "-tt"), capture_output=True, timeout=20,
                         stdin=subprocess.DEVNULL)
    assert run.returncode == 1
    assert b"the server is full (1 players); try again later" in run.stdout
    assert "refused name=bob address=127.0.0.1 reason=full (1 sessions)" in s.log()

    codes = [subprocess.run(s.ssh_args(alice, "-T") + ["x"], capture_output=True,
                            timeout=20).returncode for _ in range(3)]
    assert codes == [1, 1, 255]
    assert "refused address=127.0.0.1 reason=too many connections (4 a 60s)" in s.log()


def test_an_idle_session_and_a_connection_that_does_not_log_in_are_closed(server, tmux):
    """Two timeouts on one server (``--idle-timeout 2 --login-timeout 1``), at once, and
    its session launcher killed as the server starts:

    - the first login gets a session all the same, from a launcher started again (logged);
    - a connection that does not log in is closed within a few seconds;
    - an idle session is closed with a line, its client exits 0, and the server logs why.
    """
    s = server("--idle-timeout", "2", "--login-timeout", "1")
    key = s.keygen("alice")
    s.start()
    launcher = int(re.search(r"launcher started pid=(\d+)", s.log()).group(1))
    os.kill(launcher, signal.SIGKILL)  # (killed at once: the CPU of its imports is spared)
    t = tmux(s.ssh_args(key, "-tt"))
    t.wait_text("Recent saves")
    assert "launcher started again" in s.log() and "launcher failed" not in s.log()
    assert int(re.findall(r"launcher started pid=(\d+)", s.log())[-1]) != launcher
    with socket.create_connection(("127.0.0.1", s.port), timeout=10) as sock:
        assert sock.recv(100).startswith(b"SSH-2.0-")
        start = time.monotonic()
        while sock.recv(4096):
            pass
        assert time.monotonic() - start < 8
    screen = t.wait_text("EXIT=0", timeout=15)
    assert "closed after no keys for a while; your games are saved" in screen
    assert "reason=idle" in s.log()


def test_a_stopped_session_does_not_freeze_another(shared_server, tmux):
    s = shared_server
    alice, bob = s.key("alice"), s.key("bob")
    ta = tmux(s.ssh_args(alice, "-tt"))
    ta.wait_text("Recent saves")
    pid = int(re.search(r"connect name=alice .* pid=(\d+)", s.log()).group(1))
    os.kill(pid, signal.SIGSTOP)  # alice's d6tui hangs (as a blocking call would)
    try:
        tb = tmux(s.ssh_args(bob, "-tt"))
        tb.wait_text("Recent saves")
        tb.keys("?")
        tb.wait_text("Help: d6tui", timeout=5)
    finally:
        os.kill(pid, signal.SIGCONT)
    ta.keys("?")
    ta.wait_text("Help: d6tui")


def test_colours_and_saves_come_from_the_client_and_a_client_that_goes_away_stops_its_session(
        shared_server, tmux):
    """One session, checks in turn:

    - colours come from the client: the COLORTERM it sends (SetEnv) is logged and reaches
      the session child, which draws in 24-bit colour (its TERM alone reads as 256 colours;
      the TERM sent reaching the child is checked in test_ssh_e2e.py's crash test);
    - the child has the player's own saves: a save put in ``players/carol/saves`` is
      listed on carol's home screen;
    - a client that goes away stops its session: the server logs it as the client
      leaving (not a crash) and the child has finished.

    (The child's environment is read from what it does, not from ``/proc/<pid>/environ``:
    a child forked by the session launcher shows the launcher's there.)
    """
    import shutil
    from pathlib import Path

    s = shared_server
    key = s.key("carol")
    saves = s.data / "players" / "carol" / "saves"
    saves.mkdir(parents=True, exist_ok=True)
    shutil.copy(Path(__file__).parents[1] / "fixtures" / "saves" / "dungeon-wrong-claim.toml",
                saves)
    t = tmux(s.ssh_args(key, "-tt", "-o", "SetEnv=COLORTERM=truecolor"))
    t.wait_text("Recent saves")
    assert wait_for(lambda: "colorterm='truecolor'" in s.log())
    assert re.search(r"connect name=carol .* term='[\w-]*256color'", s.log()), s.log()
    t.wait_text("A wrong claim")  # carol's save, listed once the saves are read
    assert b"\x1b[38;2;" in t.output()  # 24-bit colour: only COLORTERM gives it

    # the client goes away
    pid = child_pid(s, "carol")
    t.kill()  # the ssh client dies with its terminal
    # Waited on: the server's disconnect line (it is written once the child is stopped,
    # which may take its SIGHUP grace and more on a loaded machine), then its reason. The
    # reason had read "crashed" when the screen was drawing as the client went: see
    # test_ssh_end_reason.py.
    line = wait_for(lambda: re.search(r"disconnect name=carol .*", s.log()), 60)
    assert line, s.log()
    assert "reason=client left" in line.group(0), line.group(0)
    assert gone(pid)
