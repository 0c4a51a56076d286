"""A Simple Six fight's rounds: starting the fight, initiative each round, passing the
turn and ending the fight ("Order of Actions in a Round").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from d6tui.engine.dice import Dice
from d6tui.engine.errors import RuleError
from d6tui.games.simple_six import combat, wounds
from d6tui.games.simple_six.rolling import (
    Luck,
    Typed,
    flat_bonuses,
    magic_modifier,
    make_roll,
    relief_dice,
)
from d6tui.games.simple_six.state import ORDER, Campaign, own_content
from d6tui.games.simple_six.wild import RollRequest


@own_content
def start_combat(state: Campaign, ids: Sequence[str]) -> dict:
    """Start a fight between the named characters.

    Args:
        state: the campaign.
        ids: the combatants, by id or name.

    Returns:
        A ``combat_started`` payload.

    Raises:
        RuleError: a fight is already on, fewer than two combatants, or an unknown name.
    """
    if state.combat is not None:
        raise RuleError("a fight is already going on", ORDER)
    members = [state.member(i).id for i in ids]
    if len(set(members)) < 2:
        raise RuleError("a fight needs two combatants or more", ORDER)
    return {"type": "combat_started", "ids": list(dict.fromkeys(members))}


@own_content
def start_round(
    state: Campaign,
    actions: Mapping[str, int] | None = None,
    *,
    dice: Dice | None = None,
    typed: Mapping[str, Typed] | None = None,
) -> dict:
    """Declare actions and roll initiative: Agility for each combatant who can act.

    Args:
        state: the campaign.
        actions: id -> actions declared (1 when left out).
        dice: the app's dice.
        typed: id -> the Agility roll typed from the table.

    Raises:
        RuleError: no fight, or a declared count below one.
    """
    fight = state.combat
    if fight is None:
        raise RuleError("start a fight first", ORDER)
    declared = {state.member(k).id: v for k, v in (actions or {}).items()}
    for who, n in declared.items():
        if who not in fight.ids:
            raise RuleError(f"{who} is not in this fight", ORDER)
        combat.action_penalty(n)
    able = [i for i in fight.ids if not state.member(i).out_of_action]
    rnd = fight.round + 1
    rolls = []
    luck = Luck()
    for who in able:
        m = state.member(who)
        pen = wounds.penalty(m.wounds, rnd, relief=relief_dice(m.sheet)) if m.body is None else 0
        agility = m.sheet.attribute("Agility")
        # A badly hurt combatant still takes a place in the order: the wild die alone.
        req = RollRequest(agility, wound_dice=pen or 0,
                          modifier=magic_modifier(state, m, "Agility"),
                          flat=flat_bonuses(state, m, "Agility"), label="initiative",
                          wild_alone=True)
        t = (typed or {}).get(who)
        rolls.append(combat.Initiative(who, make_roll(req, state.settings, dice, t, lucky=luck(m)),
                                       m.sheet.attribute("Agility")))
    order = combat.initiative_order(rolls)
    return luck.mark({"type": "round_started", "round": rnd,
                      "actions": {k: v for k, v in declared.items()},
                      "initiative": [{"who": i.who, "roll": i.roll} for i in order]})


@own_content
def pass_turn(state: Campaign) -> dict:
    """The acting combatant is done; the next one in initiative order acts.

    Raises:
        RuleError: no round is running, or everyone has acted.
    """
    fight = state.combat
    if fight is None or fight.actor is None:
        raise RuleError("everyone has acted: start the next round", ORDER)
    payload: dict = {"type": "turn_passed", "round": fight.round, "who": fight.actor}
    # The fallen are skipped: those next in the order who can no longer act pass with him.
    skipped = []
    for who in fight.order[fight.current + 1:]:
        if not state.member(who).out_of_action:
            break
        skipped.append(who)
    if skipped:
        payload["skipped"] = skipped
    return payload


@own_content
def end_combat(state: Campaign) -> dict:
    """End the fight; its rounds (ten seconds each) go on the campaign clock, so an hour's
    spell cast before it has that much less to run (:mod:`.clock`, "Order of Actions in a
    Round").

    Raises:
        RuleError: there is none.
    """
    if state.combat is None:
        raise RuleError("there is no fight to end", ORDER)
    return {"type": "combat_ended", "round": state.combat.round, "clock": 1}
