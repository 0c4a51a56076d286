"""The new-game form: players and title, checked by the game's rules before anything is saved."""

from __future__ import annotations

from dataclasses import dataclass

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Static

from d6tui.engine.errors import D6Error
from d6tui.engine.registry import GameInfo
from d6tui.ui.screens.modals import CANCEL, _Modal


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


#: Games that ask for their own setup instead of players: slug -> ``"module:Widget"``, a widget
#: whose ``options()`` returns the options for the rules' ``check_options``.
SETUP_WIDGETS: dict[str, str] = {"simple_six": "d6tui.ui.simple_six.setup:CampaignSetup",
                                 "tales": "d6tui.ui.tales.setup:HeroSetup"}


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
        value = getattr(importlib.import_module(game_info(slug).rules_module), name, None)
    except (D6Error, ImportError):
        return None
    return value if isinstance(value, int) else None


def seed_problem(text: str, seed_max: int | None) -> str:
    """Why ``text`` is not a seed ("" when it is one, or empty); the range is the rules'."""
    text = text.strip()
    if not text or text.isdigit():
        return ""
    whole = f"a whole number from 0 to {seed_max}" if seed_max is not None else \
        "a whole number"
    return f"the seed must be {whole} (digits only), not {text!r}"


class NewGameForm(_Modal[NewGameRequest]):
    """Ask for the players and a title for a new game of ``game``.

    The rules check the options (player count, names); their message is shown under the
    form and nothing typed is lost.
    """

    BINDINGS = [CANCEL, Binding("ctrl+s", "submit", "Start", id="new_game.start")]

    def __init__(self, game: GameInfo) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        with Vertical(classes="modal-box", id="new-game"):
            yield Static(f"New game of {self.game.name}", classes="modal-title")
            if self.game.slug in SETUP_WIDGETS:
                import importlib

                module, _, name = SETUP_WIDGETS[self.game.slug].partition(":")
                yield getattr(importlib.import_module(module), name)(id="setup")
            else:
                name_max = rules_limit(self.game.slug, "NAME_MAX")
                most = f" (at most {name_max} characters each)" if name_max else ""
                yield Static(f"Players, in turn order, separated by commas{most}:",
                             classes="modal-hint", markup=False)
                yield Input(placeholder="Ann, Bob, Cid", id="players")
            yield Static("Title (leave empty for a default one):",
                         classes="modal-hint")
            yield Input(placeholder="Saturday night", id="title")
            yield Static("Dice seed (optional, a whole number for a repeatable game):",
                         classes="modal-hint")
            # Not type="integer": that Input drops letters without a word; the form says why.
            yield Input(placeholder="", id="seed")
            yield Label("", classes="modal-error", id="error", markup=False)
            with Horizontal(classes="modal-buttons"):
                yield Button("Start (ctrl+s)", id="start", variant="primary")
                yield Button("Cancel (esc)", id="cancel")

    def on_mount(self) -> None:
        first = self.query("#players") or self.query("#title")
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
        else:
            players = read_players(self.query_one("#players", Input).value)
            if "" in players:
                n = players.index("") + 1
                raise ValueError(f"player {n} has no name: nothing between two commas "
                                 "(type a name there or remove a comma)")
            if players:
                options["players"] = players
        seed_text = self.query_one("#seed", Input).value.strip()
        problem = seed_problem(seed_text, rules_limit(self.game.slug, "SEED_MAX"))
        if problem:
            raise ValueError(problem)
        if seed_text:
            options["seed"] = int(seed_text)
        rules = load_rules(self.game.slug)
        options = rules.check_options(options)
        title = self.query_one("#title", Input).value.strip() or None
        return NewGameRequest(self.game.slug, options, title)

    def action_submit(self) -> None:
        """Check the form; start the game or show what is wrong."""
        try:
            request = self.check()
        except (D6Error, ValueError) as e:
            self.query_one("#error", Label).update(str(e))
            return
        self.dismiss(request)

    @on(Input.Changed, "#seed")
    def _seed_typed(self, event: Input.Changed) -> None:
        """Say at once when the seed is not a number (instead of ignoring the key)."""
        self.query_one("#error", Label).update(
            seed_problem(event.value, rules_limit(self.game.slug, "SEED_MAX")))

    @on(Input.Submitted)
    def _enter(self, event: Input.Submitted) -> None:
        if event.input.id == "players" and not self.query_one("#title", Input).value:
            self.query_one("#title", Input).focus()
            return
        self.action_submit()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_submit()
        else:
            self.dismiss(None)
