"""Folding what was done to a roll once seen: ``destiny_rerolled``, ``cp_added`` and
``halfway_taken`` ("General Perks", "Traditional OpenD6 Character Points", "Halfway There").

The open roll (:class:`.state.LastRoll`: the campaign as it was before the roll's event, and the
event) is folded again from the campaign before it with its new roll, so these handlers are
given the whole fold (``fold``) by :mod:`.fold`, which lists them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from d6tui.engine.errors import D6Error, DiceError, EventError, RuleError
from d6tui.games.simple_six import perks
from d6tui.games.simple_six.codes import as_code
from d6tui.games.simple_six.events import member_of, needed
from d6tui.games.simple_six.spell_folds import SPELL_CHANGES
from d6tui.games.simple_six.state import Campaign, LastRoll
from d6tui.games.simple_six.wild import add_character_points, check_wild_roll, finish, halfway_there

#: The campaign's fold: ``(state, event) -> state``.
Fold = Callable[[Campaign, dict], Campaign]

_CP = "Traditional OpenD6 Character Points"


def open_roll(state: Campaign, who: str) -> LastRoll:
    """The roll ``who`` just made, still open to change.

    Raises:
        RuleError: the latest event is not a roll of that character's that can be changed.
    """
    m = state.member(who)
    last = state.last_roll
    if last is None or last.who != m.id:
        raise RuleError(f"{m.sheet.name} has no roll just made to change: only the latest"
                        " check or spell can be, before anything else happens", _CP)
    return last


#: The keys of an attack event that a changed attack roll may change.
ATTACK_CHANGES = frozenset({"hit", "damage", "resist", "resistance", "extra", "daredevil",
                            "lucky"})


def verdict(last: LastRoll) -> tuple[int | None, bool | None]:
    """The open roll's target number and whether it failed; ``(None, None)`` when it was
    rolled against nothing. An attack's TN is its event's (defense and range)."""
    if last.event.get("type") == "attacked":
        return int(last.event["tn"]), not last.event.get("hit")
    roll = last.roll
    if "target" not in roll:
        return None, None
    return int(roll["target"]), not roll.get("success")


def _refold(before: Campaign, event: dict, key: str, roll: dict, changes: object,
            fold: Fold) -> Campaign:
    """Fold the open roll's event again from the campaign before it, with its roll changed
    (and, for an attack, the keys its new roll changes)."""
    extra = {}
    if changes is not None:
        spell = event.get("type") == "spell_cast" and event.get("spell") == "Death Spell"
        allowed = ATTACK_CHANGES if key == "attack" else SPELL_CHANGES if spell else None
        if not isinstance(changes, dict) or allowed is None or not set(changes) <= allowed:
            raise EventError("only an attack's hit and damage, or a Death Spell's damage,"
                             " change with its roll")
        extra = changes
    try:
        return fold(before, {**event, key: roll, **extra})
    except RuleError as e:
        raise EventError(str(e)) from None


def fold_destiny(state: Campaign, e: dict, fold: Fold) -> Campaign:
    """Apply ``destiny_rerolled``: Destiny is spent and the roll's event is folded again with
    the new roll ("General Perks").

    Args:
        state: the campaign.
        e: the event.
        fold: the campaign's fold, for the roll's event.

    Raises:
        EventError: no failed open roll of the character's, Destiny not his to spend, or a
            roll that does not add up.
    """
    m = member_of(state, needed(e, "who"))
    try:
        last = open_roll(state, m.id)
    except RuleError as err:
        raise EventError(str(err)) from None
    old = last.roll
    tn, failed = verdict(last)
    if tn is None or not failed:
        raise EventError("Destiny rerolls a failed roll against a target")
    new = needed(e, last.key if last.key == "attack" else "roll")
    try:
        check_wild_roll(new)
    except DiceError as err:
        raise EventError(f"the Destiny reroll: {err}") from None
    if len(new["faces"]) != len(old["faces"]) or new.get("rolled") != old.get("rolled"):
        raise EventError("a Destiny reroll throws the same dice as the roll it replaces")
    before = last.before
    who = member_of(before, m.id)
    before = before._put(perks.spend_perk(before, who, perks.DESTINY))
    return _refold(before, last.event, last.key, finish(dict(new)), e.get("changes"), fold)


def fold_cp_added(state: Campaign, e: dict, fold: Fold) -> Campaign:
    """Apply ``cp_added``: the points are spent and the roll's event is folded again with the
    extra wild dice ("Traditional OpenD6 Character Points").

    Args:
        state: the campaign.
        e: the event.
        fold: the campaign's fold, for the roll's event.

    Raises:
        EventError: no open roll of the character's, points he did not have, the option off,
            a hero point on the roll, the limit passed, or chains that do not fit.
    """
    m = member_of(state, needed(e, "who"))
    count = int(needed(e, "character_points"))
    try:
        last = open_roll(state, m.id)
        if count > m.sheet.character_points:
            raise RuleError(f"{m.sheet.name} spent character points he did not have", _CP)
        new = add_character_points(last.roll, count, state.settings.wild,
                                   chains=needed(e, "cp_wild"))
    except D6Error as err:
        if isinstance(err, EventError):
            raise
        raise EventError(str(err)) from None
    stored = e.get("roll")
    if stored is not None and (not isinstance(stored, dict) or any(
            stored.get(k) != new.get(k) for k in ("faces", "wild", "cp_wild", "total"))):
        raise EventError("the roll stored with the character points is not the open roll with"
                         " their dice")
    before = last.before
    who = member_of(before, m.id)
    sheet = replace(who.sheet, character_points=who.sheet.character_points - count)
    return _refold(before._put(replace(who, sheet=sheet)), last.event, last.key, new,
                   e.get("changes"), fold)


def fold_halfway(state: Campaign, e: dict) -> Campaign:
    """Apply ``halfway_taken``: a success with no roll; nothing on the roster changes.

    Raises:
        EventError: the option is off, or the code stored is less than half the TN.
    """
    member_of(state, needed(e, "who"))
    if not state.settings.wild.halfway_there:
        raise EventError("this campaign does not play Halfway There")
    try:
        code = as_code(str(needed(e, "code")))
    except D6Error as err:
        raise EventError(str(err)) from None
    if not halfway_there(code, int(needed(e, "tn"))):
        raise EventError("Halfway There needs dice of at least half the TN")
    return state
