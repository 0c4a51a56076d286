"""The game registry: games are found, not listed (docs/CONTRIBUTING.md "Adding a game").

Every package under ``d6tui/games/`` whose ``__init__.py`` holds ``GAME``, a
:class:`~d6tui.engine.game.GameEntry`, is a game; so is every such package in the folders
named by ``$D6TUI_GAMES_PATH`` (separated like ``PATH``), which is how a game is tried out or
tested without touching the installed package. Only the packages' ``__init__`` modules are
imported to list games; a game's rules are imported when a game of it is opened, so start-up
stays fast.
"""

from __future__ import annotations

import importlib
import os
import pkgutil

from d6tui.engine.errors import D6Error
from d6tui.engine.game import GameDefinition, GameEntry, GameRules

#: The name kept for code written before games were found by discovery.
GameInfo = GameEntry

#: The environment variable naming extra folders of game packages.
GAMES_PATH_ENV = "D6TUI_GAMES_PATH"

_found: dict[str, tuple[GameEntry, ...]] = {}


class UnknownGameError(D6Error):
    """A game slug d6tui does not know."""


def games() -> tuple[GameEntry, ...]:
    """Every game found, in slug order.

    Returns:
        The entries; a package that fails to import, or holds no ``GAME``, is left out.
    """
    extra = os.environ.get(GAMES_PATH_ENV, "")
    if extra in _found:
        return _found[extra]
    import d6tui.games as package

    for folder in (f for f in extra.split(os.pathsep) if f):
        if folder not in package.__path__:
            package.__path__.append(folder)
    entries = []
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        if not info.ispkg:
            continue
        try:
            module = importlib.import_module(f"d6tui.games.{info.name}")
        except Exception:  # noqa: BLE001 - a broken add-on must not stop d6tui listing games
            continue
        entry = getattr(module, "GAME", None)
        if isinstance(entry, GameEntry) and entry.slug == info.name:
            entries.append(entry)
    _found[extra] = found = tuple(entries)
    return found


def game_info(slug: str) -> GameEntry:
    """The :class:`GameEntry` for ``slug``.

    Raises:
        UnknownGameError: no such game (the message lists the known ones).
    """
    for g in games():
        if g.slug == slug:
            return g
    known = ", ".join(g.slug for g in games())
    raise UnknownGameError(f"there is no game '{slug}'; the games are: {known}")


def load_rules(slug: str) -> GameDefinition:
    """Import and return the definition of ``slug``.

    Raises:
        UnknownGameError: no such game.
    """
    return game_info(slug).definition()


__all__ = ["GameDefinition", "GameEntry", "GameInfo", "GameRules", "UnknownGameError",
           "game_info", "games", "load_rules", "GAMES_PATH_ENV"]
