"""D6 Shooter balance: simulate bot games and print how long they last and who wins.

Usage::

    python bench/shooter_balance.py [--games 500] [--players 3] [--seed 0]

Prints mean/median/p90 turns and rounds per game, the share of games each seat won, and how
often each event fires per game. Bots: ``d6tui.games.shooter.bot``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from d6tui.games.shooter.bot import play_game


def _pct(xs: list[int], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def main(argv: list[str] | None = None) -> None:
    """Run the simulation and print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    names = ["Ann", "Bob", "Cy", "Dee"][: args.players]
    turns, rounds, events_n = [], [], []
    wins: Counter[int] = Counter()
    fired: Counter[str] = Counter()
    t0 = time.perf_counter()
    for g in range(args.games):
        s = play_game(names, args.seed + g)
        st = s.state
        turns.append(st.turn)
        rounds.append((st.turn - 1) // len(names) + 1)
        wins[st.winner] += 1
        events_n.append(len(s.events))
        for ev in s.events:
            t = ev["type"]
            if t == "card_drawn" and ev.get("kind") == "event":
                fired["drawn: " + ev["name"]] += 1
            elif t in ("store_bought", "reward_taken", "rep_cashed", "gave_up",
                       "hunt_stopped", "deck_exhausted", "surrounded_played", "reload_played",
                       "horseback_played", "night_watch_played", "dynamite_played",
                       "falsely_accused_played", "prisoner_transferred", "shackles_played",
                       "skull_rerolled"):
                fired[t] += 1
            if t == "card_drawn" and "reshuffled" in ev:
                fired["deck reshuffled"] += 1
    dt = time.perf_counter() - t0
    n = args.games
    print(f"{n} games, {args.players} players, seeds {args.seed}..{args.seed + n - 1} "
          f"({dt:.1f} s, {sum(events_n) / dt:.0f} events/s)")
    print(f"turns per game : mean {statistics.mean(turns):.1f}  median "
          f"{statistics.median(turns):.0f}  p90 {_pct(turns, 0.9):.0f}  min {min(turns)}"
          f"  max {max(turns)}")
    print(f"rounds per game: mean {statistics.mean(rounds):.1f}  median "
          f"{statistics.median(rounds):.0f}  p90 {_pct(rounds, 0.9):.0f}  min {min(rounds)}"
          f"  max {max(rounds)}")
    short = sum(1 for r in rounds if r < 5)
    print(f"games won in under 5 rounds: {short} ({100 * short / n:.1f}%)")
    print("wins by seat   : " + "  ".join(
        f"{names[i]} (seat {i + 1}) {100 * wins[i] / n:.1f}%" for i in range(len(names))))
    print(f"events per game: mean {statistics.mean(events_n):.0f}")
    print("per game:")
    for k, v in sorted(fired.items()):
        print(f"  {k:28s} {v / n:6.2f}")


if __name__ == "__main__":
    main()
