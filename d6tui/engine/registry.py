"""The game registry: each game plugs in a pure rules module (and, in the UI, a screen).

Rules modules are imported only when a game is opened, so start-up stays fast.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from d6tui.engine.dice import Dice
from d6tui.engine.errors import D6Error


@dataclass(frozen=True)
class GameRules:
    """What the engine needs from a game's rules module (its ``RULES`` object).

    Every callable is pure. States are immutable values.

    Attributes:
        slug: short name used in files and on the command line ("shooter").
        name: the game's full name.
        event_types: every event type the game writes.
        check_options: ``options -> options``, normalised setup choices; raises RuleError.
        start: ``(options, dice) -> payload`` of the first event (shuffles, first player...).
        new_state: ``options -> state`` before any event.
        fold: ``(state, event) -> state``; raises EventError for an event that never was valid.
        describe: ``event -> str``, the event in words for the log view.
        status: ``state -> str``, one line: whose turn, or who won.
        is_over: ``state -> bool``.
        to_json: ``state -> dict`` of JSON values (``d6tui replay --json``).
        default_title: ``options -> str`` for a new game.
        export_markdown: ``session -> str``, the game as a readable Markdown record
            (``d6tui export``); None uses the generic record (status and every event in words).
        report: ``state -> str``, the state in a few lines for ``d6tui replay``; None prints
            the top-level values of ``to_json``.
    """

    slug: str
    name: str
    event_types: frozenset[str]
    check_options: Callable[[dict], dict]
    start: Callable[[dict, Dice], dict]
    new_state: Callable[[dict], Any]
    fold: Callable[[Any, dict], Any]
    describe: Callable[[dict], str]
    status: Callable[[Any], str]
    is_over: Callable[[Any], bool]
    to_json: Callable[[Any], dict]
    default_title: Callable[[dict], str]
    export_markdown: Callable[[Any], str] | None = None
    report: Callable[[Any], str] | None = None


@dataclass(frozen=True)
class GameInfo:
    """A game d6tui can play, named without importing it.

    Attributes:
        slug: the game's short name.
        name: its full name.
        blurb: one line for the home screen.
        rules_module: import path of the module whose ``RULES`` is a :class:`GameRules`.
        screen: ``"module:Class"`` of its Textual screen.
    """

    slug: str
    name: str
    blurb: str
    rules_module: str
    screen: str


GAMES: tuple[GameInfo, ...] = (
    GameInfo(
        "shooter",
        "D6 Shooter",
        "2-4 bounty hunters race to Marshal with six Shooter dice (hot-seat)",
        "d6tui.games.shooter.rules",
        "d6tui.ui.shooter.screen:ShooterScreen",
    ),
    GameInfo(
        "simple_six",
        "Simple Six",
        "A GM's campaign: character sheets, the wild die, initiative and wounds",
        "d6tui.games.simple_six.rules",
        "d6tui.ui.simple_six.screen:SimpleSixScreen",
    ),
    GameInfo(
        "tales",
        "6x6 Tales",
        "A solo hero explores an island for four weeks: map, events and journal booklet",
        "d6tui.games.tales.rules",
        "d6tui.ui.tales.screen:TalesScreen",
    ),
)


class UnknownGameError(D6Error):
    """A game slug d6tui does not know."""


def game_info(slug: str) -> GameInfo:
    """The :class:`GameInfo` for ``slug``.

    Raises:
        UnknownGameError: no such game (the message lists the known ones).
    """
    for g in GAMES:
        if g.slug == slug:
            return g
    known = ", ".join(g.slug for g in GAMES)
    raise UnknownGameError(f"there is no game '{slug}'; the games are: {known}")


def load_rules(slug: str) -> GameRules:
    """Import and return the rules of ``slug``.

    Raises:
        UnknownGameError: no such game.
    """
    rules = importlib.import_module(game_info(slug).rules_module).RULES
    assert isinstance(rules, GameRules)
    return rules
