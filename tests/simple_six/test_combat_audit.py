"""Combat, wounds and healing rules found wrong by a rules audit against the SRD, each with
the scene that showed it."""

from __future__ import annotations

import json

import pytest

from d6tui.engine.dice import Dice
from d6tui.engine.errors import RuleError
from d6tui.engine.session import Session
from d6tui.games.simple_six import afterroll, perks
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six import repair as rp
from d6tui.games.simple_six import spellcast as sc
from d6tui.games.simple_six.creation import Draft
from d6tui.games.simple_six.rules import RULES, describe
from d6tui.games.simple_six.settings import CampaignSettings
from d6tui.games.simple_six.wounds import WoundLevel


def D(name: str, attrs: tuple[str, ...] = ("3D", "3D", "3D", "3D"), **kw: object) -> Draft:
    kw.setdefault("skills", {})
    kw.setdefault("npc", True)
    return Draft(name, dict(zip(("Might", "Agility", "Wit", "Charm"), attrs, strict=True)), **kw)  # type: ignore[arg-type]


ORC = D("Orc", ("4D", "3D", "2D", "2D"), npc=True,
        skills={"Sword": "2D", "Bow": "2D", "Axe": "2D"}, weapons=["Sword", "Bow", "Axe"])


def new(opts: dict | None = None) -> Session:
    return Session.new(RULES, {"seed": 7, **(opts or {})})


def replays(s: Session) -> None:
    """The log folds again, JSON round-tripped, to the same state."""
    st = RULES.new_state(s.header.options)
    for e in s.events:
        if e["seq"] in set(s._effective):
            again = json.loads(json.dumps({k: v for k, v in e.items() if k != "at"}))
            st = RULES.fold(st, {**again, **({"at": e["at"]} if "at" in e else {})})
    assert st == s.state


def sixes(s: Session, fn: object, *args: object, key: str = "attack", wild: tuple = (6, 3),
          face: int = 6, **kw: object) -> dict:
    """Run a command with ``key``'s roll typed as all ``face`` (as many dice as it rolls)."""
    from d6tui.engine.errors import DiceError

    typed = dict(kw.pop("typed", {}))  # type: ignore[call-overload]
    for n in range(0, 12):
        try:
            return s.do(fn, *args, typed={**typed, key: ([face] * n, list(wild))},
                        dice=s.dice, **kw)
        except DiceError:
            continue
    raise AssertionError("no dice count fits")


def fight(s: Session, first: str, second: str, actions: dict | None = None) -> None:
    s.do(c.start_combat, [first, second])
    s.do(c.start_round, actions or {}, dice=s.dice,
         typed={first: ([6, 6], [5]), second: ([1, 1], [1])})


# -- F19 Body Points ------------------------------------------------------------------------


def test_fixed_body_points_are_20_plus_4_a_die_and_old_sheets_load_as_stored() -> None:
    s = new({"wounds": "body_points", "body_points": "fixed"})
    s.do(c.add_character, D("Ana", ("2D", "4D", "3D", "3D")))
    assert s.state.member("ana").body.maximum == 28
    # a sheet stored under the old rule (4 a die, no base) keeps its Body Points
    e = {"type": "character_added", "id": "old", "sheet": {
        **json.loads(json.dumps(s.events[-1]["sheet"])), "name": "Old", "body_points": 8}}
    st = RULES.fold(s.state, e)
    assert st.member("old").body.maximum == 8


# -- F6 Daredevil -----------------------------------------------------------------------------


def test_daredevil_halves_every_attack_against_a_held_static_full_dodge() -> None:
    s = new({"combat": "static"})
    s.do(c.add_character, D("Ana", skills={"Dodge": "2D"}, perks=["Daredevil"]))
    s.do(c.add_character, ORC)
    s.do(c.start_session)
    s.do(c.start_combat, ["orc", "ana"])
    s.do(perks.use_perk, "ana", "Daredevil")
    s.do(c.start_round, {"orc": 2}, dice=s.dice,
         typed={"orc": ([6, 6], [5]), "ana": ([1, 1], [1])})
    miss = {"attack": ([1, 1, 1], [1])}
    one = s.do(c.attack, "orc", "ana", skill="Bow", weapon="Bow", range_="short",
               full_dodge=True, typed=miss)
    two = s.do(c.attack, "orc", "ana", skill="Bow", weapon="Bow", range_="short", typed=miss)
    assert one["tn"] == two["tn"] == 15 // 2 + 10
    assert two["daredevil"] and two["dodge_held"]
    replays(s)


