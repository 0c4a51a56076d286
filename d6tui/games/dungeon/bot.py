"""The computer opponent: it plays every rule through ``moves(state, seat)`` and plays to win.

It looks only at what its seat may see (:func:`.view.view`). Placing a die, it tries every
side, empty hole and orientation and keeps the one that brings a complete route closest: the
cost of the cheapest way across its side, where each empty hole still to fill costs 10 and a
monster, door or curse on the way costs a little (more when it cannot pay for it yet). It
turns dice with Turn when that shortens the way, decays a die that blocks it, pivots a die a
Look showed to be better the other way round, uses Wishing Rings and Dreamcatchers for the
side that helps most, trades a Special Item for a Vorpal Sword or Three Swords, takes the
extra turn to re-roll a spare die, and claims as soon as the exact scorer says its route is
complete.
"""

from __future__ import annotations

import heapq
from dataclasses import replace
from typing import Any

from d6tui.engine.errors import RuleError
from d6tui.games.dungeon.commands import route_complete
from d6tui.games.dungeon.faces import MAP_FACES, WISHING_RING, E, W, is_map
from d6tui.games.dungeon.moves import moves
from d6tui.games.dungeon.scorer import Budget
from d6tui.games.dungeon.state import DungeonState
from d6tui.games.dungeon.view import view
from d6tui.games.dungeon.waffle import (
    OPPOSITE,
    SIZE,
    STEP,
    hole_name,
    own_index,
    rotate,
)

#: What a collected face is worth keeping (low ones are paid for the extra turn first).
KEEP = {"vorpal_sword": 9, "three_swords": 8, "special_item": 8, "key": 7, "two_swords": 6,
        "turn": 5, "sword": 4, "decay": 3, "pivot": 2, "look": 1, "dreamcatcher": 1,
        WISHING_RING: 10}

#: The cost of an empty hole on the way across: a die still to place.
EMPTY = 10.0

Cells = tuple[tuple[str, int] | None, ...]


def _obstacle(face: str, budget: Budget) -> float:
    f = MAP_FACES[face]
    if face == "spider_web":
        need = 2
    else:
        need = f.swords
    if need:
        return 0.3 * need + (0.0 if budget.vorpals or need <= budget.swords else 3.0)
    if f.keys:
        return 0.5 if budget.keys else 3.0
    if face == "curse":
        return 1.5
    return 0.0


def distance(cells: Cells, budget: Budget) -> float:
    """The cost of the cheapest way across a side (0 when complete and free of obstacles).

    Args:
        cells: the side in its owner's frame.
        budget: what they hold.
    """
    n = SIZE * SIZE
    best = [float("inf")] * n
    heap: list[tuple[float, int]] = []
    for r in range(SIZE):
        i = r * SIZE
        c = cells[i]
        if c is None:
            cost = EMPTY
        elif c[1] & W:
            cost = _obstacle(c[0], budget)
        else:
            continue
        if cost < best[i]:
            best[i] = cost
            heapq.heappush(heap, (cost, i))
    done = float("inf")
    while heap:
        d, u = heapq.heappop(heap)
        if d > best[u] or d >= done:
            continue
        cu = cells[u]
        r, col = divmod(u, SIZE)
        if col == SIZE - 1 and (cu is None or cu[1] & E):
            done = min(done, d)
            continue
        for direction, (dr, dc) in STEP.items():
            rr, cc = r + dr, col + dc
            if not (0 <= rr < SIZE and 0 <= cc < SIZE):
                continue
            if cu is not None and not cu[1] & direction:
                continue
            v = rr * SIZE + cc
            cv = cells[v]
            if cv is None:
                step = EMPTY
            elif cv[1] & OPPOSITE[direction]:
                step = _obstacle(cv[0], budget)
            else:
                continue
            if d + step < best[v]:
                best[v] = d + step
                heapq.heappush(heap, (d + step, v))
    return done if done != float("inf") else 99.0


def _value(cells: Cells, budget: Budget) -> float:
    """Lower is better: the distance, with a little for treasure within one step."""
    d = distance(cells, budget)
    treasure = sum(1 for c in cells if c is not None and MAP_FACES[c[0]].treasure)
    return d - 0.05 * treasure


