"""Natural healing is rest, not something done mid-fight ("Healing", "Natural Healing" under
Body Points); the record says how many Body Points came back."""

from __future__ import annotations

import pytest

from d6tui.engine.errors import RuleError
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six.rules import describe
from tests.simple_six.test_campaign import party


def test_no_natural_healing_in_the_middle_of_a_fight() -> None:
    s = party({"seed": 3, "wounds": "body_points"})
    s.do(c.start_combat, ["orc", "mira"])
    s.do(c.attack, "orc", "mira", skill="Axe", weapon="Axe",
         typed={"attack": ([6, 6, 6], [5]), "damage": ([3, 3, 3, 3, 3], [3])})
    with pytest.raises(RuleError, match="fighting: natural healing needs rest") as e:
        s.do(c.heal, "mira", "natural", minutes=24 * 60, dice=s.dice)
    assert e.value.section == "Body Points (alternative to Wound Levels)"
    s.do(c.end_combat)
    ev = s.do(c.heal, "mira", "natural", minutes=24 * 60, typed=([6], [6, 6, 2]),
              recovery_faces=None, dice=s.dice)
    assert "recovered" in ev  # Might 20: dice of Body Points back
    assert f"{sum(ev['recovered']['faces'])} Body Points back" in describe(ev)
