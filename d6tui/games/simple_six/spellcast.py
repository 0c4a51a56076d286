"""Casting spells at targets, the effects they leave, concentration, time passing, thrown
Lightning Bolts, and Sorcerer's Tools, as campaign commands and folds ("The Simple Magic
System", "The Grimoire", "Sorcerer's Tools", "Enchanted Items").

Each command returns one event payload; :data:`FOLDS` applies them. A cast is still the
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
- Every cast (a spell known, Heal, a scroll) passes ``campaign.check_can_cast``; a character
  outside the fight casts as out of one.
- Spells kept up end when their caster is knocked out, Mortally Wounded or dead
  (:func:`release_fallen`, after every event); the event that did it names them
  (``concentration_lost``) for the log.
- Heal counts the Heal spells cast on the patient this campaign day (failed ones too) from the
  log, and takes the Magic Wand and the Spell Staff like any spell.
- Still Mind keeps out :data:`.effects.MIND_SPELLS` (ESP, Illusions, Possession); a cast that
  would touch its sorcerer is refused, naming him.
- "No Attributes": Wit and Charm resist with 2D (:func:`resist_code`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from d6tui.engine.dice import Dice
from d6tui.engine.errors import EventError, RuleError
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six import effects as fx
from d6tui.games.simple_six import magic, tools, wounds
from d6tui.games.simple_six.codes import ZERO, DieCode
from d6tui.games.simple_six.content import content
from d6tui.games.simple_six.wild import RollRequest

_G = "The Grimoire"
_CONC = "Concentration (CONC)"

#: Damage of the Earthquake's collapsing buildings ("The Grimoire").
COLLAPSE_DAMAGE = DieCode.of(6)
#: Minutes a Potion of Skill lasts, and its bonus ("Potions").
POTION_MINUTES = 10
POTION_BONUS = DieCode.of(2)


# -- reading the state -----------------------------------------------------------------------


def active(state: c.Campaign) -> list[tuple[c.Member, fx.Effect]]:
    """Every effect in play, with the character it is on."""
    return [(m, e) for m in state.members for e in m.effects]


def maintained_by(state: c.Campaign, who: str) -> list[tuple[c.Member, fx.Effect]]:
    """The concentration effects ``who`` keeps up, one entry for each target."""
    return [(m, e) for m, e in active(state) if e.caster == who and e.concentration]


# -- casting ----------------------------------------------------------------------------------


def cast(
    state: c.Campaign,
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
    typed: Mapping[str, c.Typed] | None = None,
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
    from d6tui.games.simple_six.sheet import can_use_magic

    typed = typed or {}
    luck = c._Luck()  # "General Perks": a declared Lucky doubles the next roll
    m = state.member(who)
    sp = content().spell(spell)
    if not can_use_magic(m.sheet, state.settings):
        raise RuleError(f"{m.sheet.name} cannot work magic", "Access to Magic")
    if scroll:
        if f"Scroll: {sp.name}" not in m.items:
            raise RuleError(f"{m.sheet.name} carries no scroll of {sp.name}", "Scrolls")
    elif sp.name not in m.sheet.spells:
        raise RuleError(f"{m.sheet.name} does not know {sp.name}", "Casting Spells")
    c.check_can_cast(state, m)  # the same checks for every cast (turn, dodge, actions...)
    c._check_hero(m, hero_points)
    magic_code = c._code_for(state, m, "Magic")
    code = magic.casting_code(magic_code, m.caster)

    def magic_roll(target_tn: int) -> dict:
        """The Magic roll: failures since the last rest, tools, wounds, actions, reflexes."""
        bonus, _why = tools.magic_bonus(m.tools, sp.name, state.minutes, staff=staff)
        req = RollRequest(code, actions=c._actions(state, m.id),
                          wound_dice=c._penalty(state, m), reflex_dice=c._reflex(state, m),
                          target=target_tn, label=sp.name,
                          modifier=bonus + c._fx(state, m, "Magic"),
                          flat=c._flat(state, m, "Magic"), hero_points=hero_points)
        return c._roll(req, state.settings, dice, typed.get("roll"), lucky=luck(m))

    if sp.name == c.HEAL_SPELL:  # known or from a scroll: the old event shape (``target``)
        if len(targets) != 1:
            raise RuleError("Heal is cast on one patient", _G)
        if castings_today < 0:
            raise RuleError("castings today are 0 or more", _G)
        patient = state.member(targets[0])
        c.check_heal_patient(patient)
        heal_tn = wounds.heal_spell_tn(patient.wounds,
                                       c.heals_today(state, patient) + castings_today)
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
            req = RollRequest(rcode, modifier=c._fx(state, t, sp.resist)
                              + tools.item_bonus(t.items, "resist magic"),
                              flat=c._flat(state, t, sp.resist),
                              label=f"{sp.resist} against {sp.name}")
            rroll = c._roll(req, state.settings, dice, typed.get(tid), lucky=luck(t))
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


def resist_code(m: c.Member, attribute: str) -> DieCode:
    """The code ``m`` resists a spell with (or subtracts from Magic for Death Spell's damage):
    his attribute; under "No Attributes", Might and Agility read their stand-in skills
    (Toughness, Dodge) and any other attribute (Wit, Charm) the 2D every skill starts from
    (a house decision: the SRD gives no stand-in for them)."""
    from d6tui.games.simple_six.sheet import NO_ATTRIBUTE_BASE, NO_ATTRIBUTE_STANDINS

    if not m.sheet.attributes and attribute not in NO_ATTRIBUTE_STANDINS:
        return NO_ATTRIBUTE_BASE
    return m.sheet.attribute(attribute)


#: The keys of a ``spell_cast`` event that its Magic roll, changed after it was made
#: (character points, Destiny: :mod:`.afterroll`), may add: Death Spell's damage.
SPELL_CHANGES = frozenset({"damage", "resist", "resistance", "lucky"})


def spell_changes(before: c.Campaign, event: dict, roll: dict, *, dice: Dice | None,
                  typed: Mapping[str, c.Typed] | None) -> dict:
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
    m, t = c._member(before, event["who"]), c._member(before, entries[0]["who"])
    dmg = magic.death_spell_damage(c._code_for(before, m, "Magic"), resist_code(m, "Wit"))
    if dmg.dice < 1:
        return {}
    pre = [str(x) for x in event.get("lucky", ())]
    luck = c._Luck(pre)
    out = _damage(before, t, dmg, armor=False, element=None, dice=dice, typed=typed or {},
                  magic_resist=True, luck=luck, caster=m)
    if len(luck.spent) > len(pre):
        out["lucky"] = list(luck.spent)
    return out


def _damage(state: c.Campaign, t: c.Member, code: DieCode, *, armor: bool,
            element: str | None, dice: Dice | None, typed: Mapping[str, c.Typed],
            magic_resist: bool = False, luck: c._Luck | None = None,
            caster: c.Member | None = None) -> dict:
    """A damage roll against a target and what resists it: Might alone, or Might and armor,
    +1D for Resist Elements of that element, +1D for a Shield of Faith against magic."""
    s = state.settings
    out: dict = {}
    luck = luck or c._Luck()
    flat = c._flat(state, caster, "damage") if caster is not None else ()
    out["damage"] = c._roll(RollRequest(code, label="damage", flat=flat), s, dice,
                            typed.get("damage"),
                            lucky=caster is not None and luck(caster))
    extra = fx.resist_bonus(t.effects, element) + (
        tools.item_bonus(t.items, "resist magic") if magic_resist else ZERO)
    worn = c.armor_value(t.sheet) if armor else 0
    if s.wounds == "body_points":
        out["resistance"] = worn
    elif s.combat == "static":
        out["resistance"] = (t.sheet.attribute("Might") + extra).static + worn
    else:
        rreq = RollRequest(t.sheet.attribute("Might") + extra, modifier=c._fx(state, t, "resist"),
                           flat=c._flat(state, t, "resist"), label="resist")
        rroll = c._roll(rreq, s, dice, typed.get("resist"), lucky=luck(t))
        out["resist"] = rroll
        out["resistance"] = rroll["total"] + worn
    return out


def throw_bolt(state: c.Campaign, who: str, target: str, *, range_: str | None = None,
               dodge: bool = False, full_dodge: bool = False, declared: bool = False,
               hero_points: int = 0, dice: Dice | None = None,
               typed: Mapping[str, c.Typed] | None = None) -> dict:
    """Throw a cast Lightning Bolt with Throwing: the round it was cast (an action more, with
    the multiple-action penalty) or the next; the target defends as against any missile; 5D
    damage that armor does not stop ("Spells Requiring Multiple Actions", "The Grimoire").

    The TN is the attack's own (:func:`.campaign.defense_tn`): a helpless target's Very Easy
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
    from d6tui.games.simple_six import combat

    typed = typed or {}
    luck = c._Luck()
    m, t = state.member(who), state.member(target)
    if not any(e.spell == "Lightning Bolt" for e in m.effects):
        raise RuleError(f"{m.sheet.name} holds no Lightning Bolt: cast it first (it lasts"
                        " this round and the next)", _G)
    fight = state.combat
    if fight is not None and fight.actor is not None and fight.actor != m.id:
        raise RuleError(f"it is {state.member(fight.actor).sheet.name}'s turn", c._ORDER)
    c._check_action_left(state, m, "throw")
    c._check_not_dodging(state, m, "throw")
    c._check_hero(m, hero_points)
    s = state.settings
    scale = combat.scale_effects(c.scale_of(m), c.scale_of(t))
    req = RollRequest(c._code_for(state, m, "Throwing") + scale.attack,
                      actions=c._actions(state, m.id), wound_dice=c._penalty(state, m),
                      reflex_dice=c._reflex(state, m),
                      modifier=c._fx(state, m, "Throwing"), flat=c._flat(state, m, "Throwing"),
                      label="Throwing (Lightning Bolt)", hero_points=hero_points)
    payload: dict = {"type": "bolt_thrown", "who": m.id, "target": t.id,
                     "attack": c._roll(req, s, dice, typed.get("attack"), lucky=luck(m))}
    if hero_points:
        payload["hero_points"] = hero_points
    if s.combat == "static":
        defense = None
    else:
        defense = "full_dodge" if full_dodge else "dodge" if dodge else None
    tn = c.defense_tn(state, t, scale=scale, ranged=True, defense=defense,
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


def collapse(state: c.Campaign, who: str, *, dice: Dice | None = None,
             typed: Mapping[str, c.Typed] | None = None) -> dict:
    """A creature caught in a building the Earthquake brings down resists 6D damage (Might
    and armor) ("The Grimoire": Earthquake).

    Raises:
        RuleError: no Earthquake is shaking that character's ground.
    """
    t = state.member(who)
    if not any(e.spell == "Earthquake" for e in t.effects):
        raise RuleError(f"no Earthquake is shaking {t.sheet.name}'s ground", _G)
    payload: dict = {"type": "collapse_resisted", "who": t.id}
    luck = c._Luck()
    payload.update(_damage(state, t, COLLAPSE_DAMAGE, armor=True, element=None, dice=dice,
                           typed=typed or {}, luck=luck))
    return lapsed(state, luck.mark(payload))


# -- concentration, ending, time --------------------------------------------------------------


def drop_concentration(state: c.Campaign, who: str, cast_no: int | None = None,
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


def end_effect(state: c.Campaign, who: str, cast_no: int) -> dict:
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


def pass_time(state: c.Campaign, minutes: int, *, rest: bool = False) -> dict:
    """Let time pass for everyone: hour and day spells end, rounds run out (six to the
    minute), tools attune, the Spell Staff's day turns; ``rest`` of an hour or more clears
    every caster's failure penalty ("Casting Spells").

    Raises:
        RuleError: a fight is going on, or minutes below one.
    """
    if state.combat is not None:
        raise RuleError("time passes between fights; in a fight rounds pass", c._ORDER)
    if minutes < 1:
        raise RuleError("time passes in whole minutes, one or more", _G)
    payload: dict = {"type": "time_passed", "minutes": minutes}
    if rest:
        payload["rest"] = True
    return payload


# -- tools and items --------------------------------------------------------------------------


def gain_tool(state: c.Campaign, who: str, tool: str, spell: str = "") -> dict:
    """A character comes by a Sorcerer's Tool; it attunes in three days ("Sorcerer's Tools").

    Raises:
        RuleError: an unknown tool, a wand without a spell, or a character without magic.
    """
    from d6tui.games.simple_six.sheet import can_use_magic

    m = state.member(who)
    k = tools.check_new(tool, spell)
    if not can_use_magic(m.sheet, state.settings):
        raise RuleError(f"only those who work magic use {k.name}s", "Sorcerer's Tools")
    payload = {"type": "tool_gained", "who": m.id, "tool": k.name}
    if k.name == "Magic Wand":
        payload["spell"] = content().spell(spell).name
    return payload


def make_tool(state: c.Campaign, who: str, tool: str, spell: str = "", *,
              dice: Dice | None = None, typed: c.Typed | None = None) -> dict:
    """The Magic roll that ends the weeks of work on a tool: on success the tool is made and
    its CP are spent; on failure the work and money are lost but no CP ("Making Sorcerer's
    Tools"). The GM counts the weeks (twelve hours a day, no day skipped) and the cost.

    Raises:
        RuleError: unknown tool, a wand without a spell, no magic, or too few CP.
    """
    from d6tui.games.simple_six.sheet import can_use_magic

    m = state.member(who)
    k = tools.check_new(tool, spell)
    if not can_use_magic(m.sheet, state.settings):
        raise RuleError(f"{m.sheet.name} cannot work magic", "Access to Magic")
    if m.sheet.character_points < k.cp:
        raise RuleError(f"a {k.name} takes {k.cp} CP; {m.sheet.name} has"
                        f" {m.sheet.character_points}", "Making Sorcerer's Tools")
    code = magic.casting_code(c._code_for(state, m, "Magic"), m.caster)
    req = RollRequest(code, target=k.tn, label=f"Magic (making a {k.name})",
                      modifier=c._fx(state, m, "Magic"), flat=c._flat(state, m, "Magic"))
    luck = c._Luck()
    roll = c._roll(req, state.settings, dice, typed, lucky=luck(m))
    payload = {"type": "tool_made", "who": m.id, "tool": k.name, "tn": k.tn, "cp": k.cp,
               "roll": roll}
    if k.name == "Magic Wand":
        payload["spell"] = content().spell(spell).name
    return luck.mark(payload)


def gain_item(state: c.Campaign, who: str, item: str) -> dict:
    """A character comes by an enchanted item or a scroll (``"Scroll: Fly"``)
    ("Enchanted Items").

    Raises:
        RuleError: an item the tables do not hold.
    """
    m = state.member(who)
    name = item.strip()
    if name.lower().startswith("scroll:"):
        name = f"Scroll: {content().spell(name.partition(':')[2].strip()).name}"
    else:
        name = tools.item(name)
    return {"type": "item_gained", "who": m.id, "item": name}


def drink_potion(state: c.Campaign, who: str, skill: str) -> dict:
    """A Potion of Skill: +2D to one skill for ten minutes ("Potions").

    Raises:
        RuleError: a skill the campaign does not have.
    """
    m = state.member(who)
    name = state.settings.skills.canonical(skill)
    if name is None:
        raise RuleError(f"there is no skill '{skill}' in this campaign", "Potions")
    return {"type": "potion_drunk", "who": m.id, "skill": name}


# -- fold -------------------------------------------------------------------------------------


def _release(state: c.Campaign, gone: list[fx.Effect]) -> c.Campaign:
    """After effects end: a concentration cast with no effect left frees its caster."""
    left = {e.cast for _m, e in active(state)}
    for e in gone:
        if e.concentration and e.cast not in left:
            try:
                m = state.member(e.caster)
            except RuleError:
                continue
            if e.spell in m.caster.maintained:
                state = state._put(replace(m, caster=magic.drop(m.caster, e.spell)))
            left.add(e.cast)  # released once
    return state


def _remove(state: c.Campaign, who: str | None, cast_no: int | None,
            spell: str | None = None) -> c.Campaign:
    """End effects: of ``cast_no`` (on ``who`` only, or everywhere), or of ``spell`` on
    ``who``."""
    gone: list[fx.Effect] = []
    members = []
    for m in state.members:
        if who is not None and m.id != who:
            members.append(m)
            continue
        keep: list[fx.Effect] = []
        for e in m.effects:
            hit = (e.cast == cast_no) if cast_no is not None else (e.spell == spell)
            (gone if hit else keep).append(e)
        members.append(replace(m, effects=tuple(keep)) if len(keep) != len(m.effects) else m)
    return _release(replace(state, members=tuple(members)), gone)


def cannot_concentrate(m: c.Member) -> bool:
    """Whether ``m`` has lost the concentration his spells need ("Concentration (CONC)"):
    knocked out, Mortally Wounded or dead ("Wound Level Effects"), or out of Body Points."""
    if m.body is not None:
        return m.body.dead
    return wounds.penalty(m.wounds) is None


def release_fallen(state: c.Campaign) -> c.Campaign:
    """The campaign with every spell kept up by a caster who :func:`cannot_concentrate`
    ended, on every target (Fly: he floats down; see :func:`lapsed`), and a Lightning Bolt he
    holds unthrown gone: it is thrown by a conscious hand or it dissipates ("Lightning
    Bolt")."""
    for m in state.members:
        if not cannot_concentrate(m):
            continue
        if any(e.spell == "Lightning Bolt" for e in m.effects):
            state = _remove(state, m.id, None, "Lightning Bolt")
        for cast_no in {e.cast for _t, e in maintained_by(state, m.id)}:
            state = _remove(state, None, cast_no)
        m = c._member(state, m.id)
        if m.caster.maintained:  # kept up with no effect recorded (older logs)
            state = state._put(replace(m, caster=replace(m.caster, maintained=())))
    return state


def lapsed(state: c.Campaign, payload: dict) -> dict:
    """``payload`` with ``concentration_lost`` added when folding it ends spells kept up by a
    caster it knocks out or kills: a list of ``{"who", "spell"}``, for the log's words only
    (fold ends them by itself, :func:`release_fallen`)."""
    try:
        after = c.fold(state, payload)
    except (EventError, RuleError):
        return payload
    lost = []
    for m in state.members:
        now = c._member(after, m.id)
        for spell in m.caster.maintained:
            if spell not in now.caster.maintained:
                lost.append({"who": m.id, "spell": spell})
        bolt = [e for e in m.effects if e.spell == "Lightning Bolt"]
        if bolt and cannot_concentrate(now) and not any(
                e.spell == "Lightning Bolt" for e in now.effects):
            lost.append({"who": m.id, "spell": "Lightning Bolt"})
    if lost:
        payload["concentration_lost"] = lost
    return payload


def lost_words(event: dict, n: Callable[[object], str]) -> str:
    """The words for an event's ``concentration_lost``, or ``""``."""
    out = []
    for x in event.get("concentration_lost", ()):
        if x.get("spell") == "Lightning Bolt":
            out.append(f"{n(x['who'])}'s unthrown Lightning Bolt dissipates")
            continue
        fall = " and floats gently down" if x.get("spell") == "Fly" else ""
        out.append(f"{n(x['who'])} loses concentration: {x['spell']} ends{fall}")
    return "; " + "; ".join(out) if out else ""


def hurt(state: c.Campaign, who: str) -> c.Campaign:
    """Damage got through to ``who``: his Clairvoyance ends and Slumber wakes him."""
    m = state.member(who)
    for spell in ("Clairvoyance", "Slumber"):
        if any(e.spell == spell for e in m.effects):
            state = _remove(state, m.id, None, spell)
    return state


def _wound(state: c.Campaign, t: c.Member, e: dict) -> c.Campaign:
    total = c._total(c._need(e, "damage"), "damage")
    if "resist" in e:
        c._total(e["resist"], "resist")
    resistance = int(c._need(e, "resistance"))
    rnd = state.combat.round if state.combat else None
    if total > resistance:
        state = hurt(state, t.id)
        t = c._member(state, t.id)
    if t.body is not None:
        return state._put(replace(t, body=wounds.bp_hit(t.body, total, resistance)))
    return state._put(replace(t, wounds=wounds.take_hit(t.wounds, total - resistance, rnd)))


def fold_cast(state: c.Campaign, e: dict, total: int) -> c.Campaign:
    """What a ``spell_cast`` leaves after the caster's own state is folded: effects on the
    targets it took, Death Spell's wound, Dispel Magic's undoing, Resurrection's raising and
    its drain, the staff's day, the scroll burnt."""
    m = c._member(state, e["who"])
    spell = str(e["spell"])
    now = state.minutes
    if e.get("staff"):
        m = replace(m, tools=tools.use_staff(m.tools, now))
    if e.get("scroll"):
        items = list(m.items)
        if f"Scroll: {spell}" in items:
            items.remove(f"Scroll: {spell}")
        m = replace(m, items=tuple(items))
    state = state._put(m)
    if "targets" not in e:
        return state
    serial = state.casts + 1
    if spell == "Resurrection":
        drain = fx.Effect(serial, spell, m.id, int(e["tn"]), until=now + fx.DAY, detail="drain")
        state = _land(state, m.id, drain)
    landed = []
    for entry in e["targets"]:
        tn = int(entry.get("tn", e["tn"]))
        if "resist" in entry:
            c._total(entry["resist"], "resist")
        if total >= tn:
            landed.append((c._member(state, entry["who"]), tn))
    if not landed:
        return replace(state, casts=serial) if spell == "Resurrection" else state
    if spell == "Dispel Magic":
        t = landed[0][0]
        return _remove(state, t.id, int(c._need(e, "dispel")))
    if spell == "Death Spell":
        if "damage" not in e:
            return state
        return _wound(state, landed[0][0], e)
    if spell == "Resurrection":
        t = landed[0][0]
        if t.body is not None:
            t = replace(t, body=replace(t.body, current=1))
        else:
            t = replace(t, wounds=wounds.WoundState(level=wounds.WoundLevel.INCAPACITATED,
                                                    awake=False))
        return replace(state._put(t), casts=serial)
    for t, tn in landed:
        eff = fx.make_effect(spell, serial, m.id, tn, now, detail=str(e.get("detail", "")),
                             steps=int(e.get("steps", 0)))
        if eff is not None:
            state = _land(state, t.id, eff)
    return replace(state, casts=serial)


def _land(state: c.Campaign, who: str, eff: fx.Effect) -> c.Campaign:
    """Put an effect on ``who``, replacing the same spell already there."""
    t = c._member(state, who)
    if any(x.spell == eff.spell and x.detail == eff.detail for x in t.effects):
        state = _remove(state, t.id, None, eff.spell)
        t = c._member(state, who)
    return state._put(replace(t, effects=(*t.effects, eff)))


def _f_dropped(state: c.Campaign, e: dict) -> c.Campaign:
    m = c._member(state, c._need(e, "who"))
    spell = str(c._need(e, "spell"))
    if "cast" in e:
        return _remove(state, None, int(e["cast"]))
    return state._put(replace(m, caster=c._check(magic.drop, m.caster, spell)))


def _f_ended(state: c.Campaign, e: dict) -> c.Campaign:
    m = c._member(state, c._need(e, "who"))
    cast_no = int(c._need(e, "cast"))
    if not any(x.cast == cast_no for x in m.effects):
        raise EventError(f"{m.sheet.name} had no spell {cast_no} on him")
    return _remove(state, m.id, cast_no)


def _f_time(state: c.Campaign, e: dict) -> c.Campaign:
    minutes = int(c._need(e, "minutes"))
    rest = bool(e.get("rest", False))
    members = tuple(
        replace(m, effects=fx.pass_time(m.effects, state.minutes, minutes),
                caster=magic.rest(m.caster, minutes) if rest else m.caster)
        for m in state.members)
    return replace(state, members=members, minutes=state.minutes + minutes)


def _f_bolt(state: c.Campaign, e: dict) -> c.Campaign:
    m = c._member(state, c._need(e, "who"))
    t = c._member(state, c._need(e, "target"))
    total = c._total(c._need(e, "attack"), "Throwing")
    if "defense" in e:
        c._total(e["defense"]["roll"], "Dodge")
    state = c._spend_hero(c._count_action(state, m.id), m.id, e)
    d = e.get("defense")
    if e.get("full_dodge") or (isinstance(d, dict) and (
            "declared" in d or d.get("kind") == "full_dodge")):
        # the target's defense leaves its reflex or held full dodge, as an attack's does
        # (bolts logged before the defense was shared left nothing)
        state = c._defended(state, t.id, e)
    state = _remove(state, m.id, None, "Lightning Bolt")
    if (total >= int(c._need(e, "tn"))) != bool(e.get("hit")):
        raise EventError("the bolt's hit does not match its roll and TN")
    if not e.get("hit"):
        return state
    return _wound(state, c._member(state, t.id), e)


def _f_collapse(state: c.Campaign, e: dict) -> c.Campaign:
    return _wound(state, c._member(state, c._need(e, "who")), e)


def _f_tool_gained(state: c.Campaign, e: dict) -> c.Campaign:
    m = c._member(state, c._need(e, "who"))
    tool = tools.Tool(str(c._need(e, "tool")), str(e.get("spell", "")), since=state.minutes)
    return state._put(replace(m, tools=(*m.tools, tool)))


def _f_tool_made(state: c.Campaign, e: dict) -> c.Campaign:
    m = c._member(state, c._need(e, "who"))
    total = c._total(c._need(e, "roll"), "Magic")
    if total < int(c._need(e, "tn")):
        return state
    cp = int(c._need(e, "cp"))
    if cp > m.sheet.character_points:
        raise EventError(f"{m.sheet.name} had not the CP for the tool")
    tool = tools.Tool(str(c._need(e, "tool")), str(e.get("spell", "")), since=None)
    return state._put(replace(m, tools=(*m.tools, tool), sheet=replace(
        m.sheet, character_points=m.sheet.character_points - cp)))


def _f_item(state: c.Campaign, e: dict) -> c.Campaign:
    m = c._member(state, c._need(e, "who"))
    return state._put(replace(m, items=(*m.items, str(c._need(e, "item")))))


def _f_potion(state: c.Campaign, e: dict) -> c.Campaign:
    m = c._member(state, c._need(e, "who"))
    serial = state.casts + 1
    eff = fx.Effect(serial, "Potion of Skill", m.id, until=state.minutes + POTION_MINUTES,
                    detail=str(c._need(e, "skill")))
    return replace(_land(state, m.id, eff), casts=serial)


#: Fold handlers of this module's events, merged into the campaign's table.
FOLDS: dict[str, Callable[[c.Campaign, dict], c.Campaign]] = {
    "concentration_dropped": _f_dropped,
    "effect_ended": _f_ended,
    "time_passed": _f_time,
    "bolt_thrown": _f_bolt,
    "collapse_resisted": _f_collapse,
    "tool_gained": _f_tool_gained,
    "tool_made": _f_tool_made,
    "item_gained": _f_item,
    "potion_drunk": _f_potion,
}


def describe(event: dict, n: Callable[[object], str]) -> str | None:
    """This module's events in words for the log (``n`` puts an id in words), or None."""
    t = event["type"]
    who = n(event.get("who", ""))
    if t == "concentration_dropped":
        return f"{who} stopped keeping {event['spell']} up"
    if t == "effect_ended":
        return f"{event['spell']} on {who} ended"
    if t == "time_passed":
        mins = int(event["minutes"])
        span = f"{mins // 60} h {mins % 60} min" if mins >= 60 else f"{mins} min"
        return f"{span} passed" + (" at rest" if event.get("rest") else "")
    if t == "bolt_thrown":
        hit = (f"hit for {event['damage']['total']} vs {event['resistance']}"
               if event.get("hit") else "missed")
        return (f"{who} threw a Lightning Bolt at {n(event['target'])}:"
                f" {event['attack']['total']} vs {event['tn']}, {hit}")
    if t == "collapse_resisted":
        return (f"a building fell on {who}: {event['damage']['total']} damage vs"
                f" {event['resistance']}")
    if t == "tool_gained":
        spell = f" ({event['spell']})" if event.get("spell") else ""
        return f"{who} came by a {event['tool']}{spell}; it attunes in three days"
    if t == "tool_made":
        ok = event["roll"]["total"] >= event["tn"]
        return (f"{who} {'finished' if ok else 'failed to make'} a {event['tool']}"
                f" ({event['roll']['total']} vs {event['tn']}"
                f"{', ' + str(event['cp']) + ' CP' if ok else ', no CP spent'})")
    if t == "item_gained":
        return f"{who} came by {event['item']}"
    if t == "potion_drunk":
        return f"{who} drank a Potion of Skill ({event['skill']} +2D, ten minutes)"
    return None
