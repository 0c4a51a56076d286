"""Casting under the rules every action follows, and spells that must follow the rest of the
game: one set of checks for every cast ("Defensive Options", "Order of Actions in a Round"),
Death Spell after character points or Destiny, concentration lost with the caster, the thrown
Lightning Bolt against the attack's defense, Heal (Robots, tools, the day's count), Still
Mind, round spells and the fight's end, No Attributes, a renamed Charm ("The Grimoire")."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from d6tui.engine.dice import Dice
from d6tui.engine.errors import RuleError
from d6tui.engine.session import Session
from d6tui.games.simple_six import afterroll, tool_commands
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six import spellcast as sc
from d6tui.games.simple_six.creation import Draft
from d6tui.games.simple_six.effects import DAY
from d6tui.games.simple_six.rules import RULES, describe
from d6tui.games.simple_six.wounds import WoundLevel
from tests.simple_six.test_heal_spell import ready_heal

ATTRS = ("Might", "Agility", "Wit", "Charm")


def D(name: str, attrs: tuple[str, ...] = ("3D",) * 4, **kw: object) -> Draft:  # noqa: N802
    return Draft(name, dict(zip(ATTRS, attrs, strict=True)), npc=True, **kw)  # type: ignore[arg-type]


def new(opts: dict | None = None) -> Session:
    return Session.new(RULES, {"seed": 7, **(opts or {})})


def add(s: Session, *drafts: Draft) -> None:
    for d in drafts:
        s.do(c.add_character, d, dice=Dice(1))


class Const(Dice):
    """Dice that always show one face (no 6, so a wild die never explodes)."""

    def __init__(self, face: int) -> None:
        super().__init__(0)
        self.face = face

    def roll(self, count: int, sides: int = 6) -> dict:
        return {"dice": f"{count}d{sides}", "faces": [self.face] * count, "source": "app"}


HIGH, LOW = Const(5), Const(2)


def replayed(s: Session) -> c.Campaign:
    """The log folded again from the start, its events through JSON (the open roll left
    out: only what the events leave is compared)."""
    st = RULES.new_state(s.header.options)
    effective = set(s._effective)
    for e in s.events:
        if e["seq"] in effective:
            st = RULES.fold(st, json.loads(json.dumps({k: v for k, v in e.items()
                                                       if k != "at"})))
    return replace(st, last_roll=None)


WIZ = D("Wiz", ("2D", "3D", "4D", "3D"),
        skills={"Magic": "2D", "Dodge": "1D", "Throwing": "1D"}, perks=["Sorcerer"],
        spells=["Hasten", "Light", "Illusions", "Fly", "Lightning Bolt", "ESP", "Heal",
                "Still Mind", "Charm", "Slumber", "Curse", "Death Spell", "Growth"])
ORC = D("Orc", ("4D", "3D", "2D", "2D"), skills={"Sword": "2D", "Axe": "2D", "Bow": "2D",
                                                  "Dodge": "1D"},
        weapons=["Sword", "Axe", "Bow"])
GOB = D("Gob", ("2D", "3D", "1D", "1D"), skills={"Dodge": "2D"})
LO = ([1] * 5, [2])  # six dice, low


def fight(s: Session, ids: list[str], first: str, declared: dict | None = None) -> None:
    s.do(c.start_combat, ids)
    typed = {i: ([6, 6], [5]) if i == first else ([1, 1], [1]) for i in ids}
    s.do(c.start_round, declared or {}, dice=s.dice, typed=typed)


# -- F1, F2, M11: one set of checks for every cast ---------------------------------------------


def test_every_cast_carries_the_reflex_penalty_and_a_full_dodger_casts_nothing() -> None:
    s = new({"combat": "traditional"})
    add(s, WIZ, ORC)
    s.do(tool_commands.gain_item, "wiz", "Scroll: Light")
    fight(s, ["wiz", "orc"], "orc")
    # an undeclared dodge: -1D until Wiz's next turn
    miss = {"attack": ([1] * 5, [2]), "defense": ([6, 6], [5])}
    s.do(c.attack, "orc", "wiz", skill="Sword", weapon="Sword", defense="dodge", typed=miss)
    s.do(c.pass_turn)
    ev = s.do(sc.cast, "wiz", "Hasten", targets=["wiz"], dice=HIGH)
    assert ev["roll"]["rolled"] == "5D"  # Magic 6D, -1D reflex
    s.do(c.pass_turn)
    s.do(c.start_round, {}, dice=s.dice, typed={"orc": ([6, 6], [5]), "wiz": ([1, 1], [1])})
    s.do(c.attack, "orc", "wiz", skill="Sword", weapon="Sword", defense="full_dodge",
         typed={"attack": miss["attack"], "defense": ([6, 6], [5])})
    s.do(c.pass_turn)
    for cast in (lambda: s.do(sc.cast, "wiz", "Light", dice=s.dice),
                 lambda: s.do(sc.cast, "wiz", "Light", scroll=True, dice=s.dice),
                 lambda: s.do(c.cast_spell, "wiz", "Light", 15, dice=s.dice)):
        with pytest.raises(RuleError, match="full dodging"):
            cast()


def test_no_cast_out_of_turn_and_the_refusal_leaves_the_turn_whole() -> None:
    s = new()
    add(s, WIZ, ORC, GOB)
    fight(s, ["wiz", "orc"], "orc")
    for cast in (lambda: s.do(sc.cast, "wiz", "Light", dice=s.dice),
                 lambda: s.do(c.cast_spell, "wiz", "Light", 15, dice=s.dice)):
        with pytest.raises(RuleError, match="Orc's turn"):
            cast()
    s.do(c.pass_turn)
    s.do(sc.cast, "wiz", "Hasten", targets=["wiz"], dice=HIGH)
    assert s.state.member("wiz").caster.cast_this_turn


def test_a_bystander_casts_during_a_fight_as_out_of_one() -> None:
    s = new()
    add(s, WIZ, ORC, GOB)
    fight(s, ["orc", "gob"], "orc")
    s.do(sc.cast, "wiz", "Light", dice=HIGH)
    assert not s.state.member("wiz").caster.cast_this_turn
    s.do(sc.cast, "wiz", "Hasten", targets=["wiz"], dice=HIGH)  # not "one a turn"


# -- F15: Death Spell after character points or Destiny -----------------------------------------


def _deadly() -> Session:
    s = new({"wild": {"character_point_dice": True}})
    add(s, D("Wiz", ("2D", "3D", "4D", "3D"), skills={"Magic": "2D"},
             perks=["Sorcerer", "Destiny"], spells=["Death Spell"]),
        D("Orc", ("2D", "3D", "2D", "2D")))
    s.do(c.start_session)
    s.do(c.end_session, {"wiz": 5})
    s.do(c.start_session)
    return s


def test_a_death_spell_made_a_success_by_character_points_deals_its_damage() -> None:
    s = _deadly()
    s.do(sc.cast, "wiz", "Death Spell", targets=["orc"], typed={"roll": LO})
    ev = s.do(afterroll.add_cp, "wiz", 1, chains=[[6, 6, 6, 6, 6, 4]],
              typed={"damage": ([6], [6, 4])})
    ch = ev["changes"]
    assert ch["damage"]["rolled"] == "2D"  # Magic 6D less Wit 4D
    assert ch["resistance"] == 6  # static Might 2D
    assert s.state.member("orc").wounds.level > WoundLevel.UNHARMED
    assert replayed(s) == replace(s.state, last_roll=None)


def test_a_death_spell_made_a_success_by_destiny_deals_its_damage() -> None:
    s = _deadly()
    s.do(sc.cast, "wiz", "Death Spell", targets=["orc"], typed={"roll": LO})
    ev = s.do(afterroll.destiny_reroll, "wiz",
              typed={"roll": ([6] * 5, [6, 6, 6, 3]), "damage": ([6], [6, 4])})
    assert ev["changes"]["damage"]["total"] == 16
    assert s.state.member("orc").wounds.level > WoundLevel.UNHARMED
    assert replayed(s) == replace(s.state, last_roll=None)


# -- F16: concentration ends with the caster ---------------------------------------------------


def test_spells_kept_up_end_when_the_caster_dies_or_is_knocked_out() -> None:
    s = new()
    add(s, WIZ, ORC)
    s.do(sc.cast, "wiz", "Illusions", targets=["orc"], typed={"orc": ([1], [1])}, dice=HIGH)
    s.do(sc.cast, "wiz", "Fly", dice=HIGH)
    assert {e.spell for e in s.state.member("orc").effects} == {"Illusions"}
    fight(s, ["wiz", "orc"], "orc")
    ev = s.do(c.attack, "orc", "wiz", skill="Axe", weapon="Axe", dice=HIGH)
    assert s.state.member("wiz").wounds.level >= WoundLevel.MORTALLY_WOUNDED
    assert s.state.member("orc").effects == ()
    assert s.state.member("wiz").caster.maintained == ()
    assert not any(e.concentration for e in s.state.member("wiz").effects)
    words = describe(ev, {"wiz": "Wiz", "orc": "Orc"})
    assert "Wiz loses concentration: Illusions ends" in words
    assert "Fly ends and floats gently down" in words
    assert replayed(s) == replace(s.state, last_roll=None)


def test_a_bolt_held_by_a_caster_who_falls_dissipates() -> None:
    """A cast Lightning Bolt waits for a throw; a caster knocked down before throwing it
    cannot, so it is gone, and the log says so ("Lightning Bolt")."""
    s = new()
    add(s, WIZ, ORC)
    fight(s, ["wiz", "orc"], "wiz")
    s.do(sc.cast, "wiz", "Lightning Bolt", dice=HIGH)
    assert any(e.spell == "Lightning Bolt" for e in s.state.member("wiz").effects)
    s.do(c.pass_turn)
    ev = s.do(c.attack, "orc", "wiz", skill="Axe", weapon="Axe", dice=HIGH)
    assert s.state.member("wiz").wounds.level >= WoundLevel.MORTALLY_WOUNDED
    assert not any(e.spell == "Lightning Bolt" for e in s.state.member("wiz").effects)
    assert "Wiz's unthrown Lightning Bolt dissipates" in describe(ev, {"wiz": "Wiz", "orc": "Orc"})
    assert replayed(s) == replace(s.state, last_roll=None)


# -- F17: the thrown bolt against the attack's defense -----------------------------------------


def _to(s: Session, who: str) -> None:
    while s.state.combat.actor != who:
        s.do(c.pass_turn)


@pytest.mark.parametrize("system", ["static", "traditional"])
def test_the_bolt_meets_a_full_dodge_held_against_an_arrow(system: str) -> None:
    s = new({"combat": system})
    add(s, WIZ, ORC, GOB)
    fight(s, ["wiz", "orc", "gob"], "orc", {"wiz": 2})
    kw: dict = {"full_dodge": True} if system == "static" else {"defense": "full_dodge"}
    arrow = s.do(c.attack, "orc", "gob", skill="Bow", weapon="Bow", range_="short",
                 dice=LOW, **kw)
    _to(s, "wiz")
    s.do(sc.cast, "wiz", "Lightning Bolt", dice=HIGH)
    ev = s.do(sc.throw_bolt, "wiz", "gob", range_="short", dodge=True, dice=LOW)
    assert ev["tn"] == arrow["tn"] and ev["dodge_held"]


def test_an_undeclared_dodge_of_a_bolt_costs_a_die_until_the_dodgers_turn() -> None:
    s = new({"combat": "traditional"})
    add(s, WIZ, ORC)
    fight(s, ["wiz", "orc"], "wiz", {"wiz": 2})
    s.do(sc.cast, "wiz", "Lightning Bolt", dice=HIGH)
    ev = s.do(sc.throw_bolt, "wiz", "orc", range_="short", dodge=True, dice=LOW)
    assert ev["defense"]["roll"]["rolled"] == "3D"  # Dodge 4D, -1D not declared
    from d6tui.games.simple_six import reflexes

    assert reflexes.reflex_dice(s.state.combat, "orc") == 1
    assert replayed(s) == replace(s.state, last_roll=None)


def test_the_bolt_thrower_may_not_throw_while_full_dodging() -> None:
    s = new({"combat": "traditional"})
    add(s, WIZ, ORC)
    fight(s, ["wiz", "orc"], "wiz")
    s.do(sc.cast, "wiz", "Lightning Bolt", dice=HIGH)
    _to(s, "orc")
    s.do(c.pass_turn)
    s.do(c.start_round, {}, dice=s.dice, typed={"orc": ([6, 6], [5]), "wiz": ([1, 1], [1])})
    s.do(c.attack, "orc", "wiz", skill="Sword", weapon="Sword", defense="full_dodge",
         dice=LOW)
    _to(s, "wiz")
    with pytest.raises(RuleError, match="full dodging"):
        s.do(sc.throw_bolt, "wiz", "orc", dice=s.dice)


def test_a_bolt_at_a_helpless_target_meets_the_very_easy_base() -> None:
    from d6tui.games.simple_six import helpless

    s = new()
    add(s, WIZ, GOB)
    s.do(sc.cast, "wiz", "Slumber", targets=["gob"], typed={"gob": ([], [1])}, dice=HIGH)
    fight(s, ["wiz", "gob"], "wiz", {"wiz": 2})
    s.do(sc.cast, "wiz", "Lightning Bolt", dice=HIGH)
    ev = s.do(sc.throw_bolt, "wiz", "gob", range_="short", dice=LOW)
    assert ev["helpless"].startswith("asleep")
    assert ev["tn"] == helpless.helpless_tn("short", 0)


# -- F20, F11: Heal --------------------------------------------------------------------------------


def _hurt(s: Session, who: str) -> None:
    fight(s, [who, "orc"], "orc")
    s.do(c.attack, "orc", who, skill="Axe", weapon="Axe", dice=Const(3))
    s.do(c.end_combat)
    assert WoundLevel.WOUNDED <= s.state.member(who).wounds.level < WoundLevel.DEAD


def test_a_heal_scroll_does_not_heal_a_robot() -> None:
    s = new()
    add(s, WIZ, ORC, D("Robo", ("4D", "3D", "3D", "3D"), perks=["Robot"]))
    _hurt(s, "robo")
    s.do(tool_commands.gain_item, "wiz", "Scroll: Heal")
    with pytest.raises(RuleError, match="does not heal"):
        s.do(sc.cast, "wiz", "Heal", targets=["robo"], scroll=True, dice=HIGH)


def test_heal_takes_the_tools_and_counts_the_day_from_the_log() -> None:
    s = new()
    add(s, WIZ, ORC, D("Pat", ("4D", "3D", "3D", "3D")))
    s.do(tool_commands.gain_tool, "wiz", "Spell Staff")
    s.do(tool_commands.gain_tool, "wiz", "Magic Wand", "Heal")
    s.do(sc.pass_time, 3 * DAY)  # attuned
    _hurt(s, "pat")
    level = s.state.member("pat").wounds.level
    ready_heal(s, "wiz", "pat")
    ev = s.do(sc.cast, "wiz", "Heal", targets=["pat"], staff=True, dice=Const(1))
    assert ev["roll"]["rolled"] == "8D" and ev["staff"]  # 6D, wand +1D, staff +1D
    assert any(t.staff_day is not None for t in s.state.member("wiz").tools)
    first = ev["tn"]
    ready_heal(s, "wiz", "pat")
    ev = s.do(sc.cast, "wiz", "Heal", targets=["pat"], dice=Const(1))
    assert ev["tn"] == first + 10 and ev["roll"]["rolled"] == "6D"  # wand; -1D failure
    s.do(sc.pass_time, DAY, rest=True, dice=Const(1))
    ready_heal(s, "wiz", "pat")
    ev = s.do(sc.cast, "wiz", "Heal", targets=["pat"], dice=HIGH)
    assert ev["tn"] == first and s.state.member("pat").wounds.level == level - 1
    assert replayed(s) == replace(s.state, last_roll=None)


def test_heal_through_the_old_command_counts_the_day_too() -> None:
    s = new()
    add(s, WIZ, ORC, D("Pat", ("4D", "3D", "3D", "3D")))
    _hurt(s, "pat")
    ready_heal(s, "wiz", "pat")
    first = s.do(c.cast_spell, "wiz", "Heal", None, target="pat", dice=Const(1))["tn"]
    ready_heal(s, "wiz", "pat")
    second = s.do(c.cast_spell, "wiz", "Heal", None, target="pat", dice=Const(1))["tn"]
    assert second == first + 10


# -- F21: Still Mind ---------------------------------------------------------------------------


def test_still_mind_keeps_out_esp_and_illusions_but_not_slumber() -> None:
    s = new()
    sage = D("Sage", ("2D", "3D", "4D", "3D"), skills={"Magic": "6D"}, perks=["Sorcerer"],
             spells=["Still Mind"])
    add(s, WIZ, sage)
    s.do(sc.cast, "sage", "Still Mind", dice=HIGH)
    assert [e.spell for e in s.state.member("sage").effects] == ["Still Mind"]
    for spell in ("ESP", "Illusions"):
        with pytest.raises(RuleError, match="protected by Still Mind"):
            s.do(sc.cast, "wiz", spell, targets=["sage"], dice=s.dice)
    s.do(sc.cast, "wiz", "Slumber", targets=["sage"], dice=HIGH)


# -- F3: round spells end with the fight -------------------------------------------------------


def test_round_spells_and_a_held_bolt_end_when_the_fight_ends() -> None:
    s = new()
    add(s, WIZ, ORC)
    fight(s, ["wiz", "orc"], "wiz")
    s.do(sc.cast, "wiz", "Hasten", targets=["wiz"], dice=HIGH)
    s.do(c.pass_turn)
    s.do(c.pass_turn)
    s.do(c.start_round, {}, dice=s.dice, typed={"wiz": ([6, 6], [5]), "orc": ([1, 1], [1])})
    s.do(sc.cast, "wiz", "Lightning Bolt", dice=HIGH)
    assert {e.spell for e in s.state.member("wiz").effects} == {"Hasten", "Lightning Bolt"}
    s.do(c.end_combat)
    assert s.state.member("wiz").effects == ()
    fight(s, ["wiz", "orc"], "wiz")
    with pytest.raises(RuleError, match="holds no Lightning Bolt"):
        s.do(sc.throw_bolt, "wiz", "orc", dice=s.dice)


# -- F10: No Attributes --------------------------------------------------------------------------


def test_no_attributes_spells_resisted_by_wit_or_charm_and_death_spell_use_2d() -> None:
    s = new({"no_attributes": True})
    g = Draft("G", {}, skills={"Magic": "4D", "Toughness": "1D", "Dodge": "1D"},
              perks=["Sorcerer"], spells=["Slumber", "Curse", "Death Spell"], npc=True)
    o = Draft("O", {}, skills={"Toughness": "1D"}, npc=True)
    add(s, g, o)
    ev = s.do(sc.cast, "g", "Slumber", targets=["o"], dice=HIGH)
    assert ev["targets"][0]["resist"]["rolled"] == "2D"
    ev = s.do(sc.cast, "g", "Curse", targets=["o"], dice=HIGH)
    assert ev["targets"][0]["resist"]["rolled"] == "2D"
    ev = s.do(sc.cast, "g", "Death Spell", targets=["o"],
              typed={"roll": ([6] * 5, [6, 6, 3])}, dice=HIGH)
    assert ev["damage"]["rolled"] == "4D"  # Magic 6D less the 2D base


# -- F23: a renamed Charm ------------------------------------------------------------------------


def test_the_charm_spell_follows_a_renamed_charm() -> None:
    s = new({"attribute_names": {"Charm": "Cool"}})
    add(s, D("Wiz", ("2D", "3D", "4D", "3D"), skills={"Magic": "2D"}, perks=["Sorcerer"],
             spells=["Charm"]))
    s.do(sc.cast, "wiz", "Charm", dice=HIGH)
    ev = s.do(c.roll_check, "wiz", "Cool", dice=s.dice)
    assert ev["roll"]["rolled"] == "6D"  # 3D +4D, -1D for keeping Charm up
