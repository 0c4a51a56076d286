"""The legal moves of a seat now (``moves(state, seat)``), with their choices and dice.

A draw is a dice request of the bag's own kind (:class:`BagDraw`): the app draws a die at
random (``dice.draw("bag", ids)``), or table players type the colour they drew. A roll is a
request for the drawn die's own faces, so table players type the face they rolled.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any

from d6tui.engine.dice import CustomDie, Dice, parse_typed_faces
from d6tui.engine.errors import DiceError, RuleError
from d6tui.engine.game import Choice, Custom, DiceRequest, Move
from d6tui.games.dungeon import commands as c
from d6tui.games.dungeon.faces import ITEMS, SPELLS, WISHING_RING, face_name, is_map
from d6tui.games.dungeon.state import DungeonState
from d6tui.games.dungeon.waffle import HOLES, hole_name

#: What a number of quarter turns looks like in a choice list.
TURN_WORDS = {0: "upright", 1: "a quarter turn clockwise", 2: "upside down",
              3: "a quarter turn anticlockwise"}


def roll_label(state: DungeonState) -> str:
    """What the roll of the die in hand is, for a dice prompt: "the red die", or "the red
    die again (Extra turn)" for the die a player paid for rolling again ("Extra turn")."""
    assert state.hand is not None
    name = f"the {state.design_of(state.hand).name.lower()} die"
    return f"{name} again (Extra turn)" if state.extra_used else name


def die_kind(state: DungeonState, die: str) -> CustomDie:
    """The custom die kind of die ``die``: its design's six faces."""
    return state.design_of(die).custom_die()


@dataclass(frozen=True)
class BagDraw:
    """A draw from the bag as a die kind: ``roll`` draws at random, ``parse`` reads the
    colour (or die id) a table player drew.

    Attributes:
        dice: the ids of the dice in the bag.
        designs: ``(die id, design id)`` of each.
    """

    dice: tuple[str, ...]
    designs: tuple[tuple[str, str], ...]

    @property
    def name(self) -> str:
        """The kind's name in notation."""
        return "bag"

    def roll(self, dice: Dice, count: int) -> dict:
        """Draw ``count`` dice at random ("Course of Play"): each die as likely as any
        other, recorded as the first die (by id) of its colour left in the bag, as
        :meth:`parse` reads a colour typed at the table (dice of one colour are alike, so
        an app draw and the same colour typed after an undo are the same die)."""
        got = dice.draw("bag", list(self.dice), count)
        return {**got, "faces": c.first_of_colours(got["faces"], self.designs)}

    def parse(self, text: str, count: int) -> dict:
        """The die a table player drew, by colour (``red``) or id (``red3``).

        Raises:
            DiceError: no die of that colour is in the bag.
        """
        parts = parse_typed_faces(text)
        if len(parts) != count:
            raise DiceError(f"type {count} colour(s), not {len(parts)}")
        got: list[str] = []
        for p in parts:
            t = p.strip().lower()
            pick = [d for d in self.dice if d == t and d not in got] or sorted(
                d for d, g in self.designs if (g == t or g.startswith(t)) and t
                and d not in got)
            if not pick:
                colours = sorted({g for _, g in self.designs})
                raise DiceError(f"there is no {p!r} die in the bag (it holds: "
                                f"{', '.join(colours) or 'nothing'})")
            got.append(pick[0])
        return {"dice": "draw bag", "faces": got, "source": "table"}


def _face_options(faces: tuple[str, ...] | list[str]) -> tuple[tuple[str, str], ...]:
    seen: list[str] = []
    for f in faces:
        if f not in seen:
            seen.append(f)
    return tuple((f, face_name(f)) for f in seen)


def _holes(state: DungeonState, empty: bool) -> tuple[tuple[str, str], ...]:
    return tuple((hole_name(i), hole_name(i)) for i, h in enumerate(state.holes)
                 if (h is None) == empty)


def _allowed(state: DungeonState, options: tuple[tuple[str, str], ...],
             attempt: Any) -> tuple[tuple[str, str], ...]:
    """``options`` without the values the rules would refuse: in the last turn after a
    claim, what would spoil the claimed route ("End of the Game"), tried with the same
    command (``attempt(value)`` raises :class:`RuleError`). Outside a last turn nothing
    is refused that way, so the options come back as they are."""
    if not (state.last_turn and state.claimant is not None):
        return options
    kept = []
    for value, label in options:
        try:
            attempt(value)
        except RuleError:
            continue
        kept.append((value, label))
    return tuple(kept)


