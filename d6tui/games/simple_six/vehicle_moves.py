"""The GM's vehicle moves of a Simple Six campaign ("Vehicles", "Vehicle Combat", "Chases",
"Repairing Vehicles"): add a vehicle from a template, crew it, fire on one (a vehicle's guns,
a salvo, a hand weapon), ram, start a chase, run its turn, end it, repair a part, take a
vehicle off the roster. Each is a :class:`~d6tui.engine.game.Move` of seat 0;
:mod:`.vehicle_commands` refuses, with its reason, what the moment does not allow.
"""

from __future__ import annotations

from typing import Any

from d6tui.engine.errors import RuleError
from d6tui.engine.game import Choice, Move
from d6tui.games.simple_six import vehicle_commands as vc
from d6tui.games.simple_six import vehicle_stats
from d6tui.games.simple_six import vehicles as vr
from d6tui.games.simple_six.attack_options import attack_skill
from d6tui.games.simple_six.move_rolls import ROLLS, typed_dice
from d6tui.games.simple_six.state import Campaign
from d6tui.games.simple_six.view import GM

#: Ranges of a shot at a vehicle ("Vehicle Combat").
FIRE_RANGES = (("short", "short"), ("medium", "medium (+5)"), ("long", "long (+10)"),
               ("point_blank", "point blank (-5)"))

#: What a chase's pursuer and quarry each do if they win the turn ("Chases").
CHASE_MOVES = (("close", "close"), ("open", "open"))

#: The most guns one salvo may fire.
MOST_GUNS = 64


def shots(c: Campaign, target: str) -> list[tuple[str, str, int]]:
    """Who may fire on the vehicle ``target``, as ``(value, label, guns)``: those aboard
    another vehicle that is not destroyed, with each of its weapons (``WHO|VEHICLE|WEAPON``,
    ``guns`` the weapon's count), and anyone carrying a ranged hand weapon (``WHO||WEAPON``).
    """
    out: list[tuple[str, str, int]] = []
    for src in c.vehicles:
        if src.id == target or src.destroyed:
            continue
        for who in (src.pilot, *src.crew):
            if who is None:
                continue
            m = c.member(who)
            for w in src.stats.weapons:
                out.append((f"{m.id}|{src.id}|{w.name}", f"{m.sheet.name} from {src.name}:"
                            f" {w.name} {w.damage}" + (f" x{w.count}" if w.count > 1 else ""),
                            w.count))
    for m in c.members:
        for wname in m.sheet.weapons:
            if c.settings.content.weapon(wname).kind == "ranged":
                out.append((f"{m.id}||{wname}", f"{m.sheet.name}: {wname} (hand weapon)", 1))
    return out


def _templates(c: Campaign) -> list[vehicle_stats.VehicleStats]:
    return list(c.content.vehicles) if c.content is not None else vehicle_stats.templates()


def add(st: Campaign, dice: Any = None, template: str = "", name: str = "") -> dict:
    """A vehicle from the template named ``template`` joins the roster as ``name`` (empty:
    the template's name) (:func:`.vehicle_commands.add_vehicle`)."""
    stats = next((t for t in _templates(st) if t.name == template), None)
    if stats is None:
        raise RuleError(f"there is no vehicle template {template!r}", "Vehicles")
    return vc.add_vehicle(st, stats, name.strip() or None)


def fire(st: Campaign, dice: Any = None, target: str = "", shot: str = "",
         range: str = "short", guns: str = "1",  # noqa: A002 - the choice
         rolls: Any = None) -> dict:
    """The shot ``WHO|VEHICLE|WEAPON`` (:func:`shots`) at the vehicle ``target`` with
    ``guns`` in one salvo (:func:`.vehicle_commands.attack_vehicle`)."""
    who, _, rest = shot.partition("|")
    src, _, weapon = rest.partition("|")
    skill = None if src else attack_skill(st.member(who).sheet, weapon, st)
    return vc.attack_vehicle(st, who, target, weapon=weapon, from_vehicle=src or None,
                             skill=skill, range_=range, guns=int(guns), dice=dice,
                             **typed_dice(rolls))


def _pair(chase: str) -> tuple[str, str]:
    pursuer, _, quarry = chase.partition(">")
    return pursuer, quarry


