"""Balance of the house dice designs: computer against computer (``d6tui.games.dungeon.bot``).

Usage: ``python bench/dungeon_balance.py [--games 1000] [--seed 0]``

Plays whole games with the same bot on both seats, straight on the rules (commands and fold,
no session or save), and prints how often a route gets finished, the average score, how
often the first player wins, how games end, and how long the bot takes per move. Figures
only: nothing is asserted.
"""

from __future__ import annotations

import argparse
import statistics
import time

from d6tui.engine.dice import Dice
from d6tui.games.dungeon.bot import play_move
from d6tui.games.dungeon.fold import fold
from d6tui.games.dungeon.rules import RULES
from d6tui.games.dungeon.state import DungeonState


def play_game(seed: int) -> tuple[DungeonState, list[float], int]:
    """One bot game; returns the end state, each move's time and the number of turns."""
    dice = Dice(seed)
    state = fold(DungeonState(), RULES.start(RULES.checked_options({}), dice))
    times: list[float] = []
    while not state.over:
        t = time.perf_counter()
        event = play_move(state, dice)
        times.append(time.perf_counter() - t)
        state = fold(state, event)
    return state, times, state.turn_no


def main() -> None:
    """Run the simulation and print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    start = time.perf_counter()
    complete_any = complete_seats = first_wins = second_wins = ties = claimed = 0
    scores: list[int] = []
    turns: list[int] = []
    move_times: list[float] = []
    for g in range(args.games):
        state, times, n = play_game(args.seed + g)
        move_times.extend(times)
        turns.append(n)
        a, b = (s.total for s in state.scores)
        scores += [a, b]
        done = [s.route.complete for s in state.scores]
        complete_any += any(done)
        complete_seats += sum(done)
        claimed += state.claimant is not None
        first_wins += a > b
        second_wins += b > a
        ties += a == b
    n = args.games
    took = time.perf_counter() - start
    ms = sorted(t * 1000 for t in move_times)
    print(f"D6 Dungeon balance: {n} bot games (seeds {args.seed}-{args.seed + n - 1}), "
          f"{took:.0f} s")
    print(f"  games with a finished route: {complete_any / n:.1%}; "
          f"players with a finished route: {complete_seats / (2 * n):.1%}")
    print(f"  games ended by a claim: {claimed / n:.1%}; by an empty bag: {1 - claimed / n:.1%}")
    print(f"  average score: {statistics.mean(scores):.2f} a player "
          f"(median {statistics.median(scores):.0f}, max {max(scores)})")
    print(f"  first player wins {first_wins / n:.1%}, second {second_wins / n:.1%}, "
          f"ties {ties / n:.1%}")
    print(f"  turns a game: mean {statistics.mean(turns):.1f}")
    print(f"  bot move: mean {statistics.mean(ms):.2f} ms, 99% {ms[int(0.99 * len(ms))]:.1f} ms,"
          f" max {ms[-1]:.1f} ms over {len(ms)} moves")


if __name__ == "__main__":
    main()
