"""The GM's moves of a Simple Six campaign in the engine's shape (``GameDefinition.moves``).

They cover the tracker's loop of play: start and end a session (CP for every player
character, or each one's own awards, "Experience"), start a fight with the combatants
picked, roll initiative (with the actions each declares, "Multiple Actions"), attack with
each weapon or bare hands (target, defense, range and cover, asked of
:mod:`.attack_options`, and hero points), pass the turn, the fight's order (join, leave, a
total set, delay, hold, a group acting together: :mod:`.fight_roster`), end the fight, and
let time pass between fights (:mod:`.clock`); healing (:mod:`.care_moves`), magic
(:mod:`.magic_moves`), perks and character points (:mod:`.perk_moves`), vehicles
(:mod:`.vehicle_moves`), checks and wound rolls (:mod:`.roll_moves`), and the roster's
characters made, imported, edited and removed (:mod:`.character_moves`). The dice are the
campaign's wild-die rolls, made by the app; the moves that roll declare
:data:`.move_rolls.ROLLS`, under which the screen hands in the dice typed at the table in
its own prompts. Every move is the GM's (seat 0): players act through the GM at the table.
"""

from __future__ import annotations

from typing import Any

from d6tui.engine.errors import RuleError
from d6tui.engine.game import Choice, Move, Seat
from d6tui.games.simple_six import fight_roster
from d6tui.games.simple_six.attack_options import (
    attack_skill,
    attack_targets,
    defense_options,
    no_defense_reason,
)
from d6tui.games.simple_six.attacks import attack, ready_to_attack, weapon_is_ranged
from d6tui.games.simple_six.care_moves import care_moves
from d6tui.games.simple_six.character_moves import character_moves
from d6tui.games.simple_six.clock import pass_time
from d6tui.games.simple_six.magic_moves import magic_moves
from d6tui.games.simple_six.move_rolls import ROLLS, typed_dice
from d6tui.games.simple_six.perk_moves import perk_moves, roster_moves
from d6tui.games.simple_six.roll_moves import (
    MOST_HERO,
    parse_actions,
    parse_awards,
    roll_moves,
)
from d6tui.games.simple_six.roster import end_session, start_session
from d6tui.games.simple_six.rounds import end_combat, pass_turn, start_combat, start_round
from d6tui.games.simple_six.state import Campaign, slug
from d6tui.games.simple_six.vehicle_moves import vehicle_moves
from d6tui.games.simple_six.view import GM

#: The CP the end of a session may award each character in one move ("Experience": 3-7
#: is usual).
MOST_CP = 20

#: The highest initiative total the GM may set in one move.
MOST_TOTAL = 60

RANGES = (("short", "short"), ("medium", "medium +5"), ("long", "long +10"),
          ("point_blank", "point blank -5"))
COVERS = (("0", "no cover"), ("50", "half +5"), ("75", "three quarters +10"))

#: Hero points one attack may name, the attacker's or the target's (the rules hold each to
#: its cap, "Hero Points", and to what he has).
HERO = tuple((str(n), str(n)) for n in range(MOST_HERO + 1))


def _session_moves(c: Campaign) -> list[Move]:
    if not c.in_session:
        return [Move("start_session", "Start a session", lambda st, dice=None: start_session(st),
                     GM, section="Experience")]

    def finish(st: Campaign, dice: Any = None, cp: str = "0", awards: str = "") -> dict:
        return end_session(st, *parse_awards(st, awards, int(cp)))

    return [Move("end_session", "End the session", finish, GM,
                 (Choice("cp", "CP for each player character",
                         tuple((str(n), str(n)) for n in range(MOST_CP + 1))),
                  Choice("awards", "Each one's own awards, as JSON ({\"id\": {\"cp\": 5,"
                         " \"hero_points\": 1, \"complications\": [\"Enemy\"]}}; empty:"
                         " the CP above for all)", min=0, kind="text", max_length=4000)),
                 section="Experience")]


