"""Events in words for the log view, and the game's status line and report."""

from __future__ import annotations

from d6tui.games.d6_board.state import STYX, VILLAGE, Board, glory, space_name  # noqa: F401
from d6tui.words import article, plural


def _who(event: dict, before: Board) -> str:
    from d6tui.games.d6_board.moves import seat_to_move

    if event["type"] == "game_started":
        return ""
    seat = seat_to_move(before)
    if seat is None or not before.heroes:
        return ""
    return before.heroes[seat].name + ": "


def describe(event: dict, before: Board) -> str:
    """The event in words; cards drawn into a hand are never named (others may read the
    log)."""
    if event["type"] == "game_started" and event.get("mode", "standard") != "standard":
        extra = f", companion {event['companion']}" if event.get("companion") else ""
        return (f"a {event['mode']} Hide Collection game was set up for "
                + ", ".join(event["players"]) + f" ({event.get('edition', 'house')} edition, "
                f"{event.get('map', 'standard')} map, {event.get('specialty', 'standard')} "
                f"specialty hides{extra})")
    if event["type"] == "game_started" and event.get("mode") == "alliance":
        p = event["players"]
        return (f"an Alliance season was set up: {p[0]} and {p[2]} against {p[1]} and {p[3]}"
                f" (teammates' cards {event.get('team_cards', 'hidden')})")
    if event["type"] == "game_started":
        return ("the hunting season was set up for " + ", ".join(event["players"])
                + f" ({event.get('edition', 'house')} edition, {event.get('map', 'standard')}"
                f" map, {event.get('season', 'standard')} season)")
    from d6tui.games.d6_board.log_lines import line

    who = _who(event, before)
    note = line(event, before, str(event.get("note", event["type"].replace("_", " "))))
    name = who[:-2]
    if name and note.startswith(name + " "):
        note = note[len(name) + 1:]
    elif name and note.startswith(name + "'s "):
        note = "their " + note[len(name) + 3:]
    return who + note


def waiting_for(state: Board) -> str:
    """What the game waits for, in a few words."""
    from d6tui.games.d6_board.moves import seat_to_move

    if state.phase == "setup":
        return "setting up"
    if state.over and state.hc is not None:
        who = "the hunter" if len(state.heroes) == 1 else "the hunters"
        return (f"{who} won: all 15 hides collected" if state.hc.result == "won" else
                f"{who} lost: out of turns with {len(state.hc.slots)} of 15 hides")
    if state.over:
        names = " and ".join(state.heroes[s].name for s in state.winners)
        return f"the season is over: {names} win{'s' if len(state.winners) == 1 else ''}"
    seat = seat_to_move(state)
    who = state.heroes[seat].name if seat is not None else "nobody"
    if state.prompts:
        p = state.prompts[0]
        what = {"reward": f"{article(p.reward)} reward", "gm_card": "a red card or pass (GM)",
                "red_turn": "a red card on this turn, or pass",
                "convert": "which wild hide to convert", "poison": "a stat to drop (poison)",
                "spawn": "the spawn of a new enemy (GM)",
                "swap_gather": "a free gather (Hero Swap)",
                "pick": "name the enemy token drawn" if p.reward == "token" else
                f"name the {p.reward.replace('_', ' ')} card drawn",
                "claim": "what the slain monster counts for",
                "place": "the hide slot for the Guardian",
                "fetch": "call the companion over or not",
                "room": "hand full: discard a card to draw, or let it go",
                "benefit": "a Heroic Benefits marker to move, or nothing"}.get(p.kind, p.kind)
        return f"{who}: {what}"
    phase = {"choose": "choose boards", "stats": "roll stats", "environment":
             "place an environment piece", "spawn": "spawn an enemy", "deal": "deal the cards",
             "event": "the GM event"}.get(state.phase)
    if phase:
        return f"{who}: {phase}"
    if not state.begun:
        return f"{who}: begin the turn"
    if state.combat is not None:
        step = {"gm": "the GM's cards", "weapon": "choose a weapon and roll",
                "rolled": "buffs, then resolve"}[state.combat.step]
        return f"{who}: combat, {step}"
    if state.engaged:
        return f"{who}: engaged: fight or escape"
    left = 3 + state.bonus - state.actions
    return f"{who}: {plural(max(0, left), 'action')} left"


def over_title(state: Board) -> str:
    """The heading of the finished game's panel: the season (glory) or the hunt (Hide
    Collection)."""
    return "The hunt is over" if state.hc is not None else "The season is over"


