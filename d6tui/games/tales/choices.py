"""The choices the booklet's events wait for (``choose:...`` tasks): what may be answered and
what each answer does (R04, R07, E03, E09, E10, E13, E18, E22, E31, E32, E35, J08).
"""

from __future__ import annotations

from d6tui.engine.errors import RuleError
from d6tui.games.tales import combat, dungeon, movement, quests, rolls, sheet
from d6tui.games.tales.state import Tale, Task


def choice_options(state: Tale, task: Task) -> list[str]:
    """What the player may answer to the choice task ``task`` (R04, R07, E03-E39, J08).

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
    """Apply the player's answer to the awaited choice (R04, R07, E03-E39, J08).

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
        return rolls.find_exit(sheet.pop(sheet.say(state, f"the dwarf chooses {option}")),
                     option == "even")
    state = sheet.pop(state)
    if what == "treasure":
        return rolls.treasure(state, int(option))
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
        state = sheet.record(sheet.drop_scroll(state, option), f"the thief took a {option}")
        return sheet.say(state, f"the thief took a {option}")
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
        q = quests.quest_here(state, "scrolls")
        state = sheet.gold(state, 4)
        state = sheet.write_event(state, state.pos, "")
        if q is not None:
            state = quests.cross_out(state, q.qid)
        return sheet.goto(state, "E03")
    raise RuleError("nothing waits for that choice", "R10")
