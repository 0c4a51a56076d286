"""Who is in a running fight and when each acts: the combatants' keys, joining and leaving a
fight, the GM setting an initiative total, delaying and holding a turn ("Order of Actions
in a Round").

Each combatant gets a key for the whole fight when he enters it (``1``-``9``, then letters
that no box of the tracker uses for its own keys): the tracker shows it and every picker
takes it, whoever acts, so a key never moves to another combatant when someone falls or
leaves. The SRD orders a round by initiative and says nothing of late arrivals or of
waiting; d6tui's reading (marked decisions):

- A newcomer in a running round rolls initiative as everyone did and takes his place among
  those still to act (or acts next if the round is done with).
- A delay moves the acting combatant to act right after another still to act (or last); a
  held turn takes him out of the order until the GM has him act, before whoever is next;
  a turn still held when the round ends is lost.
- An initiative total the GM sets reorders those still to act; one who has acted keeps his
  place.

Commands return event payloads and raise :class:`RuleError`; :data:`FOLDS` apply them. No
Textual imports.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace

from d6tui.engine.dice import Dice
from d6tui.engine.errors import EventError, RuleError
from d6tui.games.simple_six import heal_focus, reflexes, wounds
from d6tui.games.simple_six.events import member_of, needed, roll_total
from d6tui.games.simple_six.rolling import (
    Luck,
    Typed,
    flat_bonuses,
    magic_modifier,
    make_roll,
    relief_dice,
)
from d6tui.games.simple_six.state import ORDER, Campaign, Combat, own_content
from d6tui.games.simple_six.wild import RollRequest

#: The keys combatants get, in order. Letters the tracker's attack box keeps for itself
#: (weapon, defense, range, cover, hero points, declared, quit, j/k) are left out.
TAG_KEYS = tuple("123456789") + tuple("abefgilmnopstuvyz") + tuple("ABEFGILMNOPSTUVYZ")


def tags_for(taken: Iterable[tuple[str, str]], ids: Iterable[str]) -> tuple[tuple[str, str], ...]:
    """``taken`` with a key for each of ``ids`` that has none: the first keys not used yet
    (``"#53"`` and up past :data:`TAG_KEYS`)."""
    out = list(taken)
    have = {i for i, _t in out}
    used = {t for _i, t in out}
    free = (k for k in itertools.chain(TAG_KEYS, (f"#{n}" for n in itertools.count(
        len(TAG_KEYS) + 1))) if k not in used)
    for who in ids:
        if who not in have:
            out.append((who, next(free)))
            have.add(who)
    return tuple(out)


def by_tag(fight: Combat, tag: str) -> str | None:
    """The combatant whose key is ``tag``, or None."""
    return next((i for i, t in fight.tags if t == tag), None)


def _fight(state: Campaign) -> Combat:
    if state.combat is None:
        raise RuleError("there is no fight going on: start one", ORDER)
    return state.combat


def _initiative_roll(state: Campaign, who: str, rnd: int, dice: Dice | None,
                     typed: Typed | None) -> dict:
    """``who``'s initiative roll for round ``rnd``, as :func:`.rounds.start_round` makes it."""
    m = state.member(who)
    pen = wounds.penalty(m.wounds, rnd, relief=relief_dice(m.sheet)) if m.body is None else 0
    req = RollRequest(m.sheet.attribute("Agility"), wound_dice=pen or 0,
                      modifier=magic_modifier(state, m, "Agility"),
                      flat=flat_bonuses(state, m, "Agility"), label="initiative",
                      wild_alone=True)
    return make_roll(req, state.settings, dice, typed, lucky=Luck()(m))


@own_content
def join_fight(state: Campaign, who: str, *, dice: Dice | None = None,
               typed: Typed | None = None) -> dict:
    """Bring ``who`` into the running fight; in a running round he rolls initiative.

    Args:
        state: the campaign.
        who: a roster entry not in the fight (id or name).
        dice: the app's dice.
        typed: his initiative roll typed from the table.

    Returns:
        A ``combatant_joined`` payload (``roll`` when a round is running).

    Raises:
        RuleError: no fight, he is in it already, or he cannot act.
    """
    fight = _fight(state)
    m = state.member(who)
    if m.id in fight.ids:
        raise RuleError(f"{m.sheet.name} is in this fight already", ORDER)
    if m.out_of_action:
        raise RuleError(f"{m.sheet.name} cannot act and so cannot join the fight", ORDER)
    payload: dict = {"type": "combatant_joined", "who": m.id, "round": fight.round}
    if fight.round:
        payload["roll"] = _initiative_roll(state, m.id, fight.round, dice, typed)
    return payload


