"""Where a tale is now, as a note anchors to it (``GameDefinition.where``): the day of the
tale and the event being played, if any (J05 keeps one line a day; R10 plays the day's event,
then maybe the square's)."""

from __future__ import annotations

import re

from d6tui.games.tales.state import Tale

_CODE = re.compile(r"E\d\d")
#: The event whose shop a ``shop`` task names by place (the others name their event).
_SHOP_EVENTS = {"castle": "E01", "witch": "E12"}


def current_event(state: Tale) -> str | None:
    """The event being played now ("E05"), or None between events.

    The newest task that belongs to an event names it (``goto E05``, ``roll:e05``,
    ``choose:e31``, the castle's shop for E01); with no such task, an event played on the
    hero's square this turn counts while it is still being played: something of it is
    awaited or its fight goes on. Once it is done (the turn's end, the castle left), no event
    is in progress.
    """
    for task in reversed(state.tasks):
        if task.kind == "goto" and _CODE.match(task.arg):
            return task.arg[:3]
        if task.kind == "shop" and _CODE.match(_SHOP_EVENTS.get(task.arg, task.arg)):
            return _SHOP_EVENTS.get(task.arg, task.arg)[:3]
        code = task.kind.partition(":")[2] or task.kind
        m = _CODE.match(code.upper())
        if m:
            return m.group(0)
    going_on = bool(state.tasks) or state.fight is not None
    if state.event_played and going_on and state.pos >= 0 and \
            _CODE.fullmatch(state.square.event or ""):
        return state.square.event
    if state.step == "day_event" and state.days and state.days[-1].day_event:
        return state.days[-1].day_event
    return None


def where(state: Tale) -> dict:
    """The anchor of a note: ``{"day": 10, "week": 2, "weekday": 3, "event": "E05",
    "label": "Day 10 · E05"}``; ``day`` counts from the first day of the tale (0 while it is
    set up, R03); ``event`` is None between events (a note leaves it out)."""
    if state.week == 0:
        return {"day": 0, "event": None, "label": "Before the first day"}
    day = (state.week - 1) * state.content.days_per_week + state.day
    event = current_event(state)
    label = f"Day {day}" + (f" \u00b7 {event}" if event else "")
    return {"day": day, "week": state.week, "weekday": state.day, "event": event,
            "label": label}
