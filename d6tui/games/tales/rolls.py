"""The rolls the booklet's events wait for (``roll:...`` tasks): how many dice each takes and
what the faces do (R02, J02, R10, E03, E05-E39, J08).
"""

from __future__ import annotations

from d6tui.engine.errors import RuleError
from d6tui.games.tales import combat, dungeon, island, movement, quests, sheet
from d6tui.games.tales.content import MonsterData
from d6tui.games.tales.state import Tale, Task, evolve
from d6tui.games.tales.tables import (
    ABANDONED,
    FOOD,
    QUEST_KINDS,
    RIFT_MONSTERS,
    ROUTES,
    SERVANTS,
    SITES,
    SOURCES,
    WEATHER,
)

#: How many dice each roll task takes (the Hobbit's treasure roll is two 2d6, E03).
ROLL_DICE = {
    "square": 2, "reveal": 2, "poison": 2, "terrain": 2, "treasure": 2, "veteran": 1,
    "grow": 1, "regen": 2, "e05": 1, "e25": 1, "e20": 1, "e35": 1, "e39": 1, "e14": 1,
    "e32": 1, "e13": 2, "e18": 2, "e37": 2, "e31b": 1, "e31d": 1, "room": 2, "locked": 1,
    "dart": 1,
}


def roll_count(state: Tale, task: Task) -> int:
    """How many d6 the roll task ``task`` takes (R02, J02, R10, the events and J08).

    Args:
        state: the tale (the Hobbit rolls the treasure twice).
        task: a ``roll:...`` task.
    """
    what = task.kind.removeprefix("roll:")
    if what == "treasure" and sheet.hero(state).race == "hobbit":
        return 4
    return ROLL_DICE[what]


def _place_site(state: Tale, code: str, i: int) -> Tale:
    state = sheet.set_square(state, i, site=SITES[code])
    state = sheet.say(state, f"a {SITES[code]} on {island.name(i)}")
    state = sheet.record(state, f"a {SITES[code]} on {island.name(i)}")
    return sheet.write_event(state, i, code)


def _random_square(state: Tale, task: Task, faces: list[int]) -> Tale:
    i = island.index(faces[0], faces[1])
    if state.squares[i].event:
        return sheet.say(state, f"{island.name(i)} already has an event: roll again (R02)")
    state = sheet.pop(state)
    purpose = task.arg
    if purpose == "castle":
        state = sheet.set_square(state, i, road="crossroads", exits="NESW", terrain="castle",
                                 site="castle")
        state = sheet.write_event(state, i, "E01")
        return sheet.say(evolve(state, pos=i), f"the castle stands on {island.name(i)}")
    if purpose == "village":
        n = state.villages + 1
        state = sheet.set_square(evolve(state, villages=n), i, terrain="village", village=n)
        state = sheet.record(state, f"village {n} on {island.name(i)}")
        return sheet.write_event(state, i, "E08")
    if purpose == "quest":
        return sheet.push(state, Task("roll:e14", "", i))
    if purpose == "teleport":
        return movement.teleport(state, i)
    return _place_site(state, purpose, i)


def _terrain(state: Tale, total: int) -> Tale:
    terrain = state.square.terrain
    state = sheet.record(state, f"terrain {total}", head=True)
    race = sheet.hero(state).race
    if total <= 3:
        if terrain == "mountains":
            return sheet.gold(state, 2 if race == "dwarf" else 1)
        if terrain == "forest":
            if race == "elf":
                return sheet.say(state, "a bite, but elves shrug it off")
            return sheet.poison(sheet.say(state, "a bite!"))
        if terrain == "swamp":
            return sheet.poison(sheet.say(state, "toxic fumes!"))
        state = sheet.say(state, "good weather")
        return sheet.heal(state, 1) if race == "hobbit" else state
    if total == 4:
        return sheet.goto(state, "E03")
    if total <= 7:
        data = combat.week_monster(state, state.week, terrain)
        return combat.start(state, data, trophy=state.week)
    if total <= 10:
        return sheet.record(sheet.say(state, "nothing happens"), "nothing")
    data = combat.week_monster(state, state.week, terrain)
    return combat.start(state, data, trophy=state.week, veteran=True)


def treasure_words(state: Tale, total: int) -> str:
    """What the chest of a 2d6 sum holds, in words: "3 gold", "a Dash scroll" (E03).

    Args:
        state: the tale (its content holds the chest table).
        total: the 2d6 sum.
    """
    kind, what = state.content.treasure[total].split(":")
    return f"{what} gold" if kind == "gold" else f"{sheet.a(what)} scroll"


def treasure(state: Tale, total: int) -> Tale:
    """E03: what the chest holds for a 2d6 sum.

    Args:
        state: the tale.
        total: the 2d6 sum.
    """
    kind, what = state.content.treasure[total].split(":")
    if kind == "gold":
        return sheet.gold(state, int(what))
    return sheet.add_scroll(state, what)


def _rift_monster(state: Tale, face: int) -> MonsterData:
    return combat.week_monster(state, 1, RIFT_MONSTERS[face])


