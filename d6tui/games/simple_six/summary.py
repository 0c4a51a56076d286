"""A Simple Six campaign summed up: the status line and the state as JSON values
(``d6tui replay --json``)."""

from __future__ import annotations

from d6tui.games.simple_six.sheet import sheet_to_dict
from d6tui.games.simple_six.state import Campaign
from d6tui.words import plural


def status(state: Campaign) -> str:
    """One line: the session, and the fight's round and actor."""
    count = len(state.members)
    parts = [f"session {state.session}" if state.in_session else "between sessions",
             plural(count, "character")]
    if state.combat is not None:
        parts.append(f"round {state.combat.round}")
        if state.combat.actor:
            parts.append(f"{state.member(state.combat.actor).sheet.name} to act")
    return ", ".join(parts)


def where(state: Campaign) -> dict:
    """Where the campaign is now, for a note: the session (from 1; 0 before the first) and the
    combat round while a fight is on ("Session 2 \u00b7 round 3", "Between sessions")."""
    if not state.in_session:
        return {"session": state.session, "round": None,
                "label": "Between sessions" if state.session else "Before the first session"}
    combat = state.combat
    rnd = combat.round if combat is not None and combat.round > 0 else None
    label = f"Session {state.session}" + (f" \u00b7 round {rnd}" if rnd else "")
    return {"session": state.session, "round": rnd, "label": label}


def to_json(state: Campaign) -> dict:
    """The campaign as JSON values (``d6tui replay --json``)."""
    members = []
    for m in state.members:
        entry: dict = {"id": m.id, "sheet": sheet_to_dict(m.sheet),
                       "wound": m.wounds.level.label}
        if m.body is not None:
            entry["body_points"] = m.body.current
        members.append(entry)
    settings = state.settings.to_mapping()
    if state.settings.wounds != "body_points":
        settings.pop("body_points", None)  # how Body Points are set means nothing here
    out: dict = {"settings": settings, "session": state.session,
                 "in_session": state.in_session, "members": members}
    if state.combat is not None:
        out["combat"] = {"round": state.combat.round, "order": list(state.combat.order),
                         "actor": state.combat.actor}
    if state.vehicles:
        out["vehicles"] = [{"id": v.id, "name": v.name, "kind": v.stats.name,
                            "damage": v.damage_words(), "pilot": v.pilot or ""}
                           for v in state.vehicles]
    if state.chases:
        out["chases"] = [{"pursuer": c.pursuer, "quarry": c.quarry, "range": c.range}
                         for c in state.chases]
    return out