def _fight_moves(c: Campaign) -> list[Move]:
    fight = c.combat
    if fight is None:
        able = [m for m in c.members if not m.out_of_action]
        if len(able) < 2:
            return []
        who = Choice("who", "Who fights", tuple((m.id, m.sheet.name) for m in able),
                     min=2, max=len(able))
        return [Move("start_fight", "Start a fight",
                     lambda st, dice=None, who=(): start_combat(st, list(who)), GM, (who,),
                     section="Combat")]
    out = [Move("roll_initiative", f"Round {fight.round + 1}: roll initiative",
                lambda st, dice=None, actions="", rolls=None: start_round(
                    st, parse_actions(st, actions), dice=dice, **typed_dice(rolls)), GM,
                (Choice("actions", "Actions declared past one (\"brannoc=2, goblin-1=3\";"
                        " empty: one each)", min=0, kind="text", max_length=400),),
                (ROLLS,), section="Order of Actions in a Round")]
    if fight.actor is not None:
        out += _attack_moves(c, fight.actor)
        out.append(Move("pass_turn", f"{c.member(fight.actor).sheet.name} is done",
                        lambda st, dice=None: pass_turn(st), GM, section="Combat"))
    out += _order_moves(c)
    out.append(Move("end_fight", "End the fight", lambda st, dice=None: end_combat(st), GM,
                    section="Combat"))
    return out


def _named(c: Campaign, ids: Any) -> tuple[tuple[str, str], ...]:
    """Choice options for combatants: each one's key for the fight in front of his name."""
    fight = c.combat
    tag = fight.tag if fight is not None else (lambda _i: "")
    return tuple((i, f"[{tag(i)}] {c.member(i).sheet.name}" if tag(i) else
                  c.member(i).sheet.name) for i in ids)


def _order_moves(c: Campaign) -> list[Move]:
    """The fight's order (:mod:`.fight_roster`): join, leave, a total set, delay, hold, a
    held turn taken, a group acting together."""
    fight = c.combat
    assert fight is not None
    order = "Order of Actions in a Round"
    out = []
    outside = [m.id for m in c.members if m.id not in fight.ids and not m.out_of_action]
    if outside:
        out.append(Move("join_fight", "Add a combatant to the fight",
                        lambda st, dice=None, who="", rolls=None: fight_roster.join_fight(
                            st, who, dice=dice, **typed_dice(rolls)),
                        GM, (Choice("who", "Who joins", _named(c, outside)),), (ROLLS,),
                        section=order))
    out.append(Move("leave_fight", "Take a combatant out of the fight",
                    lambda st, dice=None, who="": fight_roster.leave_fight(st, who), GM,
                    (Choice("who", "Who leaves", _named(c, fight.ids)),), section=order))
    still = [*fight.order[fight.current + 1:], *fight.held]
    if fight.round and still:
        out.append(Move("set_initiative", "Set an initiative total",
                        lambda st, dice=None, who="", total="0": fight_roster.set_initiative(
                            st, who, int(total)), GM,
                        (Choice("who", "Whose", _named(c, still)),
                         Choice("total", "The total", tuple((str(n), str(n))
                                                           for n in range(MOST_TOTAL + 1)))),
                        section=order))
    if fight.actor is not None and not fight.used:
        rest = fight.order[fight.current + 1:]
        out.append(Move("delay_turn", "Delay: act right after another, or last",
                        lambda st, dice=None, after="": fight_roster.delay_turn(
                            st, after or None), GM,
                        (Choice("after", "After whom", (*_named(c, rest), ("", "last"))),),
                        section=order))
        out.append(Move("hold_turn", "Hold the turn", lambda st, dice=None:
                        fight_roster.hold_turn(st), GM, section=order))
        group = fight_roster.group_of(c, fight.actor)
        if len(group) > 1:
            out.append(Move("group_turns", f"{fight_roster.group_name(c, group)} act together"
                            " now", lambda st, dice=None, ids=tuple(group):
                            fight_roster.group_turns(st, list(ids)), GM, section=order))
    if fight.held:
        out.append(Move("act_held", "A held turn is taken now",
                        lambda st, dice=None, who="": fight_roster.act_held(st, who), GM,
                        (Choice("who", "Who", _named(c, fight.held)),), section=order))
    return out


