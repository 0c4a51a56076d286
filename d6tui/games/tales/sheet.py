"""Small changes to a tale that every part of the rules makes: the hero sheet (J01), the
backpack (J03), the task stack and the news of the last event.
"""

from __future__ import annotations

import re
from typing import Any

from d6tui.engine.errors import RuleError
from d6tui.games.tales import island
from d6tui.games.tales.state import Hero, Tale, Task, evolve


def say(state: Tale, text: str) -> Tale:
    """Add a line to what the last event did.

    Args:
        state: the tale.
        text: one line for the log view.
    """
    return evolve(state, news=(*state.news, text))


def hero(state: Tale) -> Hero:
    """The hero, who exists once the tale has started.

    Raises:
        RuleError: the tale has not started.
    """
    if state.hero is None:
        raise RuleError("start a tale first: choose a name and a race", "R03")
    return state.hero


def edit(state: Tale, **changes: Any) -> Tale:
    """Change fields of the hero sheet."""
    return evolve(state, hero=evolve(hero(state), **changes))


def gold(state: Tale, n: int) -> Tale:
    """Gain (or, negative, pay) ``n`` gold; gold never goes below 0.

    Args:
        state: the tale.
        n: gold gained (negative: paid).
    """
    h = hero(state)
    state = edit(state, gold=max(0, h.gold + n))
    return record(say(state, f"{n:+d} gold"), f"{n:+d} gold") if n else state


def fame(state: Tale, n: int) -> Tale:
    """Gain ``n`` fame.

    Args:
        state: the tale.
        n: fame gained.
    """
    if not n:
        return state
    return record(say(edit(state, fame=hero(state).fame + n), f"+{n} fame"), f"+{n} fame")


def heal(state: Tale, n: int) -> Tale:
    """Heal ``n`` HP, never above Max HP, and not at all at 0 HP or less (J03).

    Args:
        state: the tale.
        n: HP healed.
    """
    h = hero(state)
    if h.hp <= 0 or n <= 0:
        return state
    new = min(h.max_hp, h.hp + n)
    if new == h.hp:
        return state
    state = say(edit(state, hp=new), f"healed to {new} HP")
    return state if state.fight is not None else record(state, f"HP {h.hp}→{new}")


def hp_left(hp: int) -> str:
    """What is left of ``hp`` in a log line: "3 HP left", or "no HP left" at 0 or less (the
    rules stop counting there: the hero reads E17, J01; the monster falls, R08), never a
    negative number of HP left."""
    return f"{hp} HP left" if hp > 0 else "no HP left"


#: "(-1 HP left)" and "-2 HP (-1 left)", as notes of saves written before :func:`hp_left`.
_OLD_LEFT = re.compile(r"\((-?\d+) HP left\)|(?<=HP )\((-?\d+) left\)")


def plain_hp(note: str) -> str:
    """``note`` (an event's stored outcome) with a count of HP left at 0 or below said as
    :func:`hp_left` says it: "(no HP left)"; other counts are kept as written."""
    def word(m: re.Match[str]) -> str:
        left = int(m[1] if m[1] is not None else m[2])
        return f"({hp_left(left)})" if left <= 0 else m[0]

    return _OLD_LEFT.sub(word, note)


def hurt(state: Tale, n: int) -> Tale:
    """Lose ``n`` HP (J01: at 0 or less the tale ends, E17).

    Args:
        state: the tale.
        n: HP lost.
    """
    if n <= 0:
        return state
    h = hero(state)
    left = h.hp - n
    state = say(edit(state, hp=left), f"-{n} HP ({left} left)" if left > 0 else
                f"-{n} HP ({hp_left(left)})")
    return state if state.fight is not None else record(state, f"-{n} HP")


def poison(state: Tale) -> Tale:
    """Poison = 1, unless the Water Spirit's Potion keeps it at 0 (E20)."""
    h = hero(state)
    if h.has("Potion"):
        return say(state, "the Potion keeps the poison away")
    if h.poison:
        return state
    return record(say(edit(state, poison=1), "poisoned"), "poisoned")


def cure(state: Tale) -> Tale:
    """Poison = 0."""
    return say(edit(state, poison=0), "poison cured") if hero(state).poison else state


