"""The GM's vehicle commands ("Vehicles" through "Vehicle Costs"): each validates against the
campaign and returns one event payload that :mod:`.vehicle_log` folds.

Every die is stored in its event. Wild-die rolls are typed from the table as ``(faces, wild
chain)`` under the keys :func:`.vehicle_log.vehicle_rolls` names; the plain 1D rolls of the
damage chart as a list of one face.

A vehicle action of a combatant in a running fight is one of his actions ("Vehicle Combat":
resolved like character combat; "Multiple Actions"; "Order of Actions in a Round"): the
shooter, the rammer's pilot and the pursuer's pilot in a chase turn act only in their turn,
within the actions they declared (each one counted, as an attack is), with the
multiple-action penalty and the reflex penalty they carry, and not while holding a full
dodge. The pilots who answer (the evading pilot, the rammed one, the quarry's) roll with their
own wound, multiple-action and reflex penalties, as a defender does. Outside a fight, or for
someone not in it, the GM runs vehicle actions when the story says so.

Every roll a character makes here takes what any of his rolls takes: a declared Lucky doubles
it (the event lists ``lucky``), Bless and the other spells and items of
:func:`.rolling.magic_modifier` change it, a perk's skill bonus is added. A skill the
campaign's list does not have (a Pilot skill in a fantasy campaign) is rolled on its
attribute: Drive, Pilot and Gunnery on Agility, Command on Charm, Repair on Wit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from d6tui.engine.dice import Dice
from d6tui.engine.errors import RuleError
from d6tui.games.simple_six import combat
from d6tui.games.simple_six import vehicles as vr
from d6tui.games.simple_six.codes import DieCode
from d6tui.games.simple_six.rolling import (
    Luck,
    actions_counted,
    magic_modifier,
    make_roll,
    reflex_carried,
    wound_penalty,
)
from d6tui.games.simple_six.sheet import weapon_damage
from d6tui.games.simple_six.state import Campaign, own_content, slug
from d6tui.games.simple_six.vehicle_log import chase_of, vehicle
from d6tui.games.simple_six.vehicle_rolling import (
    _VC,
    acts_in_turn,
    can_steer,
    check_can_act,
    in_fight,
    pilot_roll,
    request,
    skill_code,
    vehicle_hit,
)
from d6tui.games.simple_six.vehicle_stats import VehicleStats, stats_to_dict
from d6tui.games.simple_six.wounds import extra_damage


@own_content
def add_vehicle(state: Campaign, stats: VehicleStats, name: str | None = None) -> dict:
    """Add a vehicle to the campaign ("Vehicles").

    Args:
        state: the campaign.
        stats: its stats (a template).
        name: its own name; the template's name by default.

    Returns:
        A ``vehicle_added`` payload with the whole stats, so the log does not depend on the
        template file.

    Raises:
        RuleError: no name, or a vehicle of that name already.
    """
    name = (name or stats.name).strip()
    if not name:
        raise RuleError("a vehicle needs a name", "Vehicles")
    if len(name) > 40:
        raise RuleError(f"a vehicle's name takes at most 40 characters, not {len(name)}",
                        "Vehicles")
    vid = slug(name)
    if any(v.id == vid or v.name.lower() == name.lower() for v in state.vehicles):
        raise RuleError(f"there is already a vehicle called {name}", "Vehicles")
    return {"type": "vehicle_added", "id": vid, "name": name, "template": stats.name,
            "stats": stats_to_dict(stats)}


def aboard(state: Campaign, who: str) -> vr.Vehicle | None:
    """The vehicle character ``who`` (an id) is aboard, as pilot or crew, or None."""
    for v in state.vehicles:
        if v.pilot == who or who in v.crew:
            return v
    return None


@own_content
def crew_vehicle(state: Campaign, which: str, pilot: str | None,
                 crew: Sequence[str] = ()) -> dict:
    """Put roster characters aboard: the pilot (whose Drive/Pilot skill is rolled) and others.

    A character is aboard one vehicle at a time: someone aboard another vehicle (its pilot or
    one of its crew) must be taken off it first. A destroyed vehicle takes nobody aboard; it
    can only be emptied (no pilot, nobody aboard), "Structural Damage".

    Raises:
        RuleError: an unknown character or vehicle, someone listed twice, someone aboard
            another vehicle, a destroyed vehicle, or more aboard than crew plus passengers.
    """
    v = vehicle(state, which)
    pid = state.member(pilot).id if pilot else None
    ids = [state.member(c).id for c in crew]
    everyone = ids + ([pid] if pid else [])
    if len(set(everyone)) != len(everyone):
        raise RuleError("each character takes one place aboard", "Vehicles")
    seats = v.stats.crew + v.stats.passengers
    if len(everyone) > seats:
        raise RuleError(f"the {v.stats.name} takes {seats} aboard (Crew {v.stats.crew},"
                        f" Passengers {v.stats.passengers})", "Vehicles")
    if v.destroyed and everyone:
        raise RuleError(f"{v.name} is destroyed: nobody can crew it (only take everyone off)",
                        "Structural Damage")
    for who in everyone:
        other = aboard(state, who)
        if other is not None and other.id != v.id:
            raise RuleError(f"{state.member(who).sheet.name} is aboard {other.name}: take"
                            f" {state.member(who).sheet.name} off it first (crew it without"
                            " them): one vehicle at a time", "Vehicles")
    payload: dict = {"type": "vehicle_crewed", "vehicle": v.id, "crew": ids}
    if pid:
        payload["pilot"] = pid
    return payload


@own_content
def remove_vehicle(state: Campaign, which: str, note: str = "") -> dict:
    """Take a vehicle off the campaign's roster (sold, lost, left behind); its chases end. The
    events before stay in the log, so its history can still be read and undone.

    Args:
        state: the campaign.
        which: the vehicle (id or name).
        note: the GM's words on why, for the log.

    Returns:
        A ``vehicle_removed`` payload (with the name, for the log's words).

    Raises:
        RuleError: no such vehicle.
    """
    v = vehicle(state, which)
    payload: dict = {"type": "vehicle_removed", "vehicle": v.id, "name": v.name}
    if note.strip():
        payload["note"] = note.strip()
    return payload


@own_content
def attack_vehicle(
    state: Campaign,
    attacker: str,
    target: str,
    *,
    weapon: str,
    from_vehicle: str | None = None,
    skill: str | None = None,
    range_: str = "short",
    cover: int = 0,
    evade: bool = True,
    guns: int = 1,
    commander: str | None = None,
    dice: Dice | None = None,
    typed: Mapping[str, Any] | None = None,
) -> dict:
    """An attack on a vehicle ("Vehicle Combat").

    Resolved like an attack on a character, but the target's pilot rolls Drive/Pilot plus
    Maneuverability in place of Dodge (Fast Static: that code's static value); with no pilot,
    a stopped vehicle or ``evade=False`` the TN is 10 plus range and cover. A hit rolls damage
    against the vehicle's Body (a roll, or its static value under Fast Static); damage that gets
    through is placed by 1D on the damage chart. A mounted weapon is at its vehicle's scale
    unless it says otherwise; scale differences work as for characters ("Scaling").

    Args:
        state: the campaign.
        attacker: the roster character firing.
        target: the vehicle attacked.
        weapon: a weapon mounted on ``from_vehicle``, or one from the sheet's weapon tables.
        from_vehicle: the vehicle the attacker fires from (he must be aboard).
        skill: the attack skill (default: the mounted weapon's; required for a hand weapon).
        range_: ``point_blank``, ``short``, ``medium`` or ``long``.
        cover: percent of the target behind cover.
        evade: the target's pilot tries to avoid the attack.
        guns: guns of this type fired as one salvo ("Multiple Weapons on Vehicles"): a Command
            roll first, +1 pip of damage per doubling.
        commander: who rolls Command for a salvo (default the attacker).
        dice: the app's dice.
        typed: typed rolls: ``command``, ``attack``, ``defense``, ``damage``, ``resist`` (wild),
            ``location``, ``system_roll`` (one face each).

    Returns:
        A ``vehicle_attacked`` payload.

    Raises:
        RuleError: an unknown weapon, the attacker not aboard, a destroyed target, more guns
            than are mounted, or a broken rule of the attack.
    """
    typed = typed or {}
    s = state.settings
    a = state.member(attacker)
    t = vehicle(state, target)
    if t.destroyed:
        raise RuleError(f"{t.name} is already destroyed", "Structural Damage")
    check_can_act(state, a, "attack")
    luck = Luck()
    payload: dict = {"type": "vehicle_attacked", "attacker": a.id, "vehicle": t.id,
                     "weapon": weapon, "range": range_, "system": s.combat}
    if in_fight(state, a):
        payload["acted"] = a.id
    if from_vehicle is not None:
        src = vehicle(state, from_vehicle)
        if a.id not in (src.pilot, *src.crew):
            raise RuleError(f"{a.sheet.name} is not aboard {src.name}", "Vehicles")
        if src.destroyed:
            raise RuleError(f"{src.name} is destroyed: its guns are gone", "Structural Damage")
        if src.id == t.id:
            raise RuleError("a vehicle does not fire on itself", _VC)
        mounted = src.stats.weapon(weapon)
        if src.broken(mounted.name):
            raise RuleError(f"the {mounted.name} of {src.name} is broken", "System Damaged")
        if guns > mounted.count:
            raise RuleError(f"{src.name} mounts {mounted.count} {mounted.name}, not {guns}",
                            "Multiple Weapons on Vehicles")
        skill = skill or mounted.skill
        scale = mounted.scale if mounted.scale is not None else src.stats.scale
        dmg = mounted.damage
        payload["from"] = src.id
    else:
        if guns != 1:
            raise RuleError("a salvo is fired from a vehicle's guns",
                            "Multiple Weapons on Vehicles")
        if skill is None:
            raise RuleError("name the skill of a hand weapon", _VC)
        scale = a.sheet.scale
        dmg = weapon_damage(a.sheet, weapon, s)
    sc = combat.scale_effects(scale, t.stats.scale)
    if guns > 1:
        boss = state.member(commander or a.id)
        code, what = skill_code(state, boss, "Command")
        name, tn = vr.salvo_difficulty(guns)
        croll = make_roll(request(state, boss, code, what,
                              f"{what} for a salvo of {guns} ({name})", target=tn),
                      s, dice, typed.get("command"), lucky=luck(boss))
        payload.update(guns=guns, commander=boss.id, command=croll, command_tn=tn)
        if croll["total"] < tn:
            payload["hit"] = False
            return luck.mark(payload)
        dmg = dmg + DieCode.of(0, vr.salvo_pips(guns))
    code, what = skill_code(state, a, skill)
    payload["skill"] = what
    attack = make_roll(request(state, a, code + sc.attack, what, what), s, dice,
                   typed.get("attack"), lucky=luck(a))
    payload["attack"] = attack
    if not (evade and can_steer(state, t)):
        tn = combat.traditional_tn(range_=range_, cover=cover)
    elif s.combat == "static":
        pm = state.member(str(t.pilot))
        skill_c, pwhat = skill_code(state, pm, t.stats.skill)
        # his penalties (wounds, multiple actions, reflex) and spells, as on any roll of his
        lost = (wound_penalty(state, pm) + actions_counted(state, pm.id) - 1
                + reflex_carried(state, pm))
        skill_c = skill_c - DieCode.of(lost) + magic_modifier(state, pm, pwhat)
        base = vr.pilot_code(skill_c, t).static
        tn = combat.static_tn(base, range_=range_, cover=cover, scale_bonus=sc.dodge.static)
        payload["defense"] = {"static": base}
    else:
        droll = pilot_roll(state, t, "defense", dice, typed, luck, extra=sc.dodge)
        payload["defense"] = {"roll": droll}
        tn = combat.traditional_tn(droll["total"], kind="dodge", range_=range_, cover=cover)
    payload["tn"] = tn
    margin = combat.hit_margin(attack["total"], tn)
    payload["hit"] = margin >= 0
    if margin < 0:
        return luck.mark(payload)
    extra = extra_damage(margin, s.increasing_damage) if s.increasing_damage else 0
    payload["hits"] = [vehicle_hit(state, t, dmg + sc.damage, sc.soak, "", dice, typed, extra)]
    return luck.mark(payload)


@own_content
def ram(state: Campaign, rammer: str, target: str, *, dice: Dice | None = None,
        typed: Mapping[str, Any] | None = None) -> dict:
    """One vehicle rams another at short range ("Ramming").

    The rammer's pilot roll must beat the target's pilot roll (a target nobody steers: 10, the
    base TN of an attack). On a ram both vehicles take damage of the rammer's Body plus the
    difference of their Move codes, each rolled on its own so that scale counts only where the
    two differ; each resists with its Body and rolls on the damage chart.

    Args:
        typed: ``rammer_roll``, ``target_roll``; per hit ``target_damage``, ``target_resist``,
            ``target_location``, ``target_system_roll`` and the same with ``rammer_``.

    Returns:
        A ``vehicle_rammed`` payload.

    Raises:
        RuleError: the same vehicle, a rammer without a pilot or stopped, a destroyed target,
            or a chase between them that is not at short range.
    """
    typed = typed or {}
    r, t = vehicle(state, rammer), vehicle(state, target)
    if r.id == t.id:
        raise RuleError("a vehicle cannot ram itself", "Ramming")
    if t.destroyed:
        raise RuleError(f"{t.name} is already destroyed", "Structural Damage")
    chase = chase_of(state, r.id, t.id)
    if chase is not None and chase.range != "short":
        raise RuleError(f"{r.name} and {t.name} are at {chase.range} range; ramming is at"
                        " short range", "Ramming")
    luck = Luck()
    payload: dict = {"type": "vehicle_rammed", "rammer": r.id, "target": t.id}
    if r.pilot is not None:
        acts_in_turn(state, state.member(r.pilot), "ram", payload)
    rroll = pilot_roll(state, r, "rammer_roll", dice, typed, luck)
    payload["rammer_roll"] = rroll
    if can_steer(state, t):
        troll = pilot_roll(state, t, "target_roll", dice, typed, luck)
        payload["target_roll"] = troll
        against = troll["total"]
    else:
        against = combat.TRADITIONAL_BASE_TN
        payload["target_tn"] = against
    payload["hit"] = rroll["total"] > against
    if not payload["hit"]:
        return luck.mark(payload)
    base = vr.ram_damage(r, t)
    payload["ram_damage"] = str(base)
    sc = combat.scale_effects(r.stats.scale, t.stats.scale)
    back = combat.scale_effects(t.stats.scale, r.stats.scale)  # the rammer's side of it
    payload["hits"] = [
        vehicle_hit(state, t, base + sc.damage, sc.soak, "target_", dice, typed),
        vehicle_hit(state, r, base + back.damage, back.soak, "rammer_", dice, typed),
    ]
    return luck.mark(payload)


@own_content
def start_chase(state: Campaign, pursuer: str, quarry: str, range_: str = "medium") -> dict:
    """The GM sets a chase going at a range ("Chases").

    Raises:
        RuleError: the same vehicle, a destroyed vehicle, a pursuer that has stopped, a chase
            between them already, or an unknown range.
    """
    p, q = vehicle(state, pursuer), vehicle(state, quarry)
    if p.id == q.id:
        raise RuleError("a vehicle cannot chase itself", "Chases")
    for one in (p, q):
        if one.destroyed:
            raise RuleError(f"{one.name} is destroyed: it takes no part in a chase",
                            "Structural Damage")
    if not p.running:
        raise RuleError(f"{p.name} has stopped (Mortally Wounded): it cannot give chase",
                        "Structural Damage")
    if chase_of(state, p.id, q.id) is not None:
        raise RuleError(f"{p.name} and {q.name} are already in a chase", "Chases")
    if range_ not in vr.RANGES:
        raise RuleError(f"a chase starts at short, medium or long range, not {range_!r}",
                        "Chases")
    return {"type": "chase_started", "pursuer": p.id, "quarry": q.id, "range": range_}


@own_content
def chase_turn(state: Campaign, pursuer: str, quarry: str, *, pursuer_move: str = "close",
               quarry_move: str = "open", dice: Dice | None = None,
               typed: Mapping[str, Any] | None = None) -> dict:
    """One turn of a chase ("Chases", "Vehicle Movement").

    Each pilot rolls Drive/Pilot plus Maneuverability plus the vehicle's Move dice; the faster
    speed category adds the difference of the speed factors. The higher roll closes or opens
    the range one band, as its side wants (``pursuer_move``/``quarry_move``); a tie changes
    nothing. Closing below short is caught, opening beyond long escaped: the chase ends.

    The pursuer's pilot, in a running fight, takes the turn as one of his actions (see the
    module); the quarry's pilot rolls with his own penalties.

    Returns:
        A ``chase_turned`` payload: both rolls, ``winner``, ``move`` and ``result`` (a range,
        ``caught`` or ``escaped``).

    Raises:
        RuleError: no such chase, a vehicle without a pilot or stopped.
    """
    typed = typed or {}
    p, q = vehicle(state, pursuer), vehicle(state, quarry)
    c = chase_of(state, p.id, q.id)
    if c is None:
        raise RuleError(f"{p.name} is not chasing {q.name}", "Chases")
    if c.pursuer != p.id:
        p, q = q, p
    for move in (pursuer_move, quarry_move):
        if move not in ("close", "open"):
            raise RuleError(f"the winner closes or opens the range, not {move!r}", "Chases")
    luck = Luck()
    payload: dict = {"type": "chase_turned", "pursuer": p.id, "quarry": q.id,
                     "range": c.range}
    if p.pilot is not None:
        acts_in_turn(state, state.member(p.pilot), "chase turn", payload)
    pb, qb = vr.speed_bonus(p.stats.speed, q.stats.speed), vr.speed_bonus(q.stats.speed,
                                                                         p.stats.speed)
    payload["pursuer_roll"] = pilot_roll(state, p, "pursuer_roll", dice, typed, luck,
                                          move=True, bonus=pb)
    payload["quarry_roll"] = pilot_roll(state, q, "quarry_roll", dice, typed, luck,
                                         move=True, bonus=qb)
    pt, qt = payload["pursuer_roll"]["total"], payload["quarry_roll"]["total"]
    if pt == qt:
        payload.update(winner="", move="", result=c.range)
        return luck.mark(payload)
    winner, move = (p.id, pursuer_move) if pt > qt else (q.id, quarry_move)
    payload.update(winner=winner, move=move, result=vr.chase_step(c.range, move))
    return luck.mark(payload)


@own_content
def end_chase(state: Campaign, pursuer: str, quarry: str) -> dict:
    """The GM ends a chase that neither caught nor escaped.

    Raises:
        RuleError: no such chase.
    """
    p, q = vehicle(state, pursuer), vehicle(state, quarry)
    c = chase_of(state, p.id, q.id)
    if c is None:
        raise RuleError(f"{p.name} is not chasing {q.name}", "Chases")
    return {"type": "chase_ended", "pursuer": c.pursuer, "quarry": c.quarry}


@own_content
def repair_vehicle(state: Campaign, which: str, who: str, part: str, *,
                   dice: Dice | None = None, typed: Mapping[str, Any] | None = None) -> dict:
    """A character repairs one damaged part ("Repairing Vehicles").

    The dice lost on the part give the difficulty, the cost (a percentage of a new vehicle's
    price) and the time; the repairer rolls Repair; success restores the part.

    Args:
        part: ``maneuverability``, ``structure`` or a system's name.
        typed: ``roll``.

    Returns:
        A ``vehicle_repaired`` payload with the job and the roll.

    Raises:
        RuleError: nothing to repair there, a destroyed vehicle, or a repairer who cannot act.
    """
    typed = typed or {}
    v = vehicle(state, which)
    m = state.member(who)
    job = vr.repair_job(v, part)
    code, what = skill_code(state, m, "Repair")
    luck = Luck()
    roll = make_roll(request(state, m, code, what, f"{what} ({job.difficulty})", target=job.tn),
                 state.settings, dice, typed.get("roll"), lucky=luck(m))
    return luck.mark({"type": "vehicle_repaired", "vehicle": v.id, "who": m.id, "part": part,
            "dice": job.dice, "difficulty": job.difficulty, "tn": job.tn,
            "cost": f"{job.percent}% of {v.stats.dollars}", "time": job.time, "roll": roll,
            "success": roll["total"] >= job.tn})
