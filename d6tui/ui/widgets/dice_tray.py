"""The DiceTray: the last roll, die by die, and who rolled it (the app or the table)."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from pathlib import Path

from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from d6tui.ui.widgets.faces import face_look


@dataclass(frozen=True)
class TrayDie:
    """One die in the tray.

    Attributes:
        face: a pip count or a face name.
        note: a short mark under the die ("kept", "out"...), or "".
        dim: drawn faded (a die out of play or set aside).
        label: up to five characters drawn on the die instead of its symbol and letter
            ("Orc", "Key"), for faces that a symbol does not tell apart; "" for the symbol.
            A longer word goes on two rows of five, split by a newline ("Drag-\\non"); the
            tray is then two rows high for every die.
    """

    face: object
    note: str = ""
    dim: bool = False
    label: str = ""


@dataclass(frozen=True)
class TrayRoll:
    """What the tray shows.

    Attributes:
        dice: the dice, left to right.
        source: ``"app"`` (d6tui rolled) or ``"table"`` (typed from real dice).
        caption: one line above the dice ("Roll 2 of 3 for Black Bart").
    """

    dice: tuple[TrayDie, ...] = ()
    source: str = "app"
    caption: str = ""
    notes: tuple[str, ...] = field(default_factory=tuple)


class DiceTray(Widget):
    """The last roll drawn die by die: symbol and letter for named faces, pips for numbers.

    Set :attr:`roll` to a :class:`TrayRoll` (or None for an empty tray); the tray never changes
    game state.
    """

    DEFAULT_CSS = (Path(__file__).with_suffix(".tcss")).read_text(encoding="utf-8")

    COMPONENT_CLASSES = {
        "dice-tray--die",
        "dice-tray--red",
        "dice-tray--black",
        "dice-tray--joker",
        "dice-tray--skull",
        "dice-tray--pip",
        "dice-tray--dim",
        "dice-tray--caption",
        "dice-tray--source",
    }

    roll: reactive[TrayRoll | None] = reactive(None, layout=True)

    def render(self) -> Text:
        """Draw the caption, the dice and their notes."""
        return self._text(self.size.width or 80)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many lines as the tray takes at ``width`` (the dice fold into rows)."""
        return len(self._text(width).split())

    #: Columns a die takes (five) and the space after it.
    DIE_WIDTH = 6

    def _text(self, width: int) -> Text:
        """The tray at ``width`` columns: as many dice a row as fit, each die's note under
        it, so a note never sits under another die."""
        roll = self.roll
        out = Text(no_wrap=True, overflow="ellipsis")
        caption_style = self.get_component_rich_style("dice-tray--caption")
        if roll is None or not roll.dice:
            out.append(roll.caption if roll and roll.caption else "No dice rolled yet.",
                       caption_style)
            return out
        source = "typed from table dice" if roll.source == "table" else "rolled by d6tui"
        if roll.caption:
            out.append(roll.caption, caption_style)
            # On a narrow tray the source is said shorter, or goes on a line of its own,
            # rather than wrapping.
            if len(roll.caption) + len(source) + 4 > width:
                source = "table dice" if roll.source == "table" else "d6tui's roll"
            out.append("\n" if len(roll.caption) + len(source) + 4 > width else "  ")
        out.append(f"({source})", self.get_component_rich_style("dice-tray--source"))
        out.append("\n")
        die_style = self.get_component_rich_style("dice-tray--die")
        # Partial styles add their colour or mark without replacing the die's background.
        dim_style = self.get_component_rich_style("dice-tray--dim", partial=True)
        rows = max(len(die.label.split("\n")) if die.label else 1 for die in roll.dice)
        per_row = max(1, (width + 1) // self.DIE_WIDTH)
        lines = -(-len(roll.dice) // per_row)
        per_row = -(-len(roll.dice) // lines)  # the same count on every row, or near it
        for start in range(0, len(roll.dice), per_row):
            group = roll.dice[start:start + per_row]
            if start:
                out.append("\n")
            for row in range(rows):
                for i, die in enumerate(group):
                    if i:
                        out.append(" ")
                    out.append(self._face_text(die, row).center(5),
                               self._die_style(die, die_style, dim_style))
                out.append("\n")
            for i, die in enumerate(group):
                if i:
                    out.append(" ")
                out.append(die.note[:5].center(5), caption_style)
        # A note (the modifiers, a spell's targets) wraps at the tray's width rather than
        # losing its end on a narrow screen; the dice rows above never wrap.
        width = max(20, width)
        for note in roll.notes:
            for line in textwrap.wrap(note, width, subsequent_indent="  ") or [""]:
                out.append("\n")
                out.append(line, caption_style)
        return out

    def _die_style(self, die: TrayDie, die_style: Style, dim_style: Style) -> Style:
        """The die's look: its face colour on the die, faded when out of play."""
        colour = self.get_component_rich_style(f"dice-tray--{face_look(die.face).colour}",
                                               partial=True)
        style = die_style + colour
        return style + dim_style if die.dim else style

    @staticmethod
    def _face_text(die: TrayDie, row: int) -> str:
        """Row ``row`` of the die's face: its label's line, or its symbol and letter."""
        look = face_look(die.face)
        if die.label:
            lines = die.label.split("\n")
            return lines[row][:5] if row < len(lines) else ""
        if row:
            return ""
        if look.symbol == look.letter:
            return f" {look.symbol} "
        return f" {look.symbol}{look.letter} "
