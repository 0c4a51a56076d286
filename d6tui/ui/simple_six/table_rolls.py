"""Rolls typed from the table's dice on the Simple Six screen: the game's dry runs
(:mod:`d6tui.games.simple_six.typed_rolls`) learn which rolls a move makes and how many dice
each throws, then the GM types each one ("The Wild Die"; DESIGN "The log": every roll
prompt takes table dice).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from d6tui.engine.dice import Dice
from d6tui.engine.errors import DiceError, RuleError
from d6tui.games.simple_six.move_rolls import table_rolls
from d6tui.games.simple_six.typed_rolls import (
    STAND_IN,
    is_roll_key,
    next_rolls,
    shape_of,
    typed_kwargs,
)
from d6tui.games.simple_six.view import GM
from d6tui.ui.screens.dice_prompt import ROLL_FOR_ME, TableDiceInput
from d6tui.ui.simple_six.forms import WildDiceInput
from d6tui.ui.simple_six.host import SixHost

#: Plain dice (no wild die) some commands roll after the wild-die rolls: the payload key, the
#: command's argument for faces typed from the table, its argument for a total typed (None
#: where the faces matter), and what to ask.
_PLAIN_DICE = (
    ("knockout", "knockout_faces", "knockout_total",
     "{who} is knocked out: throw {count}D for the minutes, faces or =total"
     " (Wound Level Effects)"),
    ("recovered", "recovery_faces", None,
     "{who} recovers Body Points: throw {count}D (Body Points, Natural Healing)"),
)


async def roll_move(screen: SixHost, move_id: str, answers: dict[str, Any], *,
                    shape: str | None = None, who: str = "", known: tuple[str, ...] = (),
                    table: dict[str, Any] | None = None) -> dict | None:
    """Make the rolling move ``move_id`` of the game's moves with ``answers``: with d6tui's
    dice (``Session.play`` as ``d6tui play`` does), or, with table dice on, each roll typed
    in its own prompt first, handed to the move as its ``rolls``
    (:mod:`d6tui.games.simple_six.move_rolls`). ``table``: dice typed already, as the
    command's keywords (the chains of character points). ``shape``: how the move takes
    typed rolls; by default the game's (:func:`~d6tui.games.simple_six.typed_rolls.shape_of`)."""
    if not screen.table_mode:
        return screen.play(move_id, answers)
    try:
        screen.session.find_move(move_id)  # legal now (at a table: as the table says)
    except RuleError as e:
        screen.notify(str(e), title="Not allowed", severity="error", timeout=6)
        return None
    # the dry runs make the game's own move on the state drawn (at a shared table the
    # table makes the move; the GM's seat sees the whole campaign)
    move = next(m for m in screen.session.rules.moves(screen.campaign, GM) if m.id == move_id)
    shape = shape or shape_of(move_id, screen.campaign.last_roll)
    typed = await _ask_typed(screen, lambda st, dice, **kw: move.run(
        st, dice, **answers, rolls=table_rolls(kw)), shape=shape, who=who, known=known,
        kwargs=dict(table or {}))
    if typed is None:
        return None
    return screen.play(move_id, {**answers, "rolls": table_rolls(typed)})


async def _ask_typed(screen: SixHost, command: Callable[..., dict], *, shape: str, who: str,
                     known: tuple[str, ...], kwargs: dict[str, Any]) -> dict | None:
    """Ask each roll ``command(state, dice, **typed)`` makes of the table, one at a time
    (dry runs with stand-in dice learn which), then the plain dice after them. Returns the
    command's keywords for what was typed (with ``kwargs``), or None when the GM cancelled
    or the rules refused."""
    kwargs = dict(kwargs)
    got: dict[str, tuple] = {}
    #: Rolls the GM let d6tui make (ctrl+r in the prompt): not asked again.
    mine: set[str] = set()
    # Table dice for one side only: the other side's rolls are d6tui's. The dry runs then
    # roll them with the session's own dice, rewound after each run, so what is asked (a
    # damage roll after a hit) follows the NPCs' real rolls.
    players = screen.table_setting != "all"
    own: Dice | None = getattr(screen.session, "dice", None)  # none at a shared table
    rewind = players and own is not None
    dry: Dice = own if rewind and own is not None else STAND_IN
    while True:
        try:
            payload = command(screen.campaign, dry, **typed_kwargs(shape, got), **kwargs)
        except (RuleError, DiceError) as e:
            screen.notify(str(e), title="Not allowed", severity="error", timeout=6)
            return None
        finally:
            if rewind and own is not None:
                own.rewind()
        need = [(k, r) for k, r in next_rolls(payload, got, mine | set(known))
                if not (players and not _typed_roll(screen, payload, k, shape, who))]
        if not need:
            break
        key, roll = need[0]
        name = who
        if shape == "map" and not is_roll_key(key):
            name = screen.campaign.member(key).sheet.name
        elif key in ("defense", "resist"):  # thrown by the one attacked, not the attacker
            name = _defender(screen, payload) or who
        label = roll.get("label", key)
        typed = await screen.app.push_screen_wait(
            WildDiceInput(f"{label} for {name}".strip(), roll))
        if typed is None:
            return None
        if typed == ROLL_FOR_ME:
            # d6tui rolls this one: the dry runs now use the session's own dice (rewound),
            # so the rolls still asked for follow it
            mine.add(key)
            if own is not None:
                rewind, dry = True, own
            continue
        got[key] = typed
    for key, arg, total_arg, prompt in _PLAIN_DICE:
        if key in payload and screen.typed_for(who):
            count = len(payload[key]["faces"])
            plain = await screen.app.push_screen_wait(TableDiceInput(
                prompt.format(who=who, count=count), count, roll_for_me=True,
                total_ok=total_arg is not None))
            if plain is None:
                return None
            if plain != ROLL_FOR_ME:
                if total_arg is not None and not plain["faces"]:
                    kwargs[total_arg] = plain["total"]  # only the minutes matter
                else:
                    kwargs[arg] = plain["faces"]
    return {**typed_kwargs(shape, got), **kwargs}


def _typed_roll(screen: SixHost, payload: dict, key: str, shape: str, who: str) -> bool:
    """Whether the roll ``key`` of ``payload`` is typed, by the side of whoever throws it: a
    combatant's own roll (``map``), the defender's defense and resist, a parried brawler's
    counter (damage by the defender, resist by the attacker), or else the roller named by
    ``who``."""
    if shape == "map" and not is_roll_key(key):
        return screen.typed_for(key)
    if key in ("defense", "resist", "counter_damage"):
        return screen.typed_for(_defender(screen, payload) or who)
    return screen.typed_for(who)


def _defender(screen: SixHost, payload: dict) -> str | None:
    """The name of the one who throws a payload's defense and resist rolls: its target
    (or, for points or a reroll on the open roll, that roll's target)."""
    target = payload.get("target")
    if not isinstance(target, str) and screen.campaign.last_roll is not None:
        target = screen.campaign.last_roll.event.get("target")
    if not isinstance(target, str):
        return None
    try:
        return screen.campaign.member(target).sheet.name
    except RuleError:
        return None