def _attack_moves(c: Campaign, actor: str) -> list[Move]:
    try:
        ready_to_attack(c, actor)
    except RuleError:
        return []
    targets = attack_targets(c, actor)
    if not targets:
        return []
    me = c.member(actor)
    out = []
    for weapon in (*me.sheet.weapons, None):
        ranged = weapon is not None and weapon_is_ranged(weapon)
        skill = attack_skill(me.sheet, weapon, c)
        choices = [Choice("target", "Whom", tuple((t.id, t.sheet.name) for t in targets)),
                   Choice("defense", "The target's defense (if it may make one)",
                          tuple((v, label) for label, v in defense_options(c, ranged)),
                          min=0)]
        if ranged:
            choices += [Choice("range", "Range (Missile Weapon Ranges)", RANGES, min=0),
                        Choice("cover", "Cover (Attacking a Target)", COVERS, min=0)]
        choices += [Choice("hero_points", "The attacker's hero points (Hero Points)",
                           HERO, min=0),
                    Choice("defender_hero_points", "The target's hero points against it",
                           HERO, min=0)]
        if c.settings.combat != "static":
            choices.append(Choice("declared", "Declared with the round's actions",
                                  (("yes", "yes"), ("no", "no: -1D until the next turn")),
                                  min=0))
        name = weapon or "bare hands"
        out.append(Move(attack_move_id(weapon), f"{me.sheet.name} attacks with {name} "
                        f"({skill})", _attacker(actor, weapon, skill), GM, tuple(choices),
                        (ROLLS,), section="Combat"))
    return out


def attack_move_id(weapon: str | None) -> str:
    """The id of the attack move with ``weapon`` (None: bare hands)."""
    return f"attack:{slug(weapon or 'bare hands')}"


def _attacker(actor: str, weapon: str | None, skill: str) -> Any:
    def run(st: Campaign, dice: Any = None, target: str = "", defense: str | None = None,
            range: str | None = None, cover: str | None = None,  # noqa: A002 - the choice
            declared: str | None = None, hero_points: str | None = None,
            defender_hero_points: str | None = None, rolls: Any = None) -> dict:
        kw: dict[str, Any] = {**typed_dice(rolls)}
        if hero_points:
            kw["hero_points"] = int(hero_points)
        if defender_hero_points:
            kw["defender_hero_points"] = int(defender_hero_points)
        t = st.member(target)
        if no_defense_reason(st, t) is None and defense not in (None, "none"):
            kw["defense"] = "dodge" if defense == "full" else defense
            kw["full_dodge"] = defense == "full"
            if st.settings.combat != "static" and defense in ("dodge", "block", "parry"):
                kw["defense_declared"] = declared == "yes"
        if range is not None:
            kw["range_"] = range
        if cover:
            kw["cover"] = int(cover)
        return attack(st, actor, target, skill=skill, weapon=weapon, dice=dice, **kw)

    return run


#: Spans the "let time pass" move names as examples (any span reads: ``3 days``, ``2 h``).
SPANS = ("1 round", "1 min", "10 min", "1 h", "8 h", "1 day", "3 days", "1 week", "2 weeks",
         "5 weeks")


def _time_moves(c: Campaign) -> list[Move]:
    """Let time pass, between fights (:mod:`.clock`)."""
    if c.combat is not None:
        return []

    def run(st: Campaign, dice: Any = None, span: str = "1 h", rest: str = "no",
            rolls: Any = None) -> dict:
        return pass_time(st, span, rest=rest == "yes", dice=dice, **typed_dice(rolls))

    return [Move("time", "Let time pass", run, GM, (
        Choice("span", f"How long ({', '.join(SPANS[2:6])}, 10 rounds...)", kind="text",
               max_length=30, value="1 h"),
        Choice("rest", "Everyone rests, uninterrupted (natural healing)",
               (("no", "no"), ("yes", "yes")), min=0)),
        (ROLLS,), section="Healing")]


def moves(state: Campaign, seat: Seat) -> list[Move]:
    """The GM's moves now (seat 0); players' seats and spectators have none.

    Args:
        state: the campaign.
        seat: 0 for the GM.
    """
    if seat != GM:
        return []
    return [*_session_moves(state), *_fight_moves(state), *_time_moves(state),
            *care_moves(state), *magic_moves(state), *perk_moves(state),
            *vehicle_moves(state), *roster_moves(state), *roll_moves(state),
            *character_moves(state)]
