"""A tiny game for engine tests: players take turns rolling a d6 and adding it to a total."""

from __future__ import annotations

from dataclasses import dataclass, replace

from d6tui.engine.dice import Dice, check_roll, table_roll
from d6tui.engine.errors import EventError, RuleError
from d6tui.engine.registry import GameRules


@dataclass(frozen=True)
class Toy:
    players: tuple[str, ...] = ()
    total: int = 0
    turn: int = 0
    started: bool = False


def check_options(options: dict) -> dict:
    players = options.get("players") or ["A", "B"]
    if len(players) < 1:
        raise RuleError("need a player", "Setup")
    return {**options, "players": list(players)}


def start(options: dict, dice: Dice) -> dict:
    return {"type": "started", "order": dice.shuffle(options["players"])}


def fold(state: Toy, event: dict) -> Toy:
    t = event["type"]
    if t == "started":
        return replace(state, players=tuple(event["order"]), started=True)
    if t == "rolled":
        faces = check_roll(event["roll"], sides=6, count=1)
        return replace(state, total=state.total + faces[0], turn=state.turn + 1)
    raise EventError(f"unknown {t}")


def roll(state: Toy, dice: Dice | None = None, faces: list[int] | None = None) -> dict:
    if state.total >= 100_000:
        raise RuleError("the game is over", "End")
    r = table_roll(faces, 1) if faces is not None else (dice or Dice()).roll(1)
    who = state.players[state.turn % len(state.players)]
    return {"type": "rolled", "by": who, "roll": r}


RULES = GameRules(
    slug="toy",
    name="Toy",
    event_types=frozenset({"started", "rolled"}),
    check_options=check_options,
    start=start,
    new_state=lambda options: Toy(),
    fold=fold,
    describe=lambda e, s=None: f"{e.get('by', '?')} {e['type']}",
    status=lambda s: f"total {s.total}",
    is_over=lambda s: s.total >= 100_000,
    to_json=lambda s: {"total": s.total, "players": list(s.players)},
    default_title=lambda o: "toy game",
)
