"""D6 Dungeon events in words, for the log view and the export.

While the game is on, a line never names a face that is hidden from one of the players: a
placement says which die went into which hole, not which side faces whom, and Turn and Pivot
say which die, not what anyone now sees (DESIGN "view": the log must not leak a side).
Rolled faces are seen by both players, so they are named. The line that ends the game
names both totals and the holes of each route: by then both sides are shown.
"""

from __future__ import annotations

from d6tui.engine.errors import EventError, RuleError
from d6tui.games.dungeon.crossing import route_words
from d6tui.games.dungeon.faces import face_name
from d6tui.games.dungeon.fold import fold
from d6tui.games.dungeon.state import DungeonState

_TURNS = {1: "a quarter turn clockwise", 2: "a half turn", 3: "a quarter turn anticlockwise"}


def _colour(state: DungeonState, die: str | None) -> str:
    if not die or die not in state.dice:
        return "a"
    return f"the {state.design_of(die).name.lower()}"


def describe(event: dict, state: DungeonState) -> str:
    """One event in words (``state`` is the state before it)."""
    t = event["type"]
    by = event.get("by", "")
    if t == "dungeon_started":
        who = " and ".join(event["players"])
        vs = " (the computer plays " + event["players"][event["computer"]] + ")" \
            if isinstance(event.get("computer"), int) else ""
        return f"{who} sat down at the Dungeon Waffle{vs}; 36 dice went into the bag"
    if t == "die_drawn":
        die = event["draw"]["faces"][0]
        return f"{by} drew {_colour(state, die)} die"
    if t == "die_rolled":
        return f"{by} rolled {face_name(event['roll']['faces'][0])}"
    if t == "die_placed":
        return f"{by} placed the die in {event['hole']}"
    if t == "die_left_out":
        return f"{by} found no empty hole; the die is out of the game"
    if t == "die_collected":
        return f"{by} set {face_name(event['face'])} aside"
    if t == "special_item_traded":
        other = 1 - state.turn
        face = dict(state.collections[other]).get(event["took"], "?")
        return (f"{by} traded the Special Item for {state.players[other]}'s "
                f"{face_name(face)}")
    if t == "wish_made":
        return f"{by} used the Wishing Ring: the die shows {face_name(event['face'])}"
    if t == "wish_caught":
        return f"{by} caught the Wishing Ring with a Dreamcatcher"
    if t == "dreamcatcher_used":
        pair = "a Dreamcatcher and its wish" if event["pair"] == "ring" else "two Dreamcatchers"
        return f"{by} used {pair}: the die shows {face_name(event['face'])}"
    if t == "spell_cast":
        spell = event["spell"]
        if spell == "decay":
            return f"{by} cast Decay: the die in {event['hole']} goes back into the bag"
        if spell == "turn":
            return f"{by} cast Turn on {event['hole']} ({_TURNS.get(event['turns'], '')} " \
                f"as {by} sees it)"
        if spell == "pivot":
            return f"{by} cast Pivot on {event['hole']}"
        chosen = event.get("chosen")
        target = "into the bag" if event.get("target") == "bag" else \
            f"at {state.players[1 - state.turn]}'s side of the waffle"
        if chosen is not None:
            target += f" and chose the {state.dice.get(chosen, '?')} die as the draw"
        return f"{by} cast Look {target}"
    if t == "extra_turn_taken":
        paid = dict(state.collections[state.turn]).get(event["paid"], "?")
        again = dict(state.collections[state.turn]).get(event["reroll"], "?")
        return (f"{by} paid {face_name(paid)} into the bag for an extra turn and rolls "
                f"{_colour(state, event['reroll'])} die ({face_name(again)}) again")
    if t == "route_claimed":
        if event.get("stood"):
            return (f"{by} claimed a complete route, and it stands: "
                    f"{state.players[1 - state.turn]} has one last turn")
        # only in saves from before claims were checked as they are made (commands.claim)
        return (f"{by} claimed a complete route, but the claim does not stand: no route "
                f"across {by}'s side from edge to edge gets through with what {by} holds; "
                f"the claim ended the turn and changed nothing else (End of the Game)")
    if t == "turn_ended":
        if state.last_turn:
            return f"{by} ended the last turn: the game is over{_results(event, state)}"
        return f"{by} ended the turn"
    if t == "bag_found_empty":
        return f"{by} found the bag empty: the game is over{_results(event, state)}"
    return t


def _results(event: dict, state: DungeonState) -> str:
    """``". Ana 7, route A2-B2-...; Ben 2, no complete route (in at F1 ...)"``: both totals
    and where each route goes, once the game-ending ``event`` is folded into ``state``."""
    try:
        after = fold(state, event)  # the fold's scorer makes the score cards
    except (EventError, RuleError):  # words only: an event the fold refuses has none
        return ""
    parts = []
    for seat, card in enumerate(after.scores):
        way = route_words(card.route, after.side(seat), seat)
        if card.route.complete:
            how = f"route {way}" if way else "a complete route"
        else:
            how = "no complete route" + (f" ({way})" if way else "")
        parts.append(f"{after.players[seat]} {card.total}, {how}")
    return ". " + "; ".join(parts) if parts else ""
