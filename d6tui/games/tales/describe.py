"""Events in words, for the log view and the journal: each event read alone, its roll named
with the section it is made for (R02, J02, R10, E03-E39, J08).
"""

from __future__ import annotations

from d6tui.games.tales import sheet
from d6tui.games.tales.state import DEFAULT_NAME

#: How each event reads in the log view, before its note.
_VERBS = {
    "tale_started": "the tale begins", "rolled": "rolled", "chose": "chose",
    "leveled_up": "levelled up", "level_up_skipped": "no level up today", "moved": "moved",
    "stopped": "stopped", "event_played": "played the square's event",
    "event_passed": "passed the square's event", "turn_ended": "ended the turn",
    "attacked": "attacked", "fled": "tried to flee", "scroll_used": "used a scroll",
    "item_used": "used an item", "scroll_bought": "bought", "scroll_sold": "sold",
    "gambled": "gambled", "healed": "rested in the castle", "cured": "was cured",
    "quest_taken": "took a quest", "donated": "gave to the temple", "rested": "rested",
    "gift_taken": "took the witch's gift", "teleported": "paid the witch to travel",
    "food_given": "fed the sick man", "shop_left": "left",
    "quest_completed": "completed a quest",
    "hero_described": "wrote the hero's portrait and story (R03)",
    "place_named": "named a place", "monster_named": "named a beaten monster",
    "dice_rolled": "rolled", "meeple_rerolled": "the Meeple re-rolled (J08)",
    "roll_kept": "kept the roll",
}
#: What a held roll is for, in the log view (:mod:`.held`).
_HELD_FOR = {"roll": "the awaited roll", "attack": "the attack (R09)",
             "flee": "the flight (R09)", "gamble": "the gamble (R07)",
             "ruby": "the Ruby (E23)"}


#: What each awaited roll or choice is called in the log view.
LABELS = {
    "square": "a random square (R02)", "reveal": "a new square (J02)",
    "poison": "the poison check (R10)", "terrain": "the terrain event (R10)",
    "treasure": "the treasure chest (E03)", "veteran": "the veteran's ability (R08)",
    "grow": "the Knight's growth (E21)", "regen": "regeneration (R08)",
    "e05": "the abandoned place (E05)", "e25": "the source of monsters (E25)",
    "e20": "the Water Spirit's route (E20)", "e35": "the day event (E35)",
    "e39": "the weather (E39)", "e14": "the new quest (E14)", "e32": "the servant (E32)",
    "e13": "the way out (E13)", "e18": "the wand (E18)", "e37": "the shield (E37)",
    "e31b": "the rift's monster (E31)", "e31d": "the search (E31)", "room": "the room (J08)",
    "locked": "the lock (J08)", "dart": "the darts (J08)", "rotate": "the road's rotation (R04)",
    "e09": "the shield (E09)", "e10": "after the bat (E10)", "e31": "the rift (E31)",
    "dungeon": "the dungeon (J07)", "thief": "the thief (E35)", "gamble": "the loss (R07)",
    "e22": "the scrolls to hand over (E22)",
}


#: How a scroll used for something other than its own effect reads.
_PURPOSES = {"road": " to turn the road into a crossroads (R06)", "flee": " to flee (R09)",
             "ignite": " to light the Flaming Sword (E33)"}


def describe(event: dict, state_before: object = None) -> str:
    """The event in words, from the event alone, for the log view and the journal (each
    roll named with the section it is made for: R02, J02, R10, E03...).

    Args:
        event: a stored event.
        state_before: the tale before it (unused: the event says it all).
    """
    t = event.get("type", "")
    verb = _VERBS.get(t, t.replace("_", " "))
    detail = ""
    roll = event.get("roll")
    faces = roll.get("faces", []) if isinstance(roll, dict) else []
    pips = "+".join(map(str, faces))
    what = str(event.get("what", "")).split(":")[-1]
    if t == "tale_started":
        name, race = event.get("name"), event.get("race")
        # R03: a nameless hero is "the Hero": "with the Hero, a dwarf", not "the Hero the dwarf"
        detail = f" with {name}, a {race}" if name == DEFAULT_NAME else f" with {name} the {race}"
    elif t == "item_used":
        verb = f"used the {event.get('item')}"
        detail = f", rolling {pips}" if pips else ""
    elif t == "scroll_used":
        verb = f"used {sheet.a(str(event.get('scroll')))}"
        detail = _PURPOSES.get(str(event.get("purpose", "")), "")
    elif t == "roll_kept":
        cookie = event.get("cookie")
        if isinstance(cookie, list) and len(cookie) == 2:
            verb = "ate the cookie"
            detail = f": die {int(cookie[0]) + 1} {int(cookie[1]):+d} (R03)"
            note = event.get("note")
            return f"{verb}{detail}" + (f"; {sheet.plain_hp(str(note))}" if note else "")
    elif t == "dice_rolled":
        detail = f" {pips} for {_HELD_FOR.get(str(event.get('for')), event.get('for'))}"
        if isinstance(roll, dict) and roll.get("source") == "table":
            detail += " (table dice)"
    elif t == "rolled" or pips:
        detail = f" {pips}" + (f" for {LABELS.get(what, what)}" if what else "")
        if isinstance(roll, dict) and roll.get("source") == "table":
            detail += " (table dice)"
    elif t == "chose":
        detail = f" {event.get('option')} for {LABELS.get(what, what)}"
    elif t == "moved":
        detail = f" {event.get('direction')}"
    elif t == "leveled_up":
        detail = f" {event.get('stat')}"
    elif t == "place_named":
        detail = f" on {event.get('square')}: {event.get('name') or '(rubbed out)'}"
    elif t == "monster_named":
        detail = f" (J06 line {event.get('fight')}): {event.get('name') or '(rubbed out)'}"
    elif t == "teleported":
        detail = f" to {event.get('square')}"
    elif "scroll" in event:
        detail = f" {event.get('scroll')}"
    elif t == "donated":
        detail = f" {event.get('gold')} gold"
    note = event.get("note")
    return f"{verb}{detail}" + (f": {sheet.plain_hp(str(note))}" if note else "")
