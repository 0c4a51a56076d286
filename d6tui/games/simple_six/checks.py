"""A Simple Six character's own rolls: an attribute, skill or specialization check, and
casting a spell he knows ("The Wild Die", "Casting Spells").
"""

from __future__ import annotations

from collections.abc import Sequence

from d6tui.engine.dice import Dice
from d6tui.engine.errors import DiceError, RuleError
from d6tui.games.simple_six import magic, perks, spellcast
from d6tui.games.simple_six.codes import ZERO, DieCode, as_code
from d6tui.games.simple_six.perks import LUCKY
from d6tui.games.simple_six.rolling import (
    HEAL_SPELL,
    Luck,
    Typed,
    actions_counted,
    check_action_left,
    check_can_cast,
    check_hero_points,
    check_not_dodging,
    code_for,
    flat_bonuses,
    magic_modifier,
    make_roll,
    reflex_carried,
    wild_options,
    wound_penalty,
)
from d6tui.games.simple_six.sheet import can_use_magic
from d6tui.games.simple_six.state import Campaign, own_content
from d6tui.games.simple_six.wild import RollRequest, roll_wild, table_wild
from d6tui.words import plural


@own_content
def roll_check(
    state: Campaign,
    who: str,
    what: str,
    *,
    target: int | None = None,
    hero_points: int = 0,
    character_points: int = 0,
    modifier: DieCode | str = ZERO,
    appearance: bool = False,
    free: bool = False,
    dice: Dice | None = None,
    typed: tuple[Sequence[int], Sequence[int], Sequence[Sequence[int]]] | None = None,
) -> dict:
    """Any attribute, skill or specialization roll (``"Wit"``, ``"Stealth"``,
    ``"Athletics: Running"``), with wound and action penalties, points spent, and a target.

    Args:
        state: the campaign.
        who: the character rolling.
        what: the attribute, skill or ``"Skill: Focus"``.
        target: the target number, if any.
        hero_points: hero points spent on the roll.
        character_points: character points spent for extra wild dice.
        modifier: any other change to the code.
        appearance: the action is about the character's looks: Attractive doubles the result,
            once a session ("General Perks"; the payload names the perk, fold spends it).
        free: the GM calls for the roll as no action of the roller's (a reaction); otherwise
            a combatant's check in a fight is one of his declared actions ("Multiple
            Actions": counted, and refused once they are spent; the payload says
            ``action``).
        dice: the app's dice.
        typed: (faces, wild chain, extra wild chains) typed from the table.

    Returns:
        A ``rolled`` payload. A declared Lucky doubles it too; a perk's skill bonus (the
        Dwarf's +2 to crafts, "Racial Perks") is a named line of the breakdown.

    Raises:
        RuleError: not enough hero or character points, Attractive asked for by a character
            who does not have it or has used it this session, a full dodger (he does nothing
            else until his next turn), Magic rolled by one who cannot work magic ("Access to
            Magic"), or a rule of the roll is broken.
    """
    m = state.member(who)
    if (state.settings.skills.canonical(what.partition(":")[0].strip()) == "Magic"
            and not can_use_magic(m.sheet, state.settings)):
        raise RuleError(f"{m.sheet.name} cannot work magic: no Magic roll", "Access to Magic")
    # A full dodger does nothing but dodge until his next turn ("Defensive Options").
    check_not_dodging(state, m, "skill check")
    fight = state.combat
    counted = not free and fight is not None and m.id in fight.ids
    if counted and fight is not None:
        if fight.actor == m.id:
            check_action_left(state, m, "skill check")
        elif fight.actions_spent(m.id) >= fight.declared(m.id):
            n = fight.declared(m.id)
            raise RuleError(f"{m.sheet.name} declared {plural(n, 'action')} this round and"
                            " has spent them: no skill check before the next round (or call"
                            " it a free roll)", "Multiple Actions")
    doubled: tuple[str, ...] = ()
    if appearance:
        perks.check_unused(state, m, perks.ATTRACTIVE)
        doubled = (perks.ATTRACTIVE,)
    if hero_points > m.sheet.hero_points:
        raise RuleError(f"{m.sheet.name} has {m.sheet.hero_points} hero points", "Hero Points")
    if character_points > m.sheet.character_points:
        raise RuleError(f"{m.sheet.name} has {m.sheet.character_points} character points",
                        "Traditional OpenD6 Character Points")
    req = RollRequest(
        code_for(state, m, what), actions=actions_counted(state, m.id),
        wound_dice=wound_penalty(state, m),
        modifier=as_code(modifier) + magic_modifier(state, m, what), hero_points=hero_points,
        character_points=character_points, target=target, label=what,
        flat=flat_bonuses(state, m, what),
        doubled_by=doubled + ((LUCKY,) if m.lucky else ()), reflex_dice=reflex_carried(state, m),
    )
    if typed is not None:
        faces, wild, cp = typed
        roll = table_wild(req, faces, wild, cp, options=wild_options(state.settings))
    else:
        if dice is None:
            raise DiceError("roll the dice, or type the faces rolled at the table")
        roll = roll_wild(req, dice, wild_options(state.settings))
    payload: dict = {"type": "rolled", "who": m.id, "what": what, "roll": roll}
    if counted:
        payload["action"] = True
    if hero_points:
        payload["hero_points"] = hero_points
    if character_points:
        payload["character_points"] = character_points
    if appearance:
        payload["perk"] = perks.ATTRACTIVE
    if m.lucky:
        payload["lucky"] = [m.id]
    return payload


