"""Simple Six modals: table dice for a wild-die roll, the character-making form with every
rule checked as it is typed, the round's declared actions, and the session's awards.

Each returns a typed result through ``dismiss`` (None on Escape) for ``push_screen_wait``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Input, Label, Static

from d6tui.engine.errors import D6Error, DiceError
from d6tui.games.simple_six.creation import Draft, problems
from d6tui.games.simple_six.settings import CampaignSettings
from d6tui.games.simple_six.typed_dice import check_chain, check_faces, parse_typed_wild
from d6tui.games.simple_six.typed_rolls import dice_thrown, read_wild
from d6tui.ui.screens.dice_prompt import ROLL_FOR_ME
from d6tui.ui.screens.modals import CANCEL, ConfirmModal, _Modal
from d6tui.ui.widgets.field import Field
from d6tui.ui.widgets.fitted_footer import FittedFooter
from d6tui.words import plural

#: The shared modal look, then this module's own.
FORM_CSS: Any = [_Modal.CSS_PATH, Path(__file__).with_name("forms.tcss")]

#: A typed wild-die roll: (ordinary faces, wild chain, extra wild chains).
TypedWild = tuple[list[int], list[int], list[list[int]]]


class WildDiceInput(_Modal[TypedWild]):
    """Type a wild-die roll made at the table: the ordinary dice, then the wild die and each
    reroll of a 6 ("Dice Basics"). ``3 5 2 w 6 4`` or just ``3 5 2 6 4``.

    Dismisses ``(faces, wild, cp_chains)``, checked for count and range, :data:`ROLL_FOR_ME`
    (ctrl+r: d6tui rolls this one), or None. It looks and behaves like
    :class:`~d6tui.ui.screens.dice_prompt.TableDiceInput`, for wild-die rolls.

    Args:
        prompt: what is rolled and for whom.
        roll: the roll as d6tui would make it (its ``rolled`` dice and modifiers).
    """

    HELP_KEYS = (("enter", "Accept the faces typed", ""),)
    BINDINGS = [CANCEL, Binding("ctrl+r", "roll_for_me", "Roll it for me",
                                id="simple_six.roll_for_me")]

    def action_roll_for_me(self) -> None:
        """Let d6tui roll this one (the rest are still typed)."""
        self.dismiss(ROLL_FOR_ME)

    def __init__(self, prompt: str, roll: dict) -> None:
        self.roll = roll
        self.dice = dice_thrown(roll)
        self.cp = len(roll.get("cp_wild", ()))
        mods = "; ".join(roll.get("modifiers", ()))
        text = f"{prompt}\nThrow {roll.get('rolled', roll.get('dice'))}" + (
            f" ({mods})" if mods else "")
        super().__init__()
        self.prompt = text
        #: The faces typed before a wild 6, kept apart from the field ("The Wild Die"): the
        #: field then takes only the new face(s) of the reroll.
        self.kept = ""

    def compose(self) -> ComposeResult:
        with Vertical(classes="modal-box"):
            yield Static("Table dice", classes="modal-title")
            yield Static(self.prompt, classes="modal-question", markup=False)
            extra = f", then {self.cp} extra wild dice" if self.cp else ""
            n = self.dice - 1
            first = (f"Type the {n} ordinary {'die' if n == 1 else 'dice'}, then the wild die"
                     if n else "Type the wild die")
            yield Static(f"{first} and each reroll of a 6{extra}: e.g. '{_example(n, self.cp)}'.",
                         classes="modal-hint", markup=False)
            yield Label("", id="kept")
            yield Field(placeholder="faces, separated by spaces", id="faces")
            yield Label("", classes="modal-error", id="error")
            yield Static("Enter to use these dice, ctrl+r to let d6tui roll this one, Escape"
                         " to cancel", classes="modal-hint")

    def on_mount(self) -> None:
        self.query_one("#faces", Input).focus()

    def read_faces(self, text: str) -> TypedWild:
        """The typed roll.

        Raises:
            DiceError: wrong count, a face out of 1-6, or a chain that stops on a 6.
        """
        return read_wild(text, self.roll)

    def wild_six_pending(self, text: str) -> bool:
        """Whether ``text`` is the whole roll but for the reroll of a wild 6: the right count
        of dice, the last (the wild die, or its last reroll) a 6 ("The Wild Die")."""
        try:  # the roll as it would stand with one more face after the 6
            faces, wild, cps = parse_typed_wild(text.rstrip() + " 1", self.dice)
            check_faces(faces, self.dice - 1)
            check_chain(wild)
        except DiceError:
            return False
        return not cps and len(wild) >= 2 and wild[-2] == 6

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        error = self.query_one("#error", Label)
        whole = f"{self.kept} {event.value}".strip()
        if self.wild_six_pending(whole):
            # only the reroll is asked for: what was typed is kept above the field, which
            # is emptied for the new face
            self.kept = whole
            self.query_one("#kept", Label).update(f"Kept: {whole}")
            error.update("The wild die shows 6: throw it again and type only the new face.")
            event.input.value = ""
            return
        try:
            typed = self.read_faces(whole)
        except DiceError as e:
            # the message and the dice typed stay, for the slip to be fixed in place
            error.update(str(e))
            event.input.cursor_position = len(event.input.value)
            return
        self.dismiss(typed)


def attr_input_id(attribute: str, prefix: str = "attr") -> str:
    """The id of an attribute's field in :class:`CharacterForm` (``attr-might``,
    ``attr-sixth-sense``; ``quasi-spiritual`` with the prefix ``quasi``)."""
    return f"{prefix}-" + "-".join("".join(c if c.isalnum() else " " for c in attribute).split()
                               ).lower()


def split_list(text: str) -> list[str]:
    """``"Sword, Shield"`` -> ``["Sword", "Shield"]`` (commas or semicolons; blanks dropped)."""
    return [p.strip() for p in text.replace(";", ",").split(",") if p.strip()]


def split_codes(text: str) -> dict[str, str]:
    """``"Sword 2D, Athletics: Running 1D"`` -> ``{"Sword": "2D", "Athletics: Running": "1D"}``.

    A name typed without a code is kept with an empty code, which the rules report.
    """
    out: dict[str, str] = {}
    for part in split_list(text):
        name, _, code = part.rpartition(" ")
        if not name:
            name, code = code, ""
        out[name.strip()] = code.strip()
    return out


class CharacterForm(_Modal[Draft]):
    """Make a character: each field is checked against "How to Make a Character" as it is
    typed, and every problem is listed with its SRD section. ``ctrl+s`` adds the character
    once nothing is wrong.

    Args:
        settings: the campaign's rules.
        npc: make a non-player character (no creation budget).
    """

    CSS_PATH = FORM_CSS  # type: ignore[assignment]
    BINDINGS = [
        CANCEL,
        Binding("ctrl+s", "submit", "Add character", id="simple_six.form_add",
                tooltip="Add the character once no rule is broken"),
        Binding("pagedown", "problems(4)", "Problems down", id="simple_six.form_problems_down",
                tooltip="Scroll the list of broken rules down", priority=True),
        Binding("pageup", "problems(-4)", "Problems up", id="simple_six.form_problems_up",
                tooltip="Scroll the list of broken rules up", priority=True),
        # Priority, as Tab (DialogScreen): the keys typed after Enter go to the next field.
        Binding("enter", "app.focus_next", "Next field", show=False, priority=True,
                id="simple_six.form_next"),
    ]

    FIELDS: tuple[tuple[str, str, str], ...] = (
        ("skills", "Skills (dice on top of the attribute)", "Sword 2D, Dodge 1D+1"),
        ("specializations", "Specializations (skill dice spent; 1D buys 3D)",
         "Athletics: Running 1D"),
        ("perks", "Perks", "Elf, Sorcerer"),
        ("complications", "Complications", "Crazy, Enemies"),
        ("weapons", "Weapons", "Sword, Bow"),
        ("armor", "Armor", "Leather, Shield"),
        ("spells", "Spells (2 for each die in Magic)", "Light, Charm"),
    )

    def __init__(self, settings: CampaignSettings, *, npc: bool = False) -> None:
        super().__init__()
        self.settings = settings
        self.npc = npc
        #: What :meth:`_show` last put in each of the form's lines, by the line's id.
        self._shown: dict[str | None, str] = {}

    def compose(self) -> ComposeResult:
        s = self.settings
        with Vertical(classes="modal-box", id="character-form"):
            yield Static("New NPC" if self.npc else "New player character",
                         classes="modal-title")
            with VerticalScroll(id="form-fields"):
                with Horizontal(classes="form-row"):
                    yield Label("Name", classes="form-label")
                    yield Field(placeholder="e.g. Sir Baelen", id="name")
                attrs = s.attributes
                if attrs:
                    n = len(attrs)
                    price = (f", up to {s.price_max} at double cost" if s.price_max else "")
                    quasi = (f"; quasi skills ({', '.join(s.quasi_skills)}) from the same dice,"
                             " 0D allowed" if s.quasi_skills else "")
                    yield Static(
                        f"Attributes: {s.attribute_dice} among the {n}, {s.attribute_min} to "
                        f"{s.attribute_max} each{price}{quasi} (Attributes)",
                        classes="modal-hint", markup=False)
                    boxes = [(s.attribute_name(a), attr_input_id(a), "e.g. 3D") for a in attrs]
                    boxes += [(q, attr_input_id(q, "quasi"), "e.g. 0D") for q in s.quasi_skills]
                    for row in range(0, len(boxes), 4):
                        with Horizontal(id="attrs" if not row else f"attrs-{row}",
                                        classes="form-row attr-row"):
                            for label, box_id, hint in boxes[row:row + 4]:
                                yield Label(label, classes="attr-label", markup=False)
                                yield Field(placeholder=hint, id=box_id)
                else:
                    yield Static("No Attributes: every skill starts at 2D; Toughness resists"
                                 " damage.", classes="modal-hint")
                own = ("its own dice; the attribute is picked when rolling" if
                       s.independent_skills else "dice on top of the attribute")
                yield Static(
                    f"Skills and perks: {s.skill_dice}, at most {s.skill_max} in a skill"
                    f" ({own}). Type names and dice, separated by commas.",
                    classes="modal-hint")
                for key, label, example in self.FIELDS:
                    with Horizontal(classes="form-row"):
                        yield Label(label.split(" (")[0], classes="form-label")
                        yield Field(placeholder=f"e.g. {example}", id=key)
                yield Static(
                    f"Skills of this campaign: {', '.join(n for n, _ in s.skills.skills)}",
                    classes="modal-hint", markup=False)
            with VerticalScroll(id="problems-box"):
                yield Static("", id="problems")
            yield Static(self.SAVE_HINT, classes="modal-hint", id="save-hint")
        yield FittedFooter()

    #: The last line of the form, always on screen (the problem list scrolls above it).
    SAVE_HINT = "ctrl+s adds the character, Escape cancels"

    def on_mount(self) -> None:
        self.query_one("#name", Input).focus()
        self._check()
        self._typed_at_start = self._typed()

    def _typed(self) -> tuple[str, ...]:
        return tuple(field.value for field in self.query(Input).results(Input))

    def action_cancel(self) -> None:
        """Escape: close the form; once something was typed in it, ask first (a character
        half made is not thrown away by one key)."""
        if self._typed() == getattr(self, "_typed_at_start", self._typed()):
            self.dismiss(None)
            return

        def answered(throw_away: bool | None) -> None:
            if throw_away:
                self.dismiss(None)

        self.app.push_screen(ConfirmModal("Throw away this character? Nothing of it is kept.",
                                          yes="Throw it away", no="Keep editing"), answered)

    def action_problems(self, lines: int) -> None:
        """Scroll the list of broken rules by ``lines`` (PageDown/PageUp)."""
        self.query_one("#problems-box", VerticalScroll).scroll_relative(y=lines, animate=False)

    def draft(self) -> Draft:
        """The draft for what is typed."""
        def val(i: str) -> str:
            return self.query_one(f"#{i}", Input).value

        attrs = {a: val(attr_input_id(a)).strip() for a in self.settings.attributes}
        attrs.update({q: val(attr_input_id(q, "quasi")).strip()
                      for q in self.settings.quasi_skills})
        return Draft(
            name=val("name").strip(),
            attributes={a: c for a, c in attrs.items() if c},
            skills=split_codes(val("skills")),
            specializations=split_codes(val("specializations")),
            perks=split_list(val("perks")), complications=split_list(val("complications")),
            weapons=split_list(val("weapons")), armor=split_list(val("armor")),
            spells=split_list(val("spells")), npc=self.npc,
        )

    def problems(self) -> list[str]:
        """Every rule the draft breaks, each with its section."""
        draft = self.draft()
        out: list[str] = []
        try:  # the rules name a missing name too, once
            out += [str(e) for e in problems(draft, self.settings)]
        except D6Error as e:  # a problem the checker could not list one by one
            out.append(str(e))
        return out

    def _show(self, line: Static, text: str) -> None:
        """Put ``text`` in ``line`` unless it is already there: each ``Static.update`` lays
        the whole form out again, and most keys typed leave the list of broken rules and
        the last line as they were."""
        if self._shown.get(line.id) != text:
            self._shown[line.id] = text
            line.update(text)

    def _check(self) -> list[str]:
        found = [self.settings.rename(p) for p in self.problems()]
        box = self.query_one("#problems", Static)
        if found:
            self._show(box, "\n".join(f"\u2717 {p}" for p in found))
            box.set_class(True, "has-problems")
        else:
            self._show(box, "\u2713 every rule of How to Make a Character is kept")
            box.set_class(False, "has-problems")
        hint = self.query_one("#save-hint", Static)
        if not found or hint.has_class("refused"):
            hint.set_class(False, "refused")
            self._show(hint, self.SAVE_HINT)
        return found

    @on(Input.Changed)
    def _changed(self) -> None:
        self._check()

    def action_submit(self) -> None:
        """Add the character if no rule is broken."""
        found = self._check()
        if found:
            # Said on the form's last line, not in a toast that would cover the list.
            hint = self.query_one("#save-hint", Static)
            hint.set_class(True, "refused")
            more = "; PageDown shows them all" if len(found) > 3 else ""
            problems = plural(len(found), "\u2717 problem")
            self._show(hint, f"Not added: fix the {problems} first{more}.")
            return
        self.dismiss(self.draft())


def _example(ordinary: int, cp: int) -> str:
    """Faces to type for ``ordinary`` ordinary dice, a wild die that rolled a 6 and its
    reroll, then ``cp`` extra wild dice: ``"3 5 w 6 2"`` for two ordinary dice."""
    faces = " ".join(str(3 + 2 * (i % 2)) for i in range(ordinary))
    extra = "".join(" w 4" for _ in range(cp))
    return f"{faces} w 6 2{extra}" if ordinary else f"6 2{extra.replace(' w', '')}"


class NumbersModal(_Modal[dict]):
    """Ask for a whole number for each of several names (declared actions, CP awarded...).

    Dismisses ``{key: number}`` (Enter on the last field or ``ctrl+s``).

    Args:
        title: the question.
        rows: ``(key, label, default)`` for each field.
        note: one line of help (with its SRD section).
        minimum: the least number accepted.
        maximum: the most accepted, for every field or by key (9999 unless told: a sheet's
            numbers stay readable and every save holds ordinary 64-bit integers).
        check: called with the numbers when each is in range; a message it returns is shown
            under the fields and the modal stays open (a key named in ``bad`` gets the focus).

    A wrong value keeps the modal open with the error under the fields, and the focus moves
    to the field in error.
    """

    CSS_PATH = FORM_CSS  # type: ignore[assignment]
    BINDINGS = [CANCEL, Binding("ctrl+s", "submit", "Accept", id="simple_six.numbers_ok"),
                # Priority, as Tab (DialogScreen): the keys typed after Enter go to the next
                # field, not to the one Enter left.
                Binding("enter", "enter", "Next field", show=False, priority=True,
                        id="simple_six.numbers_next")]

    def __init__(self, title: str, rows: Sequence[tuple[str, str, int]], *, note: str = "",
                 minimum: int = 0, maximum: int | Mapping[str, int] = 9999,
                 check: Callable[[dict], tuple[str, str] | None] | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.rows = list(rows)
        self.note = note
        self.minimum = minimum
        self.maximum = maximum
        self.check = check

    def most(self, key: str) -> int:
        """The largest number field ``key`` takes."""
        if isinstance(self.maximum, int):
            return self.maximum
        return self.maximum.get(key, 9999)

    def _refuse(self, i: int, message: str) -> None:
        self.query_one("#error", Label).update(message)
        field = self.query_one(f"#n{i}", Input)
        field.focus()

    def compose(self) -> ComposeResult:
        with Vertical(classes="modal-box"):
            yield Static(self.title_text, classes="modal-title", markup=False)
            if self.note:
                yield Static(self.note, classes="modal-hint", markup=False)
            with VerticalScroll(id="numbers"):
                for i, (_key, label, default) in enumerate(self.rows):
                    with Horizontal(classes="number-row"):
                        yield Label(label, classes="number-label", markup=False)
                        yield Field(str(default), id=f"n{i}", type="integer",
                                    classes="number-input")
            yield Label("", classes="modal-error", id="error")
            yield Static("Tab/Enter to move, ctrl+s or Enter on the last to accept",
                         classes="modal-hint")

    def on_mount(self) -> None:
        if self.rows:
            self.query_one("#n0", Input).focus()

    def action_submit(self) -> None:
        """Accept the numbers or say which one is wrong."""
        out = {}
        for i, (key, label, _d) in enumerate(self.rows):
            text = self.query_one(f"#n{i}", Input).value.strip()
            most = self.most(key)
            if not text:  # an emptied field is a slip, not a silent 0
                self._refuse(i, f"{label}: empty; type a whole number, {self.minimum} to"
                                f" {most}")
                return
            try:
                n = int(text)
            except ValueError:
                n = self.minimum - 1
            if not self.minimum <= n <= most:
                self._refuse(i, f"{label}: a whole number, {self.minimum} to {most}")
                return
            out[key] = n
        if self.check is not None:
            bad = self.check(out)
            if bad is not None:
                keys = [k for k, _l, _d in self.rows]
                self._refuse(keys.index(bad[0]) if bad[0] in keys else 0, bad[1])
                return
        self.dismiss(out)

    def action_enter(self) -> None:
        """Enter: on the last field accept the numbers, on another go to the next."""
        focused = self.focused
        if focused is None:
            self.action_submit()
        elif focused.id == f"n{len(self.rows) - 1}":
            # Read once the field has taken the keys typed before Enter (this binding runs
            # as the app takes the key, ahead of them).
            focused.call_later(self.action_submit)
        else:
            self.focus_next()

