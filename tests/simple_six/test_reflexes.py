"""The reflex penalty and the full dodge last until the defender's next turn ("Defensive
Options", "Static Defenses"): every roll in between pays the penalty, every attack meets the
same full dodge, and the dodger does nothing else."""

from __future__ import annotations

from pathlib import Path

import pytest

from d6tui.engine.dice import Dice
from d6tui.engine.errors import RuleError
from d6tui.engine.session import Session
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six.campaign import Campaign
from d6tui.games.simple_six.reflexes import held_dodge, reflex_dice
from d6tui.ui.simple_six.widgets import defense_marks
from tests.simple_six.test_campaign import party

# Initiative: the Orc first, then Mira, then Sir Baelen.
_ORDER = {"orc": ([6], [5]), "mira": ([2, 2, 2], [2]), "sir-baelen": ([1, 1], [2])}


def _fight(options: dict, path: Path | None = None) -> Session:
    s = party(options, path=path)
    s.do(c.start_combat, ["orc", "mira", "sir-baelen"])
    s.do(c.start_round, typed=_ORDER)
    assert s.state.combat.order == ("orc", "mira", "sir-baelen")
    return s


class _Twos(Dice):
    def roll(self, count: int, sides: int = 6) -> dict:
        return {"dice": f"{count}d{sides}", "faces": [2] * count, "source": "app"}


def _miss(state: Campaign, attacker: str, target: str, **kw: object) -> dict:
    """Dice typed so that the attack misses: the attack all 1s (wild 2), the defense all 5s,
    counted from a dry run."""
    dry = c.attack(state, attacker, target, dice=_Twos(0), **kw)  # type: ignore[arg-type]
    typed = {"attack": ([1] * len(dry["attack"]["faces"]), [2])}
    if "defense" in dry:
        typed["defense"] = ([5] * len(dry["defense"]["roll"]["faces"]), [5])
    return typed


def _attack(s: Session, attacker: str, target: str, **kw: object) -> dict:
    """An attack that misses, recorded."""
    return s.do(c.attack, attacker, target, typed=_miss(s.state, attacker, target, **kw),
                dice=s.dice, **kw)


def _check(s: Session, who: str, what: str) -> dict:
    # a roll the GM calls for, not one of the roller's declared actions
    dry = c.roll_check(s.state, who, what, free=True, dice=_Twos(0))
    return s.do(c.roll_check, who, what, typed=([1] * len(dry["roll"]["faces"]), [2], []),
                free=True, dice=s.dice)


def test_an_undeclared_parry_weighs_on_every_roll_until_the_next_turn(tmp_path: Path) -> None:
    s = _fight({"combat": "traditional"}, tmp_path / "reflex.toml")
    # The Orc swings; Sir Baelen parries without having declared it: -1D from now on.
    ev = _attack(s, "orc", "sir-baelen", skill="Axe", weapon="Axe", defense="parry")
    assert not ev["hit"]
    assert ev["defense"]["roll"]["rolled"] == "4D+1"  # Sword 5D+1, -1D
    assert reflex_dice(s.state.combat, "sir-baelen") == 1
    assert defense_marks(s.state.combat, "sir-baelen") == "r-1D"
    # a check out of his turn pays it, named for Defensive Options
    ev = _check(s, "sir-baelen", "Might")
    assert ev["roll"]["rolled"] == "2D+1"
    assert ev["roll"]["modifiers"] == [
        "-1D reflex penalty until the next turn (Defensive Options)"]
    s.do(c.pass_turn)
    # Mira's knife: a second parry not declared, -2D now
    ev = _attack(s, "mira", "sir-baelen", skill="Brawling", weapon="Knife", defense="parry")
    assert ev["defense"]["roll"]["rolled"] == "3D+1"
    assert reflex_dice(s.state.combat, "sir-baelen") == 2
    s.do(c.pass_turn)
    # His turn in this round comes after the parries: they were this round's, so his
    # attack pays them too (the marked decision in reflexes.py).
    assert s.state.combat.actor == "sir-baelen"
    # (the Orc spent his one declared action on his attack: his parry is not declared)
    ev = _attack(s, "sir-baelen", "orc", skill="Sword", weapon="Sword", defense="parry")
    assert ev["attack"]["rolled"] == "3D+1" and not ev["hit"]
    s.do(c.pass_turn)
    s.do(c.start_round, typed=_ORDER)
    # round 2: still carried until his turn starts
    assert reflex_dice(s.state.combat, "sir-baelen") == 2
    s.do(c.pass_turn)
    s.do(c.pass_turn)
    assert s.state.combat.actor == "sir-baelen"
    assert reflex_dice(s.state.combat, "sir-baelen") == 0
    assert defense_marks(s.state.combat, "sir-baelen") == ""
    assert Session.load(tmp_path / "reflex.toml").state == s.state


