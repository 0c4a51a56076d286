"""The Village (rulebook Part II "The Village"; "Village Signs").

Free on entering (see :func:`.effects.enter`): the backpack's bounties are delivered and
every lost HP comes back. Paid, only in the Village: the Fountain of You (1 gold: roll a D6,
then raise any one stat lower than the roll to it, or none; a roll that no stat is lower
than raises nothing at once, so nothing waits), Training Camp (2 gold: +1 to a
stat below 6), refreshing used skill markers (1 gold each).
"""

from __future__ import annotations

from typing import Any

from d6tui.engine.errors import EventError
from d6tui.engine.frozen import evolve
from d6tui.engine.game import DiceRequest, Move, Pips
from d6tui.games.d6_board import effects as fx
from d6tui.games.d6_board.act import faces, handles, move
from d6tui.games.d6_board.state import STATS, VILLAGE, Board


def _set_stat(state: Board, seat: int, stat: str, value: int) -> Board:
    stats = list(state.heroes[seat].stats)
    stats[STATS.index(stat)] = min(6, max(3, value))
    return state.with_hero(seat, stats=tuple(stats))  # type: ignore[arg-type]


@handles("fountain_rolled")
def fountain_rolled(state: Board, ev: dict, chance: Any) -> Board:
    """One gold into the Fountain of You and a D6 rolled (no stat named first)."""
    if state.hero.space != VILLAGE:
        raise EventError("the Fountain of You is in the Village")
    face = faces(ev, "roll", 6)[0]
    state = fx.gain_gold(state, state.current, -int(state.rules["prices"]["fountain"]))
    if all(v >= face for v in state.hero.stats) and state.revision >= 2:
        return evolve(state, note=f"the Fountain of You showed {face}: no stat is lower, "
                                   "so nothing rose")
    return evolve(state, fountain=face, note=f"the Fountain of You showed {face}")


@handles("fountain_taken")
def fountain_taken(state: Board, ev: dict, chance: Any) -> Board:
    """The Fountain's roll raises one stat lower than it, or nothing happens."""
    face, stat = state.fountain, ev.get("stat", "")
    state = evolve(state, fountain=0)
    if not stat:
        return evolve(state, note="the Fountain did nothing")
    if state.hero.stat(stat) >= face:
        raise EventError("the roll must beat the stat")
    state = fx.trim_markers(_set_stat(state, state.current, stat, face), state.current)
    return evolve(state, note=f"{stat} rose to {face}")


@handles("trained")
def trained(state: Board, ev: dict, chance: Any) -> Board:
    """Training Camp: two gold for +1 to a stat ("The Village")."""
    stat = ev["stat"]
    if state.hero.stat(stat) >= 6 or state.hero.space != VILLAGE:
        raise EventError("Training Camp raises a stat below 6, in the Village")
    state = fx.gain_gold(state, state.current, -int(state.rules["prices"]["training_camp"]))
    state = _set_stat(state, state.current, stat, state.hero.stat(stat) + 1)
    return evolve(state, note=f"trained {stat} to {state.hero.stat(stat)}")


@handles("skills_refreshed")
def refreshed(state: Board, ev: dict, chance: Any) -> Board:
    """One used skill marker back to the unlocked row for one gold ("Refresh Skills")."""
    h = state.hero
    if not h.used:
        raise EventError("no marker is used")
    state = fx.gain_gold(state, state.current, -int(state.rules["prices"]["refresh"]))
    state = state.with_hero(state.current, used=h.used[1:])
    return evolve(state, note=f"refreshed {h.used[0]}")


def village_moves(state: Board, seat: int | None) -> list[Move]:
    """The Village's paid tasks for the active hero standing there."""
    if (seat != state.current or state.phase != "turn" or not state.begun or state.prompts
            or state.hero.space != VILLAGE or state.engaged or state.combat):
        return []
    h = state.hero
    prices = state.rules["prices"]
    names = state.rules["stat_names"]
    if state.fountain:
        out = [move("fountain_taken", f"Fountain: raise {names[s]} {h.stat(s)} to "
                    f"{state.fountain}", seat, mid=f"fountain:{s}", stat=s,
                    section="What You Can Pay to Do in the Village")
               for s in STATS if h.stat(s) < state.fountain]
        out.append(move("fountain_taken", "Fountain: leave the stats as they are", seat,
                        mid="fountain:none", section="What You Can Pay to Do in the Village"))
        return out
    out = []
    if h.gold >= int(prices["fountain"]):
        out.append(move("fountain_rolled", f"Drink from the Fountain of You ({prices['fountain']}"
                        " gold, d6)", seat, mid="fountain",
                        dice=(DiceRequest("roll", 1, Pips(6), "d6 Fountain of You", seat),),
                        section="What You Can Pay to Do in the Village"))
    if h.gold >= int(prices["training_camp"]):
        for s in STATS:
            if h.stat(s) < 6:
                out.append(move("trained", f"Training Camp: {names[s]} {h.stat(s)} to "
                                f"{h.stat(s) + 1} ({prices['training_camp']} gold)", seat,
                                mid=f"train:{s}", stat=s,
                                section="What You Can Pay to Do in the Village"))
    if h.used and h.gold >= int(prices["refresh"]):
        out.append(move("skills_refreshed", f"Refresh a skill marker ({prices['refresh']} gold)",
                        seat, mid="refresh", section="Refresh Skills"))
    return out
