"""Red-bannered Heroic Quest cards outside a fight: "If it's red, it means the card is played
during an opponent's turn" (Part II "Heroic Quest Cards", GM's Note). In a fight they are
played at Step 2 (:mod:`.combat`); the cards that need no fight (Pickpocket's steal, Ambush)
may also be played once the opponent's turn has begun.

Decision where the rulebook is silent (also in the help): after the spawn roll and the open
gather, each other hunter holding such a card is asked once (quick to pass), in turn order;
an Ambush spawns an enemy into the active hero's space, engaged at once.
"""

from __future__ import annotations

from typing import Any

from d6tui.engine.errors import EventError
from d6tui.engine.frozen import evolve
from d6tui.engine.game import Move
from d6tui.games.d6_board import effects as fx
from d6tui.games.d6_board.act import handles, move
from d6tui.games.d6_board.state import Board, Prompt

#: The red effects that need no fight.
TURN_EFFECTS = ("steal", "ambush")


def turn_cards(state: Board, seat: int) -> list[str]:
    """The red cards ``seat`` may play on the active hero's turn outside a fight."""
    out = []
    for cid in state.heroes[seat].hand:
        if cid.startswith("Q"):
            card = state.card(cid)
            if card["banner"] == "red" and card["effect"] in TURN_EFFECTS:
                out.append(cid)
    return out


def turn_prompts(state: Board) -> Board:
    """Ask each other hunter holding such a card, in turn order."""
    n = len(state.heroes)
    seats = [(state.current + i) % n for i in range(1, n)]
    return fx.prompt(state, *(Prompt(s, "red_turn") for s in seats if turn_cards(state, s)))


def _answering(state: Board) -> Prompt:
    p = state.prompts[0] if state.prompts else None
    if p is None or p.kind != "red_turn":
        raise EventError("no red card is asked for now")
    return p


@handles("red_played")
def red_played(state: Board, ev: dict, chance: Any) -> Board:
    """Another hunter plays a red card on the active hero's turn: Pickpocket takes gold,
    Ambush brings an enemy into the hero's space."""
    p = _answering(state)
    cid = ev["card"]
    if cid not in turn_cards(state, p.seat):
        raise EventError(f"{cid} cannot be played now")
    card = state.card(cid)
    state = evolve(fx.discard(state, p.seat, cid), prompts=state.prompts[1:])
    v = int(card.get("value", 1))
    if card["effect"] == "steal":
        take = min(v, state.hero.gold)
        state = fx.gain_gold(fx.gain_gold(state, state.current, -take), p.seat, take)
    else:
        state, token = fx.spawn(state, state.hero.space, chance)
        if token and fx.hostile(state, state.current, state.hero.space):
            state = evolve(state, engaged=(*state.engaged, token))
    return evolve(state, note=f"{state.heroes[p.seat].name} played {card['name']}")


@handles("red_passed")
def red_passed(state: Board, ev: dict, chance: Any) -> Board:
    """Another hunter plays nothing on the active hero's turn."""
    p = _answering(state)
    return evolve(state, prompts=state.prompts[1:],
                   note=f"{state.heroes[p.seat].name} passed")


def red_what(card: dict) -> str:
    """What a red (or Alliance) card does, in a few words for its move: ``enemy +1``,
    ``enemy +1 HP``, ``steal 1 gold``, ``an enemy ambushes``."""
    v = int(card.get("value", 1) or 1)
    return {"buff": f"enemy +{v}", "extra_hp": f"enemy +{v} HP", "steal": f"steal {v} gold",
            "ambush": "an enemy ambushes", "aid": f"+{v} to the fight",
            "ward": "no HP lost"}.get(str(card.get("effect", "")), str(card.get("effect", "")))


def red_turn_moves(state: Board, seat: int | None) -> list[Move]:
    """Play a red card on the active hero's turn, or pass."""
    if not state.prompts or state.prompts[0].kind != "red_turn" or seat != state.prompts[0].seat:
        return []
    out = [move("red_played", f"Play {state.card(cid)['name']} ({red_what(state.card(cid))})"
                f" on {state.hero.name}'s turn",
                seat, mid=f"red:{cid}", card=cid, section="Heroic Quest Cards")
           for cid in turn_cards(state, seat)]
    out.append(move("red_passed", "Pass (play nothing)", seat, mid="pass",
                    section="Heroic Quest Cards", key="p"))
    return out
