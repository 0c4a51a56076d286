"""Hypothesis: random legal play keeps the rules' invariants, always reaches E17, and a saved
tale loads back to the same state."""

from __future__ import annotations

import random
import tomllib
from dataclasses import dataclass
from pathlib import Path
from unittest.mock import patch

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from d6tui.engine.dice import Dice
from d6tui.engine.errors import EventError
from d6tui.engine.log import event_block
from d6tui.engine.session import Session
from d6tui.games.tales import commands, island, legal, play, services
from d6tui.games.tales.rules import RULES
from d6tui.games.tales.state import RACES, Tale

ROLLERS = (commands.roll, commands.attack, commands.flee, services.gamble, commands.use_item)
MAX_ACTIONS = 6000
#: Event changes the rules allow on a square that already has an event (E11, E20, E28, E30).
REWRITES = {"E07", "E00"}


@dataclass
class Bot:
    """Plays random legal actions, preferring to fight rather than flee or dawdle."""

    rng: random.Random

    def pick(self, state: Tale) -> legal.Action:
        acts = legal.actions(state)
        assert acts, f"no legal action: {play.pending(state)}"
        calm = [a for a in acts if a[0] not in (commands.flee, services.buy, services.sell)
                and not (a[0] is commands.use_scroll and "flee" in a[1])]
        return self.rng.choice(calm if calm and self.rng.random() < 0.8 else acts)


def check_invariants(before: Tale, after: Tale) -> None:
    h = after.hero
    assert h is not None
    assert h.hp <= h.max_hp
    assert h.gold >= 0
    assert after.villages <= 4
    assert sum(1 for s in after.squares if s.village) <= 4
    for i, (old, new) in enumerate(zip(before.squares, after.squares, strict=True)):
        if old.event and new.event and old.event != new.event:
            assert new.event in REWRITES, (island.name(i), old.event, new.event)
        if new.revealed and new.link:
            j = island.neighbour(i, new.link)
            assert j is not None
            assert island.OPPOSITE[new.link] in after.squares[j].exits or \
                after.squares[j].road == "crossroads"


def has_none(value: object) -> bool:
    """Whether a None hides anywhere in an event (TOML has no null)."""
    if value is None:
        return True
    if isinstance(value, dict):
        return any(has_none(v) for v in value.values())
    if isinstance(value, list | tuple):
        return any(has_none(v) for v in value)
    return False


def play_out(session: Session, rng: random.Random, limit: int = MAX_ACTIONS) -> int:
    bot = Bot(rng)
    n = 0
    while not session.state.over and n < limit:
        fn, args, kwargs = bot.pick(session.state)
        if fn in ROLLERS:
            kwargs = dict(kwargs, dice=session.dice)
        before = session.state
        event = session.do(fn, *args, **kwargs)
        assert not has_none(event), event
        check_invariants(before, session.state)
        n += 1
    return n


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), race=st.sampled_from(RACES))
def test_random_tales_keep_the_rules_and_reach_e17(seed: int, race: str) -> None:
    session = Session.new(RULES, {"name": "Bot", "race": race}, dice=Dice(seed))
    play_out(session, random.Random(seed))
    assert session.state.over
    assert session.state.status


@settings(max_examples=8, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), race=st.sampled_from(RACES))
def test_save_then_load_gives_the_same_state(tmp_path: Path, seed: int, race: str) -> None:
    """What is written is what loads; fsync is skipped (every byte is still written: the
    disk's part is tests/reliability's, test_full_disk and test_kill)."""
    path = tmp_path / f"tale-{seed}-{race}.toml"
    with patch("os.fsync", lambda fd: None):
        session = Session.new(RULES, {"name": "Bot", "race": race}, path=path,
                              dice=Dice(seed))
        play_out(session, random.Random(seed), limit=300)
        session.close()
    loaded = Session.load(path, rules=RULES)
    assert loaded.state == session.state
    loaded.close()


def test_undo_refolds_the_same_state() -> None:
    session = Session.new(RULES, {"name": "Bot", "race": "elf"}, dice=Dice(7))
    play_out(session, random.Random(7), limit=40)
    before = session.state
    bot = Bot(random.Random(1))
    fn, args, kwargs = bot.pick(before)
    if fn in ROLLERS:
        kwargs = dict(kwargs, dice=session.dice)
    if not before.over:
        session.do(fn, *args, **kwargs)
        session.undo()
        assert session.state == before


def test_describe_reads_every_event_alone() -> None:
    session = Session.new(RULES, {"name": "Bot", "race": "hobbit"}, dice=Dice(3))
    play_out(session, random.Random(3), limit=200)
    for entry in session.history():
        assert entry.text and "None" not in entry.text


EVENT_TYPES = sorted(RULES.event_types)
VALUES = st.one_of(st.none(), st.integers(-3, 40), st.text(max_size=6), st.booleans(),
                   st.lists(st.integers(-1, 7), max_size=5),
                   st.fixed_dictionaries({"faces": st.lists(st.integers(0, 7), max_size=5)}))


@settings(max_examples=150, deadline=None)
@given(
    event_type=st.sampled_from(EVENT_TYPES),
    fields=st.dictionaries(
        st.sampled_from(["roll", "what", "option", "direction", "stat", "scroll", "item",
                         "purpose", "quest", "gold", "square", "reward", "cookie",
                         "rerolled", "name", "race"]),
        VALUES, max_size=4),
    steps=st.integers(0, 60),
)
def test_fold_refuses_garbage_with_event_errors_only(event_type: str, fields: dict,
                                                     steps: int) -> None:
    """Garbage is refused with an EventError naming the event; garbage that happens to be
    legal keeps the rules' invariants and folds the same once saved and loaded (DESIGN "The
    log": the fold never fails for an event that was valid when written)."""
    session = Session.new(RULES, {"name": "Bot", "race": "human"}, dice=Dice(steps))
    play_out(session, random.Random(steps), limit=steps)
    before = session.state
    event = {"seq": 999, "type": event_type, **{k: v for k, v in fields.items()
                                                 if v is not None}}
    try:
        after = RULES.fold(before, event)
    except EventError as e:
        assert str(e).startswith(f"{event_type}: "), str(e)
        return
    assert isinstance(after, Tale)
    check_invariants(before, after)
    saved = tomllib.loads(event_block(event))["events"][0]
    assert RULES.fold(before, saved) == after
