"""Fights (R08, R09, J06): monsters, veterans, the Break and Attack steps, trophies.

A fight is ``Tale.fight`` plus a ``fight`` task on the stack. Each round starts in the
``begin`` phase (resolved without input: the Knight grows, the dragon heals, an ambush skips
the Break), then waits in ``break`` (flee, item, scroll or attack) or ``attack``.
"""

from __future__ import annotations

from typing import Any

from d6tui.engine.errors import RuleError
from d6tui.games.tales import island, sheet
from d6tui.games.tales.content import MonsterData
from d6tui.games.tales.state import STAT_WORDS, Fight, FightRecord, Tale, Task, evolve

#: R08: the veteran's ability by 1d6.
VETERAN = {1: "ambush", 2: "atk", 3: "hp", 4: "dmg", 5: "poison", 6: "regeneration"}
#: E21: the Knight of Chaos grows at the start of each round, by 1d6.
KNIGHT_GROWTH = {1: ("atk", 1), 2: ("dmg", 1), 3: ("dmg", 1), 4: ("hp", 1), 5: ("hp", 1),
                 6: ("hp", 2)}
#: E36: the bone dragon's HP that makes it breathe the white cloud.
DRAGON_CLOUD = 8


def week_monster(state: Tale, week: int, terrain: str) -> MonsterData:
    """This week's monster for a terrain (R08). Villages and the castle use the plains row;
    weeks past the table use its last week.

    Args:
        state: the tale (its content holds the monsters).
        week: the week (R08: the table row).
        terrain: the square's terrain.
    Raises:
        RuleError: the content has no monster for that terrain.
    """
    table = state.content.monsters
    if terrain not in ("plains", "mountains", "forest", "swamp"):
        terrain = "plains"
    weeks = sorted(w for w, t in table if t == terrain)
    if not weeks:
        raise RuleError(f"no monster is listed for {terrain}", "R08")
    w = max([x for x in weeks if x <= week] or [weeks[0]])
    return table[(w, terrain)]


def start(
    state: Tale,
    data: MonsterData,
    *,
    trophy: int,
    win: str = "",
    veteran: bool = False,
    can_flee: bool = True,
    kind: str = "monster",
    extra: tuple[str, ...] = (),
    hp: int | None = None,
    dungeon: bool = False,
) -> Tale:
    """Begin a fight (R09); a veteran first rolls its ability (R08).

    Args:
        data: the monster's numbers.
        trophy: gold for defeating it (R08: the week number).
        win: the event read after a victory ("" for none).
        veteran: roll a veteran ability before the fight.
        can_flee: False for the fights that forbid fleeing (E21, E31, E36).
        kind: monster, mirror, knight or dragon.
        extra: abilities the event gives it (E32's Ambush).
        hp: its HP when not the printed value (the mirror's quest notes).
        dungeon: fought in a dungeon room.

    Returns:
        The tale with the fight waiting.
    """
    abilities = tuple(dict.fromkeys((*data.abilities, *extra)))
    fight = Fight(
        name=data.name, atk=data.atk, dmg=data.dmg, hp=data.hp if hp is None else hp,
        abilities=abilities, veteran=veteran, trophy=trophy, can_flee=can_flee, kind=kind,
        phase="begin", win=win, dungeon=dungeon, hero_hp=sheet.hero(state).hp,
    )
    label = f"veteran {data.name}" if veteran else data.name
    state = sheet.record(state, f"fight with the {label}", head=True)
    state = sheet.say(state, f"a fight with the {label} (Atk {fight.atk}, Dmg {fight.dmg}, "
                             f"HP {fight.hp})")
    state = evolve(state, fight=fight)
    state = sheet.push(state, Task("fight"))
    if veteran:
        state = sheet.push(state, Task("roll:veteran"))
    return state


def fight(state: Tale) -> Fight:
    """The fight in progress.

    Raises:
        RuleError: there is no fight.
    """
    if state.fight is None or state.top is None or state.top.kind != "fight":
        raise RuleError("there is no fight to act in now", "R09")
    return state.fight


def _set(state: Tale, **changes: Any) -> Tale:
    assert state.fight is not None
    return evolve(state, fight=evolve(state.fight, **changes))


def veteran(state: Tale, face: int) -> Tale:
    """Give the veteran its ability (R08); one it has already gives nothing.

    Args:
        state: the tale in a fight.
        face: the 1d6 of the veteran table.
    """
    assert state.fight is not None
    f = state.fight
    got = VETERAN[face]
    if got in ("atk", "hp", "dmg"):
        state = _set(state, bonus=f"+1 {STAT_WORDS[got]}", **{got: getattr(f, got) + 1})
        return sheet.say(state, f"the veteran gets +1 {STAT_WORDS[got]}")
    if got in f.abilities:
        state = _set(state, bonus=f"{got} (had it)")
        return sheet.say(state, f"the veteran already has {got}: nothing more")
    state = _set(state, abilities=(*f.abilities, got), bonus=got)
    return sheet.say(state, f"the veteran gets {got}")


