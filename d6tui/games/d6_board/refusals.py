"""Why a move is not legal now, in the rule's words with its section (for ``d6tui play`` and
any screen that runs a move by its id).

:func:`why_not` looks at the move id's kind (``move:4``, ``hunt``, ``fight:T03``,
``train:wits``...) and the board, and names the first rule that stands in the way; "" when
it cannot tell (the caller then lists the legal moves only).
"""

from __future__ import annotations

from d6tui.engine.game import Seat
from d6tui.games.d6_board import effects as fx
from d6tui.games.d6_board.state import STATS, STYX, VILLAGE, Board, space_name

ACTIONS = 3


def _whose(state: Board, seat: Seat) -> str:
    from d6tui.games.d6_board.describe import waiting_for
    from d6tui.games.d6_board.moves import seat_to_move

    to_move = seat_to_move(state)
    if state.over:
        return "the season is over (The End of the Game)"
    if seat != to_move and to_move is not None:
        return f"it is not your move: the game waits for {waiting_for(state)} (Taking a Turn)"
    if state.prompts:
        return f"the game waits for {waiting_for(state)} first"
    return ""


def _action(state: Board) -> str:
    """Why no action may be spent now ("Spending Your Actions")."""
    if not state.begun:
        return "begin the turn first: the spawn roll and the open gather (Beginning Your Turn)"
    if state.hero.space == STYX:
        return "a hero in the Styx River waits for the Ferryman (Death and the Styx River)"
    if state.combat is not None or state.engaged:
        return ("an engaged hero fights, chibs out or escapes before any action "
                "(Enemy Engagement)")
    if state.actions >= ACTIONS + state.bonus:
        return "all three actions are spent; rest to end the turn ((R)est)"
    return ""


def why_not(state: Board, seat: Seat, move_id: str) -> str:
    """The rule that forbids ``move_id`` for ``seat`` now, with its section, or ""."""
    if not state.heroes or state.phase in ("setup",):
        return ""
    whose = _whose(state, seat)
    if whose:
        return whose
    if state.phase == "event":
        return "the GM event between rounds comes first (GM Events)"
    if state.phase != "turn":
        from d6tui.games.d6_board.describe import waiting_for

        return f"the season is still being set up: {waiting_for(state)} (Setup)"
    kind, _, rest = move_id.partition(":")
    h = state.hero
    prices = state.rules["prices"]
    if kind in ("move", "ride", "hunt", "gather"):
        why = _action(state)
        if why:
            return why
    if kind == "move":
        if rest not in state.links(h.space):
            arrows = ", ".join(state.links(h.space)) or "none"
            return (f"no arrow leads from {space_name(h.space)} to {space_name(rest)}; "
                    f"the arrows lead to {arrows} (Moving)")
    if kind == "ride":
        mid, _, to = rest.partition(":")
        if h.gold < int(prices["rent_a_horse"]):
            return f"a horse costs {prices['rent_a_horse']} gold (Rent a Horse)"
        if mid not in state.links(h.space) or to not in state.links(mid):
            return "a horse rides two spaces along the arrows (Rent a Horse)"
        if fx.has_cube(state, state.current, mid):
            return f"a Cash Cube in {space_name(mid)} stops the ride: no stealthing past it " \
                   "(Cash Cube)"
    if kind == "hunt" and h.space == VILLAGE:
        return "no enemy comes into the Village, so there is no hunting there (The Village)"
    if kind == "fight":
        if not state.begun:
            return "begin the turn first (Beginning Your Turn)"
        if state.combat is not None:
            return "a fight is already under way (Step 1)"
        if state.locked and rest != state.locked:
            return "the enemy that won the last roll is fought again first (Enemy Engagement)"
        if state.enemy(rest) is None or state.enemy(rest).space != h.space:  # type: ignore
            return "a hero fights only an enemy in their own space (Enemy Engagement)"
        return "a Cash Cube in the space is fought first (Cash Cube)"
    if kind in ("fountain", "train", "refresh"):
        if h.space != VILLAGE:
            return ("the Fountain of You, the Training Camp and skill refreshes are in the "
                    "Village (What You Can Pay to Do in the Village)")
        if not state.begun:
            return "begin the turn first (Beginning Your Turn)"
        price = {"fountain": "fountain", "train": "training_camp", "refresh": "refresh"}[kind]
        if h.gold < int(prices[price]):
            return (f"that costs {prices[price]} gold and {h.name} has {h.gold} "
                    "(What You Can Pay to Do in the Village)")
        if kind == "train" and rest in STATS and h.stat(rest) >= 6:
            return "a stat is at most 6 (Stats)"
        if kind == "refresh" and not h.used:
            return "no skill marker is used (Refresh Skills)"
    if kind == "rest":
        if not state.begun:
            return "begin the turn first (Beginning Your Turn)"
        if state.engaged or state.combat is not None:
            return "an engaged hero cannot rest until free ((R)est; Enemy Engagement)"
    if kind == "buy":
        if h.gold < int(prices["advantage_card"]):
            return (f"an Advantage card costs {prices['advantage_card']} gold "
                    "(Buy Advantage Cards)")
        if fx.held(state, state.current) >= fx.hand_limit(state, state.current):
            return "the hand is at its limit: discard first (Shuffle and Draw)"
    if kind == "skill":
        sk = rest.partition(":")[0]
        if h.space in (VILLAGE, STYX):
            return "no skills in the Village (What You Can't Do in the Village)"
        if sk in state.content["skills"] and fx.free_markers(state, state.current) <= 0:
            return "no unlocked skill marker is free (E. Skills)"
        if h.used.count(sk) and h.stat("skill") < 6:
            return "a skill holds one marker unless the skill stat is 6 (Stacking Skills)"
        if sk in state.content["skills"]:
            from d6tui.games.d6_board.skill_use import useless

            why = useless(state, state.current, sk, rest.partition(":")[2] or None)
            if why:
                return why
    if kind == "chib" and h.chib:
        return "the hero is a chib already; Acupunch turns it back (Chibbing Out)"
    if kind == "chib":
        from d6tui.games.d6_board.tasks import winning

        if winning(state):
            return ("the roll wins the fight: chibbing out is for a hero about to lose "
                    "(Chibbing Out)")
    if kind == "begin" and state.begun:
        return "the turn has begun already (Beginning Your Turn)"
    return ""
