"""How die faces look on screen: a symbol plus a letter, so the face stays readable with
``NO_COLOR``, on 16-colour terminals and in fonts without the symbols."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FaceLook:
    """The look of one named die face.

    Attributes:
        symbol: the one-cell symbol (``♥``).
        letter: the letter also shown, and accepted when typing table dice.
        colour: the CSS component class suffix (``red``, ``black``, ``joker``, ``skull``).
    """

    symbol: str
    letter: str
    colour: str


#: Named faces d6tui knows how to draw, by the start of the face's name (D6 Shooter dice).
NAMED_FACES: dict[str, FaceLook] = {
    "heart": FaceLook("\u2665", "H", "red"),
    "diamond": FaceLook("\u2666", "D", "red"),
    "spade": FaceLook("\u2660", "S", "black"),
    "club": FaceLook("\u2663", "C", "black"),
    "joker": FaceLook("\u2605", "J", "joker"),
    "skull": FaceLook("\u2620", "X", "skull"),
}


def face_look(face: object) -> FaceLook:
    """The look of a face: a pip count (``3``) or a face name (``"heart"``, ``"hearts"``)."""
    if isinstance(face, int) and not isinstance(face, bool):
        return FaceLook(str(face), str(face), "pip")
    name = str(face).lower()
    for key, look in NAMED_FACES.items():
        if name.startswith(key):
            return look
    return FaceLook(name[:1].upper() or "?", name[:1].upper() or "?", "pip")


def face_label(face: object) -> str:
    """A face as short text for messages and lists: ``♥H``, ``3``."""
    look = face_look(face)
    if look.symbol == look.letter:
        return look.symbol
    return f"{look.symbol}{look.letter}"


def face_aliases(faces: tuple[str, ...] | list[str]) -> dict[str, str]:
    """What a player may type for each named face besides its name: its letter and its symbol
    (``"s"`` means spade, ``"x"`` skull, ``"♥"`` heart). A letter or symbol that two faces
    of the die share means neither (a D6 Dungeon die has Sword, Spider Web and Special Item):
    the player types more of the name instead."""
    keys: dict[str, list[str]] = {}
    for face in faces:
        look = face_look(face)
        for key in {look.letter.lower(), look.symbol}:
            keys.setdefault(key, []).append(face)
    return {key: found[0] for key, found in keys.items() if len(set(found)) == 1}
