"""The player's commands on the turn (R03, R04, R09, R10, J01, J03, J04); the places' services
are in :mod:`.services`, and :mod:`.legal` lists the legal ones. Each checks the move against
the tale and returns one event payload (a dict with ``type``) for ``Session.do``; an illegal
move raises ``RuleError`` naming the section.

Every roll is made by ``dice`` (the app's :class:`~d6tui.engine.dice.Dice`) unless ``roll`` is
given: faces typed from real dice, made with :func:`~d6tui.engine.dice.table_roll`. Rolls
also take the Hobbit's ``cookie=(die_index, +1 or -1)`` (R03) and a Meeple's ``reroll``
(J08: a second roll dict, or True to have ``dice`` roll it), which replaces ``roll``.
"""

from __future__ import annotations

from d6tui.engine.dice import Dice
from d6tui.engine.errors import RuleError
from d6tui.games.tales import rolls
from d6tui.games.tales.content import current_doc, parse
from d6tui.games.tales.payloads import Roll, checked, roll_fields
from d6tui.games.tales.state import DEFAULT_NAME, RACES, STATS, Tale


def start_payload(options: dict, content: dict | None = None) -> dict:
    """The first event of a tale: the hero's name and race, whether the personal quest to
    open the map is taken (R03), and a copy of every table the tale will read (the shipped
    content with the user's override, DESIGN "The log"), so the save replays the same
    whatever the files become.

    Args:
        options: ``name``, ``race`` and ``explore`` (bool, default True).
        content: the content document to copy; by default :func:`.content.current_doc`.

    Returns:
        The ``tale_started`` payload.

    Raises:
        RuleError: an unknown race (no name makes "the Hero", R03), or content files that
            cannot be read or lack a table.
    """
    name = str(options.get("name", "")).strip() or DEFAULT_NAME  # R03: "if you wish"
    race = options.get("race")
    if race not in RACES:
        raise RuleError(f"the race is one of {', '.join(RACES)}", "R03")
    try:
        doc = current_doc() if content is None else content
        parse(doc)
    except (OSError, ValueError) as e:  # tomllib.TOMLDecodeError is a ValueError
        raise RuleError(f"the content file tales.toml cannot be read: {e}", "R01") from None
    except (KeyError, TypeError) as e:
        raise RuleError(f"the content file tales.toml lacks or garbles {e}", "R01") from None
    return {"type": "tale_started", "name": name, "race": race,
            "explore": bool(options.get("explore", True)), "content": doc}


def roll(
    state: Tale, dice: Dice | None = None, roll: Roll | None = None, *,
    cookie: tuple[int, int] | None = None, reroll: Roll | bool | None = None,
) -> dict:
    """Make the roll the tale waits for (see :func:`play.pending`): a random square (R02), a
    new square (J02), a poison check or terrain event (R10), a table of an event...

    Args:
        state: the tale.
        dice: the app's dice, used when ``roll`` is not given.
        roll: faces typed from real dice (``table_roll``), used instead of rolling.
        cookie: the Hobbit's cookie, ``(die index, +1 or -1)`` (R03).
        reroll: a Meeple's re-roll (J08): the roll kept instead of ``roll``, or True to roll
            it with ``dice``.

    Returns:
        The event payload.

    Raises:
        RuleError: no roll is awaited, or the roll has the wrong number of dice.
    """
    top = state.top
    if top is None or not top.kind.startswith("roll:"):
        raise RuleError("no roll is awaited now", "R10")
    count = rolls.roll_count(state, top)
    payload = {"type": "rolled", "what": top.kind,
               **roll_fields(count, dice, roll, cookie, reroll)}
    return checked(state, payload)


def choose(state: Tale, option: str) -> dict:
    """Answer the choice the tale waits for (R10; the options are in ``play.pending``).

    Args:
        state: the tale.
        option: one of ``play.pending(state).options``.

    Returns:
        The event payload.

    Raises:
        RuleError: no choice is awaited, or the option is not one of them.
    """
    top = state.top
    what = top.kind if top is not None else ""
    return checked(state, {"type": "chose", "what": what, "option": str(option)})


