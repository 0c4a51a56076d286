"""A seat at a shared table as the game screens use a Session (d6tui.server.seat_session):
its state is the seat's view, its moves are the seat's, a move goes to the table and comes
back drawn, and what reaches a terminal holds nothing another seat may not see."""

from __future__ import annotations

import pickle

import pytest

from d6tui.engine.errors import RuleError
from d6tui.engine.registry import load_rules
from d6tui.server.seat_frame import EVENT_KEYS, TYPED_MARK, frame_of
from d6tui.server.table import TableError
from d6tui.server.tables import Tables


def _dungeon(service, seed=5):
    table = service.do(lambda: service.service.tables.open(
        load_rules("dungeon"), {"players": ["Ann", "Bob"], "seed": seed}, "ann"))
    service.do(lambda: table.join("bob"))
    return table


def _place_a_die(service, table):
    """Play the table (from the server's side) until a die is placed; the hole's index."""
    for _ in range(60):
        seat = table.session.state.turn
        name = ("ann", "bob")[seat]
        moves = {m.id: m for m in table.moves(name)}
        pick = next(m for m in ("place", "draw", "roll", "collect", "keep", "give_back",
                                "end_turn") if m in moves)
        answers = {c.name: c.options[0][0] for c in moves[pick].choices}
        service.do(lambda n=name, p=pick, a=answers: table.play(n, p, a))
        if pick == "place":
            return next(i for i, h in enumerate(table.session.state.holes) if h is not None)
    raise AssertionError("no die was placed")


def test_a_seat_sees_its_view_and_moves_only(service):
    table = _dungeon(service)
    ann, bob = service.seat("ann", table.code), service.seat("bob", table.code)
    assert ann.seat == 0 and bob.seat == 1
    assert [m.id for m in ann.moves()] == ["draw"] and bob.moves() == [] and ann.moves(1) == []
    assert "seed" not in ann.header.options  # the seed would tell the coming dice
    ann.play(ann.moves()[0])  # draw: the answer comes back with the new state
    assert ann.state.phase == "roll" and ann.can_undo and not bob.can_undo
    assert bob.state.phase == "draw"  # until told
    assert bob.refresh() == 1 and bob.state.phase == "roll"
    with pytest.raises(RuleError, match="undo only your own latest move"):
        bob.undo()
    ann.undo()
    assert ann.state.phase == "draw" and ann.can_redo
    with pytest.raises(RuleError, match="only the game's listed moves"):
        ann.do(lambda state: {"type": "die_drawn"})


def test_the_far_side_of_the_waffle_never_reaches_the_other_seat(service):
    table = _dungeon(service)
    hole = _place_a_die(service, table)
    placer = table.session.state.turn  # the placer is still on turn
    other = ("ann", "bob")[1 - placer]
    full = table.session.state.holes[hole]
    assert full.faces[placer] is not None
    seen = service.seat(other, table.code)
    assert seen.state.holes[hole].faces[placer] is None
    assert seen.state.holes[hole].turns[placer] is None
    watcher = service.do(lambda: (table.watch("zed"), frame_of(table, "zed"))[1])
    assert watcher.view.holes[hole].faces == (None, None)
    placed = seen.events[-1]
    assert placed["type"] == "die_placed" and "face" not in placed and "turns" not in placed
    assert set(placed) <= {*EVENT_KEYS, "table_seat"}
    assert "placed the die in" in seen.text_of(len(seen.events) - 1)


def test_typed_dice_are_marked_in_every_seats_log(service):
    table = _dungeon(service)
    ann, bob = service.seat("ann", table.code), service.seat("bob", table.code)
    ann.set_table_dice(everyone=True)
    assert ann.table_all and bob.refresh() == 1 and not bob.table_all
    ann.play(ann.moves()[0], typed={"bag": "red"})
    bob.refresh()
    assert bob.events[-1]["draw"] == {"dice": "draw bag", "source": "table"}
    assert bob.text_of(len(bob.events) - 1).endswith(TYPED_MARK)
    with pytest.raises(RuleError, match="'purple' is not a face of the red die"):
        ann.play(ann.moves()[0], typed={"roll": "purple"})


def test_shooter_hands_stay_in_their_seats(service):
    tables = service.service.tables
    table = service.do(lambda: tables.open(load_rules("shooter"),
                                           {"players": ["Ann", "Bob"], "seed": 2}, "ann"))
    service.do(lambda: table.join("bob"))
    state = table.session.state
    import dataclasses

    # Give Bob a hand as the game would (a reward card), then look from Ann's seat.
    hand = state.store_up[:1]
    players = list(state.players)
    players[1] = dataclasses.replace(players[1], hand=hand)
    table.session.state = dataclasses.replace(state, players=tuple(players))
    ann = service.seat("ann", table.code)
    assert ann.state.players[1].hand == () and ann.state.players[1].hidden == 1
    bob = service.seat("bob", table.code)
    assert bob.state.players[1].hand == hand
    frame = service.do(lambda: frame_of(table, "ann"))
    assert pickle.dumps(frame.view) == pickle.dumps(ann.state)


def test_a_typed_roll_is_marked_once_where_the_games_words_say_so_already():
    from d6tui.engine.registry import load_rules

    table = Tables(None).open(load_rules("shooter"), {"players": ["ann", "ben"], "seed": 3},
                              "ann")
    table.play("ann", "draw")
    table.set_table_dice("ann", True)
    table.play("ann", "roll", typed={"roll": "heart heart heart heart heart heart"})
    text = frame_of(table, "ben").lines[-1].text
    assert text.count("table dice") == 1 and TYPED_MARK not in text, text


def test_a_seat_writes_notes_at_the_table_and_a_spectator_reads_them(service):
    table = _dungeon(service)
    service.do(lambda: table.watch("zed"))
    ann, bob = service.seat("ann", table.code), service.seat("bob", table.code)
    zed = service.seat("zed", table.code)
    at = ann.where()
    assert at == table.session.where()
    ann.write_note("Bob hoards the red dice", at=at)
    assert [n.text for n in ann.notes()] == ["Bob hoards the red dice"]
    assert bob.refresh() == 1 and [n.text for n in bob.notes()] == ["Bob hoards the red dice"]
    with pytest.raises(RuleError, match="you are watching"):
        zed.write_note("a spectator's words")
    with pytest.raises(TableError, match="you are watching"):  # the table refuses it too
        service.do(lambda: table.write_note("zed", "a spectator's words"))
    assert ann.can_undo and not bob.can_undo  # the note is ann's latest move
    ann.undo()
    assert ann.notes() == () and table.session.notes() == ()
