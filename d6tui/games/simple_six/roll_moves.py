"""The GM's moves for a character's own rolls in a Simple Six campaign: a check of any
attribute, skill or specialization ("Dice Basics", "Challenges"), "Halfway There" taken
instead of the roll, and the rolls wounds call for (Stamina to stay up, Might against death:
"Wound Level Effects"). Also the readers of the structured answers other moves take as one
text: the actions declared for a round ("Multiple Actions") and a session's awards
("Experience", "Hero Points", "Complications"). :mod:`.moves` lists these with the rest.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from d6tui.engine.errors import RuleError
from d6tui.engine.game import Choice, Move
from d6tui.games.simple_six import afterroll, checks, recovery, wounds
from d6tui.games.simple_six.attack_options import most_actions
from d6tui.games.simple_six.care_moves import number
from d6tui.games.simple_six.move_rolls import ROLLS, typed_dice
from d6tui.games.simple_six.state import Campaign, Member
from d6tui.games.simple_six.view import GM

#: The most hero points one move may name; the rules then hold each roll to its own cap
#: (Hero Points: 3 a roll under the static rule, 1 under the doubling) and to what he has.
MOST_HERO = 10

#: The most a hero point award at a session's end may give one character.
MOST_HERO_AWARD = 10

#: The most CP a session's end may award one character.
MOST_CP = 20

_NO_YES = (("no", "no"), ("yes", "yes"))


def _names(ms: list[Member]) -> tuple[tuple[str, str], ...]:
    return tuple((m.id, m.sheet.name) for m in ms)


def _target(text: str) -> int | None:
    """A target number typed (empty or 0: none)."""
    if not str(text).strip():
        return None
    return number(text, "the target number", 0, 100, "Challenges") or None


def check(st: Campaign, dice: Any = None, who: str = "", what: str = "", target: str = "",
          hero_points: str = "", appearance: str = "no", rolls: Any = None) -> dict:
    """``who`` rolls ``what`` (an attribute, a skill, ``"Skill: Focus"``, or under
    Independent Skills ``"Attribute + Skill"``) against ``target`` (empty: none), spending
    ``hero_points`` ("Dice Basics", "Hero Points"; the Appearance perk's bonus with
    ``appearance``)."""
    hero = number(hero_points, "the hero points spent", 0, MOST_HERO, "Hero Points") \
        if str(hero_points).strip() else 0
    return checks.roll_check(st, who, what.strip(), target=_target(target), hero_points=hero,
                             appearance=appearance == "yes", dice=dice, **typed_dice(rolls))


def halfway(st: Campaign, dice: Any = None, who: str = "", what: str = "",
            target: str = "") -> dict:
    """``who`` takes the automatic success of "Halfway There" on ``what`` against
    ``target`` instead of rolling."""
    tn = _target(target)
    if tn is None:
        raise RuleError("Halfway There is taken against a target number", "General Perks")
    return afterroll.take_halfway(st, who, what.strip(), tn)


def stay_up(st: Campaign, dice: Any = None, who: str = "", rolls: Any = None) -> dict:
    """The newly Incapacitated ``who``'s Stamina roll to stay up ("Wound Level Effects")."""
    return recovery.stay_up(st, who, dice=dice, **typed_dice(rolls))


def mortal(st: Campaign, dice: Any = None, who: str = "", rolls: Any = None) -> dict:
    """The Mortally Wounded ``who``'s Might roll against death this round ("Wound Level
    Effects")."""
    return recovery.mortal_roll(st, who, dice=dice, **typed_dice(rolls))


def stay_up_due(c: Campaign) -> list[Member]:
    """Those whose Stamina roll to stay up is due ("Wound Level Effects")."""
    return [m for m in c.members if m.wounds.stay_up_pending]


def mortal_due(c: Campaign) -> list[Member]:
    """The Mortally Wounded whose Might roll against death may be made now: once a round in
    a fight, whenever the GM asks outside one ("Wound Level Effects")."""
    rnd = c.combat.round if c.combat is not None else None
    return [m for m in c.members if m.wounds.level == wounds.WoundLevel.MORTALLY_WOUNDED
            and not (rnd is not None and m.wounds.mortal_rolled_round == rnd)]