def place_road(state: Tale, rotation: int) -> dict:
    """Turn the new square's road by 0, 90, 180 or 270 degrees clockwise and draw it (R04).

    Args:
        state: the tale.
        rotation: 0, 90, 180 or 270.

    Returns:
        The event payload.

    Raises:
        RuleError: no road waits to be drawn, or the road would not join.
    """
    top = state.top
    if top is None or top.kind != "choose:rotate":
        raise RuleError("no new road waits to be drawn", "R04")
    return choose(state, str(rotation))


def level_up(state: Tale, stat: str) -> dict:
    """R10 Level up: raise Atk, Dmg, Spd or Max HP by 1, paying the new value in gold (the
    R10 example pays 3 to go from 2 to 3); then heal 1.

    Args:
        state: the tale.
        stat: "atk", "dmg", "spd" or "max_hp".

    Returns:
        The event payload.

    Raises:
        RuleError: not the Level up step, or not enough gold.
    """
    if stat not in STATS:
        raise RuleError(f"raise one of {', '.join(STATS)}", "R10")
    return checked(state, {"type": "leveled_up", "stat": stat})


def skip_level_up(state: Tale) -> dict:
    """R10: raise nothing this turn.

    Raises:
        RuleError: not the Level up step.
    """
    return checked(state, {"type": "level_up_skipped"})


def move(state: Tale, direction: str) -> dict:
    """R04: step one square N, E, S or W along the road.

    Args:
        state: the tale.
        direction: "N", "E", "S" or "W" (N goes towards row 1).

    Returns:
        The event payload.

    Raises:
        RuleError: no road that way, the water, no Spd left, or not the movement step.
    """
    return checked(state, {"type": "moved", "direction": direction.upper()})


def stop(state: Tale) -> dict:
    """R10: end the movement here; the square becomes today's Final square.

    Raises:
        RuleError: not the movement step.
    """
    return checked(state, {"type": "stopped"})


def play_event(state: Tale) -> dict:
    """R10 Square event: read this square's event (once a turn, never E00).

    Raises:
        RuleError: no event to play here now.
    """
    return checked(state, {"type": "event_played"})


def pass_event(state: Tale) -> dict:
    """R10: leave this square's event unplayed today.

    Raises:
        RuleError: not the Square event step.
    """
    return checked(state, {"type": "event_passed"})


def end_turn(state: Tale) -> dict:
    """R10 End of turn: the next day begins.

    Raises:
        RuleError: the turn still waits for something.
    """
    return checked(state, {"type": "turn_ended"})


def attack(
    state: Tale, dice: Dice | None = None, roll: Roll | None = None, *,
    cookie: tuple[int, int] | None = None, reroll: Roll | bool | None = None,
) -> dict:
    """R09 Attack: 2d6 + Atk against the monster.

    Args:
        state: the tale.
        dice: the app's dice, used when ``roll`` is not given.
        roll: faces typed from real dice (``table_roll``), used instead of rolling.
        cookie: the Hobbit's cookie, ``(die index, +1 or -1)`` (R03).
        reroll: a Meeple's re-roll (J08): the roll kept instead of ``roll``, or True to roll
            it with ``dice``.

    Returns:
        The event payload.

    Raises:
        RuleError: no fight waits for an attack.
    """
    return checked(state, {"type": "attacked", **roll_fields(2, dice, roll, cookie, reroll)})


def flee(
    state: Tale, dice: Dice | None = None, roll: Roll | None = None, *,
    cookie: tuple[int, int] | None = None, reroll: Roll | bool | None = None,
) -> dict:
    """R09 Break: try to flee with 1d6.

    Args:
        state: the tale.
        dice: the app's dice, used when ``roll`` is not given.
        roll: faces typed from real dice (``table_roll``), used instead of rolling.
        cookie: the Hobbit's cookie, ``(die index, +1 or -1)`` (R03).
        reroll: a Meeple's re-roll (J08): the roll kept instead of ``roll``, or True to roll
            it with ``dice``.

    Returns:
        The event payload.

    Raises:
        RuleError: not at a Break, or this monster cannot be fled.
    """
    return checked(state, {"type": "fled", **roll_fields(1, dice, roll, cookie, reroll)})


def use_scroll(state: Tale, scroll: str, purpose: str = "") -> dict:
    """Use a scroll from the backpack (J03).

    Args:
        scroll: its name.
        purpose: "" for its own effect; "road" to make this square a crossroads (R06, Dash
            or Kaboom); "flee" to flee a fight at once (R09, Throw or Dash); "ignite" to
            light the Flaming Sword (E33, Spark, Blast or Kaboom).

    Raises:
        RuleError: no such scroll, or it cannot be used that way now.
    """
    payload: dict = {"type": "scroll_used", "scroll": scroll}
    if purpose:
        payload["purpose"] = purpose
    return checked(state, payload)


