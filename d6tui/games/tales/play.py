"""The turn of R10 as a step machine, and :func:`apply`, which folds one event.

``apply`` checks the event against the tale exactly as the commands do (raising RuleError),
then :func:`settle` runs everything that needs no input: events still to read, the steps of
the turn that have nothing to ask, the end of the tale. The state then waits for the player:
see :func:`pending`.
"""

from __future__ import annotations

from dataclasses import dataclass

from d6tui.engine.dice import check_roll
from d6tui.engine.errors import EventError, RuleError
from d6tui.games.tales import (
    booklet,
    choices,
    combat,
    held,
    island,
    movement,
    naming,
    quests,
    rolls,
    sheet,
    shops,
)
from d6tui.games.tales.content import frozen, parse
from d6tui.games.tales.state import (
    DEFAULT_NAME,
    RACES,
    STAT_WORDS,
    STATS,
    DayRecord,
    Hero,
    Quest,
    Tale,
    Task,
    evolve,
)

#: Steps that go on by themselves once their tasks are done, and the step that follows.
AUTO_STEPS = {"day_event": "poison_check", "poison_check": "level_up",
              "terrain_event": "square_event"}
#: Steps at which a Throw or Dash still adds Spd to this turn's movement (J03).
SPEED_STEPS = ("day_event", "poison_check", "level_up", "movement")


# -- the turn ------------------------------------------------------------------------------


def enter(state: Tale, step: str) -> Tale:
    """Start an R10 step, putting on the stack what it waits for.

    Args:
        state: the tale.
        step: one of ``STEPS``.
    """
    if step == "new_day":
        return _new_day(state)
    state = evolve(state, step=step)
    if step == "poison_check" and sheet.hero(state).poison:
        return sheet.push(state, Task("roll:poison"))
    if step == "terrain_event" and state.square.terrain not in ("village", "castle"):
        return sheet.push(state, Task("roll:terrain"))
    return state


def _new_day(state: Tale) -> Tale:
    if state.week == 0:
        week, day = 1, 1
    elif state.day >= state.content.days_per_week:
        week, day = state.week + 1, 1
    else:
        week, day = state.week, state.day + 1
    event = state.content.day_events.get((week, day), "")
    state = evolve(
        state, week=week, day=day, step="day_event", moves=0, spd_bonus=0, tired=False,
        banned="", healed=False, gambled=False, event_played=False,
        days=(*state.days, DayRecord(week, day, event)),
    )
    state = sheet.say(state, f"week {week}, day {day}")
    if event:
        state = sheet.push(state, Task("goto", event))
    return state


def can_level(state: Tale) -> bool:
    """R10 Level up: whether the gold pays for raising any stat."""
    h = sheet.hero(state)
    return any(h.gold >= level_cost(h, s) for s in STATS)


def level_cost(hero: Hero, stat: str) -> int:
    """R10 and its example: raising a stat costs the value it is raised to (2 -> 3: 3 gold).

    Args:
        hero: the hero sheet.
        stat: atk, dmg, spd or max_hp.
    """
    return getattr(hero, stat) + 1


def square_event(state: Tale) -> str:
    """The event the hero may play on this square now, or "" (R10: once a turn, never E00)."""
    ev = state.square.event
    if state.event_played or ev not in booklet.PLAYABLE:
        return ""
    return ev


def settle(state: Tale) -> Tale:
    """Run everything that needs no input, until the player must act or the tale is over."""
    while not state.over:
        h = state.hero
        if h is None:
            return state
        if h.hp <= 0:  # J01: read E17 (a fight under way is written in J06 first)
            return booklet.read(combat.fall(state), "E17")
        top = state.top
        if top is not None:
            nxt = booklet.auto(state, top)
            if nxt is None:
                return state
            state = nxt
        elif state.step == "setup":
            state = enter(state, "new_day")
        elif state.step in AUTO_STEPS:
            state = enter(state, AUTO_STEPS[state.step])
        elif state.step == "level_up" and not can_level(state):
            state = enter(state, "movement")
        elif state.step == "square_event" and not square_event(state):
            state = enter(state, "end_of_turn")
        else:
            return state
    return state