# -- F7 scale under Body Points ---------------------------------------------------------------


def test_body_points_damage_resistance_adds_the_larger_targets_scale() -> None:
    s = new({"wounds": "body_points"})
    s.do(c.add_character, D("Wiz", ("3D", "3D", "4D", "3D"), skills={"Magic": "2D"},
                            perks=["Sorcerer"], spells=["Growth"], npc=True, armor=["Leather"]),
         dice=Dice(1))
    s.do(c.add_character, ORC, dice=Dice(1))
    fight(s, "wiz", "orc")
    s.do(sc.cast, "wiz", "Growth", steps=1, typed={"roll": ([6] * 5, [6, 6, 6, 3])})
    s.do(c.pass_turn)
    ev = sixes(s, c.attack, "orc", "wiz", skill="Sword", weapon="Sword")
    assert ev["resistance"] == 2 + 6  # Leather + the 2D scale difference as 6 points
    replays(s)


# -- F8 defender's hero points ----------------------------------------------------------------


def test_a_defender_spends_hero_points_on_damage_resistance_under_body_points() -> None:
    s = new({"wounds": "body_points"})
    s.do(c.add_character, D("Ana", skills={"Sword": "2D"}, weapons=["Sword"]), dice=Dice(1))
    s.do(c.add_character, ORC, dice=Dice(1))
    fight(s, "orc", "ana")
    hp = s.state.member("ana").sheet.hero_points
    before = s.state.member("ana").body.current
    ev = sixes(s, c.attack, "orc", "ana", skill="Sword", weapon="Sword",
               defender_hero_points=1)
    assert ev["resistance"] == 6 and ev["defender_hero_points"] == 1
    ana = s.state.member("ana")
    assert ana.sheet.hero_points == hp - 1
    assert ana.body.current == before - (ev["damage"]["total"] - 6)
    s.do(c.pass_turn)
    with pytest.raises(RuleError, match="hero points"):
        s.do(c.attack, "ana", "orc", skill="Sword", weapon="Sword", defender_hero_points=9,
             dice=s.dice)
    replays(s)


def test_a_traditional_defender_spends_a_hero_point_on_his_defense_roll() -> None:
    s = new({"combat": "traditional"})
    s.do(c.add_character, D("Ana", skills={"Dodge": "2D"}))
    s.do(c.add_character, ORC)
    fight(s, "orc", "ana")
    ev = s.do(c.attack, "orc", "ana", skill="Bow", weapon="Bow", range_="short",
              defense="dodge", defender_hero_points=1, dice=s.dice,
              typed={"attack": ([1] * 4, [1]), "defense": ([3] * 3, [3])})
    assert ev["defense"]["roll"]["total"] == 12 + 6
    assert s.state.member("ana").sheet.hero_points == 0
    static = new({"combat": "static"})
    static.do(c.add_character, D("Ana"))
    static.do(c.add_character, ORC)
    fight(static, "orc", "ana")
    with pytest.raises(RuleError, match="flesh wound"):
        static.do(c.attack, "orc", "ana", skill="Sword", weapon="Sword",
                  defender_hero_points=1, dice=static.dice)
    replays(s)


# -- F12 declared defenses --------------------------------------------------------------------


