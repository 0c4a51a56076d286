"""D6 Dungeon commands: each checks the rules against the state and returns one event
payload, or raises RuleError naming the rulebook section. ``run(state, dice, **answers)``
of every move is one of these."""

from __future__ import annotations

from collections import deque
from functools import lru_cache
from typing import Any

from d6tui.engine.errors import RuleError
from d6tui.games.dungeon.faces import ITEMS, SPELLS, WISHING_RING, E, W, face_name, is_map
from d6tui.games.dungeon.fold import fold
from d6tui.games.dungeon.route_graph import Budget, Cell
from d6tui.games.dungeon.scorer import best_route
from d6tui.games.dungeon.state import DungeonState
from d6tui.games.dungeon.waffle import OPPOSITE, SIZE, STEP, hole_index

COURSE, END, SPELL_FACES = "Course of Play", "End of the Game", "Item and Spell Dice Faces"

#: A bonus so large that the best route is a complete one whenever one can be walked.
_MUST_CROSS = 1000


def route_complete(state: DungeonState, seat: int) -> bool:
    """Whether ``seat`` can walk a complete route with what they hold ("End of the Game")."""
    return _complete(state.side(seat), state.budget(seat))


@lru_cache(maxsize=256)
def _complete(cells: tuple[Cell, ...], budget: Budget) -> bool:
    """:func:`route_complete` of one side and budget, kept: the moves ask it whenever a
    turn reaches its end, and the screens ask the moves many times a frame."""
    return _joined(cells) and best_route(cells, budget, _MUST_CROSS).complete


def _joined(cells: tuple[Cell, ...]) -> bool:
    """Whether placed dice join the left edge to the right one, whatever bars the way (a
    quick test before the exact scorer)."""
    todo: deque[int] = deque()
    for r in range(SIZE):
        edge = cells[r * SIZE]
        if edge is not None and edge[1] & W:
            todo.append(r * SIZE)
    seen = set(todo)
    while todo:
        u = todo.popleft()
        cu = cells[u]
        assert cu is not None
        r, col = divmod(u, SIZE)
        if col == SIZE - 1 and cu[1] & E:
            return True
        for way, (dr, dc) in STEP.items():
            rr, cc = r + dr, col + dc
            v = rr * SIZE + cc
            if not cu[1] & way or not (0 <= rr < SIZE and 0 <= cc < SIZE) or v in seen:
                continue
            cv = cells[v]
            if cv is not None and cv[1] & OPPOSITE[way]:
                seen.add(v)
                todo.append(v)
    return False


def why_no_claim(state: DungeonState, seat: int) -> str:
    """Why ``seat`` may not claim a complete route now, or ``""`` when they may ("End of
    the Game": you claim a route from one side of the waffle to the other with the items to
    get through). d6tui checks a claim as it is made, so a claim it could not back is never
    made: the turn simply goes on, as the rulebook has play go on after a mistaken claim.
    """
    if state.over:
        return "the game is over"
    if seat != state.turn:
        return f"it is {state.player}'s turn"
    if state.claimant is not None:
        return "a route is claimed already: this is the last turn"
    if state.phase != "after":
        return f"a claim comes once the roll is dealt with ({_waiting(state)})"
    if route_complete(state, seat):
        return ""
    if not _joined(state.side(seat)):
        return ("no complete route yet: no line of corridors runs across your side from its "
                "left edge to its right")
    return ("no complete route yet: every way across your side is barred for what you "
            "hold (more swords or keys needed)")


def _mine(state: DungeonState, phases: tuple[str, ...], what: str) -> int:
    if state.over:
        raise RuleError("the game is over", END)
    if state.phase not in phases:
        raise RuleError(f"{what} is not possible now ({_waiting(state)})", COURSE)
    return state.turn


