"""D6 Shooter's ``to_json`` (``d6tui replay --json``, a seat's frame over SSH): its field-by-field
conversion gives what a generic walk of the state's dataclasses gives, on every state and seat
view of seeded bot games, so a field added to the state cannot be left out of the JSON."""

from __future__ import annotations

import json
from dataclasses import fields, is_dataclass
from enum import Enum
from typing import Any

import pytest

from d6tui.games.shooter.bot import play_game
from d6tui.games.shooter.fold import fold
from d6tui.games.shooter.rules import RULES
from d6tui.games.shooter.state import ShooterState


def _walk(v: Any) -> Any:
    """Every dataclass as a dict of its fields, tuples as lists, enums as their values."""
    if is_dataclass(v) and not isinstance(v, type):
        return {f.name: _walk(getattr(v, f.name)) for f in fields(v)}
    if isinstance(v, dict):
        return {str(k): _walk(x) for k, x in v.items()}
    if isinstance(v, list | tuple):
        return [_walk(x) for x in v]
    if isinstance(v, Enum):
        return v.value
    return v


def _reference(state: ShooterState, cards: object) -> dict:
    """What ``to_json`` gave before it was written field by field (``cards``: the walk of
    ``state.cards``, the same for every state after ``game_started``; walked once a game),
    or what stands in its place (:data:`CARDS`)."""
    out = {f.name: cards if f.name == "cards" else _walk(getattr(state, f.name))
           for f in fields(state)}
    out.pop("winner")
    for p in out["players"]:
        if not p["hidden"]:
            del p["hidden"]
    if state.over:
        out = {"winner": state.winner_name, "winner_seat": state.winner, **out}
    return out


#: What stands for the card table in a reference until its JSON text is put in: the walk of
#: the table is the same in every state of a game, so its text is written once a game and
#: put in its place (``json.dumps`` with its default separators writes a dict as the texts
#: of its values joined, so the whole text is the one ``json.dumps`` would write).
CARDS = "\x00the card table\x00"


@pytest.mark.parametrize(("players", "seed"), [(["Ana", "Ben", "Cy"], 7),
                                               (["Ana", "Ben"], 11),
                                               (["Ana", "Ben", "Cy", "Dee"], 3)])
def test_to_json_is_the_walk_of_the_state(players: list[str], seed: int) -> None:
    session = play_game(players, seed)
    state = ShooterState()
    cards = _walk(fold(state, session.events[0]).cards)
    assert len(cards) > 90
    cards_text, mark = json.dumps(cards), json.dumps(CARDS)
    seen_phases = set()
    for event in session.events:
        state = fold(state, event)
        seen_phases.add(state.phase)
        for seat in (None, *range(len(players))):
            view = RULES.view(state, seat)
            expected = json.dumps(_reference(view, CARDS))
            assert expected.count(mark) == 1
            expected = expected.replace(mark, cards_text)
            assert json.dumps(RULES.to_json(view)) == expected
    assert state.over and len(seen_phases) > 4