def vehicle_moves(c: Campaign) -> list[Move]:
    """The vehicle moves open now."""
    temps = tuple((t.name, f"{t.name}  scale {t.scale}D, Body {t.body}")
                  for t in _templates(c))
    out = [Move("add_vehicle", "Add a vehicle from a template", add, GM, (
        Choice("template", "Which vehicle", temps),
        Choice("name", "Its name (empty: the template's)", min=0, kind="text",
               max_length=40)), section="Vehicles")]
    vs = c.vehicles
    if not vs:
        return out
    names = tuple((v.id, v.name) for v in vs)
    people = tuple((m.id, m.sheet.name) for m in c.members)
    if people:
        out.append(Move("crew_vehicle", "Put a pilot and others aboard", lambda st, dice=None,
                        vehicle="", pilot=None, aboard=(): vc.crew_vehicle(
                            st, vehicle, pilot or None, list(aboard or ())), GM, (
            Choice("vehicle", "Which vehicle", names),
            Choice("pilot", "Who pilots it (none: nobody)", people, min=0),
            Choice("aboard", "Who else is aboard", people, min=0, max=len(people))),
            section="Vehicles"))
    fire_at = {v.id: shots(c, v.id) for v in vs}
    every = {value: (label, n) for found in fire_at.values() for value, label, n in found}
    if every:
        most = max(n for _label, n in every.values())
        out.append(Move("fire_on_vehicle", "Fire on a vehicle", fire, GM, (
            Choice("target", "Which vehicle", names),
            Choice("shot", "Who fires, with what", tuple((v, lab) for v, (lab, _n)
                                                         in every.items())),
            Choice("range", "Range", FIRE_RANGES),
            Choice("guns", "Guns in one salvo (Command roll; +1 pip per doubling)",
                   tuple((str(n), str(n)) for n in range(1, min(most, MOST_GUNS) + 1)),
                   min=0)),
            (ROLLS,), section="Vehicle Combat"))
    if len(vs) > 1:
        out.append(Move("ram", "Ram another vehicle at short range", lambda st, dice=None,
                        vehicle="", target="", rolls=None: vc.ram(
                            st, vehicle, target, dice=dice, **typed_dice(rolls)), GM, (
            Choice("vehicle", "Which vehicle rams", names),
            Choice("target", "Which it rams", names)), (ROLLS,), section="Ramming"))
        out.append(Move("start_chase", "Give chase to another vehicle", lambda st, dice=None,
                        pursuer="", quarry="", range="medium": vc.start_chase(  # noqa: A006
                            st, pursuer, quarry, range), GM, (
            Choice("pursuer", "Who gives chase", names),
            Choice("quarry", "Whom", names),
            Choice("range", "Starting range", tuple((r, r) for r in vr.RANGES))),
            section="Chases"))
    if c.chases:
        by = dict(names)
        pairs = tuple((f"{ch.pursuer}>{ch.quarry}", f"{by.get(ch.pursuer, ch.pursuer)} after"
                       f" {by.get(ch.quarry, ch.quarry)}, {ch.range}") for ch in c.chases)
        out.append(Move("chase_turn", "The next turn of a chase", lambda st, dice=None,
                        chase="", pursuer_move="close", quarry_move="open", rolls=None:
                        vc.chase_turn(st, *_pair(chase), pursuer_move=pursuer_move,
                                      quarry_move=quarry_move, dice=dice,
                                      **typed_dice(rolls)), GM, (
            Choice("chase", "Which chase", pairs),
            Choice("pursuer_move", "If the pursuer wins he would", CHASE_MOVES, min=0),
            Choice("quarry_move", "If the quarry wins he would", CHASE_MOVES[::-1], min=0)),
            (ROLLS,), section="Chases"))
        out.append(Move("end_chase", "End a chase", lambda st, dice=None, chase="":
                        vc.end_chase(st, *_pair(chase)), GM,
                        (Choice("chase", "Which chase", pairs),), section="Chases"))
    hurt = [v for v in vs if vr.damaged_parts(v)]
    if hurt and people:
        parts = tuple(dict.fromkeys(p for v in hurt for p in vr.damaged_parts(v)))
        out.append(Move("repair_vehicle", "Repair a damaged part", lambda st, dice=None,
                        vehicle="", who="", part="", rolls=None: vc.repair_vehicle(
                            st, vehicle, who, part, dice=dice, **typed_dice(rolls)), GM, (
            Choice("vehicle", "Which vehicle", tuple((v.id, v.name) for v in hurt)),
            Choice("who", "Who repairs it", people),
            Choice("part", "Which part", tuple((p, p) for p in parts))),
            (ROLLS,), section="Repairing Vehicles"))
    out.append(Move("remove_vehicle", "Take a vehicle off the roster", lambda st, dice=None,
                    vehicle="": vc.remove_vehicle(st, vehicle), GM,
                    (Choice("vehicle", "Which vehicle", names),), section="Vehicles"))
    return out
