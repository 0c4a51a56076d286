"""The new-game form: players and title, checked by the game's rules before anything is saved."""

from __future__ import annotations

from dataclasses import dataclass

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Input, Label, Static, Switch

from d6tui.engine.errors import D6Error, RuleError
from d6tui.engine.game import OptionField
from d6tui.engine.registry import GameInfo
from d6tui.ui.screens.modals import CANCEL, _Modal
from d6tui.ui.widgets.field import Field
from d6tui.ui.widgets.fitted_footer import FittedFooter


@dataclass(frozen=True)
class NewGameRequest:
    """What the form returns.

    Attributes:
        game: the game's slug.
        options: setup choices already accepted by the rules' ``check_options``.
        title: the title typed, or None for the rules' default.
    """

    game: str
    options: dict
    title: str | None




def read_players(text: str) -> list[str]:
    """Split typed names ("Ann, Bob , Cid") into a list.

    An empty piece between commas ("Ann,,Bob") is kept as ``""`` so that the form can refuse
    it (a forgotten name must not quietly make a smaller game); only one comma at the very end
    ("Ann, Bob,") is forgiven. Nothing typed gives ``[]``.
    """
    if not text.strip():
        return []
    names = [n.strip() for n in text.replace(";", ",").split(",")]
    if len(names) > 1 and not names[-1]:
        names.pop()
    return names


def rules_limit(slug: str, name: str) -> int | None:
    """A limit the game's rules module declares (``NAME_MAX``, ``SEED_MAX``), or None."""
    import importlib

    from d6tui.engine.registry import game_info

    try:
        module = game_info(slug).definition_at.partition(":")[0]
        value = getattr(importlib.import_module(module), name, None)
    except (D6Error, ImportError):
        return None
    return value if isinstance(value, int) else None


def field_hint(f: OptionField) -> str:
    """The line above a schema field's input: its help and its limits."""
    text = f.help or f.label
    if f.kind == "names" and f.name_max:
        text += f" (at most {f.name_max} characters each)"
    elif f.kind == "int" and f.min is not None and f.max is not None:
        text += f" ({f.min}-{f.max})"
    elif f.kind == "choice":
        text += " (" + ", ".join(v for v, _ in f.choices) + ")"
    elif f.kind == "bool":  # a switch (:class:`YesNo`), not typed: no "empty: False"
        return f"{f.label} ({f.help}):" if f.help else f"{f.label}:"
    if f.default is not None and f.kind != "names":
        text += f"; empty: {f.default}"
    return text + ":"


def field_placeholder(f: OptionField) -> str:
    """The words shown in a schema field's empty input: an example (names: as many as the
    field takes, "e.g. Ann, Bob" for two at most), or what an empty field means ("3 if left
    empty"); none for an optional list such as the board game's Guardians left out, whose
    help lists what it takes: people's names there mislead)."""
    if f.kind == "names" and f.optional and f.default is None and not f.min:
        return ""
    if f.kind == "names":
        most = f.max if f.max is not None else 3
        return "e.g. " + ", ".join(("Ann", "Bob", "Cid")[:max(1, min(3, most))])
    return "" if f.default is None else f"{f.default} if left empty"


def yes_no(value: bool) -> str:
    """A yes/no option's value as a player reads it beside its switch."""
    return ("Yes" if value else "No") + "  (space switches it)"


class YesNo(Horizontal):
    """A yes/no option of the schema (``kind="bool"``): a switch and the word it stands at
    ("Yes" or "No"), starting at the field's default. Space or Enter switches it.

    Args:
        field: the option; its name is the switch's id, so the form reads ``#name``.
    """

    DEFAULT_CSS = """
    YesNo { height: auto; }
    YesNo > Switch { margin: 0 1 0 0; }
    YesNo > .yes-no { padding: 1 0 0 0; width: auto; }
    """

    def __init__(self, field: OptionField) -> None:
        super().__init__(classes="yes-no-field")
        self.field = field

    def compose(self) -> ComposeResult:
        value = bool(self.field.default)
        yield Switch(value=value, id=self.field.name, tooltip=self.field.help or None)
        yield Static(yes_no(value), classes="yes-no", id=f"{self.field.name}-word",
                     markup=False)

    @on(Switch.Changed)
    def _switched(self, event: Switch.Changed) -> None:
        self.query_one(".yes-no", Static).update(yes_no(event.value))


