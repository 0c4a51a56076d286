"""The shared table model: seats bound to names, spectators, moves checked against the seat,
change notification and each seat's own view (d6tui.server.table)."""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from d6tui.server.table import TableError
from d6tui.server.tables import Tables
from tests.fixtures.games.toy_dice.rules import RULES as TOY


def _hidden_view(state, seat):
    """A view that hides every other seat's banked points (to test per-seat views)."""
    banked = tuple(b if i == seat else None for i, b in enumerate(state.banked))
    return dataclasses.replace(state, banked=banked)


RULES = dataclasses.replace(TOY, view=_hidden_view)


@pytest.fixture
def tables():
    codes = (f"T{n:03d}" for n in itertools.count(1))
    return Tables(None, make_code=lambda: next(codes))


def _open(tables, players=("Ann", "Bob", "Cy")):
    return tables.open(RULES, {"players": list(players), "target": 20, "seed": 7}, "ann")


def test_the_host_sits_first_and_others_take_free_seats(tables):
    t = _open(tables)
    assert t.code == "T001" and t.seat_of("ann") == 0
    assert t.join("bob") == 1
    assert t.join("cy", seat=2) == 2
    with pytest.raises(TableError, match="every seat at table T001 is taken; you may watch"):
        t.join("dee")
    assert t.free_seats() == []


def test_a_seat_is_bound_to_its_name(tables):
    t = _open(tables)
    with pytest.raises(TableError, match=r"seat 1 \(Ann\) is ann's"):
        t.join("bob", seat=0)
    with pytest.raises(TableError, match="has no seat 9"):
        t.join("bob", seat=8)


def test_reconnecting_takes_your_seat_back(tables):
    t = _open(tables)
    t.join("bob")
    t.disconnect("bob")
    assert "bob" not in t.present and t.seat_of("bob") == 1
    assert t.join("bob") == 1 and "bob" in t.present
    with pytest.raises(TableError, match=r"you hold seat 2 \(Bob\)"):
        t.join("bob", seat=2)


def test_leaving_frees_the_seat(tables):
    t = _open(tables)
    t.join("bob")
    t.leave("bob")
    assert t.seat_of("bob") is None and t.free_seats() == [1, 2]


def test_a_move_is_checked_against_the_seat_that_sends_it(tables):
    t = _open(tables)
    t.join("bob")
    t.watch("zed")
    assert [m.id for m in t.moves("ann")] == ["roll"]  # Ann's turn
    assert t.moves("bob") == [] and t.moves("zed") == []
    with pytest.raises(TableError, match="'roll' is not a move of seat 2 \\(Bob\\) now; "
                                         "yours are: none"):
        t.play("bob", "roll")
    with pytest.raises(TableError, match="no seat at table T001; you are watching"):
        t.play("zed", "roll")
    event = t.play("ann", "roll", typed={"roll": "4"})
    assert event["type"] == "rolled" and event["by"] == "Ann"
    assert t.session.state.pot == 4


def test_a_seat_undoes_only_its_own_latest_move(tables):
    t = _open(tables)
    t.join("bob")
    assert "undo" not in [m.id for m in t.moves("ann")]  # nothing of Ann's yet
    t.play("ann", "roll", typed={"roll": "4"})
    assert "undo" in [m.id for m in t.moves("ann")]
    assert t.session.events[-1]["table_seat"] == 0
    with pytest.raises(TableError, match="at a table you may undo only your own latest move"):
        t.play("bob", "undo")
    t.play("ann", "roll", typed={"roll": "3"})
    t.play("ann", "undo")
    t.play("ann", "undo")  # still Ann's own, one by one
    assert t.session.state.pot == 0 and "undo" not in [m.id for m in t.moves("ann")]
    t.play("ann", "redo")
    assert t.session.state.pot == 4  # the same dice
    with pytest.raises(TableError, match="redo only your own"):
        t.play("bob", "redo")
    t.play("ann", "hold")  # Bob's turn now
    t.play("bob", "roll", typed={"roll": "5"})
    with pytest.raises(TableError, match="undo only your own latest move"):
        t.play("ann", "undo")  # Bob has moved since
    assert [m.id for m in t.moves("bob")][-1] == "undo"


def test_a_seat_types_its_own_dice_and_they_are_checked_again(tables):
    t = _open(tables)
    t.join("bob")
    t.watch("zed")
    assert t.set_table_dice("bob", True)["seats"] == [1]
    assert t.set_table_dice("bob", True) is None  # already so
    assert t.session.table_seats == {1}
    with pytest.raises(TableError, match="you are watching"):
        t.set_table_dice("zed", True)
    from d6tui.engine.errors import DiceError

    with pytest.raises(DiceError):  # a ready-made roll claiming a 9 is parsed again
        t.play("ann", "roll", typed={"roll": {"dice": "1d6", "faces": [9], "source": "app"}})
    event = t.play("ann", "roll", typed={"roll": {"dice": "1d6", "faces": [5],
                                                  "source": "app"}})
    assert event["roll"] == {"dice": "1d6", "faces": [5], "source": "table"}