# -- what the player is asked -----------------------------------------------------------


@dataclass(frozen=True)
class Pending:
    """The decision the tale waits for, for a UI to ask.

    Attributes:
        kind: "roll", "choose", "shop", "fight", "held" (dice seen, not yet kept),
            "level_up", "movement", "square_event", "end_of_turn" or "over".
        what: the task or step in detail ("roll:terrain", "choose:e18", "castle"...).
        dice: how many d6 a roll takes (0 if none).
        options: the answers allowed for a choice.
    """

    kind: str
    what: str
    dice: int = 0
    options: tuple[str, ...] = ()


def pending(state: Tale) -> Pending:
    """What the player must do next."""
    if state.over:
        return Pending("over", "E17")
    if state.hero is None:
        return Pending("start", "R03")
    if state.held is not None:  # the dice are seen: keep them or change them (R03, J08)
        return Pending("held", state.held.kind, len(state.held.roll.get("faces", [])))
    top = state.top
    if top is None:
        return Pending(state.step, state.step)
    if top.kind.startswith("roll:"):
        opts = tuple(choices.choice_options(state, top))
        return Pending("roll", top.kind, rolls.roll_count(state, top), opts)
    if top.kind.startswith("choose:"):
        return Pending("choose", top.kind, 0, tuple(choices.choice_options(state, top)))
    if top.kind == "shop":
        return Pending("shop", top.arg)
    if top.kind == "fight":
        assert state.fight is not None
        return Pending("fight", state.fight.phase)
    return Pending(top.kind, top.arg)


# -- dice ------------------------------------------------------------------------------------


def faces(state: Tale, event: dict, count: int) -> tuple[Tale, list[int]]:
    """The faces an event's roll counts with, after a Meeple re-roll and the Hobbit's cookie
    (J08, R03), with those items crossed out.

    Args:
        state: the tale.
        event: the event holding ``roll`` (and maybe ``rerolled``, ``cookie``).
        count: how many dice the roll takes.
    Raises:
        RuleError: the roll is malformed, or an item used is not there.
    """
    try:
        if "rerolled" in event:
            check_roll(event["rerolled"], sides=6, count=count)
        got = list(check_roll(event.get("roll"), sides=6, count=count))
    except EventError as e:
        raise RuleError(str(e), "R01") from None
    if "rerolled" in event:
        state = sheet.drop_item(state, "Meeple")
        state = sheet.say(state, "the Meeple re-rolls")
    cookie = event.get("cookie")
    if cookie is not None:
        if sheet.hero(state).race != "hobbit":
            raise RuleError("only a Hobbit has a cookie", "R03")
        k, delta = int(cookie[0]), int(cookie[1])
        if delta not in (1, -1) or not 0 <= k < count:
            raise RuleError("the cookie moves one die by +1 or -1", "R03")
        state = sheet.drop_item(state, "Cookie")
        got[k] = min(6, max(1, got[k] + delta))
        state = sheet.say(state, f"the cookie turns a die to {got[k]}")
    return state, got


# -- the events --------------------------------------------------------------------------


def _require_top(state: Tale, kind: str, section: str) -> Task:
    top = state.top
    if top is None or top.kind != kind:
        raise RuleError(f"the tale is not waiting for that now ({_waiting(state)})", section)
    return top


def _waiting(state: Tale) -> str:
    p = pending(state)
    return f"it waits for {p.kind}: {p.what}"


def _require_step(state: Tale, step: str, section: str = "R10") -> None:
    if state.over:
        raise RuleError("the tale is over", "E17")
    if state.top is not None or state.step != step:
        raise RuleError(f"the turn is not at that step ({_waiting(state)})", section)