def seed_problem(text: str, seed_max: int | None) -> str:
    """Why ``text`` is not a seed ("" when it is one, or empty); the range is the rules'."""
    text = text.strip()
    if not text or text.isdigit():
        return ""
    whole = f"a whole number from 0 to {seed_max}" if seed_max is not None else \
        "a whole number"
    return f"the seed must be {whole} (digits only), not {text!r}"


def say(label: Label, text: str) -> None:
    """Show ``text`` in an error line, or hide the line when ``text`` is empty."""
    label.update(text)
    label.display = bool(text)


class NewGameForm(_Modal[NewGameRequest]):
    """Ask for the players and a title for a new game of ``game``.

    The fields scroll (a long schema, such as the D6 board game's, does not fit 24 lines) and
    the focused one is kept in view. The rules check the options (player count, names); their
    message is shown next to the field it is about, which gets the focus, and nothing typed
    is lost.
    """

    HELP = ("The setup of a new game: fill in the fields (the words by each field say what "
            "it takes, and what an empty one means), then ctrl+s or Enter starts it. Nothing "
            "is saved until the game starts; Escape leaves without one. A field the rules "
            "refuse shows why under it and gets the focus, with what you typed kept. Tab and "
            "shift+Tab move between the fields; ctrl+q quits d6tui; f1 (? when no field has "
            "the focus) opens this help.")
    HELP_KEYS = (("enter", "In a field: start the game (from the players: to the title)", ""),)

    BINDINGS = [
        CANCEL,
        Binding("ctrl+s", "submit", "Start", id="new_game.start"),
        # Priority: the app runs these before it hands the next key of a burst to a widget,
        # so a letter typed right after Tab goes to the field Tab moved to.
        Binding("tab", "app.focus_next", "Next field", priority=True, id="new_game.next"),
        Binding("shift+tab", "app.focus_previous", "Previous field", priority=True,
                id="new_game.previous"),
        # Enter in a text field, at priority too: from the players the keys typed next go
        # to the title (a button or switch takes its own Enter: :meth:`check_action`).
        Binding("enter", "field_enter", "Start", show=False, priority=True,
                id="new_game.enter"),
    ]

    def __init__(self, game: GameInfo) -> None:
        super().__init__()
        self.game = game
        #: The options schema's fields, each an Input (games with a setup widget: none).
        self.fields: tuple[OptionField, ...] = () if game.setup else game.definition().options

    def compose(self) -> ComposeResult:
        # A setup widget's form scrolls as a whole, its error and buttons docked at its foot
        # (``-with-setup`` in modals.tcss).
        box = "modal-box -with-setup" if self.game.setup is not None else "modal-box"
        with Vertical(classes=box, id="new-game"):
            yield Static(f"New game of {self.game.name}", classes="modal-title")
            if self.game.setup is not None:
                # The setup widget makes this box scroll as a whole (its own CSS).
                yield from self._fields()
            else:
                with VerticalScroll(id="new-game-fields"):
                    yield from self._fields()
            yield Label("", classes="modal-error", id="error", markup=False)
            with Horizontal(classes="modal-buttons"):
                yield Button("Start (ctrl+s)", id="start", variant="primary")
                yield Button("Cancel (esc)", id="cancel")
        yield FittedFooter()

    def _fields(self) -> ComposeResult:
        if self.game.setup is not None:
            from d6tui.engine.game import load_object

            yield load_object(self.game.setup)(id="setup")
        for f in self.fields:
            yield Static(field_hint(f), classes="modal-hint", markup=False)
            if f.kind == "bool":
                yield YesNo(f)
            else:
                yield Field(placeholder=field_placeholder(f), id=f.name)
            yield Label("", classes="modal-error field-error", id=f"{f.name}-error",
                        markup=False)
        yield Static("Title (leave empty for a default one):", classes="modal-hint")
        yield Field(placeholder="e.g. Saturday night", id="title")
        yield Static("Dice seed (optional, a whole number for a repeatable game):",
                     classes="modal-hint")
        # Not type="integer": that Input drops letters without a word; the form says why.
        yield Field(placeholder="", id="seed")
        yield Label("", classes="modal-error field-error", id="seed-error", markup=False)

    @property
    def focus_chain(self) -> list:
        """The focusable widgets in the form's order (top to bottom as composed). Textual
        orders them by where they are drawn, which puts the Start/Cancel buttons docked at
        the foot of a scrolled setup form (``-with-setup``) before the fields below the
        scroll."""
        order = {id(w): n for n, w in enumerate(self.walk_children())}
        return sorted(super().focus_chain, key=lambda w: order.get(id(w), len(order)))

    def on_mount(self) -> None:
        for label in self.query(".modal-error").results(Label):
            label.display = False
        # A setup widget names its first field (``FIRST_FIELD``), focused here and not a
        # frame later, so the keys typed as the form opens go to it.
        setup = self.query("#setup")
        own = getattr(setup.first(), "FIRST_FIELD", None) if setup else None
        first = (self.query(own) if own else None) or \
            (self.query(f"#{self.fields[0].name}") if self.fields else None) or \
            self.query("#title")
        first.first().focus()

    def check(self) -> NewGameRequest:
        """The request for what is typed.

        Raises:
            D6Error: the rules refuse the options (the message says why).
            ValueError: the seed is not a whole number.
        """
        from d6tui.engine.registry import load_rules

        options: dict = {}
        setup = self.query("#setup")
        if setup:
            options = setup.first().options()  # type: ignore[attr-defined]
        for f in self.fields:
            if f.kind == "bool":
                options[f.name] = self.query_one(f"#{f.name}", Switch).value
                continue
            text = self.query_one(f"#{f.name}", Input).value
            if f.kind == "names":
                names = read_players(text)
                if "" in names:
                    n = names.index("") + 1
                    raise RuleError(f"player {n} has no name: nothing between two commas "
                                    "(type a name there or remove a comma)", field=f.name)
                if names:
                    options[f.name] = names
            elif text.strip():
                options[f.name] = f.parse(text)
        seed_text = self.query_one("#seed", Input).value.strip()
        problem = seed_problem(seed_text, rules_limit(self.game.slug, "SEED_MAX"))
        if problem:
            raise RuleError(problem, field="seed")
        if seed_text:
            options["seed"] = int(seed_text)
        rules = load_rules(self.game.slug)
        options = rules.checked_options(options)
        title = self.query_one("#title", Input).value.strip() or None
        return NewGameRequest(self.game.slug, options, title)

    def action_submit(self) -> None:
        """Check the form; start the game or show what is wrong."""
        for label in self.query(".field-error").results(Label):
            say(label, "")
        say(self.query_one("#error", Label), "")
        try:
            request = self.check()
        except (D6Error, ValueError) as e:
            self.show_problem(str(e), getattr(e, "field", None))
            return
        self.dismiss(request)

    def show_problem(self, message: str, field: str | None) -> None:
        """Show ``message`` under the field named ``field`` and focus that field (scrolled
        into view); with no such field, under the form."""
        fields = self.query(f"#{field}-error") if field else None
        if fields:
            say(fields.first(Label), message)
            label = fields.first(Label)
            setup = self.query("#setup")
            own = getattr(setup.first(), "OPTION_FIELDS", {}) if setup else {}
            widget = self.query_one(own.get(field, f"#{field}"))
            self.set_focus(widget, scroll_visible=False)
            if self.game.setup is not None:
                # The message is docked at the form's foot (``-with-setup``), always in
                # sight: scroll the field it is about into view above it.
                self.call_after_refresh(widget.scroll_visible, animate=False)
                return
            # After the refresh that lays the shown line out: the field and its message.
            self.call_after_refresh(label.parent.scroll_to_center,  # type: ignore[union-attr]
                                    label, animate=False)
        else:
            say(self.query_one("#error", Label), message)

    @on(Input.Changed, "#seed")
    def _seed_typed(self, event: Input.Changed) -> None:
        """Say at once when the seed is not a number (instead of ignoring the key)."""
        say(self.query_one("#seed-error", Label),
            seed_problem(event.value, rules_limit(self.game.slug, "SEED_MAX")))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter is the form's only in a text field."""
        if action == "field_enter":
            return isinstance(self.focused, Input)
        return super().check_action(action, parameters)

    def action_field_enter(self) -> None:
        """Enter in a field: from the players to an empty title, else start the game once the
        field has taken the keys typed before Enter (this runs ahead of them)."""
        focused = self.focused
        if focused is None:
            return
        if focused.id == "players" and not self.query_one("#title", Input).value:
            # set_focus, not Widget.focus: that one moves the focus a turn of the app later
            self.set_focus(self.query_one("#title", Input))
            return
        focused.call_later(self.action_submit)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_submit()
        else:
            self.dismiss(None)
