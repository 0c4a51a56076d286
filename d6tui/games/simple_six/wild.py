"""The wild-die roll of Simple Six and its modifiers (the table's options are in
:mod:`.wild_options`, named target numbers in :mod:`.difficulty`, typed dice checked in
:mod:`.typed_dice`).

Every roll of a die code has one wild die among its dice. A 6 on the wild die is kept and the
die rolled again, as long as it keeps showing 6 ("Dice Basics"). What a 1 on the wild die does is
the table's choice: it counts like any face, it takes itself and the highest other die out of
the total, or it counts and flags a complication ("The Wild Die", in "Converting Between Simple
Six & Traditional OpenD6").

A roll is returned as a log-ready dict in the shape of :mod:`d6tui.engine.dice`, with every face
kept, so that a log replays it exactly::

    {"dice": "4D+2", "rolled": "4D+2", "faces": [3, 5, 2], "wild": [6, 4], "pips": 2,
     "total": 22, "source": "app"}

``faces`` holds the ordinary dice and ``wild`` the wild die's chain (each 6 then the reroll).
Optional keys appear only when they apply (TOML has no null): ``cp_wild`` (extra wild dice bought
with character points), ``hero`` (the static +6 bonus), ``doubled`` (traditional hero point),
``modifiers`` (what changed the code, in words), ``dropped`` (faces taken out by a wild 1),
``complication``, ``doubled_by``/``halved_by`` (perks that double or halve the result: Lucky,
Attractive, Daredevil; "General Perks"), ``bonuses`` (flat bonuses added to the total after the
dice, each named by its source: ``[{"from": "Bless", "add": 2}]``),
``target``/``margin``/``success``/``difficulty`` and ``halfway``.

Flat bonuses ("+2 to all rolls" of Bless, the Elf's "+1 on all ranged attacks", the Dwarf's "+2
to smithing", "Racial Perks" and "The Grimoire") are not pips of the die code: "Splitting Dice"
only concerns die codes, so three of them never become a die. They are added to the total after
the dice and after the rolling limit; they are not dice to throw at the table, "Halfway There"
does not count them, Lucky's doubling doubles the whole result with them, and a traditional
hero point doubles the die code only, not them (decision: the SRD doubles "the number of
dice"). A roll stored before they existed has no ``bonuses`` key and totals as before.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from d6tui.engine.dice import Dice
from d6tui.engine.errors import DiceError, RuleError
from d6tui.games.simple_six.codes import ZERO, DieCode, as_code, parse_code
from d6tui.games.simple_six.difficulty import difficulty_of
from d6tui.games.simple_six.typed_dice import MAX_CHAIN, check_chain, check_face, check_faces
from d6tui.games.simple_six.wild_options import (
    HERO_POINT_BONUS,
    MAX_STATIC_HERO_POINTS,
    WildOptions,
    as_options,
)

_ROLLED = re.compile(r"^(\d+)D(?:[+-]\d+)?$")


@dataclass(frozen=True)
class RollRequest:
    """What is rolled and what changes it.

    Attributes:
        code: the die code of the attribute, skill or damage.
        actions: how many actions the character takes this round; each one past the first
            costs -1D on every roll ("Multiple Actions").
        wound_dice: dice taken off for wounds and stun (see :mod:`.wounds`).
        modifier: any other change to the code: ``+1D`` from an item, ``-2D`` from failed
            spells, ``+2`` pips from a racial perk.
        hero_points: hero points spent on this roll ("Hero Points").
        character_points: character points spent for extra wild dice
            ("Traditional OpenD6 Character Points").
        target: the target number, when there is one.
        label: what the roll is for, shown in the log ("Sword", "Might vs damage").
        reflex_dice: the reflex penalty: dice taken off every roll until the roller's next
            turn for each defense not declared with the round's actions ("Defensive Options",
            see :mod:`.reflexes`), kept apart from wounds so the log names the right rule.
        bonuses: named changes to the code, each with its own line in the breakdown:
            ``(("Dwarf craft (Racial Perks)", DieCode(0, 2)),)``.
        doubled_by: perks that double the roll's result, each once (``("Lucky",)``).
        halved_by: perks that halve the roll's result, rounded down (``("Daredevil",)``).
        flat: flat bonuses added to the total after the dice, each ``(source, amount, SRD
            section)``: ``(("Bless", 2, "The Grimoire"), ("Elf ranged", 1, "Racial Perks"))``
            (see the module docstring).
        wild_alone: when the penalties leave no die, roll the wild die alone instead of
            refusing (a badly hurt combatant still takes a place in the initiative order).
    """

    code: DieCode
    actions: int = 1
    wound_dice: int = 0
    modifier: DieCode = ZERO
    hero_points: int = 0
    character_points: int = 0
    target: int | None = None
    label: str | None = None
    reflex_dice: int = 0
    bonuses: tuple[tuple[str, DieCode], ...] = ()
    doubled_by: tuple[str, ...] = ()
    halved_by: tuple[str, ...] = ()
    flat: tuple[tuple[str, int, str], ...] = ()
    wild_alone: bool = False


@dataclass(frozen=True)
class RollPlan:
    """The dice actually thrown for a request, after every modifier.

    Attributes:
        dice: dice thrown, the wild die included (at least 1).
        pips: added to the sum (the code's pips, dice past the rolling limit, modifiers).
        hero: static hero point bonus.
        doubled: a traditional hero point doubled the code.
        cp_dice: extra wild dice bought with character points.
        modifiers: each change, in words, for the log and the dice tray.
        halfway: "Halfway There" applies: the GM may call it a success without a roll.
    """

    dice: int
    pips: int
    hero: int
    doubled: bool
    cp_dice: int
    modifiers: tuple[str, ...]
    halfway: bool

    @property
    def rolled(self) -> str:
        """The dice thrown as text: ``5D+7`` (pips may be 3 or more under a rolling limit)."""
        return f"{self.dice}D{self.pips:+d}" if self.pips else f"{self.dice}D"


def halfway_there(code: DieCode, target: int) -> bool:
    """Whether a code counts as an automatic success under "Halfway There".

    The optional rule lets the GM skip the roll when the skill's dice reach half the target
    number; whole dice are compared, pips do not count, and more dice than half count too.

    Args:
        code: the skill's code (after penalties).
        target: the target number.

    Returns:
        True when ``2 * dice >= target``.
    """
    return code.dice > 0 and 2 * code.dice >= target


def plan_roll(request: RollRequest, options: WildOptions | Mapping | None = None) -> RollPlan:
    """Apply every modifier to a request and say which dice are thrown.

    The order: multiple-action and wound penalties and other modifiers change the code; a
    traditional hero point then doubles it; the rolling limit then turns dice past the limit
    into +3 each; the static hero bonus and extra wild dice are added on top.

    Args:
        request: the code and its modifiers.
        options: the table's options.

    Returns:
        The plan.

    Raises:
        RuleError: too many hero points, hero and character points on one roll, character
            points when that option is off or over the GM's limit, fewer than one action, or
            penalties that leave no die to roll (sections named in the message).
    """
    opts = as_options(options)
    notes: list[str] = []
    if isinstance(request.actions, bool) or request.actions < 1:
        raise RuleError("a character takes at least one action in a round", "Multiple Actions")
    if request.wound_dice < 0 or request.reflex_dice < 0:
        raise RuleError("wound penalties take dice away; they cannot be negative", "Wounds")
    if request.hero_points < 0 or request.character_points < 0:
        raise RuleError("points spent on a roll cannot be negative", "Hero Points")
    code = request.code
    if request.actions > 1:
        extra = request.actions - 1
        code = code - DieCode.of(extra)
        notes.append(f"-{extra}D for {request.actions} actions (Multiple Actions)")
    if request.wound_dice:
        code = code - DieCode.of(request.wound_dice)
        notes.append(f"-{request.wound_dice}D for wounds (Wound Level Effects)")
    if request.reflex_dice:
        code = code - DieCode.of(request.reflex_dice)
        notes.append(f"-{request.reflex_dice}D reflex penalty until the next turn"
                     " (Defensive Options)")
    if request.modifier != ZERO:
        code = code + request.modifier
        notes.append(f"{request.modifier.signed()} other modifiers")
    for why, bonus in request.bonuses:
        code = code + bonus
        notes.append(f"{bonus.signed() if bonus.dice else f'{bonus.pips:+d}'} {why}")
    if code.dice < 1 and request.wild_alone:
        code = DieCode.of(1)
        notes.append("rolls the wild die alone")
    if code.dice < 1:
        raise RuleError(
            f"{request.code} with these penalties is {code}: a roll needs at least one die, the"
            " wild die",
            "Dice Basics",
        )
    halfway = bool(
        opts.halfway_there and request.target is not None and halfway_there(code, request.target)
    )
    if request.hero_points and request.character_points:
        raise RuleError(
            "character points cannot improve a roll that a hero point was spent on",
            "Traditional OpenD6 Character Points",
        )
    hero = 0
    doubled = False
    if request.hero_points:
        if opts.hero_points == "static":
            if request.hero_points > MAX_STATIC_HERO_POINTS:
                raise RuleError(
                    f"at most {MAX_STATIC_HERO_POINTS} hero points can be spent on one roll,"
                    f" not {request.hero_points}",
                    "Hero Points",
                )
            hero = HERO_POINT_BONUS * request.hero_points
            notes.append(f"+{hero} for {request.hero_points} hero point(s) (Hero Points)")
        else:
            if request.hero_points > 1:
                raise RuleError(
                    "one traditional hero point doubles the roll; a second one adds nothing",
                    "Traditional OpenD6 Hero Points",
                )
            code = code * 2
            doubled = True
            notes.append(f"doubled to {code} by a hero point (Traditional OpenD6 Hero Points)")
    if request.character_points:
        _check_cp(request.character_points, opts)
        notes.append(
            f"+{request.character_points} wild dice for character points"
            " (Traditional OpenD6 Character Points)"
        )
    dice, pips = code.dice, code.pips
    if opts.rolling_limit is not None and dice > opts.rolling_limit:
        over = dice - opts.rolling_limit
        dice = opts.rolling_limit
        pips += 3 * over
        notes.append(f"{over} dice past the limit of {dice} become +{3 * over} (Rolling Limit)")
    for why, add, section in request.flat:
        if isinstance(add, bool) or not isinstance(add, int):
            raise RuleError(f"a flat bonus is a whole number, not {add!r}", "Dice Basics")
        notes.append(f"{add:+d} {why} ({section}), added to the total")
    return RollPlan(dice, pips, hero, doubled, request.character_points, tuple(notes), halfway)


def _check_cp(count: int, opts: WildOptions) -> None:
    if not opts.character_point_dice:
        raise RuleError(
            "this table does not use character points for extra wild dice",
            "Traditional OpenD6 Character Points",
        )
    if opts.cp_limit is not None and count > opts.cp_limit:
        raise RuleError(
            f"the GM allows at most {opts.cp_limit} character points on one roll, not {count}",
            "Traditional OpenD6 Character Points",
        )


def roll_chain(dice: Dice) -> list[int]:
    """Roll one wild die: each 6 is kept and the die rolled again ("Dice Basics").

    Args:
        dice: the app's dice.

    Returns:
        The chain of faces, every one a 6 but the last.
    """
    chain = [dice.roll(1)["faces"][0]]
    while chain[-1] == 6 and len(chain) < MAX_CHAIN:
        chain.append(dice.roll(1)["faces"][0])
    return chain


def roll_wild(
    request: RollRequest | DieCode | str,
    dice: Dice,
    options: WildOptions | Mapping | None = None,
) -> dict:
    """Roll a die code with its wild die and every modifier.

    Args:
        request: the request, or just a code (a :class:`DieCode` or its text).
        dice: the app's dice (seeded for tests).
        options: the table's options.

    Returns:
        The log-ready roll dict (see the module docstring), ``source = "app"``.

    Raises:
        RuleError: the modifiers break a rule (see :func:`plan_roll`).
        DiceError: the code is not a die code.
    """
    req = _request(request)
    plan = plan_roll(req, options)
    faces = dice.roll(plan.dice - 1)["faces"] if plan.dice > 1 else []
    wild = roll_chain(dice)
    cp = [roll_chain(dice) for _ in range(plan.cp_dice)]
    return _build(req, plan, as_options(options), faces, wild, cp, "app")


def table_wild(
    request: RollRequest | DieCode | str,
    faces: Sequence[int],
    wild: Sequence[int],
    cp_wild: Sequence[Sequence[int]] = (),
    options: WildOptions | Mapping | None = None,
) -> dict:
    """Make a roll from dice thrown at the table, checking every face.

    Args:
        request: the request, or just a code.
        faces: the ordinary dice (one fewer than the dice thrown).
        wild: the wild die's chain: each 6 and its reroll, ending on a face that is not 6.
        cp_wild: one chain per extra wild die bought with character points.
        options: the table's options.

    Returns:
        The roll dict, ``source = "table"``.

    Raises:
        DiceError: a wrong count of dice, a face outside 1-6, or a chain that stops on a 6 or
            goes on after a face that is not 6.
        RuleError: the modifiers break a rule.
    """
    req = _request(request)
    plan = plan_roll(req, options)
    faces = check_faces(faces, plan.dice - 1)
    wild = check_chain(wild, "the wild die")
    if len(cp_wild) != plan.cp_dice:
        raise DiceError(
            f"type {plan.cp_dice} extra wild dice for character points, not {len(cp_wild)}"
        )
    cp = [check_chain(c, f"character point die {i + 1}") for i, c in enumerate(cp_wild)]
    return _build(req, plan, as_options(options), faces, wild, cp, "table")


def _request(request: RollRequest | DieCode | str) -> RollRequest:
    if isinstance(request, RollRequest):
        return request
    return RollRequest(as_code(request))


def _build(
    req: RollRequest,
    plan: RollPlan,
    opts: WildOptions,
    faces: list[int],
    wild: list[int],
    cp: list[list[int]],
    source: str,
) -> dict:
    out: dict = {"dice": str(req.code), "rolled": plan.rolled, "faces": faces, "wild": wild}
    if cp:
        out["cp_wild"] = cp
    out["pips"] = plan.pips
    if plan.hero:
        out["hero"] = plan.hero
    if plan.doubled:
        out["doubled"] = True
    if req.flat:
        out["bonuses"] = [{"from": why, "add": add} for why, add, _section in req.flat]
    mods = list(plan.modifiers)
    mods += [f"result doubled by {p} (General Perks)" for p in req.doubled_by]
    mods += [f"result halved by {p} (General Perks)" for p in req.halved_by]
    if mods:
        out["modifiers"] = mods
    if req.doubled_by:
        out["doubled_by"] = list(req.doubled_by)
    if req.halved_by:
        out["halved_by"] = list(req.halved_by)
    if req.label:
        out["label"] = req.label
    if wild[0] == 1:
        if opts.wild_one == "drops":
            out["dropped"] = [1, max(faces)] if faces else [1]
        elif opts.wild_one == "complication":
            out["complication"] = True
    if req.target is not None:
        out["target"] = req.target
    if plan.halfway:
        out["halfway"] = True
    out["source"] = source
    return finish(out)


def finish(roll: dict) -> dict:
    """Work out ``total`` (and ``margin``/``success``/``difficulty`` against a ``target``).

    The total is every ordinary face, the wild chain, any extra wild chains, the pips, the
    hero bonus and the flat ``bonuses``, less what a wild 1 dropped; then doubled once for each
    perk in ``doubled_by`` and halved (rounded down) once for each in ``halved_by``. Called
    again whenever a roll is changed (extra character point dice added after the roll).

    Args:
        roll: a roll dict as built by this module.

    Returns:
        The same dict with ``total`` and the comparison keys set.
    """
    total = sum(roll["faces"]) + sum(roll["wild"]) + roll.get("pips", 0) + roll.get("hero", 0)
    total += sum(sum(c) for c in roll.get("cp_wild", ()))
    total += sum(b["add"] for b in roll.get("bonuses", ()))
    total -= sum(roll.get("dropped", ()))
    total *= 2 ** len(roll.get("doubled_by", ()))
    total //= 2 ** len(roll.get("halved_by", ()))
    roll["total"] = total
    if "target" in roll:
        roll["margin"] = total - roll["target"]
        roll["success"] = bool(roll.get("halfway")) or total >= roll["target"]
        roll["difficulty"] = difficulty_of(roll["target"])
    return roll


def add_character_points(
    roll: dict,
    count: int,
    options: WildOptions | Mapping | None,
    *,
    dice: Dice | None = None,
    chains: Sequence[Sequence[int]] | None = None,
) -> dict:
    """Spend character points on a roll already made, each one an extra wild die.

    The points may be spent after the roll is seen and before the GM says whether it worked
    ("Traditional OpenD6 Character Points"); give either the app's dice or the typed chains.

    Args:
        roll: the roll dict.
        count: character points spent.
        options: the table's options (the option must be on; the GM's limit counts the points
            already on this roll).
        dice: the app's dice, to roll the extra wild dice.
        chains: the extra wild dice typed from the table, one chain each.

    Returns:
        A new roll dict with ``cp_wild`` extended and the total worked out again.

    Raises:
        RuleError: the option is off, a hero point was spent on the roll, or the limit is passed.
        DiceError: the typed chains are wrong.
    """
    opts = as_options(options)
    if count < 1:
        raise RuleError("spend at least one character point", "Traditional OpenD6 Character Points")
    if roll.get("hero") or roll.get("doubled"):
        raise RuleError(
            "character points cannot improve a roll that a hero point was spent on",
            "Traditional OpenD6 Character Points",
        )
    already = len(roll.get("cp_wild", ()))
    _check_cp(already + count, opts)
    if chains is not None:
        if len(chains) != count:
            raise DiceError(f"type {count} extra wild dice, not {len(chains)}")
        new = [check_chain(c, f"character point die {i + 1}") for i, c in enumerate(chains)]
    elif dice is not None:
        new = [roll_chain(dice) for _ in range(count)]
    else:
        raise DiceError("give the dice to roll or the faces rolled at the table")
    out = dict(roll)
    out["cp_wild"] = [list(c) for c in roll.get("cp_wild", ())] + new
    return finish(out)


def check_wild_roll(roll: object) -> int:
    """Check a stored wild roll read from a log and return its total.

    Args:
        roll: the stored dict.

    Returns:
        The total worked out from its faces.

    Raises:
        DiceError: a face, a chain or the ``total`` does not fit.
    """
    if not isinstance(roll, dict) or not isinstance(roll.get("faces"), list) or not isinstance(
        roll.get("wild"), list
    ):
        raise DiceError("a wild-die roll must have a list of faces and a wild chain")
    for f in roll["faces"]:
        check_face(f)
    check_chain(roll["wild"])
    for c in roll.get("cp_wild", ()):
        check_chain(c, "a character point die")
    bonuses = roll.get("bonuses", [])
    if not isinstance(bonuses, list) or not all(
        isinstance(b, dict) and isinstance(b.get("from"), str) and isinstance(b.get("add"), int)
        and not isinstance(b.get("add"), bool) for b in bonuses
    ):
        raise DiceError("a roll's flat bonuses are each a source and a whole number")
    m = _ROLLED.match(str(roll.get("rolled", "")))
    if not m:
        raise DiceError("a wild-die roll must say which dice were rolled, like 4D+2")
    if len(roll["faces"]) != int(m.group(1)) - 1:
        raise DiceError(
            f"{roll['rolled']} has {int(m.group(1)) - 1} dice besides the wild die, but"
            f" {len(roll['faces'])} faces were stored"
        )
    expected = finish(dict(roll))["total"]
    if "total" in roll and roll["total"] != expected:
        raise DiceError(f"the stored total {roll['total']} is not the faces' total {expected}")
    return expected


def roll_wild_notation(
    text: str, dice: Dice, options: WildOptions | Mapping | None = None
) -> dict:
    """Roll a die code typed on the command line: ``d6tui roll --wild 4D+2``.

    Args:
        text: the code (``4D+2``, ``3d+1``, ``2D+3``).
        dice: the app's dice (``Dice(seed)`` for ``--seed``).
        options: the table's options (``wild_one``, ``rolling_limit``...), or None.

    Returns:
        The roll dict: ``dice``, ``faces``, ``wild``, ``pips``, ``total``... (see the module
        docstring); call once per ``--times``.

    Raises:
        DiceError: the text is not a die code, or has no dice.
        RuleError: the options are not valid.
    """
    code = parse_code(text)
    if code.dice < 1:
        raise DiceError(f"'{text}' has no dice to roll; a wild-die roll needs at least 1D")
    return roll_wild(RollRequest(code), dice, options)


def describe_roll(roll: dict, *, verdict: bool = True) -> str:
    """One line for a roll: ``4D+2: 3 5 2 wild 6+4 +2 +2 Bless = 24``.

    Args:
        roll: a roll dict.
        verdict: False leaves out the success or failure (while the player may still spend
            character points on it, "Traditional OpenD6 Character Points").

    Returns:
        The line, with a dropped or complication note and the margin against a target.
    """
    parts = [f"{roll['dice']}:"]
    if roll.get("rolled", roll["dice"]) != roll["dice"]:
        parts[0] = f"{roll['dice']} (rolled {roll['rolled']}):"
    parts += [str(f) for f in roll["faces"]]
    parts.append("wild " + "+".join(str(f) for f in roll["wild"]))
    for c in roll.get("cp_wild", ()):
        parts.append("cp " + "+".join(str(f) for f in c))
    if roll.get("pips"):
        parts.append(f"{roll['pips']:+d}")
    if roll.get("hero"):
        parts.append(f"+{roll['hero']} hero")
    for b in roll.get("bonuses", ()):
        parts.append(f"{b['add']:+d} {b['from']}")
    if roll.get("dropped"):
        parts.append("drop " + ",".join(str(f) for f in roll["dropped"]))
    for p in roll.get("doubled_by", ()):
        parts.append(f"x2 {p}")
    for p in roll.get("halved_by", ()):
        parts.append(f"/2 {p}")
    text = " ".join(parts) + f" = {roll['total']}"
    if roll.get("complication"):
        text += " (wild 1: complication)"
    if "target" in roll and not verdict:
        text += f" vs {roll['target']}"
    elif "target" in roll:
        word = "success" if roll["success"] else "failure"
        text += f" vs {roll['target']}: {word} by {abs(roll['margin'])}"
        if roll.get("halfway"):
            text += " (halfway there)"
    return text
