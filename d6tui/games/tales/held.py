"""A roll held before it counts: the dice are seen first, then the Hobbit's cookie (R03) or
a Meeple (J08) may change them, then the roll is kept and resolves.

Three events make it, each a move of its own:

- ``dice_rolled`` (``for`` = roll, attack, flee, gamble or ruby; ``roll``): the dice are
  seen and recorded; the tale holds them (:attr:`Tale.held`) and waits.
- ``meeple_rerolled`` (``roll``): the Meeple rolls them again; the second roll counts.
- ``roll_kept`` (``cookie`` = [die index, +1 or -1] when the cookie is eaten): the roll
  resolves exactly as the combined event of older saves (``rolled``, ``attacked``, ``fled``,
  ``gambled``, ``item_used``), which this module builds from the held dice.

A roll is held only when the hero has a choice to make about it (a Meeple, or a cookie
that would change what the roll does); any other roll resolves at once in one event, as
before. While dice are held nothing else of the turn may happen. The roll dicts live only
in ``dice_rolled`` and ``meeple_rerolled``, so an undo of ``roll_kept`` puts no dice back on
the table (``d6tui.engine.session_dice``): an undo never buys a re-roll.
"""

from __future__ import annotations

from collections.abc import Callable

from d6tui.engine.errors import RuleError
from d6tui.games.tales import sheet
from d6tui.games.tales.state import HeldRoll, Tale, evolve

#: The kinds of held roll and the event type each resolves as.
KINDS = {"roll": "rolled", "attack": "attacked", "flee": "fled", "gamble": "gambled",
         "ruby": "item_used"}
#: The events of a held roll.
HELD_EVENTS = frozenset({"dice_rolled", "meeple_rerolled", "roll_kept"})

Apply = Callable[[Tale, dict], Tale]


def combined(state: Tale, held: HeldRoll, cookie: list[int] | None = None) -> dict:
    """The one event a held roll resolves as, the shape older saves hold (``roll``, with the
    Meeple's ``rerolled`` and the Hobbit's ``cookie`` when used).

    Args:
        state: the tale (the awaited roll task names ``what``).
        held: the held roll.
        cookie: ``[die index, +1 or -1]``, or None.
    Raises:
        RuleError: an unknown kind.
    """
    if held.kind not in KINDS:
        raise RuleError(f"there is no '{held.kind}' roll", "R10")
    payload: dict = {"type": KINDS[held.kind]}
    if held.kind == "roll":
        top = state.top
        payload["what"] = top.kind if top is not None else ""
    if held.kind == "ruby":
        payload["item"] = "Ruby"
    if held.again is not None:
        payload.update(rerolled=dict(held.roll), roll=dict(held.again))
    else:
        payload["roll"] = dict(held.roll)
    if cookie is not None:
        payload["cookie"] = [int(cookie[0]), int(cookie[1])]
    return payload


def _held(state: Tale) -> HeldRoll:
    if state.held is None:
        raise RuleError("no dice are held now: roll first", "R10")
    return state.held


def dice_rolled(state: Tale, event: dict, apply: Apply) -> Tale:
    """The dice are seen: held until kept (checked as the roll kept as it is would be).

    Args:
        state: the tale.
        event: ``dice_rolled`` with ``for`` and ``roll``.
        apply: folds an event on a copy (to check that the roll may be made now).
    Raises:
        RuleError: dice are already held, or the roll may not be made now.
    """
    if state.held is not None:
        raise RuleError("dice are already held: keep them or change them first", "R10")
    roll = event.get("roll")
    if not isinstance(roll, dict):
        raise RuleError("the dice are missing", "R01")
    held = HeldRoll(str(event.get("for", "")), dict(roll))
    apply(state, combined(state, held))  # raises when the roll may not be made now
    faces = "+".join(str(f) for f in roll.get("faces", []))
    return sheet.say(evolve(state, held=held), f"rolled {faces}: keep it or change it")


def meeple_rerolled(state: Tale, event: dict, apply: Apply) -> Tale:
    """J08: the Meeple re-rolls the held dice once; the second roll counts (the Meeple is
    crossed out when the roll is kept).

    Raises:
        RuleError: no dice held, no Meeple, or they were re-rolled already.
    """
    held = _held(state)
    if not sheet.hero(state).has("Meeple"):
        raise RuleError("the hero has no Meeple", "J08")
    if held.again is not None:
        raise RuleError("the Meeple re-rolls a roll once", "J08")
    roll = event.get("roll")
    if not isinstance(roll, dict):
        raise RuleError("the dice are missing", "R01")
    again = evolve(held, again=dict(roll))
    apply(evolve(state, held=None), combined(state, again))  # the second roll's check
    faces = "+".join(str(f) for f in roll.get("faces", []))
    return sheet.say(evolve(state, held=again), f"the Meeple rolls again: {faces}")


def roll_kept(state: Tale, event: dict, resolve: Apply) -> Tale:
    """The held roll counts, with the cookie if it was eaten (R03): it resolves as the one
    event of older saves.

    Args:
        state: the tale.
        event: ``roll_kept``, maybe with ``cookie``.
        resolve: runs the combined event's handler on the tale.
    Raises:
        RuleError: no dice held, or a cookie the rules refuse.
    """
    held = _held(state)
    cookie = event.get("cookie")
    if cookie is not None and (not isinstance(cookie, list | tuple) or len(cookie) != 2):
        raise RuleError("the cookie moves one die by +1 or -1", "R03")
    return resolve(evolve(state, held=None), combined(state, held, cookie))
