"""How Simple Six spells land on the campaign: the fold of casts, thrown Lightning
Bolts, collapses, concentration dropped or lost, effects ending, time passing, Sorcerer's
Tools and potions ("The Simple Magic System", "The Grimoire", "Concentration (CONC)").

Events of this module: ``concentration_dropped``, ``effect_ended``, ``time_passed``,
``bolt_thrown``, ``collapse_resisted``, ``tool_gained``, ``tool_made``, ``item_gained``,
``potion_drunk`` (:data:`FOLDS`); ``spell_cast`` lands through :func:`fold_cast`. Spells kept
up end when their caster is knocked out, Mortally Wounded or dead (:func:`release_fallen`,
after every event).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from d6tui.engine.errors import EventError, RuleError
from d6tui.games.simple_six import effects as fx
from d6tui.games.simple_six import magic, tools, wounds
from d6tui.games.simple_six.body_points import bp_hit
from d6tui.games.simple_six.events import (
    count_action,
    defended,
    in_fold,
    member_of,
    needed,
    roll_total,
    spend_hero_points,
)
from d6tui.games.simple_six.state import Campaign, Member

_CONC = "Concentration (CONC)"


#: Minutes a Potion of Skill lasts, and its bonus ("Potions").
POTION_MINUTES = 10


def active(state: Campaign) -> list[tuple[Member, fx.Effect]]:
    """Every effect in play, with the character it is on."""
    return [(m, e) for m in state.members for e in m.effects]


def maintained_by(state: Campaign, who: str) -> list[tuple[Member, fx.Effect]]:
    """The concentration effects ``who`` keeps up, one entry for each target."""
    return [(m, e) for m, e in active(state) if e.caster == who and e.concentration]


#: The keys of a ``spell_cast`` event that its Magic roll, changed after it was made
#: (character points, Destiny: :mod:`.afterroll`), may add: Death Spell's damage.
SPELL_CHANGES = frozenset({"damage", "resist", "resistance", "lucky"})


def _release(state: Campaign, gone: list[fx.Effect]) -> Campaign:
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


def _remove(state: Campaign, who: str | None, cast_no: int | None,
            spell: str | None = None) -> Campaign:
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


def cannot_concentrate(m: Member) -> bool:
    """Whether ``m`` has lost the concentration his spells need ("Concentration (CONC)"):
    knocked out, Mortally Wounded or dead ("Wound Level Effects"), or out of Body Points."""
    if m.body is not None:
        return m.body.dead
    return wounds.penalty(m.wounds) is None


def release_fallen(state: Campaign) -> Campaign:
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
        m = member_of(state, m.id)
        if m.caster.maintained:  # kept up with no effect recorded (older logs)
            state = state._put(replace(m, caster=replace(m.caster, maintained=())))
        m = member_of(state, m.id)
        if m.caster.heal_focus is not None:  # nor the six turns before a Heal
            state = state._put(replace(m, caster=replace(m.caster, heal_focus=None,
                                                         heal_turns=0)))
    return state


def hurt(state: Campaign, who: str) -> Campaign:
    """Damage got through to ``who``: his Clairvoyance ends and Slumber wakes him."""
    m = state.member(who)
    for spell in ("Clairvoyance", "Slumber"):
        if any(e.spell == spell for e in m.effects):
            state = _remove(state, m.id, None, spell)
    return state


def _wound(state: Campaign, t: Member, e: dict) -> Campaign:
    total = roll_total(needed(e, "damage"), "damage")
    if "resist" in e:
        roll_total(e["resist"], "resist")
    resistance = int(needed(e, "resistance"))
    rnd = state.combat.round if state.combat else None
    if total > resistance:
        state = hurt(state, t.id)
        t = member_of(state, t.id)
    if t.body is not None:
        return state._put(replace(t, body=bp_hit(t.body, total, resistance)))
    return state._put(replace(t, wounds=wounds.take_hit(t.wounds, total - resistance, rnd)))


def fold_cast(state: Campaign, e: dict, total: int) -> Campaign:
    """What a ``spell_cast`` leaves after the caster's own state is folded: effects on the
    targets it took, Death Spell's wound, Dispel Magic's undoing, Resurrection's raising and
    its drain, the staff's day, the scroll burnt."""
    m = member_of(state, e["who"])
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
            roll_total(entry["resist"], "resist")
        if total >= tn:
            landed.append((member_of(state, entry["who"]), tn))
    if not landed:
        return replace(state, casts=serial) if spell == "Resurrection" else state
    if spell == "Dispel Magic":
        t = landed[0][0]
        return _remove(state, t.id, int(needed(e, "dispel")))
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


