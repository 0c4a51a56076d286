"""Two players at one table over real SSH: alice opens a Toy Dice table in the lobby, bob
joins it by its code, alice rolls and bob's terminal shows it."""

from __future__ import annotations

import re
import time

from tests.ssh.conftest import wait_for


def _open_table(s, tmux, alice):
    """alice opens a Toy Dice table for Ann and Bob; returns her terminal and its code."""
    ta = tmux(s.ssh_args(alice, "-tt"), 110, 32)
    ta.wait_text("Recent saves")
    ta.keys("T")
    ta.wait_text("Toy Dice")  # the lobby's game list
    time.sleep(0.5)
    ta.keys("Tab")
    time.sleep(0.3)
    ta.keys("End")
    time.sleep(0.3)
    ta.keys("n")
    ta.wait_text("New game of Toy Dice")
    ta.keys("-l", "Ann,Bob")
    ta.keys("C-s")
    screen = ta.wait_text("(seat 1): Ann to play, pot 0")
    return ta, re.search(r"Table (\w{4}) \(seat 1\)", screen).group(1)


def test_reconnecting_takes_the_seat_back(server, tmux):
    s = server()
    alice, bob = s.keygen("alice"), s.keygen("bob")
    s.start()
    _, code = _open_table(s, tmux, alice)
    tb = tmux(s.ssh_args(bob, "-tt"), 110, 32)
    tb.wait_text("Recent saves")
    tb.keys("T")
    tb.wait_text("Tables on this server")
    tb.keys("j")
    tb.wait_text("The table's code")
    tb.keys("-l", code)
    tb.keys("Enter")
    tb.wait_text(f"Table {code} (seat 2)")
    tb.kill()  # bob's connection drops
    assert wait_for(lambda: "name=bob address=127.0.0.1 reason=client left" in s.log(), 10)
    tb = tmux(s.ssh_args(bob, "-tt"), 110, 32)
    tb.wait_text("Recent saves")
    tb.keys("T")
    tb.wait_text(f"{code}  Toy Dice")
    assert "Bob: bob" in tb.screen()  # the lobby shows the seat still his
    tb.keys("j")
    tb.wait_text("The table's code")
    tb.keys("-l", code)
    tb.keys("Enter")
    tb.wait_text(f"Table {code} (seat 2)")


def test_open_join_by_code_and_see_the_other_players_move(server, tmux):
    s = server()
    alice, bob = s.keygen("alice"), s.keygen("bob")
    s.start()
    ta, code = _open_table(s, tmux, alice)
    tb = tmux(s.ssh_args(bob, "-tt"), 110, 32)
    tb.wait_text("Recent saves")
    tb.keys("T")
    tb.wait_text("Tables on this server")
    wait_for(lambda: code in tb.screen(), 5)  # the lobby lists alice's table
    tb.keys("j")
    tb.wait_text("The table's code")
    tb.keys("-l", code.lower())
    tb.keys("Enter")
    tb.wait_text(f"Table {code} (seat 2): Ann to play, pot 0")
    assert "Nothing to do now: waiting for the others." in tb.screen()

    ta.keys("Down", "Enter")  # Roll the die
    sent = time.monotonic()
    seen = wait_for(lambda: "Ann to play, pot 0" not in tb.screen().splitlines()[0], 5)
    took = time.monotonic() - sent
    assert seen, tb.screen()
    first = tb.screen().splitlines()[0]
    assert re.match(rf"Table {code} \(seat 2\): (Ann to play, pot [2-6]|Bob to play, pot 0)",
                    first), first
    print(f"bob's terminal showed alice's roll {took * 1000:.0f} ms after her key (tmux polled)")
    assert f"table open code={code} game=toy_dice host=alice" in s.log()
