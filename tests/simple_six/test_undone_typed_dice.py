"""Typed dice an undo left on the table go back to the same roll of the same move only: an
undone attack's faces are not the damage's (engine.session_dice, "Dice Basics")."""

from __future__ import annotations

from d6tui.engine.session_dice import AGAIN_KEY
from d6tui.games.simple_six import campaign as c
from tests.simple_six.test_campaign import party

_INIT = {"sir-baelen": ([3, 3], [2]), "mira": ([6, 6, 6], [5]), "orc": ([1], [1])}


def _fight():  # noqa: ANN202
    s = party({"seed": 4})
    s.do(c.start_combat, ["sir-baelen", "mira", "orc"])
    s.do(c.start_round, typed=_INIT)
    return s


def test_an_undone_attacks_faces_do_not_land_on_the_damage() -> None:
    s = _fight()
    missed = s.do(c.attack, "mira", "orc", skill="Bow", weapon="Bow", range_="short",
                  typed={"attack": ([1] * 5, [1])}, dice=s.dice)
    assert not missed.get("hit")
    s.undo()
    # re-typed as the table now shows them (a mis-key fixed); the damage is the app's
    ev = s.do(c.attack, "mira", "orc", skill="Bow", weapon="Bow", range_="short",
              typed={"attack": ([6] * 5, [5])}, dice=s.dice)
    assert ev["hit"] and ev["damage"]["source"] == "app"
    # the undone attack's typed wild 1 is not the damage's wild die (seed 4: a fresh 2)
    assert ev["damage"]["wild"] != [1]
    assert s.dice.seen == []  # the typed attack's own dice were taken by the typed attack
    assert ev[AGAIN_KEY] == 2  # the typed attack's own dice, taken off the table


def test_the_same_move_after_an_undo_still_gets_the_same_faces() -> None:
    s = _fight()
    first = s.do(c.attack, "mira", "orc", skill="Bow", weapon="Bow", range_="short",
                 dice=s.dice)
    s.undo()
    again = s.do(c.attack, "mira", "orc", skill="Bow", weapon="Bow", range_="short",
                 dice=s.dice)
    assert again["attack"]["faces"] == first["attack"]["faces"]
    assert again["attack"]["wild"] == first["attack"]["wild"]
    if first.get("hit"):
        assert again["damage"]["faces"] == first["damage"]["faces"]
