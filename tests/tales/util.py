"""Helpers for the 6x6 Tales rules tests: tales built by folding real events."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from d6tui.engine.dice import table_roll
from d6tui.games.tales import booklet, commands, island, play, services, sheet
from d6tui.games.tales.rules import RULES
from d6tui.games.tales.state import Square, Tale, Task


def R(*faces: int) -> dict:
    """A roll typed from table dice."""
    return table_roll(list(faces), len(faces), 6)


def act(state: Tale, cmd: Callable[..., dict], *args: object, **kwargs: object) -> Tale:
    """Run a command and fold its event, as a session would."""
    return RULES.fold(state, cmd(state, *args, **kwargs))


def rolls(state: Tale, *faces: int) -> Tale:
    """Answer the awaited roll with these faces."""
    return act(state, commands.roll, roll=R(*faces))


def begin(race: str = "human", castle: tuple[int, int] = (3, 3), explore: bool = True) -> Tale:
    """A tale at week 1 day 1, after the castle (E01) was left."""
    s = RULES.new_state({})
    s = RULES.fold(s, commands.start_payload({"name": "Ann", "race": race, "explore": explore}))
    s = rolls(s, *castle)
    return act(s, services.leave)


def sq(name: str) -> int:
    """The index of a square named like "III-3"."""
    return island.parse_name(name)


def hero(state: Tale, **changes: object) -> Tale:
    """Change the hero sheet."""
    return sheet.edit(state, **changes)


def square(state: Tale, name: str, **fields: object) -> Tale:
    """Set a square of the map."""
    return sheet.set_square(state, sq(name), **fields)


def at_step(state: Tale, step: str, pos: str | None = None) -> Tale:
    """Put the turn at an R10 step, with nothing else awaited."""
    state = replace(state, step=step, tasks=(), fight=None, news=())
    if pos is not None:
        state = replace(state, pos=sq(pos))
    return state


def read(state: Tale, code: str) -> Tale:
    """Read an event now, on top of whatever the turn waits for."""
    return play.settle(booklet.read(replace(state, news=()), code))


def task(state: Tale, kind: str, arg: str = "", n: int = 0) -> Tale:
    """Make the tale wait for a task."""
    return play.settle(sheet.push(replace(state, news=()), Task(kind, arg, n)))


def open_square(terrain: str = "plains", exits: str = "NESW", event: str = "") -> Square:
    """A revealed square."""
    return Square(road="crossroads", exits=exits, terrain=terrain, event=event)


def waits(state: Tale) -> str:
    """What the tale waits for, as "kind what"."""
    p = play.pending(state)
    return f"{p.kind} {p.what}"
