"""GM events between rounds (rulebook "GM Events", Part V "End of Round").

Player one rolls 1-100 (a D100, or the D10 and percentile D10 read as the rulebook shows:
00 and 0 make 100); the event with that number in the house table is carried out, then the
compass dial moves on to the next round. Events that need more dice (random spaces, stat
checks for every hunter) ask for them in a second step, so table dice work for them too.
"""

from __future__ import annotations

from typing import Any

from d6tui.engine.frozen import evolve
from d6tui.engine.game import DiceRequest, Move, Pips
from d6tui.games.d6_board import effects as fx
from d6tui.games.d6_board import homebrews
from d6tui.games.d6_board.act import faces, handles, move
from d6tui.games.d6_board.hand_room import draw_or_ask
from d6tui.games.d6_board.state import CUBE, Board


def event_for(state: Board, roll: int) -> dict:
    """The GM event entry whose range holds ``roll`` (1-100)."""
    for e in state.content["events"]:
        if int(e["from"]) <= roll <= int(e["to"]):
            return e
    raise KeyError(roll)


def event_by_id(state: Board, eid: str) -> dict:
    """The GM event entry with id ``eid``."""
    return next(e for e in state.content["events"] if e["id"] == eid)


@handles("gm_event_rolled")
def rolled(state: Board, ev: dict, chance: Any) -> Board:
    """The percentile roll picks the event."""
    face = faces(ev, "roll", 100)[0]
    if state.options.get("edition") == "table":
        return evolve(state, gm_event="table", event_roll=face,
                       note=f"GM event {face}: read it from the Player's Manual")
    e = event_for(state, face)
    return evolve(state, gm_event=e["id"], event_roll=face,
                   note=f"GM event {face}: {e['name']}")


def event_dice(state: Board, e: dict) -> tuple[DiceRequest, ...]:
    """The extra dice an event needs."""
    if e["effect"] == "spawn":
        d = int(state.map["die"])
        return (DiceRequest("spaces", int(e["value"]), Pips(d), f"d{d} for each space", 0),)
    if e["effect"] in ("wits_check", "stealth_check"):
        return (DiceRequest("checks", len(state.heroes), Pips(6),
                            "d6 for each hunter, in turn order", 0),)
    return ()


@handles("gm_event_resolved")
def resolved(state: Board, ev: dict, chance: Any) -> Board:
    """The event is carried out; the compass dial moves to the next round."""
    n = len(state.heroes)
    if state.gm_event != "table":
        e = event_by_id(state, state.gm_event)
        eff, v = e["effect"], int(e["value"])
        if eff == "gold_all":
            for s in range(n):
                state = fx.gain_gold(state, s, v)
        elif eff == "heal_all":
            for s in range(n):
                if state.heroes[s].space != "S":
                    state = state.with_hero(s, hp=int(state.rules["hp"]))
        elif eff == "spawn":
            for f in faces(ev, "spaces", int(state.map["die"]), v):
                space = homebrews.quota(state, fx.space_of_roll(state, f))
                state, _ = fx.spawn(state, space, chance)
        elif eff in ("buff_monsters", "hp_monsters"):
            from d6tui.games.d6_board.combat import is_monster
            key = "buffs" if eff == "buff_monsters" else "hp"
            state = evolve(state, enemies=tuple(
                evolve(x, **{key: getattr(x, key) + v}) if is_monster(state, x.token) else x
                for x in state.enemies))
        elif eff in ("advantage_all", "heroic_all"):
            deck = "advantage" if eff == "advantage_all" else "heroic_quest"
            for s in range(n):
                state = draw_or_ask(state, s, deck, chance)
        elif eff in ("wits_check", "stealth_check"):
            stat = "wits" if eff == "wits_check" else "stealth"
            for s, f in enumerate(faces(ev, "checks", 6, n)):
                ok = f < state.heroes[s].stat(stat)
                if eff == "wits_check" and ok:
                    state = fx.gain_gold(state, s, v)
                if eff == "stealth_check" and not ok:
                    state = fx.gain_gold(state, s, -v)
        elif eff == "refresh_bounties":
            discards = dict(state.discards)
            discards["bounty"] = (*discards["bounty"], *state.bounties)
            state = fx.flip_bounty(evolve(state, bounties=(), discards=discards), chance)
        elif eff == "refresh_skills":
            for s in range(n):
                state = state.with_hero(s, used=())
        elif eff == "tax":
            for s in range(n):
                if state.heroes[s].gold >= 6:
                    state = fx.gain_gold(state, s, -v)
        elif eff == "plants_wither":
            for x in list(state.enemies):
                if not x.token.startswith(CUBE) and state.kind(x.token).get("guardian") == "plant":
                    state = fx.to_bag(state, x.token)
        name = e["name"]
    else:
        name = f"event {state.event_roll} from the Player's Manual"
    state = evolve(state, history=(*state.history, (state.round, state.gm_event)),
                    gm_event="", event_roll=0)
    done = sum(1 for r, _ in state.history if r == state.round)
    if done < homebrews.gm_events(state):  # Funeventful: another event this time
        return evolve(state, note=f"{name}: done; GM event {done + 1} comes next")
    state = evolve(state, phase="turn", round=state.round + 1, current=0)
    return evolve(state, note=f"{name}: done; round {state.round} begins")


def event_moves(state: Board, seat: int | None) -> list[Move]:
    """Player one's moves between rounds."""
    if state.phase != "event" or seat != 0 or state.prompts:
        return []
    if not state.gm_event:
        return [move("gm_event_rolled", "Roll the GM event (d100)", 0, mid="gm_event",
                     dice=(DiceRequest("roll", 1, Pips(100), "d100 GM event", 0),),
                     section="GM Events", key="r")]
    if state.gm_event == "table":
        return [move("gm_event_resolved", "The event is carried out: next round", 0,
                     mid="next_round", section="GM Events", key="n")]
    e = event_by_id(state, state.gm_event)
    return [move("gm_event_resolved", f"Carry out {e['name']}: {e['text']}", 0,
                 mid="carry_out", dice=event_dice(state, e), section="GM Events", key="n")]
