"""The events booklet (E01-E39): reading an event, and the tasks that need no input.

Reading an event never asks the player anything by itself: it changes the tale and puts on
the task stack the rolls (``roll:...``) and choices (``choose:...``) the event needs, and the
events to read next (``goto``). :mod:`.rolls` and :mod:`.choices` take them off; :mod:`.quests`
keeps J04 and :mod:`.scoring` ends the tale (E17, J09).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from d6tui.engine.errors import RuleError
from d6tui.games.tales import combat, dungeon, island, quests, scoring, sheet
from d6tui.games.tales.state import Tale, Task, evolve

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
        state = sheet.record(sheet.say(state, f"{code} {TITLES[code]}"), code, head=True)
    return _EVENTS[code](state)


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
    q = quests.active_quest(state, "water")
    if q is not None:
        state = quests.cross_out(state, q.qid)
    if sheet.hero(state).has("Potion"):
        state = sheet.drop_item(state, "Potion")
    state = sheet.fame(state, 50)
    return sheet.goto(state, "E03", "E25")


def _e05(state: Tale) -> Tale:
    return sheet.push(state, Task("roll:e05"))


def _e06(state: Tale) -> Tale:
    return sheet.goto(sheet.fame(state, 20), "E17")


def _e07(state: Tale) -> Tale:
    q = quests.active_quest(state, "mirror")
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
    state = quests.add_quest(state, kind="mirror", recipient="Magic mirror", place=here,
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


def _e17(state: Tale) -> Tale:
    return scoring.finish(state)


def _e18(state: Tale) -> Tale:
    return sheet.push(sheet.fame(state, 50), Task("choose:e18"))


def _e19(state: Tale) -> Tale:
    q = quests.quest_here(state, "veteran")
    if q is None:
        return sheet.say(state, "no quest waits here")
    data = combat.week_monster(state, state.week, state.square.terrain)
    return combat.start(state, data, trophy=state.week, veteran=True, win="E19:won")


def _e19_won(state: Tale) -> Tale:
    q = quests.quest_here(state, "veteran")
    state = sheet.write_event(state, state.pos, "")
    if q is not None:
        state = quests.cross_out(state, q.qid)
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
    if quests.quest_here(state, "scrolls") is None:
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
    q = quests.active_quest(state, "mirror")
    state = sheet.fame(sheet.gold(state, 3), 50)
    state = sheet.write_event(state, state.pos, "E00")
    if q is not None:
        state = quests.cross_out(state, q.qid)
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
    q = quests.quest_here(state, "mango")
    if q is None:
        return sheet.say(state, "no quest waits here")
    if not sheet.hero(state).has("Mango"):
        return sheet.say(state, "the quest needs a Mango")
    state = sheet.drop_item(state, "Mango")
    dist = island.distance(island.parse_name(q.recipient), island.parse_name(q.place))
    state = sheet.gold(state, math.ceil(dist / 2))
    state = sheet.write_event(state, state.pos, "")
    return quests.cross_out(state, q.qid)


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
    """Resolve ``task`` if it waits for nothing (an event to read, the end of a turn, E31's
    loop, the next J08 room); None when the player must act (R10).

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
