"""A computer hunter: picks one of ``moves(state, seat)`` and its answers.

It plays a plain plan: fight what a bounty wants, or a weak monster when healthy; else walk
to the nearest bounty's space and hunt there; go home to the Village with a full pack or
one HP; spend gold on Training Camp (strength first). It buffs a losing roll with what it
holds, escapes a losing fight on its last HP, plays red cards on rivals, and never loops:
every move it makes spends a resource or moves the turn on. The balance bench
(``bench/d6_board_balance.py``) and the example recorder use it.
"""

from __future__ import annotations

import random
from collections import deque
from typing import Any

from d6tui.engine.game import Move
from d6tui.games.d6_board import effects as fx
from d6tui.games.d6_board import hide_bot
from d6tui.games.d6_board.combat import enemy_total, hero_total, hero_wins
from d6tui.games.d6_board.state import VILLAGE, Board, same_team

#: Where the bot puts a high stat roll first.
STAT_ORDER = ("strength", "stealth", "skill", "wits")


def distances(state: Board, start: str) -> dict[str, int]:
    """Arrows needed from ``start`` to every space (breadth first)."""
    out = {start: 0}
    todo = deque([start])
    while todo:
        a = todo.popleft()
        for b in state.links(a):
            if b not in out:
                out[b] = out[a] + 1
                todo.append(b)
    return out


def _by_id(moves: list[Move]) -> dict[str, Move]:
    return {m.id: m for m in moves}


def _first(moves: list[Move], *prefixes: str) -> Move | None:
    for p in prefixes:
        for m in moves:
            if m.id == p or m.id.startswith(p + ":") or (p.endswith(":") and
                                                          m.id.startswith(p)):
                return m
    return None


def _answers(move: Move, rng: random.Random) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for c in move.choices:
        values = [v for v, _ in c.options]
        if c.max == 1:
            out[c.name] = rng.choice(values) if values else None
        else:
            out[c.name] = values[: max(c.min, 1)]
    return out


def choose(state: Board, seat: int, moves: list[Move], rng: random.Random
           ) -> tuple[Move, dict[str, Any]]:
    """The bot's move for ``seat`` among ``moves`` (never undo or redo) and its answers."""
    moves = [m for m in moves if m.id not in ("undo", "redo") and not m.id.startswith("gm:")]
    pick = _pick(state, seat, moves, rng)
    return pick, _answers_for(state, pick, rng)


def _answers_for(state: Board, m: Move, rng: random.Random) -> dict[str, Any]:
    if m.id == "choose":
        return {c.name: rng.choice([v for v, _ in c.options]) for c in m.choices}
    if m.id.startswith("place:"):
        return {"space": rng.choice([v for v, _ in m.choices[0].options])}
    if m.id == "chib" or m.id.startswith("play:"):
        opts = [v for v, _ in m.choices[0].options] if m.choices else []
        if opts:
            safe = [o for o in opts if o == VILLAGE or not fx.hostile(state, state.current, o)]
            return {m.choices[0].name: (safe or opts)[0]}
    if m.id == "cube":
        rivals = [h.space for i, h in enumerate(state.heroes)
                  if not same_team(state, i, state.current) and h.space not in ("V", "S")]
        opts = [v for v, _ in m.choices[0].options]
        return {"space": next((r for r in rivals if r in opts), opts[0])}
    return _answers(m, rng)