def begin_round(state: Tale) -> Tale:
    """Start a round: the Knight grows (E21), the dragon heals (E36), an ambush skips the
    Break of round 1 (R08)."""
    f = fight(state)
    state = _set(state, phase="break", spared=False)
    if f.kind == "knight":
        return sheet.push(state, Task("roll:grow"))
    if f.kind == "dragon":
        hp = f.hp + 1
        state = sheet.say(_set(state, hp=hp), f"the dragon heals to {hp} HP")
        if hp == DRAGON_CLOUD:
            state = sheet.say(state, "the dragon breathes the white cloud")
            return sheet.edit(state, hp=0)
    if f.round == 1 and "ambush" in f.abilities:
        state = sheet.say(state, "ambush! no Break, and the monster is spared this round")
        return _set(state, phase="attack", spared=True)
    return state


def grow(state: Tale, face: int) -> Tale:
    """E21: the Knight of Chaos grows by 1d6.

    Args:
        state: the tale in a fight with the Knight.
        face: the 1d6 of E21.
    """
    assert state.fight is not None
    stat, n = KNIGHT_GROWTH[face]
    state = _set(state, **{stat: getattr(state.fight, stat) + n})
    return sheet.say(state, f"the Knight grows: +{n} {STAT_WORDS[stat]}")


def hero_atk(state: Tale) -> int:
    """The hero's Atk in this fight (+1 with the sword ignited, E33)."""
    f = state.fight
    return sheet.hero(state).atk + (1 if f is not None and f.ignited else 0)


def hero_dmg(state: Tale) -> int:
    """The hero's Dmg in this fight (+1 with the sword ignited, E33)."""
    f = state.fight
    return sheet.hero(state).dmg + (1 if f is not None and f.ignited else 0)


def attack(state: Tale, faces: list[int]) -> Tale:
    """R09 Attack: 2d6 + Atk against the monster's Atk, with criticals on 2 and 12.

    Args:
        state: the tale in a fight.
        faces: the two attack dice.
    """
    f = fight(state)
    if f.phase not in ("break", "attack"):
        raise RuleError("the round has not reached its Attack step", "R09")
    raw = sum(faces)
    h = sheet.hero(state)
    if raw == 2:
        state = sheet.say(state, "critical 2: the monster hits")
        return _next_round(_monster_hits(state))
    if raw == 12:
        bonus = 2 if h.race == "elf" else 1
        state = sheet.say(state, f"critical 12: +{bonus} damage")
        return deal(state, hero_dmg(state) + bonus)
    total = raw + hero_atk(state)
    if total >= f.atk:
        state = sheet.say(state, f"{total} against Atk {f.atk}: a hit")
        return deal(state, hero_dmg(state))
    state = sheet.say(state, f"{total} against Atk {f.atk}: a miss")
    return _next_round(_monster_hits(state))


def _monster_hits(state: Tale) -> Tale:
    assert state.fight is not None
    f = state.fight
    state = sheet.say(state, f"the {f.name} deals {f.dmg}")
    state = sheet.hurt(state, f.dmg)
    if "poison" in f.abilities:
        state = sheet.poison(state)
    return state


def deal(state: Tale, n: int, *, in_break: bool = False) -> Tale:
    """The monster takes ``n`` damage (unless spared this round), then the mirror's quest
    (E07), regeneration and victory are checked (R08, R09).

    Args:
        in_break: the damage came from an item or scroll at the Break step, so the round
            goes on to its Attack.
    """
    f = fight(state)
    if f.spared:
        state = sheet.say(state, "the monster loses no HP this round")
        return state if in_break else _next_round(state)
    hp = f.hp - n
    state = sheet.say(_set(state, hp=hp), f"the {f.name} takes {n} ({sheet.hp_left(hp)})")
    if f.kind == "mirror":
        return _mirror_hit(state, n)
    if hp <= 0:
        if "regeneration" in f.abilities:
            return sheet.push(state, Task("roll:regen"))
        return defeat(state)
    return state if in_break else _next_round(state)


def regenerate(state: Tale, faces: list[int]) -> Tale:
    """R08 Regeneration: 2d6, and on 4-6 the monster stands up again with 1 HP.

    Args:
        state: the tale in a fight.
        faces: the 2d6 of the regeneration roll.
    """
    if 4 <= sum(faces) <= 6:
        state = sheet.say(_set(state, hp=1), "it regenerates to 1 HP")
        assert state.fight is not None
        if state.fight.phase == "break":  # hurt by an item at the Break: the Attack follows
            return _set(state, phase="attack")
        return _next_round(state)
    return defeat(sheet.say(state, "it does not regenerate"))


def break_used(state: Tale) -> Tale:
    """R09: one Break action a round (flee, an item or a scroll); the Attack comes next."""
    f = state.fight
    if f is None or f.phase != "break" or state.top is None or state.top.kind != "fight":
        return state
    return _set(state, phase="attack")


def _next_round(state: Tale) -> Tale:
    if state.fight is None:
        return state
    return _set(state, round=state.fight.round + 1, phase="begin", spared=False)


