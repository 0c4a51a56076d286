"""A Traditional defense made without being declared costs -1D, named for "Defensive Options"
and not for wounds; a declared one costs nothing more."""

from __future__ import annotations

from d6tui.games.simple_six import campaign as c
from tests.simple_six.test_campaign import party

_ROLLS = {"attack": ([1, 1, 1], [1]), "defense": ([1, 1, 1], [1])}


def test_an_undeclared_parry_is_labelled_for_defensive_options() -> None:
    s = party({"combat": "traditional", "wounds": "body_points"})
    s.do(c.start_combat, ["orc", "sir-baelen"])
    ev = s.do(c.attack, "orc", "sir-baelen", skill="Axe", weapon="Axe", defense="parry",
              typed=_ROLLS, dice=s.dice)
    notes = ev["defense"]["roll"]["modifiers"]
    assert notes == ["-1D reflex penalty until the next turn (Defensive Options)"]
    assert not any("wounds" in n for n in notes)
    assert ev["defense"]["roll"]["rolled"] == "4D+1"  # Sword 5D+1 less 1D
    assert "declared" not in ev["defense"]


def test_a_declared_dodge_has_no_extra_die_off() -> None:
    s = party({"combat": "traditional"})
    s.do(c.start_combat, ["orc", "mira"])
    ev = s.do(c.attack, "orc", "mira", skill="Axe", weapon="Axe", defense="dodge",
              defense_declared=True,
              typed={"attack": ([1, 1, 1], [1]), "defense": ([1, 1, 1, 1, 1], [1])},
              dice=s.dice)
    assert ev["defense"]["roll"]["rolled"] == "6D" and "modifiers" not in ev["defense"]["roll"]
    assert ev["defense"]["declared"] is True
