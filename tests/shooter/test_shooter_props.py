"""D6 Shooter property tests: random legal play ends with a Marshal, conserves the cards, and
replays the same after saving and loading (DESIGN "Tests")."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path
from unittest.mock import patch

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from d6tui.engine.errors import RuleError
from d6tui.engine.session import Session
from d6tui.games.shooter.actions import Action, legal_actions
from d6tui.games.shooter.state import Phase, ShooterState, all_cards

#: No random game should need more events than this.
STEP_BOUND = 6000


def _random_answers(action: Action, rng: random.Random) -> dict:
    out: dict = {}
    for c in action.choices:
        k = rng.randint(c.min, c.max)
        if k == 0:
            continue
        pick = rng.sample(list(c.options), k)
        out[c.param] = pick[0] if c.max == 1 else pick
    return out


def _valid_answers(action: Action) -> dict:
    """Answers that are always legal for a listed action (every payer, every jailed card)."""
    out: dict = {}
    for c in action.choices:
        if c.max == 1:
            out[c.param] = c.options[0]
        elif action.name == "play_shackles":
            out[c.param] = [c.options[0]]
        else:
            out[c.param] = list(c.options)
    return out


def random_step(session: Session, rng: random.Random) -> str:
    """Make one random legal move (with a bias to cash Rep and to stop hunting)."""
    state: ShooterState = session.state
    acts = legal_actions(state)
    assert acts, f"no legal action in phase {state.phase}"
    names = {a.name: a for a in acts}
    if "cash_rep" in names and rng.random() < 0.9:
        action = names["cash_rep"]
    elif "stop" in names and rng.random() < 0.5:
        action = names["stop"]
    else:
        action = rng.choice(acts)
    answers = _random_answers(action, rng)
    try:
        session.do(action.command, dice=session.dice, **answers)
    except RuleError:
        session.do(action.command, dice=session.dice, **_valid_answers(action))
    return action.name


def random_game(seed: int, path: Path | None = None, *, check=None,
                players: list[str] | None = None, limit: int = STEP_BOUND) -> Session:
    """Play random legal moves until someone is Marshal (or ``limit`` events)."""
    rng = random.Random(seed)
    names = players or ["Ann", "Bob", "Cy", "Dee"][: 2 + seed % 3]
    session = Session.new("shooter", {"players": names, "seed": seed}, path=path)
    while not session.state.over and len(session.events) < limit:
        random_step(session, rng)
        if check is not None:
            check(session.state)
    return session


def _conserved(state: ShooterState) -> None:
    every = all_cards(state)
    assert len(every) == 100 and set(every) == set(state.cards)


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_random_legal_play_ends_with_a_marshal_and_conserves_cards(seed: int) -> None:
    session = random_game(seed, check=_conserved)
    state = session.state
    assert state.over, f"no Marshal after {len(session.events)} events"
    assert state.phase == Phase.OVER
    assert state.players[state.winner].rank == 3
    assert sum(p.rank == 3 for p in state.players) == 1
    assert legal_actions(state) == []
    for p in state.players:
        assert len(p.hand) <= 2


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=10**6), st.integers(min_value=5, max_value=400))
def test_save_then_load_gives_the_same_state(seed: int, steps: int) -> None:
    """What is written is what loads; fsync is skipped (every byte is still written: the
    disk's part is tests/reliability's, test_full_disk and test_kill)."""
    with tempfile.TemporaryDirectory() as d, patch("os.fsync", lambda fd: None):
        path = Path(d) / "game.toml"
        session = random_game(seed, path, limit=steps)
        session.close()
        loaded = Session.load(path)
        assert loaded.state == session.state
        assert [e["type"] for e in loaded.events] == [e["type"] for e in session.events]


@settings(max_examples=10, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_undo_then_redo_returns_to_the_same_state(seed: int) -> None:
    session = random_game(seed, limit=60)
    assert session.can_undo  # a random game always has a move past its first event
    before = session.state
    session.undo()
    session.redo()
    assert session.state == before


def _no_tuples_or_none(value: object) -> None:
    assert value is not None
    assert not isinstance(value, tuple), "events must hold lists, not tuples"
    if isinstance(value, dict):
        for v in value.values():
            _no_tuples_or_none(v)
    elif isinstance(value, list):
        for v in value:
            _no_tuples_or_none(v)


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=10**6), st.data())
def test_tampered_events_are_rejected_by_fold(seed: int, data) -> None:
    from d6tui.engine.errors import EventError
    from d6tui.games.shooter.fold import fold

    session = random_game(seed, limit=200)
    events = session.events
    for ev in events:
        _no_tuples_or_none({k: v for k, v in ev.items() if k != "at"})
    k = data.draw(st.integers(min_value=1, max_value=len(events) - 1))
    state = ShooterState()
    for ev in events[:k]:
        state = fold(state, ev)
    ev = events[k]
    others = [p.name for p in state.players if p.name != ev["by"]]
    wrong_player = {**ev, "by": data.draw(st.sampled_from(others))}
    try:
        fold(state, wrong_player)
    except EventError:
        pass
    else:
        raise AssertionError(f"{ev['type']} by the wrong player was accepted")
    for key in ("roll", "opponent_roll"):
        if key in ev:
            faces = list(ev[key]["faces"])
            i = data.draw(st.integers(min_value=0, max_value=len(faces) - 1))
            faces[i] = data.draw(st.sampled_from(["seven", "", "Heart", 3]))
            try:
                fold(state, {**ev, key: {**ev[key], "faces": faces}})
            except EventError:
                pass
            else:
                raise AssertionError("a face off the die was accepted")
            short = {**ev, key: {**ev[key], "faces": ev[key]["faces"] + ["heart"]}}
            try:
                fold(state, short)
            except EventError:
                pass
            else:
                raise AssertionError("a roll with an extra die was accepted")
