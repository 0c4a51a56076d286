"""A heuristic D6 Shooter player, and a headless driver that plays whole games.

The bot picks among :func:`~d6tui.games.shooter.actions.legal_actions` only, so it can never
make an illegal move. It cashes Rep as soon as it can (with the least waste), presses its luck
while it keeps most of its dice, answers Escapes, Jail Breaks and Dynamite with the right card,
and aims its store cards at the leader. Used by ``bench/shooter_balance.py`` and the tests.

Rulebook sections: "On Your Turn", "Cashing in Reputation Points", "Card Index".
"""

from __future__ import annotations

from typing import Any

from d6tui.engine.session import Session
from d6tui.games.shooter.actions import Action, legal_actions
from d6tui.games.shooter.state import (
    DICE_PER_TURN,
    HAND_LIMIT,
    Phase,
    ShooterState,
    card_rep,
    jailed_bandits,
    rep_needed,
    unmatched,
)

#: Store kinds the bot prefers, best first.
PREFERENCE: tuple[str, ...] = (
    "we_have_you_surrounded",
    "reload",
    "horseback",
    "night_watch",
    "transfer_prisoner",
    "shackles",
    "falsely_accused",
    "dynamite",
)

#: A safety bound for :func:`play_game`: no sane game needs this many events.
MAX_EVENTS = 20_000


def best_subset(values: dict[str, int], need: int) -> list[str]:
    """The cards whose values reach ``need`` with the least excess, then the fewest cards.

    Used to cash Rep ("Cashing in Reputation Points") and to pay rewards ("Reward") with as
    little waste as possible, since no change is given.

    Args:
        values: card id -> value (Rep or reward).
        need: the total to reach.

    Returns:
        The chosen ids, or ``[]`` when even all of them fall short.
    """
    best: dict[int, list[str]] = {0: []}
    for cid, v in values.items():
        for total, chosen in list(best.items()):
            t = total + v
            if t not in best or len(best[t]) > len(chosen) + 1:
                best[t] = chosen + [cid]
    reach = [t for t in best if t >= need]
    if not reach:
        return []
    return best[min(reach)]


def _leader(state: ShooterState) -> int:
    """The opponent closest to Marshal (rank first, then Rep in jail)."""
    scores = []
    for i, p in enumerate(state.players):
        if i == state.current:
            continue
        rep = sum(card_rep(state, c) for c in jailed_bandits(state, p, unshackled=True))
        scores.append((p.rank, rep, -i, i))
    return max(scores)[3]


def _at_risk(state: ShooterState, i: int) -> int:
    """Rep of player ``i``'s unshackled bandits (what Dynamite would blow away)."""
    return sum(state.cards[b].rep
               for b in jailed_bandits(state, state.players[i], unshackled=True))


def _preference(state: ShooterState) -> tuple[str, ...]:
    """Store kinds best first: Dynamite goes first when an opponent's jail is worth it."""
    if any(_at_risk(state, i) >= 5 for i in range(len(state.players)) if i != state.current):
        return ("dynamite",) + tuple(k for k in PREFERENCE if k != "dynamite")
    return PREFERENCE


def _find(actions: list[Action], name: str) -> Action | None:
    for a in actions:
        if a.name == name:
            return a
    return None


def _top_bandit(state: ShooterState, options: tuple[str, ...], owner: int) -> str:
    own = [b for b in options if b in state.players[owner].jail] or list(options)
    return max(own, key=lambda b: (state.cards[b].rep, b))


