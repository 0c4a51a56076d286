"""Record ``saves/dungeon-example.toml``: a whole two-player D6 Dungeon game played through
the app by key presses, at one keyboard.

Usage: ``python bench/record_dungeon_example.py [--seed 4] [--out saves/dungeon-example.toml]``

The app runs headless at 80x24. The game is started from the home screen's new-game form;
every move is made with the keys a player would press (``d`` draw, ``r`` roll, ``f``/``r``
and the arrows to place a die, Enter, ``s`` set aside, ``c`` cast, ``e`` end the turn, the
number keys in the choice boxes, Enter at each hand-over). Which move to make is decided by
the bot in ``d6tui.games.dungeon.bot``; the keys go through the screen, so the save is
exactly what playing in the app writes. tests/dungeon/test_example.py replays it.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import tempfile
from pathlib import Path
from typing import Any

from _pilot import new_game_form, until
from textual.pilot import Pilot

from d6tui.games.dungeon.bot import choose
from d6tui.games.dungeon.waffle import SIZE, hole_index, own_index
from d6tui.ui.app import D6App
from d6tui.ui.dungeon.screen import DungeonScreen, HandOver
from d6tui.ui.screens.modals import ChoiceModal

PLAYERS = "Ana, Ben"
TITLE = "Example dungeon"

#: The key of each move that has one of its own.
KEYS = {"draw": "d", "end_game": "d", "roll": "r", "collect": "s", "keep": "s",
        "give_back": "s", "trade": "x", "wish": "w", "catch": "g", "dream": "m",
        "extra_turn": "a", "claim": "C", "end_turn": "e"}


async def pick(pilot: Pilot, options: list[Any], value: Any) -> None:
    """Pick ``value`` in the open choice box, by its number or the arrows."""
    await until(pilot, lambda: isinstance(pilot.app.screen, ChoiceModal), "a choice box")
    index = options.index(value)
    if len(options) <= 9:
        await pilot.press(str(index + 1))
    else:
        await pilot.press(*["down"] * index, "enter")


async def to_hole(pilot: Pilot, screen: DungeonScreen, hole: str) -> None:
    """Move the waffle's cursor to ``hole`` (as the player at the keyboard sees it)."""
    want = own_index(hole_index(hole), screen.shown or 0)
    r0, c0 = divmod(screen.cursor, SIZE)
    r1, c1 = divmod(want, SIZE)
    keys = (["down"] * (r1 - r0) if r1 > r0 else ["up"] * (r0 - r1)) + (
        ["right"] * (c1 - c0) if c1 > c0 else ["left"] * (c0 - c1))
    if keys:
        await pilot.press(*keys)


async def make_move(pilot: Pilot, screen: DungeonScreen, move_id: str,
                    answers: dict[str, Any]) -> None:
    """Press the keys of one move."""
    state = screen.session.state
    moves = {m.id: m for m in screen.session.moves(state.turn)}
    move = moves[move_id]
    if move_id == "place":
        if answers["side"] != state.face:
            await pilot.press("f")
        await pilot.press(*["r"] * int(answers["turns"]))
        await to_hole(pilot, screen, answers["hole"])
        await pilot.press("enter")
        return
    if move_id.startswith("cast_"):
        casts = [m for m in moves.values() if m.id.startswith("cast_")]
        await pilot.press("c")
        if len(casts) > 1:
            await pick(pilot, [m.id for m in casts], move_id)
        if "hole" in answers:
            await until(pilot, lambda: screen.target is not None, "the spell's target")
            await to_hole(pilot, screen, answers["hole"])
            await pilot.press("enter")
        for c in move.choices:
            if c.name != "hole":
                await pick(pilot, [v for v, _ in c.options], answers[c.name])
        return
    await pilot.press(KEYS[move_id])
    for c in move.choices:
        await pick(pilot, [v for v, _ in c.options], answers[c.name])


async def record(out: Path, seed: int) -> str:
    """Play a whole game through the app; copy its save to ``out``; return the result."""
    saves = Path(tempfile.mkdtemp(prefix="d6tui-record-"))
    app = D6App(saves=saves, persist_theme=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await new_game_form(pilot, "dungeon")
        await pilot.press(*PLAYERS, "tab", "tab", *TITLE, "tab", *str(seed), "ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, DungeonScreen | HandOver),
                    "the game screen")
        screen = next(s for s in app.screen_stack if isinstance(s, DungeonScreen))
        session = screen.session
        while not session.state.over:
            if isinstance(app.screen, HandOver):
                await pilot.press("enter")
                await until(pilot, lambda: app.screen is screen, "the hand-over to end")
                continue
            before = len(session.events)
            move_id, answers = choose(session.state)
            await make_move(pilot, screen, move_id, answers)
            await until(pilot, lambda b=before: len(session.events) > b, move_id)
            await until(pilot, lambda: app.screen is screen or isinstance(app.screen, HandOver),
                        "the game screen again")
        result = session.rules.status(session.state)
        path = session.log.path
        await pilot.press("ctrl+q")
    shutil.copyfile(path, out)
    return result


def main() -> None:
    """Record the example game and say how it ended."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--out", type=Path, default=Path("saves/dungeon-example.toml"))
    args = ap.parse_args()
    result = asyncio.run(record(args.out, args.seed))
    print(f"recorded {args.out}: {result}")


if __name__ == "__main__":
    main()