@own_content
def leave_fight(state: Campaign, who: str) -> dict:
    """Take ``who`` out of the fight (he fled, or the GM added him by mistake); his key stays
    his for this fight.

    Raises:
        RuleError: no fight, or he is not in it.
    """
    fight = _fight(state)
    m = state.member(who)
    if m.id not in fight.ids:
        raise RuleError(f"{m.sheet.name} is not in this fight", ORDER)
    return {"type": "combatant_left", "who": m.id, "round": fight.round}


def _still_to_act(fight: Combat) -> tuple[str, ...]:
    return fight.order[fight.current + 1:]


@own_content
def set_initiative(state: Campaign, who: str, total: int) -> dict:
    """The GM sets ``who``'s initiative total for this round (a mis-typed roll, a house rule).

    Raises:
        RuleError: no round, ``who`` has acted or is acting this round, or a total below 0.
    """
    fight = _fight(state)
    m = state.member(who)
    if not fight.round:
        raise RuleError("roll initiative for the round first", ORDER)
    if total < 0:
        raise RuleError("an initiative total is 0 or more", ORDER)
    if m.id not in _still_to_act(fight) and m.id not in fight.held:
        raise RuleError(f"{m.sheet.name} has acted or is acting this round: a total is set"
                        " before the combatant's turn", ORDER)
    return {"type": "initiative_set", "who": m.id, "round": fight.round, "total": int(total)}


def _fresh_turn(state: Campaign, verb: str) -> tuple[Combat, str]:
    fight = _fight(state)
    if fight.actor is None:
        raise RuleError("no one is acting: start the next round", ORDER)
    if fight.used:
        name = state.member(fight.actor).sheet.name
        raise RuleError(f"{name} has acted this turn already and cannot {verb} it", ORDER)
    return fight, fight.actor


@own_content
def delay_turn(state: Campaign, after: str | None = None) -> dict:
    """The acting combatant waits and acts right after ``after`` (one still to act), or last
    in the round when ``after`` is None.

    Raises:
        RuleError: no one acting, he has acted this turn, or ``after`` has acted already.
    """
    fight, actor = _fresh_turn(state, "delay")
    payload: dict = {"type": "turn_delayed", "who": actor, "round": fight.round}
    if after is not None:
        a = state.member(after)
        if a.id not in _still_to_act(fight):
            raise RuleError(f"{a.sheet.name} is not still to act this round", ORDER)
        payload["after"] = a.id
    return payload


@own_content
def hold_turn(state: Campaign) -> dict:
    """The acting combatant holds his turn: out of the order until the GM has him act this
    round (:func:`act_held`).

    Raises:
        RuleError: no one acting, or he has acted this turn.
    """
    fight, actor = _fresh_turn(state, "hold")
    return {"type": "turn_held", "who": actor, "round": fight.round}


@own_content
def act_held(state: Campaign, who: str) -> dict:
    """``who``, holding his turn, acts now, before the one whose turn it was.

    Raises:
        RuleError: he holds no turn, or the acting combatant is in the middle of his turn.
    """
    fight = _fight(state)
    m = state.member(who)
    if m.id not in fight.held:
        raise RuleError(f"{m.sheet.name} is not holding a turn", ORDER)
    if fight.actor is not None and fight.used:
        name = state.member(fight.actor).sheet.name
        raise RuleError(f"{name} is in the middle of a turn: {m.sheet.name} acts when it is"
                        " done", ORDER)
    return {"type": "held_turn_taken", "who": m.id, "round": fight.round}


# -- folds ------------------------------------------------------------------------------------


def _same_round(fight: Combat | None, e: dict) -> Combat:
    if fight is None or needed(e, "round") != fight.round:
        raise EventError("this event belongs to a running fight's round")
    return fight


def _reorder_rest(fight: Combat, totals: Mapping[str, int]) -> tuple[str, ...]:
    """The order with those still to act sorted by total, highest first (ties keep their
    places)."""
    done, rest = fight.order[:fight.current + 1], fight.order[fight.current + 1:]
    return done + tuple(sorted(rest, key=lambda i: -totals.get(i, 0)))


