"""Parts of the D6 Dungeon screen: the text of its side panel (the hand-over cover is the
shared :class:`~d6tui.ui.screens.hand_over.HandOver`)."""

from __future__ import annotations

from rich.text import Text

from d6tui.games.dungeon.export import held_text
from d6tui.games.dungeon.faces import face_name
from d6tui.games.dungeon.scorer import RouteScore
from d6tui.games.dungeon.state import DungeonState


def _pts(route: RouteScore) -> str:
    """Points, marked when a quick preview stopped before the search ended."""
    return f"{'at least ' if not route.exact else ''}{route.points} pts"


def hand_text(seen: DungeonState, placing: tuple[str, int] | None, turns: int, where: str,
              table_dice: bool) -> Text:
    """The bag's count, the die in hand and what it shows, and the die being placed.

    Args:
        seen: the view on screen.
        placing: ``(face, openings)`` of the die being placed, or None.
        turns: its quarter turns; where: the hole under the cursor.
        table_dice: table dice are on.
    """
    out = Text()
    if seen.hand is None:
        out.append(f"Bag: {len(seen.bag)} dice.  No die in hand.")
    else:
        design = seen.design_of(seen.hand)
        out.append(f"Bag: {len(seen.bag)}.  In hand: the {design.name.lower()} die")
        if seen.face is not None:
            out.append(" showing ")
            out.append(face_name(seen.face), "bold reverse")
        else:
            out.append(" (not rolled yet)")
        if placing is not None:
            other = design.opposite(seen.face or "")
            out.append(f"\nplacing {face_name(placing[0])} facing you (f: "
                       f"{face_name(other if other != placing[0] else seen.face or '')})"
                       f", {turns} quarter turn(s), at {where}")
    if table_dice:
        out.append("  [table dice]", "italic")
    return out


def held_lines(seen: DungeonState) -> str:
    """Both collections (they are public) with the swords, keys and Vorpal Swords."""
    lines = []
    for seat, name in enumerate(seen.players):
        b = seen.budget(seat)
        mark = "\u25ba" if seat == seen.turn and not seen.over else " "
        lines.append(f"{mark}{name}: {b.swords} swords, {b.keys} keys, {b.vorpals} Vorpal;"
                     f" {held_text(seen, seat)}")
    return "\n".join(lines)
