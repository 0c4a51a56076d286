"""Table dice in Simple Six: whose rolls are typed from the real dice thrown ("Dice Basics").

The setting is the engine's one ``table_dice`` event (``Session.set_table_dice``), read by
side, since the GM runs the tracker for everyone:

- ``all`` (``everyone``): every roll is typed, the players' and the NPCs';
- the GM's seat (seat 0) listed: the GM types the player characters' rolls and d6tui rolls
  the NPCs' (the GM's side); a player character's own seat listed types his rolls only;
- no seat: d6tui rolls every die.

Logs written before the engine's event held the campaign's own ``table_dice_set`` (``on``;
``players`` for the players' side only). It still folds into the campaign
(``Campaign.table_dice``, ``table_players``, ``table_set_at``), so old saves load, replay
to the same results and reopen the way the table played; whichever of the two events is
later decides. New switches are always the engine's. No Textual imports.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from d6tui.engine.errors import EventError, RuleError
from d6tui.games.simple_six.state import Campaign
from d6tui.games.simple_six.view import GM, seat_of, seats

#: The section named when the switch changes nothing ("Dice Basics": the dice are real).
_SECTION = "Dice Basics"

#: The three settings the ``t`` key steps through, in order.
OFF, ALL, PLAYERS = "off", "all", "players"
MODES = (OFF, ALL, PLAYERS)


class TableSetting(Protocol):
    """What the engine's session knows of its ``table_dice`` events."""

    table_all: bool
    table_seats: frozenset[int]
    table_dice_at: int


def _engine_decides(state: Campaign, table: TableSetting) -> bool:
    return table.table_dice_at > state.table_set_at


def mode(state: Campaign, table: TableSetting) -> str:
    """The setting now: :data:`OFF`, :data:`ALL` or :data:`PLAYERS` (some player
    characters' rolls typed, the NPCs' rolled by d6tui)."""
    if _engine_decides(state, table):
        if table.table_all:
            return ALL
        return PLAYERS if table.table_seats else OFF
    if not state.table_dice:
        return OFF
    return PLAYERS if state.table_players else ALL


def typed_for(state: Campaign, table: TableSetting, who: str | None) -> bool:
    """Whether a roll thrown by ``who`` (an id or a name) is typed from the table's dice. A
    roll of no character (None, or a name not on the roster) is typed whenever the GM's
    seat types, as the GM throws it."""
    try:
        m = state.member(who) if who else None
    except RuleError:
        m = None
    npc = m is not None and m.sheet.npc
    if not _engine_decides(state, table):
        return state.table_dice and not (npc and state.table_players)
    if table.table_all:
        return True
    if npc:
        return False
    return GM in table.table_seats or (
        m is not None and seat_of(state, m.id) in table.table_seats)


def engine_setting(new: str) -> tuple[list[int], bool]:
    """``(seats, everyone)`` for ``Session.set_table_dice`` giving the setting ``new``.

    Raises:
        RuleError: ``new`` is none of :data:`MODES`.
    """
    if new not in MODES:
        raise RuleError(f"table dice are {', '.join(MODES)}, not {new!r}", _SECTION)
    return ([GM] if new == PLAYERS else []), new == ALL


def next_mode(state: Campaign, table: TableSetting) -> str:
    """The ``t`` key's next setting: off, then every roll typed, then the players' only
    (d6tui rolls the NPCs'), then off again."""
    return MODES[(MODES.index(mode(state, table)) + 1) % len(MODES)]


def check_change(state: Campaign, table: TableSetting, new: str) -> None:
    """Refuse a switch that changes nothing.

    Raises:
        RuleError: table dice are already set so.
    """
    if mode(state, table) == new:
        raise RuleError("table dice are already " + {
            PLAYERS: "on for the players", ALL: "on", OFF: "off"}[new], _SECTION)


def fold_table_dice(state: Campaign, event: dict) -> Campaign:
    """Apply a ``table_dice_set`` event (logs written before the engine's ``table_dice``).

    Raises:
        EventError: ``on`` is missing or not true/false.
    """
    on = event.get("on")
    if not isinstance(on, bool):
        raise EventError("a table_dice_set event needs 'on', true or false")
    seq = event.get("seq")
    return replace(state, table_dice=on, table_players=on and bool(event.get("players")),
                   table_set_at=seq if isinstance(seq, int) else state.table_set_at)


def engine_words(event: dict, state: Campaign) -> str:
    """The engine's ``table_dice`` event in the campaign's words, by side."""
    if event.get("all"):
        return "table dice on: every roll is typed from the dice thrown"
    listed = [x for x in event.get("seats", []) if isinstance(x, int)]
    if GM in listed:
        return ("table dice for the players: the GM types their rolls from the dice thrown,"
                " d6tui rolls the NPCs'")
    if listed:
        names = seats(state)
        who = [names[i] if 0 <= i < len(names) else f"seat {i + 1}" for i in listed]
        return "table dice for " + ", ".join(who) + "'s own rolls; d6tui rolls the rest"
    return "table dice off: d6tui rolls the dice"


def describe_table_dice(event: dict) -> str:
    """The event in words, for the log."""
    if event.get("on") and event.get("players"):
        return ("table dice for the players: their rolls are typed from the dice thrown,"
                " d6tui rolls the NPCs'")
    if event.get("on"):
        return "table dice on: every roll is typed from the dice thrown"
    return "table dice off: d6tui rolls the dice"