def _start(state: Tale, event: dict) -> Tale:
    if state.hero is not None:
        raise RuleError("the tale has already started", "R03")
    name = str(event.get("name", "")).strip()
    race = event.get("race")
    if not name:
        raise RuleError("the hero needs a name", "R03")
    if race not in RACES:
        raise RuleError(f"the race is one of {', '.join(RACES)}", "R03")
    stored = event.get("content")
    if stored is not None and not isinstance(stored, dict):
        raise RuleError("the tale's content is not a table", "R01")
    # A save carries the tables it was started with; one written before that replays with
    # the frozen content of version 1, never the files as they are now.
    try:
        state = evolve(state, content=frozen(1) if stored is None else parse(stored))
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise EventError(f"the tale's copy of its content does not read: {e}") from None
    hero = Hero(name=name, race=race)
    if race == "dwarf":
        hero = evolve(hero, dmg=2)
    elif race == "elf":
        hero = evolve(hero, atk=2)
    elif race == "human":  # R03: the Human's bonus is 2 gold, on top of the 1 everyone has
        hero = evolve(hero, gold=hero.gold + 2)
    else:
        hero = evolve(hero, items=("Cookie",))
    state = evolve(state, hero=hero)
    # a nameless hero is "the Hero" (R03): "the Hero, a dwarf, sets out", not "the Hero the dwarf"
    who = f"{name}, a {race}," if name == DEFAULT_NAME else f"{name} the {race}"
    state = sheet.say(state, f"{who} sets out")
    if event.get("explore", True):
        state = evolve(state, quests=(
            Quest(qid=1, kind="explore", recipient="Hero", place="Any"),))
    return sheet.push(state, Task("goto", "E01"), Task("roll:square", "castle"))


def _rolled(state: Tale, event: dict) -> Tale:
    top = state.top
    if top is None or not top.kind.startswith("roll:"):
        raise RuleError(f"no roll is awaited now ({_waiting(state)})", "R10")
    if event.get("what", top.kind) != top.kind:
        raise RuleError(f"the roll awaited is {top.kind}, not {event.get('what')}", "R10")
    state, got = faces(state, event, rolls.roll_count(state, top))
    return rolls.resolve_roll(state, top, got)


def _chose(state: Tale, event: dict) -> Tale:
    top = state.top
    if top is None or not (top.kind.startswith("choose:") or top.kind == "roll:e13"):
        raise RuleError(f"no choice is awaited now ({_waiting(state)})", "R10")
    return choices.resolve_choice(state, top, str(event.get("option")))


def _level_up(state: Tale, event: dict) -> Tale:
    _require_step(state, "level_up")
    stat = event.get("stat")
    if stat not in STATS:
        raise RuleError(f"raise one of {', '.join(STATS)}", "R10")
    h = sheet.hero(state)
    value = getattr(h, stat)
    cost = level_cost(h, stat)
    if h.gold < cost:
        raise RuleError(f"raising {stat} from {value} costs {cost} gold", "R10")
    state = sheet.record(state, "level up", head=True)
    state = sheet.record(state, f"{STAT_WORDS.get(stat, stat)} {value}→{value + 1}")
    state = sheet.edit(sheet.gold(state, -cost), **{stat: value + 1})
    state = sheet.say(state, f"{STAT_WORDS.get(stat, stat)} raised to {value + 1}")
    return enter(sheet.heal(state, 1), "movement")


def _level_skipped(state: Tale, event: dict) -> Tale:
    _require_step(state, "level_up")
    return enter(state, "movement")


def _moved(state: Tale, event: dict) -> Tale:
    _require_step(state, "movement", "R04")
    return movement.move(state, str(event.get("direction")))


def _stopped(state: Tale, event: dict) -> Tale:
    _require_step(state, "movement", "R04")
    state = sheet.final_square(state)
    state = sheet.say(state, f"the day ends on {island.name(state.pos)}")
    return enter(state, "terrain_event")


def _event_played(state: Tale, event: dict) -> Tale:
    _require_step(state, "square_event")
    code = square_event(state)
    if not code:
        raise RuleError("there is no event to play on this square", "R10")
    return booklet.read(evolve(state, event_played=True), code)


def _event_passed(state: Tale, event: dict) -> Tale:
    _require_step(state, "square_event")
    return enter(evolve(state, event_played=True), "end_of_turn")


def _turn_ended(state: Tale, event: dict) -> Tale:
    if state.step == "square_event":
        state = enter(evolve(state, event_played=True), "end_of_turn")
    _require_step(state, "end_of_turn")
    return enter(sheet.say(state, "the turn ends"), "new_day")


