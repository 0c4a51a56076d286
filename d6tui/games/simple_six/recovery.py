"""After a wound: staying up, the Mortally Wounded roll, a flesh wound, healing and rest
("Wound Level Effects", "Healing", "Hero Points").
"""

from __future__ import annotations

from collections.abc import Sequence

from d6tui.engine.dice import Dice, parse_typed_total, table_roll
from d6tui.engine.errors import DiceError, RuleError
from d6tui.games.simple_six import wounds
from d6tui.games.simple_six.body_points import bp_heal
from d6tui.games.simple_six.fold import lapsed
from d6tui.games.simple_six.healing import (
    ASSISTED_EVERY,
    assisted_healing,
    assisted_healing_tn,
    natural_healing,
    natural_healing_tn,
    potion_of_healing,
)
from d6tui.games.simple_six.rolling import (
    NO_HEALING,
    Luck,
    Typed,
    able_to_treat,
    code_for,
    flat_bonuses,
    magic_modifier,
    make_roll,
)
from d6tui.games.simple_six.state import Campaign, own_content
from d6tui.games.simple_six.wild import RollRequest


@own_content
def stay_up(state: Campaign, who: str, *, dice: Dice | None = None,
            typed: Typed | None = None, knockout_faces: Sequence[int] | None = None,
            knockout_total: int | None = None) -> dict:
    """The newly Incapacitated character's Stamina roll (Moderate, 15) and, on a failure, the
    10D minutes he is out ("Wound Level Effects").

    Args:
        state: the campaign.
        who: the Incapacitated character.
        dice: the app's dice.
        typed: the Stamina roll typed from the table.
        knockout_faces: the 10D typed from the table.
        knockout_total: or only their total typed (``=34``): the minutes need no more.

    Returns:
        A ``stay_up_rolled`` payload.

    Raises:
        RuleError: the character is not waiting on this roll.
    """
    m = state.member(who)
    if m.wounds.level != wounds.WoundLevel.INCAPACITATED or not m.wounds.stay_up_pending:
        raise RuleError(f"{m.sheet.name} has no roll to stay up", "Wound Level Effects")
    # The Stamina skill by name, even in a stored campaign whose renamed attribute is called
    # Stamina too ("Renaming Attributes" refuses that name for new campaigns).
    code = m.sheet.skill("Stamina", state.settings) if state.settings.skills.canonical(
        "Stamina") else m.sheet.attribute("Might")
    luck = Luck()
    roll = make_roll(RollRequest(code, target=wounds.STAY_UP_TN, label="Stamina",
                             modifier=magic_modifier(state, m, "Stamina"),
                             flat=flat_bonuses(state, m, "Stamina")),
                 state.settings, dice, typed, lucky=luck(m))
    payload: dict = luck.mark({"type": "stay_up_rolled", "who": m.id, "roll": roll})
    if roll["total"] < wounds.STAY_UP_TN:
        if knockout_total is not None:
            payload["knockout"] = parse_typed_total(f"={knockout_total}", wounds.KNOCKOUT_DICE)
        elif knockout_faces is not None:
            payload["knockout"] = table_roll(list(knockout_faces), wounds.KNOCKOUT_DICE)
        elif dice is not None:
            payload["knockout"] = dice.roll(wounds.KNOCKOUT_DICE)
        else:
            raise DiceError("roll 10D for the minutes the character is out")
    return lapsed(state, payload)


@own_content
def mortal_roll(state: Campaign, who: str, *, dice: Dice | None = None,
                typed: Typed | None = None) -> dict:
    """A Mortally Wounded character's Might roll for the round ("Wound Level Effects").

    Args:
        state: the campaign.
        who: the Mortally Wounded character.
        dice: the app's dice.
        typed: the roll typed from the table.

    Returns:
        A ``mortal_rolled`` payload.

    Raises:
        RuleError: the character is not Mortally Wounded, or has rolled in this combat round
            already (one roll a round).
    """
    m = state.member(who)
    if m.wounds.level != wounds.WoundLevel.MORTALLY_WOUNDED:
        raise RuleError(f"{m.sheet.name} is not Mortally Wounded", "Wound Level Effects")
    rnd = state.combat.round if state.combat else None
    if rnd is not None and m.wounds.mortal_rolled_round == rnd:
        raise RuleError(f"{m.sheet.name} has rolled Might against death this round; the next"
                        f" roll comes in round {rnd + 1}", "Wound Level Effects")
    luck = Luck()
    # The roll fails below the whole minutes spent at this level: with one or more it has
    # that target, so Destiny and character points can change a failure.
    minutes = m.wounds.mortal_rounds // wounds.ROUNDS_PER_MINUTE
    roll = make_roll(RollRequest(m.sheet.attribute("Might"), label="Might against death",
                             target=minutes or None,
                             modifier=magic_modifier(state, m, "Might"),
                             flat=flat_bonuses(state, m, "Might")),
                 state.settings, dice,
                 typed, lucky=luck(m))
    return lapsed(state, luck.mark({"type": "mortal_rolled", "who": m.id,
                                                "roll": roll}))


