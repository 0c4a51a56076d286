"""D6: Dungeons, Dudes, Dames... balance: bot games, their length, glory and who wins.

Usage::

    python bench/d6_board_balance.py [--games 200] [--players 3] [--season standard]
                                     [--map standard] [--seed 0]

Prints moves per game, the glory of the winner and of everyone, the spread (winner minus
last), how often each seat wins (shared wins count for each winner), deaths and bounties per
game. The bot is ``d6tui.games.d6_board.bot``; the house data is ``d6tui/content/d6_board*``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter

from d6tui.engine.session import Session
from d6tui.games.d6_board.bot import play_out
from d6tui.games.d6_board.state import glory


def main(argv: list[str] | None = None) -> None:
    """Run the simulation and print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--season", default="standard", choices=("standard", "extended"))
    ap.add_argument("--map", default="standard", choices=("standard", "advanced"))
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    names = ["Ann", "Bob", "Cy", "Dee"][: args.players]
    lengths, top, every, spread, deaths, bounties, ties = [], [], [], [], [], [], 0
    rerolls, passed = 0, 0
    wins: Counter[int] = Counter()
    t0 = time.perf_counter()
    for g in range(args.games):
        seed = args.seed + g
        s = Session.new("d6_board", {"players": names, "seed": seed, "season": args.season,
                                     "map": args.map})
        lengths.append(play_out(s, random.Random(seed)))
        st = s.state
        gl = [glory(st, i) for i in range(len(names))]
        top.append(max(gl))
        every.extend(gl)
        spread.append(max(gl) - min(gl))
        for w in st.winners:
            wins[w] += 1
        ties += len(st.winners) > 1
        deaths.append(sum(1 for e in s.events if "died" in str(e.get("note", ""))
                          or "poisoned to death" in str(e.get("note", ""))))
        bounties.append(sum(len(h.delivered) + len(h.backpack) for h in st.heroes))
        bought = [e for e in s.events if e.get("type") == "check_rerolled"]
        rerolls += len(bought)
        passed += sum(1 for e in bought if "passed" in str(e.get("note", "")))
    dt = time.perf_counter() - t0
    n = args.games
    print(f"{n} games, {args.players} players, {args.season} season, {args.map} map "
          f"({dt:.1f}s, {1000 * dt / n:.0f} ms a game)")
    print(f"moves a game: mean {statistics.mean(lengths):.0f}, median "
          f"{statistics.median(lengths):.0f}, max {max(lengths)}")
    print(f"glory: winner mean {statistics.mean(top):.2f}, everyone mean "
          f"{statistics.mean(every):.2f}, spread (first - last) mean "
          f"{statistics.mean(spread):.2f}")
    print(f"bounties a game {statistics.mean(bounties):.2f}, deaths a game "
          f"{statistics.mean(deaths):.2f}, shared wins {ties}")
    print(f"Dogmud stealth rerolls a game {rerolls / n:.2f} "
          f"({100 * passed / max(1, rerolls):.0f}% passed)")
    print("seat win rates: " + ", ".join(
        f"{names[i]} (seat {i + 1}) {100 * wins[i] / n:.0f}%" for i in range(len(names))))


if __name__ == "__main__":
    main()
