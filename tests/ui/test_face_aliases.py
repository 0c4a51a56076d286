"""A letter two faces of one die share means neither (ui.widgets.faces.face_aliases)."""

from __future__ import annotations

from d6tui.games.shooter.state import SHOOTER_DIE
from d6tui.ui.widgets.faces import face_aliases, face_look


def test_shooter_letters_stay_and_a_shared_letter_means_no_face() -> None:
    shooter = face_aliases(SHOOTER_DIE.faces)
    assert shooter["s"] == "spade" and shooter["x"] == "skull" and shooter["h"] == "heart"
    faces = ("sword", "spider_web", "special_item", "key")
    letters = [face_look(f).letter.lower() for f in faces]
    shared = {x for x in letters if letters.count(x) > 1}
    aliases = face_aliases(faces)
    assert shared and not shared & set(aliases)
    assert all(aliases[face_look(f).letter.lower()] == f for f in faces
               if face_look(f).letter.lower() not in shared)