def _with(cells: Cells, own: int, cell: tuple[str, int] | None) -> Cells:
    out = list(cells)
    out[own] = cell
    return tuple(out)


def best_placement(state: DungeonState, seat: int) -> tuple[str, str, int, float]:
    """The best ``(side, hole, turns, value)`` for the die in hand ("Course of Play")."""
    assert state.hand is not None
    design = state.design_of(state.hand)
    cells = state.side(seat)
    budget = state.budget(seat)
    best: tuple[str, str, int, float] | None = None
    for side in dict.fromkeys(design.map_faces):
        for i in state.empty_holes():
            own = own_index(i, seat)
            seen: set[int] = set()
            for t in range(4):
                ops = rotate(MAP_FACES[side].openings, t)
                if ops in seen:
                    continue
                seen.add(ops)
                v = _value(_with(cells, own, (side, ops)), budget)
                if best is None or v < best[3] - 1e-9:
                    best = (side, hole_name(i), t, v)
    assert best is not None
    return best


def _face_choice(state: DungeonState, seat: int, faces: list[str]) -> str:
    """The side to wish (or dream) for: a map face when a placement helps, else the best
    item."""
    current = _value(state.side(seat), state.budget(seat))
    maps = [f for f in faces if is_map(f)]
    if maps and state.empty_holes() and current > 0.5:
        options = []
        for f in maps:
            _, _, _, v = best_placement(replace(state, face=f), seat)
            options.append((v, f))
        v, f = min(options)
        if v < current - 1.0:
            return f
    items = [f for f in faces if not is_map(f) and f != WISHING_RING]
    if items:
        return max(items, key=lambda f: (KEEP.get(f, 0), f))
    return maps[0]


def _spell_move(state: DungeonState, seat: int) -> tuple[str, dict] | None:
    """A spell worth casting now, or None."""
    held = state.faces_held(seat)
    cells = state.side(seat)
    budget = state.budget(seat)
    now = _value(cells, budget)
    occupied = [i for i, h in enumerate(state.holes) if h is not None]
    if "turn" in held:
        best = None
        for i in occupied:
            own = own_index(i, seat)
            c = cells[own]
            if c is None:
                continue
            for q in (1, 2, 3):
                v = _value(_with(cells, own, (c[0], rotate(c[1], q))), budget)
                if v < now - 0.5 and (best is None or v < best[0]):
                    best = (v, i, q)
        if best is not None:
            return "cast_turn", {"hole": hole_name(best[1]), "turns": str(best[2])}
    if "decay" in held and state.phase == "after":
        for i in occupied:
            own = own_index(i, seat)
            if cells[own] is None:
                continue
            v = _value(_with(cells, own, None), budget)
            if v < now - 2.0:
                return "cast_decay", {"hole": hole_name(i)}
    look = state.looks[seat]
    if "pivot" in held and look is not None and look.target == "waffle" \
            and look.turn_no == state.turn_no:
        for i, face, t in look.side:
            own = own_index(i, seat)
            h = state.holes[i]
            if h is None or cells[own] is None:
                continue
            v = _value(_with(cells, own, (face, rotate(MAP_FACES[face].openings, t))), budget)
            if v < now - 2.0:
                return "cast_pivot", {"hole": hole_name(i)}
    if "pivot" in held and "look" in held and (look is None or look.turn_no != state.turn_no):
        if occupied and now > 0.5:
            return "cast_look", {"target": "waffle"}
    return None


def _extra_answers(state: DungeonState, seat: int) -> dict | None:
    held = state.faces_held(seat)
    spare_dc = held.count("dreamcatcher") - held.count(WISHING_RING)
    cands = []
    for d, f in state.collections[seat]:
        if f == WISHING_RING:
            continue
        cands.append((KEEP.get(f, 0), d, f))
    cands.sort()
    picked: list[tuple[int, str, str]] = []
    for c in cands:
        if c[2] == "dreamcatcher" and sum(1 for p in picked if p[2] == "dreamcatcher") >= spare_dc:
            continue
        picked.append(c)
        if len(picked) == 2:
            break
    if len(picked) < 2:
        return None
    return {"paid": picked[0][1], "reroll": picked[1][1]}


