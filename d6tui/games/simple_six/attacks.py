"""Attacks in a Simple Six fight: the attack roll, the defense it meets (static or
rolled), and what a hit does ("Combat", "Static Defenses", "Defensive Options", "Damage").
"""

from __future__ import annotations

from collections.abc import Mapping

from d6tui.engine.dice import Dice
from d6tui.engine.errors import RuleError
from d6tui.games.simple_six import combat, effects, helpless, reflexes, wounds
from d6tui.games.simple_six.body_points import BP_HERO_DR
from d6tui.games.simple_six.codes import ZERO
from d6tui.games.simple_six.content import content
from d6tui.games.simple_six.fold import lapsed
from d6tui.games.simple_six.perks import DAREDEVIL
from d6tui.games.simple_six.rolling import (
    Luck,
    Typed,
    actions_counted,
    check_action_left,
    check_not_dodging,
    code_for,
    daredevil,
    flat_bonuses,
    magic_modifier,
    make_roll,
    reflex_carried,
    wound_penalty,
)
from d6tui.games.simple_six.sheet import (
    armor_value,
    block,
    dodge,
    parry,
    parry_skill,
    soak,
    unarmed_damage,
    weapon_damage,
)
from d6tui.games.simple_six.state import ORDER, Campaign, Combat, Member, own_content
from d6tui.games.simple_six.tools import weapon_bonus
from d6tui.games.simple_six.wild import RollRequest
from d6tui.words import plural


@own_content
def ready_to_attack(state: Campaign, attacker: str) -> None:
    """Check that ``attacker`` may attack now, before anyone picks a target: a fight, his
    turn, an action left ("Multiple Actions"), not full dodging, no spell stopping him, and
    able to act ("Wound Level Effects"). :func:`attack` makes the same checks first.

    Raises:
        RuleError: the first of these that fails.
    """
    fight = state.combat
    if fight is None:
        raise RuleError("attacks happen in a fight: start one", ORDER)
    a = state.member(attacker)
    if a.id not in fight.ids:
        raise RuleError(f"{a.sheet.name} is not in this fight", ORDER)
    if fight.actor is not None and fight.actor != a.id:
        actor = state.member(fight.actor).sheet.name
        raise RuleError(f"it is {actor}'s turn, not {a.sheet.name}'s", ORDER)
    wound_penalty(state, a)  # the dead, the knocked out and the dying cannot act
    check_action_left(state, a, "attack")
    if (why := effects.blocked(a.effects, "attack")) is not None:
        raise RuleError(f"{a.sheet.name} cannot attack: {why}", "The Grimoire")
    check_not_dodging(state, a, "attack")


