"""What to tell the player the tale waits for, in a line, with the rulebook section.

Written in our own words; a UI shows :func:`prompt` beside the current R10 step.
"""

from __future__ import annotations

from d6tui.games.tales import booklet, island, movement, play
from d6tui.games.tales.state import Tale

#: One line per awaited roll, choice or step.
PROMPTS = {
    "roll:square": "Roll 2d6 for a square: column, then row (R02)",
    "roll:reveal": "Roll 2d6 for the new square: road, then terrain (J02)",
    "roll:poison": "Poison check: roll 2d6, 2-5 costs 1 HP (R10)",
    "roll:terrain": "Terrain event: roll 2d6 (R10)",
    "roll:treasure": "Treasure chest: roll 2d6 (E03)",
    "roll:veteran": "The veteran's ability: roll 1d6 (R08)",
    "roll:grow": "The Knight grows: roll 1d6 (E21)",
    "roll:regen": "Regeneration: roll 2d6, 4-6 brings it back with 1 HP (R08)",
    "roll:e05": "Abandoned place: roll 1d6 (E05)",
    "roll:e25": "Source of monsters: roll 1d6 (E25)",
    "roll:e20": "The Water Spirit's route: roll 1d6 (E20)",
    "roll:e35": "Hey, what's this? Roll 1d6 (E35)",
    "roll:e39": "Terrible weather: roll 1d6 (E39)",
    "roll:e14": "The new quest: roll 1d6 (E14)",
    "roll:e32": "The Knight's servant: roll 1d6 (E32)",
    "roll:e13": "Looking for the exit: roll 2d6, even or odd (E13)",
    "roll:e18": "Taking the wand: roll 2d6 (E18)",
    "roll:e37": "Grabbing the shield: roll 2d6 + Spd (E37)",
    "roll:e31b": "The rift's monster: roll 1d6 (E31)",
    "roll:e31d": "Searching the rift: roll 1d6 (E31)",
    "roll:room": "Take the risk: roll 2d6 for the room (J08)",
    "roll:locked": "Locked: roll 1d6, more than Dmg means a detour (J08)",
    "roll:dart": "Dart trap: roll 1d6, more than Spd costs 1 HP (J08)",
    "choose:rotate": "Turn the new road so it joins yours (R04)",
    "choose:treasure": "Keep one of the two chests (E03)",
    "choose:e09": "Let the shield go into the portal, or grab it (E09)",
    "choose:e10": "Approach the portal, or flee (E10)",
    "choose:e18": "Smash the wand, or take it (E18)",
    "choose:e32": "Flee, or face the Knight of Chaos (E32)",
    "choose:e31": "A: look for the exit, B: fight, C: the ruby on the altar, D: search (E31)",
    "choose:dungeon": "Look for the exit, or take a risk (J07, J08)",
    "choose:thief": "The thief takes a scroll of your choice (E35)",
    "choose:gamble": "Pay for the lost gamble: 1 HP, a scroll or 1 gold (R07)",
    "choose:e22": "Hand over two scrolls, or keep them (E22)",
    "level_up": "Level up: raise one stat by paying its new value in gold, or skip (R10)",
    "movement": "Move along the roads, then stop (R04)",
    "square_event": "Play this square's event, or pass (R10)",
    "end_of_turn": "End the turn (R10)",
    "over": "The tale is over (E17)",
    "start": "Name the hero and choose a race (R03)",
}

#: Places whose actions are open (R07 and the events).
PLACES = {
    "castle": "Castle: heal, cure, take a quest, trade scrolls (E01, R07)",
    "E08": "Village: take a quest, trade, give to the temple (E08, R07)",
    "E15": "Village: take a quest, trade scrolls (E15, R07)",
    "witch": "Witch's hut: a gift for Humans, or travel for 1 gold (E12)",
    "merchant": "A merchant sells Dash, Tomato and Blast for 1 gold each (E35)",
    "sick": "A sick man asks for a Carrot, Tomato or Pear (E35)",
}


def prompt(state: Tale) -> str:
    """What the tale waits for, in one line with its section.

    Args:
        state: the tale.
    """
    p = play.pending(state)
    if p.kind == "held" and state.held is not None:
        faces = "+".join(str(f) for f in state.held.counted.get("faces", []))
        return (f"You rolled {faces}: keep it, or change it with the cookie (R03) or the "
                "Meeple (J08)")
    if p.kind == "shop":
        return PLACES.get(p.what, p.what)
    if p.kind == "fight":
        f = state.fight
        assert f is not None
        head = f"{f.name}: Atk {f.atk}, Dmg {f.dmg}, HP {f.hp}"
        if p.what == "break":
            return f"{head}. Break: flee, an item or scroll, or attack (R09)"
        return f"{head}. Attack: 2d6 + Atk (R09)"
    if p.kind == "movement":
        where = island.name(state.pos)
        return f"On {where}, {movement.moves_left(state)} Spd left: move or stop (R04)"
    if p.kind == "square_event":
        code = play.square_event(state)
        return f"Play {code} {booklet.TITLES.get(code, '')}, or pass (R10)"
    text = PROMPTS.get(p.what, PROMPTS.get(p.kind, p.what))
    top = state.top
    if p.what == "choose:rotate" and top is not None:
        if not top.arg.split("|")[2]:
            # a teleport (E07, E12, E13): there is no road the hero came along
            text = "Turn the new road; it must join a neighbour's road if one leads here (R04)"
        if any(movement.walled_in(state, top.n, movement.rotated(state, top, int(o)))
               for o in p.options):
            text += "; a road marked 'no way off' would leave the hero shut in by water"
    if p.what == "roll:e13" and p.options:
        text += "; a Dwarf may simply choose"
    return text
