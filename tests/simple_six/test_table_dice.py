"""Table dice are the engine's one ``table_dice`` setting, read by side in Simple Six (the
GM's seat types the player characters' dice, all, or none); the campaign's older
``table_dice_set`` event still folds, so old saves reopen the way the table played."""

from __future__ import annotations

from pathlib import Path

import pytest

from d6tui.engine.errors import EventError, RuleError
from d6tui.engine.session import Session
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six import table_dice as td
from d6tui.games.simple_six.roster_edit import remove_character
from d6tui.games.simple_six.rules import describe
from d6tui.games.simple_six.view import seat_of, seats
from tests.simple_six.test_campaign import party

FIXTURES = Path(__file__).parents[1] / "fixtures" / "saves"


def _set(s: Session, new: str) -> dict:
    td.check_change(s.state, s, new)
    seats_, everyone = td.engine_setting(new)
    return s.set_table_dice(seats_, everyone=everyone)


def test_the_setting_is_the_engines_saved_and_replayed(tmp_path: Path) -> None:
    path = tmp_path / "table.toml"
    s = party(path=path)
    assert td.mode(s.state, s) == td.OFF  # a log without the event: d6tui rolls
    ev = _set(s, td.ALL)
    assert ev["type"] == "table_dice" and ev["all"] is True
    assert td.mode(Session.load(path).state, Session.load(path)) == td.ALL
    with pytest.raises(RuleError, match="already on"):
        _set(s, td.ALL)
    _set(s, td.OFF)
    again = Session.load(path)
    assert td.mode(again.state, again) == td.OFF


def test_t_cycles_off_all_players_and_each_side_is_typed_or_not(tmp_path: Path) -> None:
    path = tmp_path / "side.toml"
    s = party(path=path)
    seen = []
    for _ in range(3):  # t: every roll, then the players' only, then off
        new = td.next_mode(s.state, s)
        _set(s, new)
        again = Session.load(path)
        seen.append((td.mode(s.state, s), td.mode(again.state, again),
                     td.typed_for(s.state, s, "mira"), td.typed_for(s.state, s, "orc")))
    assert seen == [(td.ALL, td.ALL, True, True), (td.PLAYERS, td.PLAYERS, True, False),
                    (td.OFF, td.OFF, False, False)]
    ev = _set(s, td.PLAYERS)
    assert ev["seats"] == [0]  # the GM's seat types the players' dice
    with pytest.raises(RuleError, match="already on for the players"):
        _set(s, td.PLAYERS)
    # one player's own seat (say over SSH): only his rolls are typed
    s.set_table_dice([seat_of(s.state, "mira")])
    assert td.typed_for(s.state, s, "Mira") and not td.typed_for(s.state, s, "sir-baelen")
    assert not td.typed_for(s.state, s, "orc")


def test_an_old_table_dice_set_still_folds_and_the_later_setting_decides() -> None:
    s = party()
    with pytest.raises(EventError, match="true or false"):
        c.fold(s.state, {"type": "table_dice_set", "on": "yes"})
    with pytest.raises(EventError):
        c.fold(s.state, {"type": "table_dice_set"})
    ev = {"type": "table_dice_set", "on": True, "players": True, "seq": 7}
    assert "d6tui rolls the NPCs'" in describe(ev)
    old = c.fold(s.state, ev)
    assert td.mode(old, s) == td.PLAYERS and old.table_set_at == 7
    assert td.typed_for(old, s, "mira") and not td.typed_for(old, s, "orc")
    s.set_table_dice([])  # the engine's, later in the log: it decides
    assert s.table_dice_at > 0
    assert td.mode(replace_seq(old, 0), s) == td.OFF


def replace_seq(state, seq: int):  # noqa: ANN001, ANN201
    from dataclasses import replace
    return replace(state, table_set_at=seq)


@pytest.mark.parametrize("name", ["simple-six-v1", "simple-six-v3"])
def test_an_old_save_reopens_with_its_table_dice(name: str) -> None:
    s = Session.load(FIXTURES / f"{name}.toml")
    last = [e for e in s.events if e["type"] == "table_dice_set"][-1]
    want = td.OFF if not last["on"] else td.PLAYERS if last.get("players") else td.ALL
    assert td.mode(s.state, s) == want


def test_seats_stay_with_their_characters_when_one_leaves_the_roster() -> None:
    s = party()
    assert seats(s.state) == ("GM", "Sir Baelen", "Mira", "Melkot")
    mira = seat_of(s.state, "mira")
    melkot = seat_of(s.state, "melkot")
    s.set_table_dice([melkot])
    s.do(remove_character, "sir-baelen")
    assert seat_of(s.state, "mira") == mira and seat_of(s.state, "melkot") == melkot
    assert seats(s.state) == ("GM", "Sir Baelen (left the roster)", "Mira", "Melkot")
    assert td.typed_for(s.state, s, "melkot") and not td.typed_for(s.state, s, "mira")
    assert seat_of(s.state, "orc") is None  # an NPC has no seat
    s.undo()
    assert seats(s.state)[1] == "Sir Baelen"
