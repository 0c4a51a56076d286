"""The player's commands. Each checks the move against the tale and returns one event payload
(a dict with ``type``) for ``Session.do``; an illegal move raises ``RuleError`` naming the
section.

Every roll is made by ``dice`` (the app's :class:`~d6tui.engine.dice.Dice`) unless ``roll`` is
given: faces typed from real dice, made with :func:`~d6tui.engine.dice.table_roll`. Rolls
also take the Hobbit's ``cookie=(die_index, +1 or -1)`` (R03) and a Meeple's ``reroll``
(J08: a second roll dict, or True to have ``dice`` roll it), which replaces ``roll``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from d6tui.engine.dice import Dice
from d6tui.engine.errors import RuleError
from d6tui.games.tales import island, movement, play, rolls, shops, tables
from d6tui.games.tales.content import current_doc, parse
from d6tui.games.tales.state import DEFAULT_NAME, RACES, STATS, Tale, evolve

Roll = dict[str, Any]


def _checked(state: Tale, payload: dict) -> dict:
    """Apply the payload to a copy of the tale (raising RuleError if it breaks a rule) and
    note in words what it did, for the log view."""
    after = play.apply(state, payload)
    if after.news:
        payload["note"] = "; ".join(after.news)
    return payload


def _outcome(state: Tale) -> Tale:
    """What a roll's result decides, without its words: the news, the notes of the fights
    and the Cookie itself (eaten or not) are left out."""
    h = state.hero
    if h is not None:
        h = evolve(h, items=tuple(i for i in h.items if i != "Cookie"))
    fights = tuple(evolve(f, notes="") for f in state.fights)
    return evolve(state, news=(), fights=fights, hero=h)


def cookie_choices(state: Tale, action: Action, roll: Roll) -> list[tuple[int, int]]:
    """The Hobbit's cookie moves (die index, +1 or -1) that would change what ``roll`` does
    for ``action`` (R03): moves that end the same way as keeping the dice are left out, so
    the player is asked only when the cookie matters. [] without a Cookie.

    Args:
        state: the tale.
        action: the rolling command, its arguments and keyword arguments.
        roll: the dice as rolled.
    """
    h = state.hero
    if h is None or not h.has("Cookie"):
        return []
    fn, args, kwargs = action
    kept = _outcome(play.apply(state, fn(state, *args, roll=roll, **kwargs)))
    out = []
    for k, face in enumerate(roll["faces"]):
        for delta in (1, -1):
            if not 1 <= face + delta <= 6:
                continue
            try:
                event = fn(state, *args, roll=roll, cookie=(k, delta), **kwargs)
                after = play.apply(state, event)
            except RuleError:
                continue
            if _outcome(after) != kept:
                out.append((k, delta))
    return out


def _roll_fields(
    count: int, dice: Dice | None, roll: Roll | None,
    cookie: tuple[int, int] | None, reroll: Roll | bool | None,
) -> dict:
    if roll is None:
        roll = (dice or Dice()).roll(count, 6)
    fields: dict[str, Any] = {"roll": roll}
    if reroll is not None and reroll is not False:
        second = (dice or Dice()).roll(count, 6) if reroll is True else reroll
        fields = {"rerolled": roll, "roll": second}
    if cookie is not None:
        fields["cookie"] = [int(cookie[0]), int(cookie[1])]
    return fields


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
               **_roll_fields(count, dice, roll, cookie, reroll)}
    return _checked(state, payload)


def choose(state: Tale, option: str) -> dict:
    """Answer the choice the tale waits for (the options are in ``play.pending``).

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
    return _checked(state, {"type": "chose", "what": what, "option": str(option)})


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
    return _checked(state, {"type": "leveled_up", "stat": stat})


def skip_level_up(state: Tale) -> dict:
    """R10: raise nothing this turn.

    Raises:
        RuleError: not the Level up step.
    """
    return _checked(state, {"type": "level_up_skipped"})


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
    return _checked(state, {"type": "moved", "direction": direction.upper()})


def stop(state: Tale) -> dict:
    """R10: end the movement here; the square becomes today's Final square.

    Raises:
        RuleError: not the movement step.
    """
    return _checked(state, {"type": "stopped"})


def play_event(state: Tale) -> dict:
    """R10 Square event: read this square's event (once a turn, never E00).

    Raises:
        RuleError: no event to play here now.
    """
    return _checked(state, {"type": "event_played"})


def pass_event(state: Tale) -> dict:
    """R10: leave this square's event unplayed today.

    Raises:
        RuleError: not the Square event step.
    """
    return _checked(state, {"type": "event_passed"})


