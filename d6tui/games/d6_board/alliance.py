"""Alliance, the 2v2 team mode (rulebook Part III "Alliance").

- Teams sit across: seats 0 and 2 against seats 1 and 3, so the next player (the GM) is
  never a teammate ("Seating Order Matters").
- When a hunter rests after a complete turn (two Heroic Quest cards), the teammate draws two
  Alliance cards; a hunter who may not draw leaves the teammate without any ("The Alliance
  Deck"). All Alliance cards are red-bannered and played out of turn: d6tui asks for them
  at Step 2 of a fight, as it asks for red Heroic Quest cards. Cards that hurt go on a
  fight of the other team; cards that help go on a teammate's fight (house cards in
  ``d6tui/content/d6_board_alliance.toml``).
- Teammates in the same space may give Advantage cards and gold to each other.
- A Cash Cube never attacks its owner's team (see :func:`.effects.hostile`).
- Whether teammates see each other's cards is agreed at the start (option ``team_cards``),
  and :func:`.view.view` holds to it.

Decisions where the rulebook is silent: the team with the most glory together wins (then
gold, then stats, summed); a gift is given by the hunter whose turn it is (a teammate's
gift waits for their own turn); a gift of gold is one coin at a time, within the 10-coin
cap.
"""

from __future__ import annotations

from typing import Any

from d6tui.engine.errors import EventError
from d6tui.engine.frozen import evolve
from d6tui.engine.game import Choice, Move
from d6tui.games.d6_board import effects as fx
from d6tui.games.d6_board.act import handles, move
from d6tui.games.d6_board.content import MONSTER_CLASSES
from d6tui.games.d6_board.state import CUBE, STYX, Board, alliance, same_team

#: What the Alliance cards that help do, and those that hurt.
HELP_EFFECTS = ("aid", "ward")
HURT_EFFECTS = ("buff", "extra_hp", "steal", "ambush")


def teammate(state: Board, seat: int) -> int:
    """The seat across the table."""
    return (seat + 2) % len(state.heroes)


def playable(state: Board, seat: int, token: str) -> list[str]:
    """The Alliance cards ``seat`` may play on the active hunter's fight with ``token``:
    helping cards on a teammate's fight, hurting cards on an opponent's (buffs and HP only
    on monsters)."""
    if not alliance(state) or seat == state.current:
        return []
    friend = same_team(state, seat, state.current)
    monster = not token.startswith(CUBE) and bool(token) and \
        state.kind(token)["class"] in MONSTER_CLASSES
    out = []
    for cid in state.heroes[seat].hand:
        if not cid.startswith("L"):
            continue
        eff = state.card(cid)["effect"]
        if friend and eff in HELP_EFFECTS:
            out.append(cid)
        elif not friend and eff in HURT_EFFECTS and (
                monster or eff not in ("buff", "extra_hp")):
            out.append(cid)
    return out


def rest_draw(state: Board, seat: int, complete: bool, chance: Any) -> Board:
    """The teammate's two Alliance cards when ``seat`` rests after a complete turn
    ("The Alliance Deck": the same eligibility as the Heroic Quest cards)."""
    if not alliance(state) or not complete:
        return state
    mate = teammate(state, seat)
    for _ in range(int(state.rules["rest_heroic_quest"])):
        state = fx.draw_card(state, mate, "alliance", chance)
    return state


@handles("gift_given")
def gift_given(state: Board, ev: dict, chance: Any) -> Board:
    """A gift to the teammate in the same space: one gold coin or an Advantage card, by
    either teammate during either's turn (``by``, the giver's seat; older saves: the hunter
    whose turn it is) ("The Alliance Deck")."""
    seat = int(ev.get("by", state.current))
    if seat not in (state.current, teammate(state, state.current)):
        raise EventError("only the hunter whose turn it is or their teammate gives a gift")
    mate = teammate(state, seat)
    h, m = state.heroes[seat], state.heroes[mate]
    if not alliance(state) or h.space != m.space or h.space == STYX:
        raise EventError("a gift goes to a teammate in the same space")
    what = str(ev["what"])
    if what == "gold":
        if h.gold < 1 or m.gold >= int(state.rules["gold_cap"]):
            raise EventError("no coin to give, or the teammate holds 10")
        state = fx.gain_gold(fx.gain_gold(state, seat, -1), mate, 1)
        return evolve(state, note=f"{h.name} gave {m.name} a gold coin")
    if what not in h.hand or not what.startswith("A"):
        raise EventError(f"{what} is not an Advantage card in the hand")
    if fx.held(state, mate) >= fx.hand_limit(state, mate):
        raise EventError(f"{m.name}'s hand is full")
    hand = list(h.hand)
    hand.remove(what)
    state = state.with_hero(seat, hand=tuple(hand))
    state = state.with_hero(mate, hand=(*m.hand, what))
    return evolve(state, note=f"{h.name} gave {m.name} an Advantage card")


def alliance_moves(state: Board, seat: int | None) -> list[Move]:
    """Gifts to a teammate in the same space, by the hunter whose turn it is or by their
    teammate: "either may give ... during either of their turns" ("The Alliance Deck")."""
    if (not alliance(state) or seat is None or state.phase != "turn"
            or seat not in (state.current, teammate(state, state.current))
            or not state.begun or state.prompts or state.combat is not None):
        return []
    mate = teammate(state, seat)
    h, m = state.heroes[seat], state.heroes[mate]
    if h.space != m.space or h.space == STYX:
        return []
    out = []
    if h.gold >= 1 and m.gold < int(state.rules["gold_cap"]):
        out.append(move("gift_given", f"Give {m.name} a gold coin", seat, mid="gift:gold",
                        what="gold", by=seat, section="The Alliance Deck"))
    cards = tuple((c, state.card(c)["name"]) for c in h.hand if c.startswith("A"))
    if cards and fx.held(state, mate) < fx.hand_limit(state, mate):
        out.append(move("gift_given", f"Give {m.name} an Advantage card", seat,
                        mid="gift:card", section="The Alliance Deck", by=seat,
                        choices=(Choice("what", "Card to give", cards),)))
    return out