@own_content
def cast_spell(
    state: Campaign,
    who: str,
    spell: str,
    tn: int | None,
    *,
    target: str | None = None,
    castings_today: int = 0,
    hero_points: int = 0,
    dice: Dice | None = None,
    typed: Typed | None = None,
) -> dict:
    """Cast a known spell: a Magic roll, less a die for each failure since the last rest,
    against the spell's TN (see :func:`.magic.spell_tn`) ("Casting Spells").

    Heal ("The Grimoire") takes a ``target`` instead of a TN and is cast by
    :func:`.spellcast.cast` (the one path of Heal, known or from a scroll): 15 for the Wounded
    or Severely Wounded, 19 for the Incapacitated, 23 for the Mortally Wounded, +10 for each
    Heal cast on the target this campaign day (counted from the log, :func:`heals_today`);
    success lowers the target's wound level one step (in fold). The six turns of
    concentration come first (:mod:`.heal_focus`).

    Args:
        state: the campaign.
        who: the caster.
        spell: a spell the caster knows.
        tn: its target number (None for Heal, whose TN the target's wounds set).
        target: Heal's patient.
        castings_today: Heal spells cast on that patient today that the log does not hold
            (cast before the campaign kept count); added to those it does.
        hero_points: hero points the caster spends on the Magic roll ("Hero Points").
        dice: the app's dice.
        typed: the roll typed from the table.

    Returns:
        A ``spell_cast`` payload (with ``target`` for Heal).

    Raises:
        RuleError: the caster does not know the spell, cannot work magic, or one of
            :func:`check_can_cast`'s rules is broken; Heal with no target, a target it
            cannot treat, or a campaign counting Body Points.
    """
    m = state.member(who)
    sp = state.settings.content.spell(spell)
    if sp.name == HEAL_SPELL:
        if target is None:
            raise RuleError("Heal is cast on someone: name the target", "The Grimoire")
        if castings_today < 0:
            raise RuleError("castings today are 0 or more", "The Grimoire")
        return spellcast.cast(state, m.id, sp.name, targets=[target],
                              castings_today=castings_today, dice=dice,
                              typed={"roll": typed} if typed is not None else None)
    if not can_use_magic(m.sheet, state.settings):
        raise RuleError(f"{m.sheet.name} cannot work magic", "Access to Magic")
    if sp.name not in m.sheet.spells:
        raise RuleError(f"{m.sheet.name} does not know {sp.name}", "Casting Spells")
    check_can_cast(state, m)
    magic.check_not_harmful(m.sheet.complications, m.sheet.name, sp.name)
    check_hero_points(m, hero_points)
    if tn is None:
        raise RuleError(f"{sp.name} needs a target number", "The Grimoire")
    code = magic.casting_code(code_for(state, m, "Magic"), m.caster)
    req = RollRequest(code, actions=actions_counted(state, m.id),
                      wound_dice=wound_penalty(state, m),
                      target=tn, label=sp.name, modifier=magic_modifier(state, m, "Magic"),
                      flat=flat_bonuses(state, m, "Magic"), reflex_dice=reflex_carried(state, m),
                      hero_points=hero_points)
    luck = Luck()
    roll = make_roll(req, state.settings, dice, typed, lucky=luck(m))
    payload = {"type": "spell_cast", "who": m.id, "spell": sp.name, "tn": tn, "roll": roll}
    if hero_points:
        payload["hero_points"] = hero_points
    return luck.mark(payload)