def _f_joined(state: Campaign, e: dict) -> Campaign:
    fight = _same_round(state.combat, e)
    who = member_of(state, needed(e, "who")).id
    if who in fight.ids:
        raise EventError(f"{who} is in this fight already")
    fight = replace(fight, ids=(*fight.ids, who), tags=tags_for(fight.tags, (who,)))
    if "roll" in e:
        total = roll_total(e["roll"], "initiative")
        totals = {**dict(fight.totals), who: total}
        if fight.actor is None:  # the round is done with: he acts now
            fight = replace(fight, order=(*fight.order, who))
        else:
            fight = replace(fight, order=_reorder_rest(
                replace(fight, order=(*fight.order, who)), totals))
        fight = replace(fight, totals=tuple(totals.items()))
        fight = reflexes.turn_started(fight) if fight.actor == who else fight
    members = tuple(replace(m, wounds=wounds.new_combat(m.wounds)) if m.id == who else m
                    for m in state.members)
    return replace(state, combat=fight, members=members)


def _f_left(state: Campaign, e: dict) -> Campaign:
    fight = _same_round(state.combat, e)
    who = member_of(state, needed(e, "who")).id
    if who not in fight.ids:
        raise EventError(f"{who} is not in this fight")
    current = fight.current
    if who in fight.order and fight.order.index(who) < current:
        current -= 1
    was_actor = fight.actor == who
    fight = replace(
        fight, ids=tuple(i for i in fight.ids if i != who),
        order=tuple(i for i in fight.order if i != who), current=current,
        totals=tuple(p for p in fight.totals if p[0] != who),
        held=tuple(i for i in fight.held if i != who),
        used=0 if was_actor else fight.used)
    if was_actor:  # his turn ends as he leaves: it counts for Heal's concentration
        fight = reflexes.turn_started(fight)
        state = state._put(heal_focus.turn_ended(member_of(state, who)))
    return replace(state, combat=fight)


def _f_initiative_set(state: Campaign, e: dict) -> Campaign:
    fight = _same_round(state.combat, e)
    who = member_of(state, needed(e, "who")).id
    total = int(needed(e, "total"))
    totals = {**dict(fight.totals), who: total}
    fight = replace(fight, totals=tuple(totals.items()))
    if who in _still_to_act(fight):
        fight = replace(fight, order=_reorder_rest(fight, totals))
    return replace(state, combat=fight)


def _f_delayed(state: Campaign, e: dict) -> Campaign:
    fight = _same_round(state.combat, e)
    who = needed(e, "who")
    if fight.actor != who:
        raise EventError("only the acting combatant delays his turn")
    rest = [i for i in fight.order if i != who]
    after = e.get("after")
    at = rest.index(after) + 1 if after in rest else len(rest)
    rest.insert(at, who)
    return replace(state, combat=reflexes.turn_started(replace(fight, order=tuple(rest))))


def _f_held(state: Campaign, e: dict) -> Campaign:
    fight = _same_round(state.combat, e)
    who = needed(e, "who")
    if fight.actor != who:
        raise EventError("only the acting combatant holds his turn")
    fight = replace(fight, order=tuple(i for i in fight.order if i != who),
                    held=(*fight.held, who))
    return replace(state, combat=reflexes.turn_started(fight))


def _f_held_taken(state: Campaign, e: dict) -> Campaign:
    fight = _same_round(state.combat, e)
    who = needed(e, "who")
    if who not in fight.held:
        raise EventError(f"{who} holds no turn")
    order = list(fight.order)
    order.insert(fight.current, who)
    fight = replace(fight, order=tuple(order), held=tuple(i for i in fight.held if i != who),
                    used=0)
    return replace(state, combat=reflexes.turn_started(fight))


#: The fold of each event this module writes.
FOLDS = {
    "combatant_joined": _f_joined,
    "combatant_left": _f_left,
    "initiative_set": _f_initiative_set,
    "turn_delayed": _f_delayed,
    "turn_held": _f_held,
    "held_turn_taken": _f_held_taken,
}


