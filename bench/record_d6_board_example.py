"""Record ``saves/d6-board-example.toml``: a whole 3-player standard season of D6: Dungeons,
Dudes, Dames... played through the app's screen by key presses.

Usage: ``python bench/record_d6_board_example.py [--seed 7] [--out saves/d6-board-example.toml]
[--mode standard|solo|alliance]``

The other modes' examples: ``--mode solo --seed 2 --out saves/d6-board-solo-example.toml``
(Ann and the Wasteland Wisp collect all 15 hides) and ``--mode alliance --seed 3 --out
saves/d6-board-alliance-example.toml`` (Ann and Cy against Bob and Dee).

The app runs headless at 80x24 with a new saved game (made as the new-game form makes it:
``Session.new`` with a path in the saves folder). Every move is made with the keys a player
would press: the move's number in the moves list (two digits past 9), Enter at each
hand-over screen, and the number of each answer in the choice boxes (a space's own number
in a list of spaces). Which move to make is decided by the bot in
``d6tui.games.d6_board.bot``; the dice are the app's (seeded). tests/d6_board/test_example.py
replays the save and checks its glory and winner.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import shutil
import tempfile
from pathlib import Path

from _pilot import until
from textual.pilot import Pilot

from d6tui.engine.session import Session
from d6tui.games.d6_board.bot import choose
from d6tui.games.d6_board.moves import seat_to_move
from d6tui.paths import new_save_path
from d6tui.ui.app import D6App
from d6tui.ui.d6_board.screen import BoardScreen
from d6tui.ui.screens.hand_over import HandOver
from d6tui.ui.screens.modals import ChoiceModal

PLAYERS = ["Ann", "Bob", "Cy"]
TITLE = "Example hunting season"


async def _pick(pilot: Pilot, index: int, count: int) -> None:
    modal = pilot.app.screen
    assert isinstance(modal, ChoiceModal)
    await pilot.press(*str(modal.numbers[index]))  # a space's own number, else 1, 2, 3...
    if modal.long and modal.typed:
        await pilot.press("enter")


#: The players and options of each mode's example.
MODES = {"standard": (PLAYERS, {}),
         "solo": (["Ann"], {"mode": "solo", "companion": "wisp"}),
         "alliance": (["Ann", "Bob", "Cy", "Dee"], {"mode": "alliance"})}


async def record(out: Path, seed: int, mode: str = "standard") -> str:
    """Play a whole season through the screen; copy its save to ``out``; return the winner
    (or the end in words for a Hide Collection game)."""
    saves = Path(tempfile.mkdtemp(prefix="d6tui-record-"))
    players, extra = MODES[mode]
    title = TITLE if mode == "standard" else f"Example {mode} game"
    session = Session.new("d6_board", {"players": players, "seed": seed, **extra},
                          path=new_save_path(saves, title), title=title)
    app = D6App(saves=saves, persist_theme=False, session=session)
    rng = random.Random(seed)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, BoardScreen | HandOver),
                    "the game screen")
        screen = next(s for s in app.screen_stack if isinstance(s, BoardScreen))
        while not session.state.over:
            if isinstance(app.screen, HandOver):  # the next hunter takes the keyboard
                await pilot.press("enter")
                await until(pilot, lambda: app.screen is screen, "the game screen")
            before = len(session.events)
            seat = seat_to_move(session.state)
            moves = list(screen._moves)
            move, answers = choose(session.state, seat, moves, rng)
            i = [m.id for m in moves].index(move.id)
            await pilot.press(*str(i + 1))
            if screen._typed:  # a longer number could follow
                await pilot.press("enter")
            for c in move.choices:
                await until(pilot, lambda: isinstance(app.screen, ChoiceModal), "a choice")
                values = [v for v, _ in c.options]
                await _pick(pilot, values.index(answers[c.name]), len(values))
                await pilot.pause()
            await until(pilot, lambda b=before: len(session.events) > b, move.id)
            await until(pilot, lambda: app.screen is screen or isinstance(app.screen, HandOver),
                         f"the game screen again after {move.id} ({type(app.screen).__name__})")
        winner = session.rules.to_json(session.state)["winner"] or session.rules.status(
            session.state)
        path = session.log.path
        await pilot.press("ctrl+q")
    shutil.copyfile(path, out)
    return str(winner)


def main() -> None:
    """Record the example season and say who won."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--out", type=Path, default=Path("saves/d6-board-example.toml"))
    ap.add_argument("--mode", default="standard", choices=tuple(MODES))
    args = ap.parse_args()
    winner = asyncio.run(record(args.out, args.seed, args.mode))
    print(f"recorded {args.out}: {winner} won")


if __name__ == "__main__":
    main()