def _pick(state: Board, seat: int, moves: list[Move], rng: random.Random) -> Move:
    planned = hide_bot.pick(state, seat, moves, rng) if state.hc is not None else None
    if planned is not None:
        return planned
    ids = _by_id(moves)
    h = state.heroes[seat]
    if len(moves) == 1:
        return moves[0]
    if state.phase == "stats":
        roll = h.stat_roll
        open_ = [s for s in STAT_ORDER if f"stat:{s}" in ids]
        order = open_ if roll >= 4 else list(reversed(open_))
        return ids[f"stat:{order[0]}"]
    if state.phase in ("environment", "choose"):
        return rng.choice(moves)
    if state.prompts:
        p = state.prompts[0]
        if p.kind in ("gm_card", "red_turn"):
            red = [m for m in moves if m.id.startswith("red:")]
            return red[0] if red and rng.random() < 0.7 else ids["pass"]
        if p.kind == "reward" and p.reward == "wild":
            if h.gold <= 6:
                return ids["wild:coins"]
            return ids.get("wild:alchemy") if "" in h.bottles else ids["wild:advantage"]
        if p.kind == "reward":
            for pot in ("wingso", "grapejib", "healing", "stoneskin", "shadow", "acupunch"):
                if f"alchemy:{pot}" in ids:
                    return ids[f"alchemy:{pot}"]
            return ids["alchemy:pass"]
        if p.kind == "room":
            return ids["room:keep"]
        if p.kind == "poison":
            for s in ("wits", "skill", "stealth", "strength"):
                if f"poison:{s}" in ids:
                    return ids[f"poison:{s}"]
        return moves[0]
    c = state.combat
    if c is not None and c.step == "rolled":
        if hero_wins(state):
            return ids["resolve"]
        gap = enemy_total(state) - hero_total(state)
        for m in moves:
            if m.id.startswith("buff:") and "reroll" not in m.label and gap <= 2:
                return m
        if "skill:cleave" in ids and gap <= 2:
            return ids["skill:cleave"]
        if "potion:stoneskin" in ids and gap <= 2:
            return ids["potion:stoneskin"]
        low = min(range(len(c.faces)), key=lambda i: c.faces[i] / c.dice[i])
        if f"dogmud:{low}" in ids and c.faces[low] <= c.dice[low] // 2 and h.gold >= 4:
            return ids[f"dogmud:{low}"]
        if h.hp <= 1 and state.kind(c.enemy).get("class") != "poison" and not c.ranged:
            for esc in ("potion:wingso", "chib"):
                if esc in ids:
                    return ids[esc]
            play = [m for m in moves if m.id.startswith("play:")]
            if play:
                return play[0]
        return ids["resolve"]
    if c is not None and c.step == "weapon":
        attacks = [m for m in moves if m.id.startswith("attack:")]
        return max(attacks, key=lambda m: sum((r.die.sides + 1) / 2 for r in m.dice
                                              if r.name.startswith("hero")))
    if "begin" in ids:
        return ids["begin"]
    fights = [m for m in moves if m.id.startswith("fight:")]
    if state.engaged and "dogmud:check" in ids and worth_dogmud(state, seat):
        return ids["dogmud:check"]
    if state.engaged:
        if h.hp <= 1:
            for esc in ("potion:wingso", "chib"):
                if esc in ids:
                    return ids[esc]
        if fights:
            return fights[0]
        return moves[0]
    # Village shopping
    if h.space == VILLAGE:
        if state.fountain:
            best = [m for m in moves if m.id.startswith("fountain:") and m.id != "fountain:none"]
            return best[0] if best else ids["fountain:none"]
        for s in ("strength", "stealth", "skill"):
            if f"train:{s}" in ids and h.gold >= 4:
                return ids[f"train:{s}"]
        if "refresh" in ids and h.gold >= 3:
            return ids["refresh"]
    wanted = [b for b in state.bounties if len(h.backpack) < 3]
    want = sorted({(state.card(b)["class"], str(state.card(b)["space"])) for b in wanted})
    for m in fights:
        token = m.id.split(":", 1)[1]
        e = state.enemy(token)
        if e is not None and (state.kind(token).get("class"), e.space) in want:
            return m
    for m in fights:
        token = m.id.split(":", 1)[1]
        k = state.kind(token)
        if h.hp >= 2 and int(k.get("die", 0) or 0) <= 6 and k.get("guardian") != "plant" \
                and not token.startswith("cube"):
            return m
    for key in ("potion:grapejib", "skill:scavenge", "skill:second_wind", "potion:healing"):
        if key in ids and (key != "potion:healing" or h.hp < 3):
            return ids[key]
    if "buy" in ids and h.gold >= 7:
        return ids["buy"]
    if "cube" in ids and h.gold >= 8:
        return ids["cube"]
    acts = [m for m in moves if m.id.startswith(("move:", "hunt", "gather", "ride:"))]
    if acts:
        dist = distances(state, h.space)
        if len(h.backpack) >= 3 or (h.hp <= 1 and h.space != VILLAGE) or (
                h.backpack and state.round == state.rounds and state.actions >= 1):
            goal = VILLAGE
        else:
            spaces = sorted({s for _, s in want}, key=lambda s: (len(s), s))
            goal = min(spaces, key=lambda s: dist.get(s, 99)) if spaces else h.space
        if goal == h.space:
            if "hunt" in ids and h.space != VILLAGE:
                return ids["hunt"]
            return ids.get("gather", acts[0])
        best = None
        for m in acts:
            if m.id.startswith("move:"):
                to = m.id.split(":")[1]
                d = distances(state, to).get(goal, 99)
                if best is None or d < best[0]:
                    best = (d, m)
        if best is not None:
            return best[1]
        return acts[0]
    return ids.get("rest", moves[-1])