@own_content
def attack(
    state: Campaign,
    attacker: str,
    target: str,
    *,
    skill: str,
    weapon: str | None = None,
    defense: str | None = None,
    defense_declared: bool = False,
    range_: str | None = None,
    cover: int = 0,
    full_dodge: bool = False,
    hero_points: int = 0,
    defender_hero_points: int = 0,
    dice: Dice | None = None,
    typed: Mapping[str, Typed] | None = None,
) -> dict:
    """An attack, its damage and the wound it deals, in the campaign's combat system.

    Fast Static: the TN is the target's static Dodge (``defense="dodge"``, the default for a
    missile weapon), Block or Parry (default: the better one, in melee), plus range and cover,
    +10 on a full dodge; damage is against static Soak. Traditional: the TN is 10 plus range and
    cover, or the defender's roll when he blocks, parries or dodges (``defense``); damage is
    against a Might roll plus armor. A hit that beats the TN adds "Increasing Damage" when the
    campaign uses it; scale adds its dice. Under Body Points, damage less Damage Resistance
    comes off Body Points.

    A Traditional defense marked declared is one of the defender's declared actions: it is
    refused when he has spent them all this round (an undeclared defense costs -1D instead),
    and once made it leaves him one attack or spell fewer in his turn ("Multiple Actions",
    "Defensive Options"). A brawling attack parried with a weapon, and so missing, deals the
    weapon's damage to the attacker, resisted as any hit (``counter`` in the payload).

    The defender's hero points (``defender_hero_points``) go, under Body Points, +6 each to
    Damage Resistance ("Body Points"), spent only when the attack hits; under wound levels in
    Traditional combat, onto his defense roll when he makes one, else onto his resist roll when
    the attack hits ("Hero Points"). Static defenses are not rolled: under static wound levels
    a defender's hero point goes to "just a flesh wound" instead.

    Args:
        state: the campaign.
        attacker: who attacks; in a round it must be his turn.
        target: who is attacked.
        skill: the attack skill ("Sword", "Bow", "Brawling").
        weapon: the weapon, for damage; None strikes bare-handed.
        defense: ``"dodge"``, ``"block"``, ``"parry"``, ``"full_dodge"`` (traditional:
            rolled by the defender), or None.
        defense_declared: the traditional defense was declared with the round's actions.
        range_: range band of a missile attack; a brawling or melee attack is always
            hand-to-hand (-5, "Attacking a Target").
        cover: percent of the target behind cover.
        full_dodge: (static) the target is doing nothing but dodging.
        hero_points: hero points the attacker spends on the attack roll.
        defender_hero_points: hero points the target spends (see above).
        dice: the app's dice.
        typed: dice typed from the table by roll: ``"attack"``, ``"defense"``, ``"damage"``,
            ``"resist"``, and for a parried brawler ``"counter_damage"``,
            ``"counter_resist"``.

    Returns:
        An ``attacked`` payload with every roll.

    Raises:
        RuleError: out of turn, past the actions declared, a combatant who cannot act, not
            enough hero points, full cover, a block or parry against a missile, or a defense
            the system does not have.
    """
    fight = state.combat
    if fight is None:
        raise RuleError("attacks happen in a fight: start one", ORDER)
    a, t = state.member(attacker), state.member(target)
    for m in (a, t):
        if m.id not in fight.ids:
            raise RuleError(f"{m.sheet.name} is not in this fight", ORDER)
    ready_to_attack(state, a.id)
    if hero_points > a.sheet.hero_points:
        raise RuleError(f"{a.sheet.name} has {a.sheet.hero_points} hero points", "Hero Points")
    s = state.settings
    dhp = _defender_hero_points(state, t, defender_hero_points, hero_points if a is t else 0)
    typed = typed or {}
    ranged = weapon is not None and weapon_is_ranged(weapon)
    scale = combat.scale_effects(scale_of(a), scale_of(t))
    # "Racial Perks": the Elf's +1 on ranged attacks, the Reptoid's +1 unarmed damage.
    # Each is a flat bonus to the total, named by its perk ("+1 Elf ranged").
    ranged_flat = tuple((f"{p.name} ranged", p.ranged_attack, p.section)
                        for p in a.sheet.perk_data() if ranged and p.ranged_attack)
    luck = Luck()
    req = RollRequest(
        code_for(state, a, skill) + scale.attack, actions=actions_counted(state, a.id),
        wound_dice=wound_penalty(state, a), hero_points=hero_points, label=skill,
        modifier=magic_modifier(state, a, skill), flat=ranged_flat + flat_bonuses(state, a, skill),
        reflex_dice=reflex_carried(state, a),
    )
    attack_roll = make_roll(req, s, dice, typed.get("attack"), lucky=luck(a))
    payload: dict = {"type": "attacked", "round": fight.round, "attacker": a.id,
                     "target": t.id, "skill": skill, "system": s.combat}
    if weapon is not None:
        payload["weapon"] = weapon
    if hero_points:
        payload["hero_points"] = hero_points
    payload["attack"] = attack_roll

    if not ranged:
        # "Attacking a Target": hand-to-hand is -5 in both systems.
        range_ = combat.HAND_TO_HAND
    if ranged and defense in ("block", "parry"):
        raise RuleError(f"{defense.capitalize()} is only against brawling or melee attacks;"
                        " a missile is dodged", "Defensive Options")
    tn = defense_tn(state, t, scale=scale, ranged=ranged, defense=defense,
                    defense_declared=defense_declared, range_=range_, cover=cover,
                    full_dodge=full_dodge, dice=dice, typed=typed, luck=luck, payload=payload,
                    hero_points=dhp if s.wounds == "levels" else 0)
    if "defender_hero_points" in payload:  # spent on his defense roll
        dhp = 0
    payload["tn"] = tn
    margin = combat.hit_margin(attack_roll["total"], tn)
    payload["hit"] = margin >= 0
    if margin < 0:
        parried_with = _parried_with(state, t, payload, weapon, defense)
        if parried_with is not None:
            # "Defensive Options", Block/Parry: the brawler takes the weapon's damage.
            counter = hit_effects(state, t, a, parried_with, 0, dice=dice, luck=luck,
                                  typed={"damage": typed.get("counter_damage"),
                                         "resist": typed.get("counter_resist")})
            counter.pop("extra", None)
            payload["counter"] = {"weapon": parried_with, **counter}
            return lapsed(state, luck.mark(payload))
        return luck.mark(payload)
    payload.update(hit_effects(state, a, t, weapon, margin, dice=dice, typed=typed, luck=luck,
                               hero_points=dhp))
    if dhp:
        payload["defender_hero_points"] = dhp
    return lapsed(state, luck.mark(payload))


