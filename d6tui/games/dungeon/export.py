"""D6 Dungeon's status line, report, JSON, score lines and Markdown record."""

from __future__ import annotations

from typing import Any

from d6tui.engine.mdtext import escape
from d6tui.engine.notes import NOTE, note_numbers, record_lines
from d6tui.games.dungeon.crossing import route_words
from d6tui.games.dungeon.drawing import own_to_hole, side_text
from d6tui.games.dungeon.faces import MAP_FACES, face_name
from d6tui.games.dungeon.state import DungeonState, ScoreCard
from d6tui.games.dungeon.view import view
from d6tui.games.dungeon.waffle import hole_name
from d6tui.words import plural


def status(state: DungeonState) -> str:
    """One line: whose turn and what it waits for, or the result."""
    if not state.players:
        return "setting up"
    if state.over:
        a, b = (s.total for s in state.scores)
        if a == b:
            return f"game over: a tie, {a} points each"
        w = 0 if a > b else 1
        return f"game over: {state.players[w]} wins, {max(a, b)} to {min(a, b)}"
    waits = {"draw": "draw a die", "roll": "roll the die", "resolve": "use the rolled face",
             "after": "cast or end the turn"}[state.phase]
    # not whether a claim is open: the status is every seat's, that is the mover's own
    last = " (last turn)" if state.last_turn else ""
    return f"{state.player}'s turn {state.turn_no}{last}: {waits}; {len(state.bag)} in the bag"


def totals_line(state: DungeonState) -> str:
    """Both totals first, then the result: ``"Ana 7, Ben 2: Ana wins"`` (``"... a tie"``),
    so a short screen shows both before any score line ("End of the Game")."""
    totals = [card.total for card in state.scores]
    both = ", ".join(f"{name} {t}" for name, t in zip(state.players, totals, strict=True))
    if totals[0] == totals[1]:
        return f"{both}: a tie"
    return f"{both}: {state.players[0 if totals[0] > totals[1] else 1]} wins"


def score_lines(state: DungeonState, seat: int, card: ScoreCard) -> list[str]:
    """A score card explained line by line, holes named as on the waffle: the route by the
    holes it crosses ("route across the dungeon, A3-B3-C3-D3-E3-F3: +5"); lines of no
    points alike are one line ("6 x Orc defeated with 1 sword each at A1, B1, ...: +0")."""
    r = card.route
    way = route_words(r, state.side(seat), seat)
    out = []
    zero: dict[str, list[str]] = {}
    for words, cell, pts in r.lines:
        if cell < 0 and r.complete and way:  # the route's own line: name its holes
            words = f"{words}, {way}"
        if pts == 0 and cell >= 0:
            if words not in zero:
                zero[words] = []
                out.append(words)  # a place held for the group, filled in below
            zero[words].append(hole_name(own_to_hole(cell, seat)))
            continue
        where = "" if cell < 0 else f" at {hole_name(own_to_hole(cell, seat))}"
        out.append(f"{words}{where}: {pts:+d}")
    for k, line in enumerate(out):
        if line in zero:
            holes = zero[line]
            many = f"{len(holes)} x " if len(holes) > 1 else ""
            each = " each" if many and " with " in line else ""
            out[k] = f"{many}{line}{each} at {', '.join(holes)}: +0"
    if card.special_items:
        out.append(f"Special Items held ({card.special_items}): {card.special_items:+d}")
    if not r.complete:
        out.append(f"no complete route ({way})" if way else "no complete route")
    b = state.budget(seat)
    out.append(f"held {_items(b.swords, b.keys, b.vorpals)}; "
               f"spent {_items(r.swords, r.keys, r.vorpals)}")
    out.append(f"total: {card.total}")
    return out


def _items(swords: int, keys: int, vorpals: int) -> str:
    """``"7 swords, 2 keys and 1 Vorpal Sword"``."""
    return (f"{plural(swords, 'sword')}, {plural(keys, 'key')} and "
            f"{plural(vorpals, 'Vorpal Sword')}")