def _waiting(state: DungeonState) -> str:
    return {"draw": "draw a die first", "roll": "roll the die in hand first",
            "resolve": "deal with the rolled face first",
            "after": "the roll is dealt with"}.get(state.phase, state.phase)


@lru_cache(maxsize=256)
def _claimed_points(cells: tuple[Cell, ...], budget: Budget) -> int:
    """What the claimed route and its detours score on ``cells`` with ``budget`` (the route
    bonus of a claim that stood, 5), kept as :func:`_complete` is."""
    return best_route(cells, budget, 5).points


def _guard(state: DungeonState, payload: dict) -> dict:
    """In the last turn nothing may spoil the claimed route ("End of the Game": the other
    player may do nothing to disrupt it): the claimant must still cross, and the route with
    its detours must score no less (a Turn that shuts a side passage's treasure away, a
    trade that takes a key the route needs, are refused too)."""
    if state.last_turn and state.claimant is not None:
        seat = state.claimant
        after = fold(state, payload)
        if not route_complete(after, seat):
            raise RuleError(f"in the last turn nothing may spoil "
                            f"{state.players[seat]}'s claimed route", END)
        if _claimed_points(after.side(seat), after.budget(seat)) < \
                _claimed_points(state.side(seat), state.budget(seat)):
            raise RuleError(f"in the last turn nothing may spoil {state.players[seat]}'s "
                            "claimed route: it would score less", END)
    return payload


def _by(state: DungeonState, kind: str, **facts: Any) -> dict:
    return {"type": kind, "by": state.player, **facts}


# -- draw and roll ----------------------------------------------------------------------------


def first_of_colours(drawn: list[str], designs: tuple[tuple[str, str], ...]) -> list[str]:
    """``drawn`` with each die replaced by the first die (by id) of the same colour in the
    bag not named before it (``moves.BagDraw.roll``).

    Args:
        drawn: die ids drawn from the bag.
        designs: ``(die id, design id)`` of every die in the bag.
    """
    colour = dict(designs)
    out: list[str] = []
    for d in drawn:
        same = sorted(i for i, g in designs if g == colour.get(d) and i not in out)
        out.append(same[0] if same else d)
    return out


def draw(state: DungeonState, dice: Any = None, bag: dict | None = None) -> dict:
    """Draw a die from the bag ("Course of Play"); ``bag`` is the draw (a roll dict).

    Raises:
        RuleError: not the time to draw, or the bag is empty.
    """
    _mine(state, ("draw",), "drawing")
    if not state.bag:
        raise RuleError("the bag is empty: the game ends", END)
    if bag is None:
        bag = dice.draw("bag", sorted(state.bag))
        bag = {**bag, "faces": first_of_colours(
            bag["faces"], tuple((d, state.dice[d]) for d in sorted(state.bag)))}
    got = bag
    if got["faces"][0] not in state.bag:
        raise RuleError(f"there is no {got['faces'][0]} die in the bag", COURSE)
    return _by(state, "die_drawn", draw=got)


def roll(state: DungeonState, dice: Any = None, roll: dict | None = None) -> dict:
    """Roll the die in hand ("Course of Play", "Extra turn"); ``roll`` holds its face.

    Raises:
        RuleError: there is no die in hand to roll.
    """
    _mine(state, ("roll",), "rolling")
    assert state.hand is not None
    if roll is None:
        roll = dice.roll_custom(state.design_of(state.hand).custom_die(), 1)
    return _by(state, "die_rolled", roll=roll)


def end_game(state: DungeonState, dice: Any = None) -> dict:
    """The bag is empty at the start of a turn: the game ends ("End of the Game").

    Raises:
        RuleError: the bag still holds dice, or it is not the start of a turn.
    """
    _mine(state, ("draw",), "ending the game")
    if state.bag:
        raise RuleError("the bag still holds dice: draw one", END)
    return _by(state, "bag_found_empty")


# -- the rolled face --------------------------------------------------------------------------


