"""How long a knockout lasts: a character who failed to stay up is out for the 10D minutes he
rolled, then comes to, still Incapacitated ("Wound Level Effects").

The SRD counts the knockout in minutes; d6tui counts it on the campaign's two clocks (a marked
decision, listed in :mod:`.rules`):

- ``time_passed`` events (the GM lets time pass between fights) count their minutes;
- a fight's rounds count ten seconds each (six to the minute): each round that ends (the next
  round starting, or the fight ending) counts one round, for everyone on the roster, since the
  fight's time passes for those outside it too.

The count is kept in :attr:`.wounds.WoundState.knocked_out_rounds`; :func:`.wounds.time_out`
wakes the character. This module reads events after their own fold has run and never refuses
one; it has no Textual imports.
"""

from __future__ import annotations

from dataclasses import replace

from d6tui.games.simple_six import wounds
from d6tui.games.simple_six.state import Campaign


def rounds_passed(before: Campaign, event: dict) -> int:
    """Rounds of ten seconds an event lets pass: the minutes of ``time_passed`` (six rounds
    each) and its odd rounds, one for a round that ends (``round_started`` after the first round,
    ``combat_ended`` after at least one round), else 0."""
    kind = event.get("type")
    if kind == "time_passed":
        return (max(0, int(event.get("minutes", 0))) * wounds.ROUNDS_PER_MINUTE
                + max(0, int(event.get("rounds", 0))))
    fight = before.combat
    if kind in ("round_started", "combat_ended") and fight is not None and fight.round >= 1:
        return 1
    return 0


def after(before: Campaign, state: Campaign, event: dict) -> Campaign:
    """The campaign after ``event`` with its time counted against every knockout.

    Args:
        before: the campaign before the event.
        state: the campaign after the event's own fold.
        event: the event.

    Returns:
        ``state``, with knocked-out characters whose minutes are over awake again.
    """
    rounds = rounds_passed(before, event)
    if rounds <= 0:
        return state
    members = tuple(replace(m, wounds=wounds.time_out(m.wounds, rounds))
                    if m.body is None and not m.wounds.awake else m for m in state.members)
    return replace(state, members=members)
