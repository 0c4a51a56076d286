"""Sorcerer's Tools and the enchanted items with numbers ("Sorcerer's Tools", "Making
Sorcerer's Tools", "Enchanted Items").

A tool works only once attuned: three days kept close after it is found (the campaign clock,
``Campaign.minutes``, moved by "time passes"). A tool its maker finished is attuned already
(decision: he kept it close through the weeks of work). Using its bonus is not an action.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from d6tui.engine.errors import RuleError
from d6tui.games.simple_six.codes import ZERO, DieCode
from d6tui.games.simple_six.effects import DAY

_TOOLS = "Sorcerer's Tools"
_MAKING = "Making Sorcerer's Tools"

#: Days a found tool must be kept close before it works.
ATTUNE_DAYS = 3


@dataclass(frozen=True)
class ToolKind:
    """A tool of the tables.

    Attributes:
        name: the tool.
        bonus: dice added to Magic.
        spells: the spells it helps (empty: the wand's own spell, or any for the staff).
        cost: price band, as the SRD writes it.
        weeks: weeks of work to make it.
        cp: character points spent when it is made.
        tn: the Magic roll's TN to make it.
    """

    name: str
    bonus: DieCode
    spells: tuple[str, ...]
    cost: str
    weeks: int
    cp: int
    tn: int


KINDS: dict[str, ToolKind] = {
    "Cloak": ToolKind("Cloak", DieCode.of(2), ("Fly", "Teleport"), "$$$", 4, 20, 30),
    "Crystal Ball": ToolKind("Crystal Ball", DieCode.of(3), ("Clairvoyance", "Divination"),
                             "$$$$", 8, 30, 35),
    "Magic Wand": ToolKind("Magic Wand", DieCode.of(1), (), "$$", 2, 10, 25),
    "Spell Staff": ToolKind("Spell Staff", DieCode.of(1), (), "$$$", 4, 15, 30),
}

#: Enchanted items with numbers: name -> (what the bonus is to, dice) ("Enchanted Items").
ITEMS: dict[str, tuple[str, DieCode]] = {
    "Shield of Faith": ("resist magic", DieCode.of(1)),
    "Axe of Dwarf Mercy": ("damage vs Goblins and Orcs", DieCode.of(1)),
    "Valiant Sword": ("Command", DieCode.of(1)),
    "Cloak of Stealth": ("Stealth", DieCode.of(1)),
    "Ring of Slyness": ("Persuasion", DieCode.of(1)),
}


@dataclass(frozen=True)
class Tool:
    """A tool a character owns.

    Attributes:
        kind: the tool's name (a key of :data:`KINDS`).
        spell: the wand's spell.
        since: the campaign minute it came to hand (attuned three days later), or None when
            its maker made it (attuned already).
        staff_day: the day (campaign minute // 1440) the staff's bonus was last used, or None.
    """

    kind: str
    spell: str = ""
    since: int | None = None
    staff_day: int | None = None

    def attuned(self, now: int) -> bool:
        """Three days have passed with it close ("Sorcerer's Tools")."""
        return self.since is None or now - self.since >= ATTUNE_DAYS * DAY

    def label(self, now: int) -> str:
        """``"Magic Wand (Fly)"``, with ``attuning`` while it is not yet attuned."""
        text = f"{self.kind} ({self.spell})" if self.spell else self.kind
        if not self.attuned(now):
            left = ATTUNE_DAYS * DAY - (now - (self.since or 0))
            text += f" attuning, {-(-left // 60)} h"
        elif self.kind == "Spell Staff" and self.staff_day == now // DAY:
            text += " used today"
        return text


def kind(name: str) -> ToolKind:
    """The tool called ``name`` (any case).

    Raises:
        RuleError: no such tool.
    """
    for k in KINDS.values():
        if k.name.lower() == name.strip().lower():
            return k
    raise RuleError(f"there is no Sorcerer's Tool '{name}' (Cloak, Crystal Ball, Magic Wand,"
                    " Spell Staff)", _TOOLS)


def check_new(name: str, spell: str, known: tuple[str, ...] | None = None) -> ToolKind:
    """Check a tool being found or made: a wand names its one spell.

    Raises:
        RuleError: an unknown tool, or a wand without its spell.
    """
    k = kind(name)
    if k.name == "Magic Wand" and not spell:
        raise RuleError("a Magic Wand is made for one spell: name it", _TOOLS)
    return k


def magic_bonus(tools: tuple[Tool, ...], spell: str, now: int, *, staff: bool = False
                ) -> tuple[DieCode, list[str]]:
    """Dice the attuned tools add to a Magic roll for ``spell``.

    Args:
        tools: the caster's tools.
        spell: the spell cast.
        now: the campaign minute.
        staff: the caster calls on the Spell Staff's daily die.

    Returns:
        ``(bonus, reasons)``.

    Raises:
        RuleError: the staff was asked for but is not attuned, missing, or used today.
    """
    total = ZERO
    why: list[str] = []
    for t in tools:
        if not t.attuned(now) or t.kind == "Spell Staff":
            continue
        k = KINDS[t.kind]
        if spell in k.spells or (t.kind == "Magic Wand" and t.spell == spell):
            total, why = total + k.bonus, [*why, f"{t.kind} +{k.bonus}"]
    if staff:
        staffs = [t for t in tools if t.kind == "Spell Staff" and t.attuned(now)]
        if not staffs:
            raise RuleError("no attuned Spell Staff to call on", _TOOLS)
        if all(t.staff_day == now // DAY for t in staffs):
            raise RuleError("the Spell Staff's die is used once a day; it was used today",
                            _TOOLS)
        total, why = total + KINDS["Spell Staff"].bonus, [*why, "Spell Staff +1D"]
    return total, why


def use_staff(tools: tuple[Tool, ...], now: int) -> tuple[Tool, ...]:
    """Mark the first unused attuned staff as used today."""
    out, done = [], False
    for t in tools:
        if (not done and t.kind == "Spell Staff" and t.attuned(now)
                and t.staff_day != now // DAY):
            t, done = replace(t, staff_day=now // DAY), True
        out.append(t)
    return tuple(out)


def item(name: str) -> str:
    """The enchanted item called ``name`` as the tables spell it.

    Raises:
        RuleError: no such item with numbers.
    """
    for known in ITEMS:
        if known.lower() == name.strip().lower():
            return known
    raise RuleError(f"there is no enchanted item '{name}' ({', '.join(ITEMS)})",
                    "Enchanted Items")


def item_bonus(items: tuple[str, ...], what: str) -> DieCode:
    """Dice the carried items add to a roll of ``what`` (a skill, or ``"resist magic"``):
    Valiant Sword +1D Command, Cloak of Stealth +1D Stealth, Ring of Slyness +1D Persuasion,
    Shield of Faith +1D to resist magic ("Enchanted Items", "Other Items")."""
    skill = what.partition(":")[0].strip().lower()
    total = ZERO
    for name in set(items):
        if name in ITEMS and ITEMS[name][0].lower() == skill:
            total = total + ITEMS[name][1]
    return total


#: Whom the Axe of Dwarf Mercy strikes harder: names holding one of these words.
AXE_FOES = ("goblin", "orc")


def weapon_bonus(items: tuple[str, ...], weapon: str, target_name: str) -> DieCode:
    """The Axe of Dwarf Mercy's +1D damage against Goblins and Orcs (a target whose name has
    one of those words: "Orc Warrior 1", "Goblin", not "Scorch"), when the axe is carried and
    an axe strikes."""
    words = set(re.findall(r"[a-z]+", target_name.lower()))
    if ("Axe of Dwarf Mercy" in items and "axe" in weapon.lower()
            and any(w in words or w + "s" in words for w in AXE_FOES)):
        return ITEMS["Axe of Dwarf Mercy"][1]
    return ZERO