def test_everyone_at_the_table_is_told_of_a_change(tables):
    t = _open(tables)
    t.join("bob")
    seen: list[tuple[str, int]] = []
    stop_ann = t.subscribe(lambda table: seen.append(("ann", table.session.state.pot)))
    t.subscribe(lambda table: seen.append(("bob", table.session.state.pot)))
    t.play("ann", "roll", typed={"roll": "5"})
    assert seen == [("ann", 5), ("bob", 5)]
    stop_ann()
    t.play("ann", "hold")
    assert seen[2:] == [("bob", 0)]


def test_a_failing_listener_is_dropped_and_the_others_still_hear(tables):
    t = _open(tables)
    heard = []

    def broken(table):
        raise RuntimeError("terminal gone")

    t.subscribe(broken)
    t.subscribe(lambda table: heard.append(1))
    t.play("ann", "roll", typed={"roll": "3"})
    t.play("ann", "roll", typed={"roll": "3"})
    assert heard == [1, 1]


def test_each_seat_sees_its_own_view_and_a_spectator_sees_what_all_may(tables):
    t = _open(tables)
    t.join("bob")
    t.watch("zed")
    t.play("ann", "roll", typed={"roll": "6"})
    t.play("ann", "hold")
    assert t.view("ann").banked == (6, None, None)
    assert t.view("bob").banked == (None, 0, None)
    assert t.view("zed").banked == (None, None, None)
    assert t.view("stranger").banked == (None, None, None)


def test_tables_by_code_and_by_player(tables):
    a = _open(tables)
    b = _open(tables)
    b.join("bob")
    assert tables.get(" t001 ") is a
    with pytest.raises(TableError, match="there is no open table XYZ"):
        tables.get("xyz")
    assert tables.of("bob") == [b] and tables.of("ann") == [a, b]
    tables.close("T001")
    assert tables.listing() == [b]


def test_a_table_saves_its_log(tmp_path):
    tables = Tables(tmp_path / "tables")
    t = tables.open(RULES, {"players": ["Ann", "Bob"], "target": 20, "seed": 1}, "ann",
                    title="Friday")
    assert len(t.code) == 4 and set(t.code) <= set("ABCDEFGHJKMNPQRSTUVWXYZ23456789")
    t.play("ann", "roll", typed={"roll": "2"})
    t.close()
    from d6tui.engine.session import Session

    again = Session.load(tmp_path / "tables" / "friday.toml", rules=RULES)
    assert again.state.pot == 2
    again.close()



def test_tables_are_reopened_after_a_restart_with_their_seats(tmp_path, monkeypatch):
    folder = tmp_path / "tables"
    first = Tables(folder)
    t = first.open(RULES, {"players": ["Ann", "Bob", "Cy"], "target": 20, "seed": 1}, "ann",
                   title="Friday")
    t.join("bob")
    t.play("ann", "roll", typed={"roll": "4"})
    gone = first.open(RULES, {"players": ["Ann", "Bob"], "target": 20, "seed": 1}, "ann")
    first.close(gone.code)
    t.close()  # the server stops

    monkeypatch.setattr("d6tui.engine.session.load_rules", lambda slug: RULES)
    again = Tables(folder)
    assert again.reopen() == 1
    back = again.get(t.code)
    assert back.holders == {0: "ann", 1: "bob"} and back.present == set()
    assert back.session.state.pot == 4 and back.host == "ann"
    assert back.join("bob") == 1  # bob's key takes his seat back
    assert "undo" in [m.id for m in back.moves("ann")]  # the seat is in the saved event
    back.close()


def test_a_damaged_save_is_left_out_of_the_reopened_tables(tmp_path):
    folder = tmp_path / "tables"
    first = Tables(folder)
    t = first.open(RULES, {"players": ["Ann", "Bob"], "target": 20, "seed": 1}, "ann")
    t.close()
    t.session.log.path.write_text("not a save")
    assert Tables(folder).reopen() == 0


def test_a_seat_named_after_a_player_is_theirs_whoever_sits_first():
    codes = (f"T{n:03d}" for n in itertools.count(1))
    tables = Tables(None, make_code=lambda: next(codes), players=lambda: {"ann", "bob", "cy",
                                                                          "dee"})
    t = tables.open(RULES, {"players": ["ann", "Bob", "cy", "Gandalf"], "target": 20,
                            "seed": 7}, "ann")
    assert t.seat_of("ann") == 0
    assert t.join("cy") == 2  # cy first: cy's own seat, not bob's
    assert t.kept_for(1) == "bob" and t.kept_for(3) is None
    assert t.join("dee") == 3  # no seat of her own: the free seat kept for nobody
    with pytest.raises(TableError, match=r"seat 2 \(Bob\) is kept for bob"):
        t.join("eve", seat=1)
    with pytest.raises(TableError, match="the free seats at table T001 are kept for bob; "
                                         "you may watch"):
        t.join("eve")
    assert t.join("bob") == 1