def place(state: DungeonState, dice: Any = None, side: str = "", hole: str = "",
          turns: str | int = 0) -> dict:
    """Insert the rolled map die in an empty hole with ``side`` facing you, turned ``turns``
    quarter turns clockwise as you see it ("Course of Play": Dungeon map).

    Raises:
        RuleError: the face is not a map face, ``side`` is not the rolled face or its
            opposite, the hole is taken, or ``turns`` is not 0-3.
    """
    _mine(state, ("resolve",), "placing a die")
    assert state.hand is not None and state.face is not None
    if not is_map(state.face):
        raise RuleError(f"{face_name(state.face)} is not a map face", COURSE)
    design = state.design_of(state.hand)
    if side not in design.map_faces:
        raise RuleError(f"choose {face_name(design.map_faces[0])} or "
                        f"{face_name(design.map_faces[1])} to face you", COURSE)
    i = hole_index(hole)
    if state.holes[i] is not None:
        raise RuleError(f"hole {hole.upper()} already holds a die", COURSE)
    try:
        t = int(turns)
    except (TypeError, ValueError):
        raise RuleError("turns is a number of quarter turns, 0 to 3", COURSE) from None
    if not 0 <= t <= 3:
        raise RuleError("turns is a number of quarter turns, 0 to 3", COURSE)
    return _by(state, "die_placed", hole=hole.upper(), face=side, turns=t)


def give_back(state: DungeonState, dice: Any = None) -> dict:
    """A map face with no empty hole left: the die is out of the game (house rule; it
    cannot go back into the bag, or a full waffle would keep the bag from ever emptying).

    Raises:
        RuleError: there is still an empty hole, or the face is not a map face.
    """
    _mine(state, ("resolve",), "giving the die back")
    if state.face is None or not is_map(state.face) or state.empty_holes():
        raise RuleError("a map die goes into an empty hole while there is one", COURSE)
    return _by(state, "die_left_out")


def collect(state: DungeonState, dice: Any = None) -> dict:
    """Set the rolled item or spell aside in your collection ("Course of Play": B).

    Raises:
        RuleError: the face is a map face or the Wishing Ring.
    """
    _mine(state, ("resolve",), "setting a die aside")
    face = state.face or ""
    if face not in ITEMS and face not in SPELLS:
        raise RuleError(f"{face_name(face)} is not an item or a spell", COURSE)
    return _by(state, "die_collected", face=face)


def trade(state: DungeonState, dice: Any = None, took: str = "") -> dict:
    """Trade the Special Item just rolled for one of the opponent's dice, your pick
    ("Item and Spell Dice Faces": Special Item).

    Raises:
        RuleError: no Special Item was just rolled, or the opponent holds no such die.
    """
    _mine(state, ("resolve",), "trading")
    if state.face != "special_item":
        raise RuleError("only a Special Item just rolled can be traded", SPELL_FACES)
    other = 1 - state.turn
    if took not in [d for d, _ in state.collections[other]]:
        raise RuleError(f"{state.players[other]} holds no die {took!r}", SPELL_FACES)
    return _guard(state, _by(state, "special_item_traded", took=took))


def wish(state: DungeonState, dice: Any = None, face: str = "") -> dict:
    """Use the rolled Wishing Ring: the die shows another side of your choice
    ("Course of Play": Wishing Ring).

    Raises:
        RuleError: no Wishing Ring was rolled, or ``face`` is not another side of the die.
    """
    _mine(state, ("resolve",), "wishing")
    if state.face != WISHING_RING or state.hand is None:
        raise RuleError("no Wishing Ring was rolled", COURSE)
    if face == WISHING_RING or face not in state.design_of(state.hand).faces:
        raise RuleError(f"{face_name(face)} is not another side of this die", COURSE)
    return _by(state, "wish_made", face=face)


