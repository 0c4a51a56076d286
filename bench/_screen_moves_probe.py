"""Child process of ``bench/screen_moves.py``: play one seeded game on a game screen run
headless and print the CPU seconds of each timed redraw as one JSON line.

Usage: ``python bench/_screen_moves_probe.py GAME WIDTHxHEIGHT MOVES`` (GAME: ``dungeon`` or
``d6_board``). The person's moves are chosen by the game's bot and made with
``Session.play`` (not timed); what is timed is ``screen.refresh_game()`` and the Pilot pause
after it, in which Textual lays out and paints what changed: what a move costs the screen.
Only moves after which the same person is still to move are timed (the computer's turn,
played by the screen's own worker or timer, is waited for untimed: its bot thinks in the
same process).
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any


async def _run(game: str, size: tuple[int, int], limit: int) -> dict[str, Any]:
    from d6tui.engine.session import Session
    from d6tui.paths import new_save_path
    from d6tui.ui.app import D6App

    saves = Path(tempfile.mkdtemp())
    if game == "dungeon":
        from d6tui.games.dungeon.bot import choose
        from d6tui.ui.dungeon.screen import DungeonScreen

        DungeonScreen.COMPUTER_PAUSE = 0.0
        session = Session.new("dungeon", {"players": ["Ana", "Ben"], "seed": 3,
                                          "vs_computer": True},
                              path=new_save_path(saves, "bench"), title="bench")

        def human() -> bool:
            return not session.state.over and session.state.turn == 0

        def pick() -> tuple[Any, dict]:
            move_id, answers = choose(session.state)
            return {m.id: m for m in session.moves()}[move_id], answers
    else:
        from d6tui.games.d6_board.bot import choose
        from d6tui.games.d6_board.moves import seat_to_move

        session = Session.new("d6_board", {"players": ["Ann", "Bob"], "seed": 3,
                                           "computers": ["Bob"]},
                              path=new_save_path(saves, "bench"), title="bench")
        rng = random.Random(5)

        def human() -> bool:
            return not session.state.over and seat_to_move(session.state) == 0

        def pick() -> tuple[Any, dict]:
            moves = [m for m in session.moves(0) if m.id not in ("undo", "redo")]
            return choose(session.state, 0, moves, rng)

    app = D6App(saves=saves, session=session, persist_theme=False)
    times: list[float] = []
    async with app.run_test(size=size) as pilot:
        for _ in range(20):
            await pilot.pause()
        screen = next(s for s in app.screen_stack if hasattr(s, "render_state"))
        moves = 0
        while not session.state.over and moves < limit:
            if not human():
                end = time.monotonic() + 30
                while not human() and not session.state.over and time.monotonic() < end:
                    await pilot.pause()
                continue
            move, answers = pick()
            session.play(move, answers)
            moves += 1
            still = human()
            t0 = time.process_time()
            screen.refresh_game()
            await pilot.pause()
            if still:
                times.append(time.process_time() - t0)
    return {"times": times, "moves": moves}


def main() -> None:
    """Run the probe named by the arguments and print its JSON line."""
    game, size, limit = sys.argv[1], sys.argv[2], int(sys.argv[3])
    w, h = (int(x) for x in size.split("x"))
    out = asyncio.run(_run(game, (w, h), limit))
    import d6tui

    out["code"] = str(Path(d6tui.__file__).parent)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