def cast_moves(state: DungeonState, seat: int) -> list[Move]:
    """The spells ``seat`` may cast now ("Course of Play": any number during your turn);
    in a last turn only the targets that leave the claimed route whole."""
    held = set(state.faces_held(seat))
    out: list[Move] = []
    full = _holes(state, empty=False)
    holes = {spell: _allowed(state, full, lambda h, sp=spell: c.cast(
        state, spell=sp, hole=h, turns=1)) for spell in ("decay", "pivot") if spell in held}
    if "turn" in held:
        holes["turn"] = tuple(o for o in full if any(_allowed(state, (o,), lambda h, q=q: c.cast(
            state, spell="turn", hole=h, turns=q)) for q in (1, 2, 3)))
    sec = "Item and Spell Dice Faces"
    if "decay" in held and holes["decay"]:
        out.append(Move("cast_decay", "Cast Decay: take a die off the waffle",
                        partial(c.cast, spell="decay"), seat,
                        (Choice("hole", "Which die to take off", holes["decay"]),),
                        section=sec))
    if "turn" in held and holes["turn"]:
        out.append(Move("cast_turn", "Cast Turn: spin a die in its hole",
                        partial(c.cast, spell="turn"), seat,
                        (Choice("hole", "Which die to turn", holes["turn"]),
                         Choice("turns", "How far, clockwise as you see it",
                                tuple((str(q), TURN_WORDS[q]) for q in (1, 2, 3)))),
                        section=sec))
    if "pivot" in held and holes["pivot"]:
        out.append(Move("cast_pivot", "Cast Pivot: turn a die the other way round",
                        partial(c.cast, spell="pivot"), seat,
                        (Choice("hole", "Which die to pivot", holes["pivot"]),),
                        section=sec))
    if "look" in held:
        out.append(Move("cast_look", "Cast Look: the bag or the other side",
                        partial(c.cast, spell="look"), seat,
                        (Choice("target", "Look at", (
                            ("waffle", f"{state.players[1 - seat]}'s side of the waffle"),
                            *_bag_choices(state, seat))),), section=sec))
    return out


def _bag_choices(state: DungeonState, seat: int) -> list[tuple[str, str]]:
    """Look's other half: in the draw phase, one choice per colour in the bag (the Look's
    own die back in it), the die chosen being the turn's draw ("Item and Spell Dice Faces":
    Look). After the draw there is no draw left to choose, so only the other side."""
    if state.phase != "draw":
        return []
    look = next(d for d, f in state.collections[seat] if f == "look")
    colours = sorted({state.dice[d] for d in state.bag | {look}})
    return [(f"bag:{c}", f"choose a {c} die from the bag as your draw") for c in colours]


def moves(state: DungeonState, seat: int | None) -> list[Move]:
    """What ``seat`` may do now; nothing for a seat whose turn it is not.

    Returns:
        The moves, the main one of the phase first, then the spells.
    """
    if state.over or seat != state.turn or not state.players:
        return []
    out: list[Move] = []
    phase = state.phase
    if phase == "draw":
        if state.bag:
            kind = BagDraw(tuple(sorted(state.bag)),
                           tuple((d, state.dice[d]) for d in sorted(state.bag)))
            out.append(Move("draw", "Draw a die from the bag", c.draw, seat,
                            dice=(DiceRequest("bag", 1, kind, "the die you drew", seat),),
                            section="Course of Play"))
        else:
            out.append(Move("end_game", "The bag is empty: end the game", c.end_game, seat,
                            section="End of the Game"))
    elif phase == "roll":
        assert state.hand is not None
        kind = die_kind(state, state.hand)
        out.append(Move("roll", f"Roll the {state.design_of(state.hand).name} die", c.roll,
                        seat, dice=(DiceRequest("roll", 1, Custom(kind), roll_label(state),
                                                seat),), section="Course of Play"))
    elif phase == "resolve":
        out.extend(_resolve_moves(state, seat))
    elif phase == "after":
        if (len(state.collections[seat]) > 6 and not state.extra_used):
            kept = tuple((d, f"{face_name(f)} ({state.dice[d]})")
                         for d, f in state.collections[seat])
            out.append(Move("extra_turn", "Extra turn: pay a die, roll another again", c.extra,
                            seat, (Choice("paid", "Die to pay into the bag", kept),
                                   Choice("reroll", "Die to roll again", kept)),
                            section="Extra turn"))
        if not c.why_no_claim(state, seat):  # only a claim d6tui can back
            out.append(Move("claim", "Claim a complete route", c.claim, seat,
                            section="End of the Game"))
        out.append(Move("end_turn", "End the turn", c.end_turn, seat, section="Course of Play"))
    if phase in ("draw", "roll", "resolve", "after"):
        out.extend(cast_moves(state, seat))
    return out


