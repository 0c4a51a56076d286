"""6x6 Tales for the engine: :data:`RULES`, wiring :mod:`.fold`, :mod:`.describe` and
:mod:`.journal` to the setup (R03), the status line and the JSON figures.

Registered in ``registry.GAMES`` as ``tales`` (screen: ``d6tui.ui.tales.screen``), so
``Session.new("tales", options)`` and ``Session.load(path)`` work as for every game.
"""

from __future__ import annotations

from typing import Any

from d6tui.engine.dice import Dice
from d6tui.engine.errors import RuleError
from d6tui.engine.game import OptionField
from d6tui.engine.registry import GameRules
from d6tui.games.tales import anchor, island, journal, keepsake, movement, play
from d6tui.games.tales import moves as tales_moves
from d6tui.games.tales.commands import start_payload
from d6tui.games.tales.describe import LABELS, describe
from d6tui.games.tales.fold import EVENT_TYPES, fold, new_state
from d6tui.games.tales.state import DEFAULT_NAME, RACES, Tale


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
    return f"{when}, {h.name} on {where}, HP {h.hp}/{h.max_hp}: {_waiting(state, p)}"


#: What a step of the turn waits for, in the status line (R10).
_STEPS = {"setup": "setting up (R03)", "start": "the hero to make (R03)",
          "movement": "moving (R04)", "square_event": "the square's event (R10)",
          "level_up": "a level up (R08)", "end_of_turn": "the end of the day (R10)",
          "day_event": "the day's event (E35)", "poison_check": "the poison check (R10)",
          "terrain_event": "the terrain event (R10)"}


def _waiting(state: Tale, p: play.Pending) -> str:
    """What the tale waits for in a few words ("roll for a random square (R02)"), never a
    task's id ("roll:square")."""
    task = p.what.split(":", 1)[1] if ":" in p.what else p.what
    if p.kind == "roll":
        return f"roll for {LABELS.get(task, task.replace('_', ' '))}"
    if p.kind == "choose":
        return f"choose {LABELS.get(task, task.replace('_', ' '))}"
    if p.kind == "held":
        return "dice rolled, to keep or change (R03, J08)"
    if p.kind == "fight" and state.fight is not None:
        return f"fighting {state.fight.name} (R09)"
    if p.kind == "shop":
        return "shopping (R07)"
    return _STEPS.get(p.kind, p.kind.replace("_", " "))


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
    return journal.export_markdown(session)


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
    export_journal=keepsake.export_journal,
    where=anchor.where,
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
