"""The events booklet (E01-E39), the J08 dungeon rooms, and the rolls and choices they wait
for.

Reading an event never asks the player anything by itself: it changes the tale and puts on
the task stack the rolls (``roll:...``) and choices (``choose:...``) the event needs, and the
events to read next (``goto``). :func:`resolve_roll` and :func:`resolve_choice` take them off.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from d6tui.engine.errors import RuleError
from d6tui.games.tales import combat, dungeon, island, movement, sheet
from d6tui.games.tales.content import MonsterData
from d6tui.games.tales.state import Quest, Tale, Task, evolve

#: Event titles, for the journal and the log (names only; the effects are in the code).
TITLES = {
    "E01": "Castle", "E02": "Quest: Open the Map", "E03": "Treasure Chest",
    "E04": "Quest: Revive the Island", "E05": "Abandoned Place", "E06": "Another Dimension",
    "E07": "Magic Mirror", "E08": "Village", "E09": "Devouring Machine",
    "E10": "Purple Portal", "E11": "Tower Guard", "E12": "Witch's Hut",
    "E13": "Looking for the Exit", "E14": "New Quest", "E15": "Village",
    "E16": "Pyramid Dungeon", "E17": "The End of the Tale", "E18": "Glowing Wand in the Stone",
    "E19": "Quest: Defeat a Monster", "E20": "Water Spirit", "E21": "Knight of Chaos",
    "E22": "Quest: Bring Two Scrolls", "E23": "Ruby", "E24": "To the End",
    "E25": "Source of Monsters", "E26": "Lightbearer", "E27": "Cave Dungeon",
    "E28": "Missing Nun", "E29": "Source of Evil", "E30": "Quest: Magic Mirror",
    "E31": "Rift", "E32": "Fight with the Knight's Servant", "E33": "Flaming Sword",
    "E34": "Dragon Slayer", "E35": "Hey, what's this?", "E36": "Bone Dragon",
    "E37": "Shield of Chaos", "E38": "Quest: Bring a Mango", "E39": "Terrible Weather",
}

#: E05 and E25: the picture drawn by 1d6.
ABANDONED = {1: "E11", 2: "E11", 3: "E16", 4: "E16", 5: "E20", 6: "E20"}
SOURCES = {1: "E31", 2: "E31", 3: "E10", 4: "E10", 5: "E27", 6: "E27"}
SITES = {"E11": "tower", "E16": "pyramid", "E20": "lake", "E31": "rift", "E10": "portal",
         "E27": "cave", "E12": "hut"}
#: E14: the kind of quest by 1d6, and the event written on its place.
QUEST_KINDS = {1: "veteran", 2: "veteran", 3: "mango", 4: "mango", 5: "scrolls", 6: "scrolls"}
QUEST_EVENTS = {"veteran": "E19", "mango": "E38", "scrolls": "E22"}
#: E20: the Water Spirit's route by 1d6.
ROUTES = {
    1: ("I-1", "VI-1", "VI-6"), 2: ("I-1", "VI-1", "VI-6"), 3: ("VI-1", "VI-6", "I-1"),
    4: ("I-6", "I-1", "VI-1"), 5: ("VI-6", "I-6", "I-1"), 6: ("VI-6", "I-6", "I-1"),
}
#: E39: the terrain closed today by 1d6.
WEATHER = {1: "swamp", 2: "swamp", 3: "mountains", 4: "mountains", 5: "forest", 6: "forest"}
#: E31 B: the rift's monster by 1d6 (week 1 monsters, R08).
RIFT_MONSTERS = {1: "swamp", 2: "swamp", 3: "forest", 4: "mountains", 5: "plains", 6: "plains"}
#: E32: the Knight's servant by 1d6.
SERVANTS = {1: "ghoul", 2: "ghoul", 3: "spider", 4: "gold_slime", 5: "troll", 6: "troll"}
#: Sick man (E35 [6]) takes these.
FOOD = ("Carrot", "Tomato", "Pear")

#: How many dice each roll task takes (the Hobbit's treasure roll is two 2d6, E03).
ROLL_DICE = {
    "square": 2, "reveal": 2, "poison": 2, "terrain": 2, "treasure": 2, "veteran": 1,
    "grow": 1, "regen": 2, "e05": 1, "e25": 1, "e20": 1, "e35": 1, "e39": 1, "e14": 1,
    "e32": 1, "e13": 2, "e18": 2, "e37": 2, "e31b": 1, "e31d": 1, "room": 2, "locked": 1,
    "dart": 1,
}


def roll_count(state: Tale, task: Task) -> int:
    """How many d6 the roll task ``task`` takes.

    Args:
        state: the tale (the Hobbit rolls the treasure twice).
        task: a ``roll:...`` task.
    """
    what = task.kind.removeprefix("roll:")
    if what == "treasure" and sheet.hero(state).race == "hobbit":
        return 4
    return ROLL_DICE[what]


# -- reading events -----------------------------------------------------------------------


def read(state: Tale, code: str) -> Tale:
    """Read event ``code`` (E01-E39, or a follow-up such as ``E19:won``).

    Args:
        state: the tale.
        code: the event, or a follow-up such as ``E19:won``.
    Raises:
        RuleError: there is no such event.
    """
    base = code.split(":")[0]
    if code not in _EVENTS:
        raise RuleError(f"there is no event {code}", "E01")
    if code == base:
        state = sheet.say(state, f"{code} {TITLES[code]}")
    return _EVENTS[code](state)


def _quest_here(state: Tale, kind: str) -> Quest | None:
    here = island.name(state.pos)
    for q in state.quests:
        if q.kind == kind and q.place == here and not q.done:
            return q
    return None


def active_quest(state: Tale, kind: str) -> Quest | None:
    """The first open quest of ``kind``.

    Args:
        state: the tale.
        kind: the quest kind (J04).
    """
    for q in state.quests:
        if q.kind == kind and not q.done:
            return q
    return None


def cross_out(state: Tale, qid: int) -> Tale:
    """Cross a quest out in J04 (completed).

    Args:
        state: the tale.
        qid: the quest's number.
    """
    quests = tuple(evolve(q, done=True) if q.qid == qid else q for q in state.quests)
    return sheet.say(evolve(state, quests=quests), "quest completed")


def add_quest(state: Tale, **fields: object) -> Tale:
    """Write a new quest in J04."""
    qid = max((q.qid for q in state.quests), default=0) + 1
    quest = Quest(qid=qid, **fields)  # type: ignore[arg-type]
    return sheet.say(evolve(state, quests=(*state.quests, quest)), f"new quest #{qid}")


def _e01(state: Tale) -> Tale:
    return sheet.push(state, Task("shop", "castle"))


def _e02(state: Tale) -> Tale:
    state = sheet.fame(state, 50)
    if state.week <= 2:
        state = sheet.gold(state, 6)
    elif state.week == 3:
        state = sheet.gold(state, 3)
    if not any(s.terrain == "village" for s in state.squares):
        state = sheet.push(state, Task("roll:square", "village"))
    return state


def _e03(state: Tale) -> Tale:
    return sheet.push(state, Task("roll:treasure"))


def _e04(state: Tale) -> Tale:
    q = active_quest(state, "water")
    if q is not None:
        state = cross_out(state, q.qid)
    if sheet.hero(state).has("Potion"):
        state = sheet.drop_item(state, "Potion")
    state = sheet.fame(state, 50)
    return sheet.goto(state, "E03", "E25")


def _e05(state: Tale) -> Tale:
    return sheet.push(state, Task("roll:e05"))


def _e06(state: Tale) -> Tale:
    return sheet.goto(sheet.fame(state, 20), "E17")


def _e07(state: Tale) -> Tale:
    q = active_quest(state, "mirror")
    if q is None:
        return sheet.say(state, "the mirror is gone")
    data = state.content.specials["mirror"]
    return combat.start(state, data, trophy=0, kind="mirror", hp=q.mirror_hp)


def _shop(place: str) -> Callable[[Tale], Tale]:
    return lambda state: sheet.push(state, Task("shop", place))


def _e09(state: Tale) -> Tale:
    state = sheet.say(sheet.fame(state, 50), "the portal devours every monster")
    return sheet.push(state, Task("choose:e09"))


def _e10(state: Tale) -> Tale:
    return combat.start(state, state.content.specials["bat"], trophy=2, win="E10:won")


def _e10_won(state: Tale) -> Tale:
    return sheet.push(state, Task("choose:e10"))


def _e11(state: Tale) -> Tale:
    here = island.name(state.pos)
    state = add_quest(state, kind="mirror", recipient="Magic mirror", place=here,
                      mirror_hp=state.content.specials["mirror"].hp)
    state = sheet.write_event(state, state.pos, "E07")
    return sheet.goto(state, "E07")


def _e13(state: Tale) -> Tale:
    state = evolve(state, dungeon="", room=0)
    return sheet.push(state, Task("roll:e13"))


def _e14(state: Tale) -> Tale:
    return sheet.push(state, Task("roll:square", "quest"))


def _dungeon(kind: str) -> Callable[[Tale], Tale]:
    return lambda state: dungeon.enter(state, kind)


def score(state: Tale) -> tuple[int, int, int, int]:
    """J09: the hero's fame, fame for quests (15 each, given in the castle or a village),
    fame for gold (1 each), and their total.

    Args:
        state: the tale.
    """
    h = sheet.hero(state)
    quests = 15 * sum(1 for q in state.quests if q.done and q.counts)
    return h.fame, quests, h.gold, h.fame + quests + h.gold


def finish(state: Tale) -> Tale:
    """E17 and J09: count the final fame and give the status; the tale is over."""
    total = score(state)[3]
    status = status_for(state, total)
    state = sheet.say(state, f"final fame {total}: {status}")
    return evolve(state, over=True, step="over", tasks=(), fight=None, dungeon="", room=0,
                   final_fame=total, status=status)


def status_for(state: Tale, fame: int) -> str:
    """The J09 status for a final fame.

    Args:
        state: the tale (its content holds the J09 table).
        fame: the final fame.
    """
    title = state.content.status[0][1]
    for low, name in state.content.status:
        if fame >= low:
            title = name
    return title


def _e17(state: Tale) -> Tale:
    return finish(state)


def _e18(state: Tale) -> Tale:
    return sheet.push(sheet.fame(state, 50), Task("choose:e18"))


def _e19(state: Tale) -> Tale:
    q = _quest_here(state, "veteran")
    if q is None:
        return sheet.say(state, "no quest waits here")
    data = combat.week_monster(state, state.week, state.square.terrain)
    return combat.start(state, data, trophy=state.week, veteran=True, win="E19:won")


def _e19_won(state: Tale) -> Tale:
    q = _quest_here(state, "veteran")
    state = sheet.write_event(state, state.pos, "")
    if q is not None:
        state = cross_out(state, q.qid)
    return sheet.goto(state, "E03")


def _e20(state: Tale) -> Tale:
    state = sheet.add_item(state, "Potion")
    state = sheet.edit(state, poison=0)
    state = sheet.write_event(state, state.pos, "E00")
    return sheet.push(state, Task("roll:e20"))


def _e21(state: Tale) -> Tale:
    return combat.start(state, state.content.specials["knight"], trophy=0, can_flee=False,
                        kind="knight", win="E09")


def _e22(state: Tale) -> Tale:
    if _quest_here(state, "scrolls") is None:
        return sheet.say(state, "no quest waits here")
    if len(sheet.hero(state).scrolls) < 2:
        return sheet.say(state, "the quest needs 2 scrolls in the backpack")
    return sheet.push(state, Task("choose:e22"))


def _e23(state: Tale) -> Tale:
    return sheet.add_item(state, "Ruby")


def _e24(state: Tale) -> Tale:
    return sheet.goto(sheet.fame(state, 20), "E17")


def _e25(state: Tale) -> Tale:
    return sheet.push(state, Task("roll:e25"))


def _e26(state: Tale) -> Tale:
    return sheet.goto(sheet.fame(state, 50), "E29")


def _e28(state: Tale) -> Tale:
    state = evolve(state, dungeon="", room=0)
    state = sheet.gold(sheet.fame(state, 50), 1)
    state = sheet.write_event(state, state.pos, "E00")
    return sheet.goto(state, "E25")


def _e29(state: Tale) -> Tale:
    state = sheet.gold(evolve(state, won=True), 200)
    return sheet.goto(sheet.say(state, "the island is at peace: victory"), "E17")


def _e30(state: Tale) -> Tale:
    q = active_quest(state, "mirror")
    state = sheet.fame(sheet.gold(state, 3), 50)
    state = sheet.write_event(state, state.pos, "E00")
    if q is not None:
        state = cross_out(state, q.qid)
    return sheet.goto(state, "E03", "E25")


def _e31(state: Tale) -> Tale:
    return sheet.push(sheet.poison(state), Task("e31loop"))


def _e32(state: Tale) -> Tale:
    return sheet.push(state, Task("roll:e32"))


def _e32_won(state: Tale) -> Tale:
    return sheet.push(state, Task("choose:e32"))


def _e33(state: Tale) -> Tale:
    state = sheet.add_scroll(sheet.add_item(state, "Flaming Sword"), "Spark")
    return sheet.goto(state, "E28")


def _e34(state: Tale) -> Tale:
    rubies = sheet.hero(state).items.count("Ruby")
    state = sheet.fame(state, 50 + 25 * rubies)
    return sheet.goto(sheet.say(state, "the undead turn to dust"), "E29")


def _e35(state: Tale) -> Tale:
    return sheet.push(state, Task("roll:e35"))


def _e36(state: Tale) -> Tale:
    return combat.start(state, state.content.specials["dragon"], trophy=0, can_flee=False,
                        kind="dragon", win="E34")


def _e37(state: Tale) -> Tale:
    return sheet.push(state, Task("roll:e37"))


def _e38(state: Tale) -> Tale:
    q = _quest_here(state, "mango")
    if q is None:
        return sheet.say(state, "no quest waits here")
    if not sheet.hero(state).has("Mango"):
        return sheet.say(state, "the quest needs a Mango")
    state = sheet.drop_item(state, "Mango")
    dist = island.distance(island.parse_name(q.recipient), island.parse_name(q.place))
    state = sheet.gold(state, math.ceil(dist / 2))
    state = sheet.write_event(state, state.pos, "")
    return cross_out(state, q.qid)


def _e39(state: Tale) -> Tale:
    return sheet.push(state, Task("roll:e39"))


_EVENTS: dict[str, Callable[[Tale], Tale]] = {
    "E01": _e01, "E02": _e02, "E03": _e03, "E04": _e04, "E05": _e05, "E06": _e06,
    "E07": _e07, "E08": _shop("E08"), "E09": _e09, "E10": _e10, "E10:won": _e10_won,
    "E11": _e11, "E12": _shop("witch"), "E12:fame": lambda state: sheet.fame(state, 10),
    "E13": _e13, "E14": _e14, "E15": _shop("E15"),
    "E16": _dungeon("pyramid"), "E17": _e17, "E18": _e18, "E19": _e19, "E19:won": _e19_won,
    "E20": _e20, "E21": _e21, "E22": _e22, "E23": _e23, "E24": _e24, "E25": _e25,
    "E26": _e26, "E27": _dungeon("cave"), "E28": _e28, "E29": _e29, "E30": _e30,
    "E31": _e31, "E32": _e32, "E32:won": _e32_won, "E33": _e33, "E34": _e34, "E35": _e35,
    "E36": _e36, "E37": _e37, "E38": _e38, "E39": _e39,
}

#: Events a square may hold that the hero can play there (R10 Square event).
PLAYABLE = frozenset(
    {"E01", "E07", "E08", "E10", "E11", "E12", "E15", "E16", "E19", "E20", "E22", "E27",
     "E31", "E38"}
)


# -- tasks that need no input --------------------------------------------------------------


def auto(state: Tale, task: Task) -> Tale | None:
    """Resolve ``task`` if it waits for nothing; None when the player must act.

    Args:
        state: the tale.
        task: the task on top of the stack.
    """
    if task.kind == "goto":
        return read(sheet.pop(state), task.arg)
    if task.kind == "endturn":
        return combat.end_turn(state)
    if task.kind == "e31loop":
        state = sheet.push(sheet.pop(state), Task("choose:e31"))
        if sheet.hero(state).poison:
            state = sheet.push(state, Task("roll:poison"))
        return state
    if task.kind == "room_next":
        return dungeon.next_room(state)
    if task.kind == "choose:dungeon":
        return dungeon.reached(state)
    if task.kind == "fight" and state.fight is not None and state.fight.phase == "begin":
        return combat.begin_round(state)
    return None


# -- rolls ---------------------------------------------------------------------------------


def _place_site(state: Tale, code: str, i: int) -> Tale:
    state = sheet.set_square(state, i, site=SITES[code])
    state = sheet.say(state, f"a {SITES[code]} on {island.name(i)}")
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
        return sheet.write_event(state, i, "E08")
    if purpose == "quest":
        return sheet.push(state, Task("roll:e14", "", i))
    if purpose == "teleport":
        return movement.teleport(state, i)
    return _place_site(state, purpose, i)


def _terrain(state: Tale, total: int) -> Tale:
    terrain = state.square.terrain
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
        return sheet.say(state, "nothing happens")
    data = combat.week_monster(state, state.week, terrain)
    return combat.start(state, data, trophy=state.week, veteran=True)


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
    """Apply the dice of the awaited roll task.

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
        state = add_quest(state, kind="water", recipient="Water Spirit", place="Any",
                          places=route)
        return sheet.say(state, "the route: " + ", ".join(route))
    if what == "e14":
        return _new_quest(state, task.n, QUEST_KINDS[faces[0]])
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
        return _exit(state, total % 2 == 0)
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


