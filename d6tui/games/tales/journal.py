"""The tale as text: the island map with box-drawing roads, and the whole journal as
Markdown (for ``d6tui export``). Pure functions of events and state; no Textual.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any

from d6tui.engine.mdtext import escape
from d6tui.engine.notes import NOTE, note_numbers, record_lines
from d6tui.engine.session_dice import again_words
from d6tui.games.tales import island, scoring
from d6tui.games.tales.describe import describe
from d6tui.games.tales.fold import EVENT_TYPES, fold, new_state
from d6tui.games.tales.state import Tale

#: Box-drawing road for each set of exits (compass letters in "NESW" order).
ROAD_GLYPHS = {
    "NESW": "┼", "NEW": "┴", "NES": "├", "ESW": "┬", "NSW": "┤", "NS": "│", "EW": "─",
    "NE": "└", "ES": "┌", "SW": "┐", "NW": "┘", "N": "╵", "E": "╶", "S": "╷", "W": "╴",
    "": "·",
}
#: One letter per terrain on the text map.
TERRAIN_LETTERS = {"plains": "p", "mountains": "m", "forest": "f", "swamp": "s",
                   "village": "V", "castle": "C", "": " "}


def cell(state: Tale, i: int) -> str:
    """Square ``i`` in four characters: road, terrain, event number ("┼C01", "· 12").

    Args:
        state: the tale.
        i: the square.
    """
    sq = state.squares[i]
    road = ROAD_GLYPHS.get(sq.exits, "?") if sq.revealed else "·"
    event = sq.event[1:] if sq.event else "  "
    return f"{road}{TERRAIN_LETTERS.get(sq.terrain, '?')}{event}"


def map_text(state: Tale) -> str:
    """The island (J02) as text: columns I-VI, rows 1-6; ``*`` marks the hero's square.

    Args:
        state: the tale.
    """
    lines = ["     " + "".join(f"{r:<6}" for r in island.ROMAN).rstrip()]
    for row in range(1, island.SIZE + 1):
        cells = []
        for col in range(1, island.SIZE + 1):
            i = island.index(col, row)
            mark = "*" if i == state.pos else " "
            cells.append(cell(state, i) + mark)
        lines.append(f"{row:>3}  " + " ".join(cells).rstrip())
    lines.append("")
    lines.append("p plains  m mountains  f forest  s swamp  V village  C castle  "
                 "NN event ENN  * hero")
    return "\n".join(lines)


def _day_key(state: Tale) -> tuple[int, int]:
    return state.week, state.day


def markdown(title: str, events: Iterable[dict], undone: Collection[int] = ()) -> str:
    """The whole journal as Markdown: the hero, each day's doings with their rolls, fights,
    quests, the final map and the J09 scoring.

    Args:
        title: the tale's title.
        events: the game events and the notes, oldest first.
        undone: the ``seq`` of events that were undone: they are listed struck through
            where they happened, and not folded into the tale.

    Raises:
        EventError: an event does not fit the tale.
    """
    state = new_state({})
    days: list[tuple[tuple[int, int], list[str]]] = [((0, 0), [])]
    events = list(events)
    numbers = note_numbers(events)
    for ev in events:
        if ev.get("type") == NOTE:  # the player's words, quoted at their place
            days[-1][1].append("\n".join(record_lines("- ", ev, ev.get("seq") in undone,
                                                      numbers.get(ev.get("seq")))))
            continue
        if ev.get("seq") in undone:
            days[-1][1].append(f"~~{escape(describe(ev) + again_words(ev))}~~ (undone)")
            continue
        state = fold(state, ev)
        key = _day_key(state)
        if ev.get("type") == "turn_ended":  # the line closes the day it ends
            days[-1][1].append(escape(describe(ev) + again_words(ev)))
            days.append((key, []))
            continue
        if key != days[-1][0]:
            days.append((key, []))
        days[-1][1].append(escape(describe(ev) + again_words(ev)))
    out = [f"# {escape(title)}", ""]
    h = state.hero
    if h is None:
        return "\n".join([*out, "The tale has not begun."]) + "\n"
    out += [
        "## The hero (J01)", "",
        f"{escape(h.name)}, {h.race}. Atk {h.atk}, Dmg {h.dmg}, Spd {h.spd}, HP {h.hp}/{h.max_hp}, "
        f"Poison {h.poison}, Gold {h.gold}, Fame {h.fame}.",
        f"Items: {', '.join(h.items) or 'none'}. Scrolls: {', '.join(h.scrolls) or 'none'}.",
        "",
        "## The days (J05)", "",
    ]
    for (week, day), lines in days:
        if not lines:
            continue
        heading = "Before the first day" if week == 0 else f"Week {week}, day {day}"
        out += [f"### {heading}", ""]
        out += [line if line.startswith("- ") else f"- {line}" for line in lines]
        out.append("")
    if state.fights:
        out += ["## Fights (J06)", "", "| monster | notes | result |", "|---|---|---|"]
        out += [f"| {f.monster} | {f.notes} | {f.result} |" for f in state.fights]
        out.append("")
    if state.quests:
        out += ["## Quests (J04)", "", "| # | recipient | place | kind | done |",
                "|---|---|---|---|---|"]
        out += [f"| {q.qid} | {q.recipient} | {q.place} | {q.kind} | "
                f"{'yes' if q.done else 'no'} |" for q in state.quests]
        out.append("")
    out += ["## The island (J02)", "", "```", map_text(state), "```", ""]
    fame, quests, gold, total = scoring.score(state)
    out += ["## Scoring (J09)", ""]
    if state.over:
        out += [f"Fame {fame} + quests {quests} + gold {gold} = **{total}**: "
                f"{state.status}{' (victory)' if state.won else ''}."]
    else:
        out += [f"The tale goes on; so far fame {fame} + quests {quests} + gold {gold} "
                f"= {total}."]
    return "\n".join(out) + "\n"


def export_markdown(session: Any) -> str:
    """The journal of a session (``d6tui export``): its events, undone ones struck through
    (as the README promises: nothing undone disappears from the record).

    Args:
        session: a :class:`~d6tui.engine.session.Session` of 6x6 Tales.
    """
    entries = [e for e in session.history() if e.event["type"] in EVENT_TYPES
               or e.event["type"] == NOTE]
    undone = {e.event["seq"] for e in entries if e.undone}
    return markdown(session.title, [e.event for e in entries], undone)