def test_a_penalty_taken_after_the_turn_lasts_to_the_next_round() -> None:
    s = _fight({"combat": "traditional"})
    s.do(c.pass_turn)  # the Orc does nothing
    # Mira shoots at the Orc, who already had his turn: a reflexive dodge, -1D
    ev = _attack(s, "mira", "orc", skill="Bow", weapon="Bow", range_="long", defense="dodge")
    assert not ev["hit"]
    assert reflex_dice(s.state.combat, "orc") == 1
    s.do(c.pass_turn)
    s.do(c.pass_turn)
    assert reflex_dice(s.state.combat, "orc") == 1
    s.do(c.start_round, typed=_ORDER)
    # the Orc acts first in round 2: his next turn, the penalty is gone
    assert s.state.combat.actor == "orc" and reflex_dice(s.state.combat, "orc") == 0


def test_a_declared_defense_leaves_no_penalty() -> None:
    s = _fight({"combat": "traditional"})
    _attack(s, "orc", "sir-baelen", skill="Axe", weapon="Axe", defense="parry",
            defense_declared=True)
    assert reflex_dice(s.state.combat, "sir-baelen") == 0


def test_a_traditional_full_dodge_holds_against_every_attack() -> None:
    s = _fight({"combat": "traditional"})
    ev = _attack(s, "orc", "sir-baelen", skill="Axe", weapon="Axe", defense="full_dodge")
    total = ev["defense"]["roll"]["total"]
    assert ev["tn"] == total + 10 - 5  # hand-to-hand
    held = held_dodge(s.state.combat, "sir-baelen")
    assert held is not None and held.total == total
    assert reflex_dice(s.state.combat, "sir-baelen") == 0
    assert defense_marks(s.state.combat, "sir-baelen") == "FD"
    s.do(c.pass_turn)
    with pytest.raises(RuleError, match="full dodging"):
        c.attack(s.state, "mira", "sir-baelen", skill="Brawling", weapon="Knife",
                 defense="parry", dice=s.dice)
    # Mira's arrow at long range meets the same roll: no new defense roll
    ev = _attack(s, "mira", "sir-baelen", skill="Bow", weapon="Bow", range_="long")
    assert "defense" not in ev and ev["dodge_held"] and ev["tn"] == total + 10 + 10
    s.do(c.pass_turn)
    # his own turn this round is spent dodging: no attack
    assert s.state.combat.actor == "sir-baelen"
    with pytest.raises(RuleError, match="full dodging until their next turn"):
        c.attack(s.state, "sir-baelen", "orc", skill="Sword", weapon="Sword", dice=s.dice)
    s.do(c.pass_turn)
    s.do(c.start_round, typed=_ORDER)
    assert held_dodge(s.state.combat, "sir-baelen") is not None
    s.do(c.pass_turn)
    s.do(c.pass_turn)
    assert held_dodge(s.state.combat, "sir-baelen") is None  # his next turn: it is over
    ev = _attack(s, "sir-baelen", "orc", skill="Sword", weapon="Sword", defense="dodge",
                 defense_declared=True)
    assert ev["attack"]["rolled"] == "5D+1"


def test_a_static_full_dodge_holds_and_the_dodger_casts_no_spell() -> None:
    s = party()
    s.do(c.start_combat, ["orc", "melkot"])
    order = {"orc": ([6], [5]), "melkot": ([1], [2])}
    s.do(c.start_round, typed=order)
    dodge_tn = c.attack(s.state, "orc", "melkot", skill="Axe", weapon="Axe", defense="dodge",
                        dice=_Twos(0))["tn"]
    ev = _attack(s, "orc", "melkot", skill="Axe", weapon="Axe", defense="dodge",
                 full_dodge=True)
    assert ev["full_dodge"] and ev["tn"] == dodge_tn + 10
    s.do(c.pass_turn)
    assert s.state.combat.actor == "melkot"
    with pytest.raises(RuleError, match="no spell"):
        c.cast_spell(s.state, "melkot", "Light", 15, dice=s.dice)
    s.do(c.pass_turn)
    s.do(c.start_round, typed=order)
    # the Orc's blow in round 2 meets the dodge still: Melkot's turn has not come
    with pytest.raises(RuleError, match="full dodging"):
        c.attack(s.state, "orc", "melkot", skill="Axe", weapon="Axe", defense="parry",
                 dice=s.dice)
    ev = _attack(s, "orc", "melkot", skill="Axe", weapon="Axe")
    assert ev["dodge_held"] and ev["tn"] == dodge_tn + 10
    s.do(c.pass_turn)
    assert held_dodge(s.state.combat, "melkot") is None