def worth_dogmud(state: Board, seat: int) -> bool:
    """Whether Dogmud's reroll of a failed stealth check is worth its price ("DOGMUD"):
    the reroll passes often enough (stealth at least 4 on a d6, any on a chib's d4...), the
    gold left keeps a reserve, and the fight the failed check forced is one the bot would
    not pick: a die above d6, a Guardian, two enemies or more, a hunter on one HP, or a
    rival's Cash Cube; an enemy that fills a bounty is fought instead."""
    r, h = state.retry, state.heroes[seat]
    if r is None:
        return False
    price = int(state.rules["prices"]["dogmud"])
    chance = (h.stat("stealth") - 1) / int(r["sides"])
    if chance < 0.5 or h.gold - price < 2:
        return False
    wanted = {(state.card(b)["class"], str(state.card(b)["space"])) for b in state.bounties}
    foes = [t for t in state.engaged if state.enemy(t) is not None]
    if len(h.backpack) < 3 and any(
            (state.kind(t).get("class"), state.enemy(t).space) in wanted  # type: ignore[union-attr]
            for t in foes):
        return False
    dies = [int(state.kind(t).get("die", 0) or state.kind(t).get("attack", 0) or 0)
            for t in foes]
    return (h.hp <= 1 or len(foes) >= 2 or max(dies, default=0) > 6
            or any(state.kind(t).get("class") == "guardian" or t.startswith("cube")
                   for t in foes))


def table_move(seen: Board, seat: int, legal: list[Move]) -> tuple[str, dict[str, Any]]:
    """The computer's move for ``seat`` at a shared table (``GameDefinition.computer``).

    Args:
        seen: ``view(state, seat)``: the other hunters' hands are not in it, and the bot
            reads nothing more.
        seat: the computer's seat.
        legal: the seat's legal moves now.

    Returns:
        ``(move id, answers)`` (its random picks are seeded by the seat and the log's
        length, so a replayed table picks the same).

    Raises:
        RuleError: the seat has no move now.
    """
    from d6tui.engine.errors import RuleError

    usable = [m for m in legal if m.id not in ("undo", "redo") and not m.id.startswith("gm:")]
    if not usable:
        raise RuleError("the computer has no move now")
    rng = random.Random(f"{seat}:{seen.round}:{len(usable)}:{seen.phase}")
    m, answers = choose(seen, seat, usable, rng)
    return m.id, answers


def play_out(session: Any, rng: random.Random, limit: int = 5000) -> int:
    """Let the bot play every seat until the season ends; returns the moves made.

    Raises:
        RuntimeError: the game did not end within ``limit`` moves.
    """
    from d6tui.games.d6_board.moves import seat_to_move

    n = 0
    while not session.rules.is_over(session.state):
        seat = seat_to_move(session.state)
        legal = [m for m in session.moves(seat) if m.id not in ("undo", "redo")]
        m, answers = choose(session.state, seat, legal, rng)
        session.play(m, answers)
        n += 1
        if n > limit:
            raise RuntimeError("the game did not end")
    return n
