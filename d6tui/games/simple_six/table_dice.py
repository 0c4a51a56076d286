"""Table dice as part of the campaign: whether every roll is typed from the real dice.

The GM's choice is a fact of how the table plays, so it is written in the log as a
``table_dice_set`` event (``on``: true or false; ``players``: true when only the player
characters' rolls are typed and d6tui rolls the NPCs') and comes back when the save is
reopened; a log without the event plays with d6tui's dice, as before. Undo takes a switch
back like any other step. No Textual imports.
"""

from __future__ import annotations

from dataclasses import replace

from d6tui.engine.errors import EventError, RuleError
from d6tui.games.simple_six.state import Campaign

#: The section named when the switch changes nothing ("Dice Basics": the dice are real).
_SECTION = "Dice Basics"


def set_table_dice(state: Campaign, on: bool, *, players: bool = False) -> dict:
    """Switch table dice on (every roll typed from the dice thrown; with ``players``, only
    the player characters' rolls) or off (d6tui rolls).

    Args:
        state: the campaign.
        on: the new setting.
        players: only the player characters' rolls are typed; d6tui rolls the NPCs'.

    Returns:
        A ``table_dice_set`` payload.

    Raises:
        RuleError: table dice are already set so.
    """
    players = bool(players) and bool(on)
    if bool(on) == state.table_dice and players == state.table_players:
        raise RuleError("table dice are already " + (
            "on for the players" if players else "on" if on else "off"), _SECTION)
    payload: dict = {"type": "table_dice_set", "on": bool(on)}
    if players:
        payload["players"] = True
    return payload


def next_setting(state: Campaign) -> tuple[bool, bool]:
    """The ``t`` key's next setting ``(on, players)``: off, then every roll typed, then the
    players' only (d6tui rolls the NPCs'), then off again."""
    if not state.table_dice:
        return True, False
    if not state.table_players:
        return True, True
    return False, False


def fold_table_dice(state: Campaign, event: dict) -> Campaign:
    """Apply a ``table_dice_set`` event.

    Raises:
        EventError: ``on`` is missing or not true/false.
    """
    on = event.get("on")
    if not isinstance(on, bool):
        raise EventError("a table_dice_set event needs 'on', true or false")
    return replace(state, table_dice=on, table_players=on and bool(event.get("players")))


def describe_table_dice(event: dict) -> str:
    """The event in words, for the log."""
    if event.get("on") and event.get("players"):
        return ("table dice for the players: their rolls are typed from the dice thrown,"
                " d6tui rolls the NPCs'")
    if event.get("on"):
        return "table dice on: every roll is typed from the dice thrown"
    return "table dice off: d6tui rolls the dice"