def describe(event: dict, name: Callable[[str], str]) -> str | None:
    """The log's line for an event of this module (``name(id)`` gives a name), or None for
    another event."""
    t = event.get("type")
    who = name(event.get("who", ""))
    if t == "combatant_joined":
        roll = event.get("roll")
        return f"{who} joined the fight" + (
            f", initiative {roll['total']}" if isinstance(roll, dict) else "")
    if t == "combatant_left":
        return f"{who} left the fight"
    if t == "initiative_set":
        return f"{who}'s initiative was set to {event['total']}"
    if t == "turn_delayed":
        after = event.get("after")
        return f"{who} delayed, to act " + (f"after {name(after)}" if after else "last")
    if t == "turn_held":
        return f"{who} held the turn"
    if t == "held_turn_taken":
        return f"{who} took the held turn"
    if t == "turns_grouped":
        return f"{who} acts now with " + ", ".join(name(i) for i in event.get("with", ()))
    return None



# -- groups of NPCs ---------------------------------------------------------------------------


def group_base(name: str) -> str:
    """The name a numbered NPC shares with his group: ``"Goblin 3"`` -> ``"Goblin"`` (a name
    without a number is its own)."""
    head, _, last = name.rpartition(" ")
    return head if head and last.isdigit() else name


def group_of(state: Campaign, who: str) -> list[str]:
    """``who`` and the rest of his group whose turns come right after his this round, in
    their order: NPCs in the fight of the same name but their number ("Goblin 1" to
    "Goblin 4"), as "add 4 Goblins" names them, up to the first other combatant still able
    to act ("Order of Actions in a Round": highest goes first, so a group acts together only
    where no one else's turn falls between them; the fallen, who are skipped, do not split
    it). A player character, or an NPC with no such fellow next, is a group of one."""
    fight = state.combat
    m = state.member(who)
    if fight is None or not m.sheet.npc:
        return [m.id]
    base = group_base(m.sheet.name)
    if base == m.sheet.name:
        return [m.id]
    rest = []
    for i in _still_to_act(fight):
        other = state.member(i)
        if other.out_of_action:
            continue
        if not other.sheet.npc or group_base(other.sheet.name) != base:
            break
        rest.append(i)
    return [m.id, *rest]


def group_name(state: Campaign, ids: list[str]) -> str:
    """``"Goblins 1, 2, 4"`` for a group, by number (the names joined when they differ)."""
    names = [state.member(i).sheet.name for i in ids]
    base = group_base(names[0])
    if all(group_base(n) != n and group_base(n) == base for n in names):
        numbers = sorted(int(n.rpartition(" ")[2]) for n in names)
        return f"{base}s " + ", ".join(str(n) for n in numbers)
    return ", ".join(names)


@own_content
def group_turns(state: Campaign, ids: list[str]) -> dict:
    """A group acts together on its first member's turn: the others, whose turns come next
    in a row, act right after him, in their order (d6tui's reading: the SRD has each roll
    initiative and the highest act first; acting as a group is a table's habit, marked here,
    that may not jump anyone else's turn).

    Args:
        state: the campaign.
        ids: the acting combatant first, then others still to act this round.

    Raises:
        RuleError: the first is not acting, another has acted or is not in the round, or
            someone else's turn comes between them.
    """
    fight = _fight(state)
    if not ids or fight.actor != state.member(ids[0]).id:
        raise RuleError("a group acts on its first member's turn", ORDER)
    rest = [state.member(i).id for i in ids[1:]]
    for i in rest:
        if i not in _still_to_act(fight):
            raise RuleError(f"{state.member(i).sheet.name} is not still to act this round",
                            ORDER)
    able_next = [i for i in _still_to_act(fight) if not state.member(i).out_of_action]
    if able_next[:len(rest)] != rest:  # no one else's turn may be jumped ("highest first")
        raise RuleError("a group acts together only when its turns come next in a row, with"
                        " no one else's turn between them", ORDER)
    return {"type": "turns_grouped", "who": fight.actor, "round": fight.round, "with": rest}


def _f_grouped(state: Campaign, e: dict) -> Campaign:
    fight = _same_round(state.combat, e)
    rest = list(e.get("with", ()))
    if fight.actor != e.get("who") or not set(rest) <= set(_still_to_act(fight)):
        raise EventError("a group acts on its first member's turn, with those still to act")
    done = fight.order[:fight.current + 1]
    later = [i for i in fight.order[fight.current + 1:] if i not in rest]
    return replace(state, combat=replace(fight, order=(*done, *rest, *later)))


FOLDS["turns_grouped"] = _f_grouped
