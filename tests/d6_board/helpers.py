"""Helpers for the D6 board game tests: a game set up by the bot, and moves with fixed dice."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from d6tui.engine.dice import Dice
from d6tui.engine.game import find_move
from d6tui.engine.session import Session
from d6tui.games.d6_board.bot import choose
from d6tui.games.d6_board.fold import fold
from d6tui.games.d6_board.moves import moves, seat_to_move
from d6tui.games.d6_board.state import Board, Enemy

PLAYERS = ["Ann", "Bob", "Cy"]


def new_session(seed: int = 1, players: list[str] | None = None, **options: Any) -> Session:
    """A game in memory."""
    return Session.new("d6_board", {"players": players or PLAYERS, "seed": seed, **options})


def set_up(seed: int = 1, players: list[str] | None = None, **options: Any) -> Board:
    """A board after setup (the bot chose boards, stats and environment), round 1, turn of
    player one not yet begun."""
    s = new_session(seed, players, **options)
    rng = random.Random(seed)
    while s.state.phase != "turn" or s.state.prompts:
        seat = seat_to_move(s.state)
        m, a = choose(s.state, seat, [x for x in s.moves(seat) if x.id not in ("undo", "redo")],
                      rng)
        s.play(m, a)
    return s.state


def play(state: Board, mid: str, rolls: dict[str, Any] | None = None, seed: int = 0,
         **answers: Any) -> Board:
    """Make move ``mid`` for the seat to move, with the faces in ``rolls`` (the rest rolled
    by seeded dice), and fold its event."""
    seat = seat_to_move(state)
    m = find_move(moves(state, seat), mid)
    dice = Dice(seed)
    got = {}
    for req in m.dice:
        f = (rolls or {}).get(req.name)
        if f is None:
            got[req.name] = req.die.roll(dice, req.count)
        else:
            f = f if isinstance(f, list) else [f]
            got[req.name] = {"dice": f"{req.count}d{req.die.sides}", "faces": f,
                             "source": "table"}
    payload = m.run(state, dice, **answers, **got)
    return fold(state, payload)


def ids(state: Board) -> list[str]:
    """The legal move ids of the seat to move."""
    return [m.id for m in moves(state, seat_to_move(state))]


def clear_map(state: Board) -> Board:
    """Every enemy back in the bag, no prompts."""
    bag = state.bag | {e.token for e in state.enemies if not e.token.startswith("cube:")}
    return replace(state, enemies=(), bag=bag, prompts=())


def put(state: Board, kind: str, space: str, **kw: Any) -> tuple[Board, str]:
    """A token of ``kind`` from the bag placed in ``space``."""
    token = sorted(t for t in state.bag if state.tokens[t] == kind)[0]
    state = replace(state, bag=state.bag - {token},
                    enemies=(*state.enemies, Enemy(token, kind, space, **kw)))
    return state, token


def begun(state: Board, space: str = "V", **hero: Any) -> Board:
    """Player one's turn begun, standing in ``space``, with no enemy about."""
    state = clear_map(state)
    state = state.with_hero(state.current, space=space, **hero)
    return replace(state, begun=True, actions=0, engaged=(), combat=None, locked="")


def random_answers(m: Any, rng: random.Random) -> dict[str, Any]:
    """Random answers to a move's choices (the fewest of a list; a text's example value)."""
    return {c.name: (c.value if c.kind == "text" else rng.choice(c.options)[0]
                     if c.max == 1 else [o[0] for o in c.options[:c.min]])
            for c in m.choices}
