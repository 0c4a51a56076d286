"""Client-given values in the server's log and a session's environment: quoted, capped,
one line each; TERM and the locale variables taken only when they read as such."""

from __future__ import annotations

import logging
import shlex

from d6tui.server.logtext import OneLineFormatter, clean_term, quoted
from d6tui.server.terminal import PlayerDirs, child_env
from tests.ssh.conftest import wait_for

FORGED = "xterm\n2026-12-01 INFO connect name=root forged"


def test_quoted_escapes_line_breaks_and_caps_the_length():
    assert quoted(FORGED) == repr(FORGED) and "\n" not in quoted(FORGED)
    long = quoted("x" * 20000)
    assert len(long) < 120 and "(20000 chars)" in long
    assert quoted(None) == "-"


def test_a_term_that_is_not_a_terminal_type_is_not_passed_on(tmp_path):
    assert clean_term("xterm-256color") == "xterm-256color"
    for bad in (FORGED, "x" * 200, "xterm\x1b[2J", "", "a b"):
        assert clean_term(bad) is None
    dirs = PlayerDirs.under(tmp_path, "ann")
    env = child_env(FORGED, {"COLORTERM": "truecolor\nforged", "LANG": "en_US.UTF-8"},
                    dirs, "ann")
    assert env["TERM"] == "xterm-256color" and "COLORTERM" not in env
    assert env["LANG"] == "en_US.UTF-8"


def test_the_formatter_keeps_every_record_on_one_line():
    record = logging.LogRecord("d6tui.server", logging.ERROR, __file__, 1,
                               "failed error=%s", (FORGED,), None)
    line = OneLineFormatter("%(levelname)s %(message)s").format(record)
    assert "\n" not in line and "\\n2026-12-01" in line


def test_a_forged_term_over_ssh_writes_no_line_of_its_own(shared_server, tmux, tmp_path):
    s = shared_server
    key = s.key("alice")
    t = tmux(["env", f"TERM={FORGED}", *s.ssh_args(key, "-tt")], 100, 30)
    t.wait_text("Recent saves")
    t.keys("q")
    t.wait_text("EXIT=0")
    assert wait_for(lambda: "reason=quit" in s.log())
    lines = s.log().splitlines()
    assert not any(line.startswith("2026-12-01 INFO connect name=root") for line in lines)
    assert any("connect name=alice" in line and "term='xterm\\n2026-12-01" in line
               for line in lines)
    script = tmp_path / "long_term.sh"  # too long for tmux's own command line
    script.write_text(f"export TERM={'x' * 20000}\nexec {shlex.join(s.ssh_args(key, '-tt'))}\n")
    t = tmux(["sh", str(script)], 100, 30)
    t.wait_text("Recent saves")
    t.keys("q")
    t.wait_text("EXIT=0")
    assert wait_for(lambda: s.log().count("reason=quit") == 2)
    assert "(20000 chars)" in s.log()
    assert max(len(line) for line in s.log().splitlines()) < 400
