"""The Hide Collection modes' kills, hides and companion (rulebook Part III "Solo & Co-op":
"Hide Collection", "Special Enemies", "Specialty Hides", "Companions").

- A monster slain counts for one thing only, chosen by the hunter: a bounty (its class in
  the bounty's space, a pack of three at most), its slot on the Hide Collection board, a
  specialty hide slot of the gather board, or a wild hide ("Hide Collection"). What is not
  taken goes back to the bag.
- A Dragon or the Kraken is worth any one hide: it is placed on a free slot at once
  ("Special Enemies"). Plants of Eden pay their two coins and go back to the bag.
- The last of the 15 hides placed wins the game for every hunter ("Winning and Losing").
- The solo companion may move one space for each action spent, is called over on a
  gather's companion reward, and may be Hero Swapped with ("Companions").

Decisions where the rulebook is silent: a companion may stand in the Village (it helps
only where there are fights) but never goes to the Styx River; the companion reward of a
hero in the Styx does nothing.
"""

from __future__ import annotations

from typing import Any

from d6tui.engine.errors import EventError
from d6tui.engine.frozen import evolve
from d6tui.engine.game import Choice, Move
from d6tui.games.d6_board import effects as fx
from d6tui.games.d6_board import hides
from d6tui.games.d6_board.act import handles, move
from d6tui.games.d6_board.hide_state import CARRIER
from d6tui.games.d6_board.state import STYX, Board, Prompt


def claim(state: Board, token: str, kind: str) -> Board:
    """A slain monster (or Dragon, or Kraken) leaves the map and waits for the hunter to
    say what it counts for."""
    seat = state.current
    forms = {k: v for k, v in state.hc.forms.items() if k != token} if state.hc else {}
    state = hides.with_hc(evolve(state, enemies=tuple(
        x for x in state.enemies if x.token != token)), forms=forms)
    name = state.content["enemies"][kind]["name"]
    if state.content["enemies"][kind]["class"] == "guardian":
        state = fx.prompt(state, Prompt(seat, "place", f"{token}:{kind}"))
        return evolve(state, note=f"slew the {name}: worth any one hide")
    state = fx.prompt(state, Prompt(seat, "claim", f"{token}:{kind}"))
    return evolve(state, note=f"slew the {name}: a bounty, a hide or a wild hide?")


def _split(p: Prompt) -> tuple[str, str]:
    token, kind = p.reward.split(":", 1)
    return token, kind


def claim_options(state: Board, seat: int, kind: str) -> list[tuple[str, str]]:
    """What a slain ``kind`` may count for now: ``bounty:B07``, ``board``,
    ``specialty:N``, ``wild``, or ``none`` (back to the bag)."""
    h = state.heroes[seat]
    en = state.content["enemies"]
    cls = en[kind]["class"]
    out = []
    if len(h.backpack) < 3:
        for b in state.bounties:
            card = state.card(b)
            if card["class"] == cls and str(card["space"]) == h.space:
                out.append((f"bounty:{b}", f"Bounty {b}: {cls} in space {card['space']}"))
    assert state.hc is not None
    if kind not in state.hc.slots:
        out.append(("board", f"The {en[kind]['name']} slot of the Hide Collection board"))
    spec = state.content["gather_boards"][h.board]["specialty"]
    for i, want in enumerate(spec):
        if want == cls and not h.specialty[i]:
            out.append((f"specialty:{i}", f"Specialty hide slot {i + 1} ({want})"))
            break
    if len(h.wild) < 2:
        out.append(("wild", "A wild hide"))
    out.append(("none", "Nothing: back to the bag"))
    return out


def won(state: Board) -> Board:
    """Every one of the 15 slots filled: the hunters win ("Winning and Losing")."""
    assert state.hc is not None
    if len(state.hc.slots) < len(hides.monsters(state)):
        return state
    state = hides.with_hc(state, result="won")
    return evolve(state, phase="over", winners=tuple(range(len(state.heroes))), prompts=(),
                   combat=None, engaged=())


@handles("hide_claimed")
def hide_claimed(state: Board, ev: dict, chance: Any) -> Board:
    """The slain monster counts for the one thing picked ("Hide Collection")."""
    p = state.prompts[0] if state.prompts else None
    if p is None or p.kind != "claim":
        raise EventError("no slain monster is waiting")
    token, kind = _split(p)
    pick = str(ev["pick"])
    if pick not in dict(claim_options(state, p.seat, kind)):
        raise EventError(f"the {kind} cannot count for {pick!r} now")
    state = evolve(state, prompts=state.prompts[1:])
    h = state.heroes[p.seat]
    name = state.content["enemies"][kind]["name"]
    assert state.hc is not None
    if pick.startswith("bounty:"):
        b = pick.split(":", 1)[1]
        state = evolve(state, bag=state.bag | {token},
                        bounties=tuple(x for x in state.bounties if x != b))
        state = state.with_hero(p.seat, backpack=(*h.backpack, b))
        state = fx.prompt(state, Prompt(state.gm, "spawn"))
        return evolve(state, note=f"the {name} fills bounty {b} (take it to the Village)")
    if pick == "board":
        state = hides.with_hc(state, slots={**state.hc.slots, kind: token})
        return evolve(won(state), note=f"the {name} hide is on the Hide Collection board")
    if pick.startswith("specialty:"):
        spec = list(h.specialty)
        spec[int(pick.split(":")[1])] = token
        state = state.with_hero(p.seat, specialty=tuple(spec))  # type: ignore[arg-type]
        return evolve(state, note=f"the {name} is a specialty hide")
    if pick == "wild":
        state = state.with_hero(p.seat, wild=(*h.wild, token))
        if len(h.wild) == 1 and "" in h.specialty:
            state = fx.prompt(state, Prompt(p.seat, "convert"))
        return evolve(state, note=f"the {name} is a wild hide")
    return evolve(state, bag=state.bag | {token}, note=f"the {name} went back to the bag")