def catch(state: DungeonState, dice: Any = None) -> dict:
    """Catch the rolled Wishing Ring with a free Dreamcatcher, for later
    ("Item and Spell Dice Faces": Dreamcatcher).

    Raises:
        RuleError: no Wishing Ring was rolled, or no Dreamcatcher is free.
    """
    _mine(state, ("resolve",), "catching a wish")
    held = state.faces_held(state.turn)
    if state.face != WISHING_RING:
        raise RuleError("no Wishing Ring was rolled", SPELL_FACES)
    if held.count("dreamcatcher") <= held.count(WISHING_RING):
        raise RuleError("you need a free Dreamcatcher to catch a wish", SPELL_FACES)
    return _by(state, "wish_caught")


def dream_pairs(state: DungeonState, seat: int) -> list[str]:
    """The Dreamcatcher pairs ``seat`` can use: ``"ring"`` (a Dreamcatcher with its caught
    Wishing Ring) and ``"two"`` (two free Dreamcatchers together)."""
    held = state.faces_held(seat)
    dc, rings = held.count("dreamcatcher"), held.count(WISHING_RING)
    out = []
    if dc and rings:
        out.append("ring")
    if dc - 2 >= rings:
        out.append("two")
    return out


def dream(state: DungeonState, dice: Any = None, pair: str = "ring", face: str = "") -> dict:
    """Use a Dreamcatcher pair on the die just rolled: it shows the side you choose; both
    dice of the pair go back into the bag ("Item and Spell Dice Faces": Dreamcatcher).

    Raises:
        RuleError: no such pair, or ``face`` is not a side of the die.
    """
    _mine(state, ("resolve",), "using a Dreamcatcher")
    if pair not in dream_pairs(state, state.turn):
        raise RuleError("you hold no such Dreamcatcher pair", SPELL_FACES)
    assert state.hand is not None
    if face not in state.design_of(state.hand).faces or face == WISHING_RING:
        raise RuleError(f"{face_name(face)} is not a side of this die", SPELL_FACES)
    return _by(state, "dreamcatcher_used", pair=pair, face=face)


# -- spells -----------------------------------------------------------------------------------


def _spell_die(state: DungeonState, spell: str) -> str:
    for d, f in state.collections[state.turn]:
        if f == spell:
            return d
    raise RuleError(f"you hold no {face_name(spell)} spell", SPELL_FACES)


def cast(state: DungeonState, dice: Any = None, spell: str = "", hole: str | None = None,
         turns: str | int | None = None, target: str | None = None) -> dict:
    """Cast a collected spell during your turn ("Course of Play", "Item and Spell Dice
    Faces"): Decay, Turn and Pivot need a ``hole`` with a die; Turn needs ``turns`` (1-3
    quarter turns clockwise as you see it); Look needs ``target`` (``bag`` or ``waffle``).
    The spell's die goes back into the bag.

    Raises:
        RuleError: not your turn, no such spell held, a bad target, or (in the last turn)
            the spell would spoil the claimed route.
    """
    _mine(state, ("draw", "roll", "resolve", "after"), "casting")
    die = _spell_die(state, spell)
    facts: dict[str, Any] = {"spell": spell, "die": die}
    if spell in ("decay", "turn", "pivot"):
        if hole is None:
            raise RuleError(f"{face_name(spell)} needs a hole with a die", SPELL_FACES)
        i = hole_index(hole)
        if state.holes[i] is None:
            raise RuleError(f"there is no die in {hole.upper()}", SPELL_FACES)
        facts["hole"] = hole.upper()
        if spell == "turn":
            try:
                q = int(turns if turns is not None else 1)
            except (TypeError, ValueError):
                q = 0
            if not 1 <= q <= 3:
                raise RuleError("Turn turns a die 1 to 3 quarter turns clockwise", SPELL_FACES)
            facts["turns"] = q
    elif spell == "look":
        target, _, colour = (target or "").partition(":")
        if target not in ("bag", "waffle"):
            raise RuleError("Look looks into the bag or at the opponent's side", SPELL_FACES)
        facts["target"] = target
        if target == "bag":
            facts["chosen"] = chosen_die(state, die, colour)
    else:
        raise RuleError(f"{face_name(spell)} is not cast like that", SPELL_FACES)
    return _guard(state, _by(state, "spell_cast", **facts))


