"""What the attack box shows before and after the roll, asked of the rules: every combatant
the attacker may pick with his state, each weapon with its dice, each defense the target may
make with its value and the TN it gives (the best first), and the verdict in words once the
dice are down ("Combat", "Static Defenses", "Defensive Options", "Damage", "Wound Levels").

The TNs come from :func:`.attacks.defense_tn`, the function the attack itself uses, so what
the box promises is what the roll meets. No Textual imports.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from d6tui.engine.errors import RuleError
from d6tui.games.simple_six import combat, helpless, reflexes, wounds
from d6tui.games.simple_six.attack_options import attack_skill
from d6tui.games.simple_six.attacks import defense_tn, scale_of, weapon_is_ranged
from d6tui.games.simple_six.rolling import Luck, code_for
from d6tui.games.simple_six.sheet import (
    block,
    dodge,
    parry,
    unarmed_damage,
    weapon_damage,
)
from d6tui.games.simple_six.state import Campaign, Member, own_content
from d6tui.games.simple_six.weapon_skills import parry_skill


@dataclass(frozen=True)
class TargetRow:
    """One combatant the attacker may pick.

    Attributes:
        id: the roster id.
        tag: his key for the whole fight (:attr:`.state.Combat.tags`).
        name: his name.
        state: his harm in a word or two ("unharmed", "Wounded", "Mortally Wounded").
        dead: he is dead: no attack is made on him.
        helpless: why he is helpless (no defense, Very Easy TN), or None: the box asks first.
    """

    id: str
    tag: str
    name: str
    state: str
    dead: bool
    helpless: str | None

    @property
    def words(self) -> str:
        """His state and why he is helpless, each said once ("Mortally Wounded", not
        "Mortally Wounded, Mortally Wounded")."""
        if self.helpless is None or self.helpless.lower() in self.state.lower():
            return self.state
        return f"{self.state}, {self.helpless}"


@dataclass(frozen=True)
class WeaponRow:
    """One way to attack.

    Attributes:
        weapon: the weapon's name, or None for bare hands.
        label: ``"Sword: Sword 6D, damage 4D+2"``.
        ranged: a missile weapon (range and cover apply).
    """

    weapon: str | None
    label: str
    ranged: bool


@dataclass(frozen=True)
class DefenseRow:
    """One defense the target may make.

    Attributes:
        value: what the attack command takes: ``dodge``, ``block``, ``parry``, ``full``
            (a static full dodge), ``full_dodge``, ``none``, or ``""`` for no choice (a
            helpless or full-dodging target).
        label: ``"Parry 15 -> TN 15"`` or ``"Dodge 4D+1, rolled"``.
        tn: the TN it gives, or None when it is rolled (Traditional).
    """

    value: str
    label: str
    tn: int | None


def _harm(m: Member) -> str:
    if m.body is not None:
        return "dead" if m.body.dead else f"{m.body.current}/{m.body.maximum} BP"
    return "unharmed" if m.wounds.level == wounds.WoundLevel.UNHARMED else m.wounds.level.label


def targets(c: Campaign, attacker: str, *, group: Sequence[str] = ()) -> list[TargetRow]:
    """Everyone in the fight but the attacker and the ``group`` he attacks with (ids: a group
    does not attack its own), in the order they entered it, the dead and the helpless too
    (they stay listed with their state)."""
    fight = c.combat
    if fight is None:
        return []
    out = []
    leave_out = {attacker, *(c.member(i).id for i in group)}
    for i in fight.ids:
        if i in leave_out:
            continue
        m = c.member(i)
        dead = m.body.dead if m.body is not None else m.wounds.dead
        out.append(TargetRow(m.id, fight.tag(m.id), m.sheet.name, _harm(m), dead,
                             None if dead else helpless.helpless_reason(c, m)))
    return out


@own_content
def weapons(c: Campaign, attacker: str) -> list[WeaponRow]:
    """Each weapon on the attacker's sheet, then bare hands, with the skill's dice and the
    damage ("Combat", "Weapons")."""
    a = c.member(attacker)
    s = c.settings
    out = []
    for w in (*a.sheet.weapons, None):
        skill = attack_skill(a.sheet, w, c)
        try:
            dice = str(code_for(c, a, skill))
        except RuleError:
            dice = "?"
        dmg = weapon_damage(a.sheet, w, s) if w is not None else unarmed_damage(a.sheet, s)
        name = w or "bare hands"
        out.append(WeaponRow(w, f"{name}: {skill} {dice}, damage {dmg}",
                             w is not None and weapon_is_ranged(w)))
    return out


@own_content
def defenses(c: Campaign, attacker: str, target: str, *, ranged: bool,
             range_: str | None = None, cover: int = 0) -> list[DefenseRow]:
    """The defenses ``target`` may make against this attack, the best (highest TN) first.

    Fast Static: Parry, Block (against a blow) and Dodge, each with its static value and the
    TN it gives after range and cover, then the full dodge (+10, and it holds until his next
    turn). Traditional: the defenses are rolled, so only "no defense" has a TN before the
    roll; Parry, Block and Dodge show the dice rolled. A helpless or full-dodging target
    makes no choice: one row says why, with the TN.
    """
    a, t = c.member(attacker), c.member(target)
    s = c.settings
    scale = combat.scale_effects(scale_of(a), scale_of(t))
    rng = range_ if ranged else combat.HAND_TO_HAND

    def tn(defense: str | None, full: bool = False) -> int:
        return defense_tn(c, t, scale=scale, ranged=ranged, defense=defense,
                          defense_declared=False, range_=rng, cover=cover, full_dodge=full,
                          dice=None, typed={}, luck=Luck(), payload={})

    why = helpless.helpless_reason(c, t)
    if why is not None:
        return [DefenseRow("", f"none: {why} -> TN {tn(None)}", tn(None))]
    if reflexes.held_dodge(c.combat, t.id) is not None:
        return [DefenseRow("", f"full dodge held -> TN {tn(None)}", tn(None))]
    if s.combat == "static":
        rows = [DefenseRow("dodge", f"Dodge {dodge(t.sheet, s)} -> TN {tn('dodge')}",
                           tn("dodge"))]
        if not ranged:
            if parry_skill(t.sheet, s) is not None:  # a melee weapon carried to parry with
                rows.append(DefenseRow("parry", f"Parry {parry(t.sheet, s)} -> TN"
                                                f" {tn('parry')}", tn("parry")))
            rows.append(DefenseRow("block", f"Block {block(t.sheet, s)} -> TN {tn('block')}",
                                   tn("block")))
        rows.sort(key=lambda r: -(r.tn or 0))
        full = tn("dodge", True)
        rows.append(DefenseRow("full", f"full dodge {dodge(t.sheet, s)}+10 -> TN {full}"
                                       " (holds till his turn)", full))
        return rows
    none = combat.traditional_tn(range_=rng, cover=cover)
    rows = [DefenseRow("none", f"no defense -> TN {none}", none)]
    kinds = [("dodge", "Dodge", "Dodge")]
    if not ranged:
        kinds += [("parry", "Parry", None), ("block", "Block", "Brawling")]
    for value, label, skill in kinds:
        if skill is None:  # Parry: the skill of the melee weapon carried, if any
            skill = parry_skill(t.sheet, s)
            if skill is None:
                continue
        try:
            dice = str(code_for(c, t, skill))
        except RuleError:
            continue
        rows.append(DefenseRow(value, f"{label} {dice}, rolled", None))
    rows.append(DefenseRow("full_dodge", "full dodge, rolled (holds till his turn)", None))
    return rows


def verdict(event: dict, before: Campaign, after: Campaign) -> str:
    """An ``attacked`` event in words, for the GM after the roll: ``"hit for 15 against Soak
    15: no wound"``, ``"hit for 19 against Soak 12 -> Wounded"``, ``"missed: 9 against TN
    12"``."""
    total, tn = event["attack"]["total"], event["tn"]
    if not event.get("hit"):
        line = f"missed: {total} against TN {tn}"
        counter = event.get("counter")
        if isinstance(counter, dict):
            line += (f"; parried with the {counter['weapon']}, which hits back for"
                     f" {counter['damage']['total']}")
        return line
    damage = event["damage"]["total"] + event.get("extra", 0)
    s = after.settings
    what = ("DR" if s.wounds == "body_points" else
            "Soak" if s.combat == "static" else "resistance")
    line = f"{total} against TN {tn}: hit for {damage} against {what} {event['resistance']}"
    try:
        was, now = before.member(event["target"]), after.member(event["target"])
    except RuleError:
        return line
    if now.body is not None and was.body is not None:
        lost = was.body.current - now.body.current
        if now.body.dead:
            return line + " -> dead"
        return line + (f" -> {lost} Body Points off ({now.body.current} left)" if lost
                       else ": no Body Points lost")
    if now.wounds.level == was.wounds.level:
        return line + ": no wound"
    return line + f" -> {now.wounds.level.label}"
