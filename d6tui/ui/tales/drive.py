"""Drive the 6x6 Tales screen with key presses chosen by the bot (tests, benchmarks, the
example save): the bot decides, but every action goes through the screen's keys, its step
bar and its modal lists, exactly as a player's would.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from d6tui.games.tales import commands, island, legal, services
from d6tui.games.tales.bot import Bot
from d6tui.ui.screens.modals import ChoiceModal
from d6tui.ui.tales.offers import ARROWS, BACKPACK, SHOP
from d6tui.ui.tales.screen import TalesScreen

if TYPE_CHECKING:
    from textual.pilot import Pilot

Action = legal.Action


def _same(a: Action, b: Action) -> bool:
    fa, fb = a[0], b[0]
    if fb is commands.place_road:  # the bot turns roads; the screen offers the same choice
        fb, b = commands.choose, (commands.choose, (str(b[1][0]),), {})
    return fa is fb and tuple(map(str, a[1])) == tuple(map(str, b[1]))


def keys_for(screen: TalesScreen, action: Action) -> list[str]:
    """The keys that make ``screen`` run ``action`` (modal answers included).

    Args:
        screen: the tale's screen, drawn for the current state.
        action: one of :func:`legal.actions` (or the bot's ``place_road``).

    Raises:
        LookupError: the screen offers no key for it (a bug in the screen).
    """
    fn, args, _ = action
    if fn is commands.move:
        return [ARROWS[str(args[0])]]
    if fn in BACKPACK or fn in SHOP:
        acts = [a for a in legal.actions(screen.tale) if a[0] in (
            BACKPACK if fn in BACKPACK else SHOP)]
        index = next(i for i, a in enumerate(acts) if _same(a, action))
        return ["b" if fn in BACKPACK else "k", *_pick(index)]
    if fn is services.witch_teleport:
        target = island.parse_name(str(args[0]))
        (c0, r0), (c1, r1) = island.col_row(screen.cursor), island.col_row(target)
        keys = ["shift+right" if c1 > c0 else "shift+left"] * abs(c1 - c0)
        keys += ["shift+down" if r1 > r0 else "shift+up"] * abs(r1 - r0)
        return [*keys, "w"]
    for offer in screen.offers:
        if offer.action is not None and _same(offer.action, action):
            return [offer.key]
    raise LookupError(f"the screen offers no key for {fn.__name__}{args}")


def _pick(index: int) -> list[str]:
    """Keys that pick option ``index`` (0-based) in a ChoiceModal."""
    if index < 9:
        return [str(index + 1)]
    return ["down"] * index + ["enter"]


async def play_by_keys(pilot: Pilot, bot: Bot, limit: int = 5000,
                       between: Callable[[Pilot], Awaitable[None]] | None = None) -> int:
    """Let ``bot`` play the tale on the pilot's screen until E17, by key presses only.

    Args:
        pilot: the Pilot of an app showing a :class:`TalesScreen`.
        bot: decides what to do.
        limit: the most actions to take.
        between: awaited before each action (a recorder writes the player's notes there).

    Returns:
        How many actions were taken.
    """
    app = pilot.app
    n = 0
    while n < limit:
        screen = app.screen
        assert isinstance(screen, TalesScreen), type(screen)
        state = screen.tale
        if state.over:
            break
        if between is not None:
            await between(pilot)
        action = bot.pick(state)
        before = len(screen.session.events)
        for key in keys_for(screen, action):
            await pilot.press(key)
            await pilot.pause()
        for _ in range(100):
            await pilot.pause()
            if isinstance(app.screen, ChoiceModal):  # the cookie or the Meeple: keep the roll
                await pilot.press("1")
                continue
            if not any(w.is_running for w in app.workers):
                break
        if len(screen.session.events) < before + 1:
            raise RuntimeError(f"{action[0].__name__}{action[1]} did not record an event")
        n += 1
    return n
