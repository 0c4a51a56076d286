"""The record of one Simple Six session, or of a chosen stretch of the log: a summary (when
it was played, who was there, the fights, the CP awarded, the time that passed), then what
happened in words, then the party as it stands at the end.

It leaves out the log's bookkeeping (table dice on or off, "finished acting", undo and redo
themselves, and whatever was undone) and spells out the dice's shorthand ("wild die 6+4",
"+6 for a hero point"). The players' version is drawn from what a player's seat may see
(``view(state, seat)``): no NPC statistics in the sheets, no NPC target numbers or Soak in
the lines, no NPC dice. No Textual imports.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from d6tui.engine.errors import RuleError
from d6tui.engine.game import Seat
from d6tui.engine.log import ENGINE_EVENT_TYPES
from d6tui.games.simple_six import clock
from d6tui.games.simple_six.describe import describe, name_of, names_in
from d6tui.games.simple_six.export import sheet_markdown
from d6tui.games.simple_six.fold import fold
from d6tui.games.simple_six.markdown import FACES_SHOWN, HARM_EVENTS, condition_words, harm_words
from d6tui.games.simple_six.record import ROLL_KEYS, rolls_of
from d6tui.games.simple_six.roster import new_state
from d6tui.games.simple_six.state import Campaign
from d6tui.games.simple_six.view import GM, view
from d6tui.words import plural

#: Events the record leaves out: the log's bookkeeping, not the story.
BOOKKEEPING = frozenset({"table_dice_set", "table_dice", "turn_passed", "undone", "redone",
                         "retitled"})


@dataclass(frozen=True)
class Part:
    """The stretch of the log a record covers.

    Attributes:
        first: the ``seq`` of its first event.
        last: the ``seq`` of its last event, or None for up to the end.
        title: how the record names it ("Session 2", "Events 40-95").
    """

    first: int
    last: int | None
    title: str


def session_part(session: Any, number: int | None = None) -> Part:
    """The events of session ``number`` (the latest one when None): from its start to its
    end, or to the end of the log while it runs.

    Raises:
        RuleError: the campaign has had no such session.
    """
    starts = [(e.event["number"], e.event["seq"]) for e in session.history()
              if e.event.get("type") == "session_started" and not e.undone]
    if not starts:
        raise RuleError("no session has been played yet: there is nothing to record",
                        "Experience")
    n = number if number is not None else starts[-1][0]
    first = next((seq for no, seq in starts if no == n), None)
    if first is None:
        raise RuleError(f"there is no session {n}; the last was {starts[-1][0]}", "Experience")
    end = next((e.event["seq"] for e in session.history()
                if e.event.get("type") == "session_ended" and not e.undone
                and e.event.get("number") == n and e.event["seq"] > first), None)
    return Part(first, end, f"Session {n}")


def seq_part(first: int, last: int | None = None) -> Part:
    """The events from ``first`` to ``last`` (``seq`` numbers, both kept).

    Raises:
        RuleError: a range that runs backwards or starts below 1.
    """
    if first < 1 or (last is not None and last < first):
        raise RuleError("a range of events runs from one seq up to a later one", "Campaign")
    return Part(first, last, f"Events {first}-{last}" if last else f"Events from {first}")


# -- the dice in words ------------------------------------------------------------------------


def faces_in_words(roll: dict) -> str:
    """A roll's dice with no shorthand: ``6, 2, 6, 1, wild die 6+4 (a 6 rolled again), +6
    for a hero point``."""
    parts = [", ".join(str(f) for f in roll.get("faces", ()))] if roll.get("faces") else []
    wild = list(roll.get("wild", ()))
    if wild:
        text = "wild die " + "+".join(str(f) for f in wild)
        if len(wild) > 1:
            text += " (a 6 rolled again)" if len(wild) == 2 else " (6s rolled again)"
        parts.append(text)
    for chain in roll.get("cp_wild", ()):
        parts.append("a character point's wild die " + "+".join(str(f) for f in chain))
    if roll.get("pips"):
        parts.append(f"{roll['pips']:+d} pips")
    if roll.get("hero"):
        n = roll["hero"] // 6
        parts.append(f"+{roll['hero']} for {n} hero point{'s' if n != 1 else ''}")
    if roll.get("dropped"):
        parts.append("dropped " + ", ".join(str(f) for f in roll["dropped"]))
    parts += [f"doubled by {p}" for p in roll.get("doubled_by", ())]
    parts += [f"halved by {p}" for p in roll.get("halved_by", ())]
    return ", ".join(parts)


_ROLL_NAMES = {"attack": "attack", "defense": "defense", "damage": "damage",
               "resist": "resistance", "body_roll": "Body Points"}


def dice_in_words(ev: dict, name: Callable[[object], str],
                  keep: Callable[[str], bool] = lambda _key: True) -> str:
    """Every die of an event in words (``attack: 6, 2, wild die 5; damage: ...``); ``keep``
    says which of its rolls to tell (the players' version leaves out the NPCs')."""
    out = []
    for key, roll in rolls_of(ev):
        if not keep(key):
            continue
        label = _ROLL_NAMES.get(key, key) if key in ROLL_KEYS else f"{name(key)}'s roll"
        if key == "roll":
            label = str(roll.get("label") or "roll")
        if key.startswith("counter_"):
            label = key.replace("counter_", "the parrying weapon's ")
        out.append(f"{label}: {faces_in_words(roll)}")
    for check in ev.get("checks", ()):  # the clock's Might rolls (:mod:`.clock`)
        if isinstance(check, dict) and isinstance(check.get("roll"), dict) and keep(
                str(check.get("who", ""))):
            out.append(f"{name(check.get('who', ''))}'s Might: {faces_in_words(check['roll'])}")
    ko = ev.get("knockout")
    if isinstance(ko, dict) and ko.get("faces"):
        out.append(f"minutes knocked out: {', '.join(str(f) for f in ko['faces'])}"
                   f" = {sum(ko['faces'])}")
    elif isinstance(ko, dict) and isinstance(ko.get("total"), int):
        out.append(f"minutes knocked out: {ko['total']} (the total typed)")
    return "; ".join(out)


# -- the record -------------------------------------------------------------------------------


def _roller(ev: dict) -> str | None:
    return ev.get("attacker") or ev.get("who")


def _npc(state: Campaign, who: object) -> bool:
    try:
        return state.member(str(who)).sheet.npc
    except RuleError:
        return False


def _players_line(ev: dict, before: Campaign, after: Campaign) -> str:
    """An event as a player may read it: an attack on an NPC without the NPC's TN or Soak,
    and an NPC's own rolls (initiative, against death, to stay up, a check, the clock's)
    told by what came of them, never their totals."""
    names = names_in(after)
    t, who_id = ev["type"], ev.get("who")
    npc = _npc(before, who_id) or _npc(after, who_id)
    who_name = name_of(who_id, names) if isinstance(who_id, str) else ""
    if t == "round_started":
        order = ", ".join(
            name_of(i["who"], names) if _npc(before, i["who"])
            else f"{name_of(i['who'], names)} {i['roll']['total']}"
            for i in ev["initiative"])
        return f"round {ev['round']}: initiative {order}"
    if t == "combatant_joined" and npc:
        return f"{who_name} joined the fight"
    if t == "mortal_rolled" and npc:
        m = after.member(who_id)
        return f"{who_name} died" if m.wounds.dead else f"{who_name} still lives, Mortally Wounded"
    if t == "stay_up_rolled" and npc:
        return f"{who_name} " + ("was knocked out" if "knockout" in ev else "stayed up")
    if t == "rolled" and npc:
        return f"{who_name} rolled {ev['what']}"
    if t == "time_passed":
        return clock.time_words(ev, lambda i: name_of(i, names),
                                secret=lambda i: _npc(before, i))
    if ev["type"] in ("attacked", "bolt_thrown") and _npc(before, ev.get("target")):
        who = name_of(ev.get("attacker") or ev.get("who"), names)
        what = ev.get("weapon") or ev.get("skill") or "a Lightning Bolt"
        if ev["type"] == "bolt_thrown":
            what = "a Lightning Bolt"
        total = ev["attack"]["total"]
        verdict = "a hit" if ev.get("hit") else "a miss"
        return f"{who} attacked {name_of(ev['target'], names)} with {what}: {total}, {verdict}"
    return describe(ev, names)


def _line(ev: dict, before: Campaign, after: Campaign, players: bool) -> str:
    text = _players_line(ev, before, after) if players else describe(ev, names_in(after))
    hits = ("attacked", "spell_cast", "bolt_thrown")
    who = ev.get("target") if ev["type"] in hits else ev.get("who")
    if ev["type"] in HARM_EVENTS and isinstance(who, str):
        try:
            m, old = after.member(who), before.member(who)
        except RuleError:
            m = old = None
        if m is not None and old is not None and (
                (m.wounds, m.body) != (old.wounds, old.body) or ev["type"] not in hits):
            text += f" \u2192 {m.sheet.name}: {harm_words(m)}"

    def keep(key: str) -> bool:
        if not players:
            return True
        if key in ("defense", "resist") or key.startswith("counter_"):
            owner = ev.get("target") if not key.startswith("counter_") else ev.get("attacker")
        elif key in ROLL_KEYS:
            owner = _roller(ev)
        else:
            owner = key  # initiative and resist rolls are keyed by the roller
        return not _npc(before, owner)

    # a check's own line gives its faces already
    dice = "" if ev["type"] in FACES_SHOWN else dice_in_words(
        ev, lambda i: name_of(i, names_in(after)), keep)
    if dice:
        text += f" ({dice})"
    return after.settings.rename(text)


def _day(at: object) -> str:
    return str(at)[:10] if at else "unknown"


def session_record(session: Any, part: Part | None = None, seat: Seat = GM) -> str:
    """The record of one session (the latest by default) or of a chosen stretch, as Markdown.

    Args:
        session: the campaign's engine session.
        part: what to cover (:func:`session_part`, :func:`seq_part`); None: the latest
            session.
        seat: whose version: the GM's (0, everything) or a player's (1.., or None for a
            spectator): NPC statistics left out as ``view(state, seat)`` leaves them out.

    Returns:
        The Markdown text: a summary, what happened, the party at the end.

    Raises:
        RuleError: no session to record (:func:`session_part`).
    """
    part = part or session_part(session)
    players = seat != GM
    state = new_state(session.header.options)
    summary_names: dict[str, str] = {}
    lines: list[str] = []
    present: list[str] = []
    fights: list[dict] = []
    awards: dict[str, list[str]] = {}
    rounds_passed = 0
    date = None
    end_state = state
    for entry in session.history():
        ev = entry.event
        if ev.get("type") in ENGINE_EVENT_TYPES or entry.undone:
            continue  # the engine's own (undo, titles, table dice, notes) fold nothing
        before = state
        state = fold(state, ev)
        seq = ev.get("seq", 0)
        if seq < part.first or (part.last is not None and seq > part.last):
            continue
        end_state = state
        summary_names.update(names_in(state))
        t = ev["type"]
        date = date or ev.get("at")
        for key in ("who", "attacker", "target", "healer"):
            if isinstance(ev.get(key), str):
                present.append(ev[key])
        present += [str(i) for i in ev.get("ids", ())]
        present += [str(i) for i in dict(ev.get("cp", {}))]
        if t in BOOKKEEPING:
            continue
        if t == "combat_started":
            fights.append({"ids": list(ev["ids"]), "rounds": 0})
            lines += ["", f"### Fight {len(fights)}", ""]
        if t == "combatant_joined" and fights and ev.get("who") not in fights[-1]["ids"]:
            fights[-1]["ids"].append(ev["who"])  # a newcomer is in the fight's list too
        if t == "round_started":
            if fights:
                fights[-1]["rounds"] = int(ev["round"])
            lines += ["", f"#### Round {ev['round']}", ""]
        if t == "combat_ended":
            rounds_passed += int(ev.get("round", 0)) if "clock" in ev else 0
        if t == "time_passed":
            rounds_passed += clock.event_rounds(ev)
        if t == "session_ended":
            # the whole award: a CP for each complication that came up too ("Complications")
            given, came = dict(ev.get("cp", {})), dict(ev.get("complications", {}))
            for who in [*given, *(k for k in came if k not in given)]:
                extra = list(came.get(who, ()))
                awards.setdefault(who, []).append(
                    f"{int(given.get(who, 0)) + len(extra)} CP"
                    + (f" ({len(extra)} for {', '.join(extra)})" if extra else ""))
        if t == "session_started":
            continue
        lines.append(f"- {_line(ev, before, state, players)}")
    shown = view(end_state, seat)
    n = lambda who: name_of(who, summary_names)  # noqa: E731
    pcs = [m for m in shown.members if not m.sheet.npc and m.id in present]
    if not pcs:
        pcs = [m for m in shown.members if not m.sheet.npc]
    met = [m for m in shown.members if m.sheet.npc and m.id in present]
    out = [f"# {session.title}: {part.title}" + (" (players' record)" if players else ""),
           "", f"**Played:** {_day(date)}  ",
           "**Who was there:** " + (", ".join(m.sheet.name for m in pcs) or "nobody")]
    out[-1] += "  "
    if met:
        out.append("**Met:** " + ", ".join(m.sheet.name for m in met) + "  ")
    if fights:
        out.append("**Fights:** " + "; ".join(
            f"{i}. {', '.join(n(x) for x in f['ids'])} ({plural(f['rounds'], 'round')})"
            for i, f in enumerate(fights, 1)) + "  ")
    else:
        out.append("**Fights:** none  ")
    if awards:
        out.append("**CP awarded:** " + ", ".join(
            f"{n(who)} {' '.join(what)}" for who, what in awards.items()) + "  ")
    if rounds_passed:
        out.append(f"**Time that passed:** {clock.span_words(rounds_passed)}  ")
    out += ["", "## What happened", *lines, "", "## The party at the end", ""]
    for m in pcs:
        sheet = sheet_markdown(m.sheet, shown.settings, m.body.current if m.body else None,
                               wounds=harm_words(m)).rstrip("\n")
        rest = condition_words(m).split("  \n")[1:]  # the wounds are on the sheet already
        out += ["##" + sheet, ""] + (["  \n".join(rest), ""] if rest else [])
    if met:
        out += ["## Those met", ""]
        for m in met:
            if players:
                out.append(f"- {m.sheet.name}: {harm_words(m)}")
            else:
                sheet = sheet_markdown(m.sheet, shown.settings,
                                       m.body.current if m.body else None,
                                       wounds=harm_words(m)).rstrip("\n")
                out += ["##" + sheet, ""]
    return "\n".join(out).rstrip("\n") + "\n"
