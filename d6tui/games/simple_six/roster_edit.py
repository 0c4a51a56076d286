"""Editing the roster: a character renamed, hero points the GM gives an NPC (templates give
none), a roster entry removed ("Campaign", "Non-Player Character", "Hero Points").

A removed character leaves nothing behind that a later event could name: removal is refused
while he fights, keeps a spell up, carries or caused a spell still working, or is aboard a
vehicle (d6tui's rule: the SRD has no roster to keep). His id stays his in the log: a new
character of the same name gets it afresh. No Textual imports.
"""

from __future__ import annotations

from dataclasses import replace

from d6tui.engine.errors import EventError, RuleError
from d6tui.games.simple_six.creation import NAME_MAX
from d6tui.games.simple_six.events import member_of, needed
from d6tui.games.simple_six.state import Campaign, own_content

_CAMPAIGN = "Campaign"


@own_content
def edit_character(state: Campaign, who: str, *, name: str | None = None,
                   hero_points: int | None = None) -> dict:
    """Rename a roster entry or set his hero points.

    Args:
        state: the campaign.
        who: the entry (id or name).
        name: his new name (his id does not change).
        hero_points: his hero points now (0 or more).

    Returns:
        A ``character_edited`` payload.

    Raises:
        RuleError: nothing to change, a name taken, too long or holding control characters,
            or hero points below 0.
    """
    m = state.member(who)
    payload: dict = {"type": "character_edited", "who": m.id}
    if name is not None and name.strip() != m.sheet.name:
        name = name.strip()
        if not name or len(name) > NAME_MAX or not name.isprintable():
            raise RuleError(f"a name is 1 to {NAME_MAX} printable characters", _CAMPAIGN)
        if any(x.id != m.id and x.sheet.name.lower() == name.lower() for x in state.members):
            raise RuleError(f"there is already a character called {name}", _CAMPAIGN)
        payload["name"] = name
    if hero_points is not None and hero_points != m.sheet.hero_points:
        if hero_points < 0:
            raise RuleError("hero points are 0 or more", "Hero Points")
        payload["hero_points"] = int(hero_points)
    if len(payload) == 2:
        raise RuleError(f"nothing to change for {m.sheet.name}", _CAMPAIGN)
    return payload


def removal_refused(state: Campaign, who: str) -> str | None:
    """Why ``who`` cannot be taken off the roster now, or None."""
    m = state.member(who)
    n = m.sheet.name
    if state.combat is not None and m.id in state.combat.ids:
        return f"{n} is in the fight: take him out of it first (o)"
    if m.caster.maintained:
        return f"{n} keeps a spell up: drop it first"
    if m.effects:
        return f"a spell is working on {n}: end it first"
    if any(e.caster == m.id for x in state.members for e in x.effects):
        return f"a spell {n} cast is still working: end it first"
    if any(v.pilot == m.id or m.id in v.crew for v in state.vehicles):
        return f"{n} is aboard a vehicle: take him off first"
    return None


@own_content
def remove_character(state: Campaign, who: str) -> dict:
    """Take ``who`` off the roster.

    Raises:
        RuleError: :func:`removal_refused` gives the reason.
    """
    m = state.member(who)
    why = removal_refused(state, m.id)
    if why is not None:
        raise RuleError(why, _CAMPAIGN)
    return {"type": "character_removed", "who": m.id, "name": m.sheet.name}


def _f_edited(state: Campaign, e: dict) -> Campaign:
    m = member_of(state, needed(e, "who"))
    sheet = m.sheet
    if "name" in e:
        sheet = replace(sheet, name=str(e["name"]))
    if "hero_points" in e:
        hp = e["hero_points"]
        if not isinstance(hp, int) or hp < 0:
            raise EventError("hero points are a whole number, 0 or more")
        sheet = replace(sheet, hero_points=hp)
    return state._put(replace(m, sheet=sheet))


def _f_removed(state: Campaign, e: dict) -> Campaign:
    m = member_of(state, needed(e, "who"))
    return replace(state, members=tuple(x for x in state.members if x.id != m.id))


#: The fold of each event this module writes.
FOLDS = {"character_edited": _f_edited, "character_removed": _f_removed}


def describe(event: dict, name: object) -> str | None:
    """The log's line for an event of this module (``name(id)`` gives a name), or None."""
    t = event.get("type")
    if t == "character_removed":
        return f"{event.get('name', event.get('who'))} left the roster"
    if t == "character_edited":
        parts = []
        if "name" in event:
            parts.append(f"is now called {event['name']}")
        if "hero_points" in event:
            parts.append(f"has {event['hero_points']} hero points")
        return f"{name(event['who'])} " + " and ".join(parts)  # type: ignore[operator]
    return None