# -- the end of a turn ------------------------------------------------------------------------


def chosen_die(state: DungeonState, spell_die: str, colour: str) -> str:
    """The die a Look into the bag takes as the turn's draw ("Item and Spell Dice Faces":
    Look, a die of your choice from the bag): the first die (by id) of ``colour`` in the
    bag once the Look's own die is back in it. It is chosen only now, so nothing about it
    sits in the save before.

    Raises:
        RuleError: not the time to draw (the choice takes the place of the turn's draw), or
            no die of that colour in the bag.
    """
    if state.phase != "draw":
        raise RuleError("a Look into the bag chooses the die you draw, so it is cast before "
                        "the draw; now you may Look at the other side", SPELL_FACES)
    bag = sorted(state.bag | {spell_die})
    same = [d for d in bag if state.dice[d] == colour]
    if not same:
        left = ", ".join(sorted({state.dice[d] for d in bag}))
        raise RuleError(f"there is no {colour or 'such'} die in the bag (it holds: {left})",
                        SPELL_FACES)
    return same[0]


def extra(state: DungeonState, dice: Any = None, paid: str = "", reroll: str = "") -> dict:
    """The extra turn: with more than six dice collected, pay one back into the bag and roll
    another of them again as if just drawn; once a turn ("Extra turn").

    Raises:
        RuleError: six or fewer collected, taken already this turn, or the same die named
            twice, or (in the last turn) paying a die the claimed route needs.
    """
    _mine(state, ("after",), "the extra turn")
    kept = state.collections[state.turn]
    if len(kept) <= 6:
        raise RuleError("the extra turn needs more than six collected items and spells",
                        "Extra turn")
    if state.extra_used:
        raise RuleError("the extra turn is taken once a turn", "Extra turn")
    ids = [d for d, _ in kept]
    if paid not in ids or reroll not in ids:
        raise RuleError("name two of your collected dice", "Extra turn")
    if paid == reroll:
        raise RuleError("pay one die and re-roll another", "Extra turn")
    faces = dict(kept)
    held = state.faces_held(state.turn)
    spare_dc = held.count("dreamcatcher") - held.count(WISHING_RING)
    if WISHING_RING in (faces[paid], faces[reroll]):
        raise RuleError("a caught Wishing Ring stays with its Dreamcatcher", "Extra turn")
    if [faces[paid], faces[reroll]].count("dreamcatcher") > spare_dc:
        raise RuleError("a Dreamcatcher holding a wish stays with it", "Extra turn")
    return _by(state, "extra_turn_taken", paid=paid, reroll=reroll)


def claim(state: DungeonState, dice: Any = None) -> dict:
    """Claim a complete route with the items to get through, ending your turn ("End of the
    Game"); the other player then has one last turn. The claim is checked as it is made
    (``stood`` is always true now; saves from before hold wrong claims with ``stood``
    false, which ended the turn and changed nothing else).

    Raises:
        RuleError: a claim already stands, the roll is not dealt with yet, or there is no
            complete route to claim (:func:`why_no_claim` says why).
    """
    _mine(state, ("after",), "claiming")
    why = why_no_claim(state, state.turn)
    if why:
        raise RuleError(why, END)
    return _by(state, "route_claimed", stood=True)


def end_turn(state: DungeonState, dice: Any = None) -> dict:
    """End your turn; Decayed dice go into the bag ("Course of Play").

    Raises:
        RuleError: the rolled die is not dealt with yet.
    """
    _mine(state, ("after",), "ending the turn")
    return _by(state, "turn_ended")