def defense_tn(state: Campaign, t: Member, *, scale: combat.ScaleEffects, ranged: bool,
               defense: str | None, defense_declared: bool, range_: str | None, cover: int,
               full_dodge: bool, dice: Dice | None, typed: Mapping[str, Typed], luck: Luck,
               payload: dict, hero_points: int = 0) -> int:
    """The TN an attack on ``t`` meets, in the campaign's combat system: a helpless target's
    Very Easy base (:mod:`.helpless`), a full dodge held from earlier in the round, a static
    Dodge, Block or Parry (halved by Daredevil), or 10 or the defender's Traditional roll
    (with his wound, action and reflex penalties; an undeclared one costs -1D more), plus range
    and cover ("Attacking a Target", "Defensive Options", "Static Defenses", "General
    Perks"). Used by every attack, the thrown Lightning Bolt's too.

    Writes what the defense was into ``payload`` (``helpless``, ``dodge_held``,
    ``daredevil``, ``full_dodge``, ``defense``); fold reads them for the reflex penalty and
    the held full dodge (:func:`_defended`). A Traditional defense marked declared must have
    a declared action left for it (:func:`_check_defense_declared`). ``hero_points``: the
    defender's, put on his Traditional defense roll when he makes one (then written as
    ``defender_hero_points``).

    Raises:
        RuleError: a defense a helpless or full-dodging target cannot make, one the combat
            system does not have, or a declared defense with no declared action left.
    """
    fight = state.combat
    s = state.settings
    # "General Perks": Daredevil halves the target's Dodge, Block and Parry and doubles his
    # Might against damage for the round it was declared for.
    dd = daredevil(state, t)
    held = reflexes.held_dodge(fight, t.id)
    why = helpless.helpless_reason(state, t)
    if why is not None:
        # A marked decision (helpless.py): no defense at all, a Very Easy base TN.
        if defense is not None or full_dodge:
            raise RuleError(f"{t.sheet.name} is {why} and cannot dodge, block or parry",
                            "Combat")
        tn = helpless.helpless_tn(range_, cover)
        payload["helpless"] = why
    elif held is not None:
        if defense not in (None, "dodge", "full_dodge"):
            raise RuleError(f"{t.sheet.name} is full dodging until their next turn; every"
                            " attack meets that dodge", "Defensive Options"
                            if s.combat != "static" else "Static Defenses")
        if held.total is None or s.combat == "static":
            base = dodge(t.sheet, s) + scale.dodge.static
            if dd:  # Daredevil halves the dodge for the whole round ("General Perks")
                base //= 2
                payload["daredevil"] = True
            tn = combat.static_tn(base, range_=range_, cover=cover, full_dodge=True)
        else:
            tn = combat.traditional_tn(held.total, kind="full_dodge", range_=range_,
                                       cover=cover)
        payload["dodge_held"] = True
    elif s.combat == "static":
        kind = defense or ("dodge" if ranged else "melee")
        if kind == "parry":
            _check_can_parry(state, t)
        if kind == "dodge":
            base = dodge(t.sheet, s) + scale.dodge.static
        elif kind == "block":
            base = block(t.sheet, s)
        elif kind == "parry":
            base = parry(t.sheet, s)
        elif kind == "melee":
            base = max(block(t.sheet, s), parry(t.sheet, s))
        else:
            raise RuleError(f"static defenses are dodge, block and parry, not {kind!r}",
                            "Static Defenses")
        if dd:
            base //= 2
            payload["daredevil"] = True
        # "Attacking a Target": the range modifier (hand-to-hand -5 too) goes on the Dodge
        # score; a Block or Parry is the TN as it stands, cover added ("Increasing Damage":
        # a warrior beats a Parry of 14, not 9).
        tn = combat.static_tn(base, range_=range_ if kind == "dodge" else None, cover=cover,
                              full_dodge=full_dodge and kind == "dodge")
        if full_dodge and kind == "dodge":
            payload["full_dodge"] = True  # it holds until the target's next turn
    else:
        if defense is None:
            tn = combat.traditional_tn(range_=range_, cover=cover)
        else:
            if defense not in ("dodge", "block", "parry", "full_dodge"):
                raise RuleError(f"a defense is dodge, block, parry or full_dodge, not {defense!r}",
                                "Defensive Options")
            if defense == "parry":
                _check_can_parry(state, t)
            dskill = {"dodge": "Dodge", "full_dodge": "Dodge", "block": "Brawling",
                      "parry": parry_skill(t.sheet, s) or "Brawling"}[defense]
            extra = combat.reflex_penalty(defense_declared) if defense != "full_dodge" else 0
            if defense_declared and defense != "full_dodge" and fight is not None:
                _check_defense_declared(fight, t)
            dcode = code_for(state, t, dskill) + (scale.dodge if "dodge" in defense else ZERO)
            on_defense = hero_points
            dreq = RollRequest(dcode, actions=actions_counted(state, t.id),
                               modifier=magic_modifier(state, t, dskill),
                               wound_dice=wound_penalty(state, t),
                               reflex_dice=reflex_carried(state, t) + extra, label=dskill,
                               halved_by=(DAREDEVIL,) if dd else (),
                               hero_points=on_defense, flat=flat_bonuses(state, t, dskill))
            droll = make_roll(dreq, s, dice, typed.get("defense"), lucky=luck(t))
            payload["defense"] = {"kind": defense, "roll": droll}
            if defense_declared:
                payload["defense"]["declared"] = True
            if on_defense:
                payload["defender_hero_points"] = on_defense
            tn = combat.traditional_tn(droll["total"], kind=defense, range_=range_, cover=cover)
    return tn


