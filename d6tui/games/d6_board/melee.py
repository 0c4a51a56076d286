"""Melee Mode, a suggested homebrew (rulebook Part IV "Suggestions": heroes may fight one
another in the same space, besides their fights with enemies; the loser of a round is
carried to a random space).

Decisions where the rulebook is silent (house): the hunter whose turn it is starts the
melee, once a turn, not in the Village or the Styx, never against a teammate (Alliance);
each rolls their own die (the D6, a chib's D4 or a Werewolf chib's D8) with no cards; the
higher roll wins, a tie is nobody's; no HP is lost; the loser goes to the space of a map die
roll (the Village is never rolled); starting a melee is no action.
"""

from __future__ import annotations

from typing import Any

from d6tui.engine.errors import EventError
from d6tui.engine.frozen import evolve
from d6tui.engine.game import DiceRequest, Move, Pips
from d6tui.games.d6_board import effects as fx
from d6tui.games.d6_board import homebrews
from d6tui.games.d6_board.act import faces, handles, move
from d6tui.games.d6_board.state import STYX, VILLAGE, Board, same_team


def rivals(state: Board, seat: int) -> list[int]:
    """The hunters ``seat`` may start a melee with now."""
    h = state.heroes[seat]
    if not homebrews.on(state, "melee") or state.melee or h.space in (VILLAGE, STYX):
        return []
    return [i for i, o in enumerate(state.heroes)
            if o.space == h.space and not same_team(state, seat, i)]


@handles("melee_fought")
def melee_fought(state: Board, ev: dict, chance: Any) -> Board:
    """One round of hero against hero; the loser goes to a random space."""
    seat, other = state.current, int(ev["rival"])
    if other not in rivals(state, seat):
        raise EventError("no melee can be fought with that hunter now")
    mine = faces(ev, "hero", fx.natural_die(state, seat))[0]
    theirs = faces(ev, "rival_die", fx.natural_die(state, other))[0]
    space = fx.space_of_roll(state, faces(ev, "space", int(state.map["die"]))[0])
    state = evolve(state, melee=True)
    me, them = state.heroes[seat].name, state.heroes[other].name
    if mine == theirs:
        return evolve(state, note=f"melee: {mine} to {theirs}, nobody loses")
    loser = other if mine > theirs else seat
    if loser == seat:
        state = evolve(state, engaged=(), locked="", combat=None)
    state = state.with_hero(loser, space=space)
    if loser == seat:
        state = fx.enter(state, seat, space)
    who = them if loser == other else me
    return evolve(state, note=f"melee: {mine} to {theirs}; {who} was carried to space "
                   f"{space}")


def melee_moves(state: Board, seat: int | None) -> list[Move]:
    """The Melee Mode move of the hunter whose turn it is."""
    if (seat != state.current or state.phase != "turn" or not state.begun or state.prompts
            or state.combat is not None or state.engaged):
        return []
    d = int(state.map["die"])
    mine = fx.natural_die(state, seat)
    out = []
    for i in rivals(state, seat):
        theirs = fx.natural_die(state, i)
        name = state.heroes[i].name
        out.append(move("melee_fought", f"Melee: fight {name} (the loser goes to a random "
                        "space)", seat, mid=f"melee:{i}", rival=i, section="Melee Mode",
                        dice=(DiceRequest("hero", 1, Pips(mine), f"d{mine} for you", seat),
                              DiceRequest("rival_die", 1, Pips(theirs), f"d{theirs} for "
                                          f"{name}", i),
                              DiceRequest("space", 1, Pips(d), f"d{d}: where the loser "
                                          "goes", seat))))
    return out
