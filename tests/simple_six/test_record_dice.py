"""The record's words for resisted spells (each target's TN), Bless on its caster, and the
dice faces of every roll (:mod:`d6tui.games.simple_six.record`)."""

from __future__ import annotations

from dataclasses import replace

from d6tui.engine.session import Session
from d6tui.games.simple_six import campaign, spellcast
from d6tui.games.simple_six.describe import names_in
from d6tui.games.simple_six.record import dice_words, main_roll, spell_targets
from d6tui.games.simple_six.rules import RULES, describe
from tests.simple_six.test_campaign import MELKOT, MIRA, ORC

SLEEPER = replace(MELKOT, name="Sable", spells=["Slumber", "Bless", "Light", "Charm"])


def _party() -> Session:
    s = Session.new(RULES, {"seed": 11})
    for d in (SLEEPER, MIRA, ORC):
        s.do(campaign.add_character, d, dice=s.dice)
    return s


def test_a_resisted_spell_gives_each_target_its_tn() -> None:
    s = _party()
    ev = s.do(spellcast.cast, "sable", "Slumber", targets=["mira", "orc"], dice=s.dice)
    tns = {t["who"]: t["tn"] for t in ev["targets"]}
    line = describe(ev, names_in(s.state))
    for who, name in (("mira", "Mira"), ("orc", "Orc")):
        assert f"{name} TN {tns[who]}" in line
    assert f"Magic {ev['roll']['total']}" in line
    key, roll = main_roll(ev) or ("", {})
    assert key == "roll" and roll is ev["roll"]  # the tray shows the caster's roll
    assert spell_targets(ev, str).count("TN") == 2
    dice = dice_words(ev, lambda i: names_in(s.state)[str(i)])
    assert dice.startswith("Mira ") and "; Orc " in dice and "; Slumber " in dice


def test_bless_names_its_caster_among_the_targets() -> None:
    s = _party()
    ev = s.do(spellcast.cast, "sable", "Bless", targets=["sable", "mira"],
              typed={"roll": ([6, 6, 6, 6, 6], [5])})
    assert "on Sable, Mira" in describe(ev, names_in(s.state))
