"""The Dungeon dice designs: the shipped house designs merged with the player's own
(rulebook "Contents"; DESIGN "Content data").

The rulebook names every face but not which die carries which, so the six designs in
``d6tui/content/dungeon_dice.toml`` are house data (``source = "house"``). A file of the same
name in the d6tui config dir (``$D6TUI_CONFIG``, else the platform's config dir) is merged
over it by design id: the fields it gives replace the shipped ones, so players can type in the
dice of their own box. The merged table is checked and copied into the first event of a game.

File shape::

    [[designs]]
    id = "red"                 # one of the six designs
    name = "Red"
    faces = ["dragon", "three_swords", "decay", "wishing_ring", "sword", "corner"]
    source = "house"           # or "rulebook"

Faces 1 and 6 (opposite sides) are the map faces; faces 2-5 are items and spells.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from d6tui.engine import toml_memo
from d6tui.engine.dice import CustomDie
from d6tui.engine.errors import D6Error
from d6tui.games.dungeon.faces import ALL_FACES, is_map

#: The content file's name (shipped and in the config dir).
FILE_NAME = "dungeon_dice.toml"

#: Designs in a box, and dice of each ("Contents").
DESIGNS, DICE_EACH = 6, 6


class ContentError(D6Error):
    """A dice file that cannot be used; the message names the file, the design and why."""


@dataclass(frozen=True)
class Design:
    """One of the six dice designs (a colour).

    Attributes:
        id: the design's id, also the die kind's name (``red``).
        name: its name ("Red").
        faces: six face ids, pips 1..6; faces 1 and 6 are the map faces (opposite sides).
        source: ``"house"`` or ``"rulebook"``.
    """

    id: str
    name: str
    faces: tuple[str, ...]
    source: str = "house"

    @property
    def map_faces(self) -> tuple[str, str]:
        """The two map faces, on opposite sides of the die."""
        return self.faces[0], self.faces[5]

    def opposite(self, face: str) -> str:
        """The map face on the other side of the die from map face ``face``."""
        a, b = self.map_faces
        return b if face == a else a

    def custom_die(self) -> CustomDie:
        """The die kind of this design for dice requests: its six faces."""
        return CustomDie(self.id, self.faces)

    def to_dict(self) -> dict:
        """The design as stored in the ``dungeon_started`` event."""
        return {"id": self.id, "name": self.name, "faces": list(self.faces),
                "source": self.source}


def shipped_path() -> Path:
    """The shipped file ``d6tui/content/dungeon_dice.toml``."""
    return Path(str(resources.files("d6tui") / "content" / FILE_NAME))


def user_path() -> Path:
    """The player's override file in the config dir (it may not exist)."""
    from d6tui.paths import config_dir

    return config_dir() / FILE_NAME


def _read(path: Path) -> dict:
    try:
        return toml_memo.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise ContentError(f"{path}: cannot read it ({e.strerror or e})") from None
    except UnicodeDecodeError:
        raise ContentError(f"{path}: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as e:
        raise ContentError(f"{path}: not valid TOML: {e}") from None


def design_from(row: dict, where: str = "the save") -> Design:
    """A design built from a table and checked ("Contents", "Course of Play").

    Args:
        row: ``{"id", "name", "faces", "source"}``.
        where: the file, for the message.

    Returns:
        The design.

    Raises:
        ContentError: a field is missing, a face is unknown, or faces 1 and 6 are not map
            faces or faces 2-5 are.
    """
    did = row.get("id")
    if not isinstance(did, str) or not did.isidentifier() or did.lower() != did:
        raise ContentError(f"{where}: a design needs an id of lower-case letters")
    name = row.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ContentError(f"{where}: design {did}: 'name' must be text")
    faces = row.get("faces")
    if not isinstance(faces, list) or len(faces) != 6 or not all(isinstance(f, str)
                                                                for f in faces):
        raise ContentError(f"{where}: design {did}: 'faces' must list six faces")
    for f in faces:
        if f not in ALL_FACES:
            raise ContentError(f"{where}: design {did}: {f!r} is not a face of the Dungeon "
                               f"dice ({', '.join(sorted(ALL_FACES))})")
    if not (is_map(faces[0]) and is_map(faces[5])):
        raise ContentError(f"{where}: design {did}: faces 1 and 6 (opposite sides) must be "
                           "map faces (Course of Play)")
    if any(is_map(f) for f in faces[1:5]):
        raise ContentError(f"{where}: design {did}: faces 2-5 must be items, spells or the "
                           "Wishing Ring (a die has two map faces)")
    source = row.get("source", "house")
    if source not in ("house", "rulebook"):
        raise ContentError(f"{where}: design {did}: 'source' must be \"house\" or \"rulebook\"")
    return Design(did, name.strip(), tuple(faces), source)


def load_designs(shipped: Path | None = None, override: Path | None = None
                 ) -> tuple[Design, ...]:
    """The six designs ("Contents"): the shipped file with the override merged by id.

    Args:
        shipped: the base file (default :func:`shipped_path`).
        override: the override file (default :func:`user_path`; skipped if missing).

    Returns:
        Six designs in the shipped order.

    Raises:
        ContentError: a file is unreadable, an override names an unknown design, or a
            design is wrong.
    """
    base = shipped or shipped_path()
    rows: dict[str, tuple[Path, dict]] = {}
    for r in _rows(base, _read(base)):
        if r["id"] in rows:
            raise ContentError(f"{base}: design {r['id']} is listed twice")
        rows[r["id"]] = (base, dict(r))
    if len(rows) != DESIGNS:
        raise ContentError(f"{base}: there must be {DESIGNS} designs, not {len(rows)}")
    over = override if override is not None else user_path()
    if over.is_file():
        for r in _rows(over, _read(over)):
            if r["id"] not in rows:
                raise ContentError(f"{over}: there is no design {r['id']} to change "
                                   f"(the designs are {', '.join(rows)})")
            rows[r["id"]] = (over, {**rows[r["id"]][1], **r})
    return tuple(design_from(row, str(path)) for path, row in rows.values())


def _rows(path: Path, doc: dict) -> list[dict]:
    rows = doc.get("designs", [])
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        raise ContentError(f"{path}: [[designs]] must be a list of tables")
    for r in rows:
        if not isinstance(r.get("id"), str):
            raise ContentError(f"{path}: every design needs an id")
    return rows
