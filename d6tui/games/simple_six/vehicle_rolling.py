"""How a Simple Six vehicle action is rolled and who may take it: a combatant's vehicle
action is one of his actions in a running fight, the pilot's roll with the vehicle's penalty,
a skill the campaign's list lacks rolled on its attribute, and the hit a vehicle weapon makes
("Vehicle Combat", "Multiple Actions", "Order of Actions in a Round").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from d6tui.engine.dice import Dice, table_roll
from d6tui.engine.errors import DiceError, RuleError
from d6tui.games.simple_six import effects
from d6tui.games.simple_six import vehicles as vr
from d6tui.games.simple_six.codes import ZERO, DieCode
from d6tui.games.simple_six.rolling import (
    Luck,
    actions_counted,
    check_action_left,
    check_not_dodging,
    code_for,
    flat_bonuses,
    magic_modifier,
    make_roll,
    reflex_carried,
    wound_penalty,
)
from d6tui.games.simple_six.state import Campaign, Member
from d6tui.games.simple_six.wild import RollRequest
from d6tui.games.simple_six.wounds import next_level

#: Attribute used when the campaign's skill list lacks a vehicle skill.
FALLBACK = {"drive": "Agility", "pilot": "Agility", "gunnery": "Agility", "command": "Charm",
            "repair": "Wit"}


_VC = "Vehicle Combat"


_ORDER = "Order of Actions in a Round"


def in_fight(state: Campaign, m: Member) -> bool:
    """Whether ``m`` is a combatant of the running fight."""
    return state.combat is not None and m.id in state.combat.ids


def check_can_act(state: Campaign, m: Member, what: str) -> None:
    """Refuse a vehicle action ``m`` may not take now: in a running fight he is part of, it
    must be his turn (between rounds there is no turn to keep), within the actions he declared,
    not while he holds a full dodge or a spell forbids it ("Order of Actions in a Round",
    "Multiple Actions", "Defensive Options"). Outside a fight nothing is refused.

    Raises:
        RuleError: out of turn, past the declared actions, full dodging, or blocked by a spell.
    """
    fight = state.combat
    if fight is None or m.id not in fight.ids:
        return
    if fight.actor is not None and fight.actor != m.id:
        actor = state.member(fight.actor).sheet.name
        raise RuleError(f"it is {actor}'s turn, not {m.sheet.name}'s: a vehicle action in a"
                        " fight is one of the character's actions", _ORDER)
    check_action_left(state, m, what)
    if (why := effects.blocked(m.effects, "attack")) is not None:
        raise RuleError(f"{m.sheet.name} cannot act: {why}", "The Grimoire")
    check_not_dodging(state, m, what)


def acts_in_turn(state: Campaign, m: Member, what: str, payload: dict) -> None:
    """Check that ``m`` may take the vehicle action now and, when he is a combatant, name him
    in the payload as ``acted``: fold counts it as one of his actions."""
    check_can_act(state, m, what)
    if in_fight(state, m):
        payload["acted"] = m.id


def request(state: Campaign, m: Member, code: DieCode, what: str, label: str, *,
            wounds: bool = True, target: int | None = None) -> RollRequest:
    """The roll ``m`` makes of ``code`` (his ``what``: a skill or attribute), with what every
    roll of his takes: wound, multiple-action and reflex penalties, spells and items
    (:func:`.rolling.magic_modifier`), perk bonuses.

    Args:
        wounds: take the wound penalty here (False when it is already in ``code``).
    """
    return RollRequest(code, actions=actions_counted(state, m.id),
                       wound_dice=wound_penalty(state, m) if wounds else 0,
                       reflex_dice=reflex_carried(state, m),
                       modifier=magic_modifier(state, m, what),
                       flat=flat_bonuses(state, m, what), target=target, label=label)


def skill_code(state: Campaign, m: Member, name: str) -> tuple[DieCode, str]:
    """A character's code for a vehicle skill and the name rolled.

    Returns:
        (code, what was rolled): the skill, or its attribute when the campaign has no such
        skill (see the module docstring).

    Raises:
        RuleError: neither the skill nor a fallback attribute is known.
    """
    try:
        return code_for(state, m, name), name
    except RuleError:
        attr = FALLBACK.get(name.strip().lower())
        if attr is None:
            raise
        return m.sheet.attribute(attr), attr


def _plain(dice: Dice | None, typed: Sequence[int] | None, label: str) -> dict:
    """One plain d6 (the damage chart, the system hit)."""
    if typed is not None:
        roll = table_roll(list(typed), 1)
    elif dice is None:
        raise DiceError("roll the dice, or type the faces rolled at the table")
    else:
        roll = dice.roll(1)
    roll["label"] = label
    return roll


def can_steer(state: Campaign, v: vr.Vehicle) -> bool:
    """Whether ``v`` is running and has a pilot who can act."""
    if v.pilot is None or not v.running:
        return False
    try:
        wound_penalty(state, state.member(v.pilot))
    except RuleError:
        return False
    return True


def pilot_roll(state: Campaign, v: vr.Vehicle, key: str, dice: Dice | None,
                typed: Mapping[str, Any], luck: Luck, *, move: bool = False, bonus: int = 0,
                extra: DieCode = ZERO) -> dict:
    """The pilot's Drive/Pilot roll with ``v``: skill less his wounds, plus Maneuverability,
    less the vehicle's structural penalty (and Move dice and speed bonus in a chase); his
    multiple-action and reflex penalties, spells, items and Lucky as on any roll of his."""
    if v.pilot is None:
        raise RuleError(f"{v.name} has no pilot: crew it first", "Vehicles")
    if not v.running:
        raise RuleError(f"{v.name} has stopped (Mortally Wounded or destroyed)",
                        "Structural Damage")
    m = state.member(v.pilot)
    skill, what = skill_code(state, m, v.stats.skill)
    skill = skill - DieCode.of(wound_penalty(state, m)) + extra
    code = vr.pilot_code(skill, v, move=move, bonus=bonus)
    parts = [f"{what} of {m.sheet.name}", f"MNV {v.maneuverability}"]
    if v.penalty:
        parts.append(f"-{v.penalty}D {v.level.label}")
    if move:
        parts.append(f"Move {v.move}")
    if bonus:
        parts.append(f"+{bonus}D speed")
    if extra != ZERO:
        parts.append(f"{extra.signed()} scale")
    label = parts[0]
    for part in parts[1:]:  # a signed part carries its own sign: "+2D speed", not "+ +2D"
        label += f" {part}" if part[:1] in "+-" else f" + {part}"
    req = request(state, m, code, what, label, wounds=False)
    return make_roll(req, state.settings, dice, typed.get(key), lucky=luck(m))


def vehicle_hit(state: Campaign, v: vr.Vehicle, code: DieCode, soak: DieCode, key: str,
                dice: Dice | None, typed: Mapping[str, Any], extra: int = 0) -> dict:
    """Damage ``code`` against ``v``'s Body (plus ``soak`` dice of scale), and where it lands
    (see :mod:`.vehicle_log` for the shape)."""
    s = state.settings
    hit: dict = {"vehicle": v.id, "key": key}
    hit["damage"] = make_roll(RollRequest(code, label="damage"), s, dice, typed.get(key + "damage"))
    if s.combat == "static":
        resistance = (v.body + soak).static
    else:
        resist = make_roll(RollRequest(v.body + soak, label=f"Body of {v.name}"), s, dice,
                       typed.get(key + "resist"))
        hit["resist"] = resist
        resistance = resist["total"]
    hit["resistance"] = resistance
    hit["extra"] = extra
    margin = hit["damage"]["total"] + extra - resistance
    hit["margin"] = margin
    if margin <= 0:
        return hit
    loc = _plain(dice, typed.get(key + "location"), f"damage chart for {v.name}")
    hit["location"] = loc
    part = vr.damage_part(loc["faces"][0], v.stats)
    hit["part"] = part
    if part == "system":
        sr = _plain(dice, typed.get(key + "system_roll"), f"which system of {v.name}")
        hit["system_roll"] = sr
        hit["system"] = vr.system_hit(sr["faces"][0], v.stats)
    elif part == "structure":
        hit["severity"] = next_level(v.level, margin).label
    return hit