def _record(state: Tale, result: str) -> Tale:
    f = state.fight
    assert f is not None
    notes = ", ".join(a for a in f.abilities) or "-"
    name = f"veteran {f.name}" if f.veteran else f.name
    day = state.days[-1] if state.days else None
    record = FightRecord(
        name, notes, result, week=day.week if day else 0, day=day.day if day else 0,
        square=island.name(state.pos) if state.pos >= 0 else "", hp_before=f.hero_hp,
        hp_after=sheet.hero(state).hp, bonus=f.bonus)
    state = sheet.record(state, result)
    return evolve(state, fights=(*state.fights, record))


def end(state: Tale, result: str) -> Tale:
    """Close the fight: J06 gets its line, the fight task leaves the stack.

    Args:
        state: the tale in a fight.
        result: how it ended, for J06 (defeated, fled...).
    """
    state = _record(state, result)
    tasks = list(state.tasks)
    while tasks and tasks[-1].kind != "fight":
        tasks.pop()
    if tasks:
        tasks.pop()
    return evolve(state, fight=None, tasks=tuple(tasks))


#: J06's result for a fight the hero did not survive (J01: at 0 HP or less the tale ends).
FELL = "the hero fell"


def fall(state: Tale) -> Tale:
    """The hero's HP is 0 or less (J01): the journal says so before E17 ends the tale. A
    fight under way gets its J06 line (result :data:`FELL`, the hero's HP before and after)
    and today's J05 line ends the fight's part with it; else today's line says the hero has
    fallen after what did it ("-1 HP, the hero has fallen").

    Args:
        state: the tale, its hero at 0 HP or less.
    """
    state = sheet.say(state, "the hero has fallen")
    if state.fight is not None:
        return end(state, FELL)
    return sheet.record(state, "the hero has fallen")


def defeat(state: Tale) -> Tale:
    """The monster is defeated: its trophy (+1 gold for a veteran), then what follows (R09)."""
    f = state.fight
    assert f is not None
    state = sheet.say(state, f"the {f.name} is defeated")
    trophy = f.trophy + (1 if f.veteran else 0)
    state = sheet.gold(end(state, "defeated"), trophy)
    if f.win:
        state = sheet.push(state, Task("goto", f.win))
    return state


def _mirror_hit(state: Tale, n: int) -> Tale:
    """E07: the mirror's HP lives in its quest notes; any hit ends the fight."""
    quests = list(state.quests)
    hp = 0
    for k, q in enumerate(quests):
        if q.kind == "mirror" and not q.done:
            hp = q.mirror_hp - n
            quests[k] = evolve(q, mirror_hp=hp)
    state = evolve(state, quests=tuple(quests))
    if hp <= 0:
        state = end(state, "broken")
        return sheet.push(state, Task("goto", "E30"))
    state = end(sheet.say(state, "the mirror flashes and the hero is teleported"), "teleported")
    return sheet.push(state, Task("roll:square", "teleport"))


def flee_roll(state: Tale, face: int) -> Tale:
    """R09 Break: try to flee; 1 fails (the monster is spared this round), 2-6 gets away and
    ends the turn (in a dungeon: to the exit E13).

    Args:
        state: the tale in a fight.
        face: the 1d6 of the flight.
    """
    f = fight(state)
    if not f.can_flee:
        raise RuleError(f"there is no fleeing from the {f.name}", "R09")
    if f.phase != "break":
        raise RuleError("fleeing is only possible at the Break step", "R09")
    if face == 1:
        state = sheet.say(state, "the flight fails")
        return _set(state, phase="attack", spared=True)
    state = end(sheet.say(state, "the hero flees and hides"), "fled")
    if f.dungeon:
        return _to_exit(state)
    return end_turn(state)


def flee_free(state: Tale) -> Tale:
    """R09 Break: a Throw or Dash scroll flees at once, and the turn goes on (a dungeon still
    sends the hero to its exit E13)."""
    f = fight(state)
    if not f.can_flee:
        raise RuleError(f"there is no fleeing from the {f.name}", "R09")
    state = end(sheet.say(state, "the hero flees with the scroll"), "fled")
    return _to_exit(state) if f.dungeon else state


def _to_exit(state: Tale) -> Tale:
    tasks = list(state.tasks)
    while tasks and tasks[-1].kind != "choose:dungeon":
        tasks.pop()
    if tasks:
        tasks.pop()
    return sheet.push(evolve(state, tasks=tuple(tasks)), Task("goto", "E13"))


def end_turn(state: Tale) -> Tale:
    """The turn ends at once (R09 flight, E13): nothing else is awaited today."""
    return evolve(state, tasks=(), fight=None, dungeon="", room=0, step="end_of_turn",
                   event_played=True)


def ignite(state: Tale) -> Tale:
    """E33: the Flaming Sword burns for the rest of the fight, +20 fame."""
    f = fight(state)
    if f.ignited:
        raise RuleError("the sword already burns in this fight", "E33")
    state = _set(state, ignited=True)
    return sheet.fame(sheet.say(state, "the Flaming Sword ignites"), 20)
