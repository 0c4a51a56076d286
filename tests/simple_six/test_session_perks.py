"""Once-per-session perks ("General Perks"): Lucky, Attractive, Destiny, Daredevil, Favors and
Perceptive, counted per session; and the Dwarf's craft bonus and the Robot's repairs ("Racial
Perks")."""

from __future__ import annotations

from pathlib import Path

import pytest

from d6tui.engine.dice import Dice
from d6tui.engine.errors import EventError, RuleError
from d6tui.engine.session import Session
from d6tui.games.simple_six import afterroll, combat, creation, perks, repair, settings
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six.creation import Draft
from d6tui.games.simple_six.rules import RULES, describe
from d6tui.games.simple_six.sheet import weapon_damage
from d6tui.games.simple_six.wounds import WoundLevel
from tests.simple_six.test_campaign import ORC

LU = Draft("Lu", {"Might": "3D", "Agility": "3D", "Wit": "3D", "Charm": "3D"},
           skills={"Seduce": "1D", "Search": "1D"}, perks=["Lucky", "Destiny", "Attractive"],
           weapons=["Sword"])
DARE = Draft("Dare", {"Might": "4D", "Agility": "3D", "Wit": "2D", "Charm": "3D"},
             skills={"Dodge": "2D"}, perks=["Daredevil", "Favors", "Perceptive"],
             weapons=["Sword"])
DWARF = Draft("Brok", {"Might": "4D", "Agility": "2D", "Wit": "3D", "Charm": "3D"},
              skills={"Smithing": "2D", "Axe": "2D", "Search": "1D", "Stealth": "1D"},
              perks=["Dwarf"], weapons=["Axe"])
ROBOT = Draft("Tin", {"Might": "4D", "Agility": "3D", "Wit": "3D", "Charm": "2D"},
              skills={"Brawling": "2D", "Search": "1D"}, perks=["Robot"])


def table(options: dict | None = None, *, session: bool = True) -> Session:
    s = Session.new(RULES, options or {"seed": 5})
    for d in (LU, DARE, ORC):
        s.do(c.add_character, d, dice=Dice(1))
    if session:
        s.do(c.start_session)
    return s


def test_lucky_doubles_the_next_roll_of_any_kind_once() -> None:
    s = table()
    s.do(perks.use_perk, "lu", "Lucky")
    assert s.state.member("lu").lucky
    ev = s.do(c.roll_check, "lu", "Search", target=15, typed=([2, 2, 2], [3], []))
    assert ev["roll"]["doubled_by"] == ["Lucky"] and ev["roll"]["total"] == 18
    assert ev["roll"]["success"] and ev["lucky"] == ["lu"]
    assert "x2 Lucky" in describe(ev)
    assert not s.state.member("lu").lucky
    again = s.do(c.roll_check, "lu", "Search", target=15, typed=([2, 2, 2], [3], []))
    assert again["roll"]["total"] == 9 and "doubled_by" not in again["roll"]
    with pytest.raises(RuleError, match="used Lucky this session"):
        s.do(perks.use_perk, "lu", "Lucky")


def test_lucky_doubles_an_attack_roll_but_not_its_damage() -> None:
    s = table()
    s.do(perks.use_perk, "lu", "Lucky")
    s.do(c.start_combat, ["lu", "orc"])
    ev = s.do(c.attack, "lu", "orc", skill="Sword", weapon="Sword", defense="dodge",
              typed={"attack": ([3, 3], [3]), "damage": ([1] * 4, [1])})
    assert ev["attack"]["total"] == 18 and ev["hit"]
    assert "doubled_by" not in ev["damage"] and ev["lucky"] == ["lu"]


def test_a_perk_is_used_once_a_session_and_comes_back_next_session() -> None:
    s = table()
    ev = s.do(perks.use_perk, "dare", "Favors", note="the smith lends a cart")
    assert describe(ev, {"dare": "Dare"}) == "Dare used Favors: the smith lends a cart"
    assert "Favors spent" in perks.spent_text(s.state.member("dare"))
    with pytest.raises(RuleError, match="used Favors this session"):
        s.do(perks.use_perk, "dare", "Favors")
    s.do(c.end_session, {})
    with pytest.raises(RuleError, match="start a session"):
        s.do(perks.use_perk, "dare", "Favors")
    s.do(c.start_session)
    s.do(perks.use_perk, "dare", "Favors")


