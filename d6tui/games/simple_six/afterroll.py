"""What can be done to a roll once it is seen: character points as extra wild dice
("Traditional OpenD6 Character Points"), a Destiny reroll ("General Perks"), and the roll not
made at all under "Halfway There".

Design: the roll's own event (``rolled``, ``spell_cast``, ``attacked``) is written the moment
the dice are
thrown, so no die is ever lost. While it is the latest event, the campaign keeps it open
(:class:`.state.LastRoll`: the campaign as it was before the event, and the event). A change
to it is a new event that holds only the new dice:

- ``cp_added``: ``character_points`` spent, their new ``cp_wild`` chains, and the ``roll`` as it
  now stands (checked against the chains when folded, and shown in the log and the dice tray).
  The player sees the total first; the screen keeps the verdict back until the points are
  spent or declined.
- ``destiny_rerolled``: the whole new ``roll``, made with the same dice, bonuses and doubling as
  the failed one (the same roll made again).

A Death Spell made a success by the change rolls its damage and the target's resistance in
the new event, as ``changes`` (``damage``, ``resist``, ``resistance``, ``lucky``).

For an attack the new roll is stored as ``attack``, with ``changes``: the keys of the attack
event that the new roll changes (``hit``; when a miss becomes a hit, the ``damage`` roll, the
target's ``resist`` roll, ``resistance``, ``extra`` and any Lucky they spent; when a hit gains
character points, the "Increasing Damage" ``extra``). The new rolls are thrown in the new
event, never taken from the old one.

Folding either one takes the open event, puts the changed roll (and changes) in it, and folds
that event again from the campaign before it (with the points or the perk spent first): the
outcome (a check's success, a spell cast or failed, its failure penalty, a Heal's wound level,
an attack's hit and wound) is worked out anew from the dice, and the log keeps every die, the
first roll's included. Any other event closes the roll.

Refused: character points when the campaign does not use them, on a roll a hero point was spent
on, past the GM's limit per roll (``cp_limit``) or past the character's points; Destiny on a
roll with no target, on a success, or by someone who has used it this session.

"Halfway There" (optional): when the character's dice in the skill, after penalties, are at
least half the target number, the GM may take the success without a roll: ``halfway_taken``.

The commands are here; :mod:`.afterroll_fold` folds their events.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from d6tui.engine.dice import Dice
from d6tui.engine.errors import DiceError, RuleError
from d6tui.games.simple_six import combat, perks, wounds
from d6tui.games.simple_six.afterroll_fold import _CP, open_roll, verdict
from d6tui.games.simple_six.attacks import hit_effects
from d6tui.games.simple_six.codes import ZERO, DieCode, as_code
from d6tui.games.simple_six.events import member_of
from d6tui.games.simple_six.rolling import (
    Luck,
    actions_counted,
    code_for,
    wild_options,
    wound_penalty,
)
from d6tui.games.simple_six.spellcast import spell_changes
from d6tui.games.simple_six.state import Campaign, LastRoll, own_content
from d6tui.games.simple_six.typed_dice import check_chain, check_faces, split_chains
from d6tui.games.simple_six.wild import (
    RollRequest,
    add_character_points,
    finish,
    halfway_there,
    plan_roll,
    roll_chain,
)
from d6tui.games.simple_six.wild_options import WildOptions

_HALFWAY = "Halfway There"


#: Keys of a roll dict that its dice set; a reroll makes them anew.
_DICE_KEYS = ("faces", "wild", "cp_wild", "dropped", "complication", "total", "margin",
              "success", "difficulty", "source")


def _attack_changes(last: LastRoll, new: dict, dice: Dice | None,
                    typed: Mapping[str, Sequence] | None) -> dict:
    """What the open attack's event becomes with its attack roll changed to ``new``."""
    ev = last.event
    before = last.before
    margin = combat.hit_margin(new["total"], int(ev["tn"]))
    changes: dict = {"hit": margin >= 0}
    if margin < 0:
        return changes
    s = before.settings
    if ev.get("hit"):  # already a hit: only a larger margin
        changes["extra"] = (wounds.extra_damage(margin, s.increasing_damage)
                            if s.increasing_damage else 0)
        return changes
    a, t = member_of(before, ev["attacker"]), member_of(before, ev["target"])
    pre = [str(x) for x in ev.get("lucky", ())]
    luck = Luck(pre)
    more = {k: (list(v[0]), list(v[1])) for k, v in (typed or {}).items()
            if k in ("damage", "resist")}
    changes.update(hit_effects(before, a, t, ev.get("weapon"), margin, dice=dice, typed=more,
                               luck=luck))
    if len(luck.spent) > len(pre):
        changes["lucky"] = list(luck.spent)
    return changes


