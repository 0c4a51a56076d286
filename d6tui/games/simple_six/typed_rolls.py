"""Which wild-die rolls a Simple Six move makes, and how many dice each throws, so the
table's dice can be typed for them ("Dice Basics", "The Wild Die").

A roll's size follows the position (the attribute or skill's code, a damage roll only a
hit calls for, a resist roll per target), so the move is first run on the state with
stand-in dice (:data:`STAND_IN`, never a 6) to learn its rolls; each roll typed so far is
handed in and the move run again, until no roll is left to ask. The screen asks each roll
in its own prompt; ``d6tui play --dice`` reads them from the command line
(:func:`typed_from_texts`). Both read a typed roll with :func:`read_wild`. No Textual.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from d6tui.engine.dice import Dice
from d6tui.engine.errors import DiceError
from d6tui.games.simple_six.record import ROLL_KEYS, rolls_of
from d6tui.games.simple_six.typed_dice import check_chain, check_faces, parse_typed_wild

#: A typed wild-die roll: (ordinary faces, wild chain, extra wild chains).
TypedWild = tuple[list[int], list[list[int]] | list[int], list[list[int]]]


class StandInDice(Dice):
    """Dice that always show 3 (never a 6): a dry run learns which rolls a command makes."""

    def __init__(self) -> None:
        super().__init__(0)

    def roll(self, count: int, sides: int = 6) -> dict:
        """``count`` dice showing 3 each (``{"dice", "faces", "source"}``)."""
        return {"dice": f"{count}d{sides}", "faces": [3] * count, "source": "app"}


#: The one set of stand-in dice.
STAND_IN = StandInDice()

#: How each rolling move takes its typed rolls (the command's keywords), by move id:
#: ``map`` a roll name -> (faces, wild) (attacks, spells, initiative: several rolls by
#: name), ``full`` the same with the Character Point chains, ``three`` the one ``roll`` with
#: its CP chains (a check), ``body`` the new character's Body Points roll, ``one`` (every
#: other move) the one roll's (faces, wild).
SHAPES: dict[str, str] = {
    "roll_initiative": "map", "collapse": "map", "cast": "map", "throw_bolt": "map",
    "check": "three", "add_cp": "full", "create_character": "body", "add_npc": "body",
}


#: Moves whose typed dice come in shapes of their own (the clock's checks for several
#: characters, a vehicle's wild-die and 1D chart rolls): typed in the screen's prompts only.
SCREEN_ONLY = frozenset({"time", "fire_on_vehicle", "ram", "chase_turn", "repair_vehicle"})

#: The one roll name a move of each single-roll shape takes.
_SINGLE = {"one": "roll", "three": "roll", "body": "body_roll"}


def shape_of(move_id: str, last_roll: Any = None) -> str:
    """How the move ``move_id`` takes typed rolls (:data:`SHAPES`; attacks are ``map``). A
    ``destiny`` reroll of an attack (or a Death Spell) takes them by name, with its damage
    (``full``), else as a check's (``three``)."""
    if move_id.startswith("attack:"):
        return "map"
    if move_id == "destiny":
        if last_roll is not None and (last_roll.key == "attack"
                                      or last_roll.event.get("spell") == "Death Spell"):
            return "full"
        return "three"
    return SHAPES.get(move_id, "one")


def typed_kwargs(shape: str, got: Mapping[str, tuple]) -> dict:
    """The command's keywords for the rolls typed so far (``got``: roll name -> (faces,
    wild, cp_chains)), as the move's ``shape`` takes them (:data:`SHAPES`)."""
    if not got:
        return {}
    if shape == "map":
        return {"typed": {k: (v[0], v[1]) for k, v in got.items()}}
    if shape == "full":
        return {"typed": dict(got)}
    if shape == "body":
        faces, wild, _ = got["body_roll"]
        return {"body_typed": (faces, wild)}
    faces, wild, cps = got["roll"]
    if shape == "three":
        return {"typed": (faces, wild, cps)}
    return {"typed": (faces, wild)}


def dice_thrown(roll: Mapping[str, Any]) -> int:
    """Dice thrown for a roll dict, the wild die included (``rolled = "4D+2"`` is 4)."""
    return int(str(roll.get("rolled", roll.get("dice", "1D"))).split("D")[0] or 1)


