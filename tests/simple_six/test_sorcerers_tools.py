"""Sorcerer's Tools (attunement, the staff's daily die, making them with CP spent only on
success), scrolls, spell books and the enchanted items with numbers."""

from __future__ import annotations

import pytest

from d6tui.engine.errors import RuleError
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six import spellcast as sc
from d6tui.games.simple_six import tool_commands
from d6tui.games.simple_six.effects import DAY
from d6tui.games.simple_six.rules import describe
from tests.simple_six.test_heal_spell import ready_heal
from tests.simple_six.test_spell_effects import archmage_sheet, hi, lo, magi


def test_a_found_cloak_works_after_three_days_of_attunement() -> None:
    s = magi()
    s.do(tool_commands.gain_tool, "archmage", "Cloak")
    tool = s.state.member("archmage").tools[0]
    assert not tool.attuned(s.state.minutes) and "attuning, 72 h" in tool.label(0)
    ev = s.do(sc.cast, "archmage", "Fly", typed={"roll": hi(10)})
    assert ev["roll"]["rolled"] == "10D"
    s.do(sc.drop_concentration, "archmage", s.state.member("archmage").effects[0].cast)
    s.do(sc.pass_time, 3 * DAY)
    ev = s.do(sc.cast, "archmage", "Fly", typed={"roll": hi(12)})
    assert ev["roll"]["rolled"] == "12D"  # Cloak +2D on Fly
    # not on other spells
    assert s.do(sc.cast, "archmage", "Light", targets=["mira"],
                typed={"roll": hi(9)})["roll"]["rolled"] == "9D"  # Fly kept up: -1D


def test_the_magic_wand_helps_its_one_spell_and_the_crystal_ball_clairvoyance() -> None:
    s = magi()
    with pytest.raises(RuleError, match="name it"):
        s.do(tool_commands.gain_tool, "archmage", "Magic Wand")
    with pytest.raises(RuleError, match="only those who work magic"):
        s.do(tool_commands.gain_tool, "mira", "Cloak")
    s.do(tool_commands.gain_tool, "archmage", "Magic Wand", "Light")
    s.do(tool_commands.gain_tool, "archmage", "Crystal Ball")
    s.do(sc.pass_time, 3 * DAY)
    assert s.do(sc.cast, "archmage", "Light", targets=["mira"],
                typed={"roll": hi(11)})["roll"]["rolled"] == "11D"
    assert s.do(sc.cast, "archmage", "Clairvoyance",
                typed={"roll": hi(13)})["roll"]["rolled"] == "13D"


def test_the_spell_staff_gives_its_die_once_a_day() -> None:
    s = magi()
    s.do(tool_commands.gain_tool, "archmage", "Spell Staff")
    with pytest.raises(RuleError, match="no attuned Spell Staff"):
        s.do(sc.cast, "archmage", "Light", targets=["mira"], staff=True, dice=s.dice)
    s.do(sc.pass_time, 3 * DAY)
    ev = s.do(sc.cast, "archmage", "Light", targets=["mira"], staff=True,
              typed={"roll": hi(11)})
    assert ev["roll"]["rolled"] == "11D" and ev["staff"]
    assert "used today" in s.state.member("archmage").tools[0].label(s.state.minutes)
    # without the staff it is not asked; asked again the same day it is refused
    assert s.do(sc.cast, "archmage", "Light", targets=["mira"],
                typed={"roll": hi(10)})["roll"]["rolled"] == "10D"
    with pytest.raises(RuleError, match="once a day"):
        s.do(sc.cast, "archmage", "Light", targets=["mira"], staff=True, dice=s.dice)
    s.do(sc.pass_time, DAY)
    s.do(sc.cast, "archmage", "Light", targets=["mira"], staff=True, typed={"roll": hi(11)})


def test_making_a_tool_spends_its_cp_only_on_success() -> None:
    s = magi()
    s.do(c.import_character, archmage_sheet(name="Maker", character_points=12))
    with pytest.raises(RuleError, match="takes 20 CP"):
        s.do(tool_commands.make_tool, "maker", "Cloak", dice=s.dice)
    ev = s.do(tool_commands.make_tool, "maker", "Magic Wand", "Light", typed=lo(10))
    assert ev["tn"] == 25 and ev["cp"] == 10
    m = s.state.member("maker")
    assert m.tools == () and m.sheet.character_points == 12
    assert "failed to make a Magic Wand" in describe(ev, {"maker": "Maker"})
    s.do(tool_commands.make_tool, "maker", "Magic Wand", "Light", typed=hi(10))
    m = s.state.member("maker")
    assert m.sheet.character_points == 2
    # its maker attuned it while making it
    assert m.tools[0].attuned(s.state.minutes) and m.tools[0].spell == "Light"


