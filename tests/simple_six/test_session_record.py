"""The session record (:mod:`d6tui.games.simple_six.session_record`): one session or a chosen
stretch, a summary first, no bookkeeping lines, dice in words, and a players' version with
no NPC statistics (``view(state, seat)``)."""

from __future__ import annotations

import pytest

from d6tui.engine.errors import RuleError
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six import clock
from d6tui.games.simple_six.session_record import (
    faces_in_words,
    seq_part,
    session_part,
    session_record,
)
from tests.simple_six.test_campaign import party

_INIT = {"sir-baelen": ([3, 3], [2]), "mira": ([6, 6, 6], [5]), "melkot": ([2], [2]),
         "orc": ([1], [1])}


def _two_sessions():  # noqa: ANN202
    s = party()
    s.do(c.start_session)
    s.do(c.roll_check, "mira", "Search", dice=s.dice)
    s.do(c.end_session, {"mira": 3})
    s.do(c.start_session)
    s.set_table_dice(everyone=True)  # bookkeeping: left out of the record
    s.set_table_dice([])
    s.do(c.start_combat, ["mira", "orc", "melkot"])
    s.do(c.start_round, typed=_INIT)
    s.do(c.attack, "mira", "orc", skill="Bow", weapon="Bow", range_="short", hero_points=1,
         typed={"attack": ([6, 6, 6, 6, 6], [6, 4]), "damage": ([6, 6, 6], [4])})
    s.do(c.pass_turn)
    s.do(c.end_combat)
    s.do(clock.pass_time, "2 h", dice=s.dice)
    s.do(c.end_session, {"mira": 5, "melkot": 4})
    return s


def test_the_record_covers_one_session_with_a_summary_first() -> None:
    s = _two_sessions()
    md = session_record(s)  # the latest session
    head, body = md.split("## What happened", 1)
    assert head.startswith(f"# {s.title}: Session 2\n")
    assert "**Played:** 20" in head  # the session's date
    assert "**Who was there:** Mira, Melkot" in head and "**Met:** Orc" in head
    assert "**Fights:** 1. Mira, Orc, Melkot (1 round)" in head
    assert "**CP awarded:** Mira 5 CP, Melkot 4 CP" in head
    assert "**Time that passed:** 2 hours 1 round" in head
    assert "rolled Search" not in md  # session 1's check is not in session 2's record
    assert "finished acting" not in body  # bookkeeping left out
    assert "+6h" not in body and "w6+4" not in body  # no shorthand
    assert "wild die 6+4 (a 6 rolled again)" in body and "+6 for 1 hero point" in body
    assert "2 hours passed" in body and "Orc died: Might" in body
    assert "Orc's Might: " in body  # the clock's rolls, every die
    assert "### Fight 1" in body and "#### Round 1" in body
    party_now = md.split("## The party at the end", 1)[1]
    assert "### Mira" in party_now and "**Wounds:** Unharmed" in party_now
    assert "bare hands (" in party_now
    first = session_record(s, session_part(s, 1))
    assert "rolled Search" in first and "Fight" not in first.split("## What happened")[1]


def test_the_players_version_has_no_npc_statistics() -> None:
    s = _two_sessions()
    gm = session_record(s)
    players = session_record(s, seat=1)
    orc = s.state.member("orc")
    tn = next(e["tn"] for e in s.events if e["type"] == "attacked")
    assert f"vs {tn}" in gm and f"vs {tn}" not in players
    assert "(players' record)" in players.splitlines()[0]
    assert "### Orc" in gm and "### Orc" not in players  # the NPC's sheet is the GM's
    assert f"- Orc: {orc.wounds.level.label}" in players  # his wounds are seen
    assert "Axe" not in players.split("## Those met")[1]
    assert "Orc's Might: " not in players  # an NPC's dice are the GM's


def test_a_chosen_range_and_clear_refusals() -> None:
    s = _two_sessions()
    attack = next(e["seq"] for e in s.events if e["type"] == "attacked")
    md = session_record(s, seq_part(attack, attack))
    assert md.startswith(f"# {s.title}: Events {attack}-{attack}")
    assert md.count("Mira attacked Orc") == 1 and "2 hours passed" not in md
    with pytest.raises(RuleError, match="there is no session 9"):
        session_part(s, 9)
    with pytest.raises(RuleError, match="runs from one seq up to a later one"):
        seq_part(5, 2)
    with pytest.raises(RuleError, match="no session has been played yet"):
        session_part(party())


def test_dice_in_words() -> None:
    roll = {"faces": [6, 2], "wild": [6, 6, 3], "cp_wild": [[5]], "pips": 2, "hero": 12,
            "dropped": [1], "doubled_by": ["Lucky"]}
    assert faces_in_words(roll) == ("6, 2, wild die 6+6+3 (6s rolled again), a character"
                                    " point's wild die 5, +2 pips, +12 for 2 hero points,"
                                    " dropped 1, doubled by Lucky")


def test_a_newcomer_is_in_the_fight_list_and_npc_dice_stay_the_gms() -> None:
    from d6tui.games.simple_six import fight_roster as fr

    s = party()
    s.do(c.start_session)
    s.do(c.start_combat, ["mira", "melkot"])
    s.do(c.start_round, typed={"mira": ([6, 6, 6], [5]), "melkot": ([2], [2])})
    s.do(fr.join_fight, "orc", typed=([2], [3]))  # the Orc joins at initiative 6
    s.do(c.pass_turn)
    s.do(c.end_combat)
    s.do(c.end_session, {"mira": 1})
    gm, players = session_record(s), session_record(s, seat=1)
    assert "**Fights:** 1. Mira, Melkot, Orc (1 round)" in gm
    assert "Orc joined the fight, initiative 6" in gm
    assert "Orc joined the fight" in players and "initiative 6" not in players


def test_the_players_version_tells_an_npcs_death_without_his_might() -> None:
    s = _two_sessions()
    gm, players = session_record(s), session_record(s, seat=1)
    assert "Orc died: Might" in gm
    assert "Orc died" in players and "Orc died: Might" not in players