def roll_moves(c: Campaign) -> list[Move]:
    """The check, Halfway There and the wound rolls due now."""
    if not c.members:
        return []
    everyone = _names(list(c.members))
    what = Choice("what", "What is rolled (an attribute, a skill, \"Skill: Focus\"; under"
                  " Independent Skills \"Attribute + Skill\")", kind="text", max_length=80)
    target = Choice("target", "Target number (empty: none; Moderate is 15)", min=0,
                    kind="text", max_length=3)
    out = [Move("check", "Roll an attribute, skill or specialization", check, GM, (
        Choice("who", "Who rolls", everyone), what, target,
        Choice("hero_points", "Hero points spent (Hero Points)", min=0, kind="text",
               max_length=2),
        Choice("appearance", "The Appearance perk's bonus applies", _NO_YES, min=0)),
        (ROLLS,), section="Dice Basics")]
    if c.settings.wild.halfway_there:
        out.append(Move("halfway", "Take Halfway There instead of rolling", halfway, GM, (
            Choice("who", "Who", everyone), what,
            Choice("target", "Target number", kind="text", max_length=3)),
            section="General Perks"))
    up = stay_up_due(c)
    if up:
        out.append(Move("stay_up", "Stamina roll to stay up (15)", stay_up, GM,
                        (Choice("who", "Who is Incapacitated", _names(up)),), (ROLLS,),
                        section="Wound Level Effects"))
    dying = mortal_due(c)
    if dying:
        out.append(Move("mortal_roll", "Might roll against death", mortal, GM,
                        (Choice("who", "Who is Mortally Wounded", _names(dying)),), (ROLLS,),
                        section="Wound Level Effects"))
    return out


def _pairs(text: str, what: str, section: str) -> list[tuple[str, str]]:
    out = []
    for part in str(text).replace(";", ",").split(","):
        if not part.strip():
            continue
        key, sep, value = part.partition("=")
        if not sep:
            raise RuleError(f"{what}: write id=number, not {part.strip()!r}", section)
        out.append((key.strip(), value.strip()))
    return out


def parse_actions(c: Campaign, text: str) -> dict[str, int]:
    """The actions declared for the next round, typed ``"brannoc=2, goblin-1=3"`` (each id of
    a combatant; left out: one action), checked against what each may declare ("Multiple
    Actions": -1D a roll for each past the first, the best code kept at 1D or more).

    Raises:
        RuleError: not such a list, an id not in the fight, or too many actions.
    """
    fight = c.combat
    out: dict[str, int] = {}
    for who, n in _pairs(text, "the actions declared", "Multiple Actions"):
        if fight is None or who not in fight.ids:
            raise RuleError(f"{who!r} is not in the fight", "Multiple Actions")
        most = most_actions(c, who)
        out[who] = number(n, f"the actions of {c.member(who).sheet.name}", 1, most,
                          "Multiple Actions")
    return {k: v for k, v in out.items() if v != 1}


def actions_text(actions: Mapping[str, int]) -> str:
    """The text :func:`parse_actions` reads for ``actions`` (id -> actions declared)."""
    return ", ".join(f"{k}={v}" for k, v in actions.items())


def parse_awards(c: Campaign, text: str, cp: int) -> tuple[dict, dict, dict]:
    """A session's awards typed as one JSON object, ``{id: {"cp": 5, "hero_points": 1,
    "complications": ["Enemy"]}}``, each entry a player character; one left out gets ``cp``
    ("Experience", "Hero Points", "Complications").

    Returns:
        ``(cp, hero_points, complications)`` by character id, as
        :func:`.roster.end_session` takes them.

    Raises:
        RuleError: not such an object, an id that is not a player character, or a value
            out of range.
    """
    pcs = [m for m in c.members if not m.sheet.npc]
    cps = {m.id: cp for m in pcs}
    hero: dict[str, int] = {}
    came: dict[str, list[str]] = {}
    if not str(text).strip():
        return cps, hero, came
    try:
        got = json.loads(text)
    except ValueError:
        got = None
    if not isinstance(got, dict):
        raise RuleError("the awards are a JSON object: {\"id\": {\"cp\": 5}}", "Experience")
    ids = {m.id: m for m in pcs}
    for who, entry in got.items():
        if who not in ids or not isinstance(entry, dict) or not set(entry) <= {
                "cp", "hero_points", "complications"}:
            raise RuleError(f"{who!r}: an award is for a player character, as cp,"
                            " hero_points and complications", "Experience")
        if "cp" in entry:
            cps[who] = _whole(entry["cp"], "CP", MOST_CP, "Experience")
        if entry.get("hero_points"):
            hero[who] = _whole(entry["hero_points"], "hero points", MOST_HERO_AWARD,
                               "Hero Points")
        listed = entry.get("complications") or []
        if not isinstance(listed, list) or not all(isinstance(x, str) for x in listed):
            raise RuleError(f"{who!r}: complications are a list of names", "Complications")
        if listed:
            came[who] = listed
    return cps, hero, came


def _whole(value: Any, what: str, most: int, section: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
        raise RuleError(f"{what} is a whole number 0 to {most}, not {value!r}", section)
    return value
