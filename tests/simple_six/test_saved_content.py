"""A campaign keeps its own copy of the content (DESIGN "The log": self-contained): the user's
overrides and later releases never change how a save replays."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from d6tui.engine.dice import Dice
from d6tui.engine.session import Session
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six import tables
from d6tui.games.simple_six.campaign import add_from_template
from d6tui.games.simple_six.content import SHIPPED, installed
from d6tui.games.simple_six.rules import RULES, to_json

EXAMPLE = Path(__file__).resolve().parents[2] / "saves" / "simple-six-example.toml"

#: The fantasy skill list with Sword under Agility and a new skill; Chainmail and the Sword
#: made stronger; a Town Guard who is a giant.
RULES_OVERRIDE = """
[[skill_lists]]
id = "fantasy"
name = "All Genres + Fantasy (house)"
Might = ["Brawling", "Knife", "Lift", "Mace", "Stamina", "Axe", "Pole Arm", "Smithing"]
Agility = ["Athletics", "Dodge", "Pickpocket", "Stealth", "Throwing", "Bow", "Crossbow",
           "Sword", "Juggling"]
Wit = ["Language", "Medicine", "Pick Locks", "Search", "Tracking", "Magic"]
Charm = ["Command", "Courage", "Diplomacy", "Persuasion", "Seduce", "Ride"]
combat = ["Brawling", "Knife", "Mace", "Axe", "Pole Arm", "Sword", "Dodge", "Throwing", "Bow",
          "Crossbow"]
section = "Skills"

[[armor]]
name = "Chainmail"
value = 9

[[armor]]
name = "Shield"
value = 4
shield = true

[[armor]]
name = "Leather"
value = 1
"""

NPC_OVERRIDE = """
[[npcs]]
name = "Town Guard"
threat = 5
attributes = { Might = "5D", Agility = "1D", Wit = "1D", Charm = "1D" }
skills = { Juggling = "2D" }
"""


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty user config dir (``D6TUI_CONFIG`` and ``XDG_CONFIG_HOME``)."""
    folder = tmp_path / "config"
    folder.mkdir()
    monkeypatch.setenv("D6TUI_CONFIG", str(folder))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    return folder


def _override(folder: Path) -> None:
    (folder / SHIPPED.name).write_text(RULES_OVERRIDE, encoding="utf-8")
    (folder / "simple_six_npcs.toml").write_text(NPC_OVERRIDE, encoding="utf-8")


def test_an_old_save_replays_the_same_whatever_the_overrides(config: Path,
                                                              tmp_path: Path) -> None:
    plain = Session.load(shutil.copy(EXAMPLE, tmp_path / "plain.toml"))
    _override(config)
    assert installed().armor["Chainmail"].value == 9  # the override is in use
    over = Session.load(shutil.copy(EXAMPLE, tmp_path / "over.toml"))
    assert to_json(over.state) == to_json(plain.state)
    assert over.state == plain.state
    assert over.state.content == plain.state.content == tables.frozen_v1()
    assert over.state.settings.skills == plain.state.settings.skills


def test_the_frozen_copy_is_todays_shipped_content(config: Path) -> None:
    """The frozen copy for old saves was taken from the shipped files (no overrides)."""
    assert tables.frozen_v1() == tables.from_doc(tables.installed_doc())


def test_a_new_campaign_keeps_the_overrides_it_began_with(config: Path, tmp_path: Path) -> None:
    _override(config)
    path = tmp_path / "house.toml"
    s = Session.new(RULES, {"seed": 2}, path=path)
    guard = next(t for t in s.state.content.npcs if t.name == "Town Guard")
    s.do(add_from_template, guard, "Big Guard", dice=Dice(1))
    for f in config.iterdir():
        f.unlink()
    assert installed().armor["Chainmail"].value != 9  # the files are back to the shipped ones
    back = Session.load(path)
    assert back.state.settings.skills.attribute_of("Sword") == "Agility"
    assert back.state.settings.skills.canonical("juggling") == "Juggling"
    assert back.state.content.rules.armor["Chainmail"].value == 9
    assert next(t for t in back.state.content.npcs if t.name == "Town Guard").threat == 5
    # its commands read the campaign's copy too: Juggling is a skill of this campaign
    roll = back.do(c.roll_check, "big-guard", "Juggling", target=5, dice=Dice(3))
    assert roll["what"] == "Juggling"


def test_commands_read_the_campaigns_copy_too(config: Path, tmp_path: Path) -> None:
    """A command reads the tables its event will be folded with: the campaign's copy."""
    from tests.simple_six.test_campaign import party

    _override(config)  # Leather is 1 here, 2 as shipped
    path = tmp_path / "leather.toml"
    party(path=path)
    for f in config.iterdir():
        f.unlink()
    s = Session.load(path)
    s.do(c.start_combat, ["sir-baelen", "mira", "orc"])
    s.do(c.start_round, {"mira": 2}, typed={"sir-baelen": ([3, 3], [2]),
                                            "mira": ([6, 6, 6], [5]),
                                            "orc": ([1], [1])})
    ev = s.do(c.attack, "mira", "orc", skill="Bow", weapon="Bow", range_="medium",
              typed={"attack": ([4, 4, 4, 4], [3]), "damage": ([6, 6, 6], [6, 2])})
    assert ev["resistance"] == 9 + 1  # Soak 9 and the campaign's Leather, not the shipped 2
