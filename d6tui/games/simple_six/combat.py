"""Combat in Simple Six: initiative, attack target numbers in both systems, scale, damage.

"Order of Actions in a Round": actions are declared, then everyone rolls Agility for
initiative and the highest acts first. Attacks hit on a total at or above a target number: the
target's static defense ("Fast Static Combat") or 10 or the defender's roll ("Traditional OpenD6
Combat"), moved by range and cover. Damage beats Soak (static) or a Might-and-armor roll
(traditional) by a margin that the wound chart reads (:mod:`.wounds`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from d6tui.engine.dice import Dice
from d6tui.engine.errors import RuleError
from d6tui.games.simple_six.codes import ZERO, DieCode
from d6tui.games.simple_six.content import content
from d6tui.games.simple_six.wild import RollRequest, roll_wild, table_wild
from d6tui.games.simple_six.wild_options import WildOptions
from d6tui.games.simple_six.wounds import extra_damage

_STATIC = "Fast Static Combat"
_TRAD = "Traditional OpenD6 Combat"

#: Range modifiers to the target number ("Attacking a Target": Range). A brawling or melee
#: attack is made hand-to-hand, which the SRD rates with point blank: -5.
RANGE_MODIFIERS = {"point_blank": -5, "short": 0, "medium": 5, "long": 10, "hand_to_hand": -5}

#: The range of every brawling or melee attack.
HAND_TO_HAND = "hand_to_hand"

#: Cover modifiers by percent covered ("Attacking a Target": Cover); 100% cannot be hit.
COVER_MODIFIERS = {0: 0, 50: 5, 75: 10}

#: Added to Dodge by a full dodge, in both systems.
FULL_DODGE_BONUS = 10

#: The base target number of an attack in Traditional OpenD6 Combat.
TRADITIONAL_BASE_TN = 10

#: "Scaling": the scale modifier in dice of each kind of thing the table names.
SCALES: dict[str, int] = {
    "Character": 0, "Animals": 0,
    "Air Cycle": 2, "Car": 2, "Little Dragon": 2, "Wagon": 2,
    "Big Dragon": 4, "Galley": 4, "Mecha": 4, "Tank": 4,
    "Fighter": 6, "Light Transport": 6, "Heavy Mecha": 6,
    "Capital Ship": 12, "Elder God": 12, "Space Station": 12,
    "Mega Space Station": 24, "Planets": 24,
}


# -- initiative -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Initiative:
    """One combatant's place in the round.

    Attributes:
        who: the combatant's id.
        roll: the Agility roll dict.
        agility: the Agility code, which breaks ties (a d6tui choice; the SRD names none).
    """

    who: str
    roll: dict
    agility: DieCode


def initiative_order(entries: Sequence[Initiative]) -> list[Initiative]:
    """Highest Agility roll first; ties go to the higher Agility, then to the order given.

    Args:
        entries: each combatant's roll.

    Returns:
        The acting order ("Order of Actions in a Round").
    """
    indexed = list(enumerate(entries))
    indexed.sort(key=lambda p: (-p[1].roll["total"], -p[1].agility.total_pips, p[0]))
    return [e for _, e in indexed]


def roll_initiative(
    combatants: Mapping[str, DieCode],
    dice: Dice,
    options: WildOptions | Mapping | None = None,
    *,
    penalties: Mapping[str, int] | None = None,
    typed: Mapping[str, tuple[Sequence[int], Sequence[int]]] | None = None,
) -> list[Initiative]:
    """Roll Agility for every combatant and sort them.

    Args:
        combatants: id -> Agility code.
        dice: the app's dice.
        options: the table's roll options.
        penalties: id -> wound penalty dice for the roll.
        typed: id -> (faces, wild chain) rolled at the table, used instead of the app's dice.

    Returns:
        The order, highest first.

    Raises:
        RuleError: a combatant's penalties leave no die.
        DiceError: typed faces are wrong.
    """
    out = []
    for who, agility in combatants.items():
        req = RollRequest(agility, wound_dice=(penalties or {}).get(who, 0), label="initiative")
        if typed and who in typed:
            faces, wild = typed[who]
            roll = table_wild(req, faces, wild, options=options)
        else:
            roll = roll_wild(req, dice, options)
        out.append(Initiative(who, roll, agility))
    return initiative_order(out)


def action_penalty(actions: int, concentration: int = 0) -> int:
    """Dice off each roll for the actions declared this round ("Multiple Actions"); each spell
    kept up by concentration counts as an action ("Concentration (CONC)").

    Args:
        actions: actions declared.
        concentration: spells being maintained.

    Returns:
        Dice of penalty (0 for a single action).

    Raises:
        RuleError: fewer than one action.
    """
    if actions < 1:
        raise RuleError("a combatant declares at least one action", "Multiple Actions")
    return actions + concentration - 1


# -- target numbers ---------------------------------------------------------------------------


def range_band(weapon: str, feet: int) -> str:
    """The range band of a shot at ``feet`` with a missile weapon ("Missile Weapon Ranges").

    Args:
        weapon: a ranged weapon.
        feet: distance to the target.

    Returns:
        ``"short"``, ``"medium"`` or ``"long"`` (point blank is the GM's call).

    Raises:
        RuleError: not a ranged weapon, or the target is out of range.
    """
    w = content().weapon(weapon)
    if w.range is None:
        raise RuleError(f"{w.name} is not a missile weapon", "Missile Weapon Ranges")
    short, medium, long = content().ranges[w.range]
    if feet <= short:
        return "short"
    if feet <= medium:
        return "medium"
    if feet <= long:
        return "long"
    raise RuleError(f"{feet} feet is beyond the {w.name}'s long range of {long}",
                    "Missile Weapon Ranges")


def _situation(range_: str | None, cover: int, section: str) -> int:
    mod = 0
    if range_ is not None:
        if range_ not in RANGE_MODIFIERS:
            raise RuleError(
                f"range is {', '.join(RANGE_MODIFIERS)}, not {range_!r}", section
            )
        mod += RANGE_MODIFIERS[range_]
    if cover >= 100:
        raise RuleError("a target behind full cover cannot be hit", section)
    if cover not in COVER_MODIFIERS:
        raise RuleError("cover is 0, 50 or 75 percent (or 100: no shot)", section)
    return mod + COVER_MODIFIERS[cover]


def static_tn(
    defense: int,
    *,
    range_: str | None = None,
    cover: int = 0,
    full_dodge: bool = False,
    scale_bonus: int = 0,
) -> int:
    """The target number of an attack under "Fast Static Combat".

    Args:
        defense: the target's static Dodge (ranged attacks), Block or Parry (melee).
        range_: the range band for a missile attack, ``"hand_to_hand"`` (-5) in melee, or
            None for no range modifier. The static defense "becomes the attacker's TN modified
            as noted above", so hand-to-hand lowers a Block or Parry as well as a Dodge.
        cover: percent of the target behind cover (0, 50, 75).
        full_dodge: the target does nothing but dodge (+10 to Dodge).
        scale_bonus: static defense added by scale (see :func:`scale_effects`).

    Returns:
        The target number.

    Raises:
        RuleError: full cover, or an unknown range or cover.
    """
    tn = defense + _situation(range_, cover, _STATIC) + scale_bonus
    return tn + (FULL_DODGE_BONUS if full_dodge else 0)


def traditional_tn(
    defense_total: int | None = None,
    *,
    kind: str = "none",
    range_: str | None = None,
    cover: int = 0,
) -> int:
    """The target number of an attack under "Traditional OpenD6 Combat".

    Args:
        defense_total: the defender's roll, when he blocks, parries or dodges.
        kind: ``"none"`` (base 10), ``"block"``/``"parry"`` (the roll is the number, even
            below 10, range and cover not added), ``"dodge"`` (the roll, plus range and cover),
            ``"full_dodge"`` (the roll plus 10, plus range and cover).
        range_: the range band for missile attacks, ``"hand_to_hand"`` (-5) for brawling and
            melee; it moves the base TN and a dodge, not a block or parry roll.
        cover: percent behind cover.

    Returns:
        The target number.

    Raises:
        RuleError: a defense with no roll, an unknown kind, or full cover.
    """
    if kind == "none":
        return TRADITIONAL_BASE_TN + _situation(range_, cover, _TRAD)
    if defense_total is None:
        raise RuleError(f"a {kind} needs the defender's roll", "Defensive Options")
    if kind in ("block", "parry"):
        return defense_total
    if kind == "dodge":
        return defense_total + _situation(range_, cover, _TRAD)
    if kind == "full_dodge":
        return defense_total + FULL_DODGE_BONUS + _situation(range_, cover, _TRAD)
    raise RuleError(f"a defense is block, parry, dodge or full_dodge, not {kind!r}",
                    "Defensive Options")


def reflex_penalty(declared: bool) -> int:
    """Dice a defender loses until his next turn for a block, parry or dodge made on the spot.

    A defense declared with the round's actions is one of those actions (its cost is the
    multiple-action penalty); one made without being declared costs -1D besides
    ("Defensive Options").

    Args:
        declared: the defense was declared at the start of the round.

    Returns:
        Extra dice of penalty.
    """
    return 0 if declared else 1


# -- hits and damage --------------------------------------------------------------------------


@dataclass(frozen=True)
class ScaleEffects:
    """What a difference in scale adds ("Scaling").

    Attributes:
        attack: dice added to the smaller attacker's attack roll.
        dodge: dice added to the smaller defender's dodge (times 3 for a static Dodge).
        damage: dice added to the larger attacker's damage.
        soak: dice added to the larger defender's resistance (times 3 for a static Soak).
    """

    attack: DieCode = ZERO
    dodge: DieCode = ZERO
    damage: DieCode = ZERO
    soak: DieCode = ZERO


def scale_effects(attacker: int | str, defender: int | str) -> ScaleEffects:
    """The modifiers when attacker and defender differ in scale.

    Args:
        attacker: the attacker's scale in dice, or a name from :data:`SCALES`.
        defender: the defender's scale.

    Returns:
        The modifiers (all zero for equal scales).

    Raises:
        RuleError: an unknown scale name.
    """
    a, d = _scale(attacker), _scale(defender)
    diff = DieCode.of(abs(a - d))
    if a > d:
        return ScaleEffects(damage=diff, dodge=diff)
    if d > a:
        return ScaleEffects(attack=diff, soak=diff)
    return ScaleEffects()


def _scale(value: int | str) -> int:
    if isinstance(value, int):
        return value
    for name, dice in SCALES.items():
        if name.lower() == value.strip().lower():
            return dice
    raise RuleError(f"there is no scale '{value}'", "Scaling")


def hit_margin(attack_total: int, tn: int) -> int:
    """How far an attack beat (or missed) its target number; it hits at 0 or more."""
    return attack_total - tn


def damage_margin(
    damage_total: int,
    resistance: int,
    *,
    attack_margin: int | None = None,
    increasing_damage: int | None = None,
) -> int:
    """What the wound chart reads: damage (plus any increasing damage) less resistance.

    Args:
        damage_total: the damage roll's total.
        resistance: static Soak, or the Might-and-armor roll's total (traditional).
        attack_margin: how far the attack beat its TN, for "Increasing Damage".
        increasing_damage: the step of that option (5 in the SRD), or None when off.

    Returns:
        The margin for :func:`.wounds.take_hit`.
    """
    extra = 0
    if increasing_damage is not None and attack_margin is not None:

        extra = extra_damage(attack_margin, increasing_damage)
    return damage_total + extra - resistance


def parry_hurts_attacker(brawling_attack: bool, parried_with_weapon: bool) -> bool:
    """Whether a brawler whose blow is parried with a weapon takes the weapon's damage
    ("Defensive Options", Block/Parry).

    Args:
        brawling_attack: the attack was a Brawling attack.
        parried_with_weapon: the defender parried it with a weapon (and succeeded).

    Returns:
        True when the attacker takes the weapon's damage.
    """
    return brawling_attack and parried_with_weapon
