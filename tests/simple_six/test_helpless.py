"""A helpless target (knocked out, Mortally Wounded, or held by a condition a spell adds)
makes no defense: the attack meets a Very Easy TN plus range and cover, in both systems."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from d6tui.engine.errors import RuleError
from d6tui.engine.session import Session
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six import helpless
from d6tui.games.simple_six.campaign import Campaign
from d6tui.games.simple_six.rules import describe
from d6tui.games.simple_six.wounds import WoundLevel, WoundState
from tests.simple_six.test_campaign import party

_MISS = {"attack": ([1, 1, 1, 1, 1], [1])}  # Mira's Bow, 6D
_MISS_BAELEN = {"attack": ([1, 1, 1, 1], [1])}  # Sir Baelen's Sword, 5D+1
_KNOCKED_OUT = WoundState(WoundLevel.INCAPACITATED, awake=False, knocked_out_minutes=20)


def _with_wounds(state: Campaign, who: str, w: WoundState) -> Campaign:
    return state._put(replace(state.member(who), wounds=w))


def test_who_is_helpless() -> None:
    st = party().state
    orc = st.member("orc")
    assert helpless.helpless_reason(st, orc) is None
    cases = {
        "knocked out": _KNOCKED_OUT,
        "Mortally Wounded": WoundState(WoundLevel.MORTALLY_WOUNDED, awake=False),
        "Incapacitated, not yet rolled to stay up": WoundState(
            WoundLevel.INCAPACITATED, awake=False, stay_up_pending=True),
        "dead": WoundState(WoundLevel.DEAD, awake=False),
    }
    for reason, w in cases.items():
        assert helpless.helpless_reason(st, replace(orc, wounds=w)) == reason
    # Incapacitated but stayed up: he acts at -3D and defends
    up = WoundState(WoundLevel.INCAPACITATED, awake=True)
    assert not helpless.is_helpless(st, replace(orc, wounds=up))


def test_a_condition_plugs_in(monkeypatch: pytest.MonkeyPatch) -> None:
    st = party().state
    monkeypatch.setattr(helpless, "CONDITIONS", [
        lambda state, m: "asleep" if m.id == "orc" else None])
    assert helpless.helpless_reason(st, st.member("orc")) == "asleep"
    assert not helpless.is_helpless(st, st.member("mira"))
    s = party()
    s.do(c.start_combat, ["orc", "mira"])
    ev = c.attack(s.state, "mira", "orc", skill="Bow", weapon="Bow", range_="short",
                  typed=_MISS, dice=s.dice)
    assert ev["helpless"] == "asleep" and ev["tn"] == 5


def test_fast_static_attack_on_a_knocked_out_target() -> None:
    s = party()
    s.do(c.start_combat, ["orc", "mira", "sir-baelen"])
    st = _with_wounds(s.state, "orc", _KNOCKED_OUT)
    # melee: Very Easy 5, hand-to-hand -5; no Block or Parry
    ev = c.attack(st, "sir-baelen", "orc", skill="Sword", weapon="Sword", typed=_MISS_BAELEN,
                  dice=s.dice)
    assert ev["tn"] == 0 and ev["helpless"] == "knocked out" and ev["hit"]
    # a missile at medium range behind half cover: 5 + 5 + 5
    ev = c.attack(st, "mira", "orc", skill="Bow", weapon="Bow", range_="medium", cover=50,
                  typed=_MISS, dice=s.dice)
    assert ev["tn"] == 15
    for kw in ({"defense": "dodge"}, {"defense": "parry"},
               {"defense": "dodge", "full_dodge": True}):
        with pytest.raises(RuleError, match="cannot dodge, block or parry"):
            c.attack(st, "sir-baelen", "orc", skill="Sword", weapon="Sword", dice=s.dice,
                     **kw)  # type: ignore[arg-type]


def test_traditional_attack_on_the_mortally_wounded_rolls_no_defense() -> None:
    s = party({"combat": "traditional"})
    s.do(c.start_combat, ["orc", "mira"])
    st = _with_wounds(s.state, "orc", WoundState(WoundLevel.MORTALLY_WOUNDED, awake=False))
    ev = c.attack(st, "mira", "orc", skill="Bow", weapon="Bow", range_="long", typed=_MISS,
                  dice=s.dice)
    assert "defense" not in ev and ev["tn"] == 15 and ev["helpless"] == "Mortally Wounded"
    with pytest.raises(RuleError, match="Mortally Wounded and cannot dodge"):
        c.attack(st, "mira", "orc", skill="Bow", weapon="Bow", defense="dodge", dice=s.dice)


def test_a_knocked_out_target_in_the_log(tmp_path: Path) -> None:
    """A real knock-out (a hit for 9-12, a failed roll to stay up), then a blow that meets
    no defense; the log replays and says so."""
    s = party({"combat": "traditional"}, path=tmp_path / "ko.toml")
    s.do(c.start_combat, ["orc", "sir-baelen"])
    resist = {"resist": ([1, 1], [1])}
    hit = {"attack": ([6, 6, 6, 6], [5]), **resist}
    dry = c.attack(s.state, "sir-baelen", "orc", skill="Sword", weapon="Sword", typed=hit,
                   dice=s.dice)
    wild = 2
    rest = dry["resistance"] + 10 - wild  # beaten by 10: Incapacitated
    ordinary = [rest // 5 + (1 if i < rest % 5 else 0) for i in range(5)]
    assert all(1 <= f <= 6 for f in ordinary)
    s.do(c.attack, "sir-baelen", "orc", skill="Sword", weapon="Sword",
         typed={**hit, "damage": (ordinary, [wild])}, dice=s.dice)
    assert s.state.member("orc").wounds.stay_up_pending
    s.do(c.stay_up, "orc", typed=([1, 1], [1]), knockout_faces=[2] * 10)
    assert helpless.helpless_reason(s.state, s.state.member("orc")) == "knocked out"
    ev = s.do(c.attack, "sir-baelen", "orc", skill="Sword", weapon="Sword",
              typed={**_MISS_BAELEN, "damage": ([1] * 5, [1]), **resist}, dice=s.dice)
    assert ev["tn"] == 0 and "defense" not in ev and ev["hit"]
    assert "(knocked out: no defense)" in describe(ev)
    again = Session.load(tmp_path / "ko.toml")
    assert again.state == s.state


def test_a_spell_that_holds_the_target_leaves_him_helpless() -> None:
    from d6tui.games.simple_six.effects import Effect

    s = party()
    s.do(c.start_combat, ["orc", "mira"])
    st = s.state
    st = st._put(replace(st.member("orc"), effects=(Effect(1, "Slumber", "melkot"),)))
    assert helpless.helpless_reason(st, st.member("orc")) == "asleep (Slumber)"
    ev = c.attack(st, "mira", "orc", skill="Bow", weapon="Bow", range_="short", typed=_MISS,
                  dice=s.dice)
    assert ev["helpless"] == "asleep (Slumber)" and ev["tn"] == 5 and "defense" not in ev