def _defender_hero_points(state: Campaign, t: Member, n: int, taken: int) -> int:
    """Check the hero points a defender spends on an attack (see :func:`attack`).

    Raises:
        RuleError: fewer than 0, more than he has, or a campaign with no rolled use for them
            (static wound levels).
    """
    if n == 0:
        return 0
    if n < 0:
        raise RuleError("hero points spent are 0 or more", "Hero Points")
    if n + taken > t.sheet.hero_points:
        raise RuleError(f"{t.sheet.name} has {t.sheet.hero_points} hero points", "Hero Points")
    if state.settings.wounds == "levels" and state.settings.combat == "static":
        raise RuleError("static defenses and Soak are not rolled: a defender's hero point"
                        " makes a wound 'just a flesh wound' instead", "Hero Points")
    return n


def _check_defense_declared(fight: Combat, t: Member) -> None:
    """Refuse a declared defense when the defender has spent every declared action.

    Raises:
        RuleError: no declared action is left for it.
    """
    n = fight.declared(t.id)
    if fight.actions_spent(t.id) >= n:
        raise RuleError(
            f"{t.sheet.name} declared {plural(n, 'action')} this round and has"
            " spent them: this defense was not declared (it costs -1D until his next turn)",
            "Multiple Actions")


def _parried_with(state: Campaign, t: Member, payload: dict, weapon: str | None,
                  defense: str | None) -> str | None:
    """The melee weapon a defender parried a bare-handed (brawling) attack with, or None.

    A parry is the Traditional ``parry`` roll, or in Fast Static an explicit ``parry`` or the
    default melee defense when his Parry is higher than his Block. The weapon is the first
    melee weapon on his sheet; without one nothing hurts the attacker.
    """
    if weapon is not None or "helpless" in payload or payload.get("dodge_held"):
        return None
    s = state.settings
    if s.combat == "static":
        parried = defense == "parry" or (
            defense is None and parry(t.sheet, s) > block(t.sheet, s))
    else:
        parried = isinstance(payload.get("defense"), dict) and (
            payload["defense"]["kind"] == "parry")
    if not combat.parry_hurts_attacker(True, parried):
        return None
    tables = state.settings.content
    return next((w for w in t.sheet.weapons if tables.weapon(w).kind != "ranged"), None)


