"""Record ``saves/shooter-example.toml``: a whole 3-player D6 Shooter game played through the
app by key presses.

Usage: ``python bench/record_shooter_example.py [--seed 11] [--out saves/shooter-example.toml]``

The app runs headless at 80x24. The game is started from the home screen's new-game form, and
every move is made with the keys a player would press (the action keys, ``k`` for store cards,
number keys and Space/Enter in the choice boxes). Which move to make is decided by the bot in
``d6tui.games.shooter.bot``; the keys go through the screen, so the save is exactly what
playing in the app writes. tests/shooter/test_shooter_example.py replays it.
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

from d6tui.games.shooter.actions import Action, legal_actions
from d6tui.games.shooter.bot import choose
from d6tui.ui.app import D6App
from d6tui.ui.screens.modals import ChoiceModal
from d6tui.ui.shooter.screen import ACTION_KEYS, CARD_ACTIONS, ShooterScreen

PLAYERS = "Ann, Bob, Cy"
TITLE = "Example game"


async def _answer_choice(pilot: Pilot, options: tuple[str, ...], value: Any, multiple: bool,
                         allow_none: bool) -> None:
    await until(pilot, lambda: isinstance(pilot.app.screen, ChoiceModal), "a choice box")
    if not multiple:
        index = len(options) if value is None and allow_none else options.index(value)
        if index < 9:
            await pilot.press(str(index + 1))
        else:
            await pilot.press(*["down"] * index, "enter")
        return
    cursor = 0
    for index in sorted(options.index(v) for v in value):
        await pilot.press(*["down"] * (index - cursor), "space")
        cursor = index
    await pilot.press("enter")


async def _make_move(pilot: Pilot, screen: ShooterScreen, action: Action,
                     answers: dict[str, Any]) -> None:
    legal = legal_actions(screen.session.state)
    if action.name in ACTION_KEYS:
        await pilot.press(ACTION_KEYS[action.name])
    elif action.name in CARD_ACTIONS:
        cards = [a for a in legal if a.name in CARD_ACTIONS]
        await pilot.press("k")
        if len(cards) > 1:
            await _answer_choice(pilot, tuple(a.name for a in cards), action.name, False, False)
    else:
        raise RuntimeError(f"no key for {action.name}")
    for choice in action.choices:
        await _answer_choice(pilot, choice.options, answers.get(choice.param), choice.max != 1,
                             choice.min == 0)


async def record(out: Path, seed: int) -> str:
    """Play a whole game through the app; copy its save to ``out``; return the winner."""
    saves = Path(tempfile.mkdtemp(prefix="d6tui-record-"))
    app = D6App(saves=saves, persist_theme=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await new_game_form(pilot, "shooter")
        await pilot.press(*PLAYERS, "tab", *TITLE, "tab", *str(seed), "ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, ShooterScreen), "the game screen")
        screen = app.screen
        assert isinstance(screen, ShooterScreen)
        session = screen.session
        while not session.state.over:
            before = len(session.events)
            action, answers = choose(session.state)
            await _make_move(pilot, screen, action, answers)
            await until(pilot, lambda b=before: len(session.events) > b, f"{action.name}")
            await until(pilot, lambda: app.screen is screen, "the game screen again")
        winner = session.rules.to_json(session.state)["winner"]
        path = session.log.path
        await pilot.press("ctrl+q")
    shutil.copyfile(path, out)
    return str(winner)


def main() -> None:
    """Record the example game and say who won."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--out", type=Path, default=Path("saves/shooter-example.toml"))
    args = ap.parse_args()
    winner = asyncio.run(record(args.out, args.seed))
    print(f"recorded {args.out}: {winner} became Marshal")


if __name__ == "__main__":
    main()
