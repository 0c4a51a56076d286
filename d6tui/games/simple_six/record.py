"""The dice of a Simple Six event, for the tray and the Markdown record: which wild-die rolls
an event holds (in the order they were made) and a short line giving every face.

The README promises that the record keeps every roll; :func:`dice_words` is how the export
shows them without repeating the totals the event's own line already gives.
"""

from __future__ import annotations

from collections.abc import Callable

from d6tui.games.simple_six.vehicle_log import FOLDS as VEHICLE_EVENTS
from d6tui.games.simple_six.vehicle_log import vehicle_rolls

#: The payload keys that hold one wild-die roll, in the order they are made.
ROLL_KEYS = ("attack", "defense", "roll", "damage", "resist", "body_roll")

#: Plain dice (no wild die) an event may hold: the key and its name in the record.
PLAIN_KEYS = (("knockout", "knocked out"), ("recovered", "Body Points"))


def rolls_of(payload: dict) -> list[tuple[str, dict]]:
    """The wild-die rolls of an event payload, in the order they are made, keyed as the command
    takes them typed (``attack``, ``defense``..., or a combatant's id for initiative and for a
    target's resist roll against a spell)."""
    if payload.get("type") in VEHICLE_EVENTS:
        return [(k, r) for k, r in vehicle_rolls(payload) if "wild" in r]
    out: list[tuple[str, dict]] = []
    # a resisted spell: each target's resist roll sets its TN, so it comes first
    for entry in payload.get("targets", ()):
        if isinstance(entry.get("resist"), dict):
            out.append((entry["who"], entry["resist"]))
    for key in ROLL_KEYS:
        value = payload.get(key)
        if key == "defense" and isinstance(value, dict):
            value = value.get("roll")
        if isinstance(value, dict) and "wild" in value:
            out.append((key, value))
    for entry in payload.get("initiative", ()):
        out.append((entry["who"], entry["roll"]))
    counter = payload.get("counter")
    if isinstance(counter, dict):  # a brawler parried with a weapon: its damage, his resist
        out += [(f"counter_{k}", counter[k]) for k in ("damage", "resist")
                if isinstance(counter.get(k), dict)]
    changes = payload.get("changes")
    if isinstance(changes, dict):  # an attack roll changed after it was made: its new hit
        out += rolls_of(changes)
    return out


def main_roll(payload: dict) -> tuple[str, dict] | None:
    """The roll the tray shows first: the caster's Magic roll of a spell (not a target's
    resist roll), otherwise the first roll made; None for an event with no wild-die roll."""
    rolls = rolls_of(payload)
    if not rolls:
        return None
    if payload.get("type") == "spell_cast":
        for key, roll in rolls:
            if key == "roll":
                return key, roll
    return rolls[0]


def faces(roll: dict) -> str:
    """A roll's faces, short: ``6 2 6 1 w2 +3`` (``w6+4`` for a rerolled wild 6, ``cp5`` for
    a character point's wild die, ``+2h`` for hero points)."""
    parts = [str(f) for f in roll.get("faces", ())]
    parts.append("w" + "+".join(str(f) for f in roll.get("wild", ())))
    parts += ["cp" + "+".join(str(f) for f in c) for c in roll.get("cp_wild", ())]
    if roll.get("pips"):
        parts.append(f"{roll['pips']:+d}")
    if roll.get("hero"):
        parts.append(f"+{roll['hero']}h")
    if roll.get("dropped"):
        parts.append("drop " + ",".join(str(f) for f in roll["dropped"]))
    parts += [f"x2 {p}" for p in roll.get("doubled_by", ())]
    parts += [f"/2 {p}" for p in roll.get("halved_by", ())]
    return " ".join(parts)


def dice_words(payload: dict, name: Callable[[object], str]) -> str:
    """Every die of an event on one short line, ``attack 6 2 6 1 w2; damage 3 4 w5``, or ""
    for an event without dice. ``name`` puts a character's id in words (initiative and
    resist rolls are keyed by who rolled them)."""
    out = []
    for key, roll in rolls_of(payload):
        label = key if key in ROLL_KEYS else name(key)
        if key.startswith("counter_"):  # a parried brawler's own hurt
            label = key.replace("_", " ")
        if key == "roll":
            label = str(roll.get("label") or "roll")
        out.append(f"{label} {faces(roll)}")
    for check in payload.get("checks", ()):  # the clock's Might rolls (:mod:`.clock`)
        if isinstance(check, dict) and isinstance(check.get("roll"), dict):
            out.append(f"{name(check.get('who', ''))} Might {faces(check['roll'])}")
    for key, label in PLAIN_KEYS:
        plain = payload.get(key)
        if isinstance(plain, dict) and plain.get("faces"):
            out.append(f"{label} " + " ".join(str(f) for f in plain["faces"]))
        elif isinstance(plain, dict) and isinstance(plain.get("total"), int):
            out.append(f"{label} ={plain['total']}")  # a total typed at the table
    return "; ".join(out)


def spell_targets(payload: dict, name: Callable[[object], str]) -> str:
    """A resisted spell's targets with their own TNs against the caster's Magic roll:
    ``Orc 1 TN 12 held, Goblin 1 TN 13 resisted``; "" when the targets have no TN of their
    own ("The Grimoire": each target's resist roll adds to the spell's TN)."""
    total = payload.get("roll", {}).get("total")
    parts = []
    for entry in payload.get("targets", ()):
        if "tn" not in entry or total is None:
            return ""
        ok = "taken" if total >= entry["tn"] else "resisted"
        parts.append(f"{name(entry['who'])} TN {entry['tn']} {ok}")
    return ", ".join(parts)