def end_turn(state: Tale) -> dict:
    """R10 End of turn: the next day begins.

    Raises:
        RuleError: the turn still waits for something.
    """
    return _checked(state, {"type": "turn_ended"})


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
    return _checked(state, {"type": "attacked", **_roll_fields(2, dice, roll, cookie, reroll)})


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
    return _checked(state, {"type": "fled", **_roll_fields(1, dice, roll, cookie, reroll)})


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
    return _checked(state, payload)


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
        payload.update(_roll_fields(1, dice, roll, cookie, reroll))
    return _checked(state, payload)


def buy(state: Tale, scroll: str) -> dict:
    """Buy a scroll in the open shop (R07, E35 merchant).

    Args:
        state: the tale.
        scroll: the scroll's name.

    Returns:
        The event payload.

    Raises:
        RuleError: not sold here, or not enough gold.
    """
    return _checked(state, {"type": "scroll_bought", "scroll": scroll})


def sell(state: Tale, scroll: str) -> dict:
    """Sell a scroll in the open shop for its price - 1 (a Human: full price), R07.

    Args:
        state: the tale.
        scroll: the scroll's name.

    Returns:
        The event payload.

    Raises:
        RuleError: the shop does not trade it, or there is none to sell.
    """
    return _checked(state, {"type": "scroll_sold", "scroll": scroll})


def gamble(
    state: Tale, dice: Dice | None = None, roll: Roll | None = None, *,
    cookie: tuple[int, int] | None = None, reroll: Roll | bool | None = None,
) -> dict:
    """R07: a Human or Dwarf gambles in a shop, once a turn (2d6).

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
        RuleError: not allowed now.
    """
    return _checked(state, {"type": "gambled", **_roll_fields(2, dice, roll, cookie, reroll)})


def heal(state: Tale) -> dict:
    """E01: heal 1 HP in the castle, once a turn.

    Raises:
        RuleError: not in the castle, already healed, or at full HP.
    """
    return _checked(state, {"type": "healed"})


def cure(state: Tale) -> dict:
    """E01: the castle cures the poison.

    Raises:
        RuleError: not in the castle, or not poisoned.
    """
    return _checked(state, {"type": "cured"})


def take_quest(state: Tale) -> dict:
    """E01/E08/E15: get a new quest (E14).

    Raises:
        RuleError: not here, or a quest given here is still open.
    """
    return _checked(state, {"type": "quest_taken"})


def donate(state: Tale, gold: int) -> dict:
    """E08: give gold to the temple, +5 fame each.

    Args:
        state: the tale.
        gold: how much to give.

    Returns:
        The event payload.

    Raises:
        RuleError: not in an E08 village, or not that much gold.
    """
    return _checked(state, {"type": "donated", "gold": int(gold)})


def rest(state: Tale) -> dict:
    """E08: a Hobbit pays 1 gold to heal 1 and cure the poison.

    Raises:
        RuleError: not allowed.
    """
    return _checked(state, {"type": "rested"})


def take_gift(state: Tale, scroll: str) -> dict:
    """E12: a Human takes the witch's Antidote or Dash.

    Args:
        state: the tale.
        scroll: "Antidote" or "Dash".

    Returns:
        The event payload.

    Raises:
        RuleError: not allowed.
    """
    return _checked(state, {"type": "gift_taken", "scroll": scroll})


def witch_teleport(state: Tale, square: str) -> dict:
    """E12: pay the witch 1 gold to go to ``square`` ("IV-2"), +10 fame.

    Args:
        state: the tale.
        square: the square's name, like "IV-2".

    Returns:
        The event payload.

    Raises:
        RuleError: not allowed.
    """
    return _checked(state, {"type": "teleported", "square": square})


def give_food(state: Tale, scroll: str, reward: str) -> dict:
    """E35 [6]: give the sick man food, for double its price ("gold") or +25 fame ("fame").

    Args:
        state: the tale.
        scroll: "Carrot", "Tomato" or "Pear".
        reward: "gold" or "fame".

    Returns:
        The event payload.

    Raises:
        RuleError: not allowed.
    """
    return _checked(state, {"type": "food_given", "scroll": scroll, "reward": reward})


def leave(state: Tale) -> dict:
    """Close the open place (castle, village, witch, merchant, sick man).

    Raises:
        RuleError: no place is open.
    """
    return _checked(state, {"type": "shop_left"})


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
    return _checked(state, {"type": "quest_completed", "quest": int(quest)})


# -- every legal action, for bots, tests and a UI's key hints --------------------------------

Action = tuple[Callable[..., dict], tuple, dict]


