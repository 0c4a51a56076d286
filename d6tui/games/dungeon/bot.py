"""The computer opponent: it plays every rule through ``moves(state, seat)`` and plays to win.

It looks only at what its seat may see (:func:`.view.view`), and works out the rest the way a
player at the table can: a die's two map faces are on opposite sides of its design (the
designs are public), and the turns of the two faces as each player sees them add up to a
whole turn (the orientation model), so the face a die shows the other player, and how it is
turned, follow from the face it shows the bot (:func:`deduce`).

A position is worth the cost of the bot's cheapest way across its side less
:data:`AGAINST` times the opponent's (:func:`distance`: each empty hole still to fill costs
10, a monster, door or curse on the way a little, more when it cannot be paid for yet).
Placing a die, it tries every side, empty hole and orientation and keeps the best position
for both sides at once. It turns, pivots and decays dice when that is worth a spell, uses
Wishing Rings and Dreamcatchers for the side that helps most, trades a Special Item for a
Vorpal Sword, Three Swords or a key it needs, takes the extra turn to re-roll a spare die,
and claims as soon as the exact scorer says its route is complete. In its last turn after
the other player's claim it still casts and trades, but only what the rules allow there: it
checks each spell and trade against the claimed route on the waffle it worked out.
"""

from __future__ import annotations

import heapq
from dataclasses import replace
from functools import lru_cache
from typing import Any

from d6tui.engine.errors import RuleError
from d6tui.games.dungeon import commands as c
from d6tui.games.dungeon.commands import route_complete
from d6tui.games.dungeon.faces import MAP_FACES, WISHING_RING, E, W, is_map
from d6tui.games.dungeon.fold import fold
from d6tui.games.dungeon.moves import moves
from d6tui.games.dungeon.scorer import Budget
from d6tui.games.dungeon.state import DungeonState
from d6tui.games.dungeon.view import view
from d6tui.games.dungeon.waffle import (
    OPPOSITE,
    SIZE,
    STEP,
    HoleDie,
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

#: How much the opponent's way across counts against the bot's own (0: it ignores them).
AGAINST = 0.4

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


#: Each hole's neighbours on the board, as ``(direction, its opposite, neighbour index)`` in
#: :data:`STEP`'s order (N, E, S, W), edges left out.
_NEIGHBOURS: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple((d, OPPOSITE[d], (r + dr) * SIZE + col + dc) for d, (dr, dc) in STEP.items()
          if 0 <= r + dr < SIZE and 0 <= col + dc < SIZE)
    for r in range(SIZE) for col in range(SIZE))

#: The holes of the east edge (the far side of a crossing).
_EAST = frozenset(r * SIZE + SIZE - 1 for r in range(SIZE))


@lru_cache(maxsize=64)
def _costs(budget: Budget) -> dict[str, float]:
    """:func:`_obstacle` of every map face for ``budget`` (a table, looked up per step)."""
    return {face: _obstacle(face, budget) for face in MAP_FACES}


@lru_cache(maxsize=8192)
def distance(cells: Cells, budget: Budget) -> float:
    """The cost of the cheapest way across a side (0 when complete and free of obstacles).

    A shortest path (Dijkstra) from the west edge to the east edge over the 36 holes: an
    empty hole costs :data:`EMPTY`, a face :func:`_obstacle`; 99.0 when there is no way
    across. Positions repeat while the bot weighs its moves, so answers are remembered
    (``cells`` and ``budget`` are immutable).

    Args:
        cells: the side in its owner's frame.
        budget: what they hold.
    """
    cost = _costs(budget)
    best = [float("inf")] * (SIZE * SIZE)
    heap: list[tuple[float, int]] = []
    for r in range(SIZE):
        i = r * SIZE
        c = cells[i]
        if c is None:
            first = EMPTY
        elif c[1] & W:
            first = cost[c[0]]
        else:
            continue
        if first < best[i]:
            best[i] = first
            heapq.heappush(heap, (first, i))
    done = float("inf")
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        d, u = pop(heap)
        if d >= done:
            break  # every hole left on the heap is at least as far
        if d > best[u]:
            continue
        cu = cells[u]
        opens = 15 if cu is None else cu[1]
        if u in _EAST and opens & E:
            done = d
            continue
        for direction, back, v in _NEIGHBOURS[u]:
            if not opens & direction:
                continue
            cv = cells[v]
            if cv is None:
                step = EMPTY
            elif cv[1] & back:
                step = cost[cv[0]]
            else:
                continue
            nd = d + step
            if nd < best[v]:
                best[v] = nd
                push(heap, (nd, v))
    return done if done != float("inf") else 99.0