def _exit(state: Tale, even: bool) -> Tale:
    if even:
        return combat.end_turn(sheet.say(state, "back at the entrance"))
    state = sheet.push(sheet.say(state, "somewhere else"), Task("endturn"))
    return sheet.push(state, Task("roll:square", "teleport"))


def _new_quest(state: Tale, place: int, kind: str) -> Tale:
    here = state.square
    counts = here.terrain in ("castle", "village")
    state = add_quest(state, kind=kind, recipient=island.name(state.pos),
                      place=island.name(place), counts=counts)
    state = sheet.write_event(state, place, QUEST_EVENTS[kind])
    if kind == "mango":
        state = sheet.add_item(state, "Mango")
    return state


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


# -- choices -------------------------------------------------------------------------------


def choice_options(state: Tale, task: Task) -> list[str]:
    """What the player may answer to the choice task ``task``.

    Args:
        state: the tale.
        task: the awaited task.
    """
    what = task.kind.removeprefix("choose:")
    h = sheet.hero(state)
    if what == "rotate":
        return [str(r) for r in movement.road_choices(state, task)]
    if what == "treasure":
        return task.arg.split("|")
    if what == "e09":
        return ["let", "grab"]
    if what == "e10":
        return ["approach", "flee"]
    if what == "e18":
        return ["smash", "take"]
    if what == "e32":
        return ["flee", "knight"]
    if what == "e31":
        return ["A", "B", "C", "D"] if h.has("Ruby") else ["A", "B", "D"]
    if what == "dungeon":
        return dungeon.options(state)
    if what == "thief":
        return sorted(set(h.scrolls)) or ["nothing"]
    if what == "gamble":
        out = ["hp"]
        if h.gold:
            out.append("gold")
        out += [f"scroll:{s}" for s in sorted(set(h.scrolls))]
        return out
    if what == "e22":
        s = sorted(h.scrolls)
        pairs = {f"{s[i]}+{s[j]}" for i in range(len(s)) for j in range(i + 1, len(s))}
        return [*sorted(pairs), "keep"]
    if task.kind == "roll:e13" and h.race == "dwarf":
        return ["even", "odd"]
    return []


