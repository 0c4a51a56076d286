"""Table dice as part of the campaign: whether every roll is typed from the real dice.

The GM's choice is a fact of how the table plays, so it is written in the log as a
``table_dice_set`` event (``on``: true or false) and comes back when the save is reopened; a
log without the event plays with d6tui's dice, as before. Undo takes a switch back like any
other step. No Textual imports.
"""

from __future__ import annotations

from dataclasses import replace

from d6tui.engine.errors import EventError, RuleError
from d6tui.games.simple_six.state import Campaign

#: The section named when the switch changes nothing ("Dice Basics": the dice are real).
_SECTION = "Dice Basics"


def set_table_dice(state: Campaign, on: bool) -> dict:
    """Switch table dice on (every roll typed from the dice thrown) or off (d6tui rolls).

    Args:
        state: the campaign.
        on: the new setting.

    Returns:
        A ``table_dice_set`` payload.

    Raises:
        RuleError: table dice are already ``on`` (or already off).
    """
    if bool(on) == state.table_dice:
        raise RuleError("table dice are already " + ("on" if on else "off"), _SECTION)
    return {"type": "table_dice_set", "on": bool(on)}


def fold_table_dice(state: Campaign, event: dict) -> Campaign:
    """Apply a ``table_dice_set`` event.

    Raises:
        EventError: ``on`` is missing or not true/false.
    """
    on = event.get("on")
    if not isinstance(on, bool):
        raise EventError("a table_dice_set event needs 'on', true or false")
    return replace(state, table_dice=on)


def describe_table_dice(event: dict) -> str:
    """The event in words, for the log."""
    if event.get("on"):
        return "table dice on: every roll is typed from the dice thrown"
    return "table dice off: d6tui rolls the dice"