def reroll(roll: dict, options: WildOptions, *, dice: Dice | None = None,
           typed: tuple[Sequence[int], Sequence[int], Sequence[Sequence[int]]] | None = None
           ) -> dict:
    """The same roll made again: as many ordinary dice, a new wild die, as many extra wild
    dice, with the same pips, bonuses, doubling and target.

    Args:
        roll: the roll to make again.
        options: the table's options (a wild 1).
        dice: the app's dice.
        typed: (faces, wild chain, extra wild chains) thrown at the table.

    Returns:
        The new roll dict.

    Raises:
        DiceError: no dice given, or typed faces that do not fit.
    """
    count, cps = len(roll["faces"]), len(roll.get("cp_wild", ()))
    if typed is not None:
        faces = check_faces(list(typed[0]), count)
        wild = check_chain(list(typed[1]))
        if len(typed[2]) != cps:
            raise DiceError(f"type {cps} extra wild dice, not {len(typed[2])}")
        chains = [check_chain(list(c), f"character point die {i + 1}")
                  for i, c in enumerate(typed[2])]
        source = "table"
    elif dice is not None:
        faces = dice.roll(count)["faces"] if count else []
        wild = roll_chain(dice)
        chains = [roll_chain(dice) for _ in range(cps)]
        source = "app"
    else:
        raise DiceError("roll the dice, or type the faces rolled at the table")
    out = {k: v for k, v in roll.items() if k not in _DICE_KEYS}
    out["faces"], out["wild"] = list(faces), list(wild)
    if chains:
        out["cp_wild"] = chains
    if wild[0] == 1:
        if options.wild_one == "drops":
            out["dropped"] = [1, max(faces)] if faces else [1]
        elif options.wild_one == "complication":
            out["complication"] = True
    out["source"] = source
    return finish(out)


@own_content
def destiny_reroll(
    state: Campaign,
    who: str,
    *,
    dice: Dice | None = None,
    typed: Mapping[str, Sequence] | tuple | None = None,
) -> dict:
    """Destiny: reroll the failed roll just made; the new roll replaces it ("General Perks").

    Args:
        state: the campaign.
        who: the character with Destiny.
        dice: the app's dice.
        typed: the reroll thrown at the table, (faces, wild, extra wild chains); for an
            attack, a mapping of ``attack`` to it and, when the reroll hits, ``damage`` and
            ``resist`` to (faces, wild).

    Returns:
        A ``destiny_rerolled`` payload with the new ``roll`` (an attack's: ``attack`` and
        ``changes``).

    Raises:
        RuleError: no open roll of the character's, a roll with no target or one that
            succeeded, or Destiny not his to use this session.
    """
    m = state.member(who)
    perks.check_unused(state, m, perks.DESTINY)
    last = open_roll(state, who)
    roll = last.roll
    tn, failed = verdict(last)
    if tn is None:
        raise RuleError("Destiny rerolls a failed roll: this one had no target number",
                        "General Perks")
    if not failed:
        raise RuleError("Destiny rerolls a failed roll, and this one succeeded", "General Perks")
    opts = wild_options(state.settings)
    if last.key == "attack":
        tmap = typed if isinstance(typed, Mapping) else {}
        t_attack = tmap.get("attack")
        new = reroll(roll, opts, dice=None if t_attack else dice,
                     typed=_three(t_attack) if t_attack else None)
        return {"type": "destiny_rerolled", "who": m.id, "attack": new,
                "changes": _attack_changes(last, new, dice, tmap)}
    one = typed.get("roll") if isinstance(typed, Mapping) else typed
    new = reroll(roll, opts, dice=dice, typed=_three(one) if one else None)
    payload = {"type": "destiny_rerolled", "who": m.id, "roll": new}
    return _with_spell_changes(payload, last, new, dice,
                               typed if isinstance(typed, Mapping) else None)


def _with_spell_changes(payload: dict, last: LastRoll, new: dict, dice: Dice | None,
                        typed: Mapping[str, Sequence] | None) -> dict:
    """``payload`` with ``changes`` when the changed roll makes a Death Spell succeed: its
    damage and the target's resistance, rolled now (:func:`.spellcast.spell_changes`)."""
    if last.event.get("type") != "spell_cast":
        return payload
    more = {k: (list(v[0]), list(v[1])) for k, v in (typed or {}).items()
            if k in ("damage", "resist")}
    changes = spell_changes(last.before, last.event, new, dice=dice, typed=more)
    if changes:
        payload["changes"] = changes
    return payload


def _three(typed: Sequence) -> tuple[Sequence[int], Sequence[int], Sequence[Sequence[int]]]:
    """(faces, wild) or (faces, wild, extra wild chains) as the three."""
    faces, wild, *rest = typed
    return faces, wild, (rest[0] if rest else ())