#: The map faces that hold a treasure.
_TREASURE = frozenset(name for name, f in MAP_FACES.items() if f.treasure)


@lru_cache(maxsize=8192)
def _value(cells: Cells, budget: Budget) -> float:
    """Lower is better: the distance, with a little for treasure within one step
    (remembered like :func:`distance`)."""
    d = distance(cells, budget)
    treasure = sum(1 for c in cells if c is not None and c[0] in _TREASURE)
    return d - 0.05 * treasure


def _with(cells: Cells, own: int, cell: tuple[str, int] | None) -> Cells:
    out = list(cells)
    out[own] = cell
    return tuple(out)


def deduce(seen: DungeonState, seat: int) -> DungeonState:
    """The waffle as ``seat`` can work it out from its view ``seen``: where the face a die
    turns to the other player is hidden, it is the other map face of the die's design
    (opposite sides), turned back as far as ``seat``'s own face is turned (the two turns
    add up to a whole turn). Everything else is left as the view has it.

    Args:
        seen: ``view(state, seat)``.
        seat: the seat whose view it is.
    """
    other = 1 - seat
    holes: list[HoleDie | None] = []
    for h in seen.holes:
        mine, turned = (h.faces[seat], h.turns[seat]) if h is not None else (None, None)
        if h is None or h.faces[other] is not None or mine is None or turned is None:
            holes.append(h)
            continue
        faces = [mine, mine]
        turns = [turned, turned]
        faces[other] = seen.design_of(h.die).opposite(mine)
        turns[other] = (-turned) % 4
        holes.append(HoleDie(h.die, (faces[0], faces[1]), (turns[0], turns[1])))
    return replace(seen, holes=tuple(holes))


def position(full: DungeonState, seat: int) -> float:
    """What a (worked out) waffle is worth to ``seat``: lower is better."""
    other = 1 - seat
    return _value(full.side(seat), full.budget(seat)) - AGAINST * _value(
        full.side(other), full.budget(other))


def best_placement(state: DungeonState, seat: int) -> tuple[str, str, int, float]:
    """The best ``(side, hole, turns, value)`` for the die in hand ("Course of Play"): the
    die shows ``side`` to ``seat`` and its other map face to the opponent."""
    assert state.hand is not None
    full = deduce(state, seat)
    other = 1 - seat
    design = full.design_of(full.hand or "")
    mine, theirs = full.side(seat), full.side(other)
    b_mine, b_theirs = full.budget(seat), full.budget(other)
    best: tuple[str, str, int, float] | None = None
    for side in dict.fromkeys(design.map_faces):
        back = design.opposite(side)
        for i in full.empty_holes():
            own, far = own_index(i, seat), own_index(i, other)
            seen: set[tuple[int, int]] = set()
            for t in range(4):
                ops = rotate(MAP_FACES[side].openings, t)
                back_ops = rotate(MAP_FACES[back].openings, -t % 4)
                if (ops, back_ops) in seen:
                    continue
                seen.add((ops, back_ops))
                v = _value(_with(mine, own, (side, ops)), b_mine) - AGAINST * _value(
                    _with(theirs, far, (back, back_ops)), b_theirs)
                if best is None or v < best[3] - 1e-9:
                    best = (side, hole_name(i), t, v)
    assert best is not None
    return best


def _face_choice(state: DungeonState, seat: int, faces: list[str]) -> str:
    """The side to wish (or dream) for: a map face when a placement helps, else the best
    item."""
    current = position(deduce(state, seat), seat)
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


def _after_spell(full: DungeonState, seat: int, spell: str, **answers: Any) -> float | None:
    """The worth of the waffle after casting ``spell`` (lower is better), or None when the
    rules refuse it. The last turn's guard is left to :func:`_allowed` (it runs the scorer,
    so only the spell the bot would cast is checked)."""
    try:
        payload = c.cast(replace(full, last_turn=False), None, spell=spell, **answers)
    except RuleError:
        return None
    return position(fold(full, payload), seat)


