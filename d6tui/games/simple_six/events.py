"""What every Simple Six fold handler uses to read an event into the campaign.

An event that was valid when written always folds; one that never fitted (a missing key, a
character who is not there, a roll whose faces do not add up) raises EventError.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from d6tui.engine.dice import Dice
from d6tui.engine.errors import D6Error, DiceError, EventError, RuleError
from d6tui.games.simple_six import combat, reflexes
from d6tui.games.simple_six.state import Campaign, Member
from d6tui.games.simple_six.wild import check_wild_roll


def fight_round(state: Campaign) -> int | None:
    """The fight's round, or None out of a fight."""
    return state.combat.round if state.combat else None


def spend_hero_points(state: Campaign, who: str, e: dict) -> Campaign:
    """Fold the ``hero_points`` an event's roller spent (a cast, a Lightning Bolt throw).

    Raises:
        EventError: the roller did not have them.
    """
    spent = int(e.get("hero_points", 0))
    if not spent:
        return state
    m = member_of(state, who)
    if spent < 0 or spent > m.sheet.hero_points:
        raise EventError(f"{m.sheet.name} had no hero points to spend")
    return state._put(replace(m, sheet=replace(m.sheet, hero_points=m.sheet.hero_points - spent)))


def count_action(state: Campaign, who: str) -> Campaign:
    """One attack or spell made in ``who``'s turn."""
    fight = state.combat
    if fight is None or fight.actor != who:
        return state
    return replace(state, combat=replace(fight, used=fight.used + 1))


def roll_total(roll: object, what: str) -> int:
    """The total of a stored wild-die roll, checked against its faces ("The Wild Die").

    Args:
        roll: the roll dict of an event.
        what: the roll's name, for the message.

    Raises:
        EventError: the faces do not add up to the stored total, or the roll is malformed.
    """
    try:
        return check_wild_roll(roll)
    except DiceError as e:
        raise EventError(f"the {what} roll: {e}") from None


def needed(event: dict, key: str) -> Any:
    """The value of ``key`` in ``event``.

    Raises:
        EventError: the event has no such key.
    """
    if key not in event:
        raise EventError(f"a {event['type']} event needs '{key}'")
    return event[key]


def member_of(state: Campaign, who: object) -> Member:
    """The roster entry an event names ("Campaign").

    Raises:
        EventError: there is no such character.
    """
    try:
        return state.member(str(who))
    except RuleError:
        raise EventError(f"there is no character {who!r}") from None


def in_fold(fn, *args, **kwargs):  # type: ignore[no-untyped-def]
    """Call a rules function inside fold: a broken rule means the event never fitted."""
    try:
        return fn(*args, **kwargs)
    except D6Error as e:
        if isinstance(e, EventError):
            raise
        raise EventError(str(e)) from None


def add_count(counts: tuple[tuple[str, int], ...], who: str, n: int
               ) -> tuple[tuple[str, int], ...]:
    """``counts`` (id -> number) with ``n`` more for ``who``."""
    if n <= 0:
        return counts
    had = dict(counts).get(who, 0)
    return (*((k, v) for k, v in counts if k != who), (who, had + n))


def defended(state: Campaign, target: str, e: dict) -> Campaign:
    """What an attack's defense leaves on the target until his next turn: a reflex penalty
    for a defense not declared, a full dodge that holds ("Defensive Options")."""
    fight = state.combat
    if fight is None or "dodge_held" in e or "helpless" in e:
        return state
    if e.get("full_dodge"):  # Fast Static: the static Dodge +10 holds
        fight = reflexes.start_full_dodge(fight, target, None)
    d = e.get("defense")
    if isinstance(d, dict):
        if d.get("kind") == "full_dodge":
            fight = reflexes.start_full_dodge(fight, target, int(d["roll"]["total"]))
        elif not d.get("declared"):
            fight = reflexes.add_reflex(fight, target, combat.reflex_penalty(False))
        else:
            # Counted, not refused: logs written before the count still load.
            fight = replace(fight, defenses=add_count(fight.defenses, target, 1))
    return replace(state, combat=fight)


class _NoDice(Dice):
    """Stands in for dice inside fold, where every face must come from the event."""

    def roll(self, count: int, sides: int = 6) -> dict:
        raise EventError("the event is missing the dice it rolled")


NO_DICE = _NoDice(0)