@own_content
def cp_room(state: Campaign, who: str) -> int:
    """How many character points ``who`` may still add to his open roll (0 when none).

    The least of his points, the GM's limit less the points already on the roll, and nothing at
    all when the campaign does not use the option or a hero point went into the roll.
    """
    m = state.member(who)
    opts = state.settings.wild
    last = state.last_roll
    if last is None or last.who != m.id or not opts.character_point_dice:
        return 0
    roll = last.roll
    if roll.get("hero") or roll.get("doubled"):
        return 0
    room = m.sheet.character_points
    if opts.cp_limit is not None:
        room = min(room, opts.cp_limit - len(roll.get("cp_wild", ())))
    return max(0, room)


@own_content
def add_cp(
    state: Campaign,
    who: str,
    count: int,
    *,
    dice: Dice | None = None,
    chains: Sequence[Sequence[int]] | None = None,
    typed: Mapping[str, Sequence] | None = None,
) -> dict:
    """Spend character points on the roll just made, each an extra wild die ("Traditional
    OpenD6 Character Points").

    Args:
        state: the campaign.
        who: the roller.
        count: points spent.
        dice: the app's dice.
        chains: the extra wild dice thrown at the table, one chain each.
        typed: for an attack that the points turn into a hit (or a Death Spell they make a
            success), its ``damage`` and ``resist``
            rolls thrown at the table, (faces, wild) each.

    Returns:
        A ``cp_added`` payload: ``character_points``, the new ``cp_wild`` chains, ``source``
        and the whole ``roll`` as it now stands (an attack's with ``changes``).

    Raises:
        RuleError: no open roll, the option off, a hero point on the roll, over the GM's
            limit, or more points than the character has.
        DiceError: typed chains that do not fit.
    """
    m = state.member(who)
    last = open_roll(state, who)
    if not state.settings.wild.character_point_dice:
        raise RuleError("this table does not use character points for extra wild dice", _CP)
    if count > m.sheet.character_points:
        raise RuleError(f"{m.sheet.name} has {m.sheet.character_points} character points",
                        _CP)
    new = add_character_points(last.roll, count, state.settings.wild, dice=dice, chains=chains)
    added = new["cp_wild"][len(last.roll.get("cp_wild", ())):]
    payload = {"type": "cp_added", "who": m.id, "character_points": count, "cp_wild": added,
               "source": "table" if chains is not None else "app", "roll": new}
    if last.key == "attack":
        payload["changes"] = _attack_changes(last, new, dice, typed)
        return payload
    return _with_spell_changes(payload, last, new, dice, typed)


def parse_chains(text: str, count: int) -> list[list[int]]:
    """Read extra wild dice typed at the table: each chain runs to its first face that is not
    a 6 (``6 3 4`` is two dice: 6+3 and 4).

    Raises:
        DiceError: not numbers, a chain left ending on a 6, or not ``count`` chains.
    """
    try:
        faces = [int(p) for p in text.replace(",", " ").split()]
    except ValueError:
        raise DiceError(f"'{text}' is not dice faces; type numbers like 6 3 4") from None
    chains = split_chains(faces)
    if len(chains) != count:
        raise DiceError(f"type {count} extra wild dice, not {len(chains)}")
    return [check_chain(c, f"character point die {i + 1}") for i, c in enumerate(chains)]


def halfway_code(state: Campaign, who: str, what: str, modifier: DieCode | str = ZERO
                 ) -> DieCode:
    """The code a check of ``what`` would roll, after penalties, before the rolling limit: the
    dice "Halfway There" compares with the TN (flat bonuses such as Bless's +2 are not dice).

    Raises:
        RuleError: the character cannot act, or penalties leave no die.
    """
    m = state.member(who)
    req = RollRequest(code_for(state, m, what), actions=actions_counted(state, m.id),
                      wound_dice=wound_penalty(state, m), modifier=as_code(modifier))
    plan = plan_roll(req, replace(state.settings.wild, rolling_limit=None))
    return DieCode.of(plan.dice, plan.pips)


@own_content
def take_halfway(state: Campaign, who: str, what: str, target: int,
                 modifier: DieCode | str = ZERO) -> dict:
    """Take the automatic success of "Halfway There" instead of rolling.

    Args:
        state: the campaign.
        who: the character.
        what: the attribute, skill or ``"Skill: Focus"``.
        target: the target number.
        modifier: any other change to the code.

    Returns:
        A ``halfway_taken`` payload with the ``code`` compared.

    Raises:
        RuleError: the option is off, or the dice are less than half the TN.
    """
    m = state.member(who)
    if not state.settings.wild.halfway_there:
        raise RuleError("this campaign does not play Halfway There", _HALFWAY)
    code = halfway_code(state, who, what, modifier)
    if not halfway_there(code, target):
        raise RuleError(f"{m.sheet.name}'s {what} is {code}: its dice are less than half of"
                        f" {target}; roll it", _HALFWAY)
    return {"type": "halfway_taken", "who": m.id, "what": what, "tn": target,
            "code": str(code)}
