"""Moving on the island and revealing new squares (R04, R05, R06).

A step onto an unrevealed square waits for the 2d6 new-square roll (``roll:reveal``), then for
the player's rotation of the road (``choose:rotate``); only rotations that join the road of
the square the hero came from are allowed.
"""

from __future__ import annotations

from d6tui.engine.errors import RuleError
from d6tui.games.tales import island, sheet
from d6tui.games.tales.state import Tale, Task, evolve


def speed(state: Tale) -> int:
    """Squares the hero may move this turn: Spd, plus scrolls, minus tiredness (R04, J03,
    E35)."""
    h = sheet.hero(state)
    return max(0, h.spd + state.spd_bonus - (1 if state.tired else 0))


def moves_left(state: Tale) -> int:
    """Squares still allowed this turn."""
    return max(0, speed(state) - state.moves)


def can_move(state: Tale, d: str) -> str:
    """Why the hero cannot step in direction ``d`` now, or "" if the step is allowed (R04).

    Args:
        state: the tale at its movement step.
        d: N, E, S or W.
    """
    if d not in island.DIRS:
        return f"'{d}' is not a direction (N, E, S or W)"
    if moves_left(state) <= 0:
        return "no Spd left this turn"
    here = state.square
    if d not in here.exits:
        return f"the road on {island.name(state.pos)} does not lead {d}"
    target = island.neighbour(state.pos, d)
    if target is None:
        return "that road is a dead end at the water"
    sq = state.squares[target]
    if sq.revealed:
        if island.OPPOSITE[d] not in sq.exits:
            return f"the road of {island.name(target)} does not join this one: a dead end"
        if state.banned and sq.terrain == state.banned:
            return f"the terrible weather keeps the hero out of {state.banned} today (E39)"
    return ""


def move(state: Tale, d: str) -> Tale:
    """Step one square along the road (R04), or start revealing it.

    Args:
        state: the tale at its movement step.
        d: N, E, S or W.
    Raises:
        RuleError: the step is not allowed.
    """
    why = can_move(state, d)
    if why:
        raise RuleError(why, "R04")
    target = island.neighbour(state.pos, d)
    assert target is not None
    if state.squares[target].revealed:
        return arrive(evolve(state, moves=state.moves + 1), target)
    state = sheet.say(state, f"{island.name(target)} is new: roll for it")
    return sheet.push(state, Task("roll:reveal", d, target))


def arrive(state: Tale, i: int) -> Tale:
    """The hero is on square ``i``; a place of the Water Spirit's route pays 1 gold (E20).

    Args:
        state: the tale.
        i: the square reached.
    """
    state = sheet.say(evolve(state, pos=i), f"on {island.name(i)}")
    here = island.name(i)
    quests = list(state.quests)
    for k, q in enumerate(quests):
        if q.kind == "water" and not q.done and here in q.places:
            places = tuple(p for p in q.places if p != here)
            quests[k] = evolve(q, places=places)
            state = evolve(state, quests=tuple(quests))
            state = sheet.gold(sheet.say(state, f"the potion is poured on {here}"), 1)
    return state


def teleport(state: Tale, i: int) -> Tale:
    """The hero is moved to square ``i``, which becomes today's Final square; an unrevealed
    square is revealed (E07, E12, E13).

    Args:
        state: the tale.
        i: the square the hero is sent to.
    """
    state = sheet.final_square(arrive(state, i))
    if not state.squares[i].revealed:
        state = sheet.push(state, Task("roll:reveal", "", i))
    return state


def reveal_roll(state: Tale, task: Task, faces: list[int]) -> Tale:
    """The J02 new-square roll: the first die gives the road, the second the terrain; a
    village past the fourth, or on a square with an event, is a swamp (R04).

    Args:
        state: the tale.
        task: the ``roll:reveal`` task (``arg``: the direction moved, "" for a teleport;
            ``n``: the square).
        faces: the 2d6.
    """
    c = state.content
    shape, _ = c.roads[faces[0]]
    terrain = c.terrains[faces[1]]
    sq = state.squares[task.n]
    if terrain == "village" and (state.villages >= c.max_villages or sq.event):
        terrain = "swamp"
        state = sheet.say(state, "no village can be here: it is a swamp")
    state = sheet.say(state, f"a {shape} road through {terrain}")
    return sheet.push(sheet.pop(state), Task("choose:rotate", f"{shape}|{terrain}|{task.arg}",
                                             task.n))


def rotations(state: Tale, task: Task) -> list[int]:
    """The rotations of the rolled road that are allowed: joined to the square the hero came
    from; after a teleport, joined to a revealed neighbour whose road points here, if any.

    Args:
        state: the tale.
        task: the ``choose:rotate`` task.
    """
    shape, _, d = task.arg.split("|")
    base = state.content.road_exits(shape)
    need: list[str]
    if d:
        need = [island.OPPOSITE[d]]
    else:
        need = []
        for side in island.DIRS:
            j = island.neighbour(task.n, side)
            if j is not None and island.OPPOSITE[side] in state.squares[j].exits:
                need.append(side)
    out = []
    for rot in island.ROTATIONS:
        exits = island.rotate(base, rot)
        if not need or any(s in exits for s in need):
            out.append(rot)
    return out