def _land(state: Campaign, who: str, eff: fx.Effect) -> Campaign:
    """Put an effect on ``who``, replacing the same spell already there."""
    t = member_of(state, who)
    if any(x.spell == eff.spell and x.detail == eff.detail for x in t.effects):
        state = _remove(state, t.id, None, eff.spell)
        t = member_of(state, who)
    return state._put(replace(t, effects=(*t.effects, eff)))


def _f_dropped(state: Campaign, e: dict) -> Campaign:
    m = member_of(state, needed(e, "who"))
    spell = str(needed(e, "spell"))
    if "cast" in e:
        return _remove(state, None, int(e["cast"]))
    return state._put(replace(m, caster=in_fold(magic.drop, m.caster, spell)))


def _f_ended(state: Campaign, e: dict) -> Campaign:
    m = member_of(state, needed(e, "who"))
    cast_no = int(needed(e, "cast"))
    if not any(x.cast == cast_no for x in m.effects):
        raise EventError(f"{m.sheet.name} had no spell {cast_no} on him")
    return _remove(state, m.id, cast_no)


def _f_time(state: Campaign, e: dict) -> Campaign:
    minutes = int(needed(e, "minutes"))
    rest = bool(e.get("rest", False))
    members = tuple(
        replace(m, effects=fx.pass_time(m.effects, state.minutes, minutes),
                caster=magic.rest(m.caster, minutes) if rest else m.caster)
        for m in state.members)
    return replace(state, members=members, minutes=state.minutes + minutes)


def _f_bolt(state: Campaign, e: dict) -> Campaign:
    m = member_of(state, needed(e, "who"))
    t = member_of(state, needed(e, "target"))
    total = roll_total(needed(e, "attack"), "Throwing")
    if "defense" in e:
        roll_total(e["defense"]["roll"], "Dodge")
    state = spend_hero_points(count_action(state, m.id), m.id, e)
    d = e.get("defense")
    if e.get("full_dodge") or (isinstance(d, dict) and (
            "declared" in d or d.get("kind") == "full_dodge")):
        # the target's defense leaves its reflex or held full dodge, as an attack's does
        # (bolts logged before the defense was shared left nothing)
        state = defended(state, t.id, e)
    state = _remove(state, m.id, None, "Lightning Bolt")
    if (total >= int(needed(e, "tn"))) != bool(e.get("hit")):
        raise EventError("the bolt's hit does not match its roll and TN")
    if not e.get("hit"):
        return state
    return _wound(state, member_of(state, t.id), e)


def _f_collapse(state: Campaign, e: dict) -> Campaign:
    return _wound(state, member_of(state, needed(e, "who")), e)


def _f_tool_gained(state: Campaign, e: dict) -> Campaign:
    m = member_of(state, needed(e, "who"))
    tool = tools.Tool(str(needed(e, "tool")), str(e.get("spell", "")), since=state.minutes)
    return state._put(replace(m, tools=(*m.tools, tool)))


def _f_tool_made(state: Campaign, e: dict) -> Campaign:
    m = member_of(state, needed(e, "who"))
    total = roll_total(needed(e, "roll"), "Magic")
    if total < int(needed(e, "tn")):
        return state
    cp = int(needed(e, "cp"))
    if cp > m.sheet.character_points:
        raise EventError(f"{m.sheet.name} had not the CP for the tool")
    tool = tools.Tool(str(needed(e, "tool")), str(e.get("spell", "")), since=None)
    return state._put(replace(m, tools=(*m.tools, tool), sheet=replace(
        m.sheet, character_points=m.sheet.character_points - cp)))


def _f_item(state: Campaign, e: dict) -> Campaign:
    m = member_of(state, needed(e, "who"))
    return state._put(replace(m, items=(*m.items, str(needed(e, "item")))))


def _f_potion(state: Campaign, e: dict) -> Campaign:
    m = member_of(state, needed(e, "who"))
    serial = state.casts + 1
    eff = fx.Effect(serial, "Potion of Skill", m.id, until=state.minutes + POTION_MINUTES,
                    detail=str(needed(e, "skill")))
    return replace(_land(state, m.id, eff), casts=serial)


#: Fold handlers of this module's events, merged into the campaign's table.
FOLDS: dict[str, Callable[[Campaign, dict], Campaign]] = {
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