def test_refusals_no_perk_not_per_session_and_rolled_perks() -> None:
    s = table()
    with pytest.raises(RuleError, match="does not have the Lucky perk"):
        s.do(perks.use_perk, "dare", "Lucky")
    with pytest.raises(RuleError, match="mark the roll"):
        s.do(perks.use_perk, "lu", "Attractive")
    with pytest.raises(RuleError, match="right after the roll fails"):
        s.do(perks.use_perk, "lu", "Destiny")
    with pytest.raises(RuleError, match="not in one"):
        s.do(perks.use_perk, "dare", "Daredevil")
    assert perks.usable(s.state, "lu") == [("Lucky", None), ("Destiny", None),
                                           ("Attractive", None)]


def test_perceptive_that_reveals_nothing_may_be_used_again() -> None:
    s = table()
    ev = s.do(perks.use_perk, "dare", "Perceptive", revealed=False)
    assert "nothing was revealed" in describe(ev)
    assert "Perceptive" not in s.state.member("dare").perks_used
    s.do(perks.use_perk, "dare", "Perceptive", note="the seal is forged")
    with pytest.raises(RuleError, match="used Perceptive"):
        s.do(perks.use_perk, "dare", "Perceptive", revealed=False)


def test_attractive_doubles_one_roll_about_looks() -> None:
    s = table()
    ev = s.do(c.roll_check, "lu", "Seduce", target=20, appearance=True,
              typed=([4, 4, 4], [4], []))
    assert ev["perk"] == "Attractive" and ev["roll"]["total"] == 32
    assert "result doubled by Attractive (General Perks)" in ev["roll"]["modifiers"]
    with pytest.raises(RuleError, match="used Attractive"):
        s.do(c.roll_check, "lu", "Seduce", appearance=True, dice=s.dice)
    with pytest.raises(RuleError, match="does not have the Attractive perk"):
        s.do(c.roll_check, "dare", "Charm", appearance=True, dice=s.dice)


def test_destiny_rerolls_a_failed_check_and_the_new_roll_counts() -> None:
    s = table()
    first = s.do(c.roll_check, "lu", "Search", target=15, typed=([1, 1, 1], [2], []))
    assert not first["roll"]["success"]
    ev = s.do(afterroll.destiny_reroll, "lu", typed=([5, 5, 5], [4], []))
    assert ev["roll"]["total"] == 19 and ev["roll"]["success"]
    assert "Destiny" in describe(ev)
    assert s.state.last_roll is not None and s.state.last_roll.roll["total"] == 19
    assert "Destiny" in s.state.member("lu").perks_used
    # both rolls stay in the log
    assert [e["type"] for e in s.events[-2:]] == ["rolled", "destiny_rerolled"]
    s.do(c.roll_check, "lu", "Search", target=15, typed=([1, 1, 1], [2], []))
    with pytest.raises(RuleError, match="used Destiny"):
        s.do(afterroll.destiny_reroll, "lu", dice=s.dice)


def test_destiny_refusals() -> None:
    s = table()
    s.do(c.roll_check, "lu", "Search", target=5, typed=([4, 4, 4], [4], []))
    with pytest.raises(RuleError, match="this one succeeded"):
        s.do(afterroll.destiny_reroll, "lu", dice=s.dice)
    s.do(c.roll_check, "lu", "Search", typed=([1, 1, 1], [1], []))
    with pytest.raises(RuleError, match="no target"):
        s.do(afterroll.destiny_reroll, "lu", dice=s.dice)
    s.do(c.roll_check, "lu", "Search", target=30, typed=([1, 1, 1], [1], []))
    s.do(perks.use_perk, "dare", "Favors")  # anything else happening closes the roll
    with pytest.raises(RuleError, match="no roll just made"):
        s.do(afterroll.destiny_reroll, "lu", dice=s.dice)
    with pytest.raises(RuleError, match="does not have the Destiny perk"):
        s.do(afterroll.destiny_reroll, "dare", dice=s.dice)