def test_a_declared_defense_is_one_of_the_defenders_declared_actions() -> None:
    s = new({"combat": "traditional"})
    s.do(c.add_character, D("Ana", skills={"Sword": "2D"}, weapons=["Sword"]))
    s.do(c.add_character, ORC)
    fight(s, "ana", "orc", {"ana": 2})  # the Orc declared one action
    ev = s.do(c.attack, "ana", "orc", skill="Sword", weapon="Sword", defense="parry",
              defense_declared=True, typed={"attack": ([1] * 3, [1])}, dice=s.dice)
    assert ev["defense"]["roll"]["rolled"] == "6D"  # his one action: no penalty
    with pytest.raises(RuleError, match="declared 1 action this round and has spent"):
        s.do(c.attack, "ana", "orc", skill="Sword", weapon="Sword", defense="parry",
             defense_declared=True, dice=s.dice)
    s.do(c.pass_turn)
    with pytest.raises(RuleError, match="declared 1 action"):  # the parry was his action
        s.do(c.attack, "orc", "ana", skill="Sword", weapon="Sword", dice=s.dice)
    s.do(c.pass_turn)
    s.do(c.start_round, {"orc": 2}, dice=s.dice,
         typed={"ana": ([6, 6], [5]), "orc": ([1, 1], [1])})
    ev = s.do(c.attack, "ana", "orc", skill="Sword", weapon="Sword", defense="parry",
              defense_declared=True, typed={"attack": ([1] * 4, [1])}, dice=s.dice)
    assert ev["defense"]["roll"]["rolled"] == "5D"  # two actions: -1D
    s.do(c.pass_turn)
    assert s.state.combat.actions_left("orc") == 1
    s.do(c.attack, "orc", "ana", skill="Sword", weapon="Sword", dice=s.dice)
    with pytest.raises(RuleError, match="declared 2 actions"):
        s.do(c.attack, "orc", "ana", skill="Sword", weapon="Sword", dice=s.dice)
    replays(s)


# -- F14 a weapon parrying a brawler ----------------------------------------------------------


def test_a_brawler_parried_with_a_weapon_takes_its_damage() -> None:
    s = new({"combat": "traditional"})
    s.do(c.add_character, D("Ana", skills={"Brawling": "2D"}, npc=True))
    s.do(c.add_character, ORC)
    fight(s, "ana", "orc")
    ev = sixes(s, c.attack, "ana", "orc", skill="Brawling", defense="parry",
               key="counter_damage", typed={
                   "attack": ([1] * 4, [1]), "defense": ([6] * 4, [6, 2]),
                   "counter_resist": ([1] * 2, [1])})
    assert not ev["hit"] and ev["counter"]["weapon"] == "Sword"
    assert ev["counter"]["damage"]["total"] > ev["counter"]["resistance"]
    assert s.state.member("ana").wounds.level > 0
    assert "parried with the Sword" in describe(ev)
    replays(s)


# -- F22 knockouts end --------------------------------------------------------------------------


def _knocked_out(s: Session) -> int:
    s.do(c.add_character, D("Ana", skills={"Stamina": "2D", "Medicine": "2D"}, npc=True))
    s.do(c.add_character, ORC)
    fight(s, "orc", "ana")
    s.do(c.attack, "orc", "ana", skill="Axe", weapon="Axe",
         typed={"attack": ([6] * 5, [6, 3]), "damage": ([3] * 6, [1])})
    assert s.state.member("ana").wounds.level == WoundLevel.INCAPACITATED
    ev = s.do(c.stay_up, "ana", typed=([1] * 4, [2]), knockout_faces=[1] * 10)
    return sum(ev["knockout"]["faces"])


def test_a_knockout_ends_after_its_minutes_of_time_passed() -> None:
    s = new()
    assert _knocked_out(s) == 10
    s.do(c.end_combat)
    s.do(sc.pass_time, 9)
    assert not s.state.member("ana").wounds.awake
    s.do(sc.pass_time, 1)
    ana = s.state.member("ana")
    assert ana.wounds.awake and ana.wounds.level == WoundLevel.INCAPACITATED
    s.do(c.roll_check, "ana", "Medicine", dice=s.dice)
    replays(s)


def test_a_fights_rounds_count_toward_a_knockout() -> None:
    s = new()
    _knocked_out(s)
    for _ in range(60):
        s.do(c.start_round, dice=s.dice)
    assert s.state.member("ana").wounds.awake
    replays(s)


# -- F4 the unconscious treat nobody ----------------------------------------------------------


