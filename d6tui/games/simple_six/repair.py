"""Repairs for characters who do not heal ("Racial Perks": the Robot "doesn't heal but can be
repaired").

The SRD gives repairs no numbers, so a repair is a skill roll the GM sets: a repairer rolls the
skill the GM names (Repair, a craft, Wit...) against the GM's target number. Success lowers the
wound level one step, as a successful Medicine check does for the living ("Healing"); under
Body Points it recovers what an assisted healing check of that total recovers. A failure
changes nothing. The event is ``repaired``; how often repairs may be tried is the GM's call.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from d6tui.engine.dice import Dice, check_roll
from d6tui.engine.errors import EventError, RuleError
from d6tui.games.simple_six import wounds
from d6tui.games.simple_six.body_points import bp_heal
from d6tui.games.simple_six.events import NO_DICE, in_fold, member_of, needed, roll_total
from d6tui.games.simple_six.rolling import (
    Luck,
    Typed,
    able_to_treat,
    code_for,
    flat_bonuses,
    magic_modifier,
    make_roll,
)
from d6tui.games.simple_six.state import Campaign, Member, own_content
from d6tui.games.simple_six.wild import RollRequest

_RACIAL = "Racial Perks"


def repairable(m: Member) -> bool:
    """Whether the character is repaired rather than healed (a perk with ``heals = false``)."""
    return not all(p.heals for p in m.sheet.perk_data())


@own_content
def repair(
    state: Campaign,
    who: str,
    repairer: str,
    skill: str,
    tn: int,
    *,
    dice: Dice | None = None,
    typed: Typed | None = None,
    recovery_faces: Sequence[int] | None = None,
) -> dict:
    """Repair a character who does not heal.

    Args:
        state: the campaign.
        who: the damaged character (a Robot).
        repairer: who does the work (the Robot himself may).
        skill: the skill or attribute rolled, as the GM names it.
        tn: the GM's target number.
        dice: the app's dice.
        typed: the roll typed from the table.
        recovery_faces: under Body Points, the recovered dice typed from the table.

    Returns:
        A ``repaired`` payload with the ``roll``.

    Raises:
        RuleError: the character heals (he is not repaired), has nothing to repair, is
            destroyed, the TN is below 1, or the repairer cannot act (knocked out, Mortally
            Wounded, dead, helpless); the repairer's wound penalty is on his roll.
    """
    m = state.member(who)
    if not repairable(m):
        raise RuleError(f"{m.sheet.name} heals; repairs are for those who do not (Robot)",
                        _RACIAL)
    if tn < 1:
        raise RuleError("a repair's target number is 1 or more", _RACIAL)
    if m.body is not None:
        if m.body.dead:
            raise RuleError(f"{m.sheet.name} is destroyed: rebuilding is the GM's story",
                            _RACIAL)
        if m.body.current >= m.body.maximum:
            raise RuleError(f"{m.sheet.name} has nothing to repair", _RACIAL)
    elif m.wounds.level == wounds.WoundLevel.UNHARMED:
        raise RuleError(f"{m.sheet.name} has nothing to repair", _RACIAL)
    elif m.wounds.dead:
        raise RuleError(f"{m.sheet.name} is destroyed: rebuilding is the GM's story", _RACIAL)
    r = state.member(repairer)
    pen = able_to_treat(state, r, "repair")
    luck = Luck()
    req = RollRequest(code_for(state, r, skill), target=tn, label=skill, wound_dice=pen,
                      modifier=magic_modifier(state, r, skill), flat=flat_bonuses(state, r, skill))
    roll = make_roll(req, state.settings, dice, typed, lucky=luck(r))
    payload: dict = {"type": "repaired", "who": m.id, "repairer": r.id, "skill": skill,
                     "tn": tn, "roll": roll}
    if m.body is not None and roll["total"] >= tn:
        _new, rec = bp_heal(m.body, roll["total"], dice=dice, faces=recovery_faces)
        if rec is not None:
            payload["recovered"] = rec
    return luck.mark(payload)


def fold_repaired(state: Campaign, e: dict) -> Campaign:
    """Apply ``repaired``: on a success, one wound level less (or Body Points back).

    Raises:
        EventError: the character heals, or the roll does not add up.
    """
    m = member_of(state, needed(e, "who"))
    member_of(state, needed(e, "repairer"))
    total = roll_total(needed(e, "roll"), "repair")
    if not repairable(m):

        raise EventError(f"{m.sheet.name} heals; he is not repaired")
    if total < int(needed(e, "tn")):
        return state
    if m.body is not None:
        rec = e.get("recovered")
        faces = check_roll(rec, sides=6) if rec is not None else None
        body, _ = in_fold(bp_heal, m.body, total, faces=faces, dice=NO_DICE)
        return state._put(replace(m, body=body))
    return state._put(replace(m, wounds=in_fold(wounds.heal_one_level, m.wounds)))
