"""How a move becomes an event: the handler registry, :func:`record` and :func:`move`.

Each area of the rules (setup, turn, combat, Village, cards, skills, GM events) registers
its event handlers here with :func:`handles`; a handler is ``handler(state, event, chance)
-> state``. Making a move runs the same handler with a :class:`~.chance.Record` (cards and
tokens drawn with the app's dice), and stores the draws and the outcome in the event;
folding runs it with a :class:`~.chance.Replay` of those draws.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from d6tui.engine.dice import check_roll
from d6tui.engine.errors import EventError
from d6tui.engine.frozen import evolve
from d6tui.engine.game import Choice, DiceRequest, Move
from d6tui.games.d6_board.chance import Record, Replay

Handler = Callable[[Any, dict, Any], Any]

#: Event type -> handler, filled by the rules modules as they are imported.
HANDLERS: dict[str, Handler] = {}


def handles(*types: str) -> Callable[[Handler], Handler]:
    """Register a handler for event ``types``."""
    def deco(fn: Handler) -> Handler:
        for t in types:
            HANDLERS[t] = fn
        return fn
    return deco


def apply(state: Any, event: dict) -> Any:
    """Fold one event with its stored draws.

    Raises:
        EventError: an unknown event type, or draws that do not fit.
    """
    handler = HANDLERS.get(event["type"])
    if handler is None:
        raise EventError(f"unknown event type {event['type']!r}")
    return lapse(state, handler(state, event, Replay(event)), event["type"])


def lapse(before: Any, after: Any, etype: str) -> Any:
    """A failed stealth check remembered for Dogmud (``retry``, :mod:`.dogmud`) lapses with
    any event but its reroll, unless that event made it."""
    r = getattr(after, "retry", None)
    if r is not None and r is getattr(before, "retry", None) and etype != "check_rerolled":
        return evolve(after, retry=None)
    return after


def record(state: Any, payload: dict, dice: Any) -> dict:
    """The event a move makes: its payload, the draws it made and its outcome in words.

    Raises:
        RuleError, EventError: the move is not possible now.
    """
    chance = Record(dice)
    after = HANDLERS[payload["type"]](state, payload, chance)
    out = dict(payload)
    if chance.draws:
        out["draws"] = chance.draws
    if getattr(after, "note", ""):
        out["note"] = after.note
    return out


def move(etype: str, label: str, seat: int | None, *, mid: str | None = None,
         choices: tuple[Choice, ...] = (), dice: tuple[DiceRequest, ...] = (),
         section: str = "", key: str | None = None, **fixed: Any) -> Move:
    """A move whose event is ``{"type": etype, **fixed, **answers, **rolls}``."""
    def run(state: Any, dice_: Any = None, **answers: Any) -> dict:
        return record(state, {"type": etype, **fixed, **answers}, dice_)

    return Move(mid or etype, label, run, seat, choices, dice, key=key, section=section)


def faces(event: dict, name: str, sides: int, count: int = 1) -> list[int]:
    """The faces of roll ``name`` in ``event``, checked.

    Raises:
        EventError: the roll is missing or wrong.
    """
    if name not in event:
        raise EventError(f"the event lacks the roll {name!r}")
    return [int(f) for f in check_roll(event[name], sides=sides, count=count)]
