"""Small modal screens shared by every screen: questions, messages, text and choices (a
save that cannot be opened: :mod:`.load_error`).

Each one returns a typed result through ``dismiss`` (None when cancelled with Escape), so a
worker can ``await app.push_screen_wait(...)`` it (STYLE "Screens, widgets, messages").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Generic, TypeVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from d6tui.ui.screens.dialog import DialogScreen
from d6tui.ui.widgets.field import Field

T = TypeVar("T")

CANCEL = Binding("escape", "cancel", "Cancel", id="modal.cancel")
#: ``q`` quits from a box too, as everywhere (README "Keys"); a box with a text field keeps
#: ``q`` for typing (the field takes the key first), so there only ctrl+q quits.
QUIT = Binding("q", "app.quit", "Quit", show=False, id="modal.quit")


class _Modal(DialogScreen[T]):
    """A centred box that Escape cancels (dismissing None), with its keys in its own footer
    and ``?`` for help (:class:`~d6tui.ui.screens.dialog.DialogScreen`)."""

    CSS_PATH = Path(__file__).with_name("modals.tcss")
    BINDINGS = [CANCEL, QUIT]

    #: Help shown by ``?`` while this box is open.
    HELP = ("A question d6tui needs answered before it goes on. Answer it, or press Escape to "
            "cancel: nothing is recorded until you confirm. q (or ctrl+q while typing) quits "
            "d6tui. The footer shows this box's keys; ? (f1 while typing in a field) opens "
            "this help.")
    #: Keys a field of this box takes that are no bindings (Enter in a text field), as
    #: ``(keys, what they do, "")`` rows for its help's keys table.
    HELP_KEYS: tuple[tuple[str, str, str], ...] = ()

    def action_cancel(self) -> None:
        """Close without a result."""
        self.dismiss(None)


#: The base of d6tui's modal boxes, for game screens that make their own.
Modal = _Modal


class ConfirmModal(_Modal[bool]):
    """Ask yes or no; dismisses True only for yes.

    Args:
        question: what is asked, ending with a question mark.
        yes: the label of the yes button ("Delete").
        no: the label of the no button ("Keep it").
    """

    BINDINGS = [
        CANCEL,
        Binding("y", "answer(True)", "Yes", id="modal.yes"),
        Binding("n", "answer(False)", "No", id="modal.no"),
    ]

    def __init__(self, question: str, yes: str = "Yes", no: str = "Keep it") -> None:
        super().__init__()
        self.question = question
        self.yes = yes
        self.no = no

    def compose(self) -> ComposeResult:
        with Vertical(classes="modal-box"):
            yield Static(self.question, classes="modal-question", markup=False)
            with Horizontal(classes="modal-buttons"):
                yield Button(f"{self.yes} (y)", id="yes", variant="error")
                yield Button(f"{self.no} (n)", id="no")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def action_answer(self, answer: bool) -> None:
        """Close with ``answer``."""
        self.dismiss(answer)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")


class MessageModal(_Modal[bool]):
    """Show a message until dismissed (Enter or Escape); a long one scrolls (arrows, page
    keys)."""

    BINDINGS = [
        Binding("escape", "cancel", "Close", id="modal.cancel"),  # nothing to cancel here
        Binding("enter", "cancel", "Close", id="modal.close"),
        Binding("down,j", "scroll(1)", "Down", show=False, id="modal.down"),
        Binding("up,k", "scroll(-1)", "Up", show=False, id="modal.up"),
        Binding("pagedown,space", "scroll(8)", "Page down", show=False, id="modal.pagedown"),
        Binding("pageup", "scroll(-8)", "Page up", show=False, id="modal.pageup"),
    ]

    def __init__(self, title: str, message: str) -> None:
        super().__init__()
        self.title_text = title
        self.message = message

    def compose(self) -> ComposeResult:
        with Vertical(classes="modal-box"):
            yield Static(self.title_text, classes="modal-title")
            with VerticalScroll(classes="modal-scroll", id="message"):
                yield Static(self.message, classes="modal-question", markup=False)
            with Horizontal(classes="modal-buttons"):
                yield Button("OK", id="ok", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#ok", Button).focus()

    def action_scroll(self, lines: int) -> None:
        """Scroll the message by ``lines``."""
        self.query_one("#message", VerticalScroll).scroll_relative(y=lines, animate=False)

    @on(Button.Pressed)
    def _pressed(self) -> None:
        self.dismiss(True)


class TextPrompt(_Modal[str]):
    """Ask for one line of text; Enter submits, the check's message is shown inline.

    Args:
        title: the question.
        value: the starting text.
        placeholder: a hint shown in the empty field.
        empty_ok: whether an empty answer may be given (it rubs a name out).
        check: what is wrong with an answer, in one line ("" when it is fine); a wrong
            answer is shown under the field and the box stays open with the text kept.
    """

    HELP_KEYS = (("enter", "Accept the text typed", ""),)

    def __init__(self, title: str, value: str = "", placeholder: str = "",
                 *, empty_ok: bool = False, check: Callable[[str], str] | None = None
                 ) -> None:
        super().__init__()
        self.title_text = title
        self.value = value
        self.placeholder = placeholder
        self.empty_ok = empty_ok
        self.check = check

    def compose(self) -> ComposeResult:
        with Vertical(classes="modal-box"):
            yield Static(self.title_text, classes="modal-title", markup=False)
            yield Field(self.value, placeholder=self.placeholder, id="text")
            yield Label("", classes="modal-error", id="error", markup=False)
            yield Static("Enter to accept, Escape to cancel", classes="modal-hint")

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        value = event.value.strip()
        if not value and not self.empty_ok:
            self.query_one("#error", Label).update("Type something, or Escape to cancel.")
            return
        wrong = self.check(value) if self.check is not None else ""
        if wrong:
            self.query_one("#error", Label).update(wrong)
            return
        self.dismiss(value)


class RenameModal(_Modal[tuple[str, bool]]):
    """Ask for a save's new title, and whether to rename its file too.

    Dismisses ``(title, rename_file)``.
    """

    BINDINGS = [CANCEL, Binding("ctrl+f", "toggle_file", "Rename file too", id="rename.file")]

    def __init__(self, title: str) -> None:
        super().__init__()
        self.current = title

    def compose(self) -> ComposeResult:
        from textual.widgets import Checkbox

        with Vertical(classes="modal-box"):
            yield Static("Rename the game", classes="modal-title")
            yield Field(self.current, id="title")
            yield Checkbox("Rename the save file to match (ctrl+f)", True, id="file")
            yield Label("", classes="modal-error", id="error", markup=False)
            yield Static("Enter to rename, Escape to cancel", classes="modal-hint")

    def on_mount(self) -> None:
        self.query_one("#title", Input).focus()

    def action_toggle_file(self) -> None:
        """Flip the rename-the-file checkbox."""
        from textual.widgets import Checkbox

        self.query_one("#file", Checkbox).toggle()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        from textual.widgets import Checkbox

        title = event.value.strip()
        if not title:
            self.query_one("#error", Label).update("A game needs a name.")
            return
        self.dismiss((title, self.query_one("#file", Checkbox).value))


#: The marks of a multiple-choice row, as text so that they read without colour (NO_COLOR).
PICKED, NOT_PICKED = "[x] ", "[ ] "


#: Seconds a typed digit waits for a second one in a list of ten or more options.
NUMBER_WAIT = 0.8


class ChoiceModal(_Modal[Any], Generic[T]):
    """Pick one option (number keys or arrows + Enter), or several when ``multiple``.

    In a list of up to nine options a digit picks at once. In a longer list the digits of a
    number are gathered: the option so far is highlighted and taken when no longer number
    can follow (``2`` of 15), when Enter is pressed, or after :data:`NUMBER_WAIT` seconds
    with no further digit (``1``, then ``2``: option 12).

    With ``multiple`` each row starts with ``[x]`` (picked) or ``[ ]``, so what is picked reads
    without colour; ``tally`` adds a running line (the Rep or the money picked so far) and
    ``check`` is asked before the box closes, so a pick the rules refuse keeps it open with
    the reason instead of starting the whole choice again.

    Args:
        title: the question ("Which bandits do you cash in?").
        options: ``(label, value)`` pairs.
        multiple: pick several (Space or a number toggles, Enter accepts); dismisses a list of
            values.
        minimum: the fewest picks accepted when ``multiple``.
        maximum: the most picks accepted when ``multiple`` (None: any).
        note: one line under the question.
        tally: ``tally(values picked)`` is one line shown under the list (``multiple``).
        check: ``check(values picked)`` is why they cannot be accepted, or "" (``multiple``).
        keys: each option's own key, shown in front of it instead of its number and taking
            it (digits or letters; a key of several characters is typed whole): a
            combatant's key for the fight, the same in every list.
        picked: the options picked to begin with (``multiple``), by index.
        numbers: the number shown and typed for each option (distinct, 0 and up), when the
            options have numbers of their own (a map's spaces); default 1, 2, 3...
        escape: what Escape does, in the hint's words ("cancels"; "keeps the dice as
            rolled" where dismissing is an answer of its own).
    """

    HELP = ("Pick an option by its number (or by its own key, shown in [ ]), or move to it "
            "with the arrows and press Enter. In a list of ten or more, type both digits of a "
            "number (1 then 2 for 12); Enter takes a number still being typed. Where several "
            "may be picked, Space or a number marks [x] or clears [ ] an option and Enter "
            "accepts them. Escape cancels, unless the box says it keeps something instead. "
            "Nothing is recorded until you answer; q quits d6tui.")

    BINDINGS = [
        CANCEL,
        # Priority, or the OptionList would take Enter to select the option under the cursor.
        Binding("enter", "accept", "Accept", priority=True, id="modal.accept"),
        # Shown in a multiple choice only (check_action: a single pick has no toggle).
        Binding("space", "toggle_pick", "Mark / clear", id="modal.toggle",
                tooltip="Mark [x] or clear [ ] the option under the cursor"),
        # Priority too: a priority key is acted on at once by the app, any other key only
        # when the list gets it, so a digit and Enter sent together ("2" Enter in one burst
        # from a terminal) would otherwise reach Enter first and lose the digit's pick.
        *[Binding(str(n), f"digit({n})", f"Pick {n}", show=False, id=f"modal.pick{n}",
                  priority=True,
                  tooltip="Pick the option with this number (two digits in a long list)")
          for n in range(10)],
    ]

    def __init__(
        self,
        title: str,
        options: Sequence[tuple[str, T]],
        *,
        multiple: bool = False,
        minimum: int = 1,
        maximum: int | None = None,
        note: str = "",
        tally: Callable[[list[T]], str] | None = None,
        check: Callable[[list[T]], str] | None = None,
        keys: Sequence[str] | None = None,
        picked: Sequence[int] = (),
        numbers: Sequence[int] | None = None,
        escape: str = "cancels",
    ) -> None:
        super().__init__()
        self.title_text = title
        self.escape = escape
        self.options = list(options)
        if keys is not None and len(keys) != len(self.options):
            raise ValueError("one key for each option")
        self.keys = list(keys) if keys is not None else None
        #: The number of each option (what is shown and typed).
        self.numbers = list(numbers) if numbers is not None else list(
            range(1, len(self.options) + 1))
        if len(self.numbers) != len(self.options) or len(set(self.numbers)) != len(
                self.numbers) or min(self.numbers, default=0) < 0:
            raise ValueError("one distinct number (0 and up) for each option")
        if keys is not None and numbers is not None:
            raise ValueError("an option has its own key or its own number, not both")
        self.multiple = multiple
        self.minimum = minimum
        self.maximum = maximum
        self.note = note
        self.tally = tally
        self.check = check
        #: The indexes picked so far (``multiple``).
        self.picked: set[int] = set(picked)
        #: Digits typed so far of an option's number, in a list of ten or more.
        self.typed = ""
        self._typed_timer: Any = None

    def compose(self) -> ComposeResult:
        with Vertical(classes="modal-box"):
            yield Static(self.title_text, classes="modal-title", markup=False)
            if self.note:
                yield Static(self.note, classes="modal-hint", markup=False)
            if self.multiple:
                yield OptionList(*[Option(self._row(i), id=str(i))
                                   for i in range(len(self.options))], id="choices")
                yield Static(self._tally_text(), id="tally", markup=False)
                hint = ("Space or a number: pick [x] or unpick [ ]. Enter accepts, Esc "
                        + self.escape)
                if self.keys is not None:
                    hint = ("Space or a key: pick [x] or unpick [ ]. Enter accepts, Esc "
                            + self.escape)
                elif self.long:
                    hint = ("Space or a number (two digits: 1 2) picks [x] or unpicks [ ]."
                            " Enter accepts, Esc " + self.escape)
            else:
                yield OptionList(
                    *[Option(self._row(i), id=str(i)) for i in range(len(self.options))],
                    id="choices",
                )
                hint = f"A number or Enter picks, Escape {self.escape}"
                if self.keys is not None:
                    hint = f"A key in [ ] or Enter picks, Escape {self.escape}"
                elif self.long:
                    top = str(max(n for n in self.numbers if n >= 10))
                    hint = (f"Type the number ({' '.join(top)} for {top}) or Enter picks, "
                            f"Escape {self.escape}")
            yield Label("", classes="modal-error", id="error", markup=False)
            yield Static(hint, classes="modal-hint", markup=False)

    def on_mount(self) -> None:
        self.query_one("#choices").focus()

    def _row(self, i: int) -> Text:
        # Text, not str: a label (a player's name) may hold square brackets.
        number = f"[{self.keys[i]}]" if self.keys is not None else f"{self.numbers[i]}."
        label = f"{number} {self.options[i][0]}"
        if not self.multiple:
            return Text(label)
        if i in self.picked:
            return Text.assemble((PICKED, "bold"), (label, "bold"))
        return Text.assemble(NOT_PICKED, label)

    def _values(self) -> list[T]:
        return [self.options[i][1] for i in sorted(self.picked)]

    def _tally_text(self) -> str:
        n = len(self.picked)
        line = f"{n} picked" if n else "Nothing picked yet"
        if self.tally is not None:
            line += f": {self.tally(self._values())}"
        return line

    def toggle(self, i: int) -> None:
        """Pick option ``i`` (0-based), or unpick it when it is picked (``multiple``)."""
        self.picked ^= {i}
        self.query_one("#choices", OptionList).replace_option_prompt_at_index(i, self._row(i))
        self.query_one("#tally", Static).update(self._tally_text())
        self.query_one("#error", Label).update("")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Space toggles only in a multiple choice."""
        if action == "toggle_pick":
            return self.multiple
        return super().check_action(action, parameters)

    def action_toggle_pick(self) -> None:
        """Space: pick or unpick the option under the cursor."""
        highlighted = self.query_one("#choices", OptionList).highlighted
        if self.multiple and highlighted is not None:
            self.toggle(highlighted)

    @property
    def long(self) -> bool:
        """A number of two digits (ten options or more): digits are gathered."""
        return max(self.numbers, default=0) >= 10

    def key_of(self, index: int) -> str:
        """The key that picks option ``index`` (0-based): its own key, or its number."""
        return self.keys[index] if self.keys is not None else str(self.numbers[index])

    def on_key(self, event: events.Key) -> None:
        """An option's own letter key (``keys``; digits come through :meth:`action_digit`)."""
        if self.keys is None:
            return
        ch = event.character or ""
        if not ch or not ch.isprintable() or ch.isdigit() or event.key in (
                "enter", "escape", "space"):
            return
        if self._own_key(ch):
            event.stop()
            event.prevent_default()

    def _own_key(self, ch: str) -> bool:
        """Take one character of an option's own key; False when no key goes on with it."""
        assert self.keys is not None
        typed = self.typed + ch
        if not any(k.startswith(typed) for k in self.keys):
            return False
        self.typed = ""
        if typed in self.keys and sum(k.startswith(typed) for k in self.keys) == 1:
            self._show_typed()
            self._pick_index(self.keys.index(typed))
            return True
        self.typed = typed
        self._show_typed()
        return True

    def action_digit(self, d: int) -> None:
        """A digit key: pick at once in a short list; gather the number in a long one."""
        if self.keys is not None:
            if not self._own_key(str(d)):
                self._no_option(str(d))
            return
        if not self.long:
            self.action_pick(d)
            return
        shown = [str(n) for n in self.numbers]
        typed = self.typed + str(d)
        if not any(n.startswith(typed) for n in shown):
            typed = str(d) if any(n.startswith(str(d)) for n in shown) else ""
        self._stop_timer()
        if not typed:
            wrong, self.typed = self.typed + str(d), ""
            self._no_option(wrong)
            return
        self.typed = typed
        if not any(n.startswith(typed) and n != typed for n in shown):
            self._take_typed()  # no longer number can follow: take it now
            return
        if typed in shown:
            self.query_one("#choices", OptionList).highlighted = shown.index(typed)
        self._show_typed()
        self._typed_timer = self.set_timer(NUMBER_WAIT, self._take_typed)

    def _stop_timer(self) -> None:
        if self._typed_timer is not None:
            self._typed_timer.stop()
            self._typed_timer = None

    def _show_typed(self) -> None:
        self.query_one("#error", Label).update(
            f"Number {self.typed}… (another digit, or Enter)" if self.typed else "")

    def _take_typed(self) -> None:
        """Act on the number gathered so far (pick it, or toggle it when ``multiple``)."""
        self._stop_timer()
        typed, self.typed = self.typed, ""
        self._show_typed()
        if typed and self.keys is not None:
            if typed in self.keys:
                self._pick_index(self.keys.index(typed))
            else:
                self._no_option(typed)
            return
        if typed:
            self.action_pick(int(typed))

    def action_pick(self, n: int) -> None:
        """Pick (or toggle, when ``multiple``) the option numbered ``n``."""
        if n in self.numbers:
            self._pick_index(self.numbers.index(n))
        else:
            self._no_option(str(n))

    def _no_option(self, typed: str) -> None:
        """Say in one line that no option has the number (or key) ``typed``."""
        if self.keys is not None:
            have = ", ".join(self.keys)
        else:
            nums = sorted(self.numbers)
            have = (f"{nums[0]}-{nums[-1]}" if len(nums) > 2 and nums == list(
                range(nums[0], nums[-1] + 1)) else ", ".join(map(str, nums)))
        self.query_one("#error", Label).update(f"No option {typed} here: type {have}")

    def _pick_index(self, i: int) -> None:
        """Pick (or toggle, when ``multiple``) option ``i`` (0-based)."""
        if self.multiple:
            self.query_one("#choices", OptionList).highlighted = i
            self.toggle(i)
        else:
            self.dismiss(self.options[i][1])

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        index = int(event.option.id or 0)
        if self.multiple:  # a click toggles
            self.toggle(index)
        else:
            self.dismiss(self.options[index][1])

    def action_accept(self) -> None:
        """Enter: take the option under the cursor, or (``multiple``) the options picked.

        A number still being typed (a long list) is taken first: in a multiple choice Enter
        then toggles it and leaves the list open."""
        if self.typed:
            self._take_typed()
            return
        if not self.multiple:
            highlighted = self.query_one("#choices", OptionList).highlighted
            if highlighted is not None:
                self.dismiss(self.options[highlighted][1])
            return
        error = self.query_one("#error", Label)
        picked = self._values()
        if len(picked) < self.minimum:
            error.update(f"Pick at least {self.minimum} (Space or a number picks).")
            return
        if self.maximum is not None and len(picked) > self.maximum:
            error.update(f"Pick at most {self.maximum}.")
            return
        problem = self.check(picked) if self.check is not None else ""
        if problem:
            error.update(problem)
            return
        self.dismiss(picked)