def rotated(state: Tale, task: Task, rotation: int) -> str:
    """The exits of the ``choose:rotate`` task's road turned clockwise by ``rotation`` (R04,
    J02).

    Args:
        state: the tale (its content gives the road's shape).
        task: the ``choose:rotate`` task.
        rotation: 0, 90, 180 or 270 degrees clockwise.
    """
    shape = task.arg.split("|")[0]
    return island.rotate(state.content.road_exits(shape), rotation)


def road_choices(state: Tale, task: Task) -> list[int]:
    """The rotations to offer the player: those of :func:`rotations`, one per road they draw
    (a crossroads looks the same turned 4 ways, a straight road 2), the smallest rotation
    standing for its road. :func:`place` still accepts any joining rotation, so saves that
    chose another one replay (R04).

    Args:
        state: the tale.
        task: the ``choose:rotate`` task.
    """
    seen: set[str] = set()
    out = []
    for rot in rotations(state, task):
        exits = rotated(state, task, rot)
        if exits not in seen:
            seen.add(exits)
            out.append(rot)
    return out


def walled_in(state: Tale, i: int, exits: str) -> bool:
    """Whether a road with ``exits`` on square ``i`` leaves the hero no way off it: every arm
    runs into the water, or into a revealed square whose road does not join (R04). Only a
    Dash or Kaboom scroll (R06) or a teleport can get the hero out then; R04 does not forbid
    drawing such a road, so the UI warns rather than refuses.

    Args:
        state: the tale.
        i: the square.
        exits: the road's exits.
    """
    for side in exits:
        j = island.neighbour(i, side)
        if j is None:
            continue
        sq = state.squares[j]
        if not sq.revealed or island.OPPOSITE[side] in sq.exits:
            return False
    return True


def place(state: Tale, task: Task, rotation: int) -> Tale:
    """Draw the rolled road at ``rotation`` and its terrain on the new square (R04).

    Args:
        state: the tale.
        task: the ``choose:rotate`` task.
        rotation: 0, 90, 180 or 270 degrees clockwise.
    Raises:
        RuleError: the rotation leaves the road unjoined.
    """
    if rotation not in rotations(state, task):
        raise RuleError(f"turned {rotation} degrees the road does not join the road it "
                        "comes from", "R04")
    shape, terrain, d = task.arg.split("|")
    base = state.content.road_exits(shape)
    exits = island.rotate(base, rotation)
    link = island.OPPOSITE[d] if d else ""
    if not link:
        for side in island.DIRS:
            j = island.neighbour(task.n, side)
            if (j is not None and side in exits
                    and island.OPPOSITE[side] in state.squares[j].exits):
                link = side
                break
    state = sheet.pop(state)
    state = sheet.set_square(state, task.n, road=shape, exits=exits, terrain=terrain, link=link)
    state = sheet.say(state, f"{island.name(task.n)} drawn: {shape} ({exits}), {terrain}")
    if terrain == "village":
        n = state.villages + 1
        state = evolve(state, villages=n)
        state = sheet.set_square(state, task.n, village=n)
        state = sheet.write_event(state, task.n, "E08" if n % 2 else "E15")
    if d:
        state = arrive(evolve(state, moves=state.moves + 1), task.n)
    return state


def reachable(state: Tale) -> dict[int, int]:
    """Squares the hero can reach with the Spd left this turn, and the steps each takes
    (R04). An unrevealed square counts when a road leads into it (it would be revealed
    there, and the walk stops at it, since its road is not known yet).

    Args:
        state: the tale.

    Returns:
        ``{square: steps}``, the hero's own square at 0 steps.
    """
    if state.pos < 0:
        return {}
    left = moves_left(state)
    out = {state.pos: 0}
    frontier = [state.pos]
    for steps in range(1, left + 1):
        nxt = []
        for i in frontier:
            for d in state.squares[i].exits:
                j = island.neighbour(i, d)
                if j is None or j in out:
                    continue
                sq = state.squares[j]
                if sq.revealed:
                    if island.OPPOSITE[d] not in sq.exits:
                        continue
                    if state.banned and sq.terrain == state.banned:
                        continue
                    nxt.append(j)
                out[j] = steps
        frontier = nxt
    return out


def magic_crossroads(state: Tale) -> Tale:
    """R06: the hero's square becomes a crossroads."""
    state = sheet.set_square(state, state.pos, road="crossroads", exits="NESW")
    return sheet.say(state, f"{island.name(state.pos)} is now a crossroads")


def all_revealed(state: Tale) -> bool:
    """Whether every square has a road type (E02)."""
    return all(s.revealed for s in state.squares)