def expected(roll: Mapping[str, Any]) -> str:
    """What a roll asks to be typed: ``4D: 3 ordinary dice, then the wild die and each
    reroll of a 6`` (and its extra wild dice for Character Points)."""
    n = dice_thrown(roll) - 1
    cp = len(roll.get("cp_wild", ()))
    first = f"{n} ordinary {'die' if n == 1 else 'dice'}, then the wild die" if n else \
        "the wild die"
    extra = f", then {cp} extra wild dice" if cp else ""
    return f"{roll.get('rolled', roll.get('dice'))}: {first} and each reroll of a 6{extra}"


def read_wild(text: str, roll: Mapping[str, Any]) -> TypedWild:
    """Read a wild-die roll typed for ``roll`` (``3 5 2 w 6 4`` or ``3 5 2 6 4``): the
    ordinary dice, the wild die's chain, the extra wild dice of Character Points.

    Raises:
        DiceError: wrong count, a face out of 1-6, or a chain that stops on a 6.
    """
    dice, cp = dice_thrown(roll), len(roll.get("cp_wild", ()))
    faces, wild, cps = parse_typed_wild(text, dice)
    if cps and not cp:
        # No extra wild dice on this roll: the faces past the wild die are too many dice.
        typed = len(faces) + len(wild) + sum(len(c) for c in cps)
        raise DiceError(f"type {dice} dice (the last is the wild die, followed only by"
                        f" its rerolls of a 6), not {typed}")
    faces = check_faces(faces, dice - 1)
    wild = check_chain(wild)
    if len(cps) != cp:
        raise DiceError(f"type {cp} extra wild dice, not {len(cps)}")
    return faces, wild, [check_chain(c, "an extra wild die") for c in cps]


def next_rolls(payload: dict, got: Mapping[str, Any], skip: set[str] | frozenset[str]
               = frozenset()) -> list[tuple[str, dict]]:
    """The rolls of a dry run's ``payload`` still to be typed: neither in ``got`` nor
    ``skip`` (name, roll), in the order they are made."""
    return [(k, r) for k, r in rolls_of(payload) if k not in got and k not in skip]


def is_roll_key(key: str) -> bool:
    """Whether a roll name is a kind of roll (``attack``, ``damage``...) rather than a
    combatant's id (an initiative roll, a target's resist roll against a spell)."""
    return key in ROLL_KEYS or key.startswith("counter_")


def typed_from_texts(run: Callable[..., dict], state: Any, shape: str,
                     texts: Mapping[str, str], dice: Dice | None = None) -> dict:
    """The command's keywords for rolls typed on the command line.

    Args:
        run: the move, ``run(state, dice, **typed keywords)`` returning its payload.
        state: the campaign now.
        shape: how the move takes typed rolls (:func:`shape_of`).
        texts: roll name -> typed faces; the name ``""`` is the move's first roll still
            unnamed. A roll not given is left to the app's dice.
        dice: the session's dice for the dry runs once a roll is left to the app (rewound
            after each), so the rolls after it follow the app's real faces; None uses
            :data:`STAND_IN`.

    Raises:
        DiceError: a roll named that the move does not make, faces that do not fit a
            roll (the message names the roll and what it expects), or a roll the move's
            shape takes only in the screen's prompts.
    """
    left = dict(texts)
    got: dict[str, tuple] = {}
    mine: set[str] = set()
    while True:
        dry = dice if (mine and dice is not None) else STAND_IN
        try:
            payload = run(state, dry, **typed_kwargs(shape, got))
        finally:
            if dry is not STAND_IN and hasattr(dry, "rewind"):
                dry.rewind()
        need = next_rolls(payload, got, mine)
        if not need:
            break
        key, roll = need[0]
        if _SINGLE.get(shape, key) != key:
            raise DiceError(f"this move's {key} roll is typed in the screen's dice prompts;"
                            " leave --dice out and d6tui rolls it")
        name = key if key in left else ("" if "" in left else None)
        if name is None:
            mine.add(key)
            continue
        try:
            got[key] = read_wild(left.pop(name), roll)
        except DiceError as e:
            raise DiceError(f"{e} for {_roll_word(key)} roll; it expects "
                            f"{expected(roll)}") from None
    if left:
        made = [k for k, _ in rolls_of(payload)]
        if not made:
            raise DiceError("this move makes no wild-die roll now; leave --dice out")
        extra = ", ".join(k or "(unnamed)" for k in left)
        raise DiceError(f"this move makes no roll named {extra} now; its rolls are "
                        f"{', '.join(made) or 'none'}: give --dice NAME=FACES for each")
    return typed_kwargs(shape, got)


def _roll_word(key: str) -> str:
    if key == "roll":
        return "the"
    return f"the {key}" if is_roll_key(key) else f"{key}'s"
