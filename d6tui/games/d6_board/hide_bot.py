"""The computer hunter's plan in the Hide Collection modes (rulebook Part III), asked
first by :mod:`.bot`; where it has no opinion (None) the standard plan decides.

Its plan: a slain monster fills its empty Hide Collection slot first, else a bounty, else a
specialty or wild hide; a Guardian takes the slot of the hardest monster missing; bounties
in the pack go home when the turns run short; it walks to the nearest space holding a
monster whose hide is missing (or a bounty's space) and hunts there; it uses its Heroic
Benefits when they help at once, and keeps its companion at its side. In co-op each bot
plays the same plan for the shared board, so the team cooperates through it.
"""

from __future__ import annotations

import random
from collections import deque

from d6tui.engine.game import Move
from d6tui.games.d6_board import hides
from d6tui.games.d6_board.combat import enemy_total, hero_total, hero_wins
from d6tui.games.d6_board.hide_state import CARRIER
from d6tui.games.d6_board.state import STYX, VILLAGE, Board


def _dist(state: Board, start: str) -> dict[str, int]:
    out = {start: 0}
    todo = deque([start])
    while todo:
        a = todo.popleft()
        for b in state.links(a):
            if b not in out:
                out[b] = out[a] + 1
                todo.append(b)
    return out


def missing(state: Board) -> list[str]:
    """The monster kinds whose slot on the Hide Collection board is still empty."""
    assert state.hc is not None
    return [k for k in hides.monsters(state) if k not in state.hc.slots]


def _wanted_here(state: Board, seat: int, token: str) -> bool:
    if token.startswith("cube"):
        return False
    kind = hides.kind_of(state, token)
    k = state.content["enemies"][kind]
    if k.get("guardian") in ("dragon", "kraken"):
        return state.heroes[seat].hp >= 3
    if k["class"] == "guardian":
        return False
    if kind in missing(state):
        return True
    e = state.enemy(token)
    return e is not None and any(
        state.card(b)["class"] == k["class"] and str(state.card(b)["space"]) == e.space
        for b in state.bounties) and len(state.heroes[seat].backpack) < 3


def pick(state: Board, seat: int, moves: list[Move], rng: random.Random) -> Move | None:
    """The move the plan wants among ``moves``, or None to let the standard plan choose."""
    hc = state.hc
    if hc is None or state.phase != "turn":
        return None
    ids = {m.id: m for m in moves}
    h = state.heroes[seat]
    if state.prompts:
        p = state.prompts[0]
        if p.kind == "claim":
            # a bounty delivered is one more turn: worth more than one hide early on
            order = ("claim:bounty:", "claim:board", "claim:specialty:", "claim:wild")
            if hc.max_turns - hc.turn < 1:
                order = ("claim:board", "claim:bounty:", "claim:specialty:", "claim:wild")
            for prefix in order:
                for m in moves:
                    if m.id.startswith(prefix):
                        return m
            return ids.get("claim:none")
        if p.kind == "place":
            en = state.content["enemies"]
            slots = [m for m in moves if m.id.startswith("slot:")]
            return max(slots, key=lambda m: int(en[m.id[5:]].get("die", 0)))
        if p.kind == "fetch":
            return ids["fetch:yes"]
        if p.kind == "benefit":
            names = state.content["benefits"]
            if names[p.reward]["effect"] == "turn":
                for b in hc.benefits:
                    if names[b]["effect"] != "turn" and f"benefit:{b}" in ids:
                        return ids[f"benefit:{b}"]
            return ids["benefit:none"]
        return None
    uses = {state.content["benefits"][m.id.split(":")[1]]["effect"]: m for m in moves
            if m.id.startswith("use:") and m.id.count(":") == 1}
    for eff in ("turn", "gold"):
        if eff in uses:
            return uses[eff]
    if "heal" in uses and h.hp <= 1:
        return uses["heal"]
    if "mend" in uses:
        return uses["mend"]
    c = state.combat
    if c is not None and c.step == "rolled" and not hero_wins(state):
        gap = enemy_total(state) - hero_total(state)
        if "plus" in uses and gap < 2:
            return uses["plus"]
        rerolls = [m for m in moves if m.id.startswith("use:") and m.id.count(":") == 2]
        if rerolls and gap >= 2:
            return rerolls[0]
        return None
    if c is not None:
        return None
    if state.engaged:
        if h.hp <= 1 and "village" in uses:
            return uses["village"]
        fights = [m for m in moves if m.id.startswith("fight:")]
        want = [m for m in fights if _wanted_here(state, seat, m.id.split(":", 1)[1])]
        return (want or fights or [None])[0]
    if "companion" in ids and hc.companion_at not in (CARRIER, h.space):
        return ids["companion"]
    fights = [m for m in moves if m.id.startswith("fight:")
              and _wanted_here(state, seat, m.id.split(":", 1)[1])]
    if fights and h.hp >= 2:
        return fights[0]
    acts = [m for m in moves if m.id.startswith(("move:", "hunt", "gather"))]
    if not acts:
        return None
    if "action" in uses:
        return uses["action"]
    if "advantage" in uses:
        return uses["advantage"]
    turns_left = hc.max_turns - hc.turn
    if h.backpack and (turns_left <= 1 or len(h.backpack) >= 2 or h.hp <= 1):
        goal = VILLAGE
    elif h.hp <= 1 and h.space != VILLAGE:
        goal = VILLAGE
    else:
        need = set(missing(state))
        dist = _dist(state, h.space)
        spots = {e.space for e in state.enemies if not e.token.startswith("cube")
                 and hides.kind_of(state, e.token) in need}
        spots |= {str(state.card(b)["space"]) for b in state.bounties}
        spots.discard(VILLAGE)
        spots.discard(STYX)
        goal = min(spots, key=lambda s: (dist.get(s, 99), s)) if spots else h.space
    if goal == h.space:
        if "hunt" in ids:
            return ids["hunt"]
        return ids.get("gather", acts[0])
    best: tuple[int, Move] | None = None
    for m in acts:
        if m.id.startswith("move:"):
            d = _dist(state, m.id.split(":")[1]).get(goal, 99)
            if best is None or d < best[0]:
                best = (d, m)
    return best[1] if best else None