def hit_effects(state: Campaign, a: Member, t: Member, weapon: str | None, margin: int, *,
                dice: Dice | None, typed: Mapping[str, Typed | None], luck: Luck,
                hero_points: int = 0) -> dict:
    """What a hit does, for :func:`attack` (and an attack roll changed after it was made,
    :mod:`.afterroll`): the damage roll, the target's resistance (static Soak, a Might roll
    plus armor, or armor under Body Points; Daredevil doubles the Might), and "Increasing
    Damage" from the margin.

    Under Body Points the larger target adds the scale difference to its Damage Resistance,
    as to Soak ("Scaling"), and each of the target's ``hero_points`` adds +6 to it ("Body
    Points"); under Traditional wound levels the hero points go on the resist roll.

    Returns:
        ``damage``, ``resistance``, ``extra`` and, as they apply, ``resist`` and
        ``daredevil``.
    """
    s = state.settings
    scale = combat.scale_effects(scale_of(a), scale_of(t))
    # "Racial Perks": the Reptoid's claws add +1 to the damage total, not a pip of the code.
    claws = tuple((f"{p.name} claws", p.unarmed_damage, p.section) for p in a.sheet.perk_data()
                  if weapon is None and p.unarmed_damage)
    dd = daredevil(state, t)
    out: dict = {}
    dmg_code = (weapon_damage(a.sheet, weapon, s) if weapon else unarmed_damage(a.sheet, s))
    dmg_code = dmg_code + scale.damage + magic_modifier(state, a, "damage")
    if weapon is not None:

        dmg_code = dmg_code + weapon_bonus(a.items, weapon, t.sheet.name)
    out["damage"] = make_roll(RollRequest(dmg_code, label="damage",
                                      flat=claws + flat_bonuses(state, a, "damage")),
                          s, dice, typed.get("damage"),
                          lucky=luck(a))
    if s.wounds == "body_points":
        out["resistance"] = (armor_value(t.sheet) + scale.soak.static
                             + BP_HERO_DR * hero_points)
    elif s.combat == "static":
        # Daredevil doubles the Might in Soak, not the armor.
        might = t.sheet.attribute("Might").static if dd else 0
        out["resistance"] = soak(t.sheet) + scale.soak.static + might
        if dd:
            out["daredevil"] = True
    else:
        rreq = RollRequest(t.sheet.attribute("Might") + scale.soak
                           + magic_modifier(state, t, "resist"),
                           label="resist", doubled_by=(DAREDEVIL,) if dd else (),
                           hero_points=hero_points, flat=flat_bonuses(state, t, "resist"))
        rroll = make_roll(rreq, s, dice, typed.get("resist"), lucky=luck(t))
        out["resist"] = rroll
        out["resistance"] = rroll["total"] + armor_value(t.sheet)
    out["extra"] = (wounds.extra_damage(margin, s.increasing_damage)
                    if s.increasing_damage else 0)
    return out


def scale_of(m: Member) -> int:
    """A character's scale in dice with Growth, Animal Growth or Shape Change on him
    ("Scaling", "The Grimoire")."""
    return effects.scaled(m.sheet.scale, effects.scale_steps(m.effects))


def weapon_is_ranged(weapon: str) -> bool:
    """Whether a weapon of the tables is a missile weapon."""
    return content().weapon(weapon).kind == "ranged"


def _check_can_parry(state: Campaign, t: Member) -> None:
    """Refuse a parry by a defender who carries no melee weapon ("Static Defenses": Parry is
    the weapon skill; "Defensive Options": bare hands block).

    Raises:
        RuleError: no melee weapon on his sheet.
    """
    if parry_skill(t.sheet, state.settings) is None:
        raise RuleError(f"{t.sheet.name} carries no melee weapon to parry with; bare hands"
                        " block (Brawling)", "Defensive Options")
