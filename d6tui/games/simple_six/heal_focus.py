"""Heal's six turns of concentration ("The Grimoire": the Sorcerer concentrates for six
turns before casting Heal).

The caster begins to concentrate on one patient (``heal_focused``, his action for the turn
in a fight); each of his turns that ends while he concentrates counts one (in a fight at
his ``turn_passed``, a turn held to the round's end or never reached when the next round
starts, or his leaving the fight on his turn: once a round whichever way it ends; between
fights each round of time let pass, :mod:`.clock`). Once six are
counted he may cast Heal on that patient; the cast, success or not, ends the
concentration, as does anything that stops him concentrating (knocked out, Mortally
Wounded, dead). Until the six are done it counts as an action for the multiple-action
penalty, as a spell kept up does ("Concentration (CONC)"). Heal spells in logs written
before this rule fold as they did. No Textual imports.
"""

from __future__ import annotations

from dataclasses import replace

from d6tui.engine.errors import RuleError
from d6tui.games.simple_six.events import count_action, member_of, needed
from d6tui.games.simple_six.healing import heal_spell_tn
from d6tui.games.simple_six.rolling import (
    HEAL_FOCUS_TURNS,
    HEAL_SPELL,
    check_can_cast,
    check_heal_patient,
)
from d6tui.games.simple_six.state import Campaign, Member, own_content

#: Turns of concentration before Heal is cast ("The Grimoire").
HEAL_TURNS = HEAL_FOCUS_TURNS

_G = "The Grimoire"


def turns_left(m: Member, patient: str) -> int:
    """Turns of concentration ``m`` still needs before casting Heal on ``patient``."""
    if m.caster.heal_focus != patient:
        return HEAL_TURNS
    return max(0, HEAL_TURNS - m.caster.heal_turns)


def check_ready(state: Campaign, m: Member, patient: Member) -> None:
    """Refuse a Heal cast before its six turns of concentration on this patient.

    Raises:
        RuleError: he has not concentrated on this patient, or not for six turns yet.
    """
    left = turns_left(m, patient.id)
    if left <= 0:
        return
    if m.caster.heal_focus != patient.id:
        raise RuleError(f"{m.sheet.name} must concentrate on {patient.sheet.name} for"
                        f" {HEAL_TURNS} turns before casting Heal", _G)
    raise RuleError(f"{m.sheet.name} has concentrated {m.caster.heal_turns} of the"
                    f" {HEAL_TURNS} turns Heal needs; {left} to go", _G)


@own_content
def focus(state: Campaign, who: str, patient: str) -> dict:
    """Begin the six turns of concentration before Heal, on one patient ("The Grimoire").

    Args:
        state: the campaign.
        who: the caster; he knows Heal (or carries its scroll) and could cast now.
        patient: who the Heal is for.

    Returns:
        A ``heal_focused`` payload.

    Raises:
        RuleError: he knows no Heal, cannot cast now (his turn, an action left, able to act:
            :func:`.rolling.check_can_cast`), or the patient is one Heal cannot treat
            (no Wounded or worse level, a Robot, Body Points).
    """
    m, p = state.member(who), state.member(patient)
    if HEAL_SPELL not in m.sheet.spells and f"Scroll: {HEAL_SPELL}" not in m.items:
        raise RuleError(f"{m.sheet.name} does not know Heal", "Casting Spells")
    check_can_cast(state, m)
    check_heal_patient(p)
    heal_spell_tn(p.wounds)  # one Heal cannot treat (unharmed, Stunned, dead) is refused now
    return {"type": "heal_focused", "who": m.id, "target": p.id}


def fold_focused(state: Campaign, e: dict) -> Campaign:
    """Fold ``heal_focused``: the caster concentrates on the patient from now (his action)."""
    m = member_of(state, needed(e, "who"))
    p = member_of(state, needed(e, "target"))
    state = state._put(replace(m, caster=replace(m.caster, heal_focus=p.id, heal_turns=0)))
    return count_action(state, m.id)


def turn_ended(m: Member, turns: int = 1) -> Member:
    """``m`` after ``turns`` of his turns passed: his Heal concentration counts them."""
    if m.caster.heal_focus is None or turns <= 0:
        return m
    return replace(m, caster=replace(m.caster, heal_turns=m.caster.heal_turns + turns))


def ended(m: Member) -> Member:
    """``m`` with no Heal concentration (cast, or he could not keep it up)."""
    if m.caster.heal_focus is None:
        return m
    return replace(m, caster=replace(m.caster, heal_focus=None, heal_turns=0))
