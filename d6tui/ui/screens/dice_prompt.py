"""The one dice prompt: faces typed from dice rolled at the table, checked as typed, with
"roll it for me" where the caller lets d6tui roll instead (DESIGN "The log": table dice)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Label, Static

from d6tui.engine.dice import (
    CustomDie,
    DiceError,
    is_total,
    parse_typed_faces,
    parse_typed_pips,
    parse_typed_total,
    table_roll_custom,
    typed_number,
)
from d6tui.ui.screens.modals import CANCEL, QUIT, TextPrompt, _Modal
from d6tui.ui.widgets.faces import face_aliases, face_label, face_look
from d6tui.ui.widgets.field import Field
from d6tui.words import plural

#: What :class:`TableDiceInput` dismisses when asked to let d6tui roll this one.
ROLL_FOR_ME: dict = {"roll_for_me": True}


class TableDiceInput(_Modal[dict]):
    """Type the faces of dice rolled at the table instead of letting d6tui roll.

    The faces are checked with :mod:`d6tui.engine.dice` (count and range); a problem is shown
    under the field and what was typed stays there to be fixed. Dismisses the roll dict
    (``source = "table"``), :data:`ROLL_FOR_ME` (ctrl+r, where ``roll_for_me``), or None on
    Escape.

    Args:
        prompt: what the roll is for ("Roll 4 Shooter dice for Black Bart").
        count: how many dice to type.
        sides: the die size for numbered dice.
        die: a die with named faces (the Shooter die); names, letters, symbols and 1-6 work.
        roll_for_me: offer ctrl+r, which lets d6tui roll this one instead.
        total_ok: a total typed for the whole roll (``=11``) is taken too, where only the
            total matters (``DiceRequest.total_ok``; numbered dice).
    """

    BINDINGS = [CANCEL, QUIT, Binding("ctrl+r", "roll_for_me", "Roll it for me",
                                      id="table_dice.roll_for_me")]
    HELP_KEYS = (("enter", "Accept the faces typed", ""),)

    def __init__(
        self, prompt: str, count: int, *, sides: int = 6, die: CustomDie | None = None,
        roll_for_me: bool = False, total_ok: bool = False,
    ) -> None:
        super().__init__()
        self.prompt = prompt
        self.count = count
        self.sides = sides
        self.die = die
        self.roll_for_me = roll_for_me
        self.total_ok = total_ok and die is None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """ctrl+r only where the caller can let d6tui roll."""
        if action == "roll_for_me":
            return self.roll_for_me
        return super().check_action(action, parameters)

    def action_roll_for_me(self) -> None:
        """Let d6tui roll this one."""
        self.dismiss(ROLL_FOR_ME)

    def compose(self) -> ComposeResult:
        with Vertical(classes="modal-box"):
            yield Static("Table dice", classes="modal-title")
            yield Static(self.prompt, classes="modal-question", markup=False)
            if self.die is not None:
                aliases = face_aliases(self.die.faces)
                faces = "  ".join(
                    f"{face_label(f)} {f}" if face_look(f).letter.lower() in aliases else f
                    for f in self.die.faces)
                example = " ".join(self.die.faces[:min(self.count, 2)])
                hint = f"Type {plural(self.count, 'face')}, e.g. '{example}'. {faces}"
            else:
                hint = (f"Type {plural(self.count, 'number')} from 1 to {self.sides}, "
                        f"e.g. '{'3' if self.count == 1 else '3 5'}'.")
                if self.total_ok and self.count > 1:
                    hint += f" Only the total matters: '={self.count * (self.sides + 1) // 2}'"
                    hint += " is enough."
            yield Static(hint, classes="modal-hint", markup=False)
            yield Field(placeholder="faces, separated by spaces", id="faces")
            yield Label("", classes="modal-error", id="error")
            more = ", ctrl+r to let d6tui roll them" if self.roll_for_me else ""
            yield Static(f"Enter to use these dice{more}, Escape to cancel (nothing is rolled)",
                         classes="modal-hint", markup=False)

    def on_mount(self) -> None:
        self.query_one("#faces", Input).focus()

    def read_faces(self, text: str) -> dict:
        """The roll for ``text``.

        Raises:
            DiceError: the faces are not right (count, range, unknown face).
        """
        if self.die is None:
            if self.total_ok and is_total(text):
                return parse_typed_total(text, self.count, self.sides)
            return parse_typed_pips(text, self.count, self.sides)
        aliases = face_aliases(self.die.faces)
        parts = parse_typed_faces(text)
        if len(parts) == 1 and self.count > 1 and len(parts[0]) > 1 and all(
            c.lower() in aliases or typed_number(c) is not None for c in parts[0]
        ) and (len(parts[0]) == self.count or not self._is_face(parts[0])):
            parts = list(parts[0])  # "hsj" typed without spaces
        parts = [aliases.get(p.lower(), aliases.get(p, p)) for p in parts]
        wrong = next((p for p in parts if not self._is_face(p)), None)
        if len(parts) != self.count:  # the count first: seven dice typed for six
            extra = f" ('{wrong}' is not a face of the {self.die.name} die)" if wrong else ""
            raise DiceError(f"type {plural(self.count, 'die', 'dice')}, not {len(parts)}"
                            f"{extra}")
        return table_roll_custom(self.die, parts, self.count)

    def _is_face(self, text: str) -> bool:
        """Whether ``text`` reads as one face of the custom die."""
        assert self.die is not None
        try:
            self.die.parse_face(text)
        except DiceError:
            return False
        return True

    @on(Input.Changed)
    def _changed(self) -> None:
        self.query_one("#error", Label).update("")

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        try:
            roll = self.read_faces(event.value)
        except DiceError as e:
            self.query_one("#error", Label).update(str(e))
            return
        self.dismiss(roll)


class DrawPrompt(TextPrompt):
    """Ask what was drawn at the table (a colour from D6 Dungeon's bag), with ctrl+r to let
    d6tui draw this one instead (it dismisses :data:`ROLL_FOR_ME`); Escape cancels.

    Args:
        title: the question ("Which colour did you draw?").
        placeholder: a hint shown in the empty field.
    """

    BINDINGS = [Binding("ctrl+r", "roll_for_me", "Draw it for me",
                        id="table_dice.draw_for_me")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="modal-box"):
            yield Static(self.title_text, classes="modal-title", markup=False)
            yield Field(self.value, placeholder=self.placeholder, id="text")
            yield Label("", classes="modal-error", id="error", markup=False)
            yield Static("Enter to accept, ctrl+r to let d6tui draw it, Escape to cancel",
                         classes="modal-hint", markup=False)

    def action_roll_for_me(self) -> None:
        """Let d6tui draw this one."""
        self.dismiss(ROLL_FOR_ME)  # type: ignore[arg-type]