def status(state: Board) -> str:
    """One line: the round and what the game waits for."""
    if state.phase in ("setup", "choose", "stats", "environment", "spawn", "deal"):
        return "Setup: " + waiting_for(state)
    if state.hc is not None:
        hc = state.hc
        return (f"Turn {min(hc.turn, hc.max_turns)}/{hc.max_turns}, hides {len(hc.slots)}/15:"
                f" {waiting_for(state)}")
    moon = " (Hunters' Moon)" if state.hunters_moon and not state.over else ""
    return f"Round {min(state.round, state.rounds)}/{state.rounds}{moon}: {waiting_for(state)}"


def scoring(state: Board) -> list[str]:
    """How each hunter scored, first first: glory from bounties delivered and carried and
    from Guardians, then the tie-breaks (gold, stat total) ("The End of the Game")."""
    from d6tui.games.d6_board.state import standings

    if state.hc is not None:  # no glory in Hide Collection ("Solo & Co-op")
        hc = state.hc
        return [f"  {len(hc.slots)} of 15 hides collected in "
                f"{plural(min(hc.turn, hc.max_turns), 'turn')} of {hc.max_turns}"]
    lines = []
    for seat in standings(state):
        h = state.heroes[seat]
        parts = []
        for label, cards in (("delivered", h.delivered), ("carried", h.backpack)):
            if cards:
                pts = sum(int(state.card(b)["glory"]) for b in cards)
                parts.append(f"{plural(len(cards), 'bounty', 'bounties')} {label} {pts}")
        for t in h.trophies:
            k = state.kind(t)
            if k.get("glory"):
                parts.append(f"the {k['name']} {k['glory']}")
        how = " + ".join(parts) or "nothing scored"
        mark = "*" if seat in state.winners else " "
        lines.append(f"{mark} {h.name}: {glory(state, seat)} glory ({how}); {h.gold} gold, "
                     f"stat total {sum(h.stats)}")
    return lines


def winner_line(state: Board) -> str:
    """``"Ann wins with 5 glory"`` (or the hunters who share the win); in Hide Collection
    whether the hunters won or lost."""
    if state.hc is not None:
        return waiting_for(state)[0].upper() + waiting_for(state)[1:]
    names = " and ".join(state.heroes[s].name for s in state.winners)
    pts = glory(state, state.winners[0]) if state.winners else 0
    verb = "wins" if len(state.winners) == 1 else "share the win"
    why = decided_by(state)
    return f"{names} {verb} with {plural(pts, 'glory', 'glory')}" + (f": {why}" if why else "")


def decided_by(state: Board) -> str:
    """Which tie-break decided the season ("The End of the Game": glory, then gold, then
    the stat total): ``"most glory"``, ``"tied on glory with Bob; more gold (6 to 4)"``...;
    "" before the end or with nobody to beat."""
    from d6tui.games.d6_board.state import tie_key

    if not state.over or not state.winners or state.hc is not None:
        return ""
    win = tie_key(state, state.winners[0])
    rest = [s for s in range(len(state.heroes)) if tie_key(state, s) != win]
    if not rest:
        return "tied on glory, gold and stat total" if len(state.heroes) > 1 else ""
    best = max(rest, key=lambda s: tie_key(state, s))
    other = tie_key(state, best)
    name = state.heroes[best].name
    if win[0] != other[0]:
        return "most glory"
    if win[1] != other[1]:
        return f"tied on glory with {name}; more gold ({win[1]} to {other[1]})"
    return (f"tied on glory and gold with {name}; higher stat total ({win[2]} to "
            f"{other[2]})")


def report(state: Board) -> str:
    """Each hunter's glory, gold, stats and where they stand (``d6tui replay``)."""
    lines = [status(state)]
    if state.hc is not None:
        names = state.content["benefits"]
        lines.append(f"  Hide Collection: {len(state.hc.slots)}/15 hides, Heroic Benefits: "
                     + (", ".join(names[b]["name"] for b in state.hc.benefits) or "none"))
    for i, h in enumerate(state.heroes):
        mark = "*" if i in state.winners else (">" if i == state.current else " ")
        stats = "/".join(str(v) for v in h.stats)
        score = "" if state.hc is not None else f"{glory(state, i)} glory, "
        lines.append(f"{mark} {h.name}: {score}{h.gold} gold, stats {stats}, "
                     f"HP {h.hp}, {space_name(h.space)}, {len(h.backpack)} in pack, "
                     f"{len(h.delivered)} delivered, {len(h.trophies)} Guardians")
    return "\n".join(lines)