def resolve_roll(state: Tale, task: Task, faces: list[int]) -> Tale:
    """Apply the dice of the awaited roll task (R02, J02, R10, E03-E39, J08).

    Args:
        state: the tale.
        task: the awaited ``roll:...`` task.
        faces: the faces the roll counts with.
    """
    what = task.kind.removeprefix("roll:")
    total = sum(faces)
    h = sheet.hero(state)
    if what == "square":
        return _random_square(state, task, faces)
    if what == "reveal":
        return movement.reveal_roll(state, task, faces)
    if what == "treasure" and len(faces) == 4:
        a, b = sum(faces[:2]), sum(faces[2:])
        state = sheet.say(state, f"two chests: {a} holds {treasure_words(state, a)}, "
                                 f"{b} holds {treasure_words(state, b)}")
        return sheet.push(sheet.pop(state), Task("choose:treasure", f"{a}|{b}"))
    state = sheet.pop(state)
    if what == "poison":
        return sheet.hurt(state, 1) if 2 <= total <= 5 else sheet.say(state, "the poison waits")
    if what == "terrain":
        return _terrain(state, total)
    if what == "treasure":
        return treasure(state, total)
    if what == "veteran":
        return combat.veteran(state, faces[0])
    if what == "grow":
        return combat.grow(state, faces[0])
    if what == "regen":
        return combat.regenerate(state, faces)
    if what == "e05":
        return sheet.push(state, Task("roll:square", ABANDONED[faces[0]]))
    if what == "e25":
        return sheet.push(state, Task("roll:square", SOURCES[faces[0]]))
    if what == "e20":
        route = ROUTES[faces[0]]
        state = quests.add_quest(state, kind="water", recipient="Water Spirit", place="Any",
                          places=route)
        return sheet.say(state, "the route: " + ", ".join(route))
    if what == "e14":
        return quests.new_quest(state, task.n, QUEST_KINDS[faces[0]])
    if what == "e35":
        return _e35_roll(state, faces[0])
    if what == "e39":
        terrain = WEATHER[faces[0]]
        state = sheet.day_note(evolve(state, banned=terrain), f"no {terrain} today")
        return sheet.say(state, f"terrible weather: no {terrain} today")
    if what == "e32":
        data = state.content.specials[SERVANTS[faces[0]]]
        return combat.start(state, data, trophy=4, extra=("ambush",), win="E32:won")
    if what == "e13":
        return find_exit(state, total % 2 == 0)
    if what == "e18":
        t = total + (2 if h.race == "elf" else 0)
        if t <= 2:
            state = sheet.edit(sheet.say(state, "the wand burns the hero's life away"), hp=0)
        elif t <= 5:
            state = sheet.hurt(state, 2)
        elif t <= 7:
            state = sheet.hurt(state, 1)
        return sheet.goto(state, "E26")
    if what == "e37":
        t = total + h.spd + (1 if h.race == "elf" else 0)
        if t <= 8:
            return sheet.goto(sheet.say(state, f"{t}: the shield slips away"), "E06")
        state = sheet.fame(sheet.say(state, f"{t}: the shield is dragged away"), 50)
        return sheet.goto(state, "E29")
    if what == "e31b":
        data = _rift_monster(state, faces[0])
        return combat.start(state, data, trophy=1, can_flee=False)
    if what == "e31d":
        if faces[0] <= 2:
            return sheet.goto(state, "E23")
        if faces[0] == 3:
            return sheet.goto(state, "E03")
        return sheet.hurt(sheet.say(state, "a spike pit!"), 1)
    if what == "room":
        return dungeon.room(state, total)
    if what == "locked":
        return dungeon.locked(state, faces[0])
    if what == "dart":
        return dungeon.dart(state, faces[0])
    raise RuleError(f"nothing waits for a {what} roll", "R10")


def find_exit(state: Tale, even: bool) -> Tale:
    """E13: an even roll leads back to the entrance, where the turn ends; an odd one to a
    random square (R02).

    Args:
        state: the tale.
        even: whether the roll (or the dwarf's choice) is even.
    """
    if even:
        return combat.end_turn(sheet.say(state, "back at the entrance"))
    state = sheet.push(sheet.say(state, "somewhere else"), Task("endturn"))
    return sheet.push(state, Task("roll:square", "teleport"))


def _e35_roll(state: Tale, face: int) -> Tale:
    h = sheet.hero(state)
    if face == 1:
        return sheet.poison(sheet.say(state, "a terrible breakfast"))
    if face == 2:
        state = sheet.say(state, "a thief!")
        if h.scrolls:
            return sheet.push(state, Task("choose:thief"))
        return sheet.gold(state, -1) if h.gold else state
    if face == 3:
        if h.race == "dwarf":
            return sheet.say(state, "dwarves do not tire")
        state = sheet.day_note(evolve(state, tired=True), "tired: -1 Spd")
        return sheet.say(state, "tired: -1 Spd today")
    if face == 4:
        return sheet.push(sheet.say(state, "a merchant"), Task("shop", "merchant",
                                                              0b111))
    if face == 5:
        return sheet.push(state, Task("roll:square", "E12"))
    if not any(s in FOOD for s in h.scrolls):
        return sheet.say(state, "a sick man, but no food to give")
    return sheet.push(sheet.say(state, "a sick man"), Task("shop", "sick"))