def held_text(state: DungeonState, seat: int) -> str:
    """A seat's collection in words."""
    names = [face_name(f) for f in state.faces_held(seat)]
    return ", ".join(names) or "nothing"


def report(state: DungeonState) -> str:
    """A few lines for ``d6tui replay``: collections, and at the end the score lines."""
    lines = []
    for seat, name in enumerate(state.players):
        lines.append(f"{name}: holds {held_text(state, seat)}")
        if state.over:
            for line in score_lines(state, seat, state.scores[seat]):
                lines.append(f"  {line}")
    lines.append(f"bag: {len(state.bag)} dice")
    return "\n".join(lines)


def to_json(state: DungeonState) -> dict[str, Any]:
    """The state as JSON values (``d6tui replay --json``, ``d6tui view``)."""
    holes = {}
    for i, h in enumerate(state.holes):
        if h is None:
            continue
        holes[hole_name(i)] = {"die": h.die, "faces": [f for f in h.faces],
                               "turns": [t for t in h.turns]}
    out: dict[str, Any] = {
        "players": list(state.players), "turn": state.turn, "turn_no": state.turn_no,
        "phase": state.phase, "bag": len(state.bag), "hand": state.hand, "face": state.face,
        "holes": holes,
        "collections": [[f for _, f in c] for c in state.collections],
        "looks": [None if lk is None else {"target": lk.target, "turn": lk.turn_no,
                                           "side": [list(x) for x in lk.side],
                                           "bag": [list(x) for x in lk.bag]}
                  for lk in state.looks],
    }
    if state.claimant is not None:
        out["claimant"] = state.players[state.claimant]
    if state.over:
        totals = [s.total for s in state.scores]
        out["scores"] = totals
        out["end"] = state.end
        if totals[0] != totals[1]:
            out["winner"] = state.players[0 if totals[0] > totals[1] else 1]
    return out


def export_markdown(session: Any) -> str:
    """The game as Markdown: the final waffle from both sides, the routes, the score lines
    and the play by play. While the game is on it shows only what a spectator may see."""
    state: DungeonState = session.state
    lines = [f"# {escape(session.title)}", "", "*D6 Dungeon*", "", f"**{status(state)}**", ""]
    seen = view(state, None)
    for seat, name in enumerate(state.players):
        lines.append(f"## {name}'s side")
        lines.append("")
        cells = seen.side(seat)
        filled = {own_to_hole(i, seat) for i, h in enumerate(seen.holes) if h is not None}
        route = state.scores[seat].route.cells if state.over else frozenset()
        lines += ["```", side_text(cells, seat, filled, route), "```", ""]
        if state.over:
            marks = ", ".join(f"{f.mark} {f.name}" for f in MAP_FACES.values()
                              if f.mark.strip())
            lines += [f"`*` marks the holes of the best route and its detours; marks: "
                      f"{marks}.", ""]
        else:
            lines += ["`?` marks a die whose faces stay hidden until the end.", ""]
        lines.append(f"Holds: {held_text(state, seat)}.")
        lines.append("")
        if state.over:
            lines.append("Score:")
            lines.append("")
            lines += [f"- {x}" for x in score_lines(state, seat, state.scores[seat])]
            lines.append("")
    lines += ["## Play by play", ""]
    numbers = note_numbers(session.events)
    for entry in session.history():
        marker = f"{entry.event['seq']}. "
        if entry.event.get("type") == NOTE:  # the players' notes, quoted at their place
            lines += record_lines(marker, entry.event, entry.undone,
                                  numbers.get(entry.event["seq"]))
            continue
        words = escape(entry.text)  # the players' names are their own
        text = f"~~{words}~~ (undone)" if entry.undone else words
        lines.append(marker + text)
    return "\n".join(lines) + "\n"
