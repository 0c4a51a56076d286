"""Casting spells at targets, throwing Lightning Bolts, resisting a collapse, dropping
concentration, ending effects and letting time pass, as campaign commands ("The Simple Magic
System", "The Grimoire").

Each command returns one event payload; :mod:`.spell_folds` applies them (Sorcerer's Tools,
items and potions are commands of :mod:`.tool_commands`). A cast is still the
``spell_cast`` event (old logs fold as before); a cast made here adds ``targets`` (one entry a
target: its id, and for a resisted spell its resist roll and its own TN), and, by spell,
``detail``, ``steps``, ``dispel``, ``damage``/``resist``/``resistance``, ``staff``, ``scroll``.

Events of this module: ``concentration_dropped``, ``effect_ended``, ``time_passed``,
``bolt_thrown``, ``collapse_resisted``, ``tool_gained``, ``tool_made``, ``item_gained``,
``potion_drunk``.

Decisions where the SRD leaves it open:

- A resisted spell is one Magic roll against each target's own TN (base + that target's
  resist roll); it fails (and costs the -1D) only when it takes no target at all.
- A new effect of a spell replaces the same spell already on that target (Hasten does not
  stack; nor does anything else).
- Concentration: each spell kept up adds one action to the declared ones for the
  multiple-action penalty; it does not use up a declared attack or spell.
- Damage that gets through ends the victim's Clairvoyance and wakes him from Slumber.
- Resurrection brings the dead back Incapacitated (or at 1 Body Point).
- Death Spell and Lightning Bolt are resisted by Might alone (a roll in Traditional combat,
  static Might in Fast Static); the Earthquake's falling buildings by Might and armor.
- Time: the GM's "time passes" moves the campaign clock; an uninterrupted hour of it as rest
  clears every caster's failure penalty. Fights do not move the clock, so spells lasting
  rounds end when the fight ends (its end is taken to be past their rounds).
- Every cast (a spell known, Heal, a scroll) passes ``rolling.check_can_cast``; a character
  outside the fight casts as out of one.
- Spells kept up end when their caster is knocked out, Mortally Wounded or dead
  (:func:`.spell_folds.release_fallen`, after every event); the event that did it names them
  (``concentration_lost``) for the log.
- Heal counts the Heal spells cast on the patient this campaign day (failed ones too) from the
  log, and takes the Magic Wand and the Spell Staff like any spell.
- Still Mind keeps out :data:`.effects.MIND_SPELLS` (ESP, Illusions, Possession); a cast that
  would touch its sorcerer is refused, naming him.
- "No Attributes": Wit and Charm resist with 2D (:func:`resist_code`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from d6tui.engine.dice import Dice
from d6tui.engine.errors import RuleError
from d6tui.games.simple_six import combat, heal_focus, magic, tools
from d6tui.games.simple_six import effects as fx
from d6tui.games.simple_six.attacks import defense_tn, scale_of
from d6tui.games.simple_six.clock import pass_time  # noqa: F401  (the one clock, re-exported)
from d6tui.games.simple_six.codes import ZERO, DieCode
from d6tui.games.simple_six.events import member_of
from d6tui.games.simple_six.fold import lapsed
from d6tui.games.simple_six.healing import heal_spell_tn
from d6tui.games.simple_six.rolling import (
    HEAL_SPELL,
    Luck,
    Typed,
    actions_counted,
    check_action_left,
    check_can_cast,
    check_heal_patient,
    check_hero_points,
    check_not_dodging,
    code_for,
    flat_bonuses,
    heals_today,
    magic_modifier,
    make_roll,
    reflex_carried,
    wound_penalty,
)
from d6tui.games.simple_six.sheet import (
    NO_ATTRIBUTE_BASE,
    NO_ATTRIBUTE_STANDINS,
    armor_value,
    can_use_magic,
)
from d6tui.games.simple_six.spell_folds import _CONC, maintained_by
from d6tui.games.simple_six.state import ORDER, Campaign, Member, own_content
from d6tui.games.simple_six.wild import RollRequest

_G = "The Grimoire"


#: Damage of the Earthquake's collapsing buildings ("The Grimoire").
COLLAPSE_DAMAGE = DieCode.of(6)


@own_content
def cast(
    state: Campaign,
    who: str,
    spell: str,
    *,
    targets: Sequence[str] = (),
    tn: int | None = None,
    detail: str = "",
    steps: int = 0,
    levitate: bool = False,
    dispel: tuple[str, int] | None = None,
    staff: bool = False,
    scroll: bool = False,
    castings_today: int = 0,
    hero_points: int = 0,
    dice: Dice | None = None,
    typed: Mapping[str, Typed] | None = None,
) -> dict:
    """Cast a spell at its targets ("Casting Spells", "The Grimoire").

    The Magic roll is the caster's Magic, less a die for each failure since the last rest,
    with attuned tools (Cloak, Crystal Ball, Magic Wand, the Spell Staff once a day), and with
    the multiple-action penalty counting each spell kept up.

    Args:
        state: the campaign.
        who: the caster.
        spell: the spell.
        targets: whom it is cast on (ignored for spells on the caster himself). Resisted
            spells roll each target's resisting attribute and add it to the TN.
        tn: the TN for spells whose TN the GM sets (Divination) or Telekinesis's special.
        detail: Resist Elements' element.
        steps: scale steps for Growth and Shape Change (+10 TN each).
        levitate: Fly only up and down (TN 15).
        dispel: Dispel Magic's (target id, cast number) of the effect to undo.
        staff: call on the Spell Staff's daily +1D.
        scroll: read from a scroll the caster carries instead of a spell he knows.
        castings_today: Heal: Heal spells cast on the patient today that the log does not
            hold; those it holds are counted (:func:`.campaign.heals_today`).
        hero_points: hero points the caster spends on the Magic roll ("Hero Points": before
            any roll).
        dice: the app's dice.
        typed: rolls typed from the table: ``"roll"`` (Magic), a target's id (its resist),
            ``"damage"`` and ``"resist"`` (Death Spell).

    Returns:
        A ``spell_cast`` payload.

    Raises:
        RuleError: a rule of casting is broken (unknown or unknown-to-him spell, no magic, a
            spell already this turn, no actions left, wrong targets, a TN missing...).
    """
    typed = typed or {}
    luck = Luck()  # "General Perks": a declared Lucky doubles the next roll
    m = state.member(who)
    sp = state.settings.content.spell(spell)
    if not can_use_magic(m.sheet, state.settings):
        raise RuleError(f"{m.sheet.name} cannot work magic", "Access to Magic")
    if scroll:
        if f"Scroll: {sp.name}" not in m.items:
            raise RuleError(f"{m.sheet.name} carries no scroll of {sp.name}", "Scrolls")
    elif sp.name not in m.sheet.spells:
        raise RuleError(f"{m.sheet.name} does not know {sp.name}", "Casting Spells")
    check_can_cast(state, m)  # the same checks for every cast (turn, dodge, actions...)
    magic.check_not_harmful(m.sheet.complications, m.sheet.name, sp.name)
    check_hero_points(m, hero_points)
    magic_code = code_for(state, m, "Magic")
    code = magic.casting_code(magic_code, m.caster)

    def magic_roll(target_tn: int) -> dict:
        """The Magic roll: failures since the last rest, tools, wounds, actions, reflexes."""
        bonus, _why = tools.magic_bonus(m.tools, sp.name, state.minutes, staff=staff)
        req = RollRequest(code, actions=actions_counted(state, m.id),
                          wound_dice=wound_penalty(state, m), reflex_dice=reflex_carried(state, m),
                          target=target_tn, label=sp.name,
                          modifier=bonus + magic_modifier(state, m, "Magic"),
                          flat=flat_bonuses(state, m, "Magic"), hero_points=hero_points)
        return make_roll(req, state.settings, dice, typed.get("roll"), lucky=luck(m))

    if sp.name == HEAL_SPELL:  # known or from a scroll: the old event shape (``target``)
        if len(targets) != 1:
            raise RuleError("Heal is cast on one patient", _G)
        if castings_today < 0:
            raise RuleError("castings today are 0 or more", _G)
        patient = state.member(targets[0])
        check_heal_patient(patient)
        heal_tn = heal_spell_tn(patient.wounds,
                                       heals_today(state, patient) + castings_today)
        heal_focus.check_ready(state, m, patient)  # six turns of concentration first
        heal: dict = {"type": "spell_cast", "who": m.id, "spell": sp.name, "tn": heal_tn,
                      "roll": magic_roll(heal_tn), "target": patient.id}
        if castings_today:
            heal["castings_today"] = castings_today
        if hero_points:
            heal["hero_points"] = hero_points
        if staff:
            heal["staff"] = True
        if scroll:
            heal["scroll"] = True
        return luck.mark(heal)
    if sp.name == "Dispel Magic" and dispel is not None:
        targets = [dispel[0]]
    kind = fx.TARGETS.get(sp.name, "one")
    ids = [state.member(t).id for t in targets]
    if kind == "self":
        ids = [m.id]
    elif not ids:
        raise RuleError(f"{sp.name} is cast on someone: pick the target", _G)
    elif kind == "one" and len(ids) != 1:
        raise RuleError(f"{sp.name} takes one target", _G)
    if len(set(ids)) != len(ids):
        raise RuleError("each target once", _G)
    if sp.name == "Slumber" and len(ids) > magic_code.dice:
        raise RuleError(f"Slumber takes at most as many targets as Magic dice"
                        f" ({magic_code.dice})", _G)
    if sp.name == "Resist Elements" and not detail.strip():
        raise RuleError("Resist Elements: name the element (fire, cold, electricity...)", _G)
    if sp.name == "Growth" and steps < 1:
        raise RuleError("Growth raises the scale one step or more", _G)
    if steps < 0:
        raise RuleError("steps of scale are 0 or more", _G)
    if sp.name == "Resurrection":
        t = state.member(ids[0])
        if not (t.wounds.dead or (t.body is not None and t.body.dead)):
            raise RuleError(f"{t.sheet.name} is not dead", _G)

    dispelled = None
    if sp.name == "Dispel Magic":
        if dispel is None:
            raise RuleError("Dispel Magic: pick the spell to undo", _G)
        on = state.member(dispel[0])
        dispelled = next((e for e in on.effects if e.cast == dispel[1]), None)
        if dispelled is None:
            raise RuleError(f"{on.sheet.name} has no such spell on him", "Dispel Magic")
        if dispelled.spell in fx.UNDISPELLABLE or dispelled.detail == "drain":
            raise RuleError(f"{dispelled.spell} cannot be dispelled", "Dispel Magic")
        ids = [on.id]

    for tid in ids:
        if tid != m.id and sp.name in fx.MIND_SPELLS and any(
                e.spell == "Still Mind" for e in state.member(tid).effects):
            raise RuleError(f"{state.member(tid).sheet.name} is protected by Still Mind from"
                            f" {sp.name}", "Still Mind")
    entries: list[dict] = []
    if sp.resist is not None:
        for tid in ids:
            t = state.member(tid)
            rcode = resist_code(t, sp.resist)
            req = RollRequest(rcode, modifier=magic_modifier(state, t, sp.resist)
                              + tools.item_bonus(t.items, "resist magic"),
                              flat=flat_bonuses(state, t, sp.resist),
                              label=f"{sp.resist} against {sp.name}")
            rroll = make_roll(req, state.settings, dice, typed.get(tid), lucky=luck(t))
            ttn = magic.spell_tn(sp, resist_total=rroll["total"], extra_targets=len(ids) - 1)
            entries.append({"who": tid, "resist": rroll, "tn": ttn})
        base_tn = min(e["tn"] for e in entries)
    else:
        entries = [{"who": tid} for tid in ids]
        if sp.tn is None and sp.name not in ("Teleport", "Dispel Magic", "Illusions"):
            if tn is None:
                raise RuleError(f"the GM sets the TN of {sp.name}: give it", _G)
            base_tn = tn
        elif sp.name == "Telekinesis" and tn is not None:
            base_tn = max(tn, sp.tn or 0)
        else:
            base_tn = magic.spell_tn(
                sp, extra_targets=len(ids) - 1,
                scale_steps=1 if sp.name == "Animal Growth" else steps, levitate_only=levitate,
                dispelled_tn=dispelled.tn if dispelled else None)

    roll = magic_roll(base_tn)
    payload: dict = {"type": "spell_cast", "who": m.id, "spell": sp.name, "tn": base_tn,
                     "roll": roll, "targets": entries}
    if hero_points:
        payload["hero_points"] = hero_points
    for key, value in (("detail", detail.strip()), ("steps", steps), ("staff", staff),
                       ("scroll", scroll)):
        if value:
            payload[key] = value
    if sp.name == "Animal Growth":
        payload["steps"] = 1
    if dispelled is not None:
        payload["dispel"] = dispelled.cast
    if sp.name == "Death Spell" and roll["total"] >= base_tn:
        t = state.member(ids[0])
        dmg = magic.death_spell_damage(magic_code, resist_code(m, "Wit"))
        if dmg.dice < 1:  # Magic no higher than Wit: nothing to roll
            return luck.mark(payload)
        payload.update(_damage(state, t, dmg, armor=False, element=None, dice=dice,
                               typed=typed, magic_resist=True, luck=luck, caster=m))
    return lapsed(state, luck.mark(payload))


def resist_code(m: Member, attribute: str) -> DieCode:
    """The code ``m`` resists a spell with (or subtracts from Magic for Death Spell's damage):
    his attribute; under "No Attributes", Might and Agility read their stand-in skills
    (Toughness, Dodge) and any other attribute (Wit, Charm) the 2D every skill starts from
    (a house decision: the SRD gives no stand-in for them)."""
    if not m.sheet.attributes and attribute not in NO_ATTRIBUTE_STANDINS:
        return NO_ATTRIBUTE_BASE
    return m.sheet.attribute(attribute)


def spell_changes(before: Campaign, event: dict, roll: dict, *, dice: Dice | None,
                  typed: Mapping[str, Typed] | None) -> dict:
    """What a ``spell_cast`` event gains when its Magic roll is changed to ``roll`` after it
    was made: a Death Spell that now succeeds rolls its damage and the target's Might, as a
    cast that succeeded at once would ("The Grimoire": Death Spell; "Traditional OpenD6
    Character Points", "General Perks": Destiny). Empty for anything else.

    Args:
        before: the campaign before the cast.
        event: the cast's event as it stands.
        roll: the changed Magic roll.
        dice: the app's dice.
        typed: ``"damage"`` and ``"resist"`` thrown at the table.

    Returns:
        The keys to add (a subset of :data:`SPELL_CHANGES`).
    """
    entries = event.get("targets") or []
    if event.get("spell") != "Death Spell" or "damage" in event or not entries:
        return {}
    if roll["total"] < int(entries[0].get("tn", event["tn"])):
        return {}
    m, t = member_of(before, event["who"]), member_of(before, entries[0]["who"])
    dmg = magic.death_spell_damage(code_for(before, m, "Magic"), resist_code(m, "Wit"))
    if dmg.dice < 1:
        return {}
    pre = [str(x) for x in event.get("lucky", ())]
    luck = Luck(pre)
    out = _damage(before, t, dmg, armor=False, element=None, dice=dice, typed=typed or {},
                  magic_resist=True, luck=luck, caster=m)
    if len(luck.spent) > len(pre):
        out["lucky"] = list(luck.spent)
    return out


def _damage(state: Campaign, t: Member, code: DieCode, *, armor: bool,
            element: str | None, dice: Dice | None, typed: Mapping[str, Typed],
            magic_resist: bool = False, luck: Luck | None = None,
            caster: Member | None = None) -> dict:
    """A damage roll against a target and what resists it: Might alone, or Might and armor,
    +1D for Resist Elements of that element, +1D for a Shield of Faith against magic."""
    s = state.settings
    out: dict = {}
    luck = luck or Luck()
    flat = flat_bonuses(state, caster, "damage") if caster is not None else ()
    out["damage"] = make_roll(RollRequest(code, label="damage", flat=flat), s, dice,
                            typed.get("damage"),
                            lucky=caster is not None and luck(caster))
    extra = fx.resist_bonus(t.effects, element) + (
        tools.item_bonus(t.items, "resist magic") if magic_resist else ZERO)
    worn = armor_value(t.sheet) if armor else 0
    if s.wounds == "body_points":
        out["resistance"] = worn
    elif s.combat == "static":
        out["resistance"] = (t.sheet.attribute("Might") + extra).static + worn
    else:
        rreq = RollRequest(t.sheet.attribute("Might") + extra,
                           modifier=magic_modifier(state, t, "resist"),
                           flat=flat_bonuses(state, t, "resist"), label="resist")
        rroll = make_roll(rreq, s, dice, typed.get("resist"), lucky=luck(t))
        out["resist"] = rroll
        out["resistance"] = rroll["total"] + worn
    return out


@own_content
def throw_bolt(state: Campaign, who: str, target: str, *, range_: str | None = None,
               dodge: bool = False, full_dodge: bool = False, declared: bool = False,
               hero_points: int = 0, dice: Dice | None = None,
               typed: Mapping[str, Typed] | None = None) -> dict:
    """Throw a cast Lightning Bolt with Throwing: the round it was cast (an action more, with
    the multiple-action penalty) or the next; the target defends as against any missile; 5D
    damage that armor does not stop ("Spells Requiring Multiple Actions", "The Grimoire").

    The TN is the attack's own (:func:`.attacks.defense_tn`): a helpless target's Very Easy
    base, a full dodge he holds, his static Dodge (halved by Daredevil), or 10 or his Dodge
    roll, plus range. The thrower carries his wound, action and reflex penalties, and may not
    throw while holding a full dodge.

    Args:
        state: the campaign.
        who: the caster holding the bolt.
        target: who it is thrown at.
        range_: range band ("Missile Weapon Ranges" of a thrown weapon).
        dodge: (Traditional) the target rolls Dodge; otherwise 10 plus range.
        full_dodge: the target full dodges (Traditional: rolls it; Fast Static: Dodge +10),
            and it holds until his next turn.
        declared: (Traditional) the target's dodge was declared with the round's actions;
            an undeclared one leaves him -1D until his next turn ("Defensive Options").
        hero_points: hero points spent on the Throwing roll ("Hero Points").
        dice: the app's dice.
        typed: ``"attack"``, ``"defense"``, ``"damage"``, ``"resist"`` typed from the table.

    Returns:
        A ``bolt_thrown`` payload.

    Raises:
        RuleError: no bolt is ready, out of turn, no actions left, a thrower full dodging,
            or a defense the target cannot make.
    """
    typed = typed or {}
    luck = Luck()
    m, t = state.member(who), state.member(target)
    if not any(e.spell == "Lightning Bolt" for e in m.effects):
        raise RuleError(f"{m.sheet.name} holds no Lightning Bolt: cast it first (it lasts"
                        " this round and the next)", _G)
    fight = state.combat
    if fight is not None and fight.actor is not None and fight.actor != m.id:
        raise RuleError(f"it is {state.member(fight.actor).sheet.name}'s turn", ORDER)
    check_action_left(state, m, "throw")
    check_not_dodging(state, m, "throw")
    check_hero_points(m, hero_points)
    s = state.settings
    scale = combat.scale_effects(scale_of(m), scale_of(t))
    req = RollRequest(code_for(state, m, "Throwing") + scale.attack,
                      actions=actions_counted(state, m.id), wound_dice=wound_penalty(state, m),
                      reflex_dice=reflex_carried(state, m),
                      modifier=magic_modifier(state, m, "Throwing"),
                      flat=flat_bonuses(state, m, "Throwing"),
                      label="Throwing (Lightning Bolt)", hero_points=hero_points)
    payload: dict = {"type": "bolt_thrown", "who": m.id, "target": t.id,
                     "attack": make_roll(req, s, dice, typed.get("attack"), lucky=luck(m))}
    if hero_points:
        payload["hero_points"] = hero_points
    if s.combat == "static":
        defense = None
    else:
        defense = "full_dodge" if full_dodge else "dodge" if dodge else None
    tn = defense_tn(state, t, scale=scale, ranged=True, defense=defense,
                      defense_declared=declared, range_=range_, cover=0,
                      full_dodge=full_dodge and s.combat == "static", dice=dice, typed=typed,
                      luck=luck, payload=payload)
    if isinstance(payload.get("defense"), dict):
        # new events say whether the dodge was declared (old ones left no reflex)
        payload["defense"]["declared"] = bool(declared)
    payload["tn"] = tn
    payload["hit"] = payload["attack"]["total"] >= tn
    if payload["hit"]:
        payload.update(_damage(state, t, magic.LIGHTNING_BOLT_DAMAGE + scale.damage,
                               armor=False, element=fx.LIGHTNING, dice=dice, typed=typed,
                               magic_resist=True, luck=luck, caster=m))
    return lapsed(state, luck.mark(payload))


@own_content
def collapse(state: Campaign, who: str, *, dice: Dice | None = None,
             typed: Mapping[str, Typed] | None = None) -> dict:
    """A creature caught in a building the Earthquake brings down resists 6D damage (Might
    and armor) ("The Grimoire": Earthquake).

    Raises:
        RuleError: no Earthquake is shaking that character's ground.
    """
    t = state.member(who)
    if not any(e.spell == "Earthquake" for e in t.effects):
        raise RuleError(f"no Earthquake is shaking {t.sheet.name}'s ground", _G)
    payload: dict = {"type": "collapse_resisted", "who": t.id}
    luck = Luck()
    payload.update(_damage(state, t, COLLAPSE_DAMAGE, armor=True, element=None, dice=dice,
                           typed=typed or {}, luck=luck))
    return lapsed(state, luck.mark(payload))


@own_content
def drop_concentration(state: Campaign, who: str, cast_no: int | None = None,
                       spell: str | None = None) -> dict:
    """Stop keeping a spell up: it ends on every target ("Concentration (CONC)").

    Args:
        state: the campaign.
        who: the caster.
        cast_no: the cast, from :func:`maintained_by`.
        spell: the spell's name, for a spell kept up with no effect recorded (older logs).

    Raises:
        RuleError: the caster keeps no such spell up.
    """
    m = state.member(who)
    if cast_no is not None:
        held = [e for _t, e in maintained_by(state, m.id) if e.cast == cast_no]
        if not held:
            raise RuleError(f"{m.sheet.name} keeps no such spell up", _CONC)
        return {"type": "concentration_dropped", "who": m.id, "spell": held[0].spell,
                "cast": cast_no}
    if spell is None or spell not in m.caster.maintained:
        raise RuleError(f"{m.sheet.name} is not keeping {spell} up", _CONC)
    return {"type": "concentration_dropped", "who": m.id, "spell": spell}


@own_content
def end_effect(state: Campaign, who: str, cast_no: int) -> dict:
    """The GM ends a spell on one character (it ran out in the story, a curse was lifted by
    its condition...). A spell kept up ends on this target only.

    Raises:
        RuleError: no such effect on that character.
    """
    m = state.member(who)
    e = next((e for e in m.effects if e.cast == cast_no), None)
    if e is None:
        raise RuleError(f"{m.sheet.name} has no such spell on him", _G)
    return {"type": "effect_ended", "who": m.id, "cast": cast_no, "spell": e.spell}