@own_content
def flesh_wound(state: Campaign, who: str) -> dict:
    """Spend a hero point: "just a flesh wound" lowers the wound level one step.

    Args:
        state: the campaign.
        who: the wounded character.

    Returns:
        A ``flesh_wound_taken`` payload.

    Raises:
        RuleError: the rule's conditions are not met (see :func:`.wounds.just_a_flesh_wound`).
    """
    m = state.member(who)
    if state.settings.wounds != "levels":
        raise RuleError("flesh wounds lower wound levels; this campaign counts Body Points",
                        "Hero Points")
    wounds.just_a_flesh_wound(m.wounds, m.sheet.hero_points, state.settings.wild.hero_points)
    return {"type": "flesh_wound_taken", "who": m.id}


@own_content
def heal(
    state: Campaign,
    who: str,
    method: str,
    *,
    minutes: int | None = None,
    healer: str | None = None,
    dice: Dice | None = None,
    typed: Typed | None = None,
    recovery_faces: Sequence[int] | None = None,
) -> dict:
    """Heal a character: ``"natural"`` (a Might roll after rest), ``"assisted"`` (a healer's
    Medicine roll, once a day) or ``"potion"`` (a Potion of Healing) ("Healing", "Potions").

    Args:
        state: the campaign.
        who: the patient.
        method: how.
        minutes: minutes rested (natural) or since the last treatment (assisted; None: by
            the campaign clock since the last one recorded, or never treated).
        healer: the character who rolls Medicine (assisted).
        dice: the app's dice.
        typed: the check typed from the table.
        recovery_faces: under Body Points, the recovered dice typed from the table.

    Raises:
        RuleError: the healing rule is broken (rest too short, nothing to heal, natural healing
            for a combatant in the middle of a fight...), or the healer cannot act (knocked
            out, Mortally Wounded, dead, helpless; :func:`able_to_treat`). The healer's wound
            penalty is on his Medicine roll.
    """
    m = state.member(who)
    s = state.settings
    extra = sum(p.healing_tn for p in m.sheet.perk_data())
    heals = all(p.heals for p in m.sheet.perk_data())
    if method == "assisted" and minutes is None and m.treated_at is not None:
        minutes = state.minutes - m.treated_at  # since the last treatment, by the clock
    payload: dict = {"type": "healed", "who": m.id, "method": method}
    if minutes is not None:
        payload["minutes"] = minutes
    if not heals:
        raise RuleError(NO_HEALING.format(name=m.sheet.name), "Racial Perks")
    luck = Luck()
    if method == "potion":
        if m.body is not None:
            raise RuleError("a potion heals a wound level; this campaign counts Body Points",
                            "Potions")
        potion_of_healing(m.wounds)
        return payload
    if method not in ("natural", "assisted"):
        raise RuleError(f"healing is natural, assisted or potion, not {method!r}", "Healing")
    if method == "natural" and state.combat is not None and m.id in state.combat.ids:
        # Natural healing is rest (days of it); a combatant cannot rest mid-fight.
        raise RuleError(f"{m.sheet.name} is fighting: natural healing needs rest, after the"
                        " fight", "Healing" if m.body is None else
                        "Body Points (alternative to Wound Levels)")
    roller = m if method == "natural" else state.member(healer or "")
    what = "Might" if method == "natural" else "Medicine"
    # Natural healing is the body mending at rest; treating someone is an action.
    pen = 0
    if method == "assisted":
        payload["healer"] = roller.id
        pen = able_to_treat(state, roller, "treat")
        if roller.id == m.id:
            raise RuleError(f"{m.sheet.name} cannot treat themself: assisted healing is help"
                            " from another character", "Healing")
    if m.body is not None and m.body.current >= m.body.maximum:
        raise RuleError(f"{m.sheet.name} is at full Body Points ({m.body.current}): nothing to"
                        " heal", "Body Points (alternative to Wound Levels)")
    if m.body is not None:
        if method == "natural" and (minutes or 0) < 24 * 60:
            raise RuleError("Body Points heal after a full day of rest",
                            "Body Points (alternative to Wound Levels)")
        if method == "assisted" and minutes is not None and minutes < ASSISTED_EVERY:
            raise RuleError("a patient can be treated once a day",
                            "Body Points (alternative to Wound Levels)")
        roll = make_roll(RollRequest(code_for(state, roller, what), label=s.rename(what),
                                 wound_dice=pen,
                                 modifier=magic_modifier(state, roller, what),
                                 flat=flat_bonuses(state, roller, what)), s, dice, typed,
                     lucky=luck(roller))
        payload["roll"] = roll
        _new, rec = bp_heal(m.body, roll["total"], dice=dice, faces=recovery_faces)
        if rec is not None:
            payload["recovered"] = rec
        return luck.mark(payload)
    if m.wounds.level == wounds.WoundLevel.STUNNED and method == "natural":
        natural_healing(m.wounds, None, minutes or 0, heals=heals)
        return payload
    if method == "natural":
        natural_healing(m.wounds, 99, minutes or 0, extra_tn=extra, heals=heals)
    else:
        assisted_healing(m.wounds, 99, minutes, extra_tn=extra, heals=heals)
    tn = (natural_healing_tn(m.wounds, extra) if method == "natural"
          else assisted_healing_tn(m.wounds, extra))
    if tn is not None:  # for the record: a failed treatment says so, with its TN
        payload["tn"] = tn
    roll = make_roll(RollRequest(code_for(state, roller, what), label=s.rename(what),
                             wound_dice=pen,
                             modifier=magic_modifier(state, roller, what),
                             flat=flat_bonuses(state, roller, what)), s, dice, typed,
                 lucky=luck(roller))
    payload["roll"] = roll
    return luck.mark(payload)