def use_item(
    state: Tale, item: str, dice: Dice | None = None, roll: Roll | None = None, *,
    cookie: tuple[int, int] | None = None, reroll: Roll | bool | None = None,
) -> dict:
    """Use an item of J01: eat a Mango (heal 1) or throw a Ruby (1d6 / 2 damage, E23).

    Args:
        state: the tale.
        item: "Mango" or "Ruby".
        dice: the app's dice, for the Ruby's 1d6 when ``roll`` is not given.
        roll: the Ruby's die typed from a real die.
        cookie: the Hobbit's cookie on the Ruby's die.
        reroll: a Meeple's re-roll of the Ruby's die.

    Returns:
        The event payload.

    Raises:
        RuleError: the hero has no such item, or it cannot be used now.
    """
    payload: dict = {"type": "item_used", "item": item}
    if item == "Ruby":
        payload.update(roll_fields(1, dice, roll, cookie, reroll))
    return checked(state, payload)


def complete_quest(state: Tale, quest: int) -> dict:
    """Complete a quest of place "Any": open the map (E02) or revive the island (E04).

    Args:
        state: the tale.
        quest: the quest's number (``Quest.qid``).

    Returns:
        The event payload.

    Raises:
        RuleError: no such quest, or it is not done yet.
    """
    return checked(state, {"type": "quest_completed", "quest": int(quest)})


def describe_hero(state: Tale, look: str, story: str) -> dict:
    """R03: write the hero's look (the portrait, in words) and story on J01.

    Args:
        state: the tale.
        look: how the hero looks (several lines allowed).
        story: where the hero comes from, why they sail (several lines allowed).

    Returns:
        The ``hero_described`` payload.

    Raises:
        RuleError: the tale has not begun, or a text is too long.
    """
    return checked(state, {"type": "hero_described", "look": look, "story": story})


def name_place(state: Tale, square: str, name: str) -> dict:
    """J02: write a name on a square drawn on the map ("" rubs it out).

    Args:
        state: the tale.
        square: the square ("III-1").
        name: the place's name.

    Returns:
        The ``place_named`` payload.

    Raises:
        RuleError: the square is not drawn yet, or the name is too long.
    """
    return checked(state, {"type": "place_named", "square": square, "name": name})


def name_monster(state: Tale, fight: int, name: str) -> dict:
    """J06: name a monster the hero beat ("" rubs the name out).

    Args:
        state: the tale.
        fight: its line of J06, counted from 1.
        name: its name.

    Returns:
        The ``monster_named`` payload.

    Raises:
        RuleError: no beaten monster on that line, or the name is too long.
    """
    return checked(state, {"type": "monster_named", "fight": int(fight), "name": name})


def keep_roll(state: Tale) -> dict:
    """Keep the dice as they were rolled (or as the Meeple rolled them again): the roll
    counts and resolves (R10).

    Raises:
        RuleError: no dice are held.
    """
    return checked(state, {"type": "roll_kept"})


def use_cookie(state: Tale, die: int, delta: int) -> dict:
    """R03: eat the Hobbit's cookie to move one held die by +1 or -1 (1 to 6), then the roll
    counts.

    Args:
        state: the tale.
        die: the die's index, from 0.
        delta: +1 or -1.

    Raises:
        RuleError: no dice held, no cookie, or not a move of one die by one.
    """
    return checked(state, {"type": "roll_kept", "cookie": [int(die), int(delta)]})


def meeple_reroll(state: Tale, dice: Dice | None = None, roll: Roll | None = None) -> dict:
    """J08: cross out the Meeple to roll the held dice again; the second roll counts.

    Args:
        state: the tale.
        dice: the app's dice, used when ``roll`` is not given.
        roll: the second roll typed from real dice.

    Raises:
        RuleError: no dice held, no Meeple, or a second re-roll.
    """
    held = state.held
    if held is None:
        raise RuleError("no dice are held now: roll first", "J08")
    count = len(held.roll.get("faces", []))
    return checked(state, {"type": "meeple_rerolled",
                           "roll": roll if roll is not None else (dice or Dice()).roll(count, 6)})
