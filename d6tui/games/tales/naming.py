"""Names the player gives (as the rulebook invites: R03's portrait and story of the hero,
J02's drawn places, J06's beaten monsters): the checks and the fold of the naming events.

A name changes nothing the rules count: it is written on the booklet (J01, the map, J05,
J06) and in the log, undone like any move, and may be given after the tale is over.
"""

from __future__ import annotations

import unicodedata

from d6tui.engine.errors import RuleError
from d6tui.games.tales import island, sheet
from d6tui.games.tales.state import Tale, evolve

#: The most characters of a name (a place or a monster), and of the hero's look or story.
NAME_MAX, STORY_MAX = 30, 600
#: The naming events (they may follow the end of the tale, E17).
NAMING_EVENTS = frozenset({"hero_described", "place_named", "monster_named"})


def clean(text: object, most: int, what: str, *, lines: bool = False) -> str:
    """A name or a story as it is stored: spaces trimmed; checked.

    Args:
        text: what was typed.
        most: the most characters allowed.
        what: what it names, for the message ("the place's name").
        lines: whether several lines are allowed (the story).

    Raises:
        RuleError: not text, too long, or holding control characters.
    """
    if not isinstance(text, str):
        raise RuleError(f"{what} is text", "R03")
    text = text.replace("\r\n", "\n").strip()
    if not lines:
        text = " ".join(text.split())
    if len(text) > most:
        raise RuleError(f"{what} has at most {most} characters, not {len(text)}", "R03")
    for ch in text:
        if ch not in "\n\t" and unicodedata.category(ch) == "Cc":
            raise RuleError(f"{what} cannot hold control characters", "R03")
    return text


def namable_places(state: Tale) -> list[int]:
    """The squares a place name can be written on: those drawn on the map (revealed, or
    holding an event or a picture, J02)."""
    return [i for i, s in enumerate(state.squares) if s.revealed or s.event or s.site]


def beaten(state: Tale) -> list[int]:
    """The J06 lines (0-based) of the monsters the hero beat, which may be named."""
    return [k for k, f in enumerate(state.fights) if f.result in ("defeated", "broken")]


def hero_described(state: Tale, event: dict) -> Tale:
    """R03: the hero's look (the portrait in words) and story, written on J01."""
    look = clean(event.get("look", ""), STORY_MAX, "the hero's look", lines=True)
    story = clean(event.get("story", ""), STORY_MAX, "the hero's story", lines=True)
    state = sheet.edit(state, look=look, story=story)
    return sheet.say(state, "the hero's portrait and story are written on J01")


def place_named(state: Tale, event: dict) -> Tale:
    """J02: a name written on a square of the map ("" rubs it out)."""
    try:
        i = island.parse_name(str(event.get("square")))
    except ValueError as e:
        raise RuleError(str(e), "J02") from None
    if i not in namable_places(state):
        raise RuleError(f"{island.name(i)} is not drawn on the map yet", "J02")
    name = clean(event.get("name", ""), NAME_MAX, "the place's name")
    state = sheet.set_square(state, i, name=name)
    return sheet.say(state, f"{island.name(i)} is named {name}" if name
                     else f"the name on {island.name(i)} is rubbed out")


def monster_named(state: Tale, event: dict) -> Tale:
    """J06: a name for a monster the hero beat (its line, counted from 1)."""
    k = int(event.get("fight", 0)) - 1
    if k not in beaten(state):
        raise RuleError("only a monster the hero beat can be named (J06)", "J06")
    name = clean(event.get("name", ""), NAME_MAX, "the monster's name")
    fights = list(state.fights)
    fights[k] = evolve(fights[k], name=name)
    state = evolve(state, fights=tuple(fights))
    monster = state.fights[k].monster
    return sheet.say(state, f"the {monster} is remembered as {name}" if name
                     else f"the {monster}'s name is rubbed out")


HANDLERS = {"hero_described": hero_described, "place_named": place_named,
            "monster_named": monster_named}
