"""Lists of characters for the Simple Six screen's questions: in a fight every combatant is
shown and picked by his key for the fight (the tracker's, :mod:`d6tui.games.simple_six.
fight_roster`), whoever acts and whatever the question, so a key always means one person.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from d6tui.games.simple_six import fight_roster
from d6tui.games.simple_six.state import Campaign, Member
from d6tui.ui.screens.modals import ChoiceModal


def member_keys(c: Campaign, people: Sequence[Member]) -> list[str] | None:
    """Each person's key in a list: his key for the fight, or (not fighting) a key no
    combatant has; None out of a fight (the list is numbered)."""
    fight = c.combat
    if fight is None:
        return None
    extra = fight_roster.tags_for(fight.tags, [m.id for m in people])
    return [dict(extra)[m.id] for m in people]


def member_choice(c: Campaign, title: str, people: Sequence[Member], *,
                  label: Any = None, **kwargs: Any) -> ChoiceModal:
    """A :class:`ChoiceModal` of ``people`` (their ids as values), keyed as
    :func:`member_keys` says. ``label(member)`` gives each row's text (his name)."""
    text = label or (lambda m: m.sheet.name)
    return ChoiceModal(title, [(text(m), m.id) for m in people],
                       keys=member_keys(c, people), **kwargs)


def hero_point_choice(title: str, most: int) -> ChoiceModal:
    """A :class:`ChoiceModal` of 0 to ``most`` hero points ("Hero Points"), each numbered by
    its own value, so ``0`` spends none and ``1`` spends one; the values are the ints."""
    def text(n: int) -> str:
        return "none" if n == 0 else f"{n} hero point{'s' if n > 1 else ''}"
    return ChoiceModal(title, [(text(n), n) for n in range(most + 1)],
                       numbers=list(range(most + 1)))
