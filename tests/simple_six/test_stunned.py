"""Wound penalties in a fight ("Wound Level Effects"): Stunned is -1D for the rest of the round
and the next one and ends with its fight; a wound lowered to Stunned is a fresh stun;
Incapacitated and still up is -3D."""

from __future__ import annotations

from d6tui.engine.dice import Dice
from d6tui.engine.session import Session
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six.wounds import WoundLevel
from tests.simple_six.test_campaign import party


class _Twos(Dice):
    def roll(self, count: int, sides: int = 6) -> dict:
        return {"dice": f"{count}d{sides}", "faces": [2] * count, "source": "app"}


def _spread(total: int, n: int) -> list[int]:
    faces = [total // n + (1 if i < total % n else 0) for i in range(n)]
    assert all(1 <= f <= 6 for f in faces), faces
    return faces


def hit_by(s: Session, attacker: str, target: str, margin: int, **kw: object) -> dict:
    """A Fast Static hit whose damage beats Soak by ``margin``, typed."""
    dry = c.attack(s.state, attacker, target, dice=_Twos(0), **kw)  # type: ignore[arg-type]
    attack = ([6] * len(dry["attack"]["faces"]), [5])
    dry = c.attack(s.state, attacker, target, typed={"attack": attack}, dice=_Twos(0),
                   **kw)  # type: ignore[arg-type]
    assert dry["hit"]
    n = len(dry["damage"]["faces"])
    pips = dry["damage"]["total"] - 2 * (n + 1)
    want = dry["resistance"] - dry["extra"] + margin - pips
    damage = (_spread(want - 2, n), [2])
    return s.do(c.attack, attacker, target, typed={"attack": attack, "damage": damage},
                dice=s.dice, **kw)


def _new_round(s: Session) -> None:
    """Initiative typed so that the Orc acts first, counted from a dry run."""
    dry = c.start_round(s.state, dice=_Twos(0))
    typed = {e["who"]: (([6], [5]) if e["who"] == "orc" else
                        ([1] * len(e["roll"]["faces"]), [2])) for e in dry["initiative"]}
    s.do(c.start_round, typed=typed)
    assert s.state.combat.actor == "orc"


def _might(s: Session, who: str) -> str:
    return c.roll_check(s.state, who, "Might", dice=_Twos(0))["roll"]["rolled"]


def _fight() -> Session:
    s = party()
    s.do(c.start_combat, ["orc", "sir-baelen"])
    _new_round(s)
    return s


def test_a_stun_lasts_this_round_and_the_next() -> None:
    s = _fight()
    hit_by(s, "orc", "sir-baelen", 2, skill="Axe", weapon="Axe", defense="parry")
    assert s.state.member("sir-baelen").wounds.level == WoundLevel.STUNNED
    assert _might(s, "sir-baelen") == "2D+1"  # Might 3D+1, -1D in round 1
    s.do(c.pass_turn)
    s.do(c.pass_turn)
    _new_round(s)
    assert _might(s, "sir-baelen") == "2D+1"  # and in round 2
    s.do(c.pass_turn)
    s.do(c.pass_turn)
    _new_round(s)
    assert _might(s, "sir-baelen") == "3D+1"  # over in round 3


def test_a_stun_ends_with_its_fight() -> None:
    s = _fight()
    hit_by(s, "orc", "sir-baelen", 2, skill="Axe", weapon="Axe", defense="parry")
    s.do(c.end_combat)
    baelen = s.state.member("sir-baelen")
    assert baelen.wounds.level == WoundLevel.STUNNED  # healed only by rest or treatment
    assert _might(s, "sir-baelen") == "3D+1"
    # a new fight counts its rounds from 1 again: the old stun does not come back
    s.do(c.start_combat, ["orc", "sir-baelen"])
    _new_round(s)
    assert _might(s, "sir-baelen") == "3D+1"


def test_a_flesh_wound_down_to_stunned_is_a_fresh_stun() -> None:
    s = _fight()
    hit_by(s, "orc", "sir-baelen", 5, skill="Axe", weapon="Axe", defense="parry")
    assert s.state.member("sir-baelen").wounds.level == WoundLevel.WOUNDED
    s.do(c.pass_turn)
    s.do(c.pass_turn)
    _new_round(s)
    s.do(c.flesh_wound, "sir-baelen")  # in round 2
    assert s.state.member("sir-baelen").wounds.level == WoundLevel.STUNNED
    assert _might(s, "sir-baelen") == "2D+1"
    s.do(c.pass_turn)
    s.do(c.pass_turn)
    _new_round(s)
    assert _might(s, "sir-baelen") == "2D+1"  # round 3: the next round
    s.do(c.pass_turn)
    s.do(c.pass_turn)
    _new_round(s)
    assert _might(s, "sir-baelen") == "3D+1"  # round 4: over


def test_incapacitated_and_still_up_is_three_dice_down() -> None:
    s = _fight()
    hit_by(s, "orc", "sir-baelen", 10, skill="Axe", weapon="Axe", defense="parry")
    assert s.state.member("sir-baelen").wounds.stay_up_pending
    s.do(c.stay_up, "sir-baelen", typed=([6, 6], [5]))  # Might 3D+1: 18
    w = s.state.member("sir-baelen").wounds
    assert w.level == WoundLevel.INCAPACITATED and w.awake
    assert c.roll_check(s.state, "sir-baelen", "Sword", dice=_Twos(0))["roll"]["rolled"] == (
        "2D+1")  # Sword 5D+1, -3D