def choose(state: DungeonState, seat: int | None = None) -> tuple[str, dict[str, Any]]:
    """The computer's next move: ``(move id, answers)``, one of ``moves(state, seat)``.

    Args:
        state: the whole game (the bot reads only its seat's view of it).
        seat: the computer's seat (default: the seat to move).

    Raises:
        RuleError: the seat has no move now.
    """
    seat = state.turn if seat is None else seat
    legal = {m.id: m for m in moves(state, seat)}
    if not legal:
        raise RuleError("the computer has no move now")
    seen = view(state, seat)
    if seen.last_turn:
        # It cannot see the claimed route, so it casts nothing and trades nothing that
        # might spoil it ("End of the Game").
        legal = {k: m for k, m in legal.items() if not k.startswith("cast_") and k != "trade"}
    phase = seen.phase
    if phase == "draw":
        if "draw" in legal:
            return "draw", {}
        if "cast_look" in legal and not route_complete(seen, seat):
            return "cast_look", {"target": "bag"}
        return "end_game", {}
    if phase == "roll":
        return "roll", {}
    if phase == "resolve":
        face = seen.face or ""
        if "dream" in legal and not is_map(face) and seen.empty_holes():
            assert seen.hand is not None
            want = _face_choice(seen, seat, list(seen.design_of(seen.hand).faces))
            if is_map(want):
                pair = legal["dream"].choices[0].options[0][0]
                return "dream", {"pair": pair, "face": want}
        if "place" in legal:
            side, hole, turns, _ = best_placement(seen, seat)
            return "place", {"side": side, "hole": hole, "turns": str(turns)}
        if "give_back" in legal:
            return "give_back", {}
        if "wish" in legal:
            assert seen.hand is not None
            faces = [f for f in seen.design_of(seen.hand).faces if f != WISHING_RING]
            return "wish", {"face": _face_choice(seen, seat, faces)}
        if "trade" in legal:
            theirs = seen.collections[1 - seat]
            for want in ("vorpal_sword", "three_swords"):
                for d, f in theirs:
                    if f == want:
                        return "trade", {"took": d}
        if "keep" in legal:
            return "keep", {}
        return "collect", {}
    # after the roll: spells, the extra turn, the claim, the end of the turn
    spell = _spell_move(seen, seat)
    if spell is not None and spell[0] in legal:
        return spell
    if "extra_turn" in legal and seen.empty_holes():
        answers = _extra_answers(seen, seat)
        if answers is not None and distance(seen.side(seat), seen.budget(seat)) > 0:
            return "extra_turn", answers
    if "claim" in legal and _could_cross(seen, seat) and route_complete(seen, seat):
        return "claim", {}
    return "end_turn", {}


def _could_cross(state: DungeonState, seat: int) -> bool:
    """A quick test before the exact one: a way across with no empty hole on it."""
    rich = Budget(99, 99, 9)
    return distance(state.side(seat), rich) < EMPTY


def play_move(state: DungeonState, dice: Any, seat: int | None = None) -> dict:
    """The payload of the computer's move on ``state`` (for simulations without a session).

    Falls back to the plain moves if a chosen move is refused (the last turn's guard).
    """
    move_id, answers = choose(state, seat)
    legal = {m.id: m for m in moves(state, state.turn)}
    try:
        return _run(legal[move_id], state, dice, answers)
    except RuleError:
        for fallback in ("keep", "collect", "end_turn", "end_game"):
            if fallback in legal:
                return _run(legal[fallback], state, dice, {})
        raise


def _run(move: Any, state: DungeonState, dice: Any, answers: dict) -> dict:
    checked = {c.name: c.check(answers.get(c.name)) for c in move.choices}
    rolls = {}
    for req in move.dice:
        rolls[req.name] = req.die.roll(dice, req.count)
    return move.run(state, dice, **checked, **rolls)


__all__ = ["KEEP", "best_placement", "choose", "distance", "play_move"]
