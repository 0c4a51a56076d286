"""Folding D6 Dungeon events into the state: ``fold(state, event) -> state``.

Events are facts in the past tense. The fold trusts the rules the command checked, but it
refuses an event that does not fit the state at all (a die not in the bag, a hole taken, a
face not on the die) with EventError, so a damaged save is reported, not played.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from d6tui.engine.dice import check_roll
from d6tui.engine.errors import EventError, RuleError
from d6tui.games.dungeon.content import DESIGNS, DICE_EACH, ContentError, Design, design_from
from d6tui.games.dungeon.faces import WISHING_RING, is_map
from d6tui.games.dungeon.scorer import best_route
from d6tui.games.dungeon.state import DungeonState, Kept, Look, ScoreCard
from d6tui.games.dungeon.waffle import hole_index, pivoted, placed, turned

Fold = Callable[[DungeonState, dict], DungeonState]


def final_scores(state: DungeonState) -> tuple[ScoreCard, ScoreCard]:
    """Both players' scores ("End of the Game"): a route is worth 5 to the player whose
    claim stood and 3 to the other; with no claim (the bag ran out) 3 to each."""
    cards = []
    for seat in (0, 1):
        bonus = 5 if state.claimant == seat else 3
        route = best_route(state.side(seat), state.budget(seat), bonus)
        cards.append(ScoreCard(route, state.faces_held(seat).count("special_item"), bonus))
    return cards[0], cards[1]


def _end(state: DungeonState, why: str) -> DungeonState:
    bag = state.bag | set(state.decayed) | ({state.hand} if state.hand else set())
    done = replace(state, phase="over", end=why, bag=frozenset(bag), decayed=(), hand=None,
                   face=None)
    return replace(done, scores=final_scores(done))


def _seat(state: DungeonState, event: dict) -> int:
    if event.get("by") != state.player:
        raise EventError(f"it is {state.player}'s turn, but the event is by {event.get('by')!r}")
    if state.over:
        raise EventError("the game is over")
    return state.turn


def _set_collection(state: DungeonState, seat: int, kept: tuple[Kept, ...]) -> DungeonState:
    cols = list(state.collections)
    cols[seat] = kept
    return replace(state, collections=(cols[0], cols[1]))


def _take(kept: tuple[Kept, ...], face: str, die: str | None = None
          ) -> tuple[str, tuple[Kept, ...]]:
    for i, (d, f) in enumerate(kept):
        if f == face and (die is None or d == die):
            return d, kept[:i] + kept[i + 1:]
    raise EventError(f"there is no {face} in the collection")


def started(state: DungeonState, ev: dict) -> DungeonState:
    players = ev["players"]
    if not isinstance(players, list) or len(players) != 2:
        raise EventError("D6 Dungeon has two players")
    # The save's copy of the dice passes the checks the dice file does ("Contents": six
    # designs, six dice of each), before any of it sizes the bag.
    rows = ev["designs"]
    if not isinstance(rows, list) or len(rows) != DESIGNS:
        raise EventError(f"the dice table must hold {DESIGNS} designs (Contents)")
    designs: dict[str, Design] = {}
    try:
        for row in rows:
            if not isinstance(row, dict):
                raise ContentError("a design must be a table")
            d = design_from(row)
            if d.id in designs:
                raise ContentError(f"design {d.id} is listed twice")
            designs[d.id] = d
    except ContentError as e:
        raise EventError(str(e)) from None
    each = ev.get("dice_each", DICE_EACH)
    if type(each) is not int or each != DICE_EACH:
        raise EventError(f"dice_each must be {DICE_EACH} (Contents: six dice of each colour)")
    dice = {f"{d}{k}": d for d in designs for k in range(1, each + 1)}
    computer = ev.get("computer")
    return DungeonState(players=tuple(players), computer=computer, designs=designs, dice=dice,
                        bag=frozenset(dice), turn=0, turn_no=1, phase="draw")


def drawn(state: DungeonState, ev: dict) -> DungeonState:
    _seat(state, ev)
    faces = check_roll(ev["draw"], count=1)
    die = faces[0]
    if die not in state.bag or state.phase != "draw":
        raise EventError(f"die {die!r} cannot be drawn from the bag now")
    return replace(state, bag=state.bag - {die}, hand=die, face=None, phase="roll")


def rolled(state: DungeonState, ev: dict) -> DungeonState:
    _seat(state, ev)
    if state.phase != "roll" or state.hand is None:
        raise EventError("there is no die in hand to roll")
    face = check_roll(ev["roll"], count=1)[0]
    if face not in state.design_of(state.hand).faces:
        raise EventError(f"{face!r} is not a face of the {state.dice[state.hand]} die")
    return replace(state, face=face, phase="resolve")


def die_placed(state: DungeonState, ev: dict) -> DungeonState:
    seat = _seat(state, ev)
    if state.phase != "resolve" or state.hand is None or state.face is None:
        raise EventError("there is no die to place")
    try:
        i = hole_index(ev["hole"])
    except RuleError as e:
        raise EventError(str(e)) from None
    if state.holes[i] is not None:
        raise EventError(f"hole {ev['hole']} is taken")
    design = state.design_of(state.hand)
    face = ev["face"]
    if not is_map(state.face) or face not in design.map_faces:
        raise EventError(f"{face!r} is not a map face of the die")
    turns = ev.get("turns", 0)
    if not isinstance(turns, int) or not 0 <= turns <= 3:
        raise EventError("turns run from 0 to 3")
    holes = list(state.holes)
    holes[i] = placed(state.hand, seat, face, design.opposite(face), turns)
    return replace(state, holes=tuple(holes), hand=None, face=None, phase="after")


def die_left_out(state: DungeonState, ev: dict) -> DungeonState:
    _seat(state, ev)
    if state.hand is None:
        raise EventError("there is no die in hand")
    if state.empty_holes():
        raise EventError("a map die goes into an empty hole while there is one")
    return replace(state, out=state.out + (state.hand,), hand=None, face=None, phase="after")


def die_collected(state: DungeonState, ev: dict) -> DungeonState:
    seat = _seat(state, ev)
    if state.phase != "resolve" or state.hand is None or state.face is None:
        raise EventError("there is no rolled die to set aside")
    if is_map(state.face) or state.face == WISHING_RING:
        raise EventError(f"{state.face} is not an item or a spell")
    kept = state.collections[seat] + ((state.hand, state.face),)
    return replace(_set_collection(state, seat, kept), hand=None, face=None, phase="after")


def traded(state: DungeonState, ev: dict) -> DungeonState:
    seat = _seat(state, ev)
    if state.face != "special_item" or state.hand is None:
        raise EventError("only a Special Item just rolled can be traded")
    other = 1 - seat
    took = ev["took"]
    theirs = state.collections[other]
    match = [k for k in theirs if k[0] == took]
    if not match:
        raise EventError(f"{state.players[other]} holds no die {took!r}")
    s = _set_collection(state, other, tuple(k for k in theirs if k[0] != took)
                        + ((state.hand, "special_item"),))
    s = _set_collection(s, seat, s.collections[seat] + (match[0],))
    return replace(s, hand=None, face=None, phase="after")


def wished(state: DungeonState, ev: dict) -> DungeonState:
    _seat(state, ev)
    if state.face != WISHING_RING or state.hand is None:
        raise EventError("no Wishing Ring was rolled")
    face = ev["face"]
    if face not in state.design_of(state.hand).faces or face == WISHING_RING:
        raise EventError(f"{face!r} is not another side of the die")
    return replace(state, face=face)


def caught(state: DungeonState, ev: dict) -> DungeonState:
    seat = _seat(state, ev)
    held = state.faces_held(seat)
    if state.face != WISHING_RING or held.count("dreamcatcher") <= held.count(WISHING_RING):
        raise EventError("a Wishing Ring is caught by a free Dreamcatcher")
    kept = state.collections[seat] + ((state.hand, WISHING_RING),)  # type: ignore[operator]
    return replace(_set_collection(state, seat, kept), hand=None, face=None, phase="after")


def dreamed(state: DungeonState, ev: dict) -> DungeonState:
    seat = _seat(state, ev)
    if state.phase != "resolve" or state.hand is None:
        raise EventError("a Dreamcatcher pair is used on a die just rolled")
    kept = state.collections[seat]
    pair = ev["pair"]
    a, kept = _take(kept, "dreamcatcher")
    b, kept = _take(kept, WISHING_RING if pair == "ring" else "dreamcatcher")
    face = ev["face"]
    if face not in state.design_of(state.hand).faces:
        raise EventError(f"{face!r} is not a side of the die")
    s = _set_collection(state, seat, kept)
    return replace(s, bag=s.bag | {a, b}, face=face)


def spell_cast(state: DungeonState, ev: dict) -> DungeonState:
    seat = _seat(state, ev)
    spell = ev["spell"]
    die, kept = _take(state.collections[seat], spell, ev.get("die"))
    s = replace(_set_collection(state, seat, kept), bag=state.bag | {die})
    holes = list(s.holes)
    if spell in ("decay", "turn", "pivot"):
        i = hole_index(ev["hole"])
        h = holes[i]
        if h is None:
            raise EventError(f"there is no die in {ev['hole']}")
        if spell == "decay":
            holes[i] = None
            return replace(s, holes=tuple(holes), decayed=s.decayed + (h.die,))
        holes[i] = turned(h, seat, ev.get("turns", 1)) if spell == "turn" else pivoted(h)
        return replace(s, holes=tuple(holes))
    if spell == "look":
        looks = list(s.looks)
        if ev.get("target") == "bag":
            counts: dict[str, int] = {}
            for d in sorted(s.bag):
                counts[s.dice[d]] = counts.get(s.dice[d], 0) + 1
            looks[seat] = Look("bag", s.turn_no, bag=tuple(sorted(counts.items())))
            chosen = ev.get("chosen")
            if chosen is not None:  # the die chosen from the bag is the turn's draw
                if chosen not in s.bag or s.phase != "draw":
                    raise EventError(f"die {chosen!r} cannot be chosen from the bag now")
                s = replace(s, bag=s.bag - {chosen}, hand=chosen, face=None, phase="roll")
        else:
            other = 1 - seat
            side = tuple((i, h.faces[other], h.turns[other]) for i, h in enumerate(s.holes)
                         if h is not None and h.faces[other] is not None)
            looks[seat] = Look("waffle", s.turn_no, side=side)  # type: ignore[arg-type]
        return replace(s, looks=(looks[0], looks[1]))
    raise EventError(f"{spell!r} is not a spell one casts")


def extra_turn(state: DungeonState, ev: dict) -> DungeonState:
    seat = _seat(state, ev)
    kept = state.collections[seat]
    ids = [d for d, _ in kept]
    paid, again = ev["paid"], ev["reroll"]
    if paid not in ids or again not in ids or paid == again:
        raise EventError("the extra turn pays one collected die and re-rolls another")
    rest = tuple(k for k in kept if k[0] not in (paid, again))
    s = _set_collection(state, seat, rest)
    return replace(s, bag=s.bag | {paid}, hand=again, face=None, phase="roll", extra_used=True)


def claimed(state: DungeonState, ev: dict) -> DungeonState:
    seat = _seat(state, ev)
    if ev.get("stood"):
        # A claim is checked as it is made, so one that stands has a route (a save edited
        # by hand may say otherwise: refused, not played on).
        if not best_route(state.side(seat), state.budget(seat), 1000).complete:
            raise EventError(f"the claim stands, but {state.players[seat]} has no complete "
                             "route here")
        s = replace(state, claimant=seat)
    else:
        w = list(state.wrong_claims)
        w[seat] += 1
        s = replace(state, wrong_claims=(w[0], w[1]))
    return turn_ended(s, ev)


def turn_ended(state: DungeonState, ev: dict) -> DungeonState:
    _seat(state, ev)
    if state.hand is not None:
        raise EventError("the die in hand must be placed or set aside first")
    if state.last_turn:
        return _end(state, "claimed")
    s = replace(state, bag=state.bag | set(state.decayed), decayed=(), extra_used=False,
                turn=1 - state.turn, turn_no=state.turn_no + 1, phase="draw",
                last_turn=state.claimant is not None)
    return s


def bag_empty(state: DungeonState, ev: dict) -> DungeonState:
    _seat(state, ev)
    if state.bag:
        raise EventError("the bag is not empty")
    return _end(state, "claimed" if state.claimant is not None else "bag_empty")


#: Every event type and its fold.
FOLDS: dict[str, Fold] = {
    "dungeon_started": started,
    "die_drawn": drawn,
    "die_rolled": rolled,
    "die_placed": die_placed,
    "die_left_out": die_left_out,
    "die_collected": die_collected,
    "special_item_traded": traded,
    "wish_made": wished,
    "wish_caught": caught,
    "dreamcatcher_used": dreamed,
    "spell_cast": spell_cast,
    "extra_turn_taken": extra_turn,
    "route_claimed": claimed,
    "turn_ended": turn_ended,
    "bag_found_empty": bag_empty,
}


def fold(state: DungeonState, event: dict[str, Any]) -> DungeonState:
    """Apply one event.

    Raises:
        EventError: an unknown event type, or one that does not fit the state.
    """
    f = FOLDS.get(event.get("type", ""))
    if f is None:
        raise EventError(f"unknown D6 Dungeon event {event.get('type')!r}")
    return f(state, event)
