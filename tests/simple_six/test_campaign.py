"""A Simple Six campaign driven through the engine's Session: commands, events, fold, replay."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from d6tui.engine.dice import Dice
from d6tui.engine.errors import DiceError, EventError, RuleError
from d6tui.engine.session import Session
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six.creation import Draft
from d6tui.games.simple_six.rules import RULES, describe
from d6tui.games.simple_six.wounds import WoundLevel

BAELEN = Draft(
    "Sir Baelen",
    {"Might": "3D+1", "Agility": "3D", "Wit": "2D+2", "Charm": "3D"},
    skills={"Sword": "2D", "Dodge": "1D", "Command": "1D"},
    specializations={"Athletics: Running": "1D"},
    perks=["Destiny"],
    weapons=["Sword"],
    armor=["Chainmail", "Shield"],
)
MIRA = Draft(
    "Mira",
    {"Might": "2D", "Agility": "4D", "Wit": "3D", "Charm": "3D"},
    skills={"Bow": "2D", "Dodge": "2D", "Stealth": "2D", "Search": "1D"},
    weapons=["Bow", "Knife"],
    armor=["Leather"],
)
MELKOT = Draft(
    "Melkot",
    {"Might": "2D", "Agility": "2D", "Wit": "4D", "Charm": "4D"},
    skills={"Magic": "2D", "Medicine": "2D"},
    perks=["Sorcerer"],
    spells=["Light", "Bless", "Heal", "Death Spell"],
)
ORC = Draft("Orc", {"Might": "3D", "Agility": "2D+1", "Wit": "1D+2", "Charm": "1D"},
            skills={"Axe": "1D", "Dodge": "0D+1"}, weapons=["Axe"], armor=["Leather"], npc=True)


def party(options: dict | None = None, path: Path | None = None) -> Session:
    s = Session.new(RULES, options or {"seed": 3}, path=path)
    for d in (BAELEN, MIRA, MELKOT, ORC):
        s.do(c.add_character, d, dice=Dice(1))
    return s


def test_roster_and_settings() -> None:
    s = party()
    st_ = s.state
    assert [m.id for m in st_.members] == ["sir-baelen", "mira", "melkot", "orc"]
    assert st_.member("Orc").sheet.npc
    assert st_.settings.combat == "static"
    with pytest.raises(RuleError, match="already a character"):
        s.do(c.add_character, MIRA)
    with pytest.raises(RuleError, match="Skills and perks"[1:]):
        s.do(c.add_character, Draft("Bob", {"Might": "3D", "Agility": "3D", "Wit": "3D",
                                            "Charm": "3D"}))


def test_a_round_of_fast_static_combat() -> None:
    s = party()
    with pytest.raises(RuleError, match="start one"):
        s.do(c.attack, "mira", "orc", skill="Bow", dice=s.dice)
    s.do(c.start_combat, ["sir-baelen", "mira", "orc"])
    s.do(c.start_round, {"mira": 2}, typed={"sir-baelen": ([3, 3], [2]),
                                            "mira": ([6, 6, 6], [5]),
                                            "orc": ([1], [1])})
    fight = s.state.combat
    assert fight.order == ("mira", "sir-baelen", "orc") and fight.actor == "mira"
    with pytest.raises(RuleError, match="Mira's turn"):
        s.do(c.attack, "orc", "mira", skill="Axe", weapon="Axe", dice=s.dice)
    # Mira shoots twice: 6D-1D = 5D. Orc's static Dodge 2D+1 +0D+1 = 2D+2 -> 8; medium +5.
    ev = s.do(c.attack, "mira", "orc", skill="Bow", weapon="Bow", range_="medium",
              typed={"attack": ([4, 4, 4, 4], [3]), "damage": ([6, 6, 6], [6, 2])})
    assert ev["attack"]["rolled"] == "5D" and ev["tn"] == 13 and ev["hit"]
    # Bow +2D+2 on Might 2D: 4D+2. 18+8+2 = 28 against Soak 9 + 2 = 11: 17, dead.
    assert ev["resistance"] == 11
    assert s.state.member("orc").wounds.level == WoundLevel.DEAD
    assert "hit for 28 against 11" in describe(ev)
    s.do(c.pass_turn)
    assert s.state.combat.actor == "sir-baelen"
    # the dead orc, last in the order, is skipped with Sir Baelen's turn
    assert s.do(c.pass_turn)["skipped"] == ["orc"]
    with pytest.raises(RuleError, match="next round"):
        s.do(c.pass_turn)
    s.do(c.start_round, dice=s.dice)
    assert "orc" not in s.state.combat.order
    s.do(c.end_combat)
    assert s.state.combat is None


def test_a_miss_and_a_wound_then_flesh_wound_and_healing() -> None:
    s = party()
    s.do(c.start_combat, ["orc", "sir-baelen"])
    # The orc's Axe 4D vs Sir Baelen's Parry 16: the hand-to-hand -5 goes on a Dodge, not
    # on a Parry ("Attacking a Target"; "Increasing Damage" beats a Parry of 14 as it is).
    ev = s.do(c.attack, "orc", "sir-baelen", skill="Axe", weapon="Axe",
              typed={"attack": ([1, 1, 1], [2])})
    assert ev["tn"] == 16 and not ev["hit"] and "damage" not in ev
    ev = s.do(c.attack, "orc", "sir-baelen", skill="Axe", weapon="Axe",
              typed={"attack": ([6, 6, 5], [3]), "damage": ([6, 6, 6, 6, 6], [4])})
    # Axe +3D on Might 3D: 6D; 34 against Soak 10 + 6 + 4 = 20: 14, Mortally Wounded.
    assert ev["resistance"] == 20
    m = s.state.member("sir-baelen")
    assert m.wounds.level == WoundLevel.MORTALLY_WOUNDED and m.out_of_action
    s.do(c.mortal_roll, "sir-baelen", typed=([2, 2], [2]))
    s.do(c.flesh_wound, "sir-baelen")
    m = s.state.member("sir-baelen")
    assert m.wounds.level == WoundLevel.INCAPACITATED and m.sheet.hero_points == 0
    with pytest.raises(RuleError):
        s.do(c.flesh_wound, "sir-baelen")
    ev = s.do(c.stay_up, "sir-baelen", typed=([1, 1], [1]), knockout_faces=[2] * 10)
    assert s.state.member("sir-baelen").wounds.knocked_out_minutes == 20
    assert "knocked out for 20 minutes" in describe(ev)
    s.do(c.end_combat)
    with pytest.raises(RuleError, match="between checks"):
        s.do(c.heal, "sir-baelen", "natural", minutes=60, typed=([6, 6], [6, 2]))
    s.do(c.heal, "sir-baelen", "assisted", healer="melkot", typed=([6, 6, 6, 6, 6], [5]))
    assert s.state.member("sir-baelen").wounds.level == WoundLevel.SEVERELY_WOUNDED
    s.do(c.heal, "sir-baelen", "potion")
    assert s.state.member("sir-baelen").wounds.level == WoundLevel.WOUNDED
    s.do(c.heal, "sir-baelen", "natural", minutes=3 * 24 * 60, typed=([1, 1], [1]))
    assert s.state.member("sir-baelen").wounds.level == WoundLevel.WOUNDED
    s.undo()
    assert s.state.member("sir-baelen").wounds.level == WoundLevel.WOUNDED


def test_traditional_combat_rolls_defense_and_resistance() -> None:
    s = party({"combat": "traditional", "increasing_damage": 5})
    s.do(c.start_combat, ["orc", "mira"])
    ev = s.do(c.attack, "orc", "mira", skill="Axe", weapon="Axe", defense="dodge",
              typed={"attack": ([6, 6, 6], [5]), "defense": ([1, 1, 1, 1], [1]),
                     "damage": ([3, 3, 3, 3, 3], [3]), "resist": ([2], [2])})
    # Mira's Dodge 6D with an undeclared -1D: 5D rolled, total 5, hand-to-hand -5.
    assert ev["defense"]["roll"]["rolled"] == "5D" and ev["tn"] == 0
    assert ev["extra"] == (23 - 0) // 5
    # Damage 18 + 4 extra against Might 4 + Leather 2: 16, dead.
    assert ev["resistance"] == 6
    assert s.state.member("mira").wounds.level == WoundLevel.DEAD


def test_body_points_campaign() -> None:
    s = party({"wounds": "body_points"})
    m = s.state.member("mira")
    assert m.body is not None and m.body.current == m.sheet.body_points
    assert m.sheet.body_points > 20
    s.do(c.start_combat, ["orc", "mira"])
    s.do(c.attack, "orc", "mira", skill="Axe", weapon="Axe",
         typed={"attack": ([6, 6, 6], [5]), "damage": ([3, 3, 3, 3, 3], [3])})
    assert s.state.member("mira").body.current == m.body.current - (18 - 2)
    s.do(c.end_combat)
    with pytest.raises(RuleError, match="full day"):
        s.do(c.heal, "mira", "natural", minutes=60, typed=([1], [1]))
    # Might 7 reaches Easy: 1D of Body Points back ("Natural Healing" under Body Points).
    s.do(c.heal, "mira", "natural", minutes=24 * 60, typed=([3], [4]), recovery_faces=[5])
    assert s.state.member("mira").body.current == m.body.current - 16 + 5


def test_sessions_awards_and_spending() -> None:
    s = party()
    with pytest.raises(RuleError, match="no session"):
        s.do(c.end_session, {"mira": 5})
    s.do(c.start_session)
    with pytest.raises(RuleError, match="already running"):
        s.do(c.start_session)
    s.do(c.end_session, {"mira": 10, "sir-baelen": 40}, {"mira": 1})
    mira = s.state.member("mira")
    assert mira.sheet.character_points == 10 and mira.sheet.hero_points == 2
    ev = s.do(c.spend_cp, "mira", "skill", "Bow")
    assert ev["cost"] == 6
    with pytest.raises(RuleError, match="this session"):
        s.do(c.spend_cp, "mira", "skill", "Bow")
    with pytest.raises(RuleError, match="costs 30 CP and Mira has 4"):
        s.do(c.spend_cp, "mira", "attribute", "Wit")
    # Sir Baelen's Wit 2D+2 costs 20 CP a pip.
    s.do(c.spend_cp, "sir-baelen", "attribute", "Wit")
    assert s.state.member("sir-baelen").sheet.character_points == 20
    with pytest.raises(RuleError, match="magic"):
        s.do(c.spend_cp, "sir-baelen", "spell", "Light")
    with pytest.raises(RuleError, match="CP go to"):
        s.do(c.spend_cp, "sir-baelen", "luck", "x")
    s.do(c.start_session)
    s.do(c.spend_cp, "mira", "skill", "Search")
    assert s.state.session == 2
    mira = s.state.member("mira").sheet
    assert str(mira.skill("Search")) == "4D+1" and mira.character_points == 0


def test_rolls_and_spells() -> None:
    s = party()
    ev = s.do(c.roll_check, "mira", "Search", target=15, hero_points=1,
              typed=([1, 1, 1], [1], []))
    assert ev["roll"]["total"] == 4 + 6 and not ev["roll"]["success"]
    assert s.state.member("mira").sheet.hero_points == 0
    with pytest.raises(RuleError, match="hero points"):
        s.do(c.roll_check, "mira", "Search", hero_points=1, dice=s.dice)
    s.do(c.roll_check, "sir-baelen", "Athletics: Running", dice=s.dice)
    with pytest.raises(DiceError):
        s.do(c.roll_check, "mira", "Search")
    with pytest.raises(RuleError, match="does not know"):
        s.do(c.cast_spell, "melkot", "Fly", 23, dice=s.dice)
    with pytest.raises(RuleError, match="cannot work magic"):
        s.do(c.cast_spell, "mira", "Light", 15, dice=s.dice)
    s.do(c.cast_spell, "melkot", "Light", 15, typed=([1, 1, 1, 1, 1], [1]))
    assert s.state.member("melkot").caster.failures == 1
    s.do(c.rest, "melkot", 60)
    assert s.state.member("melkot").caster.failures == 0


def test_save_then_load_gives_the_same_state(tmp_path: Path) -> None:
    path = tmp_path / "campaign.toml"
    s = party(path=path)
    s.do(c.start_session)
    s.do(c.start_combat, ["sir-baelen", "mira", "orc"])
    s.do(c.start_round, dice=s.dice)
    for _ in range(3):
        actor = s.state.combat.actor
        if actor is None:  # the fallen are skipped: the round may end early
            break
        target = "orc" if actor != "orc" else "mira"
        m = s.state.member(actor)
        if not m.out_of_action:
            weapon = m.sheet.weapons[0]
            skill = {"Sword": "Sword", "Bow": "Bow", "Axe": "Axe"}[weapon]
            s.do(c.attack, actor, target, skill=skill, weapon=weapon, dice=s.dice)
        s.do(c.pass_turn)
    s.do(c.end_combat)
    s.do(c.end_session, {"mira": 4})
    s.close()
    loaded = Session.load(path, rules=RULES)
    assert loaded.state == s.state
    assert len(loaded.history()) == len(s.events)
    loaded.close()


def test_fold_rejects_events_that_do_not_fit() -> None:
    s = party()
    state = s.state
    with pytest.raises(EventError, match="unknown event"):
        c.fold(state, {"type": "exploded"})
    with pytest.raises(EventError, match="no character"):
        c.fold(state, {"type": "flesh_wound_taken", "who": "nobody"})
    with pytest.raises(EventError):
        c.fold(state, {"type": "character_added", "id": "x", "sheet": {"name": "X"}})
    with pytest.raises(EventError, match="cost"):
        c.fold(state, {"type": "cp_spent", "who": "mira", "kind": "skill", "target": "Bow",
                       "cost": 1})
    fight = c.fold(state, {"type": "combat_started", "ids": ["mira", "orc"]})
    bad = c.attack(fight, "orc", "mira", skill="Axe", weapon="Axe",
                   typed={"attack": ([6, 6, 6], [5]), "damage": ([3, 3, 3, 3, 3], [3])})
    bad["attack"]["total"] = 2
    with pytest.raises(EventError, match="stored total"):
        c.fold(fight, bad)
    with pytest.raises(EventError, match="needs 'tn'"):
        c.fold(fight, {k: v for k, v in c.attack(
            fight, "orc", "mira", skill="Axe", dice=Dice(1)).items() if k != "tn"})


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(1, 6), st.integers(1, 5)), min_size=1, max_size=12))
def test_hits_through_the_log_never_lower_a_wound(hits: list[tuple[int, int]]) -> None:
    s = Session.new(RULES, {})
    for d in (MIRA, ORC):
        s.do(c.add_character, d)
    s.do(c.start_combat, ["orc", "mira"])
    level = s.state.member("mira").wounds.level
    for face, wild in hits:
        if s.state.member("mira").wounds.level == WoundLevel.DEAD:
            break
        s.do(c.attack, "orc", "mira", skill="Axe", weapon="Axe",
             typed={"attack": ([6, 6, 6], [5]), "damage": ([face] * 5, [wild])})
        new = s.state.member("mira").wounds.level
        assert new >= level
        level = new
    again = Session.new(RULES, {})
    for ev in s.events[1:]:
        again._apply(ev)
    assert again.state == s.state


# -- export -----------------------------------------------------------------------------------


def test_sheet_exports_and_imports() -> None:
    from d6tui.games.simple_six.export import read_sheet_toml, sheet_markdown, sheet_toml

    s = party()
    baelen = s.state.member("sir-baelen").sheet
    md = sheet_markdown(baelen, s.state.settings)
    assert "# Sir Baelen" in md and "| Might | 3D+1 | Sword 5D+1 |" in md
    assert "| 10 | 12 | 16 | 10(20) | 30 ft |" in md
    assert "Sword (6D)" in md and "Athletics: Running 6D" in md
    text = sheet_toml(baelen)
    assert read_sheet_toml(text) == baelen
    with pytest.raises(RuleError, match="not TOML"):
        read_sheet_toml("= =")
    with pytest.raises(RuleError, match="not a Simple Six sheet"):
        read_sheet_toml('format = "other"')
    with pytest.raises(RuleError, match="does not read"):
        read_sheet_toml(f'format = "{"d6tui-simple-six-sheet"}"\n[sheet]\nname = "X"\n')
    other = Session.new(RULES, {"skill_list": "fantasy"})
    stored = tomllib.loads(text)["sheet"]
    other.do(c.import_character, stored)
    assert other.state.member("sir-baelen").sheet == baelen
    with pytest.raises(RuleError, match="already"):
        other.do(c.import_character, stored)


def test_log_as_markdown() -> None:
    from d6tui.games.simple_six.export import log_markdown

    s = party()
    s.do(c.start_session)
    s.do(c.start_combat, ["mira", "orc"])
    s.do(c.start_round, dice=s.dice)
    s.do(c.end_combat)
    s.do(c.end_session, {"mira": 5})
    md = log_markdown("Tuesday game", s.events, RULES.describe)
    assert "## Session 1" in md and "### Round 1" in md and "Mira 5 CP" in md
