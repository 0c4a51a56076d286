"""What a defense leaves behind until the defender's next turn: the reflex penalty and a held
full dodge ("Defensive Options", "Static Defenses").

Traditional OpenD6 Combat: a Dodge, Block or Parry made without being declared with the
round's actions costs -1D "until their next turn" (a reflexive dodge "to all actions"); each
such defense adds another -1D. The penalty is kept per combatant in the fight and taken off
every roll the combatant makes (attacks, defenses, checks, casting) until it ends.

Full Dodge (both systems): the dodger "does nothing except dodge until his next turn", and the
result "is useful against any number of attacks". The first attack met with a full dodge
starts it (Traditional rolls Dodge once, and that roll stands); every later attack on the
dodger meets the same dodge, with its own range and cover, and the dodger may not attack or
cast a spell while it holds.

When it ends (a marked decision; the SRD says only "until their next turn"): at the start of
the defender's turn in a later round than the defense. A defense made before the defender's
own turn in a round is part of that round's actions, so its penalty also weighs on that turn
(and a full dodge uses that turn up); the defender's turn in the next round clears it. A
defense made after the defender acted lasts until his turn in the next round, which is his
next turn.

Pure functions on :class:`~d6tui.games.simple_six.state.Combat` (whose records,
:class:`Reflex` and :class:`HeldDodge`, are kept with it); no Textual imports.
"""

from __future__ import annotations

from dataclasses import replace

from d6tui.games.simple_six.state import Combat, HeldDodge, Reflex

#: The SRD section of the reflex penalty and of a Traditional full dodge.
DEFENSIVE_OPTIONS = "Defensive Options"


def reflex_dice(fight: Combat | None, who: str) -> int:
    """Dice of reflex penalty ``who`` carries now (0 out of a fight)."""
    if fight is None:
        return 0
    return sum(r.dice for r in fight.reflex if r.who == who)


def held_dodge(fight: Combat | None, who: str) -> HeldDodge | None:
    """The full dodge ``who`` is holding, or None."""
    if fight is None:
        return None
    return next((d for d in fight.dodging if d.who == who), None)


def add_reflex(fight: Combat, who: str, dice: int = 1) -> Combat:
    """``who`` made a defense without declaring it: ``dice`` more until his next turn."""
    if dice <= 0:
        return fight
    had = reflex_dice(fight, who)
    kept = tuple(r for r in fight.reflex if r.who != who)
    return replace(fight, reflex=(*kept, Reflex(who, had + dice, fight.round)))


def start_full_dodge(fight: Combat, who: str, total: int | None) -> Combat:
    """``who`` starts a full dodge (``total``: the Traditional Dodge roll, None for static)."""
    kept = tuple(d for d in fight.dodging if d.who != who)
    return replace(fight, dodging=(*kept, HeldDodge(who, total, fight.round)))


def turn_started(fight: Combat) -> Combat:
    """The acting combatant's turn begins: what he took on in an earlier round ends."""
    who = fight.actor
    if who is None:
        return fight
    return replace(
        fight,
        reflex=tuple(r for r in fight.reflex if r.who != who or r.round >= fight.round),
        dodging=tuple(d for d in fight.dodging if d.who != who or d.round >= fight.round),
    )


def round_started(fight: Combat) -> Combat:
    """A new round: drop what a combatant with no turn since (one who could not act) still
    carried from two rounds back, then start the first combatant's turn."""
    oldest = fight.round - 1
    fight = replace(fight,
                    reflex=tuple(r for r in fight.reflex if r.round >= oldest),
                    dodging=tuple(d for d in fight.dodging if d.round >= oldest))
    return turn_started(fight)


def reflex_note(dice: int) -> str:
    """The words for the reflex penalty in a roll's breakdown."""
    return f"-{dice}D reflex penalty until the next turn ({DEFENSIVE_OPTIONS})"