def _attacked(state: Tale, event: dict) -> Tale:
    combat.fight(state)
    state, got = faces(state, event, 2)
    return combat.attack(state, got)


def _fled(state: Tale, event: dict) -> Tale:
    f = combat.fight(state)
    if not f.can_flee:
        raise RuleError(f"there is no fleeing from the {f.name}", "R09")
    state, got = faces(state, event, 1)
    return combat.flee_roll(state, got[0])


def _in_break(state: Tale) -> bool:
    return state.fight is not None and state.top is not None and state.top.kind == "fight" \
        and state.fight.phase == "break"


def _free(state: Tale, section: str) -> None:
    """Items and scrolls: any time, but in a fight only at the Break (J03)."""
    if state.over or state.hero is None:
        raise RuleError("the tale is not under way", section)
    if state.fight is not None and not _in_break(state):
        raise RuleError("in a fight, items and scrolls wait for the Break step", "R09")


def _scroll_used(state: Tale, event: dict) -> Tale:
    return combat.break_used(_use_scroll(state, event))


def _use_scroll(state: Tale, event: dict) -> Tale:
    scroll = str(event.get("scroll"))
    purpose = event.get("purpose", "")
    _free(state, "J03")
    data = state.content.scrolls.get(scroll)
    if data is None:
        raise RuleError(f"there is no {scroll} scroll", "J03")
    state = sheet.drop_scroll(state, scroll)
    state = sheet.say(state, f"used {sheet.a(scroll)} scroll")
    if purpose == "road":
        if scroll not in ("Dash", "Kaboom"):
            raise RuleError("only a Dash or a Kaboom changes the road", "R06")
        if state.fight is not None:
            raise RuleError("the road cannot change during a fight", "R06")
        return movement.magic_crossroads(state)
    if purpose == "ignite":
        if scroll not in ("Spark", "Blast", "Kaboom"):
            raise RuleError("the sword is lit with a Spark, Blast or Kaboom", "E33")
        if not sheet.hero(state).has("Flaming Sword") or not _in_break(state):
            raise RuleError("the Flaming Sword is lit at a fight's Break", "E33")
        return combat.ignite(state)
    if purpose == "flee":
        if scroll not in ("Throw", "Dash") or not _in_break(state):
            raise RuleError("a Throw or Dash flees at a fight's Break", "R09")
        return combat.flee_free(state)
    if purpose:
        raise RuleError(f"a scroll is not used for '{purpose}'", "J03")
    if data.effect == "cure":
        return sheet.cure(state)
    if data.effect == "heal":
        return sheet.heal(state, data.value)
    if data.effect == "speed":
        if state.fight is not None or state.top is not None or state.step not in SPEED_STEPS:
            raise RuleError("Spd scrolls help only this turn's movement", "J03")
        return sheet.say(evolve(state, spd_bonus=state.spd_bonus + data.value),
                         f"+{data.value} Spd this turn")
    if not _in_break(state):
        raise RuleError(f"{sheet.a(scroll)} hurts a monster, at a fight's Break", "J03")
    return combat.deal(state, data.value, in_break=True)


def _item_used(state: Tale, event: dict) -> Tale:
    return combat.break_used(_use_item(state, event))


def _use_item(state: Tale, event: dict) -> Tale:
    item = str(event.get("item"))
    _free(state, "J01")
    if item == "Mango":
        return sheet.heal(sheet.drop_item(state, item), 1)
    if item == "Ruby":
        if not _in_break(state):
            raise RuleError("a Ruby is thrown at a fight's Break", "E23")
        state = sheet.drop_item(state, item)
        state, got = faces(state, event, 1)
        return combat.deal(sheet.say(state, f"the ruby rolls {got[0]}"), got[0] // 2,
                           in_break=True)
    raise RuleError(f"the {item} is not used this way", "J01")


