"""The tale as a journal worth keeping (``d6tui export --format markdown`` and ``html``).

The paper booklet (J01-J09) filled in by hand, with the player's own words in it: a header
(hero, race, title, dates, how the tale stands), then day by day the player's notes as prose
with that day's mechanics under them in a compact list (each roll and what it gave; undone
steps left out: the full record, ``--format record``, keeps them struck through), then the
island drawn as on screen (J02), the hero's final sheet (J01) and the score (J09).

Pure functions of the session's events and state; no Textual.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from d6tui.engine.mdtext import escape
from d6tui.engine.notes import Note, quote_lines
from d6tui.games.tales import anchor, booklet, island, records, scoring
from d6tui.games.tales.describe import describe
from d6tui.games.tales.fold import EVENT_TYPES, fold, new_state
from d6tui.games.tales.mapcells import CELL_W, square_rows
from d6tui.games.tales.state import Tale


def island_drawing(state: Tale) -> str:
    """The island (J02) drawn as the screen draws it (:mod:`d6tui.games.tales.mapcells`):
    columns I-VI, rows 1-6, each square 7x3 characters with its road in box-drawing lines;
    ``@`` is the hero.

    Args:
        state: the tale.
    """
    lines = ["  " + "".join(r.center(CELL_W) for r in island.ROMAN).rstrip()]
    for row in range(1, island.SIZE + 1):
        rows = ["  ", f"{row} ", "  "]  # the row's number on its middle line
        for col in range(1, island.SIZE + 1):
            i = island.index(col, row)
            for k, part in enumerate(square_rows(state.squares[i], i == state.pos)):
                rows[k] += part[:CELL_W].ljust(CELL_W)
        lines += [r.rstrip() for r in rows]
    lines += ["", "pln plains  mtn mountains  for forest  swp swamp  vlg village  "
              "CST castle", "v1 village number  E05 event  @ the hero  · not yet revealed"]
    return "\n".join(lines)


def _day_of(state: Tale) -> int:
    return int(anchor.where(state)["day"])


def _day_words(state: Tale, day: int) -> str:
    """Where the tale stands in a sentence: "It is day 9, the second day of week 2"."""
    if day == 0:
        return "The first day has not begun"
    per = state.content.days_per_week
    week, weekday = (day - 1) // per + 1, (day - 1) % per + 1
    nth = _ORDINALS[weekday - 1] if weekday <= len(_ORDINALS) else f"{weekday}th"
    return f"It is day {day}, the {nth} day of week {week}"


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh")


def _day_heading(state: Tale, day: int, event: str) -> str:
    if day == 0:
        return "Before the first day"
    per = state.content.days_per_week
    week, weekday = (day - 1) // per + 1, (day - 1) % per + 1
    head = f"Day {day} (week {week}, day {weekday})"
    if event:
        head += f": {event} {booklet.TITLES.get(event, '')}".rstrip()
    return head


def days_of(events: Iterable[dict], undone: Sequence[int] | set[int]) -> tuple[
        Tale, list[tuple[int, str, list[str]]]]:
    """The tale's effective events in words, day by day.

    Args:
        events: the game events, oldest first (engine events left out).
        undone: the seqs undone: left out of the journal.

    Returns:
        The final state, and ``(day, the day's event, [lines])`` for each day that has lines
        (day 0: before the first day); the line that ends a day stays with the day it ends.
    """
    state = new_state({})
    days: list[tuple[int, str, list[str]]] = [(0, "", [])]
    for ev in events:
        if ev.get("seq") in undone:
            continue
        state = fold(state, ev)
        day = _day_of(state)
        line = describe(ev)
        if ev.get("type") == "turn_ended":  # the line closes the day it ends
            days[-1][2].append(line)
            if day != days[-1][0]:
                days.append((day, state.days[-1].day_event if state.days else "", []))
            continue
        if day != days[-1][0]:
            days.append((day, state.days[-1].day_event if state.days else "", []))
        days[-1][2].append(line)
    return state, days


def _when(stamp: Any) -> str:
    return f"{stamp:%Y-%m-%d}" if isinstance(stamp, datetime) else "?"


def journal_markdown(title: str, created: Any, last: Any, events: Iterable[dict],
                     undone: set[int], notes: Sequence[Note]) -> str:
    """The journal as Markdown (see the module docstring).

    Args:
        title: the tale's title.
        created: when the save was made; ``last``: when its last event was written.
        events: the game events, oldest first.
        undone: the seqs undone now.
        notes: the current notes (``Session.notes()``), placed on the day they anchor to.
    """
    state, days = days_of(events, undone)
    out = [f"# {escape(title)}", ""]
    h = state.hero
    if h is None:
        return "\n".join([*out, "The tale has not begun."]) + "\n"
    fame, quests, gold, total = scoring.score(state)
    if state.over:
        fell = " (the hero fell, J01)" if h.hp <= 0 else ""
        standing = (f"The tale is over{fell}: total fame **{state.final_fame}** (J09), "
                    f"{state.status}{' (victory)' if state.won else ''}.")
    else:
        standing = (f"The tale goes on. {_day_words(state, _day_of(state))}; the hero's fame "
                    f"is {fame}, and the total fame would be {total} if it ended now (J09).")
    begun, until = _when(created), _when(last)
    dates = f"begun {begun}" + (f", last written {until}" if until != begun else "")
    out += [f"*6x6 Tales* \u00b7 **{escape(h.name)}**, {h.race} \u00b7 {dates}", "", standing,
            ""]
    by_day: dict[int, list[Note]] = {}
    for note in notes:
        day = note.at.get("day")
        by_day.setdefault(day if isinstance(day, int) else 0, []).append(note)
    seen = {d for d, _, _ in days}
    for day in sorted(set(by_day) - seen):  # notes of a day with no event left
        days.append((day, "", []))
    days.sort(key=lambda d: d[0])
    out += ["## The days (J05)", ""]
    for day, event, lines in days:
        day_notes = by_day.get(day, [])
        if not lines and not day_notes:
            continue
        out += [f"### {_day_heading(state, day, event)}", ""]
        for note in day_notes:
            played = note.at.get("event")  # the event it was written during, if not the day's
            if isinstance(played, str) and played and played != event:
                name = f"{played} {booklet.TITLES.get(played, '')}".rstrip()
                out += [f"*Written during {name}:*", ""]
            out += [*quote_lines(note.text), ""]
        out += [f"- {escape(line)}" for line in lines]
        out.append("")
    out += ["## The island (J02)", "", "```", island_drawing(state), "```", ""]
    named = [(island.name(i), q) for i, q in enumerate(state.squares) if q.name]
    if named:
        out += ["Named places:", ""]
        out += [f"- {sq}: **{escape(q.name)}**"
                + (f" ({q.event} {booklet.TITLES.get(q.event, '')})".rstrip(" ")
                   if q.event and q.event != "E00" else "") for sq, q in named]
        out.append("")
    out += ["## The hero (J01)", "",
            "| | |", "|---|---|",
            f"| Hero | {escape(h.name)}, {h.race} |",
            f"| Atk / Dmg / Spd | {h.atk} / {h.dmg} / {h.spd} |",
            f"| HP | {h.hp} / {h.max_hp} |",
            f"| Poison | {h.poison} |",
            f"| Gold | {h.gold} |",
            f"| Fame | {h.fame} |",
            f"| Items | {', '.join(h.items) or '-'} |",
            f"| Scrolls (J03) | {', '.join(h.scrolls) or '-'} |", ""]
    if h.look:
        out += ["**How the hero looks** (R03):", "", *quote_lines(h.look), ""]
    if h.story:
        out += ["**The hero's story:**", "", *quote_lines(h.story), ""]
    if state.fights:  # the lines the screen's J06 shows (records.j06)
        out += ["## Fights (J06)", "",
                "| day | square | monster | notes | hero's HP | result |",
                "|---|---|---|---|---|---|"]
        out += [f"| {f.when or '-'} | {escape(f.square) or '-'} | {escape(f.monster)}"
                f"{' (' + f.bonus + ')' if f.bonus else ''} | {f.notes} | {f.hp or '-'} | "
                f"{f.result or 'goes on'} |" for f in records.j06(state)]
        out.append("")
    if state.quests:
        out += ["## Quests (J04)", "", "| # | recipient | place | kind | done |",
                "|---|---|---|---|---|"]
        out += [f"| {q.qid} | {q.recipient} | {q.place} | {q.kind} | "
                f"{'yes' if q.done else 'no'} |" for q in state.quests]
        out.append("")
    out += ["## Scoring (J09)", ""]
    if state.over:
        out += [f"Current fame {fame} + fame for quests {quests} + fame for gold {gold} = "
                f"total fame **{total}**: {state.status}{' (victory)' if state.won else ''}."]
    else:
        out += [f"The tale goes on. If it ended now: current fame {fame} + fame for quests "
                f"{quests} + fame for gold {gold} = total fame {total}."]
    return "\n".join(out) + "\n"


def export_journal(session: Any) -> str:
    """The journal of a session of 6x6 Tales (``d6tui export --format markdown``).

    Args:
        session: a :class:`~d6tui.engine.session.Session` of 6x6 Tales.
    """
    entries = [e for e in session.history() if e.event["type"] in EVENT_TYPES]
    undone = {e.event["seq"] for e in entries if e.undone}
    last = session.events[-1].get("at") if len(session.events) else None
    return journal_markdown(session.title, session.header.created, last,
                            [e.event for e in entries], undone, session.notes())
