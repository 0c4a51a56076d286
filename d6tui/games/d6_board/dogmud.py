"""Dogmud outside a fight: "You can reroll any one of YOUR DICE during your turn" (Village
Signs, "DOGMUD"; two gold a reroll, as often as funds permit). In a fight it rerolls a hero
die (:mod:`.combat`, Step 6); here it rerolls a failed stealth check and a Fountain of You
roll.

Decisions where the rulebook is silent (also in the help): a failed stealth check may be
rerolled until anything else is done (a fight declared, an escape...); when the reroll passes
the engagement it caused is lifted and the action goes ahead as if the check had passed (its
own dice as first rolled). The check before a ride's second space is not rerolled (the ride
is lost at once). The other rolls of a turn (the spawn, the gathers) are not the hero's to
reroll: the spawn roll is the GM's, and a gather's reward is taken at once.
"""

from __future__ import annotations

from typing import Any

from d6tui.engine.errors import EventError
from d6tui.engine.frozen import evolve
from d6tui.engine.game import DiceRequest, Move, Pips
from d6tui.games.d6_board import effects as fx
from d6tui.games.d6_board.act import HANDLERS, faces, handles, move
from d6tui.games.d6_board.state import STATS, Board

#: Event keys that are not part of an action's own payload.
_NOT_PAYLOAD = frozenset({"draws", "note", "seq", "at", "v"})


def failed_check(state: Board, ev: dict, face: int, sides: int) -> Board:
    """Remember a failed stealth check so that Dogmud may reroll it."""
    payload = {k: v for k, v in ev.items() if k not in _NOT_PAYLOAD}
    return evolve(state, retry={"event": payload, "face": face, "sides": sides})


def _price(state: Board) -> int:
    return int(state.rules["prices"]["dogmud"])


@handles("check_rerolled")
def check_rerolled(state: Board, ev: dict, chance: Any) -> Board:
    """Dogmud on a failed stealth check: two gold and the check rolled again; a pass lifts
    the engagement and the action goes ahead."""
    r = state.retry
    if r is None or state.combat is not None:
        raise EventError("no failed stealth check waits for a reroll")
    seat = state.current
    state = fx.gain_gold(state, seat, -_price(state))
    face = faces(ev, "roll", int(r["sides"]))[0]
    if face >= state.hero.stat("stealth"):
        return evolve(state, retry=dict(r, face=face),
                       note=f"Dogmud: the stealth check showed {face}, failed again")
    state = evolve(state, retry=None, engaged=(), locked="", sneak=True)
    action = dict(r["event"])
    state = HANDLERS[action["type"]](state, action, chance)
    return evolve(state, note=f"Dogmud: the stealth check showed {face} and passed; "
                               + state.note)


@handles("fountain_rerolled")
def fountain_rerolled(state: Board, ev: dict, chance: Any) -> Board:
    """Dogmud on the Fountain of You's roll: two gold and the D6 rolled again."""
    if not state.fountain:
        raise EventError("no Fountain of You roll waits")
    state = fx.gain_gold(state, state.current, -_price(state))
    face = faces(ev, "roll", 6)[0]
    if all(v >= face for v in state.hero.stats):
        return evolve(state, fountain=0, note=f"Dogmud: the Fountain showed {face}: no stat "
                                               "is lower, so nothing rose")
    return evolve(state, fountain=face, note=f"Dogmud: the Fountain showed {face}")


def dogmud_moves(state: Board, seat: int | None) -> list[Move]:
    """The Dogmud rerolls the active hero may buy now (outside a fight)."""
    if (seat != state.current or state.phase != "turn" or state.prompts
            or state.combat is not None or state.hero.gold < _price(state)):
        return []
    price = _price(state)
    out = []
    r = state.retry
    if r is not None and state.engaged:
        d = int(r["sides"])
        out.append(move("check_rerolled", f"Dogmud: reroll the stealth check (d{d}, showed "
                        f"{r['face']}) for {price} gold", seat, mid="dogmud:check",
                        dice=(DiceRequest("roll", 1, Pips(d), f"d{d} stealth check again",
                                          seat),), section="DOGMUD"))
    if state.fountain and any(state.hero.stat(s) < 6 for s in STATS):
        out.append(move("fountain_rerolled", f"Dogmud: reroll the Fountain of You (showed "
                        f"{state.fountain}) for {price} gold", seat, mid="dogmud:fountain",
                        dice=(DiceRequest("roll", 1, Pips(6), "d6 Fountain of You again",
                                          seat),), section="DOGMUD"))
    return out