def _phase_plays(state: ShooterState, acts: list[Action]) -> tuple[Action, dict] | None:
    """Start/end phase: cash Rep, then store cards aimed at the leader."""
    p = state.player
    a = _find(acts, "cash_rep")
    if a is not None:
        vals = {c: card_rep(state, c) for c in a.choices[0].options}
        return a, {"cards": best_subset(vals, rep_needed(p.rank))}
    leader = _leader(state)
    a = _find(acts, "play_dynamite")
    if a is not None:
        names = [q.name for q in state.players]
        risk, target = max((_at_risk(state, names.index(n)), n) for n in a.choices[0].options)
        if risk >= 4:
            return a, {"target": target}
    for name in ("play_transfer", "play_falsely_accused"):
        a = _find(acts, name)
        if a is not None:
            b = _top_bandit(state, a.choices[0].options, leader)
            if state.cards[b].rep >= 2:
                return a, {"bandit": b}
    a = _find(acts, "play_shackles")
    if a is not None:
        opts = sorted(a.choices[0].options, key=lambda b: -state.cards[b].rep)[:2]
        if sum(state.cards[b].rep for b in opts) >= 4:
            return a, {"bandits": opts}
    a = _find(acts, "buy")
    if a is not None and len(p.hand) < HAND_LIMIT:
        pref = _preference(state)
        store = sorted(a.choices[0].options, key=lambda c: pref.index(state.cards[c].effect))
        pay_opts = a.choices[1].options
        for card in store:
            rewards = {b: state.cards[b].reward for b in pay_opts}
            # pay with the bandits worth least Rep per dollar
            cheap = {b: v for b, v in rewards.items() if state.cards[b].rep <= 2}
            paying = best_subset(cheap, state.cards[card].price)
            if paying:
                return a, {"card": card, "paying": paying}
    return None


def choose(state: ShooterState) -> tuple[Action, dict[str, Any]]:
    """Pick an action and its answers for the player who must act now ("On Your Turn").

    Args:
        state: a game that is not over.

    Returns:
        ``(action, answers)``; run it with ``session.do(action.command, dice=..., **answers)``.

    Raises:
        ValueError: there is nothing to do (the game is over or not started).
    """
    acts = legal_actions(state)
    if not acts:
        raise ValueError("there is nothing to do: the game is over")
    ph = state.phase
    if ph in (Phase.START, Phase.END):
        picked = _phase_plays(state, acts)
        if picked is not None:
            return picked
        last = acts[-1]  # draw / end_turn
        return last, {}
    if ph == Phase.HUNT:
        missing = unmatched(state)
        a = _find(acts, "play_surrounded")
        if a is not None and len(missing) >= 4:
            return a, {}
        if state.dice.free < len(missing):
            for name in ("play_reload", "skull_reroll", "give_up"):
                a = _find(acts, name)
                if a is not None:
                    return a, {}
        a = _find(acts, "roll")
        if a is not None:
            return a, {}
        return acts[0], {}
    if ph == Phase.LAST_CHANCE:
        return acts[0], {}  # skull re-roll
    if ph == Phase.CAPTURED:
        free = DICE_PER_TURN - state.dice.skulls
        at_risk = sum(state.cards[c].rep for c in state.in_play)
        go = free >= 5 or (free >= 4 and at_risk <= 2)
        return _find(acts, "press_on" if go else "stop"), {}  # type: ignore[return-value]
    if ph in (Phase.ESCAPE, Phase.JAIL_BREAK, Phase.DYNAMITE_DEFENSE):
        return acts[0], {}  # the answering card
    if ph == Phase.REWARD:
        a = _find(acts, "take_reward")
        if a is not None and len(a.choices) == 1:
            pref = _preference(state)
            card = min(a.choices[0].options, key=lambda c: pref.index(state.cards[c].effect))
            return a, {"card": card}
        return _find(acts, "decline_reward"), {}  # type: ignore[return-value]
    return acts[0], {}  # roll / contest_roll / draw


def play_game(players: list[str], seed: int, *, max_events: int = MAX_EVENTS) -> Session:
    """Play a whole game headless, every seat a bot, in memory ("On Your Turn").

    Args:
        players: 2-4 names.
        seed: seeds the card draws and dice (the game is reproducible).
        max_events: stop with an error past this many events.

    Returns:
        The finished session (its state has a winner).

    Raises:
        RuntimeError: the game did not end within ``max_events``.
    """
    session = Session.new("shooter", {"players": list(players), "seed": seed})
    while not session.state.over:
        if len(session.events) > max_events:
            raise RuntimeError(f"the game did not end within {max_events} events")
        action, answers = choose(session.state)
        session.do(action.command, dice=session.dice, **answers)
    return session
