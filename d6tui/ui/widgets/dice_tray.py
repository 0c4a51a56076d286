"""The DiceTray: the last roll, die by die, and who rolled it (the app or the table)."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from pathlib import Path

from rich.text import Text
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
            out.append("  ")
        out.append(f"({source})", self.get_component_rich_style("dice-tray--source"))
        out.append("\n")
        die_style = self.get_component_rich_style("dice-tray--die")
        # Partial styles add their colour or mark without replacing the die's background.
        dim_style = self.get_component_rich_style("dice-tray--dim", partial=True)
        rows = max(len(die.label.split("\n")) if die.label else 1 for die in roll.dice)
        for row in range(rows):
            for i, die in enumerate(roll.dice):
                look = face_look(die.face)
                colour = self.get_component_rich_style(f"dice-tray--{look.colour}",
                                                       partial=True)
                style = die_style + colour
                if die.dim:
                    style = style + dim_style
                if die.label:
                    lines = die.label.split("\n")
                    text = lines[row][:5] if row < len(lines) else ""
                elif row:
                    text = ""
                elif look.symbol == look.letter:
                    text = f" {look.symbol} "
                else:
                    text = f" {look.symbol}{look.letter} "
                if i:
                    out.append(" ")
                out.append(text.center(5), style)
            out.append("\n")
        for i, die in enumerate(roll.dice):
            if i:
                out.append(" ")
            out.append(die.note[:5].center(5), caption_style)
        # A note (the modifiers, a spell's targets) wraps at the tray's width rather than
        # losing its end on a narrow screen; the dice rows above never wrap.
        width = max(20, self.size.width or 80)
        for note in roll.notes:
            for line in textwrap.wrap(note, width, subsequent_indent="  ") or [""]:
                out.append("\n")
                out.append(line, caption_style)
        return out
