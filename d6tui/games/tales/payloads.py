"""How a command becomes an event payload: checked against a copy of the tale, with its dice
(R01: rolled by d6tui or typed from real dice) stored in the event.
"""

from __future__ import annotations

from typing import Any

from d6tui.engine.dice import Dice
from d6tui.games.tales import play
from d6tui.games.tales.state import Tale

Roll = dict[str, Any]


def checked(state: Tale, payload: dict) -> dict:
    """Apply the payload to a copy of the tale (raising RuleError if it breaks a rule, with
    its section: R03, R10, E01...) and note in words what it did, for the log view.

    Args:
        state: the tale.
        payload: the event payload a command made.

    Returns:
        The payload, with its ``note``.

    Raises:
        RuleError: the event breaks a rule in this state (the section named).
    """
    after = play.apply(state, payload)
    if after.news:
        payload["note"] = "; ".join(after.news)
    return payload


def roll_fields(
    count: int, dice: Dice | None, roll: Roll | None,
    cookie: tuple[int, int] | None, reroll: Roll | bool | None,
) -> dict:
    """The dice of a rolling command as event fields (R01): ``roll``, and the Meeple's
    ``rerolled`` (J08) and the Hobbit's ``cookie`` (R03) when used.

    Args:
        count: how many d6.
        dice: the app's dice, used when ``roll`` is not given.
        roll: faces typed from real dice (``table_roll``).
        cookie: the Hobbit's cookie, ``(die index, +1 or -1)``.
        reroll: a Meeple's re-roll: the roll kept, or True to roll it with ``dice``.
    """
    if roll is None:
        roll = (dice or Dice()).roll(count, 6)
    fields: dict[str, Any] = {"roll": roll}
    if reroll is not None and reroll is not False:
        second = (dice or Dice()).roll(count, 6) if reroll is True else reroll
        fields = {"rerolled": roll, "roll": second}
    if cookie is not None:
        fields["cookie"] = [int(cookie[0]), int(cookie[1])]
    return fields