def add_item(state: Tale, item: str) -> Tale:
    """Write an item in J01.

    Args:
        state: the tale.
        item: the item's name.
    """
    state = edit(state, items=tuple(sorted((*hero(state).items, item))))
    return record(say(state, f"got {item}"), f"the {item}")


def drop_item(state: Tale, item: str) -> Tale:
    """Cross an item out of J01.

    Args:
        state: the tale.
        item: the item's name.
    Raises:
        RuleError: the hero does not have it.
    """
    items = list(hero(state).items)
    if item not in items:
        raise RuleError(f"the hero has no {item}", "J01")
    items.remove(item)
    return edit(state, items=tuple(items))


def a(word: str) -> str:
    """``word`` after its indefinite article: "a Dash", "an Antidote"."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def add_scroll(state: Tale, scroll: str) -> Tale:
    """Put a scroll in the backpack (J03).

    Args:
        state: the tale.
        scroll: the scroll's name.
    """
    scrolls = tuple(sorted((*hero(state).scrolls, scroll)))
    return record(say(edit(state, scrolls=scrolls), f"got {a(scroll)} scroll"),
                  f"{a(scroll)} scroll")


def drop_scroll(state: Tale, scroll: str) -> Tale:
    """Take a scroll out of the backpack (J03).

    Args:
        state: the tale.
        scroll: the scroll's name.
    Raises:
        RuleError: there is no such scroll in it.
    """
    scrolls = list(hero(state).scrolls)
    if scroll not in scrolls:
        raise RuleError(f"there is no {scroll} scroll in the backpack", "J03")
    scrolls.remove(scroll)
    return edit(state, scrolls=tuple(scrolls))


def push(state: Tale, *tasks: Task) -> Tale:
    """Put tasks on the stack; the last one given is resolved first."""
    return evolve(state, tasks=(*state.tasks, *tasks))


def goto(state: Tale, *codes: str) -> Tale:
    """Read the events in the order given, once what is on the stack above them is done.

    Args:
        state: the tale.
        codes: events such as "E25".
    """
    return push(state, *(Task("goto", c) for c in reversed(codes)))


def pop(state: Tale) -> Tale:
    """Take the awaited task off the stack."""
    return evolve(state, tasks=state.tasks[:-1])


def set_square(state: Tale, i: int, **changes: Any) -> Tale:
    """Change square ``i`` of the map.

    Args:
        state: the tale.
        i: the square (0..35).
        changes: fields of :class:`Square`.
    """
    squares = list(state.squares)
    squares[i] = evolve(squares[i], **changes)
    return evolve(state, squares=tuple(squares))


def write_event(state: Tale, i: int, event: str) -> Tale:
    """Write (or, with "", erase) the EXX of square ``i`` (J02: one event per square).

    Args:
        state: the tale.
        i: the square.
        event: the EXX, or "" to erase it.
    """
    state = set_square(state, i, event=event)
    if event:
        return say(state, f"{event} written on {island.name(i)}")
    return say(state, f"the event on {island.name(i)} is erased")


def final_square(state: Tale) -> Tale:
    """Write the hero's square as today's Final square (J05)."""
    if not state.days:
        return state
    last = evolve(state.days[-1], final=island.name(state.pos))
    return evolve(state, days=(*state.days[:-1], last))


def record(state: Tale, words: str, *, head: bool = False) -> Tale:
    """Write what the day brought on today's line of J05 (see ``DayRecord.results``);
    nothing before the first day (R03's setup).

    Args:
        state: the tale.
        words: a few words ("E05", "a lake on III-1", "+3 gold").
        head: True when it opens a part of the day (an event, a fight...).
    """
    if not state.days:
        return state
    last = state.days[-1]
    entry = ("head" if head else "gain", words)
    return evolve(state, days=(*state.days[:-1], evolve(last, results=(*last.results, entry))))


def day_note(state: Tale, note: str) -> Tale:
    """Write a note on today's line of J05.

    Args:
        state: the tale.
        note: the note.
    """
    if not state.days:
        return state
    last = state.days[-1]
    state = evolve(state, days=(*state.days[:-1], evolve(last, notes=(*last.notes, note))))
    return record(state, note)