def resolve_choice(state: Tale, task: Task, option: str) -> Tale:
    """Apply the player's answer to the awaited choice.

    Args:
        state: the tale.
        task: the awaited task.
        option: the player's answer.
    Raises:
        RuleError: the answer is not one of :func:`choice_options`.
    """
    what = task.kind.removeprefix("choose:")
    if what == "rotate":
        try:
            degrees = int(option)
        except ValueError:
            raise RuleError(f"'{option}' is not a rotation: 0, 90, 180 or 270", "R04") from None
        return movement.place(state, task, degrees)
    options = choice_options(state, task)
    if option not in options:
        allowed = ", ".join(options) or "nothing"
        raise RuleError(f"'{option}' is not a choice here; choose from {allowed}", "R10")
    if task.kind == "roll:e13":
        return _exit(sheet.pop(sheet.say(state, f"the dwarf chooses {option}")),
                     option == "even")
    state = sheet.pop(state)
    if what == "treasure":
        return treasure(state, int(option))
    if what == "e09":
        return sheet.goto(state, "E29" if option == "let" else "E37")
    if what == "e10":
        return sheet.goto(state, "E32") if option == "approach" else combat.end_turn(state)
    if what == "e18":
        if option == "smash":
            return sheet.goto(state, "E29")
        return sheet.push(state, Task("roll:e18"))
    if what == "e32":
        return sheet.goto(state, "E21") if option == "knight" else combat.end_turn(state)
    if what == "e31":
        if option == "A":
            return sheet.goto(state, "E13")
        if option == "C":
            state = sheet.drop_item(state, "Ruby")
            return sheet.goto(sheet.say(state, "the ruby is laid on the altar"), "E36")
        state = sheet.push(state, Task("e31loop"))
        return sheet.push(state, Task("roll:e31b" if option == "B" else "roll:e31d"))
    if what == "dungeon":
        return dungeon.choose(state, option)
    if what == "thief":
        if option == "nothing":  # the backpack was emptied meanwhile: the thief takes gold
            return sheet.gold(state, -1) if sheet.hero(state).gold else state
        return sheet.say(sheet.drop_scroll(state, option), f"the thief took a {option}")
    if what == "gamble":
        if option == "hp":
            return sheet.hurt(state, 1)
        if option == "gold":
            return sheet.gold(state, -1)
        return sheet.drop_scroll(state, option.removeprefix("scroll:"))
    if what == "e22":
        if option == "keep":
            return state
        a, b = option.split("+")
        state = sheet.drop_scroll(sheet.drop_scroll(state, a), b)
        q = _quest_here(state, "scrolls")
        state = sheet.gold(state, 4)
        state = sheet.write_event(state, state.pos, "")
        if q is not None:
            state = cross_out(state, q.qid)
        return sheet.goto(state, "E03")
    raise RuleError("nothing waits for that choice", "R10")
