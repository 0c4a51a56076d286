"""The D6 Shooter card table: the shipped house cards, merged with the player's own.

The rulebook ("Components") names 70 Bandit, 20 Event and 10 General Store cards but prints no
list, so every card in ``d6tui/content/shooter_cards.toml`` is a house card
(``source = "house"``). A file of the same name in the d6tui config dir
(``$D6TUI_CONFIG``, else ``platformdirs.user_config_dir("d6tui")``) is merged over it by card
id: each entry there replaces the named fields of the shipped card with that id, so players
can type in the cards of their own box. The merged table is checked and stored in the
``game_started`` event, so a save replays the same even if these files change.

File shape (all three tables are optional in an override file)::

    [[bandits]]
    id = "B01"                    # B01-B70
    name = "Rattlesnake Jake"
    symbols = ["heart", "club"]   # 1-5 of heart, spade, club, diamond
    rep = 2
    reward = 1
    source = "house"

    [[events]]
    id = "E01"                    # E01-E20
    kind = "escape"               # escape, jail_break, pan_for_gold, stop_bar_brawl,
    name = "Escape"               # stop_robbery, shooting_contest

    [[store]]
    id = "S01"                    # S01-S10
    kind = "reload"               # dynamite, falsely_accused, horseback, night_watch, reload,
    name = "Reload"               # shackles, transfer_prisoner, we_have_you_surrounded
    price = 3
"""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

from d6tui.engine import toml_memo
from d6tui.engine.errors import D6Error
from d6tui.games.shooter.state import EVENT_KINDS, STORE_KINDS, SUITS, Card

#: The content file's name (shipped and in the config dir).
FILE_NAME = "shooter_cards.toml"

#: How many cards of each table a game has, and their id prefixes ("Components").
TABLES: dict[str, tuple[str, str, int]] = {
    "bandits": ("B", "bandit", 70),
    "events": ("E", "event", 20),
    "store": ("S", "store", 10),
}


class ContentError(D6Error):
    """A card file that cannot be used ("Components"); the message names the file, the card
    and the reason."""


def shipped_path() -> Path:
    """The shipped card file (``d6tui/content/shooter_cards.toml``, "Components").

    Returns:
        Its path.
    """
    return Path(str(resources.files("d6tui") / "content" / FILE_NAME))


def user_path() -> Path:
    """The player's override file in the config dir, which may not exist ("Components").

    Returns:
        ``<config dir>/shooter_cards.toml``.
    """
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


def _entries(path: Path, doc: dict, table: str) -> list[dict]:
    rows = doc.get(table, [])
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        raise ContentError(f"{path}: [[{table}]] must be a list of tables")
    for r in rows:
        if not isinstance(r.get("id"), str):
            raise ContentError(f"{path}: every entry of [[{table}]] needs an id")
    return rows


def _check(path: Path, table: str, row: dict) -> Card:
    """Build and check one card.

    Raises:
        ContentError: a field is missing or wrong.
    """
    prefix, kind, _ = TABLES[table]
    cid = row["id"]
    where = f"{path}: card {cid}"

    def need(key: str, typ: type) -> Any:
        v = row.get(key)
        if not isinstance(v, typ) or isinstance(v, bool):
            what = {str: "text", int: "a whole number", list: "a list"}[typ]
            raise ContentError(f"{where}: '{key}' must be {what}")
        return v

    name = need("name", str).strip()
    if not name:
        raise ContentError(f"{where}: 'name' is empty")
    source = row.get("source", "house")
    if source not in ("house", "rulebook"):
        raise ContentError(f"{where}: 'source' must be \"house\" or \"rulebook\"")
    if table == "bandits":
        symbols = need("symbols", list)
        if not 1 <= len(symbols) <= 5:
            raise ContentError(f"{where}: a bandit has 1 to 5 symbols, not {len(symbols)}")
        for s in symbols:
            if s not in SUITS:
                raise ContentError(f"{where}: {s!r} is not a suit ({', '.join(SUITS)})")
        rep, reward = need("rep", int), need("reward", int)
        if rep < 0 or reward < 0:
            raise ContentError(f"{where}: rep and reward cannot be negative")
        return Card(cid, kind, name, tuple(symbols), rep, reward, source=source)
    effect = need("kind", str)
    kinds = EVENT_KINDS if table == "events" else STORE_KINDS
    if effect not in kinds:
        raise ContentError(f"{where}: kind {effect!r} is not one of {', '.join(kinds)}")
    price = 0
    if table == "store":
        price = need("price", int)
        if price < 0:
            raise ContentError(f"{where}: the price cannot be negative")
    return Card(cid, kind, name, effect=effect, price=price, source=source)


def load_cards(shipped: Path | None = None, override: Path | None = None) -> list[Card]:
    """The game's 100 cards ("Components"): the shipped table with overrides merged by id.

    Args:
        shipped: the base file (default: :func:`shipped_path`).
        override: the override file (default: :func:`user_path`; skipped if missing).

    Returns:
        Bandits B01-B70, events E01-E20, store cards S01-S10, in id order.

    Raises:
        ContentError: a file is unreadable, an override names an unknown id, or a card is
            wrong (with the file, the card id and the reason).
    """
    base = shipped or shipped_path()
    doc = _read(base)
    rows: dict[str, tuple[Path, str, dict]] = {}
    for table, (prefix, _, n) in TABLES.items():
        want = {f"{prefix}{i:02d}" for i in range(1, n + 1)}
        got = _entries(base, doc, table)
        ids = [r["id"] for r in got]
        if sorted(ids) != sorted(want):
            missing = sorted(want - set(ids))
            extra = sorted(set(ids) - want) or sorted(i for i in ids if ids.count(i) > 1)
            raise ContentError(
                f"{base}: [[{table}]] must hold {prefix}01-{prefix}{n:02d} once each "
                f"(missing: {', '.join(missing) or 'none'}; extra: {', '.join(extra) or 'none'})"
            )
        for r in got:
            rows[r["id"]] = (base, table, dict(r))
    over = override if override is not None else user_path()
    if over.is_file():
        odoc = _read(over)
        unknown = set(odoc) - set(TABLES)
        if unknown:
            raise ContentError(f"{over}: unknown table(s) {', '.join(sorted(unknown))}; "
                               f"use [[bandits]], [[events]] or [[store]]")
        for table in TABLES:
            for r in _entries(over, odoc, table):
                cid = r["id"]
                if cid not in rows or rows[cid][1] != table:
                    raise ContentError(f"{over}: there is no card {cid} in [[{table}]] to change")
                merged = {**rows[cid][2], **r}
                rows[cid] = (over, table, merged)
    cards = [_check(path, table, row) for path, table, row in rows.values()]
    return sorted(cards, key=lambda c: c.id)


def card_to_dict(card: Card) -> dict:
    """A card as stored in the ``game_started`` event, TOML-ready ("Setup").

    Args:
        card: a card.

    Returns:
        ``{"id", "kind", "name", ...}`` with only the fields that apply.
    """
    d: dict[str, Any] = {"id": card.id, "kind": card.kind, "name": card.name,
                         "source": card.source}
    if card.kind == "bandit":
        d.update(symbols=list(card.symbols), rep=card.rep, reward=card.reward)
    else:
        d["effect"] = card.effect
        if card.kind == "store":
            d["price"] = card.price
    return d