def _shop_event(state: Tale, event: dict) -> Tale:
    t = event["type"]
    if t == "scroll_bought":
        return shops.buy(state, str(event.get("scroll")))
    if t == "scroll_sold":
        return shops.sell(state, str(event.get("scroll")))
    if t == "gambled":
        shops.place(state)
        if not shops.can_gamble(state):
            raise RuleError("only a Human or Dwarf in a shop gambles, once a turn", "R07")
        state, got = faces(state, event, 2)
        return shops.gamble(state, got)
    if t == "healed":
        return shops.castle_heal(state)
    if t == "cured":
        return shops.castle_cure(state)
    if t == "quest_taken":
        return shops.take_quest(state)
    if t == "donated":
        return shops.donate(state, int(event.get("gold", 0)))
    if t == "rested":
        return shops.hobbit_rest(state)
    if t == "gift_taken":
        return shops.witch_gift(state, str(event.get("scroll")))
    if t == "teleported":
        try:
            target = island.parse_name(str(event.get("square")))
        except ValueError as e:
            raise RuleError(str(e), "E12") from None
        return shops.witch_teleport(state, target)
    if t == "food_given":
        return shops.give_food(state, str(event.get("scroll")), str(event.get("reward")))
    return shops.leave(state)


def can_complete(state: Tale, quest: Quest) -> bool:
    """Whether a quest of place "Any" can be completed now (E02, E04).

    Args:
        state: the tale.
        quest: a quest of J04.
    """
    if quest.done or state.over or state.top is not None or state.step == "setup":
        return False
    if quest.kind == "explore":
        return movement.all_revealed(state)
    if quest.kind == "water":
        return not quest.places
    return False


def _quest_completed(state: Tale, event: dict) -> Tale:
    try:
        quest = state.quest(int(event.get("quest", 0)))
    except KeyError:
        raise RuleError("there is no such quest", "J04") from None
    if not can_complete(state, quest):
        raise RuleError("that quest cannot be completed now", "J04")
    if quest.kind == "explore":
        state = quests.cross_out(state, quest.qid)
        return booklet.read(state, "E02")
    return booklet.read(state, "E04")


def _dice_rolled(state: Tale, event: dict) -> Tale:
    return held.dice_rolled(state, event, apply)


def _meeple_rerolled(state: Tale, event: dict) -> Tale:
    return held.meeple_rerolled(state, event, apply)


def _roll_kept(state: Tale, event: dict) -> Tale:
    return held.roll_kept(state, event, lambda st, p: HANDLERS[p["type"]](st, p))


HANDLERS = {
    "tale_started": _start, "rolled": _rolled, "chose": _chose, "leveled_up": _level_up,
    "level_up_skipped": _level_skipped,
    "moved": _moved, "stopped": _stopped, "event_played": _event_played,
    "event_passed": _event_passed, "turn_ended": _turn_ended, "attacked": _attacked,
    "fled": _fled, "scroll_used": _scroll_used, "item_used": _item_used,
    "scroll_bought": _shop_event, "scroll_sold": _shop_event, "gambled": _shop_event,
    "healed": _shop_event, "cured": _shop_event, "quest_taken": _shop_event,
    "donated": _shop_event, "rested": _shop_event, "gift_taken": _shop_event,
    "teleported": _shop_event, "food_given": _shop_event, "shop_left": _shop_event,
    "quest_completed": _quest_completed,
    "dice_rolled": _dice_rolled, "meeple_rerolled": _meeple_rerolled,
    "roll_kept": _roll_kept,
    **naming.HANDLERS,
}


def apply(state: Tale, event: dict) -> Tale:
    """Apply one event and settle what follows.

    Args:
        state: the tale.
        event: the event (a payload, or a stored event).
    Raises:
        RuleError: the event breaks a rule in this state.
    """
    handler = HANDLERS.get(event.get("type", ""))
    if handler is None:
        raise RuleError(f"unknown event type {event.get('type')!r}")
    if state.hero is None and event["type"] != "tale_started":
        raise RuleError("start a tale first: choose a name and a race", "R03")
    if event["type"] in naming.NAMING_EVENTS:  # names may be written after the end too
        return handler(evolve(state, news=()), event)
    if state.over:
        raise RuleError("the tale is over", "E17")
    if state.held is not None and event["type"] not in held.HELD_EVENTS - {"dice_rolled"}:
        raise RuleError("the dice are seen: keep the roll, or change it with the cookie or "
                        "the Meeple, first", "R03")
    state = evolve(state, news=())
    return settle(handler(state, event))
