"""Dungeons (J07, J08): the Pyramid of E16 and the Cave of E27, room by room.

Inside a dungeon the stack holds a ``choose:dungeon`` task: leave by the exit (E13), take a
risk (a 2d6 room of J08, then the next room), or in the Pyramid's rooms 6-8 the small room
(E28). Room 9 of the Pyramid leads to E33, room 8 of the Cave to E18.
"""

from __future__ import annotations

from d6tui.games.tales import combat, sheet
from d6tui.games.tales.state import Tale, Task, evolve

#: J08: the terrain of the monster fought in rooms 8-11.
ROOM_FIGHTS = {8: "plains", 9: "mountains", 10: "forest", 11: "swamp"}
#: The room whose entry ends each dungeon, and the event read there.
LAST_ROOM = {"pyramid": (9, "E33"), "cave": (8, "E18")}


def enter(state: Tale, kind: str) -> Tale:
    """Go down into room 1 of a dungeon (E16, E27).

    Args:
        state: the tale.
        kind: "pyramid" or "cave".
    """
    state = sheet.say(evolve(state, dungeon=kind, room=1), f"into the {kind}, room 1")
    return sheet.push(state, Task("choose:dungeon"))


def options(state: Tale) -> list[str]:
    """The choices in the current room (E16, E27).

    Args:
        state: the tale in a dungeon.
    """
    if state.dungeon == "pyramid" and state.room >= 6:
        return ["exit", "risk", "small_room"]
    return ["exit", "risk"]


def choose(state: Tale, option: str) -> Tale:
    """Act on the room's choice (the ``choose:dungeon`` task already popped).

    Args:
        state: the tale in a dungeon.
        option: "exit", "risk" or "small_room".
    """
    if option == "exit":
        return sheet.goto(state, "E13")
    if option == "small_room":
        return sheet.goto(state, "E28")
    state = sheet.push(state, Task("choose:dungeon"), Task("room_next"))
    return sheet.push(state, Task("roll:room"))


def reached(state: Tale) -> Tale | None:
    """The last room's event if the hero has just entered it, else None (the room waits).

    Args:
        state: the tale with ``choose:dungeon`` on top of the stack.
    """
    last, event = LAST_ROOM.get(state.dungeon, (99, ""))
    if state.room < last:
        return None
    state = sheet.pop(state)
    if state.dungeon != "cave":
        return sheet.goto(state, event)
    state = sheet.goto(sheet.poison(state), event)
    if sheet.hero(state).poison:
        state = sheet.push(state, Task("roll:poison"))
    return state


def next_room(state: Tale) -> Tale:
    """Step into the next room, after the risk was played (E16, E27).

    Args:
        state: the tale with ``room_next`` on top of the stack.
    """
    state = sheet.pop(state)
    room = state.room + 1
    return sheet.say(evolve(state, room=room), f"into room {room}")


def bypass(state: Tale) -> Tale:
    """J08 bypass: back two rooms (a Dwarf one), never before room 1.

    Args:
        state: the tale in a dungeon.
    """
    back = 1 if sheet.hero(state).race == "dwarf" else 2
    room = max(1, state.room - back)
    return sheet.say(evolve(state, room=room), f"bypass: back to room {room}")


def room(state: Tale, total: int) -> Tale:
    """Play the J08 room rolled (the Cave's fights are week 3 veterans worth 4 gold, the
    Pyramid's rooms 6-8 are worth 1 gold, E16, E27).

    Args:
        state: the tale in a dungeon.
        total: the 2d6 sum.
    """
    if total in (2, 12):
        return sheet.add_item(state, "Meeple")
    if total == 3:
        return sheet.goto(state, "E03")
    if total == 4:
        return bypass(sheet.say(state, "a dead end"))
    if total == 5:
        return sheet.push(sheet.say(state, "locked!"), Task("roll:locked"))
    if total == 6:
        return sheet.push(sheet.say(state, "a dart trap!"), Task("roll:dart"))
    if total == 7:
        return sheet.hurt(sheet.say(state, "a blade trap!"), 1)
    terrain = ROOM_FIGHTS[total]
    if state.dungeon == "cave":
        data = combat.week_monster(state, 3, terrain)
        return combat.start(state, data, trophy=4, veteran=True, dungeon=True)
    trophy = 1 if state.room >= 6 else state.week
    data = combat.week_monster(state, state.week, terrain)
    return combat.start(state, data, trophy=trophy, dungeon=True)


def locked(state: Tale, face: int) -> Tale:
    """J08 [5]: a 1d6 above Dmg means a bypass.

    Args:
        state: the tale in a dungeon.
        face: the 1d6.
    """
    if face > sheet.hero(state).dmg:
        return bypass(state)
    return sheet.say(state, "the lock gives way")


def dart(state: Tale, face: int) -> Tale:
    """J08 [6]: a 1d6 above Spd costs 1 HP.

    Args:
        state: the tale in a dungeon.
        face: the 1d6.
    """
    if face > sheet.hero(state).spd:
        return sheet.hurt(state, 1)
    return sheet.say(state, "the darts miss")
