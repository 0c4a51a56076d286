"""Folding a Simple Six campaign's log: each event applied to the state ("Campaign").

Events (facts, past tense): ``campaign_started``, ``character_added``, ``session_started``,
``session_ended``, ``cp_spent``, ``combat_started``, ``round_started``, ``turn_passed``,
``attacked``, ``stay_up_rolled``, ``mortal_rolled``, ``flesh_wound_taken``, ``healed``,
``rolled``, ``spell_cast``, ``rested``, ``combat_ended``, ``table_dice_set``; the vehicle
events of :mod:`.vehicle_log`; from :mod:`.perks` and :mod:`.afterroll`: ``perk_used``,
``destiny_rerolled``, ``cp_added``, ``halfway_taken``; from :mod:`.repair`: ``repaired``; the
spell events of :mod:`.spell_folds`. Every die rolled is stored in its event, with
``source = "app"`` or ``"table"``; :func:`fold` raises EventError only for an event that never
fitted.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from d6tui.engine.dice import check_roll
from d6tui.engine.errors import D6Error, EventError, RuleError
from d6tui.games.simple_six import (
    advancement,
    afterroll_fold,
    clock,
    effects,
    fight_roster,
    heal_focus,
    knockout,
    magic,
    perks,
    reflexes,
    repair,
    roster_edit,
    spell_folds,
    table_dice,
    vehicle_log,
    wounds,
)
from d6tui.games.simple_six.body_points import BodyPoints, bp_heal, bp_hit
from d6tui.games.simple_six.content import in_use
from d6tui.games.simple_six.events import (
    NO_DICE,
    add_count,
    count_action,
    defended,
    fight_round,
    in_fold,
    member_of,
    needed,
    roll_total,
    spend_hero_points,
)
from d6tui.games.simple_six.healing import assisted_healing, natural_healing, potion_of_healing
from d6tui.games.simple_six.settings import CampaignSettings
from d6tui.games.simple_six.sheet import BODY_POINTS_BASE, sheet_from_dict
from d6tui.games.simple_six.spell_folds import cannot_concentrate
from d6tui.games.simple_six.state import Campaign, Combat, Member
from d6tui.games.simple_six.tables import from_doc, frozen_v1


def fold(state: Campaign, event: dict) -> Campaign:
    """Apply one event.

    Args:
        state: the campaign.
        event: a stored event.

    Returns:
        The new state.

    Raises:
        EventError: the event does not fit the campaign (unknown type, missing key, a roll whose
            faces do not add up, a character who is not there).
    """
    t = event.get("type")
    handler = _FOLDS.get(str(t))
    if handler is None:
        raise EventError(f"unknown event type {t!r}")
    # the campaign's own tables, never the files (DESIGN "The log": self-contained)
    with in_use(state.content.rules if state.content is not None else None):
        # "Concentration (CONC)": a caster knocked out, Mortally Wounded or dead keeps no
        # spell up.
        folded = spell_folds.release_fallen(perks.after(state, handler(state, event), event))
        if len(folded.members) > len(state.members):
            folded = seat_new(folded)  # a player character joined: he takes the next seat
        # a 10D-minute knockout counts the time this event lets pass (:mod:`.knockout`)
        return knockout.after(state, folded, event)


def seat_new(state: Campaign) -> Campaign:
    """``state`` with every player character not yet seated given the next seat
    (``Campaign.seated``: seats follow the order characters joined, never the roster's)."""
    have = {i for i, _ in state.seated}
    new = tuple((m.id, m.sheet.name) for m in state.members
                if not m.sheet.npc and m.id not in have)
    return replace(state, seated=(*state.seated, *new)) if new else state


def _f_started(state: Campaign, e: dict) -> Campaign:
    # a save from before campaigns kept their copy replays with the content shipped then
    try:
        own = from_doc(e["content"]) if "content" in e else frozen_v1()
    except (D6Error, KeyError, TypeError, ValueError) as err:
        raise EventError(f"the campaign's copy of its content does not read: {err}") from None
    with in_use(own.rules):
        settings = in_fold(CampaignSettings.from_mapping, needed(e, "settings"), own.rules)
    return replace(state, settings=settings, content=own)


def _f_added(state: Campaign, e: dict) -> Campaign:
    sheet = sheet_from_dict(needed(e, "sheet"))
    cid = str(needed(e, "id"))
    if any(m.id == cid for m in state.members):
        raise EventError(f"the id {cid} is taken")
    body = None
    if state.settings.wounds == "body_points":
        if sheet.body_points is None:
            raise EventError("this campaign counts Body Points; the sheet has none")
        if "body_roll" in e:
            total = roll_total(e["body_roll"], "Body Points")
            if sheet.body_points != BODY_POINTS_BASE + total:
                raise EventError("the Body Points do not match their roll")
        body = BodyPoints(sheet.body_points, sheet.body_points)
    return replace(state, members=(*state.members, Member(cid, sheet, body=body)))


def _f_session_started(state: Campaign, e: dict) -> Campaign:
    if state.in_session or needed(e, "number") != state.session + 1:
        raise EventError("a session starts only after the last one ended, numbered next")
    members = tuple(replace(m, sheet=advancement.begin_session(m.sheet)) for m in state.members)
    return replace(state, session=state.session + 1, in_session=True, members=members)


def _f_session_ended(state: Campaign, e: dict) -> Campaign:
    if not state.in_session:
        raise EventError("no session is running")
    cp, hp = dict(e.get("cp", {})), dict(e.get("hero_points", {}))
    for who, names in dict(e.get("complications", {})).items():  # a CP each ("Complications")
        who = member_of(state, who).id
        cp[who] = int(cp.get(who, 0)) + len(list(names))
    for who in {*cp, *hp}:
        m = member_of(state, who)
        sheet = in_fold(advancement.award, m.sheet, int(cp.get(who, 0)), int(hp.get(who, 0)))
        state = state._put(replace(m, sheet=sheet))
    return replace(state, in_session=False)


def _f_cp_spent(state: Campaign, e: dict) -> Campaign:
    m = member_of(state, needed(e, "who"))
    sheet, cost = in_fold(advancement.spend, m.sheet, state.settings, str(needed(e, "kind")),
                         str(needed(e, "target")), from_book=bool(e.get("from_book", False)),
                         price=e.get("price"))
    if cost != e.get("cost"):
        raise EventError(f"the cost was {e.get('cost')}, the rules say {cost}")
    return state._put(replace(m, sheet=sheet))


def _f_combat_started(state: Campaign, e: dict) -> Campaign:
    if state.combat is not None:
        raise EventError("a fight is already going on")
    ids = tuple(member_of(state, i).id for i in needed(e, "ids"))
    members = tuple(
        replace(m, wounds=wounds.new_combat(m.wounds)) if m.id in ids else m
        for m in state.members
    )
    return replace(state, combat=Combat(ids, tags=fight_roster.tags_for((), ids)),
                   members=members)


def _next_turn(m: Member) -> Member:
    return replace(m, caster=magic.next_turn(m.caster))


def _f_round_started(state: Campaign, e: dict) -> Campaign:
    fight = state.combat
    if fight is None or needed(e, "round") != fight.round + 1:
        raise EventError("a round starts in a fight, numbered next")
    order = []
    totals = []
    for entry in needed(e, "initiative"):
        who = member_of(state, entry["who"]).id
        if who not in fight.ids:
            raise EventError(f"{who} is not in this fight")
        totals.append((who, roll_total(entry["roll"], "initiative")))
        order.append(who)
    actions = tuple((str(k), int(v)) for k, v in dict(e.get("actions", {})).items())
    # A turn that ended without a pass (held to the round's end, or never reached when the
    # GM starts the next round) still counts for Heal's concentration ("The Grimoire").
    unpassed = set(fight.held) | set(fight.order[fight.current:]) if fight.round >= 1 else set()
    members = tuple(
        _next_turn(heal_focus.turn_ended(m) if m.id in unpassed else m)
        if m.id in fight.ids else m
        for m in state.members
    )
    # Spells lasting rounds count down as each round starts ("The Grimoire").
    members = tuple(replace(m, effects=effects.pass_rounds(m.effects)) if m.effects else m
                    for m in members)
    return replace(state, members=members, combat=reflexes.round_started(replace(
        fight, round=fight.round + 1, order=tuple(order), current=0, actions=actions, used=0,
        defenses=(), made=(), totals=tuple(totals), held=())))


def _f_turn_passed(state: Campaign, e: dict) -> Campaign:
    fight = state.combat
    if fight is None or fight.actor is None or e.get("who") != fight.actor:
        raise EventError("only the acting combatant passes the turn")
    members = tuple(
        heal_focus.turn_ended(replace(m, caster=magic.next_turn(m.caster)))
        if m.id == fight.actor else m
        for m in state.members
    )
    made = add_count(fight.made, fight.actor, fight.used)
    # the fallen after him, named by the command, are passed over with him
    skipped = list(e.get("skipped", ()))
    if list(fight.order[fight.current + 1:fight.current + 1 + len(skipped)]) != skipped:
        raise EventError("only the combatants next in the order are skipped")
    return replace(state, members=members, combat=reflexes.turn_started(
        replace(fight, current=fight.current + 1 + len(skipped), used=0, made=made)))


def _f_attacked(state: Campaign, e: dict) -> Campaign:
    a = member_of(state, needed(e, "attacker"))
    t = member_of(state, needed(e, "target"))
    attack_total = roll_total(needed(e, "attack"), "attack")
    # Counted, not refused: logs written before the limit was enforced still load.
    state = count_action(state, a.id)
    spent = int(e.get("hero_points", 0))
    if spent:
        if spent > a.sheet.hero_points:
            raise EventError(f"{a.sheet.name} had no hero points to spend")
        state = state._put(replace(a, sheet=replace(a.sheet,
                                                     hero_points=a.sheet.hero_points - spent)))
        t = member_of(state, t.id)
    if "defense" in e:
        roll_total(e["defense"]["roll"], "defense")
    state = defended(state, t.id, e)
    tn = int(needed(e, "tn"))
    hit = attack_total >= tn
    if hit != bool(e.get("hit")):
        raise EventError("the attack's hit does not match its roll and TN")
    dhp = int(e.get("defender_hero_points", 0))
    if dhp and (hit or "defense" in e):  # spent on the defense roll, or on a hit's DR/resist
        t = member_of(state, t.id)
        if dhp > t.sheet.hero_points:
            raise EventError(f"{t.sheet.name} had no hero points to spend")
        state = state._put(replace(t, sheet=replace(t.sheet,
                                                     hero_points=t.sheet.hero_points - dhp)))
    if not hit:
        counter = e.get("counter")
        if isinstance(counter, dict):  # a brawler parried with a weapon takes its damage
            state = _take_damage(state, a.id, counter, 0)
        return state
    return _take_damage(state, t.id, e, int(e.get("extra", 0)))


def _take_damage(state: Campaign, who: str, e: Mapping, extra: int) -> Campaign:
    """Fold a hit's damage (``damage``, ``resistance``, a ``resist`` roll) onto ``who``."""
    t = member_of(state, who)
    damage_total = roll_total(needed(dict(e, type="attacked"), "damage"), "damage")
    if "resist" in e:
        roll_total(e["resist"], "resist")
    resistance = int(needed(dict(e, type="attacked"), "resistance"))
    rnd = state.combat.round if state.combat else None
    if damage_total + extra > resistance:
        state = spell_folds.hurt(state, t.id)
        t = member_of(state, t.id)
    if t.body is not None:
        return state._put(replace(t, body=bp_hit(t.body, damage_total + extra,
                                                        resistance)))
    margin = damage_total + extra - resistance
    return state._put(replace(t, wounds=wounds.take_hit(t.wounds, margin, rnd)))


def _f_stay_up(state: Campaign, e: dict) -> Campaign:
    m = member_of(state, needed(e, "who"))
    total = roll_total(needed(e, "roll"), "Stamina")
    ko = e.get("knockout")
    faces = check_roll(ko, sides=6, count=wounds.KNOCKOUT_DICE,
                       total_ok=True) if ko is not None else None
    typed_total = ko["total"] if ko is not None and not faces else None  # only a total typed
    new, _ = in_fold(wounds.stay_up, m.wounds, total,
                     knockout_faces=faces if typed_total is None else None,
                     knockout_total=typed_total,
                     dice=None if faces is not None else NO_DICE)
    return state._put(replace(m, wounds=new))


def _f_mortal(state: Campaign, e: dict) -> Campaign:
    m = member_of(state, needed(e, "who"))
    total = roll_total(needed(e, "roll"), "Might")
    new = in_fold(wounds.mortal_round, m.wounds, total)
    # Noted, not refused: logs written before the once-a-round check still load.
    rnd = state.combat.round if state.combat else None
    return state._put(replace(m, wounds=replace(new, mortal_rolled_round=rnd)))


def _f_flesh(state: Campaign, e: dict) -> Campaign:
    m = member_of(state, needed(e, "who"))
    new, left = in_fold(wounds.just_a_flesh_wound, m.wounds, m.sheet.hero_points,
                       state.settings.wild.hero_points)
    new = wounds.stunned_now(new, fight_round(state))
    return state._put(replace(m, wounds=new, sheet=replace(m.sheet, hero_points=left)))


def _f_healed(state: Campaign, e: dict) -> Campaign:
    m = member_of(state, needed(e, "who"))
    method = needed(e, "method")
    minutes = e.get("minutes")
    extra = sum(p.healing_tn for p in m.sheet.perk_data())
    heals = all(p.heals for p in m.sheet.perk_data())
    if method == "potion":
        healed = wounds.stunned_now(in_fold(potion_of_healing, m.wounds), fight_round(state))
        return state._put(replace(m, wounds=healed))
    if m.body is not None:
        bp_total = roll_total(needed(e, "roll"), "healing")
        rec = e.get("recovered")
        faces = check_roll(rec, sides=6) if rec is not None else None
        body, _ = in_fold(bp_heal, m.body, bp_total, faces=faces, dice=NO_DICE)
        return state._put(replace(m, body=body))
    if method == "natural":
        might = roll_total(e["roll"], "Might") if "roll" in e else None
        new, _ = in_fold(natural_healing, m.wounds, might, minutes or 0, extra_tn=extra,
                        heals=heals)
    elif method == "assisted":
        new, _ = in_fold(assisted_healing, m.wounds, roll_total(needed(e, "roll"), "Medicine"),
                        minutes, extra_tn=extra,
                        heals=heals)
        m = replace(m, treated_at=state.minutes)  # the clock counts the day to the next
    else:
        raise EventError(f"unknown healing method {method!r}")
    return state._put(replace(m, wounds=wounds.stunned_now(new, fight_round(state))))


def _f_rolled(state: Campaign, e: dict) -> Campaign:
    m = member_of(state, needed(e, "who"))
    roll_total(needed(e, "roll"), "check")
    hp, cp = int(e.get("hero_points", 0)), int(e.get("character_points", 0))
    if hp > m.sheet.hero_points or cp > m.sheet.character_points:
        raise EventError(f"{m.sheet.name} spent points he did not have")
    if e.get("action"):  # a check in a fight is one of the declared actions
        fight = state.combat
        if fight is not None and fight.actor == m.id:
            state = count_action(state, m.id)
        elif fight is not None:
            state = replace(state, combat=replace(
                fight, defenses=add_count(fight.defenses, m.id, 1)))
    if not hp and not cp:
        return state
    sheet = replace(m.sheet, hero_points=m.sheet.hero_points - hp,
                    character_points=m.sheet.character_points - cp)
    return state._put(replace(m, sheet=sheet))


def _f_spell_cast(state: Campaign, e: dict) -> Campaign:

    m = member_of(state, needed(e, "who"))
    total = roll_total(needed(e, "roll"), "Magic")
    spell = str(needed(e, "spell"))
    conc = spell if in_fold(state.settings.content.spell, spell).concentration else None
    # Out of a fight, or outside it (a bystander), each cast is a turn of its own.
    own_turn = state.combat is None or m.id not in state.combat.ids
    if own_turn:
        m = replace(m, caster=magic.next_turn(m.caster))
    caster, ok = in_fold(magic.cast, m.caster, total, int(needed(e, "tn")),
                        concentration=conc)
    if own_turn:
        caster = magic.next_turn(caster)
    state = count_action(state, m.id)
    state = spend_hero_points(state._put(replace(m, caster=caster)), m.id, e)
    if spell == "Heal":  # the cast ends the six turns' concentration ("The Grimoire")
        state = state._put(heal_focus.ended(member_of(state, m.id)))
    if "target" in e:
        patient = member_of(state, e["target"])
        patient = replace(patient, heal_casts=(*patient.heal_casts, state.minutes))
        if ok:
            patient = replace(patient, wounds=wounds.stunned_now(
                in_fold(wounds.heal_one_level, patient.wounds), fight_round(state)))
        state = state._put(patient)
    return spell_folds.fold_cast(state, e, total)


def _f_rested(state: Campaign, e: dict) -> Campaign:
    m = member_of(state, needed(e, "who"))
    return state._put(replace(m, caster=magic.rest(m.caster, int(needed(e, "minutes")))))


def _f_combat_ended(state: Campaign, e: dict) -> Campaign:
    if state.combat is None:
        raise EventError("there is no fight to end")
    ids = state.combat.ids
    members = tuple(replace(m, wounds=wounds.end_combat(m.wounds)) if m.id in ids else m
                    for m in state.members)
    # Spells lasting rounds (Hasten, Growth, a held Lightning Bolt, Earthquake) end with the
    # fight: the clock does not run in a fight, and a fight's rounds are its only measure.
    members = tuple(replace(m, effects=effects.end_rounds(m.effects)) if m.effects else m
                    for m in members)
    if "clock" not in e:  # written before the fight's rounds went on the clock
        return replace(state, combat=None, members=members)
    start, rounds = clock.now_rounds(state), state.combat.round
    members = tuple(replace(m, effects=clock.effects_at(m.effects, start, rounds))
                    if m.effects else m for m in members)
    end = start + rounds
    return replace(state, combat=None, members=members,
                   minutes=end // wounds.ROUNDS_PER_MINUTE,
                   clock_rounds=end % wounds.ROUNDS_PER_MINUTE)


_FOLDS = {
    "campaign_started": _f_started,
    "character_added": _f_added,
    "session_started": _f_session_started,
    "session_ended": _f_session_ended,
    "cp_spent": _f_cp_spent,
    "combat_started": _f_combat_started,
    "round_started": _f_round_started,
    "turn_passed": _f_turn_passed,
    "attacked": _f_attacked,
    "stay_up_rolled": _f_stay_up,
    "mortal_rolled": _f_mortal,
    "flesh_wound_taken": _f_flesh,
    "healed": _f_healed,
    "rolled": _f_rolled,
    "spell_cast": _f_spell_cast,
    "rested": _f_rested,
    "combat_ended": _f_combat_ended,
    "heal_focused": heal_focus.fold_focused,
    **vehicle_log.FOLDS,
    "perk_used": perks.fold_perk_used,
    # Destiny and character points change the open roll: its event folds again from the
    # campaign before it, with the new roll (so these handlers are given this fold)
    "destiny_rerolled": lambda state, e: afterroll_fold.fold_destiny(state, e, fold),
    "cp_added": lambda state, e: afterroll_fold.fold_cp_added(state, e, fold),
    "halfway_taken": afterroll_fold.fold_halfway,
    "repaired": repair.fold_repaired,
    "table_dice_set": table_dice.fold_table_dice,
    **fight_roster.FOLDS,
    **roster_edit.FOLDS,
    **spell_folds.FOLDS,
    # the clock's events run its rules (:mod:`.clock`); older ones fold as they did
    "time_passed": lambda state, e: (clock.fold_time(state, e) if "clock" in e
                                     else spell_folds.FOLDS["time_passed"](state, e)),
}


#: Every event type a campaign log holds.
EVENT_TYPES = frozenset(_FOLDS)


def lapsed(state: Campaign, payload: dict) -> dict:
    """``payload`` with ``concentration_lost`` added when folding it ends spells kept up by a
    caster it knocks out or kills: a list of ``{"who", "spell"}``, for the log's words only
    (fold ends them by itself, :func:`release_fallen`)."""
    try:
        after = fold(state, payload)
    except (EventError, RuleError):
        return payload
    lost = []
    for m in state.members:
        now = member_of(after, m.id)
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
