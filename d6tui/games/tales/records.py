"""What the booklet's record pages hold, as functions of the tale: J05's day lines (the
day's results, the rules' notes, the player's notes, the pre-printed day events of the days
ahead), J06's fight lines and J04's quest terms. A screen only lays them out.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from d6tui.games.tales import island
from d6tui.games.tales.state import DayRecord, Quest, Tale


@dataclass(frozen=True)
class DayLine:
    """One line of J05.

    Attributes:
        week: the week (0 for the setup before the first day, R03).
        day: the day of the week.
        day_event: the day event printed for that day (J05), "" for none.
        final: the Final square ("III-4"), "" until the hero stops.
        results: what the day brought, a part a line: "E05: a lake on III-1",
            "fight with the Goblin: defeated, +1 gold".
        rules_notes: what the rules write in Notes (E39's ban, E35's tiredness); the
            results say it too, after the event that wrote it.
        notes: the player's notes written that day.
        when: "past", "today" or "ahead" (a day still to come: only its day event).
    """

    week: int
    day: int
    day_event: str = ""
    final: str = ""
    results: tuple[str, ...] = ()
    rules_notes: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    when: str = "past"

    @property
    def label(self) -> str:
        """"W2 D3", or "Setup" before the first day."""
        return f"W{self.week} D{self.day}" if self.week else "Setup"


#: A square's name as the booklet writes it ("III-1").
_SQUARE = re.compile(r"\b(VI|V|IV|III|II|I)-([1-6])\b")


def with_names(state: Tale, words: str) -> str:
    """``words`` with the player's name after each named square: "a lake on I-1 (Misty
    Lake)".

    Args:
        state: the tale (its squares hold the names).
        words: a few words that may name squares.
    """
    def named(m: re.Match[str]) -> str:
        i = island.parse_name(m.group(0))
        name = state.squares[i].name
        return f"{m.group(0)} ({name})" if name else m.group(0)

    return _SQUARE.sub(named, words)


def results(record: DayRecord, state: Tale | None = None) -> tuple[str, ...]:
    """A day's results, one part of the day each: its head and what it gave
    ("E05: a lake on III-1", "terrain 9: nothing", "terrain 6 → fight with the Goblin:
    defeated, +1 gold").

    Args:
        record: a line of J05 as the rules keep it.
        state: the tale, to add the names the player gave the squares; None for none.
    """
    out: list[str] = []
    head = ""
    gains: list[str] = []

    def close() -> None:
        if head or gains:
            out.append(f"{head}: {', '.join(gains)}" if head and gains else head or
                       ", ".join(gains))

    for kind, words in record.results:
        if kind == "head" and head and not gains:
            head = f"{head} → {words}"  # what led to it: "terrain 6 → fight with the Goblin"
        elif kind == "head":
            close()
            head, gains = words, []
        else:
            gains.append(words)
    close()
    if state is not None:
        return tuple(with_names(state, words) for words in out)
    return tuple(out)


def _note_day(note: Any, per_week: int) -> tuple[int, int]:
    at = getattr(note, "at", {}) or {}
    if "week" in at and "weekday" in at:
        return int(at["week"]), int(at["weekday"])
    day = int(at.get("day", 0) or 0)
    if day <= 0:
        return 0, 0
    return (day - 1) // per_week + 1, (day - 1) % per_week + 1


def last_day(state: Tale) -> tuple[int, int]:
    """The last day the tale can reach: the latest day with a printed day event (E24 of
    week 4 ends the tale, J05), or the end of the current week if that is later."""
    printed = max(state.content.day_events, default=(1, state.content.days_per_week))
    return max(printed, (max(state.week, 1), state.content.days_per_week))


def _next(week: int, day: int, per_week: int) -> tuple[int, int]:
    return (week + 1, 1) if day >= per_week else (week, day + 1)


def j05(state: Tale, notes: Iterable[Any] = ()) -> list[DayLine]:
    """J05 top to bottom in day order: each day played with what it brought and its notes,
    then the days ahead with their printed day events (so E39's bans can be planned for).

    Args:
        state: the tale.
        notes: the player's notes (``Session.notes()``: each with ``text`` and ``at``, the
            anchor of ``GameDefinition.where``: ``week`` and ``weekday``, or ``day``).

    Returns:
        The lines, oldest first; a "Setup" line first when a note was written before day 1.
    """
    per_week = state.content.days_per_week
    by_day: dict[tuple[int, int], list[str]] = {}
    for note in notes:
        by_day.setdefault(_note_day(note, per_week), []).append(str(note.text))
    out: list[DayLine] = []
    if (0, 0) in by_day:
        out.append(DayLine(0, 0, notes=tuple(by_day[(0, 0)])))
    today = (state.week, state.day)
    for rec in state.days:
        key = (rec.week, rec.day)
        when = "today" if key == today and not state.over else "past"
        final = with_names(state, rec.final) if rec.final else ""
        out.append(DayLine(rec.week, rec.day, rec.day_event, final, results(rec, state),
                           rec.notes, tuple(by_day.get(key, ())), when))
    if state.over or not state.week:
        return out
    end = last_day(state)
    key = _next(state.week, state.day, per_week)
    while key <= end:
        out.append(DayLine(key[0], key[1], state.content.day_events.get(key, ""),
                           when="ahead"))
        key = _next(*key, per_week)
    return out


@dataclass(frozen=True)
class FightLine:
    """One line of J06: the monster, its notes, the outcome, and where and when.

    Attributes:
        monster: what it was, with the name the player gave it ("veteran Goblin 'Snag'").
        notes: its abilities ("poison, ambush"), "-" for none.
        result: defeated, fled, broken, teleported, or "" while it goes on.
        when: "W2 D3", "" if unknown (a save from before the field existed).
        square: "III-4".
        hp: the hero's HP before and after ("4→2").
        bonus: the veteran's bonus of R08 ("+1 Atk", "ambush"), "" for none.
    """

    monster: str
    notes: str
    result: str
    when: str
    square: str
    hp: str
    bonus: str


def j06(state: Tale) -> list[FightLine]:
    """J06: every fight fought, oldest first.

    Args:
        state: the tale.
    """
    out = []
    for f in state.fights:
        when = f"W{f.week} D{f.day}" if f.week else ""
        hp = f"{f.hp_before}→{f.hp_after}" if f.week else ""
        monster = f"{f.monster} '{f.name}'" if f.name else f.monster
        square = with_names(state, f.square) if f.square else ""
        out.append(FightLine(monster, f.notes, f.result, when, square, hp, f.bonus))
    return out


def quest_terms(state: Tale, quest: Quest) -> str:
    """The Notes column of J04 for a quest: what completes it and what it gives.

    Args:
        state: the tale.
        quest: a line of J04.
    """
    kind = quest.kind
    if kind == "explore":
        revealed = sum(1 for s in state.squares if s.revealed)
        terms = f"reveal all 36 squares ({revealed} so far); +50 fame and gold (E02)"
    elif kind == "veteran":
        terms = f"beat the veteran on {quest.place} (E19), then a chest (E03)"
    elif kind == "mango":
        try:
            dist = island.distance(island.parse_name(quest.recipient),
                                   island.parse_name(quest.place))
            gold = f"{math.ceil(dist / 2)} gold"
        except ValueError:
            gold = "gold"
        terms = f"bring a Mango to {quest.place} for {gold} (E38)"
    elif kind == "scrolls":
        terms = f"bring two scrolls to {quest.place} for 4 gold and a chest (E22)"
    elif kind == "water":
        still = ", ".join(quest.places) or "none: complete it"
        terms = f"visit {still}; then +50 fame (E04)"
    elif kind == "mirror":
        terms = f"break the mirror (HP {quest.mirror_hp}) at {quest.place} (E07, E30)"
    else:
        terms = ""
    return terms
