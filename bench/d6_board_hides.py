"""D6 board game, Hide Collection modes (rulebook Part III): the bot's win rate.

Usage::

    python bench/d6_board_hides.py [--games 100] [--mode solo|coop] [--players 2]
                                   [--companion all|bird|kitteh|crustacean|wisp]
                                   [--specialty standard|advanced] [--seed 0]

For each companion (solo) or once (co-op) it prints the games won, the hides collected
(mean), the turns played and the max turn counter at the end (mean), bounties delivered
and deaths a game, and the time a game takes. The bot is ``d6tui.games.d6_board.bot`` with
its Hide Collection plan (``hide_bot``); the house data is ``d6tui/content/d6_board*``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from d6tui.engine.session import Session
from d6tui.games.d6_board.bot import play_out

COMPANIONS = ("bird", "kitteh", "crustacean", "wisp")


def run(games: int, mode: str, players: int, companion: str, specialty: str, seed: int
        ) -> str:
    """Play ``games`` bot games and return one line of figures."""
    names = ["Ann"] if mode == "solo" else ["Ann", "Bob", "Cy", "Dee"][:players]
    won, hides, turns, maxes, delivered, deaths = 0, [], [], [], [], []
    t0 = time.perf_counter()
    for g in range(games):
        s = Session.new("d6_board", {"players": names, "seed": seed + g, "mode": mode,
                                     "companion": companion, "specialty": specialty})
        play_out(s, random.Random(seed + g), limit=20000)
        hc = s.state.hc
        won += hc.result == "won"
        hides.append(len(hc.slots))
        turns.append(min(hc.turn, hc.max_turns))
        maxes.append(hc.max_turns)
        delivered.append(sum(len(h.delivered) for h in s.state.heroes))
        deaths.append(sum(1 for e in s.events if "died" in str(e.get("note", ""))
                          or "poisoned to death" in str(e.get("note", ""))))
    dt = time.perf_counter() - t0
    who = companion if mode == "solo" else f"co-op x{players}"
    return (f"{who:11} won {won}/{games} ({100 * won / games:.1f}%)  hides "
            f"{statistics.mean(hides):.1f}/15  turns {statistics.mean(turns):.1f} of "
            f"{statistics.mean(maxes):.1f}  bounties delivered {statistics.mean(delivered):.1f}"
            f"  deaths {statistics.mean(deaths):.2f}  {1000 * dt / games:.0f} ms a game")


def main(argv: list[str] | None = None) -> None:
    """Run the simulation and print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--mode", default="solo", choices=("solo", "coop"))
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--companion", default="all", choices=("all", *COMPANIONS))
    ap.add_argument("--specialty", default="standard", choices=("standard", "advanced"))
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    print(f"{args.games} games a line, {args.mode}, {args.specialty} specialty hides, "
          f"seeds {args.seed}..{args.seed + args.games - 1}")
    if args.mode == "coop":
        print(run(args.games, "coop", args.players, "kitteh", args.specialty, args.seed))
        return
    for c in COMPANIONS if args.companion == "all" else (args.companion,):
        print(run(args.games, "solo", 1, c, args.specialty, args.seed))


if __name__ == "__main__":
    main()
