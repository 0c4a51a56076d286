"""6x6 Tales' legal moves in the engine's shape (``GameDefinition.moves``).

:func:`~d6tui.games.tales.legal.actions` lists the legal commands with their arguments;
each becomes a :class:`~d6tui.engine.game.Move` whose id is the command's name and its
arguments (``move:north``, ``level_up:str``, ``choose:2``), with a dice request for the rolls
of R10 (the step's dice, a fight's 2d6, a flight's 1d6, gambling's 2d6, the Ruby's 1d6).

A roll the hero may still change once it is seen (a Hobbit's cookie that would change what
it does, R03; a Meeple, J08) is recorded as ``dice_rolled`` and held (:mod:`.held`); the
moves are then ``keep_roll``, ``use_cookie:DIE:+1/-1`` (only those that change the outcome)
and ``meeple_reroll`` (its own dice request). Any other roll resolves at once.
"""

from __future__ import annotations

from typing import Any

from d6tui.engine.game import Choice, DiceRequest, Move, Pips, Seat
from d6tui.games.tales import (
    commands,
    island,
    legal,
    naming,
    outcome,
    play,
    prompts,
    services,
)
from d6tui.games.tales.payloads import checked
from d6tui.games.tales.state import Tale

#: Commands that roll, and how many d6 (None: as many as the step asks, R10).
ROLLERS: dict[Any, int | None] = {
    commands.roll: None, commands.attack: 2, commands.flee: 1, services.gamble: 2,
}


def dice_count(state: Tale, fn: Any, args: tuple = ()) -> int:
    """How many d6 the command ``fn`` (with ``args``) rolls now; 0 for one that rolls none."""
    if fn is commands.meeple_reroll:
        return play.pending(state).dice
    if fn is commands.use_item:
        return 1 if tuple(args) == ("Ruby",) else 0
    if fn not in ROLLERS:
        return 0
    count = ROLLERS[fn]
    return play.pending(state).dice if count is None else count


def move_id(fn: Any, args: tuple) -> str:
    """``name:arg:arg``: a command and its arguments as one id."""
    return ":".join([fn.__name__, *(str(a) for a in args)])


def _move(state: Tale, fn: Any, args: tuple, kwargs: dict) -> Move:
    dice: tuple[DiceRequest, ...] = ()
    n = dice_count(state, fn, args)
    if n:
        dice = (DiceRequest("roll", n, Pips(6), f"{prompts.prompt(state)}: {n}d6"),)
    kind = legal.roll_kind(fn, args)

    def run(st: Tale, dice: Any = None, **rolls: Any) -> dict:
        if not n:
            return fn(st, *args, **kwargs)
        payload = fn(st, *args, **kwargs, dice=dice, **rolls)
        roll = payload.get("roll")
        if kind and isinstance(roll, dict) and legal.worth_holding(st, (fn, args, kwargs), roll):
            # the dice are seen first; the cookie or the Meeple may change them (R03, J08)
            return checked(st, {"type": "dice_rolled", "for": kind, "roll": roll})
        return payload

    label = _held_label(state, fn, args) or (
        prompts.prompt(state) if fn is commands.roll else " ".join(
            [fn.__name__.replace("_", " "), *(str(a) for a in args)]))
    return Move(move_id(fn, args), label, run, 0, dice=dice)


def _held_label(state: Tale, fn: Any, args: tuple) -> str:
    """Words for the moves of held dice: what keeping them or the cookie makes of the roll
    (R03), the Meeple's re-roll (J08); "" for any other move."""
    if fn is commands.keep_roll:
        words = outcome.held_words(state)
        return f"keep the dice: {words}" if words else "keep the dice"
    if fn is commands.use_cookie:
        for offer in outcome.held_cookie_offers(state):
            if (offer.die, offer.delta) == (int(args[0]), int(args[1])):
                return f"cookie (R03): {offer.words}"
    if fn is commands.meeple_reroll:
        return "Meeple: roll again (J08)"
    return ""


def moves(state: Tale, seat: Seat) -> list[Move]:
    """The hero's moves now (the one seat, 0); a spectator has none.

    Args:
        state: the tale.
        seat: 0 for the player, None for a spectator.
    """
    if seat != 0:
        return []
    out = [_move(state, fn, args, kwargs) for fn, args, kwargs in legal.actions(state)]
    return out + naming_moves(state)


def naming_moves(state: Tale) -> list[Move]:
    """The player's own words on the booklet, each with text choices: the hero's look and
    story (R03's portrait, J01), a name on a drawn square (J02), a name for a beaten monster
    (J06). Allowed whenever the hero exists, after the end too; "" rubs a name out."""
    h = state.hero
    if h is None:
        return []

    def text(name: str, prompt: str, most: int, value: str, lines: bool = False) -> Choice:
        return Choice(name, prompt, min=0, kind="text", max_length=most, lines=lines,
                      value=value)

    out = [Move("describe_hero", "write the hero's look and story (R03)",
                lambda st, dice=None, look="", story="": commands.describe_hero(
                    st, look, story), 0,
                choices=(text("look", f"1 of 2: how {h.name} looks, in your words "
                                      "(J01, R03)", naming.STORY_MAX, h.look, lines=True),
                         text("story", f"2 of 2: {h.name}'s story, in your words (J01)",
                              naming.STORY_MAX, h.story, lines=True)),
                key="i", section="R03")]
    places = naming.namable_places(state)
    if places:
        squares = tuple((island.name(i), island.name(i) + (
            f" ({state.squares[i].name})" if state.squares[i].name else "")) for i in places)
        out.append(Move("name_place", "name a place on the map (J02)",
                        lambda st, dice=None, square="", name="": commands.name_place(
                            st, square, name), 0,
                        choices=(Choice("square", "Name which square? (J02)", squares),
                                 text("name", "The place's name (J02)", naming.NAME_MAX, "")),
                        key="o", section="J02"))
    lines = naming.beaten(state)
    if lines:
        fights = tuple((str(k + 1), state.fights[k].monster + (
            f" '{state.fights[k].name}'" if state.fights[k].name else "")) for k in lines)
        out.append(Move("name_monster", "name a beaten monster (J06)",
                        lambda st, dice=None, fight="1", name="": commands.name_monster(
                            st, int(fight), name), 0,
                        choices=(Choice("fight", "Name which beaten monster? (J06)", fights),
                                 text("name", "The monster's name (J06)", naming.NAME_MAX,
                                      "")),
                        key="v", section="J06"))
    return out


def seats(state: Tale) -> tuple[str, ...]:
    """The one seat: the hero's player."""
    h = state.hero
    return (h.name if h is not None else "the hero",)


def seat_to_move(state: Tale) -> Seat:
    """The player, until the tale is over."""
    return None if state.over else 0
