"""Hypothesis: whatever legal moves are made at a shared table, for every game, a seat's
view (and the frame its terminal is sent) never holds another seat's secret, and a view of
a view is the same view (the games' screens apply ``view`` again to what a table sends).

The secrets, per game: D6 Shooter and the D6 board game, another player's hand (and the
board game's face-down decks); D6 Dungeon, the faces and turns facing the other player and
their Look; Simple Six, an NPC's statistics for anyone but the GM; 6x6 Tales is solo (its one
seat sees everything, a spectator too: nothing of it is secret).
"""

from __future__ import annotations

import pickle
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from d6tui.engine.errors import D6Error
from d6tui.engine.registry import load_rules
from d6tui.server.seat_frame import EVENT_KEYS, frame_of, hides_nothing
from d6tui.server.table import TABLE_SEAT
from d6tui.server.tables import Tables

#: Each game's options for a table of two or three.
OPTIONS: dict[str, dict] = {
    "dungeon": {"players": ["Ann", "Bob"]},
    "shooter": {"players": ["Ann", "Bob", "Cy"]},
    "d6_board": {"players": ["Ann", "Bob"]},
    "simple_six": {},
    "tales": {"race": "human"},
}


def _shooter(state: Any, view: Any, seat: int | None) -> list[str]:
    if state.over:
        return []
    return [f"{p.name}'s hand" for i, (p, v) in enumerate(zip(state.players, view.players,
                                                            strict=True))
            if i != seat and (v.hand or v.hidden != len(p.hand))]


def _dungeon(state: Any, view: Any, seat: int | None) -> list[str]:
    if state.over or not state.players:
        return []
    out = []
    for other in (0, 1):
        if other == seat:
            continue
        for i, h in enumerate(view.holes):
            if h is not None and (h.faces[other] is not None or h.turns[other] is not None):
                out.append(f"hole {i} facing seat {other}")
        if view.looks[other] is not None:
            out.append(f"seat {other}'s Look")
    return out


def _board(state: Any, view: Any, seat: int | None) -> list[str]:
    from d6tui.games.d6_board.view import HIDDEN

    out = [f"{h.name}'s hand" for i, h in enumerate(view.heroes)
           if i != seat and any(c != HIDDEN for c in h.hand)]
    out += [f"deck {k}" for k, v in view.piles.items() if any(c != HIDDEN for c in v)]
    return out


def _simple_six(state: Any, view: Any, seat: int | None) -> list[str]:
    if seat == 0:
        return []
    return [f"{m.sheet.name}'s statistics" for m in view.members
            if m.sheet.npc and (m.sheet.attributes or m.sheet.skills or m.tools or m.items)]


def _tales(state: Any, view: Any, seat: int | None) -> list[str]:
    return [] if view == state else ["a solo game's view hides nothing"]


SECRETS: dict[str, Callable[[Any, Any, int | None], list[str]]] = {
    "shooter": _shooter, "dungeon": _dungeon, "d6_board": _board,
    "simple_six": _simple_six, "tales": _tales,
}


def _check(table: Any, slug: str, names: list[str], since: int = 0) -> None:
    rules = table.rules
    state = table.session.state
    for name in [*names, "zed"]:  # zed watches
        seat = table.seat_of(name)
        view = rules.view(state, seat)
        leaked = SECRETS[slug](state, view, seat)
        assert not leaked, f"{slug}: seat {seat} sees {leaked}"
        assert rules.view(view, seat) == view, f"{slug}: a view of a view differs"
        frame = frame_of(table, name, since)
        assert pickle.dumps(frame.view) == pickle.dumps(view)
        assert "seed" not in frame.options
        for i, line in enumerate(frame.lines, start=frame.start):
            if hides_nothing(rules):  # the default view (6x6 Tales): the events whole
                assert line.event == table.session.events[i]
                continue
            for k, v in line.event.items():  # only the listed keys, and rolls cut down
                assert k in {*EVENT_KEYS, TABLE_SEAT} or (
                    isinstance(v, dict) and set(v) == {"dice", "source"}), line.event


def _play(slug: str, data: st.DataObject, steps: int) -> None:
    rules = load_rules(slug)
    table = Tables(None).open(rules, {**OPTIONS[slug], "seed": data.draw(st.integers(0, 999))},
                              "p0")
    names = [f"p{i}" for i in range(len(table.seat_names()))]
    for name in names[1:]:
        table.join(name)
    table.watch("zed")
    _check(table, slug, names)
    for _ in range(steps):
        movers = [(n, m) for n in names for m in table.moves(n) if m.id not in ("undo", "redo")]
        undo = [(n, m) for n in names for m in table.moves(n) if m.id == "undo"]
        if undo and data.draw(st.integers(0, 9)) == 0:
            movers = undo
        if not movers:
            break
        name, move = movers[data.draw(st.integers(0, len(movers) - 1))]
        answers = {}
        for c in move.choices:
            if not c.options:
                continue
            if c.max == 1:
                answers[c.name] = c.options[data.draw(st.integers(0, len(c.options) - 1))][0]
            else:
                k = data.draw(st.integers(c.min, min(c.max, len(c.options))))
                answers[c.name] = [v for v, _ in c.options[:k]]
        try:
            table.play(name, move.id, answers)
        except D6Error:
            continue  # the rules refused this pick: nothing was recorded
        _check(table, slug, names, since=max(0, len(table.session.events) - 3))
    _check(table, slug, names)


_SETTINGS = settings(max_examples=8, deadline=None,
                     suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@_SETTINGS
@given(st.data())
def test_d6_dungeon_views_hold_no_far_side(data):
    _play("dungeon", data, 40)


@_SETTINGS
@given(st.data())
def test_shooter_views_hold_no_other_hand(data):
    _play("shooter", data, 30)


@_SETTINGS
@given(st.data())
def test_board_game_views_hold_no_other_hand_or_deck(data):
    _play("d6_board", data, 25)


@_SETTINGS
@given(st.data())
def test_simple_six_views_hold_no_npc_statistics_for_players(data):
    _play("simple_six", data, 15)


@_SETTINGS
@given(st.data())
def test_tales_is_solo_and_hides_nothing(data):
    _play("tales", data, 15)
