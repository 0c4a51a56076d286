"""What the 6x6 Tales screen offers now: each legal action under its key, and the words for
it. Read from the tale and :func:`d6tui.games.tales.legal.actions` alone: no widget is
touched, so the offers are tested without a screen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from d6tui.games.tales import (
    commands,
    island,
    legal,
    movement,
    outcome,
    play,
    rolls,
    services,
    shops,
)
from d6tui.games.tales.journal import ROAD_GLYPHS
from d6tui.games.tales.state import Tale
from d6tui.ui.tales.widgets import STAT_NAMES

Action = legal.Action

#: Commands with a fixed key: (key name in bindings, label shown).
KEYED: dict[Callable[..., dict], tuple[str, str]] = {
    commands.roll: ("roll", "Roll"),
    commands.attack: ("attack", "Attack"),
    commands.flee: ("flee", "Flee"),
    commands.stop: ("stop", "Stop here"),
    commands.play_event: ("play", "Play the event"),
    commands.pass_event: ("pass", "Pass"),
    services.leave: ("pass", "Leave"),
    commands.end_turn: ("end", "End the turn"),
    commands.skip_level_up: ("skip", "No level up"),
    services.gamble: ("gamble", "Gamble"),
    commands.complete_quest: ("complete", "Complete the quest"),
}
#: Commands gathered under one key and asked in a list.
BACKPACK = (commands.use_scroll, commands.use_item)
SHOP = (services.buy, services.sell)
#: Commands that roll dice, with how many (None: as the awaited roll says).
ROLLERS: dict[Callable[..., dict], int | None] = {
    commands.roll: None, commands.attack: 2, commands.flee: 1, services.gamble: 2,
    commands.meeple_reroll: None,
}
#: The R10 steps in words.
STEP_NAMES = {
    "setup": "Setup", "new_day": "New day", "day_event": "Day event",
    "poison_check": "Poison check", "level_up": "Level up", "movement": "Movement",
    "terrain_event": "Terrain event", "square_event": "Square event",
    "end_of_turn": "End of turn", "over": "The end",
}
#: Words for the answers of the choices (``choose:...`` options).
OPTION_WORDS = {
    "let": "let the shield go", "grab": "grab the shield", "approach": "approach the portal",
    "smash": "smash the wand", "take": "take the wand", "knight": "face the Knight",
    "exit": "look for the exit (E13)", "risk": "take a risk (J08)",
    "small_room": "the small room (E28)", "hp": "lose 1 HP", "gold": "pay 1 gold",
    "keep": "keep the scrolls", "even": "even", "odd": "odd", "nothing": "nothing to take",
    "A": "A: look for the exit", "B": "B: fight", "C": "C: the ruby on the altar",
    "D": "D: search the rift",
}
ARROWS = {"N": "up", "E": "right", "S": "down", "W": "left"}
#: The default key of each fixed-key action (the key map may change them).
KEYS = {"roll": "r", "attack": "a", "flee": "f", "stop": "s", "play": "p", "pass": "x",
        "end": "e", "skip": "n", "gamble": "g", "complete": "c"}


@dataclass(frozen=True)
class Offer:
    """One thing the player can do now, as the step bar shows it.

    Attributes:
        key: the key shown ("r", "1", "arrows").
        label: what it does.
        action: the command with its arguments (None for a list opened by the key).
    """

    key: str
    label: str
    action: Action | None = None
    brief: str = ""
    """Shorter words for a narrow step bar ("" for the label cut by :func:`shorten`)."""

    @property
    def short(self) -> str:
        """The words a narrow step bar shows (80x24)."""
        return self.brief or shorten(self.label)


#: Labels a narrow step bar writes shorter.
SHORT = {"table dice": "table", "No level up": "no level", "End the turn": "end",
         "Stop here": "stop", "Complete the quest": "complete", "backpack": "pack"}


def shorten(label: str) -> str:
    """A label without its asides in brackets, or its short form: "Atk 3→4 (4 gold)" ->
    "Atk 3→4", "take a quest (E14)" -> "take a quest"."""
    if label in SHORT:
        return SHORT[label]
    if " (" in label and label.endswith(")"):
        return label[: label.index(" (")]
    return label



def make_offers(state: Tale, cursor: int, key_of: Callable[[str, str], str]) -> list[Offer]:
    """Everything the player can do now, each under its key, in the step bar's order (R10:
    what the turn waits for).

    Args:
        state: the tale.
        cursor: the map cursor's square (the witch's travel names it, E12).
        key_of: ``key_of(action, default key)``, the key the player's key map gives an action.
    """
    acts = legal.actions(state)
    out: list[Offer] = []
    moves = [a for a in acts if a[0] is commands.move]
    if moves:
        arrows = " ".join({"N": "↑", "E": "→", "S": "↓", "W": "←"}[a[1][0]] for a in moves)
        out.append(Offer(arrows, "move"))
    numbered: list[Action] = []
    seen: set[str] = set()
    for a in acts:
        fn = a[0]
        if fn in KEYED:
            name, label = KEYED[fn]
            if name in seen:
                continue
            seen.add(name)
            if fn is commands.play_event:
                label = f"Play {play.square_event(state)}"
            if fn is commands.complete_quest:
                label = f"Complete quest {a[1][0]}"
            out.append(Offer(key_of(f"act('{name}')", KEYS[name]), label, a))
        elif fn in BACKPACK or fn in SHOP or fn is services.witch_teleport \
                or fn is commands.move:
            continue
        else:
            numbered.append(a)
    for n, a in enumerate(numbered[:9], start=1):
        out.append(Offer(str(n), bar_label(state, a) or label_of(state, a), a,
                         brief_of(state, a)))
    if any(a[0] in ROLLERS for a in acts):
        out.append(Offer("t", "table dice"))
    if any(a[0] in BACKPACK for a in acts):
        out.append(Offer("b", "backpack"))
    if any(a[0] in SHOP for a in acts):
        out.append(Offer("k", "shop"))
    if any(a[0] is services.witch_teleport for a in acts):
        out.append(Offer("w", f"travel to {island.name(cursor)} (cursor)"))
    return out


def bar_label(state: Tale, action: Action) -> str:
    """The step bar's words for the moves of held dice: what the dice come to, its first
    result only ("cookie: die 1 4→5: column 5, row 3: E01 written on V-3"); the list the
    roll opens says the whole of it, before and after (:func:`label_of`). "" for others."""
    fn, args, _ = action
    if state.held is None:
        return ""
    if fn is commands.keep_roll:
        words = outcome.held_words(state).split(";")[0]
        return f"keep {brief_of(state, action)[5:]}" + (f": {words}" if words else "")
    if fn is commands.use_cookie:
        for offer in outcome.held_cookie_offers(state):
            if (offer.die, offer.delta) == (int(args[0]), int(args[1])):
                return f"{brief_of(state, action)}: {offer.after.split(';')[0]}"
    return ""


def brief_of(state: Tale, action: Action) -> str:
    """Short words for the moves of held dice, so that every one shows at 80x24 ("keep
    4+3", "cookie: die 1 4→5", "Meeple"); "" for the others (their label is shortened)."""
    fn, args, _ = action
    held = state.held
    if held is None:
        return ""
    faces = [int(f) for f in held.counted.get("faces", [])]
    if fn is commands.keep_roll:
        return "keep " + "+".join(map(str, faces))
    if fn is commands.use_cookie:
        k, d = int(args[0]), int(args[1])
        return f"cookie: die {k + 1} {faces[k]}→{faces[k] + d}"
    if fn is commands.meeple_reroll:
        return "Meeple"
    return ""


def label_of(state: Tale, action: Action) -> str:
    """Words for a numbered action: a choice's answer (R04 roads, E03-E39), a stat to raise
    (R10), a service (E01, E08, E12, E35).

    Args:
        state: the tale.
        action: a legal action.
    """
    fn, args, _ = action
    h = state.hero
    assert h is not None
    top = state.top
    if fn is commands.keep_roll:
        words = outcome.held_words(state)
        return f"keep the dice: {words}" if words else "keep the dice"
    if fn is commands.use_cookie:
        for offer in outcome.held_cookie_offers(state):
            if (offer.die, offer.delta) == (int(args[0]), int(args[1])):
                return f"cookie (R03): {offer.words}"
        return f"cookie (R03): die {int(args[0]) + 1} {int(args[1]):+d}"
    if fn is commands.meeple_reroll:
        return "Meeple: roll again (J08)"
    if fn is commands.choose or fn is commands.place_road:
        option = str(args[0])
        what = top.kind if top is not None else ""
        if what == "choose:rotate" and top is not None:
            exits = movement.rotated(state, top, int(option))
            label = f"{option}° {ROAD_GLYPHS.get(exits, '?')}"
            if movement.walled_in(state, top.n, exits):
                label += " no way off"  # R04 allows it; the prompt explains
            return label
        if what == "choose:treasure":
            return f"chest {option}: {rolls.treasure_words(state, int(option))}"
        if option.startswith("scroll:"):
            return f"give up a {option[7:]}"
        if "+" in option:
            return f"hand over {option.replace('+', ' and ')}"
        if what == "choose:e32" and option == "flee":
            return "flee"
        if what == "choose:e10" and option == "flee":
            return "flee"
        return OPTION_WORDS.get(option, option)
    if fn is commands.level_up:
        stat = str(args[0])
        value = getattr(h, stat)
        return f"{STAT_NAMES[stat]} {value}→{value + 1} ({play.level_cost(h, stat)} gold)"
    if fn is services.heal:
        return "heal 1 HP"
    if fn is services.cure:
        return "cure the poison"
    if fn is services.take_quest:
        return "take a quest (E14)"
    if fn is services.donate:
        return "give 1 gold (+5 fame)"
    if fn is services.rest:
        return "rest: 1 gold"
    if fn is services.take_gift:
        return f"take the {args[0]}"
    if fn is services.give_food:
        reward = f"{shops.food_gold(state, str(args[0]))} gold" if args[1] == "gold" \
            else "+25 fame"
        return f"give the {args[0]} for {reward}"
    return fn.__name__.replace("_", " ")


def backpack_label(action: Action, state: Tale) -> str:
    """Words for a scroll or item use (J03, J01); eating the Mango warns when a quest needs
    it (E38).

    Args:
        action: a ``use_scroll`` or ``use_item`` action.
        state: the tale (its content says what each scroll does).
    """
    fn, args, _ = action
    if fn is commands.use_item:
        if args[0] == "Mango" and any(q.kind == "mango" and not q.done
                                      for q in state.quests):
            return "eat the Mango (heal 1; quest E38 needs it)"
        return {"Mango": "eat the Mango (heal 1)",
                "Ruby": "throw the Ruby (1d6 / 2 damage, E23)"}.get(args[0], args[0])
    name = args[0]
    data = state.content.scrolls[name]
    purpose = args[1] if len(args) > 1 else ""
    mark = "*" if data.house else ""
    if purpose == "road":
        return f"{name}: turn this square's road into a crossroads (R06)"
    if purpose == "flee":
        return f"{name}: flee at once (R09)"
    if purpose == "ignite":
        return f"{name}: light the Flaming Sword (E33)"
    return f"{name}: {data.words}{mark}"