@own_content
def rest(state: Campaign, who: str, minutes: int) -> dict:
    """A caster rests; an hour clears the failure penalty ("Casting Spells").

    Raises:
        RuleError: a rest of less than nothing, or by a combatant in the middle of a fight
            (rest must be uninterrupted).
    """
    m = state.member(who)
    if minutes < 0:
        raise RuleError("rest is counted in minutes, 0 or more", "Casting Spells")
    if state.combat is not None and m.id in state.combat.ids:
        raise RuleError(f"{m.sheet.name} is fighting: an hour's rest with no interruption"
                        " comes after the fight", "Casting Spells")
    return {"type": "rested", "who": m.id, "minutes": minutes}


def wound_rolls_due(state: Campaign) -> list[str]:
    """Ids of the combatants whose wounds call for a roll this round, in the fight's key
    order: the Mortally Wounded who have not made this round's Might roll against death
    ("Wound Level Effects": roll Might each round), and the Incapacitated not yet rolled to
    stay up. Empty out of a fight or before its first round."""
    fight = state.combat
    if fight is None or not fight.round:
        return []
    out = []
    for i in fight.ids:
        m = state.member(i)
        if m.body is not None:
            continue
        if m.wounds.stay_up_pending or (
                m.wounds.level == wounds.WoundLevel.MORTALLY_WOUNDED
                and m.wounds.mortal_rolled_round != fight.round):
            out.append(m.id)
    return out


def mortal_rolls_due(state: Campaign) -> list[str]:
    """Ids of the Mortally Wounded in the fight whose Might roll against death for this
    round is still to come ("Wound Level Effects"), in the fight's key order."""
    return [i for i in wound_rolls_due(state)
            if state.member(i).wounds.level == wounds.WoundLevel.MORTALLY_WOUNDED
            and state.member(i).wounds.mortal_rolled_round != state.combat.round]


def flesh_wound_open(state: Campaign, who: str) -> bool:
    """Whether ``who`` may spend a hero point now for "just a flesh wound" (one wound level
    less, once per combat, "Hero Points"): wound levels, the static hero-point rule, a hero
    point left, a wound to lessen, not yet used this fight. The attack box offers it to a
    target his attack has just wounded."""
    try:
        flesh_wound(state, who)
    except RuleError:
        return False
    return True