def test_the_unconscious_cannot_treat_or_repair_and_wounds_cost_the_healer_dice() -> None:
    s = new()
    _knocked_out(s)
    with pytest.raises(RuleError, match="knocked out and cannot treat"):
        s.do(c.heal, "ana", "assisted", healer="ana", dice=s.dice)
    s.do(c.end_combat)
    s.do(sc.pass_time, 10)
    with pytest.raises(RuleError, match="cannot treat themself"):  # "help others heal"
        s.do(c.heal, "ana", "assisted", healer="ana", dice=s.dice)
    s.do(c.add_character, D("Cy"))
    fight(s, "orc", "cy")
    s.do(c.attack, "orc", "cy", skill="Axe", weapon="Axe",
         typed={"attack": ([6] * 5, [6, 3]), "damage": ([2] * 6, [3])})
    assert s.state.member("cy").wounds.level == WoundLevel.WOUNDED
    s.do(c.end_combat)
    ev = s.do(c.heal, "cy", "assisted", healer="ana", dice=s.dice)
    assert ev["roll"]["rolled"] == "2D"  # Medicine 5D less Incapacitated's -3D
    r = new()
    r.do(c.add_character, D("Robo", skills={"Smithing": "2D"}, perks=["Robot"], npc=True))
    r.do(c.add_character, ORC)
    fight(r, "orc", "robo")
    r.do(c.attack, "orc", "robo", skill="Axe", weapon="Axe",
         typed={"attack": ([6] * 5, [6, 3]), "damage": ([3] * 6, [4])})
    with pytest.raises(RuleError, match="Mortally Wounded and cannot repair"):
        r.do(rp.repair, "robo", "robo", "Smithing", 10, typed=([6] * 4, [6, 1]))
    replays(s)


# -- F9 renaming an attribute to a skill ------------------------------------------------------


def test_an_attribute_cannot_be_renamed_to_a_skill() -> None:
    with pytest.raises(RuleError, match="Stamina is a skill") as e:
        new({"attribute_names": {"Might": "Stamina"}})
    assert e.value.section == "Renaming Attributes"
    # a stored campaign with such a name still loads
    st = RULES.fold(RULES.new_state({}), {"type": "campaign_started", "settings": {
        **CampaignSettings().to_mapping(), "attribute_names": {"Might": "Stamina"}}})
    assert st.settings.attribute_name("Might") == "Stamina"


# -- M14 a full dodger makes no skill check ---------------------------------------------------


def test_a_full_dodger_makes_no_skill_check() -> None:
    s = new({"combat": "traditional"})
    s.do(c.add_character, D("Ana", skills={"Dodge": "2D", "Search": "1D"}))
    s.do(c.add_character, ORC)
    fight(s, "orc", "ana")
    s.do(c.attack, "orc", "ana", skill="Bow", weapon="Bow", range_="short",
         defense="full_dodge", typed={"attack": ([1] * 4, [1]), "defense": ([3] * 4, [3])})
    with pytest.raises(RuleError, match="full dodging"):
        s.do(c.roll_check, "ana", "Search", dice=s.dice)


# -- F18 Destiny on the stay-up and Mortally Wounded rolls ------------------------------------


def test_destiny_rerolls_a_failed_stay_up_roll() -> None:
    s = new()
    s.do(c.add_character, D("Ana", skills={"Stamina": "2D"}, perks=["Destiny"]))
    s.do(c.add_character, ORC)
    s.do(c.start_session)
    fight(s, "orc", "ana")
    s.do(c.attack, "orc", "ana", skill="Axe", weapon="Axe",
         typed={"attack": ([6] * 5, [6, 3]), "damage": ([3] * 6, [1])})
    s.do(c.stay_up, "ana", typed=([1] * 4, [2]), knockout_faces=[1] * 10)
    assert not s.state.member("ana").wounds.awake
    s.do(afterroll.destiny_reroll, "ana", typed=([6] * 4, [6, 2]))
    assert s.state.member("ana").wounds.awake
    replays(s)


def test_the_mortally_wounded_roll_has_its_target() -> None:
    s = new()
    s.do(c.add_character, D("Ana"))
    s.do(c.add_character, ORC)
    fight(s, "orc", "ana")
    s.do(c.attack, "orc", "ana", skill="Axe", weapon="Axe",
         typed={"attack": ([6] * 5, [6, 3]), "damage": ([3] * 6, [4])})
    assert s.state.member("ana").wounds.level == WoundLevel.MORTALLY_WOUNDED
    for _ in range(7):
        ev = s.do(c.mortal_roll, "ana", typed=([6, 6], [5]))
        s.do(c.start_round, dice=s.dice)
    assert ev["roll"]["target"] == 1
    replays(s)
