"""The Heroic Benefits of the Hide Collection board (rulebook Part III "Heroic Quest Deck
Replacement"): no Heroic Quest deck; at the end of a turn a die (D8 solo, D10 co-op) picks
one of the items 1-8 (solo) or 1-10 (co-op), and a skill marker is put on it.

Three markers (Part III "Setup"). With a free marker the item is taken; with none the hunter
either gains nothing or moves a marker from a held item to the new one, losing the old.

Decisions where the rulebook is silent (the items are house data in
``d6tui/content/d6_board_hides.toml``): the roll comes with a complete turn only, as the
Heroic Quest cards it replaces; an item already marked gives nothing more; an item is held
until used once, which frees its marker; in co-op the board and its items are shared, and
any hunter may use one in their own turn.
"""

from __future__ import annotations

from typing import Any

from d6tui.engine.errors import EventError
from d6tui.engine.frozen import evolve
from d6tui.engine.game import Choice, DiceRequest, Move, Pips
from d6tui.games.d6_board import effects as fx
from d6tui.games.d6_board import hides
from d6tui.games.d6_board.act import faces, handles, move
from d6tui.games.d6_board.state import STYX, VILLAGE, Board, Prompt


def benefit_rolled(state: Board, ev: dict, complete: bool) -> Board:
    """(R)est in a Hide Collection game: the Heroic Benefits roll after a complete turn,
    then the compass dial moves on (see :func:`.effects.hides_next_turn`). An extra-turn
    item (Long Hunt) rolled on the last turn moves the max turn counter at once, before the
    dial's end check, instead of being held and lost with the game."""
    assert state.hc is not None
    seat = state.current
    name = state.hero.name
    note = f"{name} rested early (no Heroic Benefits roll)"
    if complete:
        face = faces(ev, "benefit", hides.benefit_die(state))[0]
        item = str(face)
        label = state.content["benefits"][item]["name"]
        held = state.hc.benefits
        b = state.content["benefits"][item]
        if b["effect"] == "turn" and state.hc.turn >= state.hc.max_turns:
            # The dial moving past the max turn counter ends the game ("Winning and
            # Losing"); the counter moved first, the turn it gives is not lost.
            v = int(b.get("value", 0))
            state = hides.with_hc(state, max_turns=state.hc.max_turns + v)
            note = (f"{name} rolled {face}: {label}, used at once on the last turn "
                    f"(the max turn counter to {state.hc.max_turns})")
        elif item in held:
            note = f"{name} rolled {face}: {label}, held already"
        elif len(held) < state.hc.markers:
            state = hides.with_hc(state, benefits=(*held, item))
            note = f"{name} rolled {face}: {label} (a skill marker on it)"
        else:
            state = fx.prompt(state, Prompt(seat, "benefit", item, face))
            note = f"{name} rolled {face}: {label}; no marker is free"
    state = fx.next_turn(state)
    return evolve(state, note=note)


@handles("benefit_swapped")
def benefit_swapped(state: Board, ev: dict, chance: Any) -> Board:
    """No marker free: move one from a held item to the one rolled, or gain nothing."""
    p = state.prompts[0] if state.prompts else None
    if p is None or p.kind != "benefit" or state.hc is None:
        raise EventError("no Heroic Benefits roll is waiting")
    state = evolve(state, prompts=state.prompts[1:])
    old = str(ev.get("drop", ""))
    if not old:
        return evolve(state, note="the roll gave nothing")
    held = list(state.hc.benefits)
    if old not in held:
        raise EventError(f"no marker is on item {old}")
    held[held.index(old)] = p.reward
    state = hides.with_hc(state, benefits=tuple(held))
    names = state.content["benefits"]
    return evolve(state, note=f"the marker moved from {names[old]['name']} to "
                   f"{names[p.reward]['name']}")


