"""Helpless targets: who cannot defend, and the target number an attack on them needs.

The SRD gives no rule for striking a foe who cannot act. d6tui's reading (a marked decision,
listed in :mod:`.rules`): a helpless target makes no Dodge, Block or Parry and holds no full
dodge; the attack's base target number is Very Easy (5, the top of its range as every named
difficulty in d6tui), in both combat systems, moved by range and cover as usual ("Attacking a
Target"). A target is helpless when knocked out (Incapacitated and failed to stay up, or not
yet rolled to stay up), Mortally Wounded, dead, out of Body Points, or held by a spell
(Paralysis, Slumber, Petrify: ``Member.spell_helpless``); further conditions plug in through
:data:`CONDITIONS`.

This module has no Textual imports; it reads the campaign state and never changes it.
"""

from __future__ import annotations

from collections.abc import Callable

from d6tui.games.simple_six import combat, wounds
from d6tui.games.simple_six.difficulty import difficulty_tn
from d6tui.games.simple_six.state import Campaign, Member

#: The difficulty an attack on a helpless target meets before range and cover.
HELPLESS_DIFFICULTY = "Very Easy"

#: Further checks, each ``check(state, member)`` giving why the member cannot defend (a few
#: words: "asleep", "paralysed") or None. A condition that takes a target out of the fight
#: (a Sleep or Hold spell) adds its check here; :func:`helpless_reason` asks each in turn.
CONDITIONS: list[Callable[[Campaign, Member], str | None]] = []


def helpless_reason(state: Campaign, member: Member) -> str | None:
    """Why ``member`` cannot defend himself now, in a few words, or None when he can.

    Args:
        state: the campaign.
        member: the character (a combatant or not).

    Returns:
        ``"dead"``, ``"Mortally Wounded"``, ``"knocked out"``, ``"Incapacitated, not yet
        rolled to stay up"``, a spell's hold (``"asleep (Slumber)"``), a reason from
        :data:`CONDITIONS`, or None ("Wound Level Effects").
    """
    if member.body is not None:
        if member.body.dead:
            return "dead"
    else:
        w = member.wounds
        if w.dead:
            return "dead"
        if w.level == wounds.WoundLevel.MORTALLY_WOUNDED:
            return "Mortally Wounded"
        if w.stay_up_pending:
            return "Incapacitated, not yet rolled to stay up"
        if not w.awake:
            return "knocked out"
    spell = member.spell_helpless  # Paralysis, Slumber, Petrify ("The Grimoire")
    if spell:
        return spell
    for check in CONDITIONS:
        reason = check(state, member)
        if reason:
            return reason
    return None


def is_helpless(state: Campaign, member: Member) -> bool:
    """Whether ``member`` can make no defense (see :func:`helpless_reason`)."""
    return helpless_reason(state, member) is not None


def helpless_tn(range_: str | None = None, cover: int = 0) -> int:
    """The target number of an attack on a helpless target, in either combat system.

    Args:
        range_: the range band, ``"hand_to_hand"`` for brawling and melee, or None.
        cover: percent of the target behind cover (0, 50, 75).

    Returns:
        Very Easy (5) plus range and cover: a blow in hand-to-hand meets 0.

    Raises:
        RuleError: full cover, or an unknown range or cover.
    """
    return combat.static_tn(difficulty_tn(HELPLESS_DIFFICULTY), range_=range_, cover=cover)
