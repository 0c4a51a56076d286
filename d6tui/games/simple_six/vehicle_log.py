"""How vehicle events change a campaign ("Vehicles"): the fold handlers and the rolls each
event holds.

Events (facts, past tense): ``vehicle_added``, ``vehicle_crewed``, ``vehicle_attacked``,
``vehicle_rammed``, ``chase_started``, ``chase_turned``, ``chase_ended``,
``vehicle_repaired``, ``vehicle_removed``. The commands that make them are in
:mod:`.vehicle_commands`.

A hit on a vehicle is stored as a ``hits`` entry: ``vehicle``, ``key`` (the prefix of its typed
rolls), ``damage`` and (traditional) ``resist`` rolls, ``resistance``, ``extra`` and, when the
damage got through, ``location`` (the 1D of the damage chart), ``part``, and for a system hit
``system_roll`` and ``system``. Fold recomputes the part and the system from the dice, so a log
whose words disagree with its dice does not load.

``acted`` (on ``vehicle_attacked``, ``vehicle_rammed``, ``chase_turned``): the combatant whose
action it was in a running fight; fold counts it against his declared actions, as an attack.
Older logs have no ``acted`` and count nothing. ``vehicle_removed`` takes a vehicle off the
roster (its chases end); the events before it stay in the log.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from d6tui.engine.dice import check_roll
from d6tui.engine.errors import D6Error, DiceError, EventError, RuleError
from d6tui.games.simple_six import vehicles as vr
from d6tui.games.simple_six.events import count_action, member_of
from d6tui.games.simple_six.state import Campaign
from d6tui.games.simple_six.vehicle_stats import stats_from_dict
from d6tui.games.simple_six.wild import check_wild_roll

#: The wild-die roll keys of vehicle events, in the order they are made.
WILD_KEYS = ("command", "attack", "defense", "rammer_roll", "target_roll", "pursuer_roll",
             "quarry_roll", "roll")


def vehicle_rolls(payload: dict) -> list[tuple[str, dict]]:
    """The rolls of a vehicle event in the order they are made, keyed as the commands take them
    typed: wild-die rolls (``attack``...) and plain 1D rolls (``location``, ``system_roll``,
    prefixed by their hit's ``key``). A plain roll has no ``wild`` key."""
    out = []
    for k in WILD_KEYS:
        value = payload.get(k)
        if k == "defense" and isinstance(value, dict):
            value = value.get("roll")
        if isinstance(value, dict) and "wild" in value:
            out.append((k, value))
    for hit in payload.get("hits", ()):
        pre = hit.get("key", "")
        for k in ("damage", "resist", "location", "system_roll"):
            if isinstance(hit.get(k), dict):
                out.append((pre + k, hit[k]))
    return out


def vehicle(state: Campaign, which: object) -> vr.Vehicle:
    """A vehicle of the campaign by id or name (any case).

    Raises:
        RuleError: no such vehicle.
    """
    key = str(which).strip().lower()
    for v in state.vehicles:
        if key in (v.id, v.name.lower()):
            return v
    raise RuleError(f"there is no vehicle '{which}' in this campaign", "Vehicles")


def put(state: Campaign, v: vr.Vehicle) -> Campaign:
    """The campaign with ``v`` replacing the vehicle of the same id."""
    return replace(state, vehicles=tuple(v if x.id == v.id else x for x in state.vehicles))


def chase_of(state: Campaign, a: str, b: str) -> vr.Chase | None:
    """The chase between vehicles ``a`` and ``b`` (ids, either way round), or None."""
    for c in state.chases:
        if {c.pursuer, c.quarry} == {a, b}:
            return c
    return None


def _v(state: Campaign, which: object) -> vr.Vehicle:
    try:
        return vehicle(state, which)
    except RuleError:
        raise EventError(f"there is no vehicle {which!r}") from None


def _need(e: dict, key: str) -> Any:
    if key not in e:
        raise EventError(f"a {e['type']} event needs '{key}'")
    return e[key]


def _total(roll: object, what: str) -> int:
    try:
        return check_wild_roll(roll)
    except DiceError as ex:
        raise EventError(f"the {what} roll: {ex}") from None


def _face(roll: object, what: str) -> int:
    faces = check_roll(roll, sides=6, count=1)
    if not isinstance(faces[0], int):
        raise EventError(f"the {what} roll is not a d6")
    return faces[0]


def _check(fn: Callable, *args: Any) -> Any:
    try:
        return fn(*args)
    except D6Error as ex:
        if isinstance(ex, EventError):
            raise
        raise EventError(str(ex)) from None


def apply_hit(state: Campaign, hit: dict) -> Campaign:
    """Apply one stored hit to its vehicle (see the module docstring).

    Raises:
        EventError: a roll that does not add up, or a part or system that does not match the
            dice.
    """
    v = _v(state, _need(hit, "vehicle"))
    damage = _total(_need(hit, "damage"), "damage")
    if "resist" in hit:
        _total(hit["resist"], "Body")
    margin = damage + int(hit.get("extra", 0)) - int(_need(hit, "resistance"))
    if margin <= 0:
        return state
    part = _check(vr.damage_part, _face(_need(hit, "location"), "damage chart"), v.stats)
    if part != hit.get("part"):
        raise EventError(f"the damage chart says {part}, the event {hit.get('part')}")
    system = None
    if part == "system":
        system = _check(vr.system_hit, _face(_need(hit, "system_roll"), "system"), v.stats)
        if system != hit.get("system"):
            raise EventError(f"the system die says {system}, the event {hit.get('system')}")
    return put(state, _check(vr.apply_damage, v, margin, part, system))


def _acted(state: Campaign, e: dict) -> Campaign:
    """Count the vehicle action of the combatant named ``acted`` ("Multiple Actions")."""
    if "acted" not in e:
        return state
    return count_action(state, member_of(state, e["acted"]).id)


def _f_added(state: Campaign, e: dict) -> Campaign:
    vid = str(_need(e, "id"))
    if any(v.id == vid for v in state.vehicles):
        raise EventError(f"the vehicle id {vid} is taken")
    stats = _check(stats_from_dict, _need(e, "stats"))
    name = str(e.get("name", stats.name))
    return replace(state, vehicles=(*state.vehicles, vr.Vehicle(vid, name, stats)))


def _f_crewed(state: Campaign, e: dict) -> Campaign:
    v = _v(state, _need(e, "vehicle"))
    ids = {m.id for m in state.members}
    pilot = e.get("pilot")
    crew = tuple(str(c) for c in e.get("crew", ()))
    for who in (*crew, *([pilot] if pilot else [])):
        if who not in ids:
            raise EventError(f"there is no character {who!r}")
    return put(state, replace(v, pilot=str(pilot) if pilot else None, crew=crew))


def _f_attacked(state: Campaign, e: dict) -> Campaign:
    _v(state, _need(e, "vehicle"))
    state = _acted(state, e)
    if "command" in e:
        ok = _total(e["command"], "Command") >= int(_need(e, "command_tn"))
        if not ok:
            return state
    attack = _total(_need(e, "attack"), "attack")
    if isinstance(e.get("defense"), dict) and "roll" in e["defense"]:
        _total(e["defense"]["roll"], "pilot")
    if (attack >= int(_need(e, "tn"))) != bool(e.get("hit")):
        raise EventError("the attack's hit does not match its roll and TN")
    for hit in e.get("hits", ()) if e.get("hit") else ():
        state = apply_hit(state, hit)
    return state


def _f_rammed(state: Campaign, e: dict) -> Campaign:
    _v(state, _need(e, "rammer"))
    _v(state, _need(e, "target"))
    state = _acted(state, e)
    against = (_total(e["target_roll"], "pilot") if "target_roll" in e
               else int(_need(e, "target_tn")))
    ok = _total(_need(e, "rammer_roll"), "ram") > against
    if ok != bool(e.get("hit")):
        raise EventError("the ram's success does not match its rolls")
    for hit in e.get("hits", ()) if ok else ():
        state = apply_hit(state, hit)
    return state


def _f_chase_started(state: Campaign, e: dict) -> Campaign:
    a, b = _v(state, _need(e, "pursuer")), _v(state, _need(e, "quarry"))
    if a.id == b.id or chase_of(state, a.id, b.id) is not None:
        raise EventError("a chase is between two vehicles not already chasing")
    rng = str(_need(e, "range"))
    if rng not in vr.RANGES:
        raise EventError(f"unknown chase range {rng!r}")
    return replace(state, chases=(*state.chases, vr.Chase(a.id, b.id, rng)))


def _f_chase_turned(state: Campaign, e: dict) -> Campaign:
    c = chase_of(state, str(_need(e, "pursuer")), str(_need(e, "quarry")))
    if c is None:
        raise EventError("there is no such chase")
    state = _acted(state, e)
    p = _total(_need(e, "pursuer_roll"), "pursuer")
    q = _total(_need(e, "quarry_roll"), "quarry")
    if p == q:
        result = c.range
    else:
        result = _check(vr.chase_step, c.range, str(_need(e, "move")))
    if result != e.get("result"):
        raise EventError(f"the chase turn ends at {result}, the event says {e.get('result')}")
    rest = tuple(x for x in state.chases if x is not c)
    if result in vr.RANGES:
        return replace(state, chases=(*rest, replace(c, range=result, turns=c.turns + 1)))
    return replace(state, chases=rest)


def _f_chase_ended(state: Campaign, e: dict) -> Campaign:
    c = chase_of(state, str(_need(e, "pursuer")), str(_need(e, "quarry")))
    if c is None:
        raise EventError("there is no such chase")
    return replace(state, chases=tuple(x for x in state.chases if x is not c))


def _f_removed(state: Campaign, e: dict) -> Campaign:
    v = _v(state, _need(e, "vehicle"))
    return replace(state, vehicles=tuple(x for x in state.vehicles if x.id != v.id),
                   chases=tuple(c for c in state.chases if v.id not in (c.pursuer, c.quarry)))


def _f_repaired(state: Campaign, e: dict) -> Campaign:
    v = _v(state, _need(e, "vehicle"))
    part = str(_need(e, "part"))
    job = _check(vr.repair_job, v, part)
    if job.tn != int(_need(e, "tn")):
        raise EventError(f"the repair's TN is {job.tn}, the event says {e.get('tn')}")
    if _total(_need(e, "roll"), "repair") < job.tn:
        return state
    return put(state, vr.repaired(v, part))


#: Event type -> fold handler, merged into the campaign's table.
FOLDS: dict[str, Callable[[Campaign, dict], Campaign]] = {
    "vehicle_added": _f_added,
    "vehicle_crewed": _f_crewed,
    "vehicle_attacked": _f_attacked,
    "vehicle_rammed": _f_rammed,
    "chase_started": _f_chase_started,
    "chase_turned": _f_chase_turned,
    "chase_ended": _f_chase_ended,
    "vehicle_repaired": _f_repaired,
    "vehicle_removed": _f_removed,
}


def _hit_words(hit: dict, n: Callable[[object], str]) -> str:
    margin = hit["damage"]["total"] + hit.get("extra", 0) - hit["resistance"]
    who = n(hit["vehicle"])
    if margin <= 0:
        return f"{who} shrugged it off ({hit['damage']['total']} vs Body {hit['resistance']})"
    face = hit["location"]["faces"][0]
    house = " \u2302" if face in vr.HOUSE_FACES else ""
    part = hit["part"]
    if part == "maneuverability":
        what = "lost 1D of Maneuverability"
    elif part == "system":
        what = f"took a hit to its {hit['system']}"
    else:
        what = f"took structural damage ({hit.get('severity', 'a wound level')})"
    return f"{who} {what} [1D: {face}{house}; by {margin}]"


def describe(event: dict, n: Callable[[object], str]) -> str:
    """A vehicle event in words for the log view (``n`` names an id)."""
    t = event["type"]
    if t == "vehicle_added":
        return f"vehicle {event.get('name', event['stats']['name'])} ({event['stats']['name']})" \
            " joined the campaign"
    if t == "vehicle_crewed":
        aboard = ", ".join(n(c) for c in event.get("crew", ()))
        pilot = f"{n(event['pilot'])} pilots" if event.get("pilot") else "no pilot"
        return f"{n(event['vehicle'])}: {pilot}" + (f"; aboard {aboard}" if aboard else "")
    if t == "vehicle_attacked":
        line = f"{n(event['attacker'])} fired {event['weapon']} at {n(event['vehicle'])}"
        if "command" in event:
            line += (f" in a salvo of {event['guns']} (Command {event['command']['total']}"
                     f" vs {event['command_tn']})")
            if event["command"]["total"] < event["command_tn"]:
                return line + ": the salvo did not come together"
        line += f": {event['attack']['total']} vs {event['tn']}"
        if not event.get("hit"):
            return line + ", a miss"
        return line + "; " + "; ".join(_hit_words(h, n) for h in event.get("hits", ()))
    if t == "vehicle_rammed":
        against = (event["target_roll"]["total"] if "target_roll" in event
                   else event.get("target_tn"))
        line = (f"{n(event['rammer'])} tried to ram {n(event['target'])}:"
                f" {event['rammer_roll']['total']} vs {against}")
        if not event.get("hit"):
            return line + ", missed"
        return line + f", rammed for {event['ram_damage']}; " + "; ".join(
            _hit_words(h, n) for h in event.get("hits", ()))
    if t == "chase_started":
        return f"{n(event['pursuer'])} gave chase to {n(event['quarry'])} at" \
            f" {event['range']} range"
    if t == "chase_turned":
        p, q = event["pursuer_roll"]["total"], event["quarry_roll"]["total"]
        line = f"chase: {n(event['pursuer'])} {p}, {n(event['quarry'])} {q}"
        result = event["result"]
        if result == "caught":
            return line + f"; {n(event['pursuer'])} caught up"
        if result == "escaped":
            return line + f"; {n(event['quarry'])} escaped"
        if not event.get("winner"):
            return line + f"; a tie, still at {result} range"
        verb = "closed" if event["move"] == "close" else "opened"
        return line + f"; {n(event['winner'])} {verb} to {result} range"
    if t == "chase_ended":
        return f"the chase of {n(event['quarry'])} by {n(event['pursuer'])} ended"
    if t == "vehicle_removed":
        why = f" ({event['note']})" if event.get("note") else ""
        return f"vehicle {event.get('name', n(event['vehicle']))} left the roster{why}"
    if t == "vehicle_repaired":
        ok = "repaired" if event.get("success") else "failed to repair"
        return (f"{n(event['who'])} {ok} the {event['part']} of {n(event['vehicle'])}"
                f" ({event['roll']['total']} vs {event['tn']}; {event['cost']},"
                f" {event['time']})")
    return t
