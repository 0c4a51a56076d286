"""Simple Six at a shared table: the log lines a player's seat or a spectator reads tell
outcomes only where an NPC is concerned, never the NPC's TN, Soak or its own roll totals
(``describe_for``; issue 12). Checked over every event of the example save, and through
the frame the server sends a seat."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from d6tui.engine.session import Session
from d6tui.server.seat_frame import frame_of
from d6tui.server.table import Table

EXAMPLE = Path(__file__).resolve().parents[2] / "saves" / "simple-six-example.toml"


@pytest.fixture(scope="module")
def session():
    return Session.load(EXAMPLE, seat_words=True)



def _secrets(event, npcs):
    """The numbers of ``event`` only the GM may read, as the GM's line writes them."""
    out = []
    target, attacker = event.get("target"), event.get("attacker", event.get("who"))
    if target in npcs:
        for k in ("tn", "resistance"):
            if isinstance(event.get(k), int):
                out.append(event[k])
    if attacker in npcs:
        for k in ("attack", "roll", "damage"):
            v = event.get(k)
            if isinstance(v, dict) and isinstance(v.get("total"), int):
                out.append(v["total"])
    return out


def test_no_player_or_spectator_line_tells_an_npcs_numbers(session):
    npcs = {m.id for m in session.state.members if m.sheet.npc}
    assert npcs
    checked = 0
    for i, ev in enumerate(session.events):
        secrets = _secrets(ev, npcs)
        if not secrets:
            continue
        gm = session.text_for(i, 0)
        assert gm == session.text_of(i)  # the GM reads every number
        assert any(re.search(rf"\b{n}\b", gm) for n in secrets)
        for seat in (1, 2, None):
            line = session.text_for(i, seat)
            for n in secrets:
                assert not re.search(rf"(vs|against|TN|Soak|Stamina) {n}\b", line), (seat, line)
            assert ("a hit" in line) == bool(ev.get("hit")) or ev["type"] != "attacked"
        checked += 1
    assert checked >= 10


def test_the_frame_a_player_seat_gets_holds_the_players_words(session):
    table = Table("ABCD", session, "gm")
    table.join("gm")
    table.join("tam")
    gm, player = frame_of(table, "gm"), frame_of(table, "tam")
    i = next(i for i, ev in enumerate(session.events)
             if ev["type"] == "attacked" and ev["target"] == "bandit-1")
    assert "vs 11, hit for 29 against 9" in gm.lines[i].text
    assert player.lines[i].text == "Tam attacked Bandit 1 with Bow: 29, a hit -> Dead"


def test_typed_initiative_rolls_are_marked_in_every_seats_log(tmp_path):
    """A round's initiative rolls sit in a list: typed ones are marked all the same."""
    from d6tui.server.seat_frame import TYPED_MARK

    text = EXAMPLE.read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if x.startswith("initiative = ["))
    typed = tmp_path / "typed.toml"
    typed.write_text(text.replace(line, line.replace('source = "app"', 'source = "table"')),
                     encoding="utf-8")
    table = Table("ABCD", Session.load(typed, seat_words=True), "gm")
    table.join("gm")
    table.join("tam")
    for name in ("gm", "tam", "cy"):
        lines = frame_of(table, name).lines
        rounds = [x.text for x in lines if x.event["type"] == "round_started"]
        # marked once: by the game's own words ("(table dice)") or else by the table's mark
        marks = ("(table dice)", TYPED_MARK.strip())
        assert rounds[0].startswith("round 1: initiative") and rounds[0].endswith(marks)
        assert sum(rounds[0].count(m) for m in marks) == 1, rounds[0]
        assert not any(r.endswith(marks) for r in rounds[1:])


def test_each_seats_words_are_kept_only_for_a_table(session):
    """Loading a save at one keyboard does not make every seat's words (a table's log needs
    them; one keyboard reads the log's line), and a table refuses a session without them."""
    plain = Session.load(EXAMPLE)
    seats = range(len(plain.rules.seats(plain.state)))
    assert all(plain.text_for(i, s) == plain.text_of(i)
               for i in range(len(plain.events)) for s in seats)
    assert any(session.text_for(i, s) != session.text_of(i)
               for i in range(len(session.events)) for s in seats)
    with pytest.raises(ValueError, match="seat_words=True"):
        Table("ABCD", plain, "gm")