def test_a_scroll_casts_a_spell_once_without_knowing_it() -> None:
    s = magi()
    with pytest.raises(RuleError, match="does not know"):
        s.do(sc.cast, "melkot", "Invisibility", targets=["mira"], dice=s.dice)
    with pytest.raises(RuleError, match="no scroll"):
        s.do(sc.cast, "melkot", "Invisibility", targets=["mira"], scroll=True, dice=s.dice)
    s.do(tool_commands.gain_item, "melkot", "scroll: invisibility")
    assert s.state.member("melkot").items == ("Scroll: Invisibility",)
    s.do(sc.cast, "melkot", "Invisibility", targets=["mira"], scroll=True,
         typed={"roll": hi(6)})
    assert s.state.member("melkot").items == ()
    assert s.state.member("mira").effects[0].spell == "Invisibility"
    # reading a scroll needs the ability to use spells
    s.do(tool_commands.gain_item, "mira", "Scroll: Light")
    with pytest.raises(RuleError, match="cannot work magic"):
        s.do(sc.cast, "mira", "Light", targets=["mira"], scroll=True, dice=s.dice)


def test_learning_from_a_spell_book_costs_one_cp() -> None:
    s = magi()
    s.do(c.import_character, archmage_sheet(name="Pupil", spells=[], character_points=3))
    ev = s.do(c.spend_cp, "pupil", "spell", "Fly", from_book=True)
    assert ev["cost"] == 1
    ev = s.do(c.spend_cp, "pupil", "spell", "Light")
    assert ev["cost"] == 2


def test_enchanted_items_add_their_dice() -> None:
    s = magi()
    for item in ("Ring of Slyness", "Cloak of Stealth", "Valiant Sword", "Shield of Faith"):
        s.do(tool_commands.gain_item, "sir-baelen", item)
    with pytest.raises(RuleError, match="no enchanted item"):
        s.do(tool_commands.gain_item, "sir-baelen", "Vorpal Sword")
    r = {w: s.do(c.roll_check, "sir-baelen", w, dice=s.dice)["roll"]["rolled"]
         for w in ("Persuasion", "Stealth", "Command")}
    assert r == {"Persuasion": "4D", "Stealth": "4D", "Command": "5D"}
    # Shield of Faith: +1D to resist magic (Paralysis resisted with Might 3D+1)
    ev = s.do(sc.cast, "archmage", "Paralysis", targets=["sir-baelen"], dice=s.dice)
    assert ev["targets"][0]["resist"]["rolled"] == "4D+1"


def test_a_potion_of_skill_gives_2d_for_ten_minutes() -> None:
    s = magi()
    s.do(tool_commands.drink_potion, "mira", "stealth")
    assert s.do(c.roll_check, "mira", "Stealth", dice=s.dice)["roll"]["rolled"] == "8D"
    assert s.do(c.roll_check, "mira", "Bow", dice=s.dice)["roll"]["rolled"] == "6D"
    s.do(sc.pass_time, 10)
    assert s.do(c.roll_check, "mira", "Stealth", dice=s.dice)["roll"]["rolled"] == "6D"


def test_the_axe_of_dwarf_mercy_bites_orcs() -> None:
    s = magi()
    s.do(c.import_character, archmage_sheet(
        name="Dwarf", perks=[], spells=[], weapons=["Axe"],
        skills=[{"name": "Axe", "attribute": "Might", "added": "2D"}]))
    s.do(tool_commands.gain_item, "dwarf", "Axe of Dwarf Mercy")
    s.do(c.start_combat, ["dwarf", "orc", "mira"])
    ev = s.do(c.attack, "dwarf", "orc", skill="Axe", weapon="Axe",
              typed={"attack": hi(4), "damage": ([1] * 5, [1])})
    ev2 = s.do(c.attack, "dwarf", "mira", skill="Axe", weapon="Axe",
               typed={"attack": hi(4), "damage": ([1] * 4, [1])})
    assert len(ev["damage"]["faces"]) == len(ev2["damage"]["faces"]) + 1


def test_a_scroll_of_heal_heals_as_the_spell() -> None:
    s = magi()
    s.do(c.start_combat, ["orc", "mira"])
    s.do(c.attack, "orc", "mira", skill="Axe", weapon="Axe", defense="dodge",
         typed={"attack": ([6, 6, 6], [6, 6, 2]), "damage": ([2] * 5, [4])})
    s.do(c.end_combat)
    level = s.state.member("mira").wounds.level
    s.do(tool_commands.gain_item, "melkot", "Scroll: Heal")
    s.do(c.import_character, archmage_sheet(name="Reader", spells=["Light"]))
    s.do(tool_commands.gain_item, "reader", "Scroll: Heal")
    ready_heal(s, "reader", "mira")
    ev = s.do(sc.cast, "reader", "Heal", targets=["mira"], scroll=True, typed={"roll": hi(10)})
    assert ev["target"] == "mira" and ev["tn"] == 15
    assert s.state.member("mira").wounds.level == level - 1
    assert s.state.member("reader").items == ()


def test_the_axe_of_dwarf_mercy_knows_goblins_and_orcs_by_name_not_by_letters() -> None:
    """+1D against a Goblin or an Orc ("Enchanted Arms and Armor"), not against a name that
    only holds the letters ("Scorch", "Dorcas")."""
    from d6tui.games.simple_six.tools import weapon_bonus

    axe = ("Axe of Dwarf Mercy",)
    assert [str(weapon_bonus(axe, "Axe", n)) for n in ("Orc Warrior 1", "Goblin 2", "Goblins")] \
        == ["1D", "1D", "1D"]
    assert [weapon_bonus(axe, "Axe", n).dice for n in ("Scorch", "Dorcas", "Torch-bearer")] \
        == [0, 0, 0]
    assert weapon_bonus(axe, "Sword", "Orc").dice == 0