def actions(state: Tale) -> list[Action]:
    """The commands that are legal now, with their arguments (rolls made by the app).

    Items and scrolls are listed where they are allowed; the cookie and the Meeple are left
    out (they are options of a roll, not actions).
    """
    if state.over or state.hero is None:
        return []
    h = state.hero
    out: list[Action] = []
    top = state.top
    p = play.pending(state)
    if top is None:
        if state.step == "level_up":
            out += [(level_up, (s,), {}) for s in STATS if h.gold >= play.level_cost(h, s)]
            out.append((skip_level_up, (), {}))
        elif state.step == "movement":
            out += [(move, (d,), {}) for d in island.DIRS if not movement.can_move(state, d)]
            out.append((stop, (), {}))
        elif state.step == "square_event":
            out += [(play_event, (), {}), (pass_event, (), {})]
        elif state.step == "end_of_turn":
            out.append((end_turn, (), {}))
        for q in state.quests:
            if play.can_complete(state, q):
                out.append((complete_quest, (q.qid,), {}))
    elif p.kind == "roll":
        out.append((roll, (), {}))
        out += [(choose, (o,), {}) for o in p.options]
    elif p.kind == "choose":
        out += [(choose, (o,), {}) for o in p.options]
    elif p.kind == "shop":
        out += _shop_actions(state, top.arg)
    elif p.kind == "fight":
        f = state.fight
        assert f is not None
        out.append((attack, (), {}))
        if f.phase == "break":
            if f.can_flee:
                out.append((flee, (), {}))
                out += [(use_scroll, (s, "flee"), {}) for s in ("Throw", "Dash")
                        if s in h.scrolls]
            for s in sorted(set(h.scrolls)):
                eff = state.content.scrolls[s].effect
                if eff in ("damage", "heal", "cure"):
                    out.append((use_scroll, (s,), {}))
                if h.has("Flaming Sword") and not f.ignited and eff == "damage":
                    out.append((use_scroll, (s, "ignite"), {}))
            if h.has("Ruby"):
                out.append((use_item, ("Ruby",), {}))
            if h.has("Mango") and h.hp < h.max_hp:  # at full HP it would heal nothing
                out.append((use_item, ("Mango",), {}))
    if top is None or (p.kind in ("roll", "choose", "shop") and state.fight is None):
        out += _free_actions(state)
    return out


def _shop_actions(state: Tale, place: str) -> list[Action]:
    h = state.hero
    assert h is not None
    out: list[Action] = [(leave, (), {})]
    if place in shops.SHOPS:
        for name in state.content.scrolls:
            cost = shops.price(state, place, name)
            if cost is not None and h.gold >= cost:
                out.append((buy, (name,), {}))
            if cost is not None and name in h.scrolls:
                out.append((sell, (name,), {}))
        if shops.can_gamble(state):
            out.append((gamble, (), {}))
        if shops.can_take_quest(state):
            out.append((take_quest, (), {}))
    if place == "castle":
        if not state.healed and h.hp < h.max_hp:
            out.append((heal, (), {}))
        if h.poison:
            out.append((cure, (), {}))
    if place == "E08":
        if h.gold:
            out.append((donate, (1,), {}))
        if h.race == "hobbit" and h.gold:
            out.append((rest, (), {}))
    if place == "witch":
        top = state.top
        assert top is not None
        if h.race == "human" and not top.n:
            out += [(take_gift, ("Antidote",), {}), (take_gift, ("Dash",), {})]
        if h.gold:
            out += [(witch_teleport, (island.name(i),), {}) for i in range(36) if i != state.pos]
    if place == "merchant":
        top = state.top
        assert top is not None
        for bit, name in enumerate(shops.MERCHANT):
            if top.n & (1 << bit) and h.gold >= 1:
                out.append((buy, (name,), {}))
    if place == "sick":
        for s in sorted(set(h.scrolls) & set(tables.FOOD)):
            out += [(give_food, (s, "gold"), {}), (give_food, (s, "fame"), {})]
    return out


def _free_actions(state: Tale) -> list[Action]:
    """Scrolls and items usable outside a fight."""
    h = state.hero
    assert h is not None
    out: list[Action] = []
    for s in sorted(set(h.scrolls)):
        eff = state.content.scrolls[s].effect
        if eff in ("heal", "cure"):
            out.append((use_scroll, (s,), {}))
        if (eff == "speed" and state.top is None and state.step in play.SPEED_STEPS):
            out.append((use_scroll, (s,), {}))
        if s in ("Dash", "Kaboom") and state.step not in ("setup", "over"):
            out.append((use_scroll, (s, "road"), {}))
    if h.has("Mango") and h.hp < h.max_hp:  # at full HP it would heal nothing
        out.append((use_item, ("Mango",), {}))
    return out
