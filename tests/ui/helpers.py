"""Helpers shared by the UI tests."""

from __future__ import annotations

import asyncio
import functools
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from d6tui.engine.session import Session
from d6tui.ui.app import D6App

PLAYERS = ["Ann", "Bob", "Cid"]
#: With this seed and PLAYERS, Ann's first draw is a bandit (Vulture Vance).
SEED = 3


def new_shooter(saves: Path, title: str = "Saturday night", seed: int = SEED) -> Session:
    """A D6 Shooter game saved in ``saves``."""
    from d6tui.paths import new_save_path

    return Session.new("shooter", {"players": PLAYERS, "seed": seed},
                       path=new_save_path(saves, title), title=title)


def make_app(saves: Path, **kwargs: object) -> D6App:
    """The app on ``saves`` with the shipped themes and the default theme."""
    return D6App(saves=saves, persist_theme=False, **kwargs)  # type: ignore[arg-type]


async def settle(pilot: Pilot) -> None:
    """Wait for workers (save scans, loads) and the screen to catch up."""
    for _ in range(3):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()


def sync(test: Callable[..., Coroutine[Any, Any, None]]) -> Callable[..., None]:
    """Run an async Pilot test with ``asyncio.run`` (no pytest async plugin needed)."""

    @functools.wraps(test)
    def run(*args: Any, **kwargs: Any) -> None:
        asyncio.run(test(*args, **kwargs))

    return run


async def pick_number(pilot: Pilot, n: int) -> None:
    """Pick option ``n`` (1-based) of the open choice list by typing its number, with Enter
    when the list is long enough for the number to wait for another digit."""
    from d6tui.ui.screens.modals import ChoiceModal

    modal = pilot.app.screen
    assert isinstance(modal, ChoiceModal)
    await pilot.press(*str(n))
    if modal.typed:
        await pilot.press("enter")
    await pilot.pause()


async def pick_value(pilot: Pilot, value: object) -> None:
    """Pick the option whose value is ``value`` in the choice list (waiting a few frames for
    it to open), then Enter."""
    from d6tui.ui.screens.modals import ChoiceModal

    for _ in range(20):
        if isinstance(pilot.app.screen, ChoiceModal):
            break
        await pilot.pause()
    modal = pilot.app.screen
    assert isinstance(modal, ChoiceModal), modal
    values = [v for _l, v in modal.options]
    modal.query_one("OptionList").highlighted = values.index(value)
    await pilot.press("enter")
    await pilot.pause()


async def to_game(pilot: Pilot, slug: str) -> None:
    """On the home screen, move the games list's cursor to ``slug`` with the arrow keys (the
    games are found, so their places in the list are looked up, not assumed)."""
    from d6tui.engine.registry import games

    for _ in range([g.slug for g in games()].index(slug)):
        await pilot.press("down")


async def open_simple_six_form(pilot: Pilot) -> Any:
    """From the home screen, open the new-campaign form for Simple Six and return it,
    checked to be the new-game form."""
    from d6tui.ui.screens.new_game import NewGameForm

    await settle(pilot)
    await to_game(pilot, "simple_six")
    await pilot.press("n")
    await pilot.pause()
    form = pilot.app.screen
    assert isinstance(form, NewGameForm)
    return form


def on_screen(widget: Any, height: int = 24) -> bool:
    """Whether ``widget`` is drawn whole within the first ``height`` rows of the screen."""
    r = widget.region
    return bool(r.height > 0 and r.y >= 0 and r.bottom <= height)


async def attack_box(pilot: Pilot, target: str, *, weapon: str | None = "",
                     defense: str | None = None, hero_points: int = 0,
                     range_: str | None = None, cover: int | None = None,
                     declared: bool | None = None) -> None:
    """Answer the Simple Six attack box from the keyboard: the target by his key for the
    fight, then the weapon (``""``: the one offered; None: bare hands), range, cover, the
    defense by its value (``"parry"``, ``"full"``...; None: the best, offered first), hero
    points and (Traditional) declared, each with its letter, then Enter."""
    from d6tui.ui.simple_six.attack_box import COVERS, RANGES, AttackBox

    box = pilot.app.screen
    assert isinstance(box, AttackBox), type(box).__name__
    if weapon != "":
        for _ in range(len(box.weapons)):
            if box.weapons[box.plan.weapon].weapon == weapon:
                break
            await pilot.press("w")
        assert box.weapons[box.plan.weapon].weapon == weapon
    if range_ is not None:
        while RANGES[box.plan.range][0] != range_:
            await pilot.press("r")
    if cover is not None:
        while COVERS[box.plan.cover][0] != cover:
            await pilot.press("c")
    row = next(t for t in box.targets if t.id == target or t.name == target)
    if box.plan.target != row.id:
        await pilot.press(*row.tag)
    await pilot.pause()
    assert box.plan.target == row.id
    if defense is not None:
        for _ in range(len(box.defenses())):
            if box.defenses()[box.plan.defense].value == defense:
                break
            await pilot.press("d")
        assert box.defenses()[box.plan.defense].value == defense
    for _ in range(hero_points):
        await pilot.press("h")
    if declared is not None and box.plan.declared != declared:
        await pilot.press("x")
    await pilot.press("enter")
    await pilot.pause()


async def enter_faces(pilot: Pilot, faces: str) -> None:
    """Answer the open table-dice prompt (a wild-die roll's or a plain one's, both with a
    ``#faces`` field) with ``faces`` set in its field and Enter: the same submission as
    typing them, in one key (the typing itself is checked in tests of the prompts)."""
    from textual.widgets import Input

    pilot.app.screen.query_one("#faces", Input).value = faces
    await pilot.press("enter")


async def until(pilot: Pilot, test: Callable[[], object], limit: float = 5.0) -> bool:
    """Let the app run (``pilot.pause()``) until ``test()`` holds or ``limit`` seconds of wall
    time have passed, and say whether it held (``assert await until(...)``). A bound in
    seconds, not in pauses: how long a pause lasts depends on the machine's load and on
    Pilot's idle slice."""
    end = time.monotonic() + limit
    while not test() and time.monotonic() < end:
        await pilot.pause()
    return bool(test())


async def table_dice_seats(pilot: Pilot, *seats: int) -> None:
    """Press ``t`` on a game screen with seats and check ``seats`` (1-based, as listed) in
    the table-dice list (each number toggles its seat), then accept: the engine's
    ``table_dice`` setting is recorded (:mod:`d6tui.ui.screens.table_dice`)."""
    from d6tui.ui.screens.modals import ChoiceModal

    game = pilot.app.screen
    await pilot.press("t")
    await until(pilot, lambda: isinstance(pilot.app.screen, ChoiceModal))
    assert isinstance(pilot.app.screen, ChoiceModal)
    await pilot.press(*[str(n) for n in seats], "enter")
    await until(pilot, lambda: pilot.app.screen is game)