def _allowed(full: DungeonState, spell: str, **answers: Any) -> bool:
    """Whether the rules allow casting ``spell`` now, the last turn's guard included."""
    try:
        c.cast(full, None, spell=spell, **answers)
    except RuleError:
        return False
    return True


def _spell_move(state: DungeonState, seat: int) -> tuple[str, dict] | None:
    """A spell worth casting now, or None: a Turn, Pivot or Decay that improves the
    position (for both sides) by more than the spell is worth keeping."""
    held = state.faces_held(seat)
    full = deduce(state, seat)
    now = position(full, seat)
    occupied = [i for i, h in enumerate(full.holes) if h is not None and h.faces[seat]]
    tries: list[tuple[str, float, list[tuple[str, Any]]]] = []
    if "turn" in held:
        tries += [("turn", 0.5, [("hole", hole_name(i)), ("turns", q)])
                  for i in occupied for q in (1, 2, 3)]
    if "pivot" in held:
        tries += [("pivot", 1.0, [("hole", hole_name(i))]) for i in occupied]
    if "decay" in held and state.phase == "after":
        tries += [("decay", 2.0, [("hole", hole_name(i))]) for i in occupied]
    ranked = []
    for spell, margin, answers in tries:
        v = _after_spell(full, seat, spell, **dict(answers))
        if v is not None and v < now - margin:
            ranked.append((v, spell, answers))
    ranked.sort(key=lambda r: r[0])
    for _, spell, answers in ranked[:3]:
        if _allowed(full, spell, **dict(answers)):
            return f"cast_{spell}", {k: str(v) for k, v in answers}
    return None


def _trade_for(state: DungeonState, seat: int) -> str | None:
    """The opponent's die to take for the Special Item just rolled, or None to keep it
    (never one the rules refuse: in the last turn, one the claimed route needs)."""
    full = deduce(state, seat)
    theirs = full.collections[1 - seat]
    budget = full.budget(seat)
    wants = ["vorpal_sword", "three_swords"]
    if budget.keys == 0 and any(cell is not None and MAP_FACES[cell[0]].keys
                                for cell in full.side(seat)):
        wants.append("key")
    for want in wants:
        for d, f in theirs:
            if f != want:
                continue
            try:
                c.trade(full, None, took=d)
            except RuleError:
                continue
            return d
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
    for cand in cands:
        if cand[2] == "dreamcatcher" and sum(1 for p in picked if p[2] == "dreamcatcher") \
                >= spare_dc:
            continue
        picked.append(cand)
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
    phase = seen.phase
    if phase == "draw":
        if "draw" in legal:
            return "draw", {}
        if "cast_look" in legal and not route_complete(seen, seat):
            bag = [v for v, _ in legal["cast_look"].choices[0].options if v != "waffle"]
            return "cast_look", {"target": bag[0]}
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
            took = _trade_for(seen, seat)
            if took is not None:
                return "trade", {"took": took}
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


def table_move(seen: DungeonState, seat: int, legal: list[Any]) -> tuple[str, dict[str, Any]]:
    """The computer's move for ``seat`` at a shared table (``GameDefinition.computer``).

    Args:
        seen: ``view(state, seat)``, all the bot reads.
        seat: the computer's seat.
        legal: the seat's legal moves now (from the whole state, as the table checks them).

    Returns:
        ``(move id, answers)``: :func:`choose`'s move when it is among ``legal``, else the
        first of keep, collect, end the turn, end the game that is.

    Raises:
        RuleError: the seat has no move now.
    """
    ids = {m.id for m in legal if m.id not in ("undo", "redo")}
    if not ids:
        raise RuleError("the computer has no move now")
    try:
        move_id, answers = choose(seen, seat)
    except RuleError:
        move_id, answers = "", {}
    if move_id in ids:
        return move_id, answers
    for fallback in ("keep", "collect", "end_turn", "end_game", "roll", "draw"):
        if fallback in ids:
            return fallback, {}
    return sorted(ids)[0], {}


def _run(move: Any, state: DungeonState, dice: Any, answers: dict) -> dict:
    checked = {c.name: c.check(answers.get(c.name)) for c in move.choices}
    rolls = {}
    for req in move.dice:
        rolls[req.name] = req.die.roll(dice, req.count)
    return move.run(state, dice, **checked, **rolls)


__all__ = ["AGAINST", "KEEP", "best_placement", "choose", "deduce", "distance", "play_move",
           "position", "table_move"]
