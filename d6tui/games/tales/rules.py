"""6x6 Tales for the engine: :data:`RULES`, with ``fold`` and ``describe``.

Registered in ``registry.GAMES`` as ``tales`` (screen: ``d6tui.ui.tales.screen``), so
``Session.new("tales", options)`` and ``Session.load(path)`` work as for every game.
"""

from __future__ import annotations

from typing import Any

from d6tui.engine.dice import Dice
from d6tui.engine.errors import EventError, RuleError
from d6tui.engine.game import OptionField
from d6tui.engine.registry import GameRules
from d6tui.games.tales import moves as tales_moves
from d6tui.games.tales import island, movement, play, sheet
from d6tui.games.tales.commands import start_payload
from d6tui.games.tales.state import DEFAULT_NAME, RACES, Tale

EVENT_TYPES = frozenset(play.HANDLERS)

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
}


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


def check_options(options: dict) -> dict:
    """Normalise the setup: ``name``, ``race`` and ``explore`` (the personal quest, R03).

    Args:
        options: the setup choices.
    Raises:
        RuleError: an unknown race (a hero with no name is called "the Hero", R03).
    """
    out = dict(options)
    out["name"] = str(out.get("name", "")).strip() or DEFAULT_NAME  # R03: "if you wish"
    out["race"] = str(out.get("race", "")).strip().lower()
    out["explore"] = bool(out.get("explore", True))
    if out["race"] not in RACES:
        raise RuleError(f"the race is one of {', '.join(RACES)}", "R03")
    return out


def start(options: dict, dice: Dice) -> dict:
    """The first event: the hero is created (R03); the castle roll comes next.

    Args:
        options: the checked setup.
        dice: unused: the castle is rolled next, as its own event.
    """
    return start_payload(options)


def new_state(options: dict) -> Tale:
    """An empty journal before the hero exists.

    Args:
        options: the setup (unused: the hero comes with the first event).
    """
    return Tale()


def fold(state: Tale, event: dict) -> Tale:
    """Apply a stored event.

    Args:
        state: the tale.
        event: a stored event.
    Raises:
        EventError: the event does not fit this tale (it could never have been written).
    """
    try:
        return play.apply(state, event)
    except RuleError as e:
        raise EventError(f"{event.get('type')}: {e}") from None
    except (KeyError, IndexError, TypeError, ValueError) as e:
        raise EventError(f"{event.get('type')}: a value is missing or malformed ({e})") from None


def describe(event: dict, state_before: object = None) -> str:
    """The event in words, from the event alone.

    Args:
        event: a stored event.
    """
    t = event.get("type", "")
    verb = _VERBS.get(t, t.replace("_", " "))
    detail = ""
    roll = event.get("roll")
    faces = roll.get("faces", []) if isinstance(roll, dict) else []
    pips = "+".join(map(str, faces))
    what = str(event.get("what", "")).split(":")[-1]
    if t == "tale_started":
        detail = f" with {event.get('name')} the {event.get('race')}"
    elif t == "item_used":
        verb = f"used the {event.get('item')}"
        detail = f", rolling {pips}" if pips else ""
    elif t == "scroll_used":
        verb = f"used {sheet.a(str(event.get('scroll')))}"
        detail = _PURPOSES.get(str(event.get("purpose", "")), "")
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
    elif t == "teleported":
        detail = f" to {event.get('square')}"
    elif "scroll" in event:
        detail = f" {event.get('scroll')}"
    elif t == "donated":
        detail = f" {event.get('gold')} gold"
    note = event.get("note")
    return f"{verb}{detail}" + (f": {note}" if note else "")


def status(state: Tale) -> str:
    """One line: the day, the hero, and what the tale waits for."""
    if state.hero is None:
        return "no hero yet"
    h = state.hero
    if state.over:
        return f"{h.name}: the end, fame {state.final_fame} ({state.status})"
    p = play.pending(state)
    where = island.name(state.pos) if state.pos >= 0 else "-"
    top = state.top
    if top is not None and top.kind in ("roll:reveal", "choose:rotate"):
        # the hero is stepping onto (or sent to) the square being revealed (R04)
        where += f", revealing {island.name(top.n)}"
    # Week 1 day 1 begins once the castle is placed (R03): before, the tale is set up.
    when = f"week {state.week} day {state.day}" if state.week else "setting up"
    return f"{when}, {h.name} on {where}, HP {h.hp}/{h.max_hp}: {p.kind} {p.what}"


def is_over(state: Tale) -> bool:
    """Whether the tale has reached E17."""
    return state.over


def to_json(state: Tale) -> dict:
    """The tale's main figures as JSON values."""
    h = state.hero
    return {
        "over": state.over,
        "won": state.won,
        "fame": state.final_fame if state.over else (h.fame if h else 0),
        "status": state.status,
        "week": state.week,
        "day": state.day,
        "hero": None if h is None else {
            "name": h.name, "race": h.race, "atk": h.atk, "dmg": h.dmg, "spd": h.spd,
            "hp": h.hp, "max_hp": h.max_hp, "poison": h.poison, "gold": h.gold,
            "fame": h.fame, "items": list(h.items), "scrolls": list(h.scrolls),
        },
        "square": island.name(state.pos) if state.pos >= 0 else None,
        "revealed": sum(1 for s in state.squares if s.revealed),
        "map_open": movement.all_revealed(state),
        "quests": [{"id": q.qid, "kind": q.kind, "place": q.place, "done": q.done}
                   for q in state.quests],
    }


def export_markdown(session: Any) -> str:
    """The tale as a Markdown journal (``d6tui export``), see :mod:`.journal`.

    Args:
        session: a session of this game.
    """
    from d6tui.games.tales.journal import export_markdown as render

    return render(session)


def default_title(options: dict) -> str:
    """"The tale of NAME".

    Args:
        options: the setup.
    """
    return f"The tale of {str(options.get('name', '')).strip() or DEFAULT_NAME}"


RULES = GameRules(
    slug="tales",
    name="6x6 Tales",
    event_types=EVENT_TYPES,
    check_options=check_options,
    start=start,
    new_state=new_state,
    fold=fold,
    describe=describe,
    status=status,
    is_over=is_over,
    to_json=to_json,
    default_title=default_title,
    export_markdown=export_markdown,
    options=(
        OptionField("name", "Hero's name", "str", help="the hero's name (R03: optional)",
                    max=40, optional=True),
        OptionField("race", "Race", "choice", help="the hero's race (R03)",
                    choices=tuple((r, r.title()) for r in RACES)),
        OptionField("explore", "Personal quest", "bool", default=True,
                    help="take the personal quest of R03 (yes or no)"),
    ),
    moves=tales_moves.moves,
    seats=tales_moves.seats,
    seat_to_move=tales_moves.seat_to_move,
    blurb="A solo hero explores an island for four weeks: map, events and journal booklet",
)
