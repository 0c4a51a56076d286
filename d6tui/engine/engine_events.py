"""The engine's own events in words and their payloads: undo, redo, a new title, a note and
the table-dice setting (none of them a game move; :data:`d6tui.engine.logcheck` lists them).
No Textual imports."""

from __future__ import annotations

from typing import Any

from d6tui.engine.errors import RuleError
from d6tui.engine.notes import NOTE
from d6tui.engine.session_dice import again_words


def table_dice_payload(names: list[str], seats: list[int] | None, everyone: bool) -> dict:
    """A ``table_dice`` event's payload: whose dice are typed from real dice from now on.

    Args:
        names: the game's seats now (``GameDefinition.seats(state)``).
        seats: the seats (0-based) that type theirs; the app rolls everyone else's.
        everyone: every roll is typed (``seats`` is then ignored).

    Raises:
        RuleError: a seat that is not in the game.
    """
    n = len(names)
    chosen = sorted(set(seats or ()))
    for seat in chosen:
        if not 0 <= seat < n:
            raise RuleError(f"there is no seat {seat + 1}; the game has {n}")
    payload: dict[str, Any] = {"type": "table_dice", "seats": [] if everyone else chosen}
    if everyone:
        payload["all"] = True
    return payload


def engine_event_words(ev: dict, rules: Any, state: Any, notebook: Any) -> str | None:
    """An engine event in words for the log ("undid #5", "table dice for Ann; d6tui rolls
    the rest", a note's text), or None for a game event.

    Args:
        ev: the event.
        rules: the game's :class:`~d6tui.engine.game.GameDefinition`.
        state: the state before the event.
        notebook: the session's :class:`~d6tui.engine.notes.Notebook`.
    """
    t = ev["type"]
    if t == "undone":
        return f"undid #{ev['target']}"
    if t == "redone":
        return f"redid #{ev['target']}"
    if t == "retitled":
        return f"renamed the game \u201c{ev['title']}\u201d"
    if t == NOTE:
        return notebook.describe(ev)
    if t != "table_dice":
        return None
    if rules.table_dice_words is not None:
        return rules.table_dice_words(ev, state)
    if ev.get("all"):
        return "table dice for every roll"
    names = rules.seats(state)
    who = [names[i] if 0 <= i < len(names) else f"seat {i + 1}" for i in ev.get("seats", [])]
    return ("table dice for " + ", ".join(who) + "; d6tui rolls the rest") if who \
        else "table dice off: d6tui rolls every die"


def seat_words_of(ev: dict, rules: Any, state: Any, words: str) -> dict | None:
    """Each seat's words for game event ``ev`` by the game's ``describe_for`` (``state``
    is the state before it), keyed by the game's seats then and None (a spectator); None
    when every one reads ``words`` (the log's line), the game has no ``describe_for`` or
    ``ev`` is an engine event."""
    describe_for = rules.describe_for
    if describe_for is None or ev["type"] not in rules.event_types:
        return None
    tail = again_words(ev)
    seats: list[int | None] = [*range(len(rules.seats(state))), None]
    out = {seat: describe_for(ev, state, seat) + tail for seat in seats}
    return out if any(text != words for text in out.values()) else None