@handles("guardian_placed")
def guardian_placed(state: Board, ev: dict, chance: Any) -> Board:
    """A Dragon or the Kraken goes at once on a free slot of the hunter's choosing
    ("Special Enemies")."""
    p = state.prompts[0] if state.prompts else None
    if p is None or p.kind != "place" or state.hc is None:
        raise EventError("no Guardian is waiting for a slot")
    token, kind = _split(p)
    slot = str(ev["slot"])
    if slot in state.hc.slots or slot not in hides.monsters(state):
        raise EventError(f"the {slot} slot is not free")
    state = evolve(state, prompts=state.prompts[1:])
    state = hides.with_hc(state, slots={**state.hc.slots, slot: token})
    name = state.content["enemies"][kind]["name"]
    return evolve(won(state), note=f"the {name} fills the "
                   f"{state.content['enemies'][slot]['name']} slot")


@handles("companion_fetched")
def companion_fetched(state: Board, ev: dict, chance: Any) -> Board:
    """A gather's companion reward with the companion elsewhere: call it over, or not."""
    p = state.prompts[0] if state.prompts else None
    if p is None or p.kind != "fetch":
        raise EventError("no companion reward is waiting")
    state = evolve(state, prompts=state.prompts[1:])
    if not ev.get("fetch"):
        return evolve(state, note="the companion stayed where it was")
    here = state.heroes[p.seat].space
    return evolve(hides.with_hc(state, companion_at=here),
                   note=f"the companion came to space {here}")


@handles("companion_moved")
def companion_moved(state: Board, ev: dict, chance: Any) -> Board:
    """The companion moves one space along an arrow, once for each action spent."""
    hc = state.hc
    if hc is None or hc.companion_moves <= 0 or hc.companion_at == CARRIER:
        raise EventError("the companion may not move now")
    to = str(ev["to"])
    if to not in state.links(hc.companion_at) or to == STYX:
        raise EventError(f"no arrow leads the companion to {to}")
    state = hides.with_hc(state, companion_at=to, companion_moves=hc.companion_moves - 1)
    return evolve(state, note=f"the companion moved to space {to}")


def swap_with_companion(state: Board) -> Board:
    """Hero Swap with the companion: they change places; the hero is no longer engaged
    ("Companions": "You may Hero Swap with your companion")."""
    assert state.hc is not None
    mine, theirs = state.hero.space, state.hc.companion_at
    state = hides.with_hc(evolve(state, engaged=(), locked="", combat=None),
                          companion_at=mine)
    return fx.enter(state, state.current, theirs)


# -- moves ---------------------------------------------------------------------------------


def hide_moves(state: Board, seat: int | None) -> list[Move]:
    """The mode's own moves for ``seat``: answer a claim, a Guardian slot or a companion
    reward; move the companion."""
    hc = state.hc
    if hc is None or seat is None:
        return []
    en = state.content["enemies"]
    if state.prompts:
        p = state.prompts[0]
        if p.seat != seat:
            return []
        if p.kind == "claim":
            _, kind = _split(p)
            return [move("hide_claimed", f"The {en[kind]['name']} counts for: {label}", seat,
                         mid=f"claim:{v}", pick=v, section="Hide Collection")
                    for v, label in claim_options(state, seat, kind)]
        if p.kind == "place":
            _, kind = _split(p)
            return [move("guardian_placed", f"Put the {en[kind]['name']} on the "
                         f"{en[k]['name']} slot", seat, mid=f"slot:{k}", slot=k,
                         section="Special Enemies")
                    for k in hides.monsters(state) if k not in hc.slots]
        if p.kind == "fetch":
            return [move("companion_fetched", "Call the companion to your space", seat,
                         mid="fetch:yes", fetch=True, section="Companions"),
                    move("companion_fetched", "Leave the companion where it is", seat,
                         mid="fetch:no", fetch=False, section="Companions")]
        return []
    if seat != state.current or state.phase != "turn" or not state.begun:
        return []
    out: list[Move] = []
    if hc.companion and hc.companion_at != CARRIER and hc.companion_moves > 0 \
            and state.combat is None:
        opts = tuple((s, f"space {s}") for s in state.links(hc.companion_at)
                     if s != STYX)
        if opts:
            out.append(move("companion_moved", f"Move the companion from space "
                            f"{hc.companion_at} ({hc.companion_moves} left)", seat,
                            mid="companion", section="Companions",
                            choices=(Choice("to", "Move it to", opts),)))
    return out
