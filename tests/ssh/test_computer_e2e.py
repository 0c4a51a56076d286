"""The computer takes an away seat over real SSH: bob opens a D6 Dungeon table and leaves,
alice (at the other seat) hands his seat to the computer in the lobby, and the server plays
his turn while she watches it on her screen."""

from __future__ import annotations

import re

from tests.ssh.conftest import wait_for


def test_an_away_seat_handed_to_the_computer_is_played_by_the_server(shared_server, tmux):
    s = shared_server
    alice, bob = s.key("alice"), s.key("bob")
    tb = tmux(s.ssh_args(bob, "-tt"), 110, 32)
    tb.wait_text("Recent saves")
    tb.keys("T")
    tb.wait_text("Toy Dice")  # the lobby's game list (keys are read in order after it)
    tb.keys("Tab")
    tb.keys("Home")
    tb.keys("Down")  # D6 Dungeon, the second game
    tb.keys("n")
    tb.wait_text("New game of D6 Dungeon")
    tb.keys("C-s")
    screen = tb.wait_text("Ana (seat 1)")
    code = re.search(r"table (\w{4}), Ana", screen).group(1)

    ta = tmux(s.ssh_args(alice, "-tt"), 110, 32)
    ta.wait_text("Recent saves")
    ta.keys("T")
    ta.wait_text(f"{code}  D6 Dungeon")
    ta.keys("j")
    ta.wait_text("The table's code")
    ta.keys("-l", code)
    ta.keys("Enter")
    ta.wait_text(f"table {code}, Ben (seat 2)")
    tb.kill()  # bob's connection drops; his seat is kept
    assert wait_for(lambda: "name=bob address=127.0.0.1 reason=client left" in s.log(), 10)

    ta.keys("Escape")  # back to the lobby
    ta.wait_text("Ana: bob (away)")
    # the highlight to bob's table, the newest (the list is oldest first, and the run's
    # server lists the tables of other tests too)
    ta.keys("End")
    ta.keys("c")
    ta.wait_text("The computer plays Ana at table")
    assert wait_for(lambda: f"computer plays code={code} seat=0 by=alice" in s.log(), 5)
    ta.keys("j")
    ta.wait_text("The table's code")
    ta.keys("-l", code)
    ta.keys("Enter")
    # the server plays Ana's first turn; alice's screen follows it to her own
    assert ta.wait_until(lambda now: "Ben's turn 2" in now, 30), s.log()
    screen = ta.screen()
    assert f"table {code}, Ben (seat 2)" in screen