@handles("benefit_used")
def benefit_used(state: Board, ev: dict, chance: Any) -> Board:
    """A held item is used; its marker is free again."""
    hc = state.hc
    item = str(ev["item"])
    if hc is None or item not in hc.benefits:
        raise EventError(f"item {item} is not held")
    b = state.content["benefits"][item]
    state = hides.with_hc(state, benefits=tuple(x for x in hc.benefits if x != item))
    seat = state.current
    eff, v = b["effect"], int(b.get("value", 0))
    hp = int(state.rules["hp"])
    if eff == "action":
        state = evolve(state, bonus=state.bonus + v)
    elif eff == "plus":
        assert state.combat is not None
        state = evolve(state, combat=evolve(state.combat, plus=state.combat.plus + v))
    elif eff == "heal":
        state = state.with_hero(seat, hp=min(hp, state.hero.hp + v))
    elif eff == "sneak":
        state = evolve(state, sneak=True)
    elif eff == "gold":
        state = fx.gain_gold(state, seat, v)
    elif eff == "reroll":
        c = state.combat
        assert c is not None
        i = int(ev["die"])
        f = list(c.faces)
        f[i] = faces(ev, "roll", c.dice[i])[0]
        state = evolve(state, combat=evolve(c, faces=tuple(f)))
    elif eff == "village":
        state = fx.enter(evolve(state, engaged=(), locked="", combat=None), seat, VILLAGE)
    elif eff == "advantage":
        state = fx.draw_card(state, seat, "advantage", chance)
    elif eff == "turn":
        state = hides.with_hc(state, max_turns=state.hc.max_turns + v)  # type: ignore[union-attr]
    elif eff == "mend":
        other = int(ev["target"])
        state = state.with_hero(other, hp=min(hp, state.heroes[other].hp + v))
    return evolve(state, note=f"used {b['name']}")


def benefit_moves(state: Board, seat: int | None) -> list[Move]:
    """Answer a Heroic Benefits roll with no marker free, or use a held item."""
    hc = state.hc
    if hc is None or seat is None:
        return []
    names = state.content["benefits"]
    if state.prompts:
        p = state.prompts[0]
        if p.seat != seat or p.kind != "benefit":
            return []
        out = [move("benefit_swapped", f"Move the marker from {names[b]['name']} to "
                    f"{names[p.reward]['name']}", seat, mid=f"benefit:{b}", drop=b,
                    section="Heroic Quest Deck Replacement") for b in hc.benefits]
        out.append(move("benefit_swapped", "Gain nothing from this roll", seat,
                        mid="benefit:none", section="Heroic Quest Deck Replacement"))
        return out
    if seat != state.current or state.phase != "turn" or not state.begun:
        return []
    h = state.hero
    if h.space == STYX:
        return []
    engaged = bool(state.engaged) or state.combat is not None
    rolled = state.combat is not None and state.combat.step == "rolled"
    out = []
    for item in hc.benefits:
        b = names[item]
        eff = b["effect"]
        label = f"Heroic Benefit: {b['name']}"
        kw: dict[str, Any] = {}
        if eff == "reroll" and rolled:
            c = state.combat
            assert c is not None
            for i, s in enumerate(c.dice):
                out.append(move("benefit_used", f"{label} (reroll die {i + 1}, d{s})", seat,
                                mid=f"use:{item}:{i}", item=item, die=i, dice=(DiceRequest(
                                    "roll", 1, Pips(s), f"d{s} reroll", seat),),
                                section="Heroic Quest Deck Replacement"))
            continue
        ok = {"action": not engaged, "plus": rolled, "heal": h.hp < int(state.rules["hp"]),
              "sneak": not engaged and not state.sneak, "gold": not rolled,
              "village": h.space != VILLAGE,
              "advantage": not rolled and len(h.hand) < fx.hand_limit(state, seat),
              "turn": True}.get(eff, False)
        if eff == "mend":
            opts = tuple((str(i), o.name) for i, o in enumerate(state.heroes)
                         if i != seat and o.space != STYX and o.hp < int(state.rules["hp"]))
            if opts:
                kw["choices"] = (Choice("target", "Who regains an HP", opts),)
                ok = True
        if ok:
            out.append(move("benefit_used", f"{label} ({eff})", seat, mid=f"use:{item}",
                            item=item, section="Heroic Quest Deck Replacement", **kw))
    return out
