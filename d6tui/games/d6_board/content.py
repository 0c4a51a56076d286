"""The house data of D6: Dungeons, Dudes, Dames...: boards, map, enemies, decks, GM events.

The rulebook describes the components but prints little of what is on them (Part I "Setup",
Part II "Components and Concepts"), so d6tui ships them as house data in
``d6tui/content/d6_board.toml`` (boards, skills, potions, heroes, enemies, maps),
``d6_board_cards.toml`` (54 Advantage, 54 Heroic Quest and 45 Bounty cards) and
``d6_board_events.toml`` (the GM event table 1-100). Every entry carries ``source``
(``"house"`` or ``"rulebook: <section>"``).

A file of the same name in the d6tui config dir (``$D6TUI_CONFIG``) is merged over the shipped
one: array entries by ``id`` (the named fields replace the shipped ones; a new id is added),
and the ``[rules]`` table key by key. The merged content is checked and copied into the
save's first event, so a save replays the same whatever these files become.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

from d6tui.engine import toml_memo
from d6tui.engine.errors import D6Error

#: The content files and the arrays each holds.
FILES: dict[str, tuple[str, ...]] = {
    "d6_board.toml": ("classes", "skills", "gather_boards", "potions", "heroes", "enemies",
                      "cash_cube", "maps", "environments"),
    "d6_board_cards.toml": ("advantage", "heroic_quest", "bounty"),
    "d6_board_events.toml": ("events",),
    "d6_board_hides.toml": ("solo_boards", "companions", "benefits"),
    "d6_board_alliance.toml": ("alliance",),
    "d6_board_expansion.toml": ("expansion_classes", "expansion_heroes"),
}

#: The monster classes (rulebook "Know Thine Enemy").
MONSTER_CLASSES = ("beast", "rogue", "bandit", "undead", "poison")

#: The gather rewards (rulebook "Gather Rewards").
REWARDS = ("coins", "advantage", "alchemy", "wild")


class ContentError(D6Error):
    """House data that cannot be used; the message names the file, the entry and why."""


def shipped_dir() -> Path:
    """The folder of the shipped content files (``d6tui/content``)."""
    return Path(str(resources.files("d6tui") / "content"))


def _read(path: Path) -> dict:
    try:
        return toml_memo.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise ContentError(f"{path}: cannot read it ({e.strerror or e})") from None
    except tomllib.TOMLDecodeError as e:
        raise ContentError(f"{path}: not valid TOML: {e}") from None


def _merge(base: dict, over: dict, path: Path, arrays: tuple[str, ...]) -> dict:
    out = dict(base)
    for key, value in over.items():
        if key in ("rules", "hide_rules") and isinstance(value, dict):
            out[key] = {**out.get(key, {}), **value}
            continue
        if key not in arrays or not isinstance(value, list):
            raise ContentError(f"{path}: unknown table {key!r} (use {', '.join(arrays)})")
        rows = {r["id"]: dict(r) for r in out.get(key, [])}
        for r in value:
            if not isinstance(r, dict) or not isinstance(r.get("id"), str):
                raise ContentError(f"{path}: every [[{key}]] entry needs an id")
            rows[r["id"]] = {**rows.get(r["id"], {}), **r}
        out[key] = list(rows.values())
    return out


def load_content(shipped: Path | None = None, config: Path | None = None) -> dict:
    """The merged and checked house data, as plain TOML-ready values.

    Args:
        shipped: the folder of the shipped files (default: :func:`shipped_dir`).
        config: the user's config folder (default: ``d6tui.paths.config_dir()``); missing
            files there are skipped.

    Returns:
        ``{"rules": {...}, "classes": {id: entry}, ..., "events": [entry, ...]}``: every
        array keyed by id except ``events``, which stays a list sorted by ``from``.

    Raises:
        ContentError: a file is unreadable or an entry is wrong (file, id and reason).
    """
    from d6tui.paths import config_dir

    base = shipped or shipped_dir()
    cfg = config if config is not None else config_dir()
    doc: dict[str, Any] = {}
    for name, arrays in FILES.items():
        part = _read(base / name)
        over = cfg / name
        if over.is_file():
            part = _merge(part, _read(over), over, arrays)
        for key, value in part.items():
            doc[key] = value
    out: dict[str, Any] = {"rules": doc.get("rules", {})}
    for arrays in FILES.values():
        for key in arrays:
            rows = doc.get(key, [])
            if key == "events":
                out[key] = sorted(rows, key=lambda r: r.get("from", 0))
            else:
                out[key] = {r["id"]: r for r in rows}
    out["hide_rules"] = doc.get("hide_rules", {})
    # the red-dot board is one more gather board, offered in solo only (Part III "Setup")
    out["gather_boards"] = {**out["gather_boards"],
                            **{k: dict(v, solo=True) for k, v in out["solo_boards"].items()}}
    del out["solo_boards"]
    # the expansion's classes and Werewolf heroes, offered with the `expansion` option only
    for key, into in (("expansion_classes", "classes"), ("expansion_heroes", "heroes")):
        out[into] = {**out[into], **{k: dict(v, expansion=True) for k, v in out[key].items()}}
        del out[key]
    check_content(out)
    return out


def check_content(c: dict) -> None:
    """Check the house data is complete enough to play a whole game.

    Raises:
        ContentError: the reason, naming the entry.
    """
    def fail(msg: str) -> None:
        raise ContentError(msg)

    for key in ("classes", "gather_boards", "maps", "enemies", "advantage", "heroic_quest",
                "bounty", "potions", "skills", "heroes"):
        if not c.get(key):
            fail(f"the house data has no {key}")
        for eid, row in c[key].items():
            if row.get("source", "house") != "house" and not str(
                    row.get("source", "")).startswith("rulebook"):
                fail(f"{key} {eid}: source must be \"house\" or \"rulebook: <section>\"")
    if len([k for k in c["classes"].values() if not k.get("expansion")]) < 4 or len(
            [g for g in c["gather_boards"].values()
                                     if not g.get("solo")]) < 4:
        fail("four class boards and four gather boards are needed for four hunters")
    for cid, cl in c["classes"].items():
        if cl.get("advantage") not in c["rules"]["stats"]:
            fail(f"class {cid}: advantage must be one of the stats")
        for s in cl.get("skills", []):
            if s not in c["skills"]:
                fail(f"class {cid}: no skill {s!r}")
    for gid, g in c["gather_boards"].items():
        if sorted(g.get("rewards", [])) != sorted(REWARDS):
            fail(f"gather board {gid}: rewards must be {', '.join(REWARDS)} in some order")
        if len(g.get("specialty", [])) != 3 or any(
                s not in MONSTER_CLASSES for s in g["specialty"]):
            fail(f"gather board {gid}: three specialty hides, each a monster class")
        for p in g.get("potions", []):
            if p not in c["potions"]:
                fail(f"gather board {gid}: no potion {p!r}")
    check_sizes(c)
    for mid, m in c["maps"].items():
        n = m["spaces"]
        names = {"V", *(str(i) for i in range(1, n + 1))}
        if set(m["links"]) != names:
            fail(f"map {mid}: links must name V and the spaces 1-{n}")
        for a, tos in m["links"].items():
            for b in tos:
                if b not in names:
                    fail(f"map {mid}: the arrow {a} -> {b} leads nowhere")
    for eid, e in c["enemies"].items():
        if e["class"] not in (*MONSTER_CLASSES, "guardian"):
            fail(f"enemy {eid}: unknown class {e['class']!r}")
    for b in c["bounty"].values():
        if b["class"] not in MONSTER_CLASSES:
            fail(f"bounty {b['id']}: class must be a monster class")
    _check_hides(c, fail)
    covered: set[int] = set()
    for e in c["events"]:
        covered.update(range(int(e["from"]), int(e["to"]) + 1))
    if covered != set(range(1, 101)):
        fail("the GM event table must cover 1-100")


#: The most of anything the house data may count: enemy tokens of one kind, environment
#: pieces of one kind, map spaces, Hide Collection turns, spawns, bounties and markers. The
#: box has at most 12 spaces and 6 tokens of a kind; the bound keeps a hostile save's copy
#: of the data from sizing the bag or the map in the millions (a save is checked like a
#: content file before its fold reads it).
MOST = 64
#: The Heroic Benefit dice: a D8 solo, a D10 co-op (Part III "Heroic Benefits").
BENEFIT_DICE = (4, 6, 8, 10, 12, 20)


def _whole(v: object, lo: int, hi: int) -> int | None:
    """``v`` when it is a whole number from ``lo`` to ``hi``, else None."""
    return v if type(v) is int and lo <= v <= hi else None


def check_sizes(c: dict) -> None:
    """Every count the fold builds a bag, a pile or a map from is a whole number in range.

    Run on a content file (by :func:`check_content`) and on the copy of the house data in a
    save's first event (older saves' copies lack the Hide Collection keys; those present
    are checked).

    Raises:
        ContentError: the count and its entry.
        AttributeError, TypeError: a part of the data is not a table.
    """
    def fail(msg: str) -> None:
        raise ContentError(msg)

    for key, field, lo in (("environments", "count", 0), ("enemies", "tokens", 0),
                           ("maps", "spaces", 1)):
        for eid, row in (c.get(key) or {}).items():
            if _whole(row.get(field), lo, MOST) is None:
                fail(f"{key} {eid}: {field} must be a whole number from {lo} to {MOST}")
    for e in c.get("events") or ():
        if _whole(e.get("from"), 1, 100) is None or _whole(e.get("to"), 1, 100) is None:
            fail("the GM event table's rows run from and to 1-100")
    hr = c.get("hide_rules") or {}
    for key in ("start_turns", "setup_spawns", "bounties", "markers", "solo_spawns",
                "solo_gathers", "coop_spawns", "coop_gathers"):
        if key in hr and _whole(hr[key], 0, MOST) is None:
            fail(f"hide_rules: {key} must be a whole number from 0 to {MOST}")
    for key in ("solo_benefit_die", "coop_benefit_die"):
        if key in hr and hr[key] not in BENEFIT_DICE:
            fail(f"hide_rules: {key} must be one of {', '.join(map(str, BENEFIT_DICE))}")


#: What a companion's ``effect`` may be (Part III "Companions").
COMPANION_EFFECTS = ("die", "plus", "env", "env_each")
#: What a Heroic Benefit's ``effect`` may be (house items; see d6_board_hides.toml).
BENEFIT_EFFECTS = ("action", "plus", "heal", "sneak", "gold", "reroll", "village",
                   "advantage", "turn", "mend")


def _check_hides(c: dict, fail: Any) -> None:
    """The Hide Collection data: a solo board, companions and ten Heroic Benefits 1-10."""
    if not any(g.get("solo") for g in c["gather_boards"].values()):
        fail("the house data has no solo (red-dot) gather board")
    for key in ("start_turns", "setup_spawns", "bounties", "markers", "solo_benefit_die",
                "coop_benefit_die"):
        if not isinstance(c["hide_rules"].get(key), int):
            fail(f"hide_rules: {key} must be a whole number")
    for k, v in c.get("companions", {}).items():
        if v.get("effect") not in COMPANION_EFFECTS:
            fail(f"companion {k}: effect must be one of {', '.join(COMPANION_EFFECTS)}")
    ids = set(c.get("benefits", {}))
    if ids != {str(i) for i in range(1, int(c["hide_rules"]["coop_benefit_die"]) + 1)}:
        fail("the Heroic Benefits must be numbered 1 to the co-op die")
    for k, v in c["benefits"].items():
        if v.get("effect") not in BENEFIT_EFFECTS:
            fail(f"benefit {k}: effect must be one of {', '.join(BENEFIT_EFFECTS)}")
