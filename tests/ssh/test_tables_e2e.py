"""Two players at one table over real SSH: alice opens a Toy Dice table in the lobby, bob
joins it by its code, alice rolls and bob's terminal shows it; bob reconnects, alice logs
in again; the server is stopped and started again with the table kept."""

from __future__ import annotations

import re
import time

from tests.ssh.conftest import child_pid, gone, wait_for


def _open_table(s, tmux, alice):
    """alice opens a Toy Dice table for Ann and Bob; returns her terminal and its code."""
    ta = tmux(s.ssh_args(alice, "-tt"), 110, 32)
    ta.wait_text("Recent saves")
    ta.keys("T")
    # the lobby's game list, filled once the screen (its tables list focused) is drawn;
    # Textual reads the keys that follow in order, so they need no pause between them
    ta.wait_text("Toy Dice")
    ta.keys("Tab")  # to the games list
    ta.keys("End")
    ta.keys("n")
    ta.wait_text("New game of Toy Dice")
    ta.keys("-l", "Ann,Bob")
    ta.keys("C-s")
    screen = ta.wait_text("You: Ann (seat 1) at table")
    assert "To move: Ann." in screen
    return ta, re.search(r"at table (\w{4})\.", screen).group(1)


def _lobby_row(screen: str, code: str) -> str:
    """The line of the lobby's tables list that shows table ``code`` (a row fits one line
    at 110 columns)."""
    rows = [line for line in screen.splitlines() if f"{code}  " in line]
    assert rows, f"table {code} is not listed:\n{screen}"
    return rows[0]


def test_open_join_see_the_move_reconnect_and_log_in_again(shared_server, tmux):
    """Two players at one table, one walk (each step's checks as they were three tests):

    - open and join by code: alice opens a Toy Dice table, bob joins it by its code typed
      in lower case and sees his seat, whose move it is and that he has nothing to do;
      alice rolls and bob's terminal shows it; the server logs the table's opening;
    - reconnecting takes the seat back: bob's connection drops (logged as the client
      leaving), he logs in again, the lobby's row of the table still shows his seat and
      joining by code gives him seat 2 again;
    - logging in again closes the older session with a message: alice logs in from a new
      terminal, her older one (at the table) is told so, that its seats are kept, and its
      client exits 0; the server logs why; the newer session goes on.
    """
    s = shared_server
    alice, bob = s.key("alice"), s.key("bob")
    ta, code = _open_table(s, tmux, alice)
    tb = tmux(s.ssh_args(bob, "-tt"), 110, 32)
    tb.wait_text("Recent saves")
    tb.keys("T")
    tb.wait_text("Tables on this server")
    tb.wait_until(lambda now: code in now, 5)  # the lobby lists alice's table
    tb.keys("j")
    tb.wait_text("The table's code")
    tb.keys("-l", code.lower())
    tb.keys("Enter")
    screen = tb.wait_text(f"You: Bob (seat 2) at table {code}.")
    assert "To move: Ann." in screen and "pot 0" in screen
    assert "Nothing to do now" in screen

    ta.keys("1")  # Roll the die
    sent = time.monotonic()
    seen = tb.wait_until(lambda now: re.search(r"Ann to play, pot [2-6]|Bob to play, pot 0",
                                                  now), 5)
    took = time.monotonic() - sent
    assert seen, tb.screen()

    print(f"bob's terminal showed alice's roll {took * 1000:.0f} ms after her key (tmux polled)")
    assert f"table open code={code} game=toy_dice host=alice" in s.log()

    # reconnecting takes the seat back
    tb.kill()  # bob's connection drops
    assert wait_for(lambda: "name=bob address=127.0.0.1 reason=client left" in s.log(), 10)
    tb = tmux(s.ssh_args(bob, "-tt"), 110, 32)
    tb.wait_text("Recent saves")
    tb.keys("T")
    tb.wait_text(f"{code}  Toy Dice")
    # the lobby shows the seat still his (on this table's row: the run's server lists the
    # tables of other tests too)
    assert "Bob: bob" in _lobby_row(tb.screen(), code)
    tb.keys("j")
    tb.wait_text("The table's code")
    tb.keys("-l", code)
    tb.keys("Enter")
    tb.wait_text(f"You: Bob (seat 2) at table {code}.")

    # logging in again closes the older session (alice's, at the table) with a message
    second = tmux(s.ssh_args(alice, "-tt"), 100, 30)
    second.wait_text("Recent saves")
    screen = ta.wait_text("you logged in again (from 127.0.0.1)")
    assert "EXIT=0" in ta.wait_text("EXIT=")
    assert "seats are kept" in screen.replace("\n", "")
    assert "name=alice address=127.0.0.1 reason=logged in again" in s.log()
    second.keys("T")
    second.wait_text("Tables on this server")  # the newer one goes on


def test_a_table_survives_a_restart_and_its_seats_are_kept(server, tmux):
    """Stopping the server stops every session: it exits 0, alice's d6tui ends, her client
    is told and exits; then the restarted server reopens the table with its seats."""
    s = server()
    alice, bob = s.keygen("alice"), s.keygen("bob")
    s.start()
    ta, code = _open_table(s, tmux, alice)
    pid = child_pid(s)
    ta.keys("1")  # Ann rolls
    ta.wait_until(lambda now: "pot 0" not in now or "To move: Bob" in now, 5)
    s.stop()
    assert s.proc.returncode == 0
    assert wait_for(lambda: gone(pid), 15)
    log = s.log()
    assert "name=alice address=127.0.0.1 reason=server stopped" in log, log
    assert "reason=crashed" not in log
    assert "the server was stopped; your games and seats are kept" in ta.wait_text(
        "the server was stopped")
    ta.wait_text("EXIT=")
    ta.kill()
    s.start()
    assert f"table reopened code={code} game=toy_dice seats=alice" in s.log()
    tb = tmux(s.ssh_args(bob, "-tt"), 110, 32)
    tb.wait_text("Recent saves")
    tb.keys("T")
    tb.wait_text(f"{code}  Toy Dice")
    # nobody present yet; the seat named Bob waits for the key bob
    assert "Ann: alice (away), Bob: kept for bob, away" in tb.screen()
    ta = tmux(s.ssh_args(alice, "-tt"), 110, 32)
    ta.wait_text("Recent saves")
    ta.keys("T")
    ta.wait_text(f"{code}  Toy Dice")
    ta.keys("Enter")  # the highlighted table: alice's seat back
    ta.wait_text(f"You: Ann (seat 1) at table {code}.")