def _resolve_moves(state: DungeonState, seat: int) -> list[Move]:
    assert state.hand is not None and state.face is not None
    design = state.design_of(state.hand)
    face = state.face
    out: list[Move] = []
    if is_map(face):
        empty = _holes(state, empty=True)
        if empty:
            rolled, other = face, design.opposite(face)
            out.append(Move("place", "Place the die in the waffle", c.place, seat, (
                Choice("side", "Which side faces you",
                       ((rolled, f"{face_name(rolled)} (rolled)"),
                        (other, f"{face_name(other)} (the other side)"))),
                Choice("hole", "Which hole", empty),
                Choice("turns", "Which way up, as you see it",
                       tuple((str(q), TURN_WORDS[q]) for q in range(4)))),
                section="Course of Play"))
        else:
            out.append(Move("give_back", "No empty hole: the die is out of the game",
                            c.give_back, seat, section="Course of Play"))
    elif face in ITEMS or face in SPELLS:
        if face == "special_item":
            out.append(Move("keep", "Keep the Special Item", c.collect, seat,
                            section="Item and Spell Dice Faces"))
            theirs = _allowed(state, tuple((d, f"{face_name(f)} ({state.dice[d]})")
                                           for d, f in state.collections[1 - seat]),
                              lambda d: c.trade(state, took=d))
            if theirs:  # in a last turn, only what leaves the claimed route whole
                out.append(Move("trade", "Trade the Special Item for a die of theirs",
                                c.trade, seat, (Choice("took", "Which of theirs to take",
                                                       theirs),),
                                section="Item and Spell Dice Faces"))
        else:
            kind = "spell" if face in SPELLS else "item"
            out.append(Move("collect", f"Set the {kind} aside ({face_name(face)})", c.collect,
                            seat, section="Course of Play"))
    elif face == WISHING_RING:
        others = [f for f in design.faces if f != WISHING_RING]
        out.append(Move("wish", "Use the Wishing Ring: choose another side", c.wish, seat,
                        (Choice("face", "Which side", _face_options(others)),),
                        section="Course of Play"))
        held = state.faces_held(seat)
        if held.count("dreamcatcher") > held.count(WISHING_RING):
            out.append(Move("catch", "Catch the wish with a Dreamcatcher", c.catch, seat,
                            section="Item and Spell Dice Faces"))
    pairs = c.dream_pairs(state, seat)
    if pairs and face != WISHING_RING:
        faces = _face_options([f for f in design.faces if f != WISHING_RING])
        labels = {"ring": "Dreamcatcher and its Wishing Ring", "two": "two Dreamcatchers"}
        out.append(Move("dream", "Use a Dreamcatcher pair: choose the side", c.dream, seat, (
            Choice("pair", "Which pair", tuple((p, labels[p]) for p in pairs)),
            Choice("face", "Which side", faces)), section="Item and Spell Dice Faces"))
    return out


def why_not(state: DungeonState, seat: int | None, move_id: str) -> str:
    """Why a move is not legal now (``GameDefinition.why_not``), with its section, or
    ``""``: said for a claim ("End of the Game"), the move a player may try before the rules
    allow it."""
    if move_id == "claim" and seat is not None and state.players:
        why = c.why_no_claim(state, seat)
        return f"{why} (End of the Game)" if why else ""
    return ""


def seats(state: DungeonState) -> tuple[str, ...]:
    """The two players' names."""
    return state.players


def seat_to_move(state: DungeonState) -> int | None:
    """The seat whose turn it is (None when the game is over)."""
    if state.over or not state.players:
        return None
    return state.turn


__all__ = ["BagDraw", "HOLES", "cast_moves", "die_kind", "moves", "seat_to_move", "seats",
           "why_not"]
