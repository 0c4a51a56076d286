"""The campaign's one clock: spans of time typed in natural units, and what happens while
time passes between fights ("Order of Actions in a Round": a round is about ten seconds).

:func:`parse_span` reads "3 days", "2 h", "10 rounds", "1 day 6 h" into rounds;
:func:`span_words` writes rounds back out in words. :func:`pass_time` is the one command
that lets time pass (the ``time_passed`` event); it runs every rule that waits on time, in
the order the time gives them:

- spells and potions of hours end at their minute, those of rounds after their rounds
  ("The Grimoire"), each named in the event for the notice;
- a 10D-minute knockout ends after its minutes (:mod:`.knockout`, "Wound Level Effects");
- the Mortally Wounded roll Might each round, against the minutes spent at that level, until
  one roll falls below them (death) or the time is over ("Wound Level Effects"); rounds
  before the first whole minute cannot kill and are counted without a roll;
- at rest: natural healing, a Might check each time a character has rested as long as his
  level asks (Stunned heals by itself after a minute), with only the spells still working at
  that moment adding to the roll (a Bless of an hour is long over after three days of rest;
  "Healing"); under Body Points a Might check after each full day of rest gives back
  points by its level of success ("Body Points (alternative to Wound Levels)"); an hour of
  rest clears every caster's failed-cast penalty ("Casting Spells");
- a caster concentrating before a Heal counts each round as a turn (:mod:`.heal_focus`).

Every die rolled is stored in the event (``checks``), and the fold runs the same steps with
those rolls, so a save replays identically. Events written before this module (no ``clock``
key) fold as they did: effects end and failures clear, nothing is rolled. No Textual imports.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import replace

from d6tui.engine.dice import Dice, check_roll, table_roll
from d6tui.engine.errors import DiceError, EventError, RuleError
from d6tui.games.simple_six import effects as fx
from d6tui.games.simple_six import heal_focus, magic, perks, wounds
from d6tui.games.simple_six.body_points import bp_heal, bp_recovery
from d6tui.games.simple_six.codes import DieCode
from d6tui.games.simple_six.events import member_of, needed, roll_total
from d6tui.games.simple_six.healing import HEALING
from d6tui.games.simple_six.rolling import code_for, magic_modifier, make_roll
from d6tui.games.simple_six.state import ORDER, Campaign, Member, own_content
from d6tui.games.simple_six.wild import RollRequest
from d6tui.games.simple_six.wounds import ROUNDS_PER_MINUTE, WoundLevel

#: Rounds in each unit a span may be typed in.
UNITS: dict[str, int] = {
    "round": 1, "rounds": 1, "rnd": 1, "rnds": 1, "r": 1,
    "minute": 6, "minutes": 6, "min": 6, "mins": 6, "m": 6,
    "hour": 360, "hours": 360, "hr": 360, "hrs": 360, "h": 360,
    "day": 8640, "days": 8640, "d": 8640,
    "week": 60480, "weeks": 60480, "wk": 60480, "wks": 60480, "w": 60480,
}

#: The longest span one event lets pass (a year): longer is surely a typo.
MOST_ROUNDS = 365 * 8640

#: The version of the clock's rules an event was written under (its ``clock`` key).
CLOCK = 1

_EXAMPLE = 'try "3 days", "2 h" or "10 rounds"'
_PART = re.compile(r"(\d+)\s*([a-z]+)")


def parse_span(text: str) -> int:
    """Read a span of time typed in natural units into rounds of ten seconds.

    Args:
        text: numbers each followed by a unit (round, minute, hour, day, week, or their
            short forms r, m/min, h/hr, d, w/wk), e.g. ``"3 days"``, ``"2h 30m"``.

    Returns:
        The span in rounds (six to the minute).

    Raises:
        RuleError: empty, a number without a unit, an unknown unit, zero, or over a year;
            the message is one line with examples.
    """
    t = text.strip().lower().replace(",", " ").replace(" and ", " ")
    if not t:
        raise RuleError(f"nothing typed: {_EXAMPLE}", ORDER)
    pos, rounds = 0, 0
    for m in _PART.finditer(t):
        if t[pos:m.start()].strip():
            raise RuleError(f"'{text.strip()}' does not read as a time: {_EXAMPLE}", ORDER)
        unit = UNITS.get(m.group(2))
        if unit is None:
            raise RuleError(f"'{m.group(2)}' is not a unit of time: {_EXAMPLE}", ORDER)
        rounds += int(m.group(1)) * unit
        pos = m.end()
    if pos == 0 or t[pos:].strip():
        bare = t[pos:].strip()
        if bare.isdigit():
            raise RuleError(f"'{bare}' needs a unit: {_EXAMPLE}", ORDER)
        raise RuleError(f"'{text.strip()}' does not read as a time: {_EXAMPLE}", ORDER)
    if rounds < 1:
        raise RuleError(f"no time at all: {_EXAMPLE}", ORDER)
    if rounds > MOST_ROUNDS:
        raise RuleError("at most a year passes at once; let it pass in parts", ORDER)
    return rounds


def span_words(rounds: int) -> str:
    """A span of rounds in words: ``"3 days"``, ``"2 hours 30 minutes"``, ``"4 rounds"``.

    Weeks are spoken only when whole; the rest is days, hours, minutes and rounds.
    """
    if rounds <= 0:
        return "no time"
    parts = []
    left = rounds
    if left % UNITS["week"] == 0:
        parts.append((left // UNITS["week"], "week"))
        left = 0
    for unit in ("day", "hour", "minute", "round"):
        n, left = divmod(left, UNITS[unit])
        if n:
            parts.append((n, unit))
    return " ".join(f"{n} {u}{'s' if n != 1 else ''}" for n, u in parts)


def now_rounds(state: Campaign) -> int:
    """The campaign clock in rounds since it began."""
    return state.minutes * ROUNDS_PER_MINUTE + state.clock_rounds


def effects_at(effects: tuple[fx.Effect, ...], start: int, later: int) -> tuple[fx.Effect, ...]:
    """The effects still working ``later`` rounds after the clock read ``start`` rounds: hour
    and day spells end at their minute, round spells after their rounds."""
    at = start + later
    kept = tuple(e for e in effects
                 if e.until is None or e.until * ROUNDS_PER_MINUTE > at)
    return fx.pass_rounds(kept, later) if later else kept


#: Makes one roll for the clock: (member with the effects of that moment, what, target
#: number, label) -> the roll dict.
Roller = Callable[[Campaign, Member, str, int, str], dict]


def _mortal(state: Campaign, m: Member, rounds: int, roller: Roller, start: int,
            checks: list[dict]) -> Member:
    """Roll Might each round for a Mortally Wounded character until he dies or time is up
    ("Wound Level Effects")."""
    w = m.wounds
    for r in range(rounds):
        if w.level != WoundLevel.MORTALLY_WOUNDED:
            break
        minutes = w.mortal_rounds // ROUNDS_PER_MINUTE
        if minutes < 1:  # no roll falls below 0: the first minute cannot kill
            w = replace(w, mortal_rounds=w.mortal_rounds + 1)
            continue
        now = replace(m, effects=effects_at(m.effects, start, r))
        roll = roller(state, now, "Might", minutes, "Might against death")
        checks.append({"who": m.id, "kind": "mortal", "at": r, "tn": minutes, "roll": roll})
        w = wounds.mortal_round(w, int(roll["total"]))
    return replace(m, wounds=w)


def _rest(state: Campaign, m: Member, rounds: int, roller: Roller, start: int,
          checks: list[dict]) -> Member:
    """Natural healing over ``rounds`` of rest: a check each time the level's frequency is
    reached ("Healing")."""
    data = m.sheet.perk_data()
    if not all(p.heals for p in data):
        return m  # a Robot is repaired, never healed ("Racial Perks")
    extra = sum(p.healing_tn for p in data)
    w, t = m.wounds, 0
    while w.level not in (WoundLevel.UNHARMED, WoundLevel.DEAD):
        row = HEALING[w.level]
        need = row.minutes * ROUNDS_PER_MINUTE - w.rested_rounds
        if need > rounds - t:
            w = replace(w, rested_rounds=w.rested_rounds + rounds - t)
            break
        t += need
        if row.might_tn is None:
            checks.append({"who": m.id, "kind": "healing", "at": t,
                           "level": w.level.label})
            w = wounds.heal_one_level(w)
            continue
        tn = row.might_tn + extra
        now = replace(m, effects=effects_at(m.effects, start, t))
        roll = roller(state, now, "Might", tn, "Might to heal")
        checks.append({"who": m.id, "kind": "healing", "at": t, "tn": tn,
                       "level": w.level.label, "roll": roll})
        if int(roll["total"]) >= tn:
            w = wounds.heal_one_level(w)
        else:
            w = replace(w, rested_rounds=0)
    return replace(m, wounds=w)


#: Rounds of rest before each Body Points healing check ("a full day of rest").
BP_REST_ROUNDS = 24 * 60 * ROUNDS_PER_MINUTE

#: Rolls the plain dice of Body Points recovered: (dice) -> the roll dict.
Plain = Callable[[int], dict]


def _rest_bp(state: Campaign, m: Member, rounds: int, roller: Roller, plain: Plain,
             start: int, checks: list[dict]) -> Member:
    """Body Points over ``rounds`` of rest: a Might check after each full day, its level of
    success giving back points ("Body Points (alternative to Wound Levels)")."""
    body = m.body
    if body is None or body.dead or not all(p.heals for p in m.sheet.perk_data()):
        return m
    t = 0
    while body.current < body.maximum:
        need = BP_REST_ROUNDS - body.rested_rounds
        if need > rounds - t:
            body = replace(body, rested_rounds=body.rested_rounds + rounds - t)
            break
        t += need
        now = replace(m, effects=effects_at(m.effects, start, t))
        roll = roller(state, now, "Might", 0, "Might to heal")
        check: dict = {"who": m.id, "kind": "body_points", "at": t, "roll": roll}
        checks.append(check)
        got = bp_recovery(int(roll["total"]))
        rec = plain(got.dice) if isinstance(got, DieCode) else None
        if rec is not None:
            check["recovered"] = rec
        body, _rec = bp_heal(body, int(roll["total"]),
                             faces=rec["faces"] if rec is not None else None)
        body = replace(body, rested_rounds=0)
    else:
        body = replace(body, rested_rounds=0)  # whole again: the count starts afresh
    return replace(m, body=body)


def run(state: Campaign, rounds: int, rest: bool, roller: Roller,
        plain: Plain | None = None) -> tuple[Campaign, list[dict]]:
    """Let ``rounds`` pass for everyone: what :func:`pass_time` records and the fold replays.

    Args:
        state: the campaign, between fights.
        rounds: rounds of ten seconds.
        rest: everyone rests, uninterrupted.
        roller: makes each roll (the app's dice in the command, the stored rolls in the fold).
        plain: rolls the plain dice of Body Points recovered (the same two sources).

    Returns:
        ``(campaign after the time, the checks rolled)``; the knockouts are left to
        :mod:`.knockout`, which reads the event's time after its fold.
    """
    start = now_rounds(state)
    checks: list[dict] = []
    members = []
    for orig in state.members:
        hurt = orig
        if orig.body is None:  # the rolls read the effects of their own moment
            hurt = _mortal(state, orig, rounds, roller, start, checks)
            if rest:
                hurt = _rest(state, hurt, rounds, roller, start, checks)
        elif rest and plain is not None:
            hurt = _rest_bp(state, orig, rounds, roller, plain, start, checks)
        caster = magic.rest(orig.caster, rounds // ROUNDS_PER_MINUTE) if rest else orig.caster
        after = replace(orig, wounds=hurt.wounds, body=hurt.body, caster=caster,
                        effects=effects_at(orig.effects, start, rounds))
        if orig.caster.heal_focus is not None and not orig.out_of_action:
            after = heal_focus.turn_ended(after, rounds)  # a round is a turn ("Heal")
        members.append(after)
    end = start + rounds
    return replace(state, members=tuple(members), minutes=end // ROUNDS_PER_MINUTE,
                   clock_rounds=end % ROUNDS_PER_MINUTE), checks


def ended_effects(state: Campaign, rounds: int) -> list[dict]:
    """The spells that run out in ``rounds`` from now: ``{"who", "spell"}`` each."""
    start = now_rounds(state)
    out = []
    for m in state.members:
        left = {e.cast for e in effects_at(m.effects, start, rounds)}
        out += [{"who": m.id, "spell": e.spell} for e in m.effects if e.cast not in left]
    return out


@own_content
def pass_time(state: Campaign, span: str | int, *, rest: bool = False,
              dice: Dice | None = None, typed_for: Collection[str] = (),
              typed: Sequence[tuple[list[int], list[int]]] = (),
              typed_plain: Sequence[list[int]] = ()) -> dict:
    """Let time pass for the whole campaign (see the module's list of what it runs).

    Args:
        state: the campaign, between fights.
        span: how long, typed ("3 days", "2 h", "10 rounds"; :func:`parse_span`), or whole
            minutes as a number.
        rest: everyone rests, uninterrupted: natural healing and the end of the failed-cast
            penalty ("Healing", "Casting Spells").
        dice: the app's dice for the checks the time brings (Might to heal, Might against
            death).
        typed_for: the ids whose checks are thrown at the table (table dice on for their
            side); their rolls come from ``typed`` and ``typed_plain`` in order, and the app's
            dice stand in for any not typed yet (so a caller learns the next one to ask).
        typed: ``(ordinary faces, wild faces)`` of each such Might roll, in the order due.
        typed_plain: the faces of each such Body Points recovery (the dice a Might
            check gives back), in order.

    Returns:
        A ``time_passed`` payload: ``minutes`` and ``rounds`` (the span: whole minutes and the
        rounds left over), ``rest``, ``clock``, the ``checks`` rolled, and for the log's
        words the spells ``ended`` and the knocked-out who ``woke``.

    Raises:
        RuleError: a fight is going on (rounds pass in a fight), or a span that does not
            read (:func:`parse_span`).
        DiceError: a check is due and no dice were given.
    """
    if state.combat is not None:
        raise RuleError("time passes between fights; in a fight rounds pass (r)", ORDER)
    if isinstance(span, str):
        rounds = parse_span(span)
    else:
        if span < 1:
            raise RuleError("time passes in whole minutes, one or more", ORDER)
        rounds = int(span) * ROUNDS_PER_MINUTE

    rolls, plains = list(typed), list(typed_plain)
    at_table = [False]  # the check being made is thrown at the table

    def roll(st: Campaign, m: Member, what: str, tn: int, label: str) -> dict:
        code = code_for(st, m, "Might")  # Toughness under "No Attributes"
        at_table[0] = m.id in typed_for
        given = rolls.pop(0) if at_table[0] and rolls else None
        return make_roll(RollRequest(code, target=tn or None, label=label,
                                     modifier=magic_modifier(st, m, what),
                                     flat=fx.roll_flat(m.effects)
                                     + perks.skill_bonuses(m.sheet, what)),
                         st.settings, dice, given)

    def plain(count: int) -> dict:
        if at_table[0] and plains:
            return table_roll(list(plains.pop(0)), count)
        if dice is None:
            raise DiceError(f"roll {count}D for the Body Points recovered")
        return dice.roll(count)

    _after, checks = run(state, rounds, rest, roll, plain)
    payload: dict = {"type": "time_passed", "minutes": rounds // ROUNDS_PER_MINUTE,
                     "clock": CLOCK}
    if rounds % ROUNDS_PER_MINUTE:
        payload["rounds"] = rounds % ROUNDS_PER_MINUTE
    if rest:
        payload["rest"] = True
    if checks:
        payload["checks"] = checks
    ended = ended_effects(state, rounds)
    if ended:
        payload["ended"] = ended
    woke = [m.id for m in state.members if m.body is None and not m.wounds.awake
            and wounds.time_out(m.wounds, rounds).awake]
    if woke:
        payload["woke"] = woke
    return payload


def event_rounds(event: dict) -> int:
    """The rounds a ``time_passed`` event lets pass (its minutes, and rounds if any)."""
    return (max(0, int(event.get("minutes", 0))) * ROUNDS_PER_MINUTE
            + max(0, int(event.get("rounds", 0))))


def fold_time(state: Campaign, e: dict) -> Campaign:
    """Fold a ``time_passed`` event written by :func:`pass_time` (it has ``clock``): the same
    steps with the stored rolls, checked in order.

    Raises:
        EventError: a roll the time called for is missing, or does not add up.
    """
    # a Stunned level heals with no roll: only the checks with a roll feed the roller
    stored = [c for c in e.get("checks", ()) if isinstance(c, dict) and "roll" in c]

    def roll(st: Campaign, m: Member, what: str, tn: int, label: str) -> dict:
        if not stored:
            raise EventError(f"the time passed needs a {label} roll for {m.sheet.name}")
        check = stored.pop(0)
        if member_of(st, check.get("who")).id != m.id:
            raise EventError(f"the time passed has its rolls out of order ({m.sheet.name})")
        r = needed(dict(check, type="time_passed"), "roll")
        roll_total(r, label)
        return r

    last: list[dict] = []
    fed = roll

    def roll_kept(st: Campaign, m: Member, what: str, tn: int, label: str) -> dict:
        last[:] = [stored[0]] if stored else []
        return fed(st, m, what, tn, label)

    def plain(count: int) -> dict:
        rec = last[0].get("recovered") if last else None
        if not isinstance(rec, dict):
            raise EventError("the time passed needs the Body Points recovered")
        check_roll(rec, sides=6, count=count)
        return rec

    after, _checks = run(state, event_rounds(e), bool(e.get("rest", False)), roll_kept,
                         plain)
    return after


def _at_words(rounds: int) -> str:
    """When in the span a check came: ``"after 3 days"``."""
    return f"after {span_words(rounds)}"


def time_words(event: dict, n: Callable[[object], str],
               secret: Callable[[object], bool] | None = None) -> str:
    """A ``time_passed`` event in words for the log and the record (``n`` puts an id in
    words): the span spelled out, then what the time brought, in the order it came.
    ``secret(id)`` true for one whose dice are the GM's (an NPC, in the players' record):
    what came of his rolls is said without their totals."""
    hidden = secret or (lambda _who: False)
    text = span_words(event_rounds(event)) + " passed" + (" at rest" if event.get("rest")
                                                         else "")
    out = []
    ended: dict[str, list[str]] = {}
    for x in event.get("ended", ()):
        ended.setdefault(str(x["spell"]), []).append(n(x["who"]))
    out += [f"{spell} ended on {', '.join(whom)}" for spell, whom in ended.items()]
    for c in event.get("checks", ()):
        who, at = n(c.get("who", "")), _at_words(int(c.get("at", 0)))
        if c.get("kind") == "mortal":
            total, tn = int(c["roll"]["total"]), int(c["tn"])
            if total < tn:
                out.append(f"{who} died ({at})" if hidden(c.get("who")) else
                           f"{who} died: Might {total} below the {tn} minutes Mortally"
                           f" Wounded ({at})")
        elif c.get("kind") == "body_points" and hidden(c.get("who")):
            out.append(f"{who} rested a day ({at})")
        elif "roll" in c and c.get("kind") != "body_points" and hidden(c.get("who")):
            total, tn = int(c["roll"]["total"]), int(c["tn"])
            verdict = "healed a level" if total >= tn else "did not heal"
            out.append(f"{who} ({c.get('level', '')}) {verdict} ({at})")
        elif c.get("kind") == "body_points":
            back = sum(c["recovered"]["faces"]) if "recovered" in c else bp_recovery(
                int(c["roll"]["total"]))
            out.append(f"{who} rested a day: Might {c['roll']['total']}, {back} Body Points"
                       f" back ({at})")
        elif "roll" in c:
            total, tn = int(c["roll"]["total"]), int(c["tn"])
            verdict = "healed a level" if total >= tn else "did not heal"
            out.append(f"{who} ({c.get('level', '')}) {verdict}: Might {total} vs {tn} ({at})")
        else:
            out.append(f"{who} is no longer {c.get('level', 'Stunned')} ({at})")
    survived = {c["who"] for c in event.get("checks", ()) if c.get("kind") == "mortal"} - {
        c["who"] for c in event.get("checks", ()) if c.get("kind") == "mortal"
        and int(c["roll"]["total"]) < int(c["tn"])}
    out += [f"{n(w)} still lives, Mortally Wounded" for w in sorted(survived)]
    out += [f"{n(w)} came to" for w in event.get("woke", ())]
    return text + (": " + "; ".join(out) if out else "")
