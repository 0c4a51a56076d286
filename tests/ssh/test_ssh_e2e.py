"""d6tui serve with the real OpenSSH client: log in, resize, Escape, quit; refusals."""

from __future__ import annotations

import os
import re
import signal
import subprocess

from tests.ssh.conftest import child_pid, wait_for


def test_log_in_see_home_resize_escape_and_quit(shared_server, tmux, tmp_path):
    s = shared_server
    # as the README says: d6tui serve --add-key (a name no other test uses: the key is new
    # to the running server, which reads its authorized keys again)
    key = s.keygen("dana", by_cli=True)
    t = tmux(s.ssh_args(key, "-tt"), 100, 30)
    screen = t.wait_text("Recent saves")
    assert "d6tui" in screen and "D6 Shooter" in screen
    assert re.search(r"connect name=dana address=127\.0\.0\.1 term=\S+ colorterm=- "
                     r"size=100x30", s.log())
    # the session child (forked by the launcher) is the server's own child, in a session
    # of its own whose controlling terminal is its pty
    pid = child_pid(s, "dana")
    with open(f"/proc/{pid}/stat") as f:
        stat = f.read().rsplit(")", 1)[1].split()
    ppid, sid, tty = int(stat[1]), int(stat[3]), int(stat[4])
    assert (ppid, sid) == (s.proc.pid, pid) and tty != 0
    assert os.readlink(f"/proc/{pid}/fd/0") == os.readlink(f"/proc/{pid}/fd/1")
    # named for ps and top, apart from the launcher and the other sessions
    with open(f"/proc/{pid}/cmdline", "rb") as f:
        assert f.read().rstrip(b"\0") == b"d6tui session dana"
    with open(f"/proc/{pid}/comm") as f:
        assert f.read().strip() == "d6tui dana"
    from d6tui.server.launcher import _stat

    stats = [_stat(int(p)) for p in os.listdir("/proc") if p.isdigit()]
    assert ("d6tui-launcher", s.proc.pid) in [(st[0], st[2]) for st in stats if st]
    t.resize(120, 40)
    # the title line is centred text, shorter than the pane: wait on the frame's top line
    t.wait_until(lambda now: len(now.splitlines()[1].rstrip()) == 120, 10)
    assert t.screen().splitlines()[1].rstrip().endswith("╮")
    assert len(t.screen().splitlines()[1].rstrip()) == 120  # the frame spans the new width
    t.keys("?")
    t.wait_text("Help: d6tui")
    t.keys("Escape")  # a lone Escape closes the help
    t.wait_until(lambda now: "Help: d6tui" not in now, 10)
    assert "Help: d6tui" not in t.screen() and "Recent saves" in t.screen()
    t.record(tmp_path / "raw")
    t.keys("q")
    t.wait_text("EXIT=0")
    assert wait_for(lambda: "reason=quit status=0" in s.log())
    raw = (tmp_path / "raw").read_bytes()
    for restored in (b"\x1b[?1049l", b"\x1b[?25h", b"\x1b[?1000l", b"\x1b[?1003l",
                     b"\x1b[?2004l"):  # alternate screen off, cursor shown, mouse, paste off
        assert restored in raw
    # each player has a folder of their own
    assert (s.data / "players" / "dana" / "saves").is_dir()


def test_a_command_is_refused_with_one_line_and_a_non_zero_status(shared_server):
    s = shared_server
    key = s.key("alice")
    run = subprocess.run(s.ssh_args(key, "-T") + ["ls"], capture_output=True, text=True,
                         timeout=20)
    assert run.returncode == 1
    assert run.stderr.strip().splitlines() == [
        "d6tui: this server runs d6tui only; connect without a command (ssh -p PORT HOST)"]
    assert run.stdout == ""
    assert "refused name=alice address=127.0.0.1 reason=command 'ls'" in s.log()


def test_no_pty_gets_one_line(shared_server):
    s = shared_server
    key = s.key("alice")
    run = subprocess.run(s.ssh_args(key, "-T"), capture_output=True, text=True, timeout=20,
                         stdin=subprocess.DEVNULL)
    assert run.returncode == 1
    assert run.stderr.strip() == ("d6tui: d6tui needs a terminal; "
                                  "connect with ssh -t (or without -T)")


def test_an_unknown_key_is_refused(shared_server):
    s = shared_server
    s.key("alice")
    eve = s.keygen("eve", add=False)
    run = subprocess.run(s.ssh_args(eve, "-T", "-o", "PreferredAuthentications=publickey,"
                                    "password,keyboard-interactive") + ["true"],
                         capture_output=True, text=True, timeout=20)
    assert run.returncode == 255
    assert "Permission denied (publickey)." in run.stderr  # no password or kbd-int offered
    assert wait_for(lambda: "reason=unknown key" in s.log())


def test_sftp_and_port_forwarding_are_refused(shared_server):
    s = shared_server
    key = s.key("alice")
    sftp = subprocess.run(s.ssh_args(key, "-s") + ["sftp"], capture_output=True, text=True,
                          timeout=20, stdin=subprocess.DEVNULL)
    assert sftp.returncode != 0 and "subsystem request failed" in sftp.stderr
    fwd = subprocess.run(s.ssh_args(key, "-N", "-R", "0:127.0.0.1:22", "-o",
                                    "ExitOnForwardFailure=yes"),
                         capture_output=True, text=True, timeout=20)
    assert fwd.returncode == 255 and "remote port forwarding failed" in fwd.stderr


def test_a_crashed_session_still_restores_the_terminal(shared_server, tmux, tmp_path):
    """A session whose child is killed still restores the client's terminal, and is logged
    as a crash. Its client sends TERM=xterm-16color: the child gets that TERM (it draws in
    the 16 standard colours, where the TERM put in place of one that does not read as a
    terminal type, xterm-256color, gives 256). (A killed session launcher: see
    test_limits_e2e.py's timeouts test.)"""
    s = shared_server
    key = s.key("alice")
    t = tmux(["env", "TERM=xterm-16color", *s.ssh_args(key, "-tt")])
    t.wait_text("Recent saves")
    assert re.search(r"connect name=alice .* term='xterm-16color'", s.log()), s.log()
    drawn = t.output()
    assert b"\x1b[" in drawn and b"38;5;" not in drawn and b"38;2;" not in drawn
    pid = int(re.search(r"connect name=alice .* pid=(\d+)", s.log()).group(1))
    t.record(tmp_path / "raw")
    os.kill(pid, signal.SIGKILL)
    t.wait_text("EXIT=1")
    raw = (tmp_path / "raw").read_bytes()
    assert raw.endswith(b"\x1b[?1049l\x1b[?25h") or b"\x1b[?1049l\x1b[?25h" in raw
    assert wait_for(lambda: "reason=crashed status=-9" in s.log())
