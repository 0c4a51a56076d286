"""An event in words for one seat at a shared table: the GM reads :func:`.describe`'s line;
a player or a spectator reads outcomes only where an NPC is concerned, since their view
holds no NPC statistics ("Nonplayer Characters" are the GM's): no NPC's static defense (TN),
Soak or resistance, and none of an NPC's own roll totals (which tell its skill dice); what
they read is who did what, hit or miss, and the wound level the NPC reached (that stays in
their view of the tracker).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from d6tui.engine.errors import EventError, RuleError
from d6tui.engine.game import Seat
from d6tui.games.simple_six.describe import describe, name_of, names_in
from d6tui.games.simple_six.fold import fold
from d6tui.games.simple_six.state import Campaign
from d6tui.games.simple_six.view import GM

#: Event keys that hold numbers a player's seat may not read when an NPC is concerned.
_NUMBERS = ("tn", "resistance", "roll", "attack", "damage", "counter", "changes",
            "targets", "knockout")

#: Event keys naming the people an event concerns.
_PEOPLE = ("who", "attacker", "target", "repairer")


def describe_for(event: dict, state_before: Any, seat: Seat) -> str:
    """``event`` in words for ``seat`` (0 the GM, 1.. a player, None a spectator).

    Args:
        event: a stored event.
        state_before: the campaign folded just before ``event``.
        seat: whose log line this is.

    Returns:
        :func:`.describe`'s line for the GM, or for an event that concerns no NPC or holds
        no numbers; otherwise a line of outcomes only (see the module's docstring).
    """
    text = describe(event, state_before)
    if seat == GM or not isinstance(state_before, Campaign):
        return text
    npcs = {m.id for m in state_before.members if m.sheet.npc}
    if not npcs or not any(k in event for k in _NUMBERS) or not (_people(event) & npcs):
        return text
    try:
        words = _outcome(event, state_before, npcs)
    except (KeyError, TypeError, ValueError):  # an event missing what its words need
        words = ", ".join(sorted(name_of(p, names_in(state_before)) for p in _people(event))) \
            + f": {event['type'].replace('_', ' ')}"
    return state_before.settings.rename(words)


def _people(event: Mapping[str, Any]) -> set[str]:
    out = {v for k in _PEOPLE if isinstance(v := event.get(k), str)}
    for x in event.get("targets", ()) or ():
        if isinstance(x, Mapping) and isinstance(x.get("who"), str):
            out.add(x["who"])
    return out


def _outcome(event: dict, before: Campaign, npcs: set[str]) -> str:
    names = names_in(before)

    def n(who: object) -> str:
        return name_of(who, names)

    t = event["type"]
    who = n(event.get("who", ""))
    if t in ("attacked", "bolt_thrown"):
        attacker = event.get("attacker", event.get("who"))
        how = (f" with {event.get('weapon') or event['skill']}" if t == "attacked" and
               event.get("skill") else " with a Lightning Bolt" if t == "bolt_thrown" else "")
        line = f"{n(attacker)} attacked {n(event['target'])}{how}"
        if attacker not in npcs and isinstance(event.get("attack"), Mapping):
            line += f": {event['attack']['total']}"
        line += ", a hit" if event.get("hit") else ", a miss"
        if isinstance(event.get("counter"), Mapping):
            line += f": parried with the {event['counter']['weapon']}, which hits back"
        return line + _wound(event, before, event["target"] if event.get("hit") else attacker)
    if t == "stay_up_rolled":
        return f"{who} " + ("stayed up" if "knockout" not in event else "was knocked out")
    if t == "spell_cast":
        total = event["roll"]["total"]
        took = [x for x in event.get("targets", ()) or () if total >= x.get("tn", event["tn"])]
        ok = bool(took) if event.get("targets") else total >= event["tn"]
        return f"{who} {'cast' if ok else 'failed'} {event['spell']}"
    if t == "rolled":
        return f"{who} rolled {event.get('what', 'dice')}"
    people = ", ".join(sorted(n(p) for p in _people(event)))
    return f"{people}: {t.replace('_', ' ')}"


def _wound(event: dict, before: Campaign, whom: Any) -> str:
    """The wound level ``whom`` reached through ``event`` (the tracker shows it to every
    seat), or nothing."""
    if not isinstance(whom, str):
        return ""
    try:
        was, now = before.member(whom), fold(before, event).member(whom)
    except (RuleError, EventError, KeyError, ValueError):
        return ""
    if now.body is not None or was.wounds.level == now.wounds.level:
        return ""
    return f" -> {now.wounds.level.label}"
