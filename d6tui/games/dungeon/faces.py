"""The faces of the Dungeon dice: what each one is and does (rulebook "Dungeon Map Dice
Faces", "Item and Spell Dice Faces").

Face ids are single lower-case words (``giant_rat``, ``two_swords``) so that table players can
type them, or a unique start of them (``gob``), when they enter the face they rolled.
"""

from __future__ import annotations

from dataclasses import dataclass

#: The four directions of a hole as its viewer sees it, as bits of an openings mask.
N, E, S, W = 1, 2, 4, 8

#: Every direction, clockwise from north.
DIRECTIONS = (N, E, S, W)


@dataclass(frozen=True)
class MapFace:
    """A map face: its corridors and its feature ("Dungeon Map Dice Faces").

    Attributes:
        id: the face id (``orc``).
        name: the face's name ("Orc").
        openings: the corridor ends (N/E/S/W bits) with the face upright (0 turns).
        swords: swords needed to get through (0: none; the Spider Web's is per arm).
        keys: keys needed to get through (the Door).
        treasure: a treasure the player wins on getting through (chamber, Dragon, Goblins)
            or by opening it with a key (the Treasure Chest).
        mark: one letter drawn in the middle of the hole.
    """

    id: str
    name: str
    openings: int
    swords: int = 0
    keys: int = 0
    treasure: bool = False
    mark: str = " "


#: The map faces, rulebook facts ("Dungeon Map Dice Faces"); the shapes at 0 turns are
#: the app's drawing of them (straight and T corridors run west-east so a route crosses).
MAP_FACES: dict[str, MapFace] = {f.id: f for f in (
    MapFace("orc", "Orc", W | E, swords=1, mark="o"),
    MapFace("giant_rat", "Giant Rat", W | E | S, swords=2, mark="r"),
    MapFace("spider_web", "Spider Web", N | E | S | W, mark="w"),
    MapFace("curse", "Curse", N | E | S | W, mark="x"),
    MapFace("corner", "Corner", W | N, mark=" "),
    MapFace("door", "Door", N | E | S | W, keys=1, mark="#"),  # not d: D is the Dragon
    MapFace("treasure_chamber", "Treasure Chamber", W, treasure=True, mark="$"),
    MapFace("dragon", "Dragon", N | E | S | W, swords=5, treasure=True, mark="D"),
    MapFace("treasure_chest", "Treasure Chest", W | N, treasure=True, mark="c"),
    MapFace("goblins", "Goblins", W | E | S, swords=4, treasure=True, mark="g"),
)}

#: Swords on a sword face ("Item and Spell Dice Faces": swords come singly or in sets).
SWORDS: dict[str, int] = {"sword": 1, "two_swords": 2, "three_swords": 3}

#: Items: kept for the end of the game ("Item and Spell Dice Faces").
ITEMS = frozenset({*SWORDS, "vorpal_sword", "key", "special_item"})

#: Spells: cast from the collection during one's own turn.
SPELLS = frozenset({"decay", "turn", "look", "pivot", "dreamcatcher"})

#: The Wishing Ring: used at once (or caught by a Dreamcatcher).
WISHING_RING = "wishing_ring"

#: Every face id with its name, for messages and the help.
FACE_NAMES: dict[str, str] = {
    **{f.id: f.name for f in MAP_FACES.values()},
    "sword": "Sword", "two_swords": "Two Swords", "three_swords": "Three Swords",
    "vorpal_sword": "Vorpal Sword", "key": "Key", "special_item": "Special Item",
    "decay": "Decay", "turn": "Turn", "look": "Look", "pivot": "Pivot",
    "dreamcatcher": "Dreamcatcher", "wishing_ring": "Wishing Ring",
}

#: Every face a die may carry.
ALL_FACES = frozenset(FACE_NAMES)


def face_name(face: str) -> str:
    """The face's name ("Giant Rat") for a face id (``giant_rat``); unknown ids unchanged."""
    return FACE_NAMES.get(face, face)


def is_map(face: str) -> bool:
    """Whether ``face`` is a map face (it goes into the Dungeon Waffle)."""
    return face in MAP_FACES
