"""The GM's healing moves of a Simple Six campaign ("Healing", "Potions", "Hero Points",
"Racial Perks"): a Potion of Healing, assisted healing by a healer's Medicine, natural
healing after rest, "just a flesh wound" for a hero point, and the repair of one who does
not heal. Each is a :class:`~d6tui.engine.game.Move` of seat 0 (the GM acts for the table);
:mod:`.moves` lists them with the rest.
"""

from __future__ import annotations

from typing import Any

from d6tui.engine.errors import RuleError
from d6tui.engine.game import Choice, Move
from d6tui.games.simple_six import recovery
from d6tui.games.simple_six.move_rolls import ROLLS, typed_dice
from d6tui.games.simple_six.repair import repair, repairable
from d6tui.games.simple_six.state import Campaign, Member
from d6tui.games.simple_six.view import GM

#: The most minutes one natural healing move may count as rested (a year).
MOST_MINUTES = 525600


def _names(ms: list[Member]) -> tuple[tuple[str, str], ...]:
    return tuple((m.id, m.sheet.name) for m in ms)


def number(text: str, what: str, low: int, high: int, section: str) -> int:
    """``text`` as a whole number from ``low`` to ``high``.

    Raises:
        RuleError: it is not one.
    """
    try:
        n = int(str(text).strip())
    except ValueError:
        raise RuleError(f"{what} is a whole number, not {text!r}", section) from None
    if not low <= n <= high:
        raise RuleError(f"{what} is {low} to {high}, not {n}", section)
    return n


def potion(st: Campaign, dice: Any = None, who: str = "") -> dict:
    """A Potion of Healing drunk by ``who`` ("Potions")."""
    return recovery.heal(st, who, "potion")


def assisted(st: Campaign, dice: Any = None, who: str = "", healer: str = "",
             rolls: Any = None) -> dict:
    """``healer`` treats ``who`` with Medicine, once a day a patient ("Healing")."""
    return recovery.heal(st, who, "assisted", healer=healer, dice=dice, **typed_dice(rolls))


def natural(st: Campaign, dice: Any = None, who: str = "", minutes: str = "",
            rolls: Any = None) -> dict:
    """Natural healing of ``who`` after ``minutes`` of rest (empty: the campaign clock's
    rest) ("Healing")."""
    rested = number(minutes, "the minutes rested", 1, MOST_MINUTES, "Healing") \
        if str(minutes).strip() else None
    return recovery.heal(st, who, "natural", minutes=rested, dice=dice, **typed_dice(rolls))


def flesh(st: Campaign, dice: Any = None, who: str = "") -> dict:
    """"Just a flesh wound": a hero point lowers ``who``'s wound level ("Hero Points")."""
    return recovery.flesh_wound(st, who)


def mend(st: Campaign, dice: Any = None, who: str = "", repairer: str = "", skill: str = "",
         tn: str = "15", rolls: Any = None) -> dict:
    """``repairer`` repairs ``who`` with ``skill`` against the GM's ``tn`` ("Racial Perks":
    the Robot is repaired, not healed)."""
    n = number(tn, "the repair's target number", 1, 100, "Racial Perks")
    return repair(st, who, repairer, skill.strip(), n, dice=dice, **typed_dice(rolls))


def care_moves(c: Campaign) -> list[Move]:
    """The healing moves, once the roster has someone. Each offers every character it is
    made for (wound levels or Body Points; healed or repaired) and the rules refuse, with
    their reason, one who has nothing to heal or a healer who cannot act."""
    if not c.members:
        return []
    everyone = _names(list(c.members))
    levels = _names([m for m in c.members if m.body is None])
    heals = _names([m for m in c.members if not repairable(m)])
    robots = [m for m in c.members if repairable(m)]
    out: list[Move] = []
    if levels:
        out.append(Move("heal_potion", "A Potion of Healing", potion, GM,
                        (Choice("who", "Who drinks it", levels),), section="Potions"))
    if heals:
        out.append(Move("heal_assisted", "Assisted healing (a healer's Medicine)", assisted,
                        GM, (Choice("who", "The patient", heals),
                             Choice("healer", "Who treats him", everyone)),
                        (ROLLS,), section="Healing"))
        out.append(Move("heal_natural", f"Natural healing ({c.settings.rename('Might')},"
                        " after rest)", natural, GM, (
                            Choice("who", "Who has rested", heals),
                            Choice("minutes", "Minutes rested (a day is 1440; empty: the"
                                   " campaign clock's rest)", min=0, kind="text",
                                   max_length=6)),
                        (ROLLS,), section="Healing"))
    if levels:
        out.append(Move("flesh_wound", "Just a flesh wound (a hero point)", flesh, GM,
                        (Choice("who", "Whose wound", levels),), section="Hero Points"))
    if robots:
        lst = c.settings.skills
        default = next((s for s in ("Repair", "Crafts", "Smithing") if lst.canonical(s)),
                       "Wit")
        out.append(Move("repair", "Repair one who does not heal", mend, GM, (
            Choice("who", "Who is repaired", _names(robots)),
            Choice("repairer", "Who works on him", everyone),
            Choice("skill", "With which skill (the GM's call)", kind="text", max_length=40,
                   value=default),
            Choice("tn", "Target number (the GM's)", kind="text", max_length=3,
                   value="15")),
            (ROLLS,), section="Racial Perks"))
    return out
