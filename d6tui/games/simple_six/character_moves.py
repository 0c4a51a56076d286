"""The GM's roster moves of a Simple Six campaign: make a character ("How to Make a
Character", every creation rule checked by :mod:`.creation`), import a sheet another
campaign exported, rename one or set his hero points, take one off the roster.

The sheet travels as one text choice: the creation form's fields as a JSON object
(:func:`draft_json` writes it, :func:`draft_from_json` reads and checks its shape), or an
exported sheet's TOML (:func:`.export.read_sheet_toml`). A new player character gets the
next player's seat (:func:`.view.seats`), so at a shared table the GM makes the party and
the players then take their characters' seats. Every move is the GM's: a player's seat
makes no change to its own sheet (the GM has the last word on the table's sheets, "About
this Book"; the player asks and the GM types it).
"""

from __future__ import annotations

import json
from typing import Any

from d6tui.engine.errors import RuleError
from d6tui.engine.game import Choice, Move
from d6tui.games.simple_six import roster_edit
from d6tui.games.simple_six.care_moves import number
from d6tui.games.simple_six.creation import Draft
from d6tui.games.simple_six.export import read_sheet_toml
from d6tui.games.simple_six.move_rolls import ROLLS, typed_dice
from d6tui.games.simple_six.roster import add_character, import_character
from d6tui.games.simple_six.sheet import sheet_to_dict
from d6tui.games.simple_six.state import Campaign
from d6tui.games.simple_six.view import GM

_SECTION = "How to Make a Character"

#: The longest sheet a move takes as text (JSON or TOML).
MOST_SHEET = 20000

#: The most hero points an edit may set.
MOST_HERO = 99

_CODES = ("attributes", "skills", "specializations")
_LISTS = ("perks", "complications", "weapons", "armor", "spells")


def draft_json(draft: Draft) -> str:
    """``draft`` as the JSON text :func:`draft_from_json` reads (the ``sheet`` choice of
    ``create_character``)."""
    out: dict[str, Any] = {"name": draft.name}
    for k in _CODES:
        out[k] = {str(a): str(v) for a, v in getattr(draft, k).items()}
    for k in _LISTS:
        out[k] = [str(x) for x in getattr(draft, k)]
    if draft.npc:
        out["npc"] = True
    return json.dumps(out, ensure_ascii=False)


def draft_from_json(text: str) -> Draft:
    """The draft a JSON object describes: ``name`` (text); ``attributes``, ``skills``,
    ``specializations`` (objects of die codes as text, ``{"Might": "3D+1"}``); ``perks``,
    ``complications``, ``weapons``, ``armor``, ``spells`` (lists of names); ``npc``
    (true or false). Whether the draft keeps the creation rules is :mod:`.creation`'s to
    say, when the character is added.

    Raises:
        RuleError: not such an object (the first wrong field named).
    """
    try:
        got = json.loads(text)
    except ValueError:
        got = None
    if not isinstance(got, dict):
        raise RuleError("the sheet is a JSON object of the creation form's fields", _SECTION)
    unknown = set(got) - {"name", "npc", *_CODES, *_LISTS}
    if unknown:
        raise RuleError(f"the sheet has no field {', '.join(sorted(unknown))}", _SECTION)
    name = got.get("name")
    if not isinstance(name, str) or not name.strip():
        raise RuleError("the sheet needs a name", _SECTION)
    kw: dict[str, Any] = {}
    for k in _CODES:
        v = got.get(k, {})
        if not isinstance(v, dict) or not all(isinstance(a, str) and isinstance(c, str)
                                              for a, c in v.items()):
            raise RuleError(f"{k}: an object of die codes as text", _SECTION)
        kw[k] = dict(v)
    for k in _LISTS:
        v = got.get(k, [])
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            raise RuleError(f"{k}: a list of names", _SECTION)
        kw[k] = tuple(v)
    npc = got.get("npc", False)
    if not isinstance(npc, bool):
        raise RuleError("npc: true or false", _SECTION)
    return Draft(name=name.strip(), npc=npc, **kw)


def create(st: Campaign, dice: Any = None, sheet: str = "", rolls: Any = None) -> dict:
    """A character made from the form's fields (``sheet``, JSON), every creation rule
    checked; Body Points rolled where the campaign rolls them ("Body Points")."""
    return add_character(st, draft_from_json(sheet), dice=dice, **typed_dice(rolls))


def import_sheet(st: Campaign, dice: Any = None, sheet: str = "") -> dict:
    """A sheet another campaign exported (its TOML text) joins the roster."""
    return import_character(st, sheet_to_dict(read_sheet_toml(sheet)))


def edit(st: Campaign, dice: Any = None, who: str = "", name: str = "",
         hero_points: str = "") -> dict:
    """Rename ``who`` (empty: unchanged) or set his ``hero_points`` (empty: unchanged)."""
    hero = number(hero_points, "the hero points", 0, MOST_HERO, "Hero Points") \
        if str(hero_points).strip() else None
    if not name.strip() and hero is None:
        raise RuleError("give a new name or the hero points", "Hero Points")
    return roster_edit.edit_character(st, who, name=name.strip() or None, hero_points=hero)


def remove(st: Campaign, dice: Any = None, who: str = "") -> dict:
    """Take ``who`` off the roster (refused while something still names him)."""
    return roster_edit.remove_character(st, who)


def character_moves(c: Campaign) -> list[Move]:
    """Make or import a character, always; edit or remove one, once the roster has one."""
    out = [Move("create_character", "Make a character (the creation form's fields as JSON)",
                create, GM, (Choice("sheet", "The sheet: {\"name\": ..., \"attributes\":"
                                    " {...}, \"skills\": {...}, \"perks\": [...], ...}",
                                    kind="text", max_length=MOST_SHEET),),
                (ROLLS,), section=_SECTION),
           Move("import_character", "Import a sheet exported by another campaign",
                import_sheet, GM, (Choice("sheet", "The sheet file's TOML text", kind="text",
                                          max_length=MOST_SHEET, lines=True),),
                section=_SECTION)]
    if c.members:
        names = tuple((m.id, m.sheet.name) for m in c.members)
        out += [Move("edit_character", "Rename a character or set his hero points", edit, GM,
                     (Choice("who", "Whose entry", names),
                      Choice("name", "The new name (empty: unchanged)", min=0, kind="text",
                             max_length=40),
                      Choice("hero_points", "Hero points now (empty: unchanged)", min=0,
                             kind="text", max_length=2)), section="Hero Points"),
                Move("remove_character", "Take a character off the roster", remove, GM,
                     (Choice("who", "Who leaves the roster", names),), section=_SECTION)]
    return out
