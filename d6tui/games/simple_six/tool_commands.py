"""Sorcerer's Tools, enchanted items and potions as Simple Six commands: gaining or
making a tool, gaining an item, drinking a potion ("Sorcerer's Tools", "Enchanted Items",
"Potions"). Each returns one event payload; :mod:`.spell_folds` applies it.
"""

from __future__ import annotations

from d6tui.engine.dice import Dice
from d6tui.engine.errors import RuleError
from d6tui.games.simple_six import magic, tools
from d6tui.games.simple_six.codes import DieCode
from d6tui.games.simple_six.rolling import (
    Luck,
    Typed,
    code_for,
    flat_bonuses,
    magic_modifier,
    make_roll,
)
from d6tui.games.simple_six.sheet import can_use_magic
from d6tui.games.simple_six.state import Campaign, own_content
from d6tui.games.simple_six.wild import RollRequest

POTION_BONUS = DieCode.of(2)


@own_content
def gain_tool(state: Campaign, who: str, tool: str, spell: str = "") -> dict:
    """A character comes by a Sorcerer's Tool; it attunes in three days ("Sorcerer's Tools").

    Raises:
        RuleError: an unknown tool, a wand without a spell, or a character without magic.
    """
    m = state.member(who)
    k = tools.check_new(tool, spell)
    if not can_use_magic(m.sheet, state.settings):
        raise RuleError(f"only those who work magic use {k.name}s", "Sorcerer's Tools")
    payload = {"type": "tool_gained", "who": m.id, "tool": k.name}
    if k.name == "Magic Wand":
        payload["spell"] = state.settings.content.spell(spell).name
    return payload


@own_content
def make_tool(state: Campaign, who: str, tool: str, spell: str = "", *,
              dice: Dice | None = None, typed: Typed | None = None) -> dict:
    """The Magic roll that ends the weeks of work on a tool: on success the tool is made and
    its CP are spent; on failure the work and money are lost but no CP ("Making Sorcerer's
    Tools"). The GM counts the weeks (twelve hours a day, no day skipped) and the cost.

    Raises:
        RuleError: unknown tool, a wand without a spell, no magic, or too few CP.
    """
    m = state.member(who)
    k = tools.check_new(tool, spell)
    if not can_use_magic(m.sheet, state.settings):
        raise RuleError(f"{m.sheet.name} cannot work magic", "Access to Magic")
    if m.sheet.character_points < k.cp:
        raise RuleError(f"a {k.name} takes {k.cp} CP; {m.sheet.name} has"
                        f" {m.sheet.character_points}", "Making Sorcerer's Tools")
    code = magic.casting_code(code_for(state, m, "Magic"), m.caster)
    req = RollRequest(code, target=k.tn, label=f"Magic (making a {k.name})",
                      modifier=magic_modifier(state, m, "Magic"),
                      flat=flat_bonuses(state, m, "Magic"))
    luck = Luck()
    roll = make_roll(req, state.settings, dice, typed, lucky=luck(m))
    payload = {"type": "tool_made", "who": m.id, "tool": k.name, "tn": k.tn, "cp": k.cp,
               "roll": roll}
    if k.name == "Magic Wand":
        payload["spell"] = state.settings.content.spell(spell).name
    return luck.mark(payload)


@own_content
def gain_item(state: Campaign, who: str, item: str) -> dict:
    """A character comes by an enchanted item or a scroll (``"Scroll: Fly"``)
    ("Enchanted Items").

    Raises:
        RuleError: an item the tables do not hold.
    """
    m = state.member(who)
    name = item.strip()
    if name.lower().startswith("scroll:"):
        name = f"Scroll: {state.settings.content.spell(name.partition(':')[2].strip()).name}"
    else:
        name = tools.item(name)
    return {"type": "item_gained", "who": m.id, "item": name}


@own_content
def drink_potion(state: Campaign, who: str, skill: str) -> dict:
    """A Potion of Skill: +2D to one skill for ten minutes ("Potions").

    Raises:
        RuleError: a skill the campaign does not have.
    """
    m = state.member(who)
    name = state.settings.skills.canonical(skill)
    if name is None:
        raise RuleError(f"there is no skill '{skill}' in this campaign", "Potions")
    return {"type": "potion_drunk", "who": m.id, "skill": name}
