"""Parts of the D6 Dungeon screen: the text of its side panel (the hand-over cover is the
shared :class:`~d6tui.ui.screens.hand_over.HandOver`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.containers import VerticalScroll
from textual.widgets import Static

from d6tui.games.dungeon.faces import face_name
from d6tui.games.dungeon.scorer import RouteScore
from d6tui.games.dungeon.state import DungeonState
from d6tui.ui.screens.modals import MessageModal
from d6tui.ui.widgets.dice_tray import TrayDie, TrayRoll
from d6tui.words import plural


def _pts(route: RouteScore) -> str:
    """Points, marked when a quick preview stopped before the search ended."""
    unit = "pt" if abs(route.points) == 1 else "pts"
    return f"{'at least ' if not route.exact else ''}{route.points} {unit}"


class ScoreLines(MessageModal):
    """Both players' score lines ("End of the Game"): a message box whose text scrolls in
    what the terminal leaves after the title and the OK button, so the button stays on
    screen at 80x24. The box takes the terminal's width but two columns each side (96 at
    most), so few lines wrap."""

    def on_mount(self) -> None:
        super().on_mount()
        self._fit()

    def on_resize(self, _: events.Resize) -> None:
        self._fit()

    def _fit(self) -> None:
        # The box may use 90% of the height; its border, title and button take 6 rows.
        room = int(self.app.size.height * 0.9) - 6
        self.query_one("#message", VerticalScroll).styles.max_height = max(3, room)
        box = self.query_one(".modal-box")
        box.styles.width = min(96, self.app.size.width - 4)
        box.styles.max_width = None


#: Each face as drawn on the die in the dice tray: a word of five characters or fewer, or a
#: longer one split over two rows of five (the tray is then two rows high).
FACE_LABELS: dict[str, str] = {
    "orc": "Orc", "giant_rat": "Giant\nRat", "spider_web": "Web", "curse": "Curse",
    "corner": "Cor-\nner", "door": "Door", "treasure_chamber": "Cham-\nber",
    "dragon": "Drag-\non", "treasure_chest": "Chest", "goblins": "Gob-\nlins",
    "sword": "Sword", "two_swords": "2\nSword", "three_swords": "3\nSword",
    "vorpal_sword": "Vor-\npal", "key": "Key", "decay": "Decay", "turn": "Turn",
    "look": "Look", "pivot": "Pivot", "dreamcatcher": "Dream\ncatch",
    "special_item": "Spec.\nItem", "wishing_ring": "Wish\nRing",
}


def route_bonus(state: DungeonState, seat: int, move_ids: Sequence[str]) -> int:
    """What a complete route is worth to ``seat`` if the game ended as it stands: 5 to the
    player whose claim stood, or to one who may still claim; 3 to the other one, and to
    both once the bag is found empty ("End of the Game").

    Args:
        state: the game; seat: the player; move_ids: the ids of ``seat``'s legal moves now
            (``end_game`` among them: the bag is empty at the turn's start).
    """
    if state.claimant is not None:
        return 5 if state.claimant == seat else 3
    return 3 if "end_game" in move_ids or state.over else 5


def hand_tray(seen: DungeonState, placing: tuple[str, int] | None, source: str
              ) -> TrayRoll | None:
    """The die in hand for the dice tray: its six faces, the one rolled bright and the
    others faded; while placing, the face turned to the player and the one turned away are
    marked ("you", "them"). None when no die is in hand.

    Args:
        seen: the view on screen.
        placing: ``(face, openings)`` of the die being placed, or None.
        source: ``"app"`` or ``"table"``: who rolled (or drew) it.
    """
    if seen.hand is None:
        return None
    design = seen.design_of(seen.hand)
    face = seen.face
    dice = []
    for f in design.faces:
        note = ""
        if placing is not None:
            note = "you" if f == placing[0] else "them" if f == design.opposite(
                placing[0]) else ""
        elif f == face:
            note = "top"
        dice.append(TrayDie(f, note, dim=face is not None and f != face and not note,
                            label=FACE_LABELS.get(f, f[:5])))
    if face is None:
        caption = f"The {design.name.lower()} die, not rolled yet"
    else:
        caption = f"The {design.name.lower()} die: {face_name(face)}"
    return TrayRoll(tuple(dice), source, caption)


def hand_text(seen: DungeonState, placing: tuple[str, int] | None, turns: int, where: str,
              table_dice: str) -> Text:
    """What the die in hand waits for and, while a map die is placed, how it sits (the
    die itself is in the dice tray, :func:`hand_tray`; the bag's count is in the status).

    Args:
        seen: the view on screen.
        placing: ``(face, openings)`` of the die being placed, or None.
        turns: its quarter turns; where: the hole under the cursor.
        table_dice: whose dice are typed from real dice, in words ("table dice: Ann"), or
            "" when d6tui draws and rolls every die.
    """
    out = Text()
    # The bag's count is on the status line above.
    if seen.over:  # nothing waits for a die: the latest line (both routes) takes the room
        pass
    elif seen.hand is None:
        out.append("No die in hand.")
    elif seen.face is None:
        out.append("r rolls the die in hand.")
    if placing is not None:
        # One line at 80x24 (the face turned to you is marked in the tray, and the action
        # bar has the keys), so the preview below it stays on screen.
        out.append(f"{face_name(placing[0])} at {where}, {turns} quarter "
                   f"turn{'' if turns == 1 else 's'}")
    if table_dice:
        out.append(f"  [{table_dice}]", "italic")
    return out


def held_lines(seen: DungeonState) -> str:
    """Both collections (they are public) with the swords, keys and Vorpal Swords; faces
    held more than once are counted ("5×Sword"), so a long collection takes few rows."""
    lines = []
    for seat, name in enumerate(seen.players):
        b = seen.budget(seat)
        mark = "\u25ba" if seat == seen.turn and not seen.over else " "
        counts = Counter(seen.faces_held(seat))
        held = ", ".join(f"{n}\u00d7{face_name(f)}" if n > 1 else face_name(f)
                         for f, n in counts.items()) or "nothing"
        lines.append(f"{mark}{name}: {plural(b.swords, 'sword')}, {plural(b.keys, 'key')},"
                     f" {b.vorpals} Vorpal; {held}")
    return "\n".join(lines)


class HeldLines(Static):
    """The collections' lines of the side panel: as many rows as their text takes, fewer
    when the panel has no more room (they then scroll), so the best-route line below them
    always shows (its CSS height is ``1fr``; :meth:`fit` caps it at the text's rows)."""

    def on_resize(self, _: events.Resize) -> None:
        self.fit()

    def fit(self) -> None:
        """Cap the height at the rows the text takes at the widget's width (one more for
        the rule above it)."""
        width = self.content_region.width
        if width <= 0:
            return
        rows = len(Text(str(self.content)).wrap(self.app.console, width)) + 1
        if self.styles.max_height is None or self.styles.max_height.value != rows:
            self.styles.max_height = rows