def test_destiny_on_a_failed_spell_takes_back_the_failure() -> None:
    s = Session.new(RULES, {"seed": 1})
    s.do(c.add_character, Draft(
        "Vel", {"Might": "2D", "Agility": "2D", "Wit": "4D", "Charm": "4D"},
        skills={"Magic": "2D"}, perks=["Sorcerer", "Destiny"], spells=["Light"]), dice=s.dice)
    s.do(c.start_session)
    s.do(c.cast_spell, "vel", "Light", 20, typed=([1] * 5, [1]))
    assert s.state.member("vel").caster.failures == 1
    s.do(afterroll.destiny_reroll, "vel", typed=([4] * 5, [5], []))
    assert s.state.member("vel").caster.failures == 0


def _strike(s: Session, defense: str | None, typed: dict) -> dict:
    return s.do(c.attack, "orc", "dare", skill="Axe", weapon="Axe", defense=defense,
                typed=typed, dice=s.dice)


def test_daredevil_halves_static_defenses_and_doubles_soak_might() -> None:
    s = table()
    s.do(c.start_combat, ["dare", "orc"])
    dare = s.state.member("dare").sheet
    before = _strike(s, "dodge", {"attack": ([1, 1, 1], [1])})
    s.do(perks.use_perk, "dare", "Daredevil")
    assert s.state.member("dare").daredevil_round == 1
    s.do(c.start_round, {}, dice=s.dice)
    ev = _strike(s, "dodge", {"attack": ([6, 6, 6], [5])}) \
        if s.state.combat.actor == "orc" else None
    if ev is None:  # Dare acts first: pass to the orc
        s.do(c.pass_turn)
        ev = _strike(s, "dodge", {"attack": ([6, 6, 6], [5])})
    dodge = dare.skill("Dodge").static
    assert before["tn"] == combat.static_tn(dodge, range_=combat.HAND_TO_HAND)
    assert ev["tn"] == combat.static_tn(dodge // 2, range_=combat.HAND_TO_HAND)
    assert ev["daredevil"]
    assert ev["hit"] and ev["resistance"] == 2 * 12  # Might 4D doubled, no armor
    s.do(c.start_round, {}, dice=s.dice)  # the round after: back to normal
    if s.state.combat.actor != "orc":
        s.do(c.pass_turn)
    ev = _strike(s, "dodge", {"attack": ([6, 6, 6], [5])})
    assert ev["tn"] == before["tn"] and "daredevil" not in ev


def test_daredevil_in_traditional_combat_halves_the_defense_roll_and_doubles_might() -> None:
    s = table({"seed": 2, "combat": "traditional"})
    s.do(c.start_combat, ["dare", "orc"])
    s.do(perks.use_perk, "dare", "Daredevil")
    ev = _strike(s, "dodge", {"attack": ([6, 6, 6], [5]), "defense": ([4] * 3, [4]),
                              "resist": ([2, 2, 2], [2])})
    assert ev["defense"]["roll"]["halved_by"] == ["Daredevil"]
    assert ev["defense"]["roll"]["total"] == 8
    assert ev["tn"] == combat.traditional_tn(8, kind="dodge", range_=combat.HAND_TO_HAND)
    assert ev["resist"]["doubled_by"] == ["Daredevil"] and ev["resist"]["total"] == 16


def test_halfway_there_takes_the_success_without_a_roll() -> None:
    s = table({"seed": 1, "wild": {"halfway_there": True}})
    ev = s.do(afterroll.take_halfway, "lu", "Search", 8)
    assert ev["code"] == "4D" and "Halfway There" in describe(ev)
    with pytest.raises(RuleError, match="less than half"):
        s.do(afterroll.take_halfway, "lu", "Search", 9)
    off = table()
    with pytest.raises(RuleError, match="does not play Halfway There"):
        off.do(afterroll.take_halfway, "lu", "Search", 8)
    # a roll that is made counts its dice: no automatic success any more
    roll = s.do(c.roll_check, "lu", "Search", target=8, typed=([1, 1, 1], [1], []))
    assert "halfway" not in roll["roll"] and not roll["roll"]["success"]


def test_the_dwarf_adds_two_to_crafts_only() -> None:
    s = Session.new(RULES, {"seed": 1})
    s.do(c.add_character, DWARF, dice=s.dice)
    ev = s.do(c.roll_check, "brok", "Smithing", typed=([1] * 5, [1], []))
    assert ev["roll"]["total"] == 6 + 2
    assert "+2 Dwarf Smithing (Racial Perks), added to the total" in ev["roll"]["modifiers"]
    assert ev["roll"]["bonuses"] == [{"from": "Dwarf Smithing", "add": 2}]
    ev = s.do(c.roll_check, "brok", "Axe", typed=([1] * 5, [1], []))
    assert ev["roll"]["total"] == 6 and "modifiers" not in ev["roll"]


def test_a_robot_is_repaired_not_healed() -> None:
    s = Session.new(RULES, {"seed": 1})
    s.do(c.add_character, ROBOT, dice=s.dice)
    s.do(c.add_character, ORC, dice=s.dice)
    s.do(c.start_combat, ["tin", "orc"])
    n = weapon_damage(s.state.member("orc").sheet, "Axe").dice
    s.do(c.attack, "orc", "tin", skill="Axe", weapon="Axe",
         typed={"attack": ([6, 6, 6], [5]), "damage": ([6] * (n - 1), [5])})
    s.do(c.end_combat)
    assert s.state.member("tin").wounds.level >= WoundLevel.WOUNDED
    for method in ("natural", "potion", "assisted"):
        with pytest.raises(RuleError, match="does not heal"):
            s.do(c.heal, "tin", method, minutes=60 * 24, healer="orc", dice=s.dice)


def test_fold_rejects_perk_events_that_never_fitted() -> None:
    s = table()
    with pytest.raises(EventError, match="declared no Lucky"):
        c.fold(s.state, {"type": "rolled", "who": "lu", "what": "Search", "lucky": ["lu"],
                         "roll": s.do(c.roll_check, "lu", "Search", dice=s.dice)["roll"]})
    s.do(perks.use_perk, "dare", "Favors")
    with pytest.raises(EventError, match="used Favors"):
        c.fold(s.state, {"type": "perk_used", "who": "dare", "perk": "Favors"})


def test_perks_and_changed_rolls_replay_from_the_saved_log(tmp_path: Path) -> None:
    path = tmp_path / "perks.toml"
    s = Session.new(RULES, {"seed": 4, "wild": {"character_point_dice": True}}, path=path)
    for d in (LU, DARE, ORC):
        s.do(c.add_character, d, dice=Dice(1))
    s.do(c.start_session)
    s.do(c.end_session, {"lu": 6})
    s.do(c.start_session)
    s.do(perks.use_perk, "lu", "Lucky")
    s.do(c.roll_check, "lu", "Search", target=30, typed=([1, 1, 1], [1], []))
    s.do(afterroll.add_cp, "lu", 2, chains=[[2], [3]])
    s.do(afterroll.destiny_reroll, "lu", typed=([5, 5, 5], [5], [[4], [4]]))
    s.do(perks.use_perk, "dare", "Favors", note="a boat")
    loaded = Session.load(path, rules=RULES)
    assert loaded.state.members == s.state.members
    lu = loaded.state.member("lu")
    assert lu.sheet.character_points == 4 and not lu.lucky
    assert set(lu.perks_used) == {"Lucky", "Destiny"}


def test_a_robot_is_repaired_with_the_gms_skill_roll() -> None:
    s = Session.new(RULES, {"seed": 1})
    s.do(c.add_character, ROBOT, dice=s.dice)
    s.do(c.add_character, DWARF, dice=s.dice)
    s.do(c.add_character, ORC, dice=s.dice)
    s.do(c.start_combat, ["tin", "orc"])
    n = weapon_damage(s.state.member("orc").sheet, "Axe").dice
    s.do(c.attack, "orc", "tin", skill="Axe", weapon="Axe",
         typed={"attack": ([6, 6, 6], [5]), "damage": ([3] * (n - 1), [3])})
    s.do(c.end_combat)
    hurt = s.state.member("tin").wounds.level
    miss = s.do(repair.repair, "tin", "brok", "Smithing", 30, typed=([1] * 5, [1]))
    assert "failed to repair" in describe(miss) and s.state.member("tin").wounds.level == hurt
    ok = s.do(repair.repair, "tin", "brok", "Smithing", 10, typed=([4] * 5, [4]))
    assert ok["roll"]["total"] == 24 + 2  # the Dwarf's +2 to Smithing counts here too
    assert s.state.member("tin").wounds.level == hurt - 1
    with pytest.raises(RuleError, match="heals; repairs are for"):
        s.do(repair.repair, "brok", "tin", "Wit", 10, dice=s.dice)


def test_the_dwarf_bonus_reads_a_specialization_and_an_independent_skill() -> None:
    assert perks.skill_bonuses(creation.create_character(DWARF, settings.CampaignSettings()),
                               "Wit + Smithing")[0][1] == 2
    sheet = creation.create_character(DWARF, settings.CampaignSettings())
    assert perks.skill_bonuses(sheet, "Smithing: Swords")[0] == ("Dwarf Smithing", 2,
                                                                  "Racial Perks")
    assert perks.skill_bonuses(sheet, "Stealth") == ()


def test_destiny_rerolls_a_missed_attack_and_the_hit_wounds() -> None:
    s = table()
    s.do(c.start_combat, ["lu", "orc"])
    miss = s.do(c.attack, "lu", "orc", skill="Sword", weapon="Sword", defense="parry",
                typed={"attack": ([1, 1], [1])})
    assert not miss["hit"] and s.state.member("orc").wounds.level == WoundLevel.UNHARMED
    ev = s.do(afterroll.destiny_reroll, "lu", typed={
        "attack": ([6, 6], [5]), "damage": ([6] * 4, [5])})
    assert ev["attack"]["total"] == 17 and ev["changes"]["hit"]
    assert ev["changes"]["damage"]["total"] == 29 + 2
    assert s.state.member("orc").wounds.level > WoundLevel.UNHARMED
    assert "Destiny" in s.state.member("lu").perks_used
    replayed = c.new_state({})
    for event in s.events:
        replayed = c.fold(replayed, event)
    assert replayed.members == s.state.members
    hit = table()
    hit.do(c.start_combat, ["lu", "orc"])
    hit.do(c.attack, "lu", "orc", skill="Sword", weapon="Sword", defense="parry",
           typed={"attack": ([6, 6], [5])}, dice=hit.dice)
    with pytest.raises(RuleError, match="succeeded"):  # a hit is no failure
        hit.do(afterroll.destiny_reroll, "lu", dice=hit.dice)


def test_cp_after_a_missed_attack_can_make_it_hit() -> None:
    s = table({"seed": 3, "wild": {"character_point_dice": True}})
    s.do(c.end_session, {"lu": 5})
    s.do(c.start_session)
    s.do(c.start_combat, ["lu", "orc"])
    s.do(c.attack, "lu", "orc", skill="Sword", weapon="Sword", defense="parry",
         typed={"attack": ([1, 1], [1])})
    ev = s.do(afterroll.add_cp, "lu", 2, chains=[[6, 6, 4], [5]],
              typed={"damage": ([6] * 4, [5])})
    assert ev["roll"]["total"] == 3 + 21 and ev["changes"]["hit"]
    assert s.state.member("orc").wounds.level > WoundLevel.UNHARMED
    assert s.state.member("lu").sheet.character_points == 3
    assert [e["type"] for e in s.events[-2:]] == ["attacked", "cp_added"]


def test_a_changed_attack_is_told_in_the_log() -> None:
    s = table()
    s.do(c.start_combat, ["lu", "orc"])
    s.do(c.attack, "lu", "orc", skill="Sword", weapon="Sword", defense="parry",
         typed={"attack": ([1, 1], [1])})
    ev = s.do(afterroll.destiny_reroll, "lu", typed={"attack": ([1, 1], [2])})
    assert describe(ev).endswith("still a miss (table dice)")  # typed: marked so
